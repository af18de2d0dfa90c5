import Fastify from 'fastify';
import { registerMethodNotAllowed } from './method-not-allowed';

describe('405 METHOD_NOT_ALLOWED and its Allow header', () => {
  async function appWith(routes: Array<[string, string]>) {
    const app = Fastify();
    registerMethodNotAllowed(app);
    for (const [method, url] of routes) app.route({ method, url, handler: async () => ({}) });
    await app.ready();
    return app;
  }

  it('when a path is a parameterised route and a literal sibling, then Allow names the literal route alone', async () => {
    const app = await appWith([
      ['PUT', '/api/admin/monitoring/rules/:ruleId'],
      ['POST', '/api/admin/monitoring/rules/backtest'],
      ['GET', '/api/admin/monitoring/rules'],
    ]);
    const backtest = await app.inject({ method: 'OPTIONS', url: '/api/admin/monitoring/rules/backtest' });
    expect([backtest.statusCode, backtest.headers.allow]).toEqual([405, 'POST']);
    // Any other segment is the parameterised route's.
    const rule = await app.inject({ method: 'OPTIONS', url: '/api/admin/monitoring/rules/fan-out' });
    expect([rule.statusCode, rule.headers.allow]).toEqual([405, 'PUT']);
    await app.close();
  });

  it('when a path is served by several methods, then Allow names each of them', async () => {
    const app = await appWith([
      ['GET', '/api/things/:id'],
      ['DELETE', '/api/things/:id'],
    ]);
    const response = await app.inject({ method: 'PATCH', url: '/api/things/1' });
    expect([response.statusCode, response.headers.allow]).toEqual([405, 'DELETE, GET, HEAD']);
    await app.close();
  });
});
