import fc from 'fast-check';
import { hostileNumberText, hostileString, jsonText, percentEncode, RawNumber } from './hostile';
import { arbitraryOf, caseArbitrary, hostileTextPassed, operationsOf, problemViolation, type Operation } from './openapi-fuzz';

describe('openapi fuzz: the checks and generators', () => {
  it('when an error is a complete problem+json, then it passes; when a field is missing or the status differs, then it is named', () => {
    const body = { type: 'about:blank', title: 'Bad', status: 400, detail: 'x', code: 'VALIDATION_FAILED', requestId: 'r1' };
    expect(problemViolation({ status: 400, contentType: 'application/problem+json; charset=utf-8', body })).toBeNull();
    expect(problemViolation({ status: 400, contentType: 'application/json', body })).toContain('content-type');
    expect(problemViolation({ status: 400, contentType: 'application/problem+json', body: { ...body, code: undefined } })).toContain(
      'code',
    );
    expect(problemViolation({ status: 404, contentType: 'application/problem+json', body })).toContain('differs');
    expect(problemViolation({ status: 502, contentType: 'application/problem+json', body })).toContain('502');
    expect(problemViolation({ status: 200, contentType: 'application/json', body: {} })).toBeNull();
  });

  it('when a request carrying forbidden text is refused at the edge (authentication, role, route, method, size, rate, validation), then it did not pass; answered by a service (2xx, 409, 422, 5xx), then it did', () => {
    const hostile = { forbiddenText: true };
    expect([400, 401, 403, 404, 405, 413, 429].filter((status) => hostileTextPassed(hostile, status))).toEqual([]);
    expect([200, 201, 202, 204, 409, 422, 500, 503].filter((status) => hostileTextPassed(hostile, status))).toEqual([
      200, 201, 202, 204, 409, 422, 500, 503,
    ]);
    expect(hostileTextPassed({ forbiddenText: false }, 201)).toBe(false);
  });

  it('when a schema has required fields and bounds, then generated values keep them', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1, maximum: 5 },
        s: { type: 'string', minLength: 2, maxLength: 3 },
        e: { enum: ['A', 'B'] },
      },
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

describe('openapi fuzz: hostile values', () => {
  const transferOp = {
    method: 'POST',
    path: '/api/coins/transfer',
    parameters: [],
    body: {
      type: 'object',
      properties: {
        toUserId: { type: 'integer', exclusiveMinimum: 0 },
        amount: { type: 'number' },
        reason: { type: 'string', minLength: 1, maxLength: 500 },
      },
      required: ['amount', 'reason'],
    },
  };
  const adminOp = {
    method: 'GET',
    path: '/api/admin/users/{id}',
    parameters: [
      { name: 'id', in: 'path' as const, required: true, schema: { type: 'string' } },
      { name: 'q', in: 'query' as const, schema: { type: 'string' } },
    ],
    body: null,
  };
  const sample = (ops: Operation[], n: number) =>
    fc.sample(caseArbitrary(ops, { gatewayUrl: 'http://x', userToken: 't', superadminToken: 's', admin: { token: 'a', apiKey: 'k' } }), {
      numRuns: n,
      seed: 42,
    });

  it('then JSON numbers are written exactly as given and lone surrogates are escaped', () => {
    expect(
      jsonText({ amount: new RawNumber('0.0100000000000000001'), id: new RawNumber('9007199254740993'), z: new RawNumber('-0') }),
    ).toBe('{"amount":0.0100000000000000001,"id":9007199254740993,"z":-0}');
    expect(jsonText({ s: 'a\ud800b', n: [1, undefined], u: undefined })).toBe('{"s":"a\\ud800b","n":[1,null]}');
  });

  it('then a lone surrogate is percent-encoded as its generalised UTF-8, other text as encodeURIComponent', () => {
    expect(percentEncode('a\ud800b')).toBe('a%ED%A0%80b');
    expect(percentEncode('\u0000 é🚀')).toBe(encodeURIComponent('\u0000 é🚀'));
  });

  it('then hostile strings carry controls, lone surrogates and long text, and number texts go past 2^53 and the double range', () => {
    const strings = fc.sample(hostileString, { numRuns: 500, seed: 1 });
    expect(strings.some((s) => s.includes('\u0000'))).toBe(true);
    expect(strings.some((s) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s))).toBe(true);
    expect(strings.some((s) => s.length > 500)).toBe(true);
    const numbers = fc.sample(hostileNumberText, { numRuns: 500, seed: 1 });
    expect(numbers.some((t) => /^-?\d{17,}$/.test(t))).toBe(true);
    expect(numbers.some((t) => /e/i.test(t) && !Number.isFinite(Number(t)))).toBe(true);
    expect(numbers.some((t) => /\.\d{17,}/.test(t))).toBe(true);
  });

  it('then every body field, path and query parameter and the Idempotency-Key get hostile values, and such cases are flagged', () => {
    const cases = sample([transferOp, adminOp], 2000);
    const bodies = cases.filter((c) => c.mode === 'hostile-text');
    expect(bodies.length).toBeGreaterThan(0);
    for (const field of ['toUserId', 'amount', 'reason']) {
      expect(
        cases.some(
          (c) =>
            c.mode.startsWith('hostile') &&
            c.rawBody !== undefined &&
            new RegExp(`"${field}":(?:-?[0-9]{17,}|[^,}]*e[0-9-]{3})`).test(c.rawBody),
        ),
      ).toBe(true);
    }
    expect(cases.some((c) => /^\/api\/admin\/users\/(?:9007199254740993|9999999999999999|[^/?]*%00)/.test(c.path))).toBe(true);
    expect(cases.some((c) => /[?&]q=[^&]*%(?:00|1B)/.test(c.path) && c.forbiddenText)).toBe(true);
    expect(cases.some((c) => /\t|[\u0080-\u00ff]/.test(c.headers['idempotency-key'] ?? ''))).toBe(true);
    expect(cases.some((c) => c.auth === 'superadmin') && cases.some((c) => c.auth === 'admin' && c.headers['x-api-key'] === 'k')).toBe(
      true,
    );
  });
});
