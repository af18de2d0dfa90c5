import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { createLogger } from '@coin/logger';
import { accessLogged, loggedUrl, registerAccessLog } from './access-log';

/** A gateway-like app whose log lines are collected; `draw` decides the sample. */
async function appLogging(draw: number) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('access-log-test', 'info', sink);
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }) });
  registerAccessLog(app, { sampleRate: 0.01, slowMs: 1000 }, () => draw);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines: () => lines.filter((l) => l.msg === 'request completed') };
}

describe('access log (one line per logged answer, sampled)', () => {
  it('when an ordinary answer is not drawn, then it gets no line; when drawn, one line marked sampled', async () => {
    const quiet = await appLogging(0.5);
    await quiet.app.inject({ method: 'GET', url: '/ok' });
    expect(quiet.lines()).toEqual([]);
    const drawn = await appLogging(0.001);
    await drawn.app.inject({ method: 'GET', url: '/ok?x=1' });
    expect(drawn.lines()).toEqual([
      expect.objectContaining({ method: 'GET', url: '/ok?x=1', route: '/ok', statusCode: 200, sampled: true, reqId: expect.anything() }),
    ]);
  });

  it('when the answer is an error (4xx or 5xx), then it always gets a line, not marked sampled', async () => {
    const { app, lines } = await appLogging(0.99);
    await app.inject({ method: 'GET', url: '/fails' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(lines().map((l) => [l.statusCode, l.sampled])).toEqual([
      [500, undefined],
      [404, undefined],
    ]);
  });

  it('when an answer is slow, then it is logged whatever the draw', () => {
    const options = { sampleRate: 0, slowMs: 1000 };
    expect(accessLogged(200, 999, options, 0.5)).toBe(false);
    expect(accessLogged(200, 1000, options, 0.5)).toBe(true);
    expect(accessLogged(429, 1, options, 0.5)).toBe(true);
  });

  it('when a query carries an e-mail address (email, q), then the line shows the parameter without its value', async () => {
    const { app, lines } = await appLogging(0.99);
    await app.inject({ method: 'GET', url: '/nowhere?email=ada%40example.com&type=MINT&q=ada@example.com' });
    expect(lines()[0]?.url).toBe('/nowhere?email=[redacted]&type=MINT&q=[redacted]');
    expect(JSON.stringify(lines())).not.toContain('example.com');
    expect(loggedUrl('/a?%65mail=x@y.z')).toBe('/a?%65mail=[redacted]');
    expect(loggedUrl('/a?%E0=1&emails=2')).toBe('/a?%E0=1&emails=2');
    expect(loggedUrl('/a')).toBe('/a');
  });
});
