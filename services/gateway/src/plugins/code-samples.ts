/**
 * Code samples of every operation of the OpenAPI document (`x-codeSamples`, which the reader at
 * /docs shows beside the operation): a curl command and an `@coin/client` call, both made here
 * from the operation itself (its method, path, parameters, credentials and its request body's
 * documented example), so a sample cannot name a route, a field or a method that is not there.
 * services/gateway/src/code-samples.int.test.ts parses every curl sample against the document and
 * typechecks every client sample against the client's types.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is, each field as the sample needs it
type Json = Record<string, any>;

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** A value of a parameter's schema for a sample: its example, else one its type and pattern accept. */
function parameterValue(parameter: Json): string | number {
  const schema = (parameter.schema ?? {}) as Json;
  const given = parameter.example ?? schema.examples?.[0] ?? schema.example ?? schema.default ?? schema.enum?.[0];
  if (given !== undefined && (typeof given === 'string' || typeof given === 'number')) return given;
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(1, Number(schema.minimum ?? 1));
  if (schema.format === 'uuid') return '7d3c2a1b-0e9f-4a8b-9c7d-6e5f4a3b2c1d';
  if (schema.format === 'date-time') return '2026-01-15T09:30:00.000Z';
  if (typeof schema.pattern === 'string' && schema.pattern.includes('[1-9][0-9]')) return 1001;
  return 'example';
}

/** The parameters of one kind (`path`, `query`, `header`), $refs resolved. */
function parametersIn(operation: Json, where: string, document: Json): Json[] {
  return ((operation.parameters ?? []) as Json[])
    .map((parameter) => (typeof parameter.$ref === 'string' ? resolve(document, parameter.$ref) : parameter))
    .filter((parameter): parameter is Json => parameter?.in === where);
}

function resolve(document: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    // A $ref names the document's own keys; one that names a prototype's (`constructor`) resolves to nothing.
    const holder = typeof node === 'object' && node !== null ? (node as Json) : undefined;
    node = holder && Object.hasOwn(holder, key) ? holder[key] : undefined;
  }
  return node as Json | undefined;
}

/** The request body's documented example, when the operation takes JSON. */
function bodyExample(operation: Json): unknown {
  const media = operation.requestBody?.content?.['application/json'] as Json | undefined;
  if (!media) return undefined;
  return media.example ?? media.schema?.examples?.[0] ?? {};
}

/** Which credentials the operation takes: a bearer token (a user's or a platform client's), and an ADMIN's API key beside it. */
function credentialsOf(operation: Json): { token: boolean; apiKey: boolean } {
  const requirements = (operation.security ?? []) as Json[];
  return {
    token: requirements.some((requirement) => 'bearerAuth' in requirement || 'platformClient' in requirement),
    apiKey: requirements.some((requirement) => 'apiKey' in requirement),
  };
}

/** A string quoted for a POSIX shell: single quotes, each inner one closed, escaped and reopened. */
export function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlSample(path: string, method: string, operation: Json, document: Json): string {
  let url = path;
  for (const parameter of parametersIn(operation, 'path', document))
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameterValue(parameter))));
  const query = parametersIn(operation, 'query', document)
    .filter((parameter) => parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(parameterValue(parameter)))}`);
  const lines = [`curl -X ${method.toUpperCase()} "$COIN_URL${url}${query.length > 0 ? `?${query.join('&')}` : ''}"`];
  const { token, apiKey } = credentialsOf(operation);
  if (token) lines.push(`-H "Authorization: Bearer $COIN_TOKEN"`);
  if (apiKey) lines.push(`-H "x-api-key: $COIN_API_KEY"`);
  if (parametersIn(operation, 'header', document).some((parameter) => parameter.name.toLowerCase() === 'idempotency-key'))
    lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  const body = bodyExample(operation);
  if (body !== undefined) lines.push(`-H "Content-Type: application/json"`, `-d ${shellQuoted(JSON.stringify(body))}`);
  return lines.join(' \\\n  ');
}

/** An identifier as a property key: bare when it is one, quoted otherwise. */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function objectLiteral(entries: Array<[string, unknown]>): string {
  return `{ ${entries.map(([name, value]) => `${key(name)}: ${JSON.stringify(value)}`).join(', ')} }`;
}

/** A JSON value as TypeScript source, keys bare where they are identifiers, indented by two spaces a level. */
function tsLiteral(value: unknown, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : `[\n${value.map((item) => `${inner}${tsLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${tsLiteral(item, inner)},`).join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function clientSample(operation: Json, document: Json): string {
  const input: string[] = [];
  const path = parametersIn(operation, 'path', document).map((parameter): [string, unknown] => [parameter.name, parameterValue(parameter)]);
  if (path.length > 0) input.push(`path: ${objectLiteral(path)}`);
  const query = parametersIn(operation, 'query', document)
    .filter((parameter) => parameter.required)
    .map((parameter): [string, unknown] => [parameter.name, parameterValue(parameter)]);
  if (query.length > 0) input.push(`query: ${objectLiteral(query)}`);
  const body = bodyExample(operation);
  if (body !== undefined) input.push(`body: ${tsLiteral(body, '  ')}`);
  const { token, apiKey } = credentialsOf(operation);
  const options = [
    'baseUrl: process.env.COIN_URL!',
    ...(token ? ['accessToken: process.env.COIN_TOKEN!'] : []),
    ...(apiKey ? ['apiKey: process.env.COIN_API_KEY!'] : []),
  ];
  const call = input.length > 0 ? `{\n  ${input.join(',\n  ')},\n}` : '';
  return [
    "import { createCoinClient } from '@coin/client';",
    '',
    `const coin = createCoinClient({ ${options.join(', ')} });`,
    `const result = await coin.${operation.operationId}(${call});`,
  ].join('\n');
}

/** The two samples of one operation: curl, and the @coin/client call of its operationId. */
export function codeSamplesOf(path: string, method: string, operation: Json, document: Json): CodeSample[] {
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(path, method, operation, document) },
    { lang: 'TypeScript', label: '@coin/client', source: clientSample(operation, document) },
  ];
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** The document with `x-codeSamples` on every operation. */
export function withCodeSamples<T extends Json>(document: T): T {
  const paths = Object.fromEntries(
    Object.entries((document.paths ?? {}) as Record<string, Json>).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) =>
          methods.has(method)
            ? [method, { ...operation, 'x-codeSamples': codeSamplesOf(path, method, operation, document) }]
            : [method, operation],
        ),
      ),
    ]),
  );
  return { ...document, paths };
}
