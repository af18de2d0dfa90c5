import Fastify from 'fastify';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

describe('security headers: the docs page has its own strict CSP', () => {
  const app = Fastify();
  registerSecurityHeaders(app, securityHeaders());
  for (const url of ['/docs', '/docs/', '/docs/redoc.standalone.js', '/docsearch', '/api/x']) app.get(url, async () => 'ok');
  afterAll(() => app.close());

  it.each(['/docs', '/docs/', '/docs/redoc.standalone.js', '/docs?x=1'])(
    'when %s is served, then its CSP admits this origin only',
    async (url) => {
      const csp = String((await app.inject({ url })).headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline';");
      // Inline styles alone: no inline script, no eval, nothing from elsewhere.
      expect(csp.replace(/style-src [^;]*/, '')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp).not.toMatch(/unsafe-eval|https:|\*/);
    },
  );

  it('when a path only starts with /docs, or is under /api, then it does not get the docs policy', async () => {
    expect((await app.inject({ url: '/docsearch' })).headers['content-security-policy']).toBeUndefined();
    expect((await app.inject({ url: '/api/x' })).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
