import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { createPool, schemaName } from '@coin/db';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * GET /api/events serves a platform's own events whether or not it ever registered a webhook
 * endpoint (docs/design/platform.md "A platform's events"): the webhooks service learns every live
 * client and its grants from the user service. A platform client freshly made, with no endpoint,
 * rewards a user and reads the event back through @coin/client; a client granted another treasury
 * does not see it; a revoked client's events stop.
 */
describe('a platform client’s events without a webhook endpoint', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let rewarder: CoinClient;
  let other: CoinClient;
  let watcherId: string;
  let watcher: CoinClient;
  let payee: number;
  const run = randomUUID().slice(0, 8);

  const clientOf = (credentials: { clientId: string; clientSecret: string }): CoinClient =>
    createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials }) });
  const rewardOf = (reason: string) =>
    eventually(
      () =>
        rewarder
          .rewardUser({ body: { userId: payee, amount: 2, reason } })
          .then((answer) => ('transaction' in answer ? answer.transaction : undefined))
          .catch((err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
            throw err;
          }),
      30_000,
      'the payee’s wallet',
    );
  type PlatformEvent = Awaited<ReturnType<CoinClient['listEvents']>>['events'][number];
  const eventOf = (client: CoinClient, transactionId: number) => async (): Promise<PlatformEvent | undefined> =>
    (await client.listEvents({ query: { type: 'coin.transaction.recorded', limit: 100 } })).events.find(
      (event) => (event.payload as { transaction?: { id: number } }).transaction?.id === transactionId,
    );
  /** The events recorded for a client, read from the webhooks service's table (a revoked client has no token to ask with). */
  const recordedFor = async (clientId: string, eventId: string): Promise<number> => {
    const pool = createPool({
      url: stack.databaseUrl,
      schema: schemaName(stack.prefix, 'webhooks'),
      applicationName: 'test',
      connectionsMax: 1,
    });
    try {
      const r = await pool.query('SELECT count(*)::int AS n FROM webhook_events WHERE client_id = $1 AND event_id = $2', [
        clientId,
        eventId,
      ]);
      return (r.rows[0] as { n: number }).n;
    } finally {
      await pool.end();
    }
  };

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1000);
    const [a, ops, w] = await Promise.all([
      createPlatformClientWithCli(stack, `no-endpoint-a-${run}`, { treasuries: ['REWARDS'] }),
      createPlatformClientWithCli(stack, `no-endpoint-ops-${run}`, { treasuries: ['OPERATIONS'] }),
      createPlatformClientWithCli(stack, `no-endpoint-watcher-${run}`, { treasuries: ['REWARDS'] }),
    ]);
    rewarder = clientOf(a);
    other = clientOf(ops);
    watcher = clientOf(w);
    watcherId = w.clientId;
    payee = (await registerUser(stack.gatewayUrl)).userId;
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a platform client with no endpoint rewards a user, then it reads the coin.transaction.recorded event from GET /api/events; a client granted another treasury does not', async () => {
    expect((await rewarder.listWebhookEndpoints()).endpoints).toEqual([]);
    const reward = await rewardOf(`no endpoint ${run}`);
    const event = await eventually(eventOf(rewarder, reward.id), 20_000, 'the reward in the rewarder’s events');
    expect(event).toMatchObject({ type: 'coin.transaction.recorded', payload: { transaction: { id: reward.id, toUserId: payee } } });
    expect(await rewarder.getEvent({ path: { id: event.id } })).toEqual(event);
    // Granted REWARDS too, without having acted: no party to the reward, it does not see it.
    expect(await eventOf(watcher, reward.id)()).toBeUndefined();
    // Granted OPERATIONS only: neither listed nor readable.
    expect(await eventOf(other, reward.id)()).toBeUndefined();
    await expect(other.getEvent({ path: { id: event.id } })).rejects.toMatchObject({ status: 404 });
  });

  it('when a client is revoked, then the events after it are no longer recorded for it', async () => {
    await createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: superadmin.accessToken }).revokePlatformClient({
      path: { id: watcherId },
    });
    const reward = await rewardOf(`after revocation ${run}`);
    const event = await eventually(eventOf(rewarder, reward.id), 20_000, 'the reward in the rewarder’s events');
    expect(await recordedFor(watcherId, event.id)).toBe(0);
  });
});
