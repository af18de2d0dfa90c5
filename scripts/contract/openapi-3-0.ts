/**
 * The gateway's OpenAPI 3.1 document as an OpenAPI 3.0 one, for a generator that reads 3.0 only
 * (oapi-codegen, the Go client's: scripts/contract/generate-go-client.ts). A pure function of the
 * document, the same output for the same input, that rewrites only what 3.0 says otherwise:
 *
 *   openapi: 3.1.x                          -> 3.0.3
 *   type: [T, 'null']                       -> type: T, nullable: true
 *   type: [A, B(, 'null')]                  -> anyOf: [{type: A(, nullable: true)}, {type: B(, nullable: true)}]
 *   anyOf/oneOf with a {type: 'null'} arm   -> the other arms, nullable: true; one arm left is merged
 *                                              into the schema (a $ref one as allOf: [$ref])
 *   exclusiveMinimum: n (a number)          -> minimum: n, exclusiveMinimum: true (the stricter bound
 *                                              kept when a minimum is there too); exclusiveMaximum alike
 *   examples: [a, ...] (a schema's)         -> example: a
 *   const: v                                -> enum: [v]
 *   propertyNames                           -> dropped (3.0 has no such keyword; the server checks keys)
 *
 * Anything else that 3.0 lacks (webhooks, $defs, prefixItems, if/then/else, ...) throws: a
 * document using it needs a rule here first, not a generator that silently reads it wrong.
 */

type Json = Record<string, unknown>;

/** Keys whose value maps names to objects (a property named `type` is no `type` keyword). */
const nameMaps = new Set([
  'properties',
  'patternProperties',
  'schemas',
  'paths',
  'responses',
  'headers',
  'content',
  'securitySchemes',
  'requestBodies',
  'links',
  'callbacks',
  'encoding',
  'variables',
  'scopes',
]);

/** 3.1 keywords with no 3.0 rewrite here. */
const unsupported = [
  'webhooks',
  'jsonSchemaDialect',
  '$defs',
  'prefixItems',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentMediaType',
  'contentEncoding',
  '$dynamicRef',
];

/** Values that are data, not schema: an example, a default, an enum's members, an extension. */
const literal = (key: string) => key === 'example' || key === 'default' || key === 'enum' || key === 'value' || key.startsWith('x-');

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullType = (value: unknown) => isObject(value) && value.type === 'null' && Object.keys(value).length === 1;

/** The document as OpenAPI 3.0.3. */
export function toOpenApi30(document: Json): Json {
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1.'))
    throw new Error(`expected an OpenAPI 3.1 document, got openapi: ${String(document.openapi)}`);
  const converted = convert(document, '#') as Json;
  return { ...converted, openapi: '3.0.3' };
}

function convert(node: unknown, at: string): unknown {
  if (Array.isArray(node)) return node.map((item, i) => convert(item, `${at}/${i}`));
  if (!isObject(node)) return node;
  let out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (unsupported.includes(key)) throw new Error(`${at}/${key}: no OpenAPI 3.0 rewrite for ${key} (scripts/contract/openapi-3-0.ts)`);
    out[key] = literal(key)
      ? value
      : nameMaps.has(key) && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, convert(item, `${at}/${key}/${name}`)]))
        : convert(value, `${at}/${key}`);
  }
  out = typeArray(out);
  out = nullArm(out, 'anyOf');
  out = nullArm(out, 'oneOf');
  out = exclusiveBound(out, 'exclusiveMinimum', 'minimum', (a, b) => a >= b);
  out = exclusiveBound(out, 'exclusiveMaximum', 'maximum', (a, b) => a <= b);
  if (Array.isArray(out.examples)) {
    const { examples, ...rest } = out;
    out = examples.length > 0 ? { ...rest, example: examples[0] } : rest;
  }
  if ('const' in out) {
    const { const: value, ...rest } = out;
    out = { ...rest, enum: [value] };
  }
  if (isObject(out.propertyNames)) {
    const { propertyNames: _names, ...rest } = out;
    out = rest;
  }
  return out;
}

function typeArray(schema: Json): Json {
  if (!Array.isArray(schema.type)) return schema;
  const { type, ...rest } = schema;
  const types = (type as unknown[]).filter((t) => t !== 'null');
  const nullable = types.length < (type as unknown[]).length ? { nullable: true } : {};
  if (types.length === 1) return { ...rest, type: types[0], ...nullable };
  if (types.length === 0) throw new Error(`a schema of type null alone has no OpenAPI 3.0 form: ${JSON.stringify(schema)}`);
  // Null admitted by each arm, not by the whole: the same values, and oapi-codegen 2.8 types a
  // nullable union inside additionalProperties inconsistently (a pointer in one place, not in another).
  return { ...rest, anyOf: types.map((t) => ({ type: t, ...nullable })) };
}

function nullArm(schema: Json, keyword: 'anyOf' | 'oneOf'): Json {
  const arms = schema[keyword];
  if (!Array.isArray(arms) || !arms.some(isNullType)) return schema;
  const { [keyword]: _arms, ...rest } = schema;
  const others = arms.filter((arm) => !isNullType(arm));
  if (others.length !== 1) return { ...rest, [keyword]: others, nullable: true };
  const only = others[0] as Json;
  if (typeof only.$ref === 'string') return { ...rest, allOf: [only], nullable: true };
  return { ...rest, ...only, nullable: true };
}

function exclusiveBound(schema: Json, keyword: string, bound: string, stricterOrEqual: (a: number, b: number) => boolean): Json {
  const value = schema[keyword];
  if (typeof value !== 'number') return schema;
  const { [keyword]: _value, ...rest } = schema;
  const existing = rest[bound];
  // A bound already at least as strict stands alone; otherwise the exclusive one replaces it.
  if (typeof existing === 'number' && existing !== value && stricterOrEqual(existing, value)) return rest;
  return { ...rest, [bound]: value, [keyword]: true };
}
