import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isErrorCode, statusOf } from '@coin/errors';
import { codeClaims, normalisedPath, pathMentions, routeKey, routeMentions, statusClaims } from './contract-routes';

/*
 * docs/CONTRACT.md is the binding word; the OpenAPI document (libs/client/openapi.json, the
 * document GET /openapi.json serves, kept current by scripts/contract/generate-client.unit.test.ts)
 * is what the gateway answers. Every route CONTRACT names must be an operation of the document,
 * every status it claims for a route one of that operation's documented responses, and every
 * status it gives an error code the status that code answers. The parse rules are in
 * scripts/docs/contract-routes.ts.
 */
const repoRoot = join(__dirname, '..', '..');
const contract = readFileSync(join(repoRoot, 'docs', 'CONTRACT.md'), 'utf8');
const openApi = JSON.parse(readFileSync(join(repoRoot, 'libs', 'client', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/** Routes CONTRACT names that the gateway serves outside its OpenAPI document, and why. */
const servedOutsideTheDocument: Record<string, string> = {
  'GET /.well-known/jwks.json': 'the public keys of the access tokens, a route the document hides (schema.hide)',
  'GET /healthz': 'health, served on the metrics port of every service, not the API',
};

/** METHOD and normalised path → the statuses the operation documents. */
const documented = new Map<string, string[]>();
for (const [path, item] of Object.entries(openApi.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (operation?.responses) documented.set(routeKey(method, path), Object.keys(operation.responses));
  }
}
const documentedPaths = Object.keys(openApi.paths).map(normalisedPath);

describe('the parse rules of docs/CONTRACT.md routes and claims', () => {
  it('when a route is written across a line break, with its query, body or parameters named otherwise, then it is one route', () => {
    const text = 'Ask with `POST\n  /api/admin/users/{userId}/role {role}` or `GET /api/admin/transactions?limit&cursor`.\n';
    expect(routeMentions(text).map((m) => [m.key, m.line])).toEqual([
      ['POST /api/admin/users/{}/role', 1],
      ['GET /api/admin/transactions', 2],
    ]);
  });

  it('then a status belongs to the route named last before it, in its sentence, up to the next path', () => {
    const text = [
      '- `POST /api/a` (an `Idempotency-Key`; 1 to 2,592,000 seconds, else 400 `VALIDATION_FAILED`; 201 `{ a }`), or',
      '  `.../reject` (403); `GET /api/b` lists them, at most 500, and after a 201 of `POST /api/c` its 200 follows. A',
      '  new sentence is 409.',
      '',
      '| 404 | `GET /api/d/{id}` | 1–500 characters |',
    ].join('\n');
    expect(statusClaims(text).map((c) => [c.route.key, c.status, c.line])).toEqual([
      ['POST /api/a', 400, 1],
      ['POST /api/a', 201, 1],
      ['POST /api/c', 200, 2],
    ]);
  });

  it('then a status with an error code, and each row of a status table, claims that code’s status', () => {
    const isCode = (word: string) => ['FORBIDDEN', 'UNAVAILABLE', 'TIMEOUT'].includes(word);
    const text = 'A live one is 403 `FORBIDDEN`, and `CONFIG_NAME` is no code.\n\n| 503, 504 | `UNAVAILABLE`, `TIMEOUT` |\n';
    expect(codeClaims(text, isCode)).toEqual([
      { statuses: [403], code: 'FORBIDDEN', line: 1 },
      { statuses: [503, 504], code: 'UNAVAILABLE', line: 3 },
      { statuses: [503, 504], code: 'TIMEOUT', line: 3 },
    ]);
  });

  it('then a bare path under /api/ is a path mention, one ending in … the beginning of paths', () => {
    const text = 'Set by ADMIN+ (`/api/admin/users/{id}/limits`); the routes `/api/webhooks/endpoints…` and `GET /api/x`.';
    expect(pathMentions(text)).toEqual([
      { path: '/api/admin/users/{id}/limits', prefix: false, line: 1 },
      { path: '/api/webhooks/endpoints', prefix: true, line: 1 },
    ]);
  });
});

describe('docs/CONTRACT.md against the OpenAPI document and the error catalog', () => {
  const mentions = routeMentions(contract);

  it('then every route it names is an operation of the OpenAPI document (or served outside it, for a stated reason)', () => {
    expect(mentions.length).toBeGreaterThan(50);
    const missing = mentions
      .filter((m) => !documented.has(m.key) && !Object.hasOwn(servedOutsideTheDocument, m.key))
      .map((m) => `line ${m.line}: \`${m.method} ${m.path}\` is no operation of libs/client/openapi.json`);
    expect(missing).toEqual([]);
  });

  it('then every route it says is served outside the document is still named by it', () => {
    const named = new Set(mentions.map((m) => m.key));
    expect(Object.keys(servedOutsideTheDocument).filter((key) => !named.has(key) || documented.has(key))).toEqual([]);
  });

  it('then every path it names without a method is a path of the document, or the beginning of one', () => {
    const paths = pathMentions(contract);
    expect(paths.length).toBeGreaterThan(0);
    const missing = paths
      .filter(({ path, prefix }) =>
        prefix ? !documentedPaths.some((p) => p.startsWith(normalisedPath(path))) : !documentedPaths.includes(normalisedPath(path)),
      )
      .map(({ path, line }) => `line ${line}: \`${path}\` is no path of libs/client/openapi.json`);
    expect(missing).toEqual([]);
  });

  it('then every status it claims for a route is among the responses that operation documents', () => {
    const claims = statusClaims(contract);
    expect(claims.length).toBeGreaterThan(30);
    const undocumented = claims
      .filter((c) => documented.has(c.route.key) && !documented.get(c.route.key)!.includes(String(c.status)))
      .map(
        (c) =>
          `line ${c.line}: ${c.status} for \`${c.route.key}\`, which documents ${documented.get(c.route.key)!.join(', ')} ("…${c.excerpt}…")`,
      );
    expect(undocumented).toEqual([]);
  });

  it('then every status it gives an error code is the status that code answers', () => {
    const claims = codeClaims(contract, isErrorCode);
    expect(claims.length).toBeGreaterThan(50);
    const wrong = claims
      .filter((c) => !c.statuses.includes(statusOf(c.code as Parameters<typeof statusOf>[0])))
      .map(
        (c) =>
          `line ${c.line}: ${c.statuses.join(', ')} \`${c.code}\`, but ${c.code} answers ${statusOf(c.code as Parameters<typeof statusOf>[0])}`,
      );
    expect(wrong).toEqual([]);
  });
});
