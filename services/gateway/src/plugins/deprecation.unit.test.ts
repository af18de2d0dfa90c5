import Fastify from 'fastify';
import { deprecationHeadersOf, registerDeprecationHeaders } from './deprecation';

describe('Deprecation and Sunset headers of deprecated operations', () => {
  it('when an operation is deprecated with both days, then its answers say since when (RFC 9745), until when (RFC 8594) and where to read', async () => {
    const app = Fastify({ logger: false });
    registerDeprecationHeaders(app);
    app.get('/old', { schema: { deprecated: true, 'x-deprecated': '2026-12-01', 'x-sunset': '2027-03-01' } as never }, async () => ({
      ok: 1,
    }));
    app.get('/failing-old', { schema: { deprecated: true, 'x-deprecated': '2026-12-01', 'x-sunset': '2027-03-01' } as never }, async () => {
      throw Object.assign(new Error('no'), { statusCode: 400 });
    });
    app.get('/current', async () => ({ ok: 1 }));
    for (const url of ['/old', '/failing-old']) {
      const answer = await app.inject({ method: 'GET', url });
      expect({
        url,
        deprecation: answer.headers.deprecation,
        sunset: answer.headers.sunset,
        link: answer.headers.link,
      }).toEqual({
        url,
        deprecation: `@${Date.parse('2026-12-01T00:00:00Z') / 1000}`,
        sunset: 'Mon, 01 Mar 2027 00:00:00 GMT',
        link: '</openapi.json>; rel="deprecation"; type="application/json"',
      });
    }
    const current = await app.inject({ method: 'GET', url: '/current' });
    expect([current.headers.deprecation, current.headers.sunset]).toEqual([undefined, undefined]);
    await app.close();
  });

  it('when a deprecated route lacks a day, names an impossible one, or ends before it starts, then it cannot be added', () => {
    for (const marks of [
      { deprecated: true },
      { deprecated: true, 'x-sunset': '2027-03-01' },
      { deprecated: true, 'x-deprecated': '2026-12-01', 'x-sunset': '2027-02-30' },
      { deprecated: true, 'x-deprecated': '2026-12-01', 'x-sunset': '2026-11-01' },
      { deprecated: true, 'x-deprecated': 20261201, 'x-sunset': '2027-03-01' },
    ]) {
      expect(() => deprecationHeadersOf(marks, 'route GET /x')).toThrow(/route GET \/x/);
    }
    expect(deprecationHeadersOf({ 'x-sunset': '2027-03-01' }, 'route GET /x')).toBeNull();
    expect(deprecationHeadersOf(undefined, 'route GET /x')).toBeNull();
  });
});
