import fc from 'fast-check';
import { type FuzzCase, type Operation, operationsOf, problemViolation, send } from '../../scripts/fuzz/openapi-fuzz';
import { adminSession, apiKeyFor, type Session } from '../harness/admin';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/** Bounded here (about a minute); FUZZ_MALFORMED_RUNS raises it. */
const runs = Number(process.env.FUZZ_MALFORMED_RUNS ?? 400);

/**
 * As a property: whatever malformed body, cursor or time a caller sends to any
 * operation of the OpenAPI document that takes a body or a cursor, the answer is below 500 (so
 * no 503 either, which would tell the caller to retry what no retry cures) and, when an error,
 * problem+json. The generators aim at what once got past the edge: nesting deeper than the stack,
 * times PostgreSQL refuses (the year 0000, offsets past ±15:59), cursors that decode to ids past
 * int8 or to another shape, numbers no double holds, and UUIDs in any letter case.
 */

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Date-time texts around and past every edge: years 0–99999, month 13, second 61, offsets to ±30:99. */
const timeText = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 1, 9999, 10000), fc.integer({ min: 0, max: 99_999 })),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 60 }),
    second: fc.integer({ min: 0, max: 61 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }),
    offset: fc.oneof(
      fc.constant('Z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 99 }))
        .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
    ),
  })
  .map(
    (t) =>
      `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}` +
      `${t.fraction ? `.${t.fraction}` : ''}${t.offset}`,
  );

/** Integers as JSON number texts, past 2^53 and 2^63 included, and numbers no double holds. */
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('9223372036854775808', '-9223372036854775809', '18446744073709551616', '1e400', '-0', '1e-400', '0.1e1'),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
);

/** A UUID in random letter case. */
const anyCaseUuid = fc
  .tuple(fc.uuid(), fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }))
  .map(([id, upper]) => [...id].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

/** `[[…]]` or `{"a":{"a":…}}` `depth` levels deep (within 16 KiB up to about 8,000 arrays). */
const nestedText = fc
  .tuple(fc.integer({ min: 1, max: 8_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** A JSON text for one field: the hostile values above, or any JSON. */
const hostileValueText: fc.Arbitrary<string> = fc.oneof(
  nestedText,
  timeText.map((t) => JSON.stringify(t)),
  numberText,
  anyCaseUuid.map((id) => JSON.stringify(id)),
  fc.jsonValue({ maxDepth: 40 }).map((v) => JSON.stringify(v)),
);

/** A body: hostile on its own, or an object whose named fields are hostile. */
function bodyText(operation: Operation): fc.Arbitrary<string> {
  const fields = Object.keys((operation.body?.properties as Record<string, unknown> | undefined) ?? {});
  const names = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ maxLength: 10 });
  const objectBody = fc
    .uniqueArray(fc.tuple(names, hostileValueText), { selector: ([name]) => name, minLength: 1, maxLength: 4 })
    .map((entries) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`);
  return fc.oneof(hostileValueText, objectBody, fc.string({ maxLength: 200 }));
}

/** A cursor: base64url of any JSON (the right shape with hostile members, most often), or any token. */
const cursorText = fc.oneof(
  fc
    .record(
      {
        v: fc.oneof(fc.constant(1), fc.integer(), fc.string({ maxLength: 3 })),
        t: fc.oneof(timeText, fc.string({ maxLength: 30 })),
        i: fc.oneof(fc.integer(), fc.constantFrom(2 ** 63, -1, 0, 1.5, 1e300)),
        s: fc.oneof(fc.integer(), fc.constantFrom(2 ** 63, -1, 0, 1e300)),
      },
      { requiredKeys: [] },
    )
    .map((body) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url')),
  fc.jsonValue({ maxDepth: 6 }).map((v) =>
    Buffer.from(JSON.stringify(v) ?? '', 'utf8')
      .toString('base64url')
      .slice(0, 200),
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/),
);

const withBody = (operation: Operation) => operation.body !== null || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
const withCursor = (operation: Operation) => operation.parameters.some((p) => p.in === 'query' && p.name === 'cursor');

describe('malformed input is never a 5xx, on every operation with a body or a cursor (fast-check)', () => {
  let stack: TestStack;
  let superadmin: Session;
  let apiKey: string;
  /** The user the {id} of admin user routes names: the run may change its role, end its sessions or delete it. */
  let target: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    target = await registerUser(stack.gatewayUrl);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it(`when ${runs} generated malformed bodies, cursors and times reach them as a SUPERADMIN with an API key, then every answer is below 500 and every error problem+json`, async () => {
    const doc = (await http(stack.gatewayUrl, 'GET', '/openapi.json')).body;
    // Logging out everywhere would end the run's own session: every later case would stop at 401.
    const operations = operationsOf(doc).filter((o) => (withBody(o) || withCursor(o)) && o.path !== '/api/auth/logout-all');
    expect(operations.filter(withCursor).map((o) => o.path)).toEqual(
      expect.arrayContaining(['/api/coins/history', '/api/admin/transactions', '/api/admin/audit-log']),
    );
    expect(operations.filter(withBody).length).toBeGreaterThan(25);

    const caseOf = (operation: Operation): fc.Arbitrary<FuzzCase> => {
      const pathParams = operation.parameters.filter((p) => p.in === 'path');
      const filled = fc.tuple(
        ...pathParams.map((p) => (p.name === 'id' && /users/.test(operation.path) ? fc.constant(String(target.userId)) : anyCaseUuid)),
      );
      const query = fc.record(
        {
          ...(withCursor(operation) ? { cursor: cursorText } : {}),
          ...(operation.parameters.some((p) => p.name === 'from') ? { from: timeText, to: timeText } : {}),
        },
        { requiredKeys: [] },
      );
      return fc
        .tuple(
          filled,
          query,
          withBody(operation) ? bodyText(operation).map((b) => b as string | undefined) : fc.constant(undefined),
          fc.uuid(),
        )
        .map(([values, q, rawBody, key]) => {
          let path = operation.path;
          pathParams.forEach((p, i) => {
            path = path.replace(`{${p.name}}`, encodeURIComponent(values[i] as string));
          });
          const search = new URLSearchParams(q as Record<string, string>).toString();
          return {
            operation: `${operation.method} ${operation.path}`,
            method: operation.method,
            path: search ? `${path}?${search}` : path,
            auth: 'superadmin',
            headers: { authorization: `Bearer ${superadmin.accessToken}`, 'x-api-key': apiKey, 'idempotency-key': `malformed-${key}` },
            rawBody,
            contentType: rawBody === undefined ? undefined : 'application/json',
            mode: 'malformed',
            forbiddenText: false,
          } satisfies FuzzCase;
        });
    };

    const statuses: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations).chain(caseOf), async (c) => {
        const outcome = await send({ gatewayUrl: stack.gatewayUrl, userToken: superadmin.accessToken }, c);
        statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
        const violation = problemViolation(outcome);
        if (violation) throw new Error(`${c.method} ${c.path}: ${violation}: ${String(JSON.stringify(outcome.body)).slice(0, 300)}`);
      }),
      {
        numRuns: runs,
        endOnFailure: true,
        includeErrorInReport: true,
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    process.stderr.write(`malformed property: ${runs} requests, statuses ${JSON.stringify(statuses)}\n`);
    expect(Object.keys(statuses).every((status) => Number(status) < 500)).toBe(true);
  }, 300_000);
});
