import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerRouteTable } from '../plugins/route-table';
import { registerSecurityHeaders, securityHeaders } from '../plugins/security-headers';
import { registerAdminConsoleRoutes } from './admin-console';

describe('admin console routes (/admin)', () => {
  let dir: string;
  let app: FastifyInstance;
  const index = '<!doctype html><script type="module" src="/admin/assets/app-1.js"></script>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), index);
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    app = Fastify();
    registerRouteTable(app);
    registerSecurityHeaders(app, securityHeaders());
    registerAdminConsoleRoutes(app, { dir });
    app.get('/api/x', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a file of the build is asked, then it is served with its type, an ETag and the console CSP', async () => {
    const js = await app.inject({ url: '/admin/assets/app-1.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = String(js.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    const again = await app.inject({ url: '/admin/assets/app-1.js', headers: { 'if-none-match': String(js.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('when a client-side route is asked, then index.html answers (revalidated); a missing asset or a traversal is 404', async () => {
    for (const url of ['/admin/', '/admin/users/42', '/admin/transactions?type=MINT']) {
      const page = await app.inject({ url });
      expect({ url, status: page.statusCode, body: page.body, cache: page.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        body: index,
        cache: 'no-cache',
      });
    }
    expect((await app.inject({ url: '/admin' })).headers.location).toBe('/admin/');
    expect((await app.inject({ url: '/admin/assets/app-2.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/admin/..%2f..%2fpackage.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/admin/../../../etc/passwd' })).body).not.toContain('root:');
  });

  it('then the routes are public, hidden from the OpenAPI document, and the API keeps its own CSP', async () => {
    const routes = app.routeTable.filter((r) => r.url.startsWith('/admin'));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).toMatchObject({ access: 'public', hidden: true });
    expect((await app.inject({ url: '/api/x' })).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('when the console is not built, then /admin says how to build it (503)', async () => {
    const empty = Fastify();
    registerAdminConsoleRoutes(empty, { dir: join(dir, 'nothing-here') });
    const answer = await empty.inject({ url: '/admin/' });
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toContain('npm run console:build');
    await empty.close();
  });
});
