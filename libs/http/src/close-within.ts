import type { FastifyInstance } from 'fastify';
import type { Logger } from '@coin/logger';

/**
 * Closes an app, giving the requests in flight `drainMs` to be answered: then the connections
 * still open are destroyed and the close goes on. Node's server close waits for every connection
 * to end, so one request that never ends (a stream the app did not know to end, a client that
 * stops reading) would hold the process's whole stop: every component after the app (consumers'
 * offset commits, producers, pools) until the orchestrator kills it. The connections that carry
 * no request are ended by the app's own close (endQuietConnectionsOnClose).
 */
export async function closeWithin(app: FastifyInstance, drainMs: number, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const forced = new Promise<'forced'>((resolve) => {
    timer = setTimeout(() => resolve('forced'), drainMs);
    timer.unref();
  });
  const closing = app.close();
  try {
    if ((await Promise.race([closing.then(() => 'closed' as const), forced])) === 'forced') {
      const open = await new Promise<number>((resolve) => app.server.getConnections((err, count) => resolve(err ? -1 : count)));
      logger.warn({ drainMs, connections: open }, 'requests still open after the drain time; closing their connections');
      app.server.closeAllConnections();
      await closing;
    }
  } finally {
    clearTimeout(timer);
  }
}
