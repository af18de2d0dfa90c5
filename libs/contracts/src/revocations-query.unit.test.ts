import { revocationsQuery, revocationsWaitMsMax } from './identity';

describe("GET /internal/revocations' query: the counts held and how long the answer may be held", () => {
  it('when nothing is given, then nothing is held yet and the answer is not held', () => {
    expect(revocationsQuery.parse({})).toEqual({ apiKeys: -1, platformClients: -1, waitMs: 0 });
  });

  it('when waitMs is at its limit, as query text, then it is read as a number', () => {
    expect(revocationsQuery.parse({ apiKeys: '3', platformClients: '0', waitMs: String(revocationsWaitMsMax) })).toEqual({
      apiKeys: 3,
      platformClients: 0,
      waitMs: revocationsWaitMsMax,
    });
  });

  it.each([
    ['past the limit', String(revocationsWaitMsMax + 1)],
    ['negative', '-1'],
    ['fractional', '1.5'],
    ['huge', '1e300'],
    ['not a number', 'soon'],
    ['a control character', '10\u0000'],
  ])('when waitMs is %s, then the query is refused naming waitMs', (_what, waitMs) => {
    const result = revocationsQuery.safeParse({ waitMs });
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((i) => i.path.join('.')))).toEqual(new Set(['waitMs']));
  });

  it('when the query carries a key it does not know, then it is refused', () => {
    expect(revocationsQuery.safeParse({ waitMs: '10', holdFor: '99' }).success).toBe(false);
  });
});
