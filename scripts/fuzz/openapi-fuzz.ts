/**
 * Property-based API fuzzing from the gateway's own OpenAPI document: for every operation,
 * fast-check generates valid-looking bodies (from the request schema), broken ones (a required
 * field dropped, an unknown field, a wrong type, SPEC §1 edge amounts, malformed or oversized
 * JSON, a wrong content type), odd path and query values, and odd headers (no token, a garbage
 * token, an `alg: none` token, random Idempotency-Key and x-api-key values). Properties:
 *   1. no 5xx, ever;
 *   2. every 4xx is application/problem+json with the SPEC §7 fields, status matching;
 *   3. a rejected request changes no state (the caller supplies a snapshot of the stores).
 */
import fc from 'fast-check';

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
  auth: 'none' | 'user' | 'garbage' | 'alg-none' | 'basic';
  headers: Record<string, string>;
  /** The raw request body (not necessarily JSON); undefined for none. */
  rawBody: string | undefined;
  contentType: string | undefined;
  mode: string;
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
  /** A fingerprint of all persistent state a rejected request must not change. */
  snapshot?: () => Promise<string>;
  /** Paths never sent (e.g. logout of the fuzz user's own session). */
  skip?: (operation: Operation) => boolean;
}

export interface FuzzStats {
  requests: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
}

/** SPEC §1 amounts that must be refused: zero, negative zero, too many decimals, too big, tiny. */
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
      if (schema.format === 'date-time') return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString());
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

/** A body derived from a valid one by one targeted break. */
function brokenBody(schema: JsonSchema): fc.Arbitrary<{ mode: string; raw: string; contentType?: string }> {
  const valid = arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties ?? {});
  const required = (schema.required ?? []).filter((k) => keys.includes(k));
  const json = (mode: string) => (value: unknown) => ({ mode, raw: JSON.stringify(value) });
  const options: Array<fc.Arbitrary<{ mode: string; raw: string; contentType?: string }>> = [
    fc.tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })).map(([v, k, x]) => json('unknown-field')({ ...v, [`x_${k}`]: x })),
    fc.jsonValue({ maxDepth: 3 }).map(json('any-json')),
    fc.string({ maxLength: 60 }).map((raw) => ({ mode: 'not-json', raw })),
    valid.map((v) => ({ mode: 'truncated-json', raw: JSON.stringify(v).slice(0, -1) })),
    valid.map((v) => ({ mode: 'oversize', raw: JSON.stringify({ ...v, padding: 'x'.repeat(oversizeBytes) }) })),
    valid.map((v) => ({ mode: 'wrong-content-type', raw: JSON.stringify(v), contentType: 'text/plain' })),
    fc.constantFrom('null', '[]', '""', '0', '{}', '{"amount":1e400}', '{"amount":-0}', '{"__proto__":{"admin":true}}').map((raw) => ({ mode: 'edge-json', raw })),
  ];
  if (required.length > 0) {
    options.push(fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => {
      const copy = { ...v };
      delete copy[k];
      return json('missing-required')(copy);
    }));
  }
  if (keys.length > 0) {
    options.push(fc.tuple(valid, fc.constantFrom(...keys), fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(...edgeNumbers))).map(([v, k, x]) => json('wrong-value')({ ...v, [k]: x })));
  }
  return fc.oneof(...options);
}

const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '1e3', '0x10', '9'.repeat(30), '1.5', '%00', '..%2F..', ' '),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s)),
);

/** Printable ASCII (what an HTTP header value may carry), sometimes empty or very long. */
const headerText = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e]{1,40}$/),
  fc.constant(''),
  fc.constant('k'.repeat(300)),
  fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,30}[\x21-\x7e]$/),
);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const algNoneToken = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: '1', role: 'SUPERADMIN', ver: 0, iss: 'coin-ledger', aud: 'coin-ledger-api', exp: 4102444800 })}.`;

export function caseArbitrary(operations: Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const usable = operations.filter((op) => !(ctx.skip?.(op) ?? false));
  return fc.constantFrom(...usable).chain((op) => {
    const pathParams = op.path.match(/\{[^}]+\}/g) ?? [];
    const path = fc.tuple(...pathParams.map(() => pathValue)).map((values) => {
      let p = op.path;
      pathParams.forEach((name, i) => (p = p.replace(name, values[i]!)));
      return p;
    });
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const query = fc
      .tuple(
        ...queryParams.map((p) =>
          fc.option(fc.oneof(arbitraryOf(p.schema ?? { type: 'string' }).map(String), fc.constantFrom('-1', '0', 'abc', '1e9', '1.5', '')), { nil: undefined }),
        ),
      )
      .map((values) => {
        const search = new URLSearchParams();
        queryParams.forEach((p, i) => {
          if (values[i] !== undefined) search.set(p.name, values[i] as string);
        });
        const text = search.toString();
        return text ? `?${text}` : '';
      });
    const body: fc.Arbitrary<{ mode: string; raw: string | undefined; contentType?: string }> = op.body
      ? fc.oneof(
          { weight: 3, arbitrary: arbitraryOf(op.body).map((v) => ({ mode: 'schema-valid', raw: JSON.stringify(v) })) },
          { weight: 3, arbitrary: brokenBody(op.body) },
        )
      : fc.oneof({ weight: 4, arbitrary: fc.constant({ mode: 'no-body', raw: undefined }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }).map((v) => ({ mode: 'unexpected-body', raw: JSON.stringify(v) })) });
    const auth = fc.constantFrom<FuzzCase['auth']>('user', 'user', 'user', 'none', 'garbage', 'alg-none', 'basic');
    const extraHeaders = fc.record(
      { 'idempotency-key': headerText, 'x-api-key': headerText, 'x-request-id': headerText },
      { requiredKeys: [] },
    );
    return fc.tuple(path, query, body, auth, extraHeaders).map(([p, q, b, a, h]) => {
      const headers: Record<string, string> = { ...(h as Record<string, string>) };
      if (a === 'user') headers.authorization = `Bearer ${ctx.userToken}`;
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
      };
    });
  });
}

export async function send(ctx: FuzzContext, c: FuzzCase): Promise<FuzzOutcome> {
  const headers = { ...c.headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) };
  const response = await fetch(new URL(c.path, ctx.gatewayUrl), {
    method: c.method,
    headers,
    ...(c.rawBody !== undefined ? { body: c.rawBody } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // keep the text
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
}

/** The SPEC §7 checks of one answer; returns what is wrong, or null. */
export function problemViolation(outcome: FuzzOutcome): string | null {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  if (outcome.status < 400) return null;
  if (!outcome.contentType.startsWith('application/problem+json')) return `${outcome.status} with content-type ${outcome.contentType || '(none)'}`;
  const b = outcome.body as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return `${outcome.status} without a JSON body`;
  for (const field of ['type', 'title', 'detail', 'code', 'requestId']) {
    if (typeof b[field] !== 'string') return `${outcome.status} problem without string ${field}`;
  }
  if (b.status !== outcome.status) return `problem status ${String(b.status)} differs from HTTP ${outcome.status}`;
  if (b.errors !== undefined && !(Array.isArray(b.errors) && b.errors.every((e) => typeof e?.path === 'string' && typeof e?.message === 'string'))) {
    return 'problem errors[] is not a list of {path, message}';
  }
  return null;
}

/** Runs `count` generated requests one after another; throws (with the shrunk case) on a violation. */
export async function fuzzGateway(ctx: FuzzContext, doc: unknown, count: number, seed?: number): Promise<FuzzStats> {
  const operations = operationsOf(doc as { paths?: Record<string, Record<string, any>> });
  if (operations.length === 0) throw new Error('the OpenAPI document lists no operations');
  const stats: FuzzStats = { requests: 0, byStatus: {}, byOperation: {} };
  await fc.assert(
    fc.asyncProperty(caseArbitrary(operations, ctx), async (c) => {
      const changesState = c.method !== 'GET';
      const before = changesState && ctx.snapshot ? await ctx.snapshot() : undefined;
      const outcome = await send(ctx, c);
      stats.requests += 1;
      stats.byStatus[outcome.status] = (stats.byStatus[outcome.status] ?? 0) + 1;
      stats.byOperation[c.operation] = (stats.byOperation[c.operation] ?? 0) + 1;
      const problem = problemViolation(outcome);
      if (problem) throw new Error(`${problem}: ${JSON.stringify(outcome.body).slice(0, 300)}`);
      if (before !== undefined && outcome.status >= 400 && ctx.snapshot) {
        const after = await ctx.snapshot();
        if (after !== before) throw new Error(`rejected with ${outcome.status} but the stored state changed`);
      }
    }),
    { numRuns: count, ...(seed !== undefined ? { seed } : {}), endOnFailure: true },
  );
  return stats;
}
