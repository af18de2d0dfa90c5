import fc from 'fast-check';
import { arbitraryOf, operationsOf, problemViolation } from './openapi-fuzz';

describe('openapi fuzz: the checks and generators', () => {
  it('when an error is a complete problem+json, then it passes; when a field is missing or the status differs, then it is named', () => {
    const body = { type: 'about:blank', title: 'Bad', status: 400, detail: 'x', code: 'VALIDATION_FAILED', requestId: 'r1' };
    expect(problemViolation({ status: 400, contentType: 'application/problem+json; charset=utf-8', body })).toBeNull();
    expect(problemViolation({ status: 400, contentType: 'application/json', body })).toContain('content-type');
    expect(problemViolation({ status: 400, contentType: 'application/problem+json', body: { ...body, code: undefined } })).toContain('code');
    expect(problemViolation({ status: 404, contentType: 'application/problem+json', body })).toContain('differs');
    expect(problemViolation({ status: 502, contentType: 'application/problem+json', body })).toContain('502');
    expect(problemViolation({ status: 200, contentType: 'application/json', body: {} })).toBeNull();
  });

  it('when a schema has required fields and bounds, then generated values keep them', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1, maximum: 5 }, s: { type: 'string', minLength: 2, maxLength: 3 }, e: { enum: ['A', 'B'] } },
      required: ['n', 's'],
    };
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        const v = value as { n: number; s: string; e?: string };
        return v.n >= 1 && v.n <= 5 && v.s.length >= 2 && v.s.length <= 3 && (v.e === undefined || ['A', 'B'].includes(v.e));
      }),
    );
  });

  it('when a document has no paths or only non-HTTP keys, then no operations are found', () => {
    expect(operationsOf({})).toEqual([]);
    expect(operationsOf({ paths: { '/x': { parameters: [] } } })).toEqual([]);
  });
});
