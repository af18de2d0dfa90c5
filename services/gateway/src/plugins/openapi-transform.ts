import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const response = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const raw = Object.entries(response ?? {}).filter(([, value]) => isContentResponse(value)) as Array<[string, ContentResponse]>;
  if (raw.length === 0) return jsonSchemaTransform(input);
  const rest = Object.fromEntries(Object.entries(response ?? {}).filter(([, value]) => !isContentResponse(value)));
  const transformed = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: rest } } as typeof input);
  const rendered = Object.fromEntries(
    raw.map(([status, value]) => [
      status,
      {
        ...(value.description !== undefined ? { description: value.description } : {}),
        content: Object.fromEntries(
          Object.entries(value.content).map(([mediaType, { schema }]) => {
            const { $schema: _dialect, ...json } = z.toJSONSchema(schema);
            return [mediaType, { schema: json }];
          }),
        ),
      },
    ]),
  );
  const schema = transformed.schema as { response?: Record<string, unknown> };
  return { ...transformed, schema: { ...schema, response: { ...(schema.response ?? {}), ...rendered } } } as ReturnType<
    typeof jsonSchemaTransform
  >;
};
