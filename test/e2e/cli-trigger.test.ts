import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { clientCredentialsToken, createCoinClient } from '@coin/client';
import { verifyAndParseWebhook } from '@coin/events';
import { adminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { startReceiver } from '../harness/webhook-receiver';

const repoRoot = join(__dirname, '..', '..');

/** Runs the `coin` command as a process (tsx over libs/cli's source), its environment only what it is given. */
function coinProcess(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), join(repoRoot, 'libs/cli/src/cli.ts'), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `coin trigger EVENT_TYPE` makes the event happen in the sandbox through the real pipeline (the
 * test client's own API calls, the sandbox ledger, Kafka, the webhooks service): the event it
 * prints is the one delivered, signed with the endpoint's secret, to the client's receiver. Wrong
 * credentials trigger nothing.
 */
describe('coin trigger, through the sandbox', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let receiverUrl = '';
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    receiver = await startReceiver();
    receiverUrl = `${receiver.url}/hooks`;
    stack = await startTestStack(sandboxStack);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  /** The command's printed lines; a non-zero exit throws with its stderr. */
  const coin = async (args: string[], env: NodeJS.ProcessEnv) => {
    const { code, stdout, stderr } = await coinProcess(args, env);
    if (code !== 0) throw Object.assign(new Error(stderr.trim()), { code });
    return stdout.trim().split('\n');
  };

  it('when a test client triggers coin.transaction.recorded and coin.webhook.test, then its endpoint receives each real event, signed, with the printed id', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `cli trigger ${run}`, treasuries: ['REWARDS'] } });
    const credentials = { clientId: created.client.id, clientSecret: created.clientSecret! };
    const sandbox = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials }),
    });
    const endpoint = await sandbox.createWebhookEndpoint({ body: { url: receiverUrl, eventTypes: ['coin.transaction.recorded'] } });
    const env = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: credentials.clientId, COIN_CLIENT_SECRET: credentials.clientSecret };

    const lines = await coin(['trigger', 'coin.transaction.recorded'], env);
    expect(lines[0]).toMatch(/^transaction \d+ recorded in the sandbox \(MINT of 0\.01 into REWARDS\)$/);
    const eventId = /^coin\.transaction\.recorded {2}(\S+) {2}->/.exec(lines[1] ?? '')?.[1];
    expect(eventId).toBeDefined();
    const delivery = await eventually(
      async () => receiver.received.find((r) => r.headers['webhook-id'] === eventId),
      30_000,
      'the triggered event’s delivery',
    );
    const event = verifyAndParseWebhook(delivery.body, delivery.headers, endpoint.secret);
    expect(event).toMatchObject({ type: 'coin.transaction.recorded', eventId });
    expect(event.type === 'coin.transaction.recorded' && event.transaction).toMatchObject({
      type: 'MINT',
      amount: 0.01,
      toTreasury: 'REWARDS',
      id: Number(/transaction (\d+)/.exec(lines[0] ?? '')?.[1]),
    });

    const tested = await coin(['trigger', 'coin.webhook.test'], env);
    const testId = /^coin\.webhook\.test {2}(\S+) {2}-> /.exec(tested[0] ?? '')?.[1];
    const test = await eventually(
      async () => receiver.received.find((r) => r.headers['webhook-id'] === testId),
      30_000,
      'the test delivery',
    );
    expect(verifyAndParseWebhook(test.body, test.headers, endpoint.secret)).toMatchObject({ type: 'coin.webhook.test', eventId: testId });
  }, 120_000);

  it('when a test client resends its delivered event with coin events resend, then its endpoint gets it again, the same delivery each time; another client’s resend of it is a 404', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const clientEnv = async (name: string) => {
      const created = await operator.createTestClient({ body: { name: `${name} ${run}`, treasuries: ['REWARDS'] } });
      return { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: created.client.id, COIN_CLIENT_SECRET: created.clientSecret! };
    };
    const env = await clientEnv('cli resend');
    const sandbox = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({
        baseUrl: stack.gatewayUrl,
        clientId: env.COIN_CLIENT_ID,
        clientSecret: env.COIN_CLIENT_SECRET,
      }),
    });
    const endpoint = await sandbox.createWebhookEndpoint({
      body: { url: `${receiver.url}/resend`, eventTypes: ['coin.transaction.recorded'] },
    });
    const triggered = await coin(['trigger', 'coin.transaction.recorded'], env);
    const eventId = /^coin\.transaction\.recorded {2}(\S+) {2}->/.exec(triggered[1] ?? '')?.[1] as string;
    const deliveriesOf = () => receiver.received.filter((r) => r.headers['webhook-id'] === eventId);
    await eventually(async () => (deliveriesOf().length === 1 ? true : undefined), 30_000, 'the first delivery');

    const resent = await coin(['events', 'resend', eventId], env);
    expect(resent).toEqual([expect.stringMatching(new RegExp(`^${eventId} {2}-> endpoint ${endpoint.id}, delivery (\\d+): PENDING$`))]);
    await eventually(async () => (deliveriesOf().length === 2 ? true : undefined), 30_000, 'the resent delivery');
    const [first, again] = deliveriesOf();
    expect(again?.body).toBe(first?.body);
    expect(verifyAndParseWebhook(again!.body, again!.headers, endpoint.secret)).toMatchObject({ eventId });
    // The same delivery each time: a resend queues the existing delivery again, never a new one.
    const deliveryId = /delivery (\d+)/.exec(resent[0] ?? '')?.[1];
    expect(await coin(['events', 'resend', eventId], env)).toEqual([expect.stringContaining(`delivery ${deliveryId}: PENDING`)]);
    const log = await sandbox.listWebhookDeliveries({ path: { id: endpoint.id } });
    expect(log.deliveries.filter((d) => d.eventId === eventId)).toHaveLength(1);

    // Each queuing is audited with the client as actor (services/webhooks/src/webhooks.int.test.ts reads the record).

    // Another platform's resend of it: the same 404 as an id no event has; nothing is sent.
    const before = receiver.received.length;
    const other = await clientEnv('cli resend other');
    for (const id of [eventId, randomUUID()]) {
      const refused = await coinProcess(['events', 'resend', id], other);
      expect({ code: refused.code, stderr: refused.stderr }).toEqual({ code: 1, stderr: expect.stringContaining('No such event') });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length).toBe(before);
  }, 120_000);

  it('when the credentials are wrong, then nothing is triggered and the command fails (exit 1)', async () => {
    const before = receiver.received.length;
    const wrong = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: 'test_nobody', COIN_CLIENT_SECRET: 'not-the-secret' };
    await expect(coin(['trigger', 'coin.transaction.recorded'], wrong)).rejects.toMatchObject({ code: 1 });
    expect(receiver.received.length).toBe(before);
  }, 60_000);
});
