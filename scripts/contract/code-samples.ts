/**
 * Code samples of every operation of the OpenAPI document (`x-codeSamples`, which the reader at
 * /docs shows beside the operation), made by `npm run client:generate` into the gateway's
 * services/gateway/src/generated/code-samples.ts (so httpsnippet, a command-line tool with the
 * dependencies of one, stays out of the gateway's production install), from the operation itself (its method, path,
 * parameters, credentials and its request body's documented example), so a sample cannot name a
 * route, a field or a method that is not there:
 *
 * - curl, Python (the standard library's http.client) and Go (net/http) by httpsnippet, from the
 *   request as HAR; where a sample reads the deployment's address or the caller's credentials, or
 *   needs a fresh Idempotency-Key or a time to come, httpsnippet is given a placeholder that each
 *   language's sample then reads from the environment or makes ($COIN_URL, $COIN_TOKEN,
 *   $COIN_API_KEY, the top of /docs says where each comes from), so it pastes as written on a
 *   fresh Debian (no `uuidgen`: the kernel's `/proc/sys/kernel/random/uuid`, Python's `uuid`, Go's
 *   `crypto/rand`; a body's time is tomorrow's, never a date that has passed);
 * - TypeScript, the `@coin/client` call of the operation's operationId (which sends an
 *   Idempotency-Key of its own).
 *
 * services/gateway/src/code-samples.int.test.ts checks every sample against the document (curl's
 * words, Python's and Go's syntax, the client's types); test/e2e/code-samples-run.test.ts runs a
 * sample of each kind of operation in each language against a stack, as pasted in a clean shell.
 */

import { HTTPSnippet, type HarRequest } from 'httpsnippet';
import { codeSampleKey, type CodeSample } from '@coin/gateway/testing';

type Json = Record<string, any>;

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

/**
 * Which credentials the operation's sample sends: a bearer token (a user's or a platform
 * client's), and an ADMIN's API key beside it where every way in needs one. Where a platform
 * client's token alone will do (a reward), the sample is the client's: an ADMIN adds its key.
 */
function credentialsOf(operation: Json): { token: boolean; apiKey: boolean } {
  const requirements = (operation.security ?? []) as Json[];
  return {
    token: requirements.some((requirement) => 'bearerAuth' in requirement || 'platformClient' in requirement),
    apiKey: requirements.length > 0 && requirements.every((requirement) => 'apiKey' in requirement),
  };
}

/**
 * What httpsnippet is given where a sample reads or makes a value (each replaced in every
 * language's sample, or the generation fails: a sample never shows one).
 */
const placeholder = {
  origin: 'http://coin.invalid',
  token: 'COIN-SAMPLE-TOKEN',
  apiKey: 'COIN-SAMPLE-API-KEY',
  idempotencyKey: 'COIN-SAMPLE-IDEMPOTENCY-KEY',
  tomorrow: 'COIN-SAMPLE-TOMORROW',
} as const;

/**
 * A documented example's time (an ISO 8601 UTC instant), which a sample replaces with tomorrow's: a
 * sandbox clock moves forward only, a schedule starts ahead. Each language writes it to the
 * millisecond or finer: truncated to the second, a sample run within the same second as another
 * language's would set the clock back (400).
 */
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The body's example with each time in it the placeholder of tomorrow's. */
function withTomorrow(value: unknown): unknown {
  if (typeof value === 'string') return isoInstant.test(value) ? placeholder.tomorrow : value;
  if (Array.isArray(value)) return value.map(withTomorrow);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, withTomorrow(item)]));
  return value;
}

/** The operation's request as HAR (what httpsnippet reads), with the placeholders where a sample reads or makes a value. */
function harOf(path: string, method: string, operation: Json, document: Json): HarRequest {
  let url = path;
  for (const parameter of parametersIn(operation, 'path', document))
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameterValue(parameter))));
  const query = parametersIn(operation, 'query', document)
    .filter((parameter) => parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(parameterValue(parameter)))}`);
  const headers: Array<{ name: string; value: string }> = [];
  const { token, apiKey } = credentialsOf(operation);
  if (token) headers.push({ name: 'authorization', value: `Bearer ${placeholder.token}` });
  if (apiKey) headers.push({ name: 'x-api-key', value: placeholder.apiKey });
  if (parametersIn(operation, 'header', document).some((parameter) => parameter.name.toLowerCase() === 'idempotency-key'))
    headers.push({ name: 'idempotency-key', value: placeholder.idempotencyKey });
  const body = bodyExample(operation);
  if (body !== undefined) headers.push({ name: 'content-type', value: 'application/json' });
  return {
    method: method.toUpperCase(),
    url: `${placeholder.origin}${url}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(body !== undefined ? { postData: { mimeType: 'application/json', text: JSON.stringify(withTomorrow(body)) } } : {}),
    // HAR's postData is optional (a GET has none), and httpsnippet reads it so; its type says otherwise.
  } as HarRequest;
}

/** `source` with each [placeholder, what the language reads or makes] replaced; one left over fails the generation. */
function replaced(source: string, replacements: Array<[string | RegExp, string]>, language: string): string {
  let out = source;
  for (const [from, to] of replacements) out = typeof from === 'string' ? out.replaceAll(from, to) : out.replace(from, to);
  const left = [...Object.values(placeholder), 'coin.invalid'].filter((value) => out.includes(value));
  if (left.length > 0) throw new Error(`the ${language} sample still shows ${left.join(', ')}:\n${out}`);
  return out;
}

/** curl: the address and credentials from the shell's variables, a key from the kernel, tomorrow from GNU date. */
function curlSample(har: HarRequest): string {
  const snippet = String(new HTTPSnippet(har).convert('shell', 'curl', { indent: '  ' }));
  return replaced(
    snippet,
    [
      [/--url '?http:\/\/coin\.invalid([^'\s]*)'?/, '--url "$COIN_URL$1"'],
      [`'authorization: Bearer ${placeholder.token}'`, '"authorization: Bearer $COIN_TOKEN"'],
      [`'x-api-key: ${placeholder.apiKey}'`, '"x-api-key: $COIN_API_KEY"'],
      [`'idempotency-key: ${placeholder.idempotencyKey}'`, '"idempotency-key: $(cat /proc/sys/kernel/random/uuid)"'],
      [placeholder.tomorrow, `'"$(date -u -d tomorrow +%Y-%m-%dT%H:%M:%S.%3NZ)"'`],
    ],
    'curl',
  );
}

/** Python's http.client: the address and credentials from os.environ, a key from uuid, tomorrow from datetime. */
function pythonSample(har: HarRequest): string {
  const snippet = String(new HTTPSnippet(har).convert('python', 'python3'));
  const imports = ['import http.client', 'import os', 'import urllib.parse'];
  if (snippet.includes(placeholder.idempotencyKey)) imports.push('import uuid');
  if (snippet.includes(placeholder.tomorrow)) imports.push('import datetime');
  return replaced(
    snippet,
    [
      ['import http.client', imports.join('\n')],
      [
        'conn = http.client.HTTPConnection("coin.invalid")',
        [
          'base = urllib.parse.urlsplit(os.environ["COIN_URL"])',
          'conn = (http.client.HTTPSConnection if base.scheme == "https" else http.client.HTTPConnection)(base.netloc)',
        ].join('\n'),
      ],
      [/conn\.request\("([A-Z]+)", "\//, 'conn.request("$1", base.path.rstrip("/") + "/'],
      [`"Bearer ${placeholder.token}"`, '"Bearer " + os.environ["COIN_TOKEN"]'],
      [`"${placeholder.apiKey}"`, 'os.environ["COIN_API_KEY"]'],
      [`"${placeholder.idempotencyKey}"`, 'str(uuid.uuid4())'],
      [
        placeholder.tomorrow,
        '" + (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%S.%fZ") + "',
      ],
    ],
    'Python',
  );
}

/** Go's net/http: the address and credentials from os.Getenv, a key from crypto/rand, tomorrow from time; a failed request panics with its error; the answer's status, then its body. */
function goSample(har: HarRequest): string {
  const snippet = String(new HTTPSnippet(har).convert('go', 'native'));
  const imports = ['"os"'];
  if (snippet.includes(placeholder.idempotencyKey)) imports.push('"crypto/rand"');
  if (snippet.includes(placeholder.tomorrow)) imports.push('"time"');
  return replaced(
    snippet,
    [
      ['import (\n', `import (\n${imports.map((name) => `\t${name}\n`).join('')}`],
      [/url := "http:\/\/coin\.invalid/, 'url := os.Getenv("COIN_URL") + "'],
      [`"Bearer ${placeholder.token}"`, '"Bearer "+os.Getenv("COIN_TOKEN")'],
      [`"${placeholder.apiKey}"`, 'os.Getenv("COIN_API_KEY")'],
      [`"${placeholder.idempotencyKey}"`, 'rand.Text()'],
      [placeholder.tomorrow, '" + time.Now().Add(24*time.Hour).UTC().Format(time.RFC3339Nano) + "'],
      // The request's failure (no gateway there) said, not a nil answer's panic; go vet's httpresponse check asks for it.
      ['res, _ := http.DefaultClient.Do(req)\n', 'res, err := http.DefaultClient.Do(req)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n'],
      ['fmt.Println(res)\n', 'fmt.Println(res.Status)\n'],
    ],
    'Go',
  );
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
  if (body !== undefined)
    input.push(
      `body: ${tsLiteral(withTomorrow(body), '  ').replaceAll(JSON.stringify(placeholder.tomorrow), 'new Date(Date.now() + 86_400_000).toISOString()')}`,
    );
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
    'console.log(JSON.stringify(result, null, 2));',
  ].join('\n');
}

/** The four samples of one operation: curl, the @coin/client call of its operationId, Python and Go. */
export function codeSamplesOf(path: string, method: string, operation: Json, document: Json): CodeSample[] {
  const har = harOf(path, method, operation, document);
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(har) },
    { lang: 'TypeScript', label: '@coin/client', source: clientSample(operation, document) },
    { lang: 'Python', label: 'Python', source: pythonSample(har) },
    { lang: 'Go', label: 'Go', source: goSample(har) },
  ];
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/**
 * Every operation's samples, keyed `<method> <path>` (codeSampleKey, the gateway's key when it
 * serves them), in document order.
 */
export function codeSamplesTable(document: Json): Record<string, CodeSample[]> {
  const table: Record<string, CodeSample[]> = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>))
    for (const [method, operation] of Object.entries(item))
      if (methods.has(method)) table[codeSampleKey(method, path)] = codeSamplesOf(path, method, operation, document);
  return table;
}
