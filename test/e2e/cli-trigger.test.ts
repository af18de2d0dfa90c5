import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { clientCredentialsToken, createCoinClient } from '@coin/client';
import { verifyAndParseWebhook } from '@coin/events';
import { adminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';
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
    stack = await startTestStack({ sandbox: true, extraEnv: { WEBHOOKS_POLL_INTERVAL_MS: '100' } });
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

  it('when the credentials are wrong, then nothing is triggered and the command fails (exit 1)', async () => {
    const before = receiver.received.length;
    const wrong = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: 'test_nobody', COIN_CLIENT_SECRET: 'not-the-secret' };
    await expect(coin(['trigger', 'coin.transaction.recorded'], wrong)).rejects.toMatchObject({ code: 1 });
    expect(receiver.received.length).toBe(before);
  }, 60_000);
});
