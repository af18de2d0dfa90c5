import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How often a closing server looks for connections that carry no request. */
const sweepMs = 50;

/**
 * Makes the app's close end, as soon as they carry no request, the connections that would
 * otherwise hold it. Node's server close waits for every connection to end, and closes only
 * those idle when it starts: a keep-alive connection whose request was in flight stays open once
 * answered until its keep-alive runs out (fastify's 72 s), and one that was opened and never sent
 * a byte (a client that connected and then gave up its request) is not "idle" to Node at all: it
 * waits for the 60 s headers timeout. While the app closes, both are ended every 50 ms: the
 * idle ones, and those that have sent nothing. A connection with a request in flight is left to
 * be answered (closeWithin bounds how long).
 *
 * Call it when the app is built, before it listens: it tracks connections from the first.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
export function endQuietConnectionsOnClose(app: FastifyInstance<any, any, any, any, any>): void {
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.addHook('preClose', (done) => {
    const sweep = () => {
      app.server.closeIdleConnections();
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    };
    const timer = setInterval(sweep, sweepMs);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
    done();
  });
}
