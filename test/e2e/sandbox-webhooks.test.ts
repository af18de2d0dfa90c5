import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { standardWebhooksSecret } from '@coin/events';
import { Webhook } from 'standardwebhooks';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { registerUser } from '../harness/http';
import { adminSession, createPlatformClientWithCli, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * The sandbox's webhooks (docs/decisions/0018-sandbox.md): a test-mode client registers an
 * endpoint, receives its sandbox rewards as deliveries a Standard Webhooks library verifies, reads
 * what it missed while its receiver was down through GET /api/events, and makes the retry happen
 * now by advancing its test clock (the schedule's first wait is a minute of wall time here). No
 * live credential sees any of it.
 */
describe('the sandbox delivers webhooks by the test clock', () => {
  let stack: TestStack;
  let admin: AdminSession;
  let superadmin: AdminSession;
  const run = randomUUID().slice(0, 8);
  const receiver = {
    down: false,
    received: [] as Array<{ headers: IncomingHttpHeaders; body: string }>,
    refused: 0,
    server: undefined as Server | undefined,
    url: '',
  };

  beforeAll(async () => {
    receiver.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (receiver.down) {
          receiver.refused += 1;
          return void response.writeHead(503).end('down');
        }
        receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/sandbox-hooks`;
    // The retry schedule's real minute (WEBHOOKS_RETRY_UNIT_MS's default): only the clock can make a retry come sooner.
    stack = await startTestStack(sandboxStack);
    [admin, superadmin] = await Promise.all([adminSession(stack, 'ADMIN'), adminSession(stack, 'SUPERADMIN')]);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await new Promise<void>((resolve) => (receiver.server ? receiver.server.close(() => resolve()) : resolve()));
  });

  const clientOf = (credentials: { clientId: string; clientSecret: string }): CoinClient =>
    createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials }) });

  it('when a test client registers an endpoint, rewards, loses its receiver and advances its clock, then it gets each event, reads the missed one back and sees the retry at once; no live credential sees any of it', async () => {
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `sandbox hooks ${run}`, treasuries: ['REWARDS'] } });
    const testClientId = created.client.id;
    const sandbox = clientOf({ clientId: testClientId, clientSecret: created.clientSecret! });
    const endpoint = await sandbox.createWebhookEndpoint({ body: { url: receiver.url, eventTypes: ['coin.transaction.recorded'] } });
    expect(endpoint).toMatchObject({ clientId: testClientId, status: 'ENABLED' });
    const verifier = new Webhook(standardWebhooksSecret(endpoint.secret));

    // Test coins, then a reward to the sandbox wallet of a user who linked the client: its delivery, verified by the library.
    const user = await registerUser(stack.gatewayUrl);
    await createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: user.accessToken }).linkPlatformClient({
      body: { clientId: testClientId },
    });
    const payee = user.userId;
    await sandbox.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 100, reason: 'sandbox funds' } });
    const rewardOf = (reason: string) =>
      eventually(
        () =>
          sandbox
            .rewardUser({ body: { userId: payee, amount: 5, reason } })
            // The sandbox never makes a client's reward wait for a person: it answers the transaction.
            .then((answer) => ('transaction' in answer ? answer.transaction : undefined))
            .catch((err: unknown) => {
              if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
              throw err;
            }),
        30_000,
        'the payee’s sandbox wallet',
      );
    const first = await rewardOf(`first ${run}`);
    const delivered = await eventually(
      async () => receiver.received.find((r) => r.body.includes(`first ${run}`)),
      20_000,
      'the first delivery',
    );
    const verified = verifier.verify(delivered.body, delivered.headers as Record<string, string>) as { transaction: { id: number } };
    expect(verified.transaction.id).toBe(first.id);

    // The receiver goes down: the next reward's first attempt fails, and its retry waits a minute.
    receiver.down = true;
    const second = await rewardOf(`second ${run}`);
    const pending = await eventually(
      async () => {
        const log = await sandbox.listWebhookDeliveries({ path: { id: endpoint.id } });
        return log.deliveries.find((d) => JSON.stringify(d.payload).includes(`second ${run}`) && d.attempts === 1);
      },
      20_000,
      'the failed first attempt',
    );
    expect(pending).toMatchObject({ status: 'PENDING', lastResponseCode: 503 });
    // What it missed, read back through the events API: the bytes the delivery carries.
    const missed = await sandbox.listEvents({ query: { type: 'coin.transaction.recorded' } });
    const missedEvent = missed.events.find((e) => e.id === pending.eventId);
    expect(missedEvent?.payload).toMatchObject({ transaction: { id: second.id } });

    // Back up, but the retry is due a minute after its first attempt was (the delivery's making, on
    // this client's clock, which has not moved): the dispatcher waits for that, not for the receiver.
    receiver.down = false;
    expect(Date.parse(pending.nextAttemptAt!) - Date.parse(pending.createdAt)).toBeGreaterThanOrEqual(60_000);
    expect(receiver.received.some((r) => r.body.includes(`second ${run}`))).toBe(false);
    // Two minutes on the client's clock: the retry is due, and comes now.
    await sandbox.advanceSandboxClock({ body: { seconds: 120 } });
    const retried = await eventually(
      async () => receiver.received.find((r) => r.body.includes(`second ${run}`)),
      15_000,
      'the retry on the advanced clock',
    );
    expect(retried.headers['coin-delivery-attempt']).toBe('2');
    expect(verifier.verify(retried.body, retried.headers as Record<string, string>)).toMatchObject({ eventId: pending.eventId });

    // No live credential sees the sandbox's endpoint or events: a live client with the same grants has none,
    // and a SUPERADMIN is refused the test client's.
    const live = clientOf(await createPlatformClientWithCli(stack, `live hooks ${run}`, { treasuries: ['REWARDS'] }));
    expect((await live.listWebhookEndpoints()).endpoints).toEqual([]);
    expect((await live.listEvents({ query: {} })).events.filter((e) => e.id === pending.eventId)).toEqual([]);
    await expect(
      createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: superadmin.accessToken }).listClientWebhookEndpoints({
        path: { clientId: testClientId },
      }),
    ).rejects.toMatchObject({ status: 403, code: 'TEST_MODE_CREDENTIALS' });
    // And the test client's list is the sandbox's only: its one endpoint.
    expect((await sandbox.listWebhookEndpoints()).endpoints.map((e) => e.id)).toEqual([endpoint.id]);
  }, 120_000);
});
