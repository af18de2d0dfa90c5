import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitResponseHeaders, rateLimitsOf } from './rate-limit';

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
        const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' });
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
export const openApiTransform: typeof jsonSchemaTransform = (input) => withRateLimitHeaders(input, transformSchema(input));

/** Every answer of a rate-limited operation declares the RateLimit-Policy and RateLimit fields (plugins/rate-limit.ts). */
function withRateLimitHeaders(input: Parameters<typeof jsonSchemaTransform>[0], output: ReturnType<typeof jsonSchemaTransform>) {
  const route = (input as { route?: { method: string | string[]; config?: unknown } }).route;
  if (!route) return output;
  const { policies, perCallerWrites } = rateLimitsOf(route);
  const schema = output.schema as { response?: Record<string, unknown> };
  if ((policies.length === 0 && !perCallerWrites) || !schema.response) return output;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, value]) => [
      status,
      isContentResponse(value) || typeof value !== 'object' || value === null ? value : { ...value, headers: rateLimitResponseHeaders },
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
