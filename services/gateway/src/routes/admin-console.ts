import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The admin console (services/admin-console): a single-page app built by Vite into its
 * package's dist/www, served here at /admin as static files. The files are read once when the
 * gateway starts and served from memory by their exact path, so no part of a request's URL ever
 * reaches the file system (no traversal to guard against). Any other path under /admin is a
 * client-side route and gets index.html. The console's access is 'public': it is only files; the
 * API behind it enforces every role. Its Content-Security-Policy is set in
 * plugins/security-headers.ts; the routes are hidden from the OpenAPI document (not API).
 */
export const defaultAdminConsoleDir = resolve(__dirname, '..', '..', '..', 'admin-console', 'dist', 'www');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface ConsoleFile {
  body: Buffer;
  type: string;
  etag: string;
  /** Vite's hashed assets never change under their name; index.html must be revalidated. */
  immutable: boolean;
}

function readConsoleFiles(root: string): Map<string, ConsoleFile> {
  const files = new Map<string, ConsoleFile>();
  if (!existsSync(join(root, 'index.html'))) return files;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const body = readFileSync(path);
        const urlPath = relative(root, path).split(sep).join('/');
        files.set(urlPath, {
          body,
          // own-key: the names are the files of the console build read at start, never a caller's
          type: contentTypes[extname(name)] ?? 'application/octet-stream',
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
          immutable: urlPath.startsWith('assets/'),
        });
      }
    }
  };
  walk(root);
  return files;
}

const notBuilt =
  'The admin console is not built: `npm start` and `npm test` build it (scripts/stack/console.ts), or run `npm run console:build`, then restart the gateway.\n';

export function registerAdminConsoleRoutes(app: FastifyInstance, options: { dir?: string } = {}): void {
  const files = readConsoleFiles(options.dir ?? defaultAdminConsoleDir);
  const send = (reply: FastifyReply, file: ConsoleFile, ifNoneMatch: string | undefined) => {
    reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    reply.header('etag', file.etag);
    if (ifNoneMatch === file.etag) return reply.code(304).send();
    return reply.type(file.type).send(file.body);
  };
  const common = { schema: { hide: true }, config: { access: 'public' as const } };

  app.get('/admin', common, async (_request, reply) => reply.redirect('/admin/', 302));
  app.get('/admin/*', common, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const index = files.get('index.html');
    if (!index) return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(notBuilt);
    const ifNoneMatch = request.headers['if-none-match'];
    const file = files.get(path);
    if (file) return send(reply, file, ifNoneMatch);
    // A missing asset is a 404 (a stale page asking for an old bundle); anything else is a route of the app.
    if (path.startsWith('assets/') || extname(path) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    return send(reply, index, ifNoneMatch);
  });
}
