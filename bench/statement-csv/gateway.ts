/**
 * bench:history's gateway process for the statement CSV: the gateway's own pass-through
 * (InternalApi.stream with a service token, then sendStatementCsv) behind one route, in a
 * process of its own so its peak RSS is its own. Authentication and the other plugins of the
 * real gateway are left out: they do not touch the body.
 */
import { ServiceTokenSigner } from '@coin/http';
import { createLogger } from '@coin/logger';
import { InternalApi, InternalHttpClient, sendStatementCsv } from '@coin/gateway/testing';
import Fastify from 'fastify';
import { reportRssOnRequest } from './rss';

const authorization = new ServiceTokenSigner('gateway', process.env.BENCH_GATEWAY_PRIVATE_KEY!).authorizationFor('history');
const history = new InternalHttpClient(process.env.BENCH_HISTORY_URL!, 10_000, authorization);
const internal = new InternalApi({ ledger: history, users: history, history });
const app = Fastify({ loggerInstance: createLogger('bench-gateway-csv', 'warn') as never });
app.get('/statement.csv', async (request, reply) => {
  const { kind, id, from, to } = request.query as { kind: 'user' | 'treasury'; id: string; from: string; to: string };
  return sendStatementCsv(reply, await internal.stream('history.statement-csv', { kind, id, from, to }, String(request.id)));
});
async function serve(): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  reportRssOnRequest(typeof address === 'object' && address ? address.port : 0);
}

serve().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
