import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The API reference at /docs: Redoc's three panes (the operations, each one's description and
 * schemas, and its code samples and examples) over GET /openapi.json. Redoc's standalone bundle
 * is read from the installed `redoc` package (node_modules) once at start and served from this
 * origin, like everything the page loads: nothing comes from a CDN. The page holds no inline
 * script (the document's address is an attribute of the <redoc> element), so the strict CSP of
 * /docs (plugins/security-headers.ts) holds.
 *
 * The guides the document's description links to (docs/guides/*.md of the repository, copied into
 * the image) are served as Markdown at /docs/guides/<name>.md, read once at start and by exact
 * name: no part of a request's URL reaches the file system.
 */
export const defaultGuidesDir = resolve(__dirname, '..', '..', '..', '..', 'docs', 'guides');

/** The guides the description lists, in reading order, with what each is for. */
export const apiGuides = [
  { file: 'platform-integration.md', title: 'Integrating a platform', for: 'from test money in the sandbox to the live ledger' },
  { file: 'sandbox-economy.md', title: 'The sandbox economy', for: 'subscriptions, cash-outs, splits and refunds on a test clock' },
  { file: 'operator-day.md', title: "An operator's day", for: 'approvals, monitoring, freezes, the supply and the audit log' },
  { file: 'first-change.md', title: 'Your first change', for: 'for a contributor: the code, the tests and the docs' },
] as const;

/** The document's description: what the API is, its code samples and the variables they read, and the guides. */
export const apiDescription = [
  'Central ledger of the platform coin. Errors are RFC 9457 problem+json.',
  '',
  '## Code samples',
  '',
  'Every operation shows four samples made from it: curl, TypeScript (`@coin/client`), Python (its standard library) and Go (`net/http`, Go 1.24 or later). Each pastes as written on a fresh Debian and reads from the environment what it needs; set these first:',
  '',
  '- `COIN_URL`: the gateway’s address (`http://127.0.0.1:8080` under `npm start`; `eval "$(npm run -s admin -- dev-seed)"` exports it).',
  '- `COIN_TOKEN`: the caller’s access token: a user’s (`POST /api/auth/login`, its `accessToken`) or a platform client’s (`POST /api/auth/token` with its client id and secret, its `access_token`), as the operation takes.',
  '- `COIN_API_KEY`: an ADMIN’s API key, only where the operation takes one beside the ADMIN’s token.',
  '',
  'A write makes its own `Idempotency-Key` (curl reads one from `/proc/sys/kernel/random/uuid`, Python from `uuid`, Go from `crypto/rand`; `@coin/client` sends one of its own), and a time in a body is tomorrow’s, made when the sample runs. Paths and bodies carry the documented examples: put your own ids in.',
  '',
  '## Guides',
  '',
  ...apiGuides.map((guide) => `- [${guide.title}](/docs/guides/${guide.file}): ${guide.for}`),
].join('\n');

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Coin ledger API</title>
    <link rel="stylesheet" href="/docs/reference.css" />
  </head>
  <body>
    <redoc spec-url="/openapi.json" path-in-middle-panel required-props-first native-scrollbars></redoc>
    <script src="/docs/redoc.standalone.js"></script>
  </body>
</html>
`;

const css = 'body { margin: 0; padding: 0; }\n';

/** Redoc's bundle as the installed package has it. */
function redocBundle(): Buffer {
  return readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'));
}

function readGuides(dir: string): Map<string, Buffer> {
  const guides = new Map<string, Buffer>();
  if (!existsSync(dir)) return guides;
  const present = new Set(readdirSync(dir));
  for (const { file } of apiGuides) if (present.has(file)) guides.set(file, readFileSync(join(dir, file)));
  return guides;
}

/** GET /docs (and /docs/), its script and style, /docs/json (the document, where Swagger UI served it), and the guides. */
export function registerApiReferenceRoutes(app: FastifyInstance, options: { guidesDir?: string } = {}): void {
  const bundle = redocBundle();
  const guides = readGuides(options.guidesDir ?? defaultGuidesDir);
  const hidden = { schema: { hide: true }, config: { access: 'public' } } as const;
  const sendPage = async (_: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  app.get('/docs', hidden, sendPage);
  app.get('/docs/', hidden, sendPage);
  app.get('/docs/reference.css', hidden, async (_, reply) => reply.type('text/css; charset=utf-8').send(css));
  app.get('/docs/redoc.standalone.js', hidden, async (_, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(bundle),
  );
  app.get('/docs/json', hidden, async () => (app as FastifyInstance & { swagger(): unknown }).swagger());
  app.get('/docs/guides/:name', hidden, async (request, reply) => {
    const guide = guides.get((request.params as { name: string }).name);
    if (!guide) return reply.code(404).type('text/plain; charset=utf-8').send('No such guide');
    return reply.type('text/markdown; charset=utf-8').send(guide);
  });
}
