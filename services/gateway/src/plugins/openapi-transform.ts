import {
  apiKey,
  approval,
  auditLogEntry,
  balanceStreamChange,
  balanceStreamSnapshot,
  canonicalJson,
  deletionRequest,
  grantRequest,
  hold,
  platformClient,
  problem,
  transaction,
  treasury,
  user,
  userSession,
  wallet,
} from '@coin/contracts';
import { errorCatalog, statusOf, type ErrorCode } from '@coin/errors';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, platformClientAccess } from './access';
import { withCodeSamples } from './code-samples';
import { responseShapes, supportedVersions } from './api-version';
import { rateLimitResponseHeaders, rateLimitsOf } from './rate-limit';
import { isStreamedText } from '../routes/route-def';

type ContentResponse = { description?: string; content: Record<string, { schema: z.ZodType }> };

function isContentResponse(value: unknown): value is ContentResponse {
  return typeof value === 'object' && value !== null && !(value instanceof z.ZodType) && 'content' in value;
}

/**
 * fastify-type-provider-zod's transform takes a zod schema per response status, always served as
 * JSON. A route that answers another media type (the HTML problem pages) declares that status as
 * `{ description, content: { 'text/html': { schema: z.string() } } }`: it is rendered here with
 * its media type and the zod schema's JSON Schema, and every other status goes through as before.
 */
function rendered(value: ContentResponse) {
  return {
    ...(value.description !== undefined ? { description: value.description } : {}),
    content: Object.fromEntries(
      Object.entries(value.content).map(([mediaType, { schema }]) => {
        // A streamed body is a Readable to the handler, which JSON Schema cannot say: its metadata says it is text.
        const unrepresentable = isStreamedText(schema) ? 'any' : 'throw';
        const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable });
        return [mediaType, { schema: json }];
      }),
    ),
  };
}

/**
 * A request body may be declared the same way, one zod schema per media type (the token endpoint
 * takes JSON and an RFC 6749 form): fastify validates each media type with its schema, and the
 * document lists each.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const documented = withGuards(input);
  return withResponseHeaders(documented, transformSchema(documented));
};

/** `Coin-Version` (plugins/api-version.ts), asked and answered on every /api operation: one component each, referred to. */
const coinVersionComponents = {
  parameters: {
    CoinVersion: {
      in: 'header',
      name: 'Coin-Version',
      required: false,
      schema: { type: 'string', enum: supportedVersions(responseShapes) },
      description:
        'The API version (X.Y.Z, one of those listed) whose answers the caller expects (docs/VERSIONING.md "Pinning a version"). Absent: the version the platform client was created with, or the newest. A version this API does not serve is a 400 listing the supported ones.',
    },
  },
  headers: {
    CoinVersion: {
      schema: { type: 'string' },
      description: 'The API version this answer is shaped for: the one asked for in Coin-Version, or the default.',
    },
  },
} as const;

/** An /api operation with the Coin-Version parameter and, on each answer, the Coin-Version header. */
function withCoinVersion(operation: Json, responses: Record<string, Json>): Json {
  const parameters = [...((operation.parameters as unknown[] | undefined) ?? []), { $ref: '#/components/parameters/CoinVersion' }];
  const answered = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      {
        ...response,
        headers: { ...((response.headers as Json | undefined) ?? {}), 'Coin-Version': { $ref: '#/components/headers/CoinVersion' } },
      },
    ]),
  );
  return { ...operation, parameters, responses: answered };
}

interface RouteFacts {
  url: string;
  method: string | string[];
  config?: { access?: Access; apiKeyScope?: string; idempotent?: boolean };
}

/**
 * The error statuses an operation can answer, from what guards it: input checked by a
 * schema, or any /api operation's Coin-Version header → 400 (a body also 413); a caller to identify → 401 and 403; an Idempotency-Key → 409
 * (in progress), 422 (reused for another request) and 503 (the lock store is down); a rate limit
 * → 429; anything under /api reaches a service that may be unavailable → 503. A route adds the
 * ones only its handler knows (404, 409, 422, 504) in its own `response`.
 */
export function guardedErrorStatuses(route: RouteFacts, schema: Record<string, unknown>): number[] {
  const statuses = new Set<number>();
  if (schema.body || schema.params || schema.querystring || schema.headers) statuses.add(400);
  if (schema.body) statuses.add(413);
  const access = route.config?.access;
  if (access !== undefined && access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (route.config?.idempotent) for (const status of [409, 422, 503]) statuses.add(status);
  const { policies, perCallerWrites } = rateLimitsOf(route);
  if (policies.length > 0 || perCallerWrites) statuses.add(429);
  // Under /api: a Coin-Version header that is malformed or names no served version → 400; a
  // service behind the gateway may be unavailable → 503.
  if (route.url.startsWith('/api/')) for (const status of [400, 503]) statuses.add(status);
  return [...statuses];
}

/**
 * Who may call, as the document's per-operation `security` (one of the requirements listed):
 * public routes need nothing; any other needs an access token as a bearer (and, from a person, an
 * API key of the route's scope where it has one); where the route's access level admits platform
 * clients (platformClientAccess), their token of the client-credentials grant is listed beside it.
 * The `platform` routes admit no person, but their bearerAuth stays listed: it is the same bearer
 * token on the wire, and 3.0.0 listed it, so dropping it would break the document's clients.
 */
export function securityOf(route: RouteFacts): Array<Record<string, string[]>> {
  const access = route.config?.access;
  if (access === undefined || access === 'public') return [];
  const bearer: Record<string, string[]> = route.config?.apiKeyScope ? { bearerAuth: [], apiKey: [] } : { bearerAuth: [] };
  return platformClientAccess.has(access) ? [bearer, { platformClient: [] }] : [bearer];
}

/** The route's own schema, with the guards' error statuses and its security added. */
function withGuards(input: Parameters<typeof jsonSchemaTransform>[0]): Parameters<typeof jsonSchemaTransform>[0] {
  const route = (input as { route?: RouteFacts }).route;
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!route || !schema || schema.hide) return input;
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const status of guardedErrorStatuses(route, schema)) response[status] ??= problem;
  return { ...input, schema: { ...schema, response, security: securityOf(route) } } as typeof input;
}

/** Every answer of a rate-limited operation declares the RateLimit-Policy and RateLimit fields (plugins/rate-limit.ts). */
/** The answer of a keyed request that repeats the key's first answer (Stripe's header; plugins/idempotency.ts). */
const idempotentReplayedHeader = {
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description:
      'Present (`true`) when this is the answer the Idempotency-Key already got: the request was a retry of one the ledger, the user service or the webhooks service had already answered, and nothing was done again.',
  },
} as const;

function withResponseHeaders(input: Parameters<typeof jsonSchemaTransform>[0], output: ReturnType<typeof jsonSchemaTransform>) {
  const route = (input as { route?: { method: string | string[]; config?: { idempotent?: boolean } } }).route;
  if (!route) return output;
  const { policies, perCallerWrites } = rateLimitsOf(route);
  const headers = {
    ...(policies.length > 0 || perCallerWrites ? rateLimitResponseHeaders : {}),
    ...(route.config?.idempotent ? idempotentReplayedHeader : {}),
  };
  const schema = output.schema as { response?: Record<string, unknown> };
  if (Object.keys(headers).length === 0 || !schema.response) return output;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, value]) => [
      status,
      isContentResponse(value) || typeof value !== 'object' || value === null ? value : { ...value, headers },
    ]),
  );
  return { ...output, schema: { ...schema, response } } as ReturnType<typeof jsonSchemaTransform>;
}

const transformSchema: typeof jsonSchemaTransform = (input) => {
  const body = (input.schema as { body?: unknown } | undefined)?.body;
  if (isContentResponse(body)) {
    const { body: _body, ...schemaWithoutBody } = input.schema as Record<string, unknown>;
    const transformed = transformSchema({ ...input, schema: schemaWithoutBody } as typeof input);
    return { ...transformed, schema: { ...(transformed.schema as object), body: rendered(body) } } as ReturnType<
      typeof jsonSchemaTransform
    >;
  }
  const response = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const raw = Object.entries(response ?? {}).filter(([, value]) => isContentResponse(value)) as Array<[string, ContentResponse]>;
  if (raw.length === 0) return jsonSchemaTransform(input);
  const rest = Object.fromEntries(Object.entries(response ?? {}).filter(([, value]) => !isContentResponse(value)));
  const transformed = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: rest } } as typeof input);
  const renderedResponses = Object.fromEntries(raw.map(([status, value]) => [status, rendered(value)]));
  const schema = transformed.schema as { response?: Record<string, unknown> };
  return { ...transformed, schema: { ...schema, response: { ...(schema.response ?? {}), ...renderedResponses } } } as ReturnType<
    typeof jsonSchemaTransform
  >;
};

// ---- The whole document -------------------------------------------------------------------

type Json = Record<string, unknown>;
const problemMediaType = 'application/problem+json';
const problemRef = { $ref: '#/components/schemas/Problem' };

function isProblemSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Json).title === 'Problem';
}

/** Every subschema titled Problem (the problem zod schema's marker) becomes a reference to the one component. */
function referenceProblems(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(referenceProblems);
  if (typeof value !== 'object' || value === null) return value;
  if (isProblemSchema(value)) return problemRef;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, referenceProblems(inner)]));
}

/** The codes a status stands for, from the error catalog: the description of that error response. */
function codesOf(status: number): string {
  const codes = (Object.keys(errorCatalog) as ErrorCode[]).filter((code) => statusOf(code) === status);
  return codes.length > 0 ? `Problem: ${codes.join(', ')}` : 'Problem';
}

/**
 * An error response as it is served: `application/problem+json` with the Problem schema. The one
 * exception keeps its other form beside it (POST /api/auth/token answers an RFC 6749 form request
 * with `{error, error_description}` as application/json).
 */
function problemResponse(status: number, response: Json): Json {
  const content = (response.content ?? {}) as Record<string, { schema?: Json }>;
  const json = content['application/json']?.schema;
  const others = (json?.anyOf as Json[] | undefined)?.filter((member) => !isProblemSchema(member)) ?? [];
  const description = codesOf(status);
  return {
    ...response,
    description,
    content: {
      [problemMediaType]: { schema: problemRef },
      ...(others.length > 0 ? { 'application/json': { schema: others.length === 1 ? others[0] : { anyOf: others } } } : {}),
    },
  };
}

/**
 * @fastify/swagger's transformObject: the finished document gets the Problem component, every
 * error response as problem+json referring to it, and `servers`. Problem `type` URIs and every
 * path are relative to where the caller reached the gateway (libs/errors problemTypeBase), so
 * the one server is `/`: the document's own origin, behind any proxy.
 */
/**
 * The main models by name: `components.schemas` has each once and every place the
 * document shows one refers to it, so generated clients get named types (`Transaction`, not the
 * type of `transferCoins`' 201 body's `transaction`) and readers see one definition.
 */
export const namedModels: Readonly<Record<string, z.ZodType>> = {
  Transaction: transaction,
  Wallet: wallet,
  Treasury: treasury,
  Approval: approval,
  Hold: hold,
  User: user,
  ApiKey: apiKey,
  PlatformClient: platformClient,
  UserSession: userSession,
  DeletionRequest: deletionRequest,
  GrantRequest: grantRequest,
  AuditLogEntry: auditLogEntry,
  // The data of the live balance stream's events (the route's answer is text/event-stream).
  BalanceStreamSnapshot: balanceStreamSnapshot,
  BalanceStreamChange: balanceStreamChange,
};

/** A model's JSON Schema exactly as a route's answer renders it: through the same transform. */
function renderedAnswer(schema: z.ZodType): Json {
  // The transform is given a route beside its schema, as @fastify/swagger gives it: a GET of the model stands in.
  const route = { method: 'GET', url: '/model', handler: () => undefined } as const;
  const out = jsonSchemaTransform({ schema: { response: { 200: schema } }, url: '/model', route, openapiObject: { openapi: '3.1.0' } });
  // The dialect and the transform's placeholder id belong to a whole document, not to a subschema.
  const { $schema: _dialect, $id: _placeholder, ...json } = (out.schema as { response: Record<string, Json> }).response['200']!;
  return constAsEnum(json) as Json;
}

/** @fastify/swagger writes a route's `const: x` as `enum: [x]`; a model is written the same way, so that they compare equal. */
function constAsEnum(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(constAsEnum);
  if (typeof value !== 'object' || value === null) return value;
  const { const: constant, ...rest } = value as Json;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, constAsEnum(inner)]));
  return 'const' in (value as Json) ? { ...converted, enum: [constant] } : converted;
}

let modelSchemas: { components: Record<string, Json>; byShape: Map<string, string> } | undefined;
function models() {
  if (!modelSchemas) {
    const components = Object.fromEntries(Object.entries(namedModels).map(([name, schema]) => [name, renderedAnswer(schema)]));
    modelSchemas = { components, byShape: new Map(Object.entries(components).map(([name, json]) => [canonicalJson(json), name])) };
  }
  return modelSchemas;
}

/** Every subschema that is one of the named models, outermost first, becomes a reference to it. */
function referenceModels(value: unknown, byShape: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => referenceModels(item, byShape));
  if (typeof value !== 'object' || value === null) return value;
  const name = byShape.get(canonicalJson(value));
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, referenceModels(inner, byShape)]));
}

/**
 * A query parameter's serialisation (`style`, `explode`: the search's `metadata[key]=value` is a
 * deepObject) is said in its schema's metadata, which the generator leaves inside the schema;
 * OpenAPI reads it on the parameter, so it is moved there.
 */
function withParameterStyles(operation: Json): Json {
  if (!Array.isArray(operation.parameters)) return operation;
  const parameters = (operation.parameters as Json[]).map((parameter) => {
    const schema = parameter.schema as Json | undefined;
    if (!schema || (schema.style === undefined && schema.explode === undefined)) return parameter;
    const { style, explode, ...rest } = schema;
    return { ...parameter, style, explode, schema: rest };
  });
  return { ...operation, parameters };
}

/** A summary past this many characters is shortened to its lead; the whole text is the description. */
const summaryLengthMax = 80;
/** A lead still longer than this is cut at its last comma within it. */
const leadLengthMax = 100;

/**
 * The lead of a route's summary: the text without its asides in parentheses, up to its first
 * colon, semicolon or full stop (at most leadLengthMax characters, cut at a comma where it is
 * longer). A summary of at most summaryLengthMax characters is its own lead.
 */
export function summaryLead(text: string): string {
  if (text.length <= summaryLengthMax) return text;
  let lead = text;
  for (let before = ''; before !== lead; ) {
    before = lead;
    lead = lead.replace(/\s*\([^()]*\)/g, '');
  }
  const end = /: |; |\. /.exec(lead);
  if (end) lead = lead.slice(0, end.index);
  if (lead.length > leadLengthMax) {
    const comma = lead.lastIndexOf(', ', leadLengthMax);
    if (comma > 0) lead = lead.slice(0, comma);
  }
  return lead.replace(/[\s,.;:]+$/, '');
}

/**
 * Every operation has a short summary and a description, the route's text kept in one place: a
 * route states what it does in its `summary`, as long as it takes, and may add a `description`.
 * Without one, the summary's whole text is the description and its lead (summaryLead) the
 * summary, so that the reader's list of operations shows one line each.
 */
function withDescription(operation: Json): Json {
  const summary = operation.summary;
  if (typeof summary !== 'string' || (typeof operation.description === 'string' && operation.description !== '')) return operation;
  return { ...operation, summary: summaryLead(summary), description: summary };
}

export const openApiTransformObject: SwaggerTransformObject = (input) => {
  // The gateway's document is OpenAPI 3.1 (app.ts); a Swagger 2.0 object is never given.
  if (!('openapiObject' in input)) throw new Error('OpenAPI 2.0 is not supported');
  const document = input.openapiObject as Json & { paths?: Record<string, Record<string, Json>>; components?: Json };
  const { $schema: _dialect, ...problemSchema } = z.toJSONSchema(problem, { io: 'output' }) as Json;
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const responses = Object.fromEntries(
            Object.entries((operation.responses ?? {}) as Record<string, Json>).map(([status, response]) => [
              status,
              Number(status) >= 400 ? problemResponse(Number(status), response) : response,
            ]),
          );
          const styled = withParameterStyles(withDescription(operation));
          const versioned = path.startsWith('/api/') ? withCoinVersion(styled, responses) : { ...styled, responses };
          return [method, referenceModels(referenceProblems(versioned), models().byShape)];
        }),
      ),
    ]),
  );
  // Last: the samples read the finished operations (their parameters, credentials and examples).
  return withCodeSamples({
    ...document,
    servers: [{ url: '/', description: 'This gateway, at the address the document was read from' }],
    paths,
    components: {
      ...(document.components ?? {}),
      ...coinVersionComponents,
      schemas: {
        ...((document.components?.schemas as Json | undefined) ?? {}),
        Problem: problemSchema,
        // A model inside another (none today) would refer to it too, but never to itself.
        ...Object.fromEntries(
          Object.entries(models().components).map(([name, json]) => [
            name,
            Object.fromEntries(Object.entries(json).map(([key, inner]) => [key, referenceModels(inner, models().byShape)])),
          ]),
        ),
      },
    },
  });
};
