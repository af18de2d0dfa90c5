import { request } from 'node:http';
import Fastify from 'fastify';
import { closeWithin } from './close-within';
import { endQuietConnectionsOnClose } from './quiet-close';

function recordingLogger() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const logger = { warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }) };
  return { logger: logger as never, warnings };
}

/** Sends a GET and settles with how it ended: its status, or the error that ended it. */
function get(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, (res) => {
      res.resume();
      res.on('end', () => resolve(`status ${res.statusCode}`));
      res.on('error', (err) => resolve(`error ${err.message}`));
    });
    req.on('error', (err) => resolve(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    req.end();
  });
}

describe('closing an app within a drain time', () => {
  it('when a request never ends, then after the drain time its connection is closed, the close completes and a warning counts it', async () => {
    const app = Fastify();
    let arrived!: () => void;
    const hanging = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/forever', async () => {
      arrived();
      return new Promise(() => undefined);
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const answer = get(`${url}/forever`);
    await hanging;
    const { logger, warnings } = recordingLogger();
    await closeWithin(app, 200, logger);
    expect(await answer).toMatch(/^error /);
    expect(warnings).toEqual([
      { fields: { drainMs: 200, connections: 1 }, message: 'requests still open after the drain time; closing their connections' },
    ]);
  });

  it('when the requests in flight end within the drain time, then they are answered and nothing is forced', async () => {
    const app = Fastify();
    // Its kept-alive connection, once answered, is ended by the app's close (as every app of ours is built).
    endQuietConnectionsOnClose(app);
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { ok: true };
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const answer = get(`${url}/slow`);
    // Closed once the request is in the handler: a connection whose request is not read yet is idle.
    await inFlight;
    const { logger, warnings } = recordingLogger();
    await closeWithin(app, 5_000, logger);
    expect(await answer).toBe('status 200');
    expect(warnings).toEqual([]);
  });
});
