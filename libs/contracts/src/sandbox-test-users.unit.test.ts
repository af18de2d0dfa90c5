import { createTestUserBody, isSandboxTestUserId, sandboxTestUserIdMin, userIdParam } from './index';

describe('the test users’ id range', () => {
  it('when an id is below 8,000,000,000,000,000 (every account’s), then it is not a test user’s; from there to the largest safe integer it is', () => {
    expect(isSandboxTestUserId(1)).toBe(false);
    expect(isSandboxTestUserId(sandboxTestUserIdMin - 1)).toBe(false);
    expect(isSandboxTestUserId(sandboxTestUserIdMin)).toBe(true);
    expect(isSandboxTestUserId(Number.MAX_SAFE_INTEGER)).toBe(true);
    // Past the safe integers an id is no one's: JSON cannot carry it exactly.
    expect(isSandboxTestUserId(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
  });

  it('when a test user’s id is named as a path parameter, then the userId schemas take it like any id', () => {
    expect(userIdParam.parse(String(sandboxTestUserIdMin))).toBe(sandboxTestUserIdMin);
    expect(userIdParam.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('a test user’s name', () => {
  it('when it is a label of 1–100 characters on one line, then it is taken; empty, longer, multi-line, missing or with other fields, refused', () => {
    expect(createTestUserBody.parse({ name: 'Ann (test)' })).toEqual({ name: 'Ann (test)' });
    expect(createTestUserBody.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'two\nlines' },
      { name: 'tab\there' },
      {},
      { name: 'A', userId: 5 },
    ]) {
      expect({ body, ok: createTestUserBody.safeParse(body).success }).toEqual({ body, ok: false });
    }
  });
});
