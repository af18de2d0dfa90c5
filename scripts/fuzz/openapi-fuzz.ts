/**
 * Property-based API fuzzing from the gateway's own OpenAPI document: for every operation,
 * fast-check generates valid-looking bodies (from the request schema), broken ones (a required
 * field dropped, an unknown field, a wrong type, docs/CONTRACT.md "Amounts" edge amounts, malformed or oversized
 * JSON, a wrong content type), odd path and query values, and odd headers (no token, a garbage
 * token, an `alg: none` token, random Idempotency-Key and x-api-key values), and hostile values
 * (scripts/fuzz/hostile.ts) in every body field, path and query parameter and header: control
 * characters, lone surrogates, very long strings, integers past 2^53, numbers with many digits
 * and exponents. With the optional admin and superadmin sessions the admin operations are
 * reached past their guards too. Properties:
 *   1. no 5xx and no timeout, ever;
 *   2. every 4xx is application/problem+json with the docs/CONTRACT.md "Errors" fields, status matching;
 *   3. a rejected request changes no state (the caller supplies a snapshot of the stores).
 * That the services still move every partition afterwards is the liveness probe's part
 * (scripts/fuzz/liveness.ts), run after each fuzz run.
 */
import fc from 'fast-check';
import { hostileHeaderValue, hostileNumberText, hostileString, hostileUrlValue, jsonText, percentEncode, RawNumber } from './hostile';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  body: JsonSchema | null;
  parameters: Parameter[];
}

export interface FuzzCase {
  operation: string;
  method: string;
  path: string;
  auth: 'none' | 'user' | 'admin' | 'superadmin' | 'garbage' | 'alg-none' | 'basic';
  headers: Record<string, string>;
  /** The raw request body (not necessarily JSON); undefined for none. */
  rawBody: string | undefined;
  contentType: string | undefined;
  mode: string;
  /** The case carries text no field takes (body, path or query): it must be refused at the edge. */
  forbiddenText: boolean;
}

export interface FuzzOutcome {
  status: number;
  contentType: string;
  body: unknown;
}

export interface FuzzContext {
  gatewayUrl: string;
  /** A valid access token of an ordinary user. */
  userToken: string;
  /** An ADMIN's access token and an API key with every scope, sent together: mint, burn, refund, reward. */
  admin?: { token: string; apiKey: string };
  /** A SUPERADMIN's access token: role changes, deletions, API keys. */
  superadminToken?: string;
  /** A fingerprint of all persistent state a rejected request must not change. */
  snapshot?: () => Promise<string>;
  /** Paths never sent (e.g. logout of the fuzz user's own session). */
  skip?: (operation: Operation) => boolean;
  /** Cases never sent, e.g. a deletion of the users whose sessions the fuzzer itself uses. */
  skipCase?: (c: FuzzCase) => boolean;
}

export interface FuzzStats {
  requests: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
  byMode: Record<string, number>;
  byAuth: Record<string, number>;
  /** The slowest answer, in ms (a stalled partition shows here before anything else). */
  slowestMs: number;
}

/** Text no field takes: a control other than tab, LF, CR, or a lone surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const forbiddenText = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function hasForbiddenText(value: unknown): boolean {
  if (typeof value === 'string') return forbiddenText.test(value);
  return Array.isArray(value) && value.some(hasForbiddenText);
}
/**
 * The same in a percent-encoded URL, where no parameter is free text: any control. (A URL
 * cannot carry a lone surrogate: its UTF-8 form, ED A0 80, is not UTF-8, and the parsers leave
 * such an escape as the literal text "%ED%A0%80" or refuse the URL.)
 */
const forbiddenInUrl = /%(?:[01][0-9A-F]|7F)|%C2%[89][0-9A-F]/i;
/**
 * What may answer a request carrying forbidden text: the checks that come before validation
 * (authentication, role, unknown route, a method the path does not take, size, rate) or
 * validation's 400. Anything else (2xx, 409, 422) means the text got past the edge, to a service.
 * A 405 is a route refused before its body is read: a path parameter of `.` or `..` is a dot
 * segment the client resolves away (`/requests/./reject` is sent as `/requests/reject`), which
 * names another route, served for other methods.
 */
const edgeStatuses = new Set([400, 401, 403, 404, 405, 413, 429]);

/** Whether forbidden text got past the edge: a request carrying it answered by anything but an edge refusal. */
export function hostileTextPassed(c: Pick<FuzzCase, 'forbiddenText'>, status: number): boolean {
  return c.forbiddenText && !edgeStatuses.has(status);
}

/** docs/CONTRACT.md "Amounts" amounts that must be refused: zero, negative zero, too many decimals, too big, tiny. */
const edgeNumbers = [0, -0, 0.001, -1, 1_000_000_000.01, 1e-7, 0.1 + 0.2, 1e21, Number.MAX_SAFE_INTEGER + 2, -1e9];
/** Bodies just above the 16 KiB limit. */
const oversizeBytes = 17 * 1024;

export function operationsOf(doc: { paths?: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const body = (op?.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined) ?? null;
      ops.push({ method: method.toUpperCase(), path, body, parameters: (op?.parameters as Parameter[] | undefined) ?? [] });
    }
  }
  return ops;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** Values that satisfy the schema most of the time: what a well-behaved client would send. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((t) => arbitraryOf({ ...schema, type: t }, depth + 1)));
  switch (types[0]) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time')
        return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
      return fc.string({ minLength, maxLength });
    }
    case 'integer': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
      const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1_000_000);
      const lo = Math.max(min, -1e9);
      const hi = Math.min(max, 1e9);
      return fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 1000) }), fc.integer({ min: lo, max: hi }));
    }
    case 'number':
      // Coins: mostly two-decimal amounts, sometimes anything a double can be.
      return fc.oneof(
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(...edgeNumbers),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryOf(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = schema.properties ?? {};
      if (depth > 3 || Object.keys(props).length === 0) return fc.constant({});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props)) model[key] = arbitraryOf(value, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A valid body with one field replaced by a hostile value: text for text fields, a number text
 * for numbers, and sometimes the other kind, so every field meets both. 'hostile-text' when the
 * value carries text no field takes (it must then be refused at the edge), else 'hostile-field'.
 */
function hostileBody(schema: JsonSchema): fc.Arbitrary<{ mode: string; raw: string }> | null {
  const keys = Object.keys(schema.properties ?? {});
  if (keys.length === 0) return null;
  const valid = arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const hostileFor = (key: string): fc.Arbitrary<unknown> => {
    const types = typesOf(schema.properties?.[key] ?? {});
    const number = hostileNumberText.map((text) => new RawNumber(text));
    const text = types.includes('array') ? fc.array(hostileString, { minLength: 1, maxLength: 3 }) : hostileString;
    const numeric = types.includes('integer') || types.includes('number');
    return numeric
      ? fc.oneof({ weight: 3, arbitrary: number }, { weight: 1, arbitrary: text })
      : fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: number });
  };
  return fc
    .tuple(valid, fc.constantFrom(...keys))
    .chain(([v, k]) =>
      hostileFor(k).map((x) => ({ mode: hasForbiddenText(x) ? 'hostile-text' : 'hostile-field', raw: jsonText({ ...v, [k]: x }) })),
    );
}

/** A body derived from a valid one by one targeted break. */
function brokenBody(schema: JsonSchema): fc.Arbitrary<{ mode: string; raw: string; contentType?: string }> {
  const valid = arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties ?? {});
  const required = (schema.required ?? []).filter((k) => keys.includes(k));
  const json = (mode: string) => (value: unknown) => ({ mode, raw: JSON.stringify(value) });
  const options: Array<fc.Arbitrary<{ mode: string; raw: string; contentType?: string }>> = [
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
      .map(([v, k, x]) => json('unknown-field')({ ...v, [`x_${k}`]: x })),
    fc.jsonValue({ maxDepth: 3 }).map(json('any-json')),
    fc.string({ maxLength: 60 }).map((raw) => ({ mode: 'not-json', raw })),
    valid.map((v) => ({ mode: 'truncated-json', raw: JSON.stringify(v).slice(0, -1) })),
    valid.map((v) => ({ mode: 'oversize', raw: JSON.stringify({ ...v, padding: 'x'.repeat(oversizeBytes) }) })),
    valid.map((v) => ({ mode: 'wrong-content-type', raw: JSON.stringify(v), contentType: 'text/plain' })),
    fc
      .constantFrom(
        'null',
        '[]',
        '""',
        '0',
        '{}',
        '{"amount":1e400}',
        '{"amount":-0}',
        '{"amount":0.0100000000000000001}',
        '{"amount":1.0000000000000001}',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        '{"a":1,"a":2}',
      )
      .map((raw) => ({ mode: 'edge-json', raw })),
  ];
  if (required.length > 0) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => {
        const copy = { ...v };
        delete copy[k];
        return json('missing-required')(copy);
      }),
    );
  }
  if (keys.length > 0) {
    options.push(
      fc
        .tuple(valid, fc.constantFrom(...keys), fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(...edgeNumbers)))
        .map(([v, k, x]) => json('wrong-value')({ ...v, [k]: x })),
    );
  }
  return fc.oneof(...options);
}

const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '1e3', '0x10', '9'.repeat(30), '1.5', '%00', '..%2F..', ' '),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s)),
  hostileUrlValue,
);

/** Printable ASCII (what an HTTP header value may carry), sometimes empty or very long. */
const headerText = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e]{1,40}$/),
  fc.constant(''),
  fc.constant('k'.repeat(300)),
  fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,30}[\x21-\x7e]$/),
  hostileHeaderValue,
);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const algNoneToken = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: '1', role: 'SUPERADMIN', ver: 0, iss: 'coin-ledger', aud: 'coin-ledger-api', exp: 4102444800 })}.`;

export function caseArbitrary(operations: Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const usable = operations.filter((op) => !(ctx.skip?.(op) ?? false));
  return fc
    .constantFrom(...usable)
    .chain((op) =>
      fc
        .tuple(pathArbitrary(op), queryArbitrary(op), bodyArbitrary(op), authArbitrary(ctx), extraHeadersArbitrary)
        .map(([p, q, b, a, h]) => fuzzCase(op, ctx, p, q, b, a, h)),
    )
    .filter((c) => !(ctx.skipCase?.(c) ?? false));
}

/** The operation's path with each `{param}` replaced by a fuzzed value. */
function pathArbitrary(op: Operation): fc.Arbitrary<string> {
  const pathParams = op.path.match(/\{[^}]+\}/g) ?? [];
  return fc.tuple(...pathParams.map(() => pathValue)).map((values) => {
    let p = op.path;
    for (const [i, name] of pathParams.entries()) p = p.replace(name, values[i]!);
    return p;
  });
}

/** The operation's query string: each parameter absent, schema-valid, wrong or hostile. */
function queryArbitrary(op: Operation): fc.Arbitrary<string> {
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  // Values are percent-encoded here (hostileUrlValue already is): URLSearchParams would
  // replace a lone surrogate by U+FFFD instead of sending it.
  return fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          fc.oneof(
            arbitraryOf(p.schema ?? { type: 'string' }).map((v) => percentEncode(String(v))),
            fc.constantFrom('-1', '0', 'abc', '1e9', '1.5', ''),
            hostileUrlValue,
          ),
          { nil: undefined },
        ),
      ),
    )
    .map((values) => {
      const pairs = queryParams.flatMap((p, i) =>
        values[i] !== undefined ? [`${encodeURIComponent(p.name)}=${values[i] as string}`] : [],
      );
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
}

type FuzzBody = { mode: string; raw: string | undefined; contentType?: string };

/** A body valid by the schema, broken or hostile; for an operation without one, mostly none. */
function bodyArbitrary(op: Operation): fc.Arbitrary<FuzzBody> {
  const hostile = op.body ? hostileBody(op.body) : null;
  return op.body
    ? fc.oneof(
        { weight: 3, arbitrary: arbitraryOf(op.body).map((v) => ({ mode: 'schema-valid', raw: jsonText(v) })) },
        { weight: 3, arbitrary: brokenBody(op.body) },
        ...(hostile ? [{ weight: 3, arbitrary: hostile }] : []),
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant({ mode: 'no-body', raw: undefined }) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }).map((v) => ({ mode: 'unexpected-body', raw: JSON.stringify(v) })) },
      );
}

/** Who the case is sent as: mostly a real token, sometimes none or a forged one. */
function authArbitrary(ctx: FuzzContext): fc.Arbitrary<FuzzCase['auth']> {
  return fc.constantFrom<FuzzCase['auth']>(
    'user',
    'user',
    'user',
    ...(ctx.admin ? (['admin', 'admin', 'admin'] as const) : []),
    ...(ctx.superadminToken ? (['superadmin', 'superadmin', 'superadmin'] as const) : []),
    'none',
    'garbage',
    'alg-none',
    'basic',
  );
}

const extraHeadersArbitrary = fc.record(
  { 'idempotency-key': headerText, 'x-api-key': headerText, 'x-request-id': headerText },
  { requiredKeys: [] },
);

/** One case from its drawn parts: the authorization header of `a`, and the body a GET or DELETE sends. */
function fuzzCase(
  op: Operation,
  ctx: FuzzContext,
  p: string,
  q: string,
  b: FuzzBody,
  a: FuzzCase['auth'],
  h: Partial<Record<string, string>>,
): FuzzCase {
  const headers: Record<string, string> = { ...(h as Record<string, string>) };
  if (a === 'user') headers.authorization = `Bearer ${ctx.userToken}`;
  if (a === 'admin' && ctx.admin) {
    headers.authorization = `Bearer ${ctx.admin.token}`;
    // Mostly the real key, so bodies are judged past the API-key check; sometimes a random one.
    headers['x-api-key'] ??= ctx.admin.apiKey;
  }
  if (a === 'superadmin' && ctx.superadminToken) headers.authorization = `Bearer ${ctx.superadminToken}`;
  if (a === 'garbage') headers.authorization = 'Bearer not.a.jwt';
  if (a === 'alg-none') headers.authorization = `Bearer ${algNoneToken}`;
  if (a === 'basic') headers.authorization = 'Basic dXNlcjpwYXNz';
  const isGetLike = op.method === 'GET' || op.method === 'DELETE';
  const raw = isGetLike && b.mode === 'unexpected-body' ? undefined : b.raw;
  return {
    operation: `${op.method} ${op.path}`,
    method: op.method,
    path: `${p}${q}`,
    auth: a,
    headers,
    rawBody: raw,
    contentType: raw === undefined ? undefined : (b.contentType ?? 'application/json'),
    mode: b.mode,
    forbiddenText: b.mode === 'hostile-text' || forbiddenInUrl.test(`${p}${q}`),
  };
}

/**
 * Longer than the gateway's command timeout (5 s, then 504): a request still unanswered after
 * this is a hang, and fails the run like a 5xx.
 */
export const requestTimeoutMs = 15_000;

export async function send(ctx: FuzzContext, c: FuzzCase): Promise<FuzzOutcome> {
  const headers = { ...c.headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) };
  let response: Response;
  try {
    response = await fetch(new URL(c.path, ctx.gatewayUrl), {
      method: c.method,
      headers,
      ...(c.rawBody !== undefined ? { body: c.rawBody } : {}),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause;
    throw new Error(
      `no answer (timeout after ${requestTimeoutMs} ms or connection lost): ${(err as Error).message}${cause ? ` (${cause.message})` : ''}`,
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // keep the text
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
}

/** The docs/CONTRACT.md "Errors" checks of one answer; returns what is wrong, or null. */
export function problemViolation(outcome: FuzzOutcome): string | null {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  if (outcome.status < 400) return null;
  if (!outcome.contentType.startsWith('application/problem+json'))
    return `${outcome.status} with content-type ${outcome.contentType || '(none)'}`;
  const b = outcome.body as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return `${outcome.status} without a JSON body`;
  for (const field of ['type', 'title', 'detail', 'code', 'requestId']) {
    if (typeof b[field] !== 'string') return `${outcome.status} problem without string ${field}`;
  }
  if (b.status !== outcome.status) return `problem status ${String(b.status)} differs from HTTP ${outcome.status}`;
  if (
    b.errors !== undefined &&
    !(Array.isArray(b.errors) && b.errors.every((e) => typeof e?.path === 'string' && typeof e?.message === 'string'))
  ) {
    return 'problem errors[] is not a list of {path, message}';
  }
  return null;
}

/**
 * A successful write can go on changing state after its answer (the credit leg of a transfer,
 * the burn that closes a deleted user's wallet). Before the next "rejected changes nothing"
 * check, wait until the stores have stood still for `settleQuietMs`.
 */
const settleQuietMs = 500;
const settleMaxMs = 15_000;

async function settledSnapshot(snapshot: () => Promise<string>): Promise<string> {
  const deadline = Date.now() + settleMaxMs;
  let previous = await snapshot();
  for (;;) {
    await new Promise((r) => setTimeout(r, settleQuietMs));
    const next = await snapshot();
    if (next === previous || Date.now() > deadline) return next;
    previous = next;
  }
}

/** The tables whose line differs between two snapshots (lines are `schema.table:rows:digest`). */
function changedTables(before: string, after: string): string[] {
  const lines = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !lines.has(line))
    .map((line) => line.split(':')[0]!);
}

const count = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);

/** Runs `count` generated requests one after another; throws (with the shrunk case) on a violation. */
export async function fuzzGateway(ctx: FuzzContext, doc: unknown, runs: number, seed?: number): Promise<FuzzStats> {
  const operations = operationsOf(doc as { paths?: Record<string, Record<string, any>> });
  if (operations.length === 0) throw new Error('the OpenAPI document lists no operations');
  const stats: FuzzStats = { requests: 0, byStatus: {}, byOperation: {}, byMode: {}, byAuth: {}, slowestMs: 0 };
  // The set-up before the run (users registered, wallets opened from their events) may still be landing.
  let unsettled = true;
  await fc.assert(
    fc.asyncProperty(caseArbitrary(operations, ctx), async (c) => {
      const changesState = c.method !== 'GET';
      let before: string | undefined;
      if (changesState && ctx.snapshot) before = unsettled ? await settledSnapshot(ctx.snapshot) : await ctx.snapshot();
      const started = performance.now();
      const outcome = await send(ctx, c);
      stats.slowestMs = Math.max(stats.slowestMs, Math.round(performance.now() - started));
      stats.requests += 1;
      count(stats.byStatus, String(outcome.status));
      count(stats.byOperation, c.operation);
      count(stats.byMode, c.mode);
      count(stats.byAuth, c.auth);
      const problem = problemViolation(outcome);
      if (problem) throw new Error(`${problem}: ${String(JSON.stringify(outcome.body)).slice(0, 300)}`);
      if (hostileTextPassed(c, outcome.status)) {
        throw new Error(
          `text with a control character or a lone surrogate passed the edge: answered ${outcome.status} ${String(JSON.stringify(outcome.body)).slice(0, 300)}`,
        );
      }
      if (changesState && outcome.status < 400) unsettled = true;
      else if (before !== undefined) unsettled = false;
      if (before !== undefined && outcome.status >= 400 && ctx.snapshot) {
        const after = await ctx.snapshot();
        if (after !== before)
          throw new Error(`rejected with ${outcome.status} but the stored state changed: ${changedTables(before, after).join(', ')}`);
      }
    }),
    // includeErrorInReport: the report names what was violated, not only the case.
    { numRuns: runs, ...(seed !== undefined ? { seed } : {}), endOnFailure: true, includeErrorInReport: true },
  );
  return stats;
}
