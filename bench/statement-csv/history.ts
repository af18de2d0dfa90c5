/**
 * bench:history's history process for the statement CSV: the history service's internal routes
 * (registerInternalRoutes, as the service mounts them) on a socket, in a process of its own so
 * its peak RSS is its own. Told its database and the gateway's public key by the environment;
 * answers `rss` messages with process.resourceUsage().maxRSS.
 */
import { createPool } from '@coin/db';
import { buildInternalApp } from '@coin/http';
import { historyRouteCallers, registerInternalRoutes } from '@coin/history';
import { createLogger } from '@coin/logger';
import { reportRssOnRequest } from './rss';

const pool = createPool({
  url: process.env.BENCH_DATABASE_URL!,
  schema: process.env.BENCH_SCHEMA!,
  applicationName: 'bench-history-csv',
  connectionsMax: 4,
});
const app = buildInternalApp({
  logger: createLogger('bench-history-csv', 'warn'),
  serviceAuth: { audience: 'history', publicKeys: { gateway: process.env.BENCH_GATEWAY_PUBLIC_KEY! }, routes: historyRouteCallers },
});
registerInternalRoutes(app, { pool });
async function serve(): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  reportRssOnRequest(typeof address === 'object' && address ? address.port : 0);
}

serve().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
