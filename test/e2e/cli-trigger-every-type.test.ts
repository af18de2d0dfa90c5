import { randomUUID } from 'node:crypto';
import { type CoinClient, clientCredentialsToken, createCoinClient } from '@coin/client';
import { verifyAndParseWebhook } from '@coin/events';
import { runCoinCommand, UsageError } from '../../libs/cli/src/command';
import { notTriggerable, triggerableTypes } from '../../libs/cli/src/trigger';
import { adminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { startReceiver } from '../harness/webhook-receiver';

/** The event types an endpoint's registration takes, as the client types them. */
type EventTypes = Parameters<CoinClient['createWebhookEndpoint']>[0]['body']['eventTypes'];

/**
 * The types an endpoint subscribes to: a test delivery and a disabled endpoint's event go to every
 * enabled endpoint, whatever its types.
 */
const subscribable = triggerableTypes.filter((type) => type !== 'coin.webhook.test' && type !== 'coin.webhook-endpoint.disabled');

/**
 * `coin trigger EVENT_TYPE` for every type a platform's sandbox commands make: each through the
 * real pipeline (the test client's own sandbox calls, its clock moved where time must pass, the
 * sandbox ledger, Kafka, the sandbox's webhooks service), the printed event being the one its
 * endpoint receives, signed; where it was delivered said as the delivery logs say it, and "none"
 * for a client without an endpoint. `coin sandbox` reads and moves the client's test users, clock
 * and test data. Long tier: one trigger after another, each waiting for its event.
 */
describe('coin trigger, every event type through the sandbox; coin sandbox', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startTestStack(sandboxStack);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  /** The command's printed lines (in process: the command's own code, the environment only what it is given). */
  const coin = async (args: string[], env: NodeJS.ProcessEnv) => {
    const lines: string[] = [];
    await runCoinCommand(args, env, (line) => lines.push(line), new AbortController().signal);
    return lines;
  };
  /** A new test-mode client granted REWARDS: its environment for `coin`, and its API client. */
  const testClient = async (name: string): Promise<{ env: NodeJS.ProcessEnv; api: CoinClient }> => {
    const admin = await adminSession(stack, 'ADMIN');
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `${name} ${run}`, treasuries: ['REWARDS'] } });
    const credentials = { clientId: created.client.id, clientSecret: created.clientSecret as string };
    const api = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials }),
    });
    return { env: { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: credentials.clientId, COIN_CLIENT_SECRET: credentials.clientSecret }, api };
  };

  describe('a test client with an endpoint that subscribes to every type', () => {
    let env: NodeJS.ProcessEnv;
    let endpoint: { id: string; url: string; secret: string };

    beforeAll(async () => {
      const client = await testClient('cli every type');
      env = client.env;
      endpoint = await client.api.createWebhookEndpoint({
        body: { url: `${receiver.url}/every-${run}`, eventTypes: subscribable as EventTypes },
      });
    }, 120_000);

    it.each([...triggerableTypes])(
      'when %s is triggered, then its endpoint receives that real event, signed, with the id printed, and the command says it was queued there',
      async (type) => {
        const lines = await coin(['trigger', type], env);
        const last = lines.at(-1) ?? '';
        const printed = new RegExp(`^${type.replace(/\./g, '\\.')} {2}(\\S+) {2}-> ${endpoint.url.replace(/\./g, '\\.')}`).exec(last);
        expect({ type, last, matched: printed !== null }).toEqual({ type, last, matched: true });
        const eventId = printed?.[1] as string;
        if (type !== 'coin.webhook.test') expect(last).toMatch(/: delivery \d+ (PENDING|DELIVERED)$/);
        const delivered = await eventually(
          async () => receiver.received.find((r) => r.headers['webhook-id'] === eventId),
          30_000,
          `the delivery of the triggered ${type}`,
        );
        expect(verifyAndParseWebhook(delivered.body, delivered.headers, endpoint.secret)).toMatchObject({ type, eventId });
      },
      120_000,
    );

    it.each(Object.keys(notTriggerable))(
      'when %s is triggered, then the command line is refused saying why no sandbox command makes it, and nothing is sent',
      async (type) => {
        const before = receiver.received.length;
        const refused = await coin(['trigger', type], env).catch((err: unknown) => err);
        expect(refused).toBeInstanceOf(UsageError);
        expect(String((refused as Error).message)).toContain(notTriggerable[type]);
        expect(receiver.received.length).toBe(before);
      },
    );
  });

  it('when a test client with no endpoint triggers an event, then it is made and the command says it was delivered to none', async () => {
    const { env } = await testClient('cli no endpoint');
    const lines = await coin(['trigger', 'coin.hold.created'], env);
    expect(lines.at(-1)).toMatch(
      /^coin\.hold\.created {2}\S+ {2}-> no enabled endpoint of yours subscribes to coin\.hold\.created: delivered to none/,
    );
    expect(lines.join('\n')).not.toContain('delivered to your endpoints');
  }, 120_000);

  it('when a test client uses coin sandbox, then it makes and lists its test users, reads, advances and sets its clock, and resets its test data', async () => {
    const { env } = await testClient('cli sandbox');
    const [made] = await coin(['sandbox', 'users', 'create', 'Ada'], env);
    const userId = /^test user (\d+) {2}Ada /.exec(made ?? '')?.[1];
    expect(userId).toBeDefined();
    expect(await coin(['sandbox', 'users', 'list'], env)).toEqual([expect.stringMatching(new RegExp(`^test user ${userId} {2}Ada `))]);
    expect(await coin(['sandbox', 'clock'], env)).toEqual([expect.stringMatching(/^sandbox clock: \S+ \(0 s ahead of wall time\)$/)]);
    expect(await coin(['sandbox', 'clock', 'advance', '3600'], env)).toEqual([
      expect.stringMatching(/^sandbox clock: \S+ \(3600 s ahead of wall time\)$/),
    ]);
    const [set] = await coin(['sandbox', 'clock', 'set', new Date(Date.now() + 2 * 86_400_000).toISOString()], env);
    const ahead = Number(/\((\d+) s ahead/.exec(set ?? '')?.[1]);
    expect(ahead).toBeGreaterThan(86_400);
    const reset = await coin(['sandbox', 'reset'], env);
    expect(reset[0]).toMatch(
      /^sandbox reset: \d+ holds voided, \d+ mandates cancelled, \S+ test coins burned in \d+ wallets, 1 test users deleted$/,
    );
    expect(reset[1]).toMatch(/^sandbox clock: \S+ \(0 s ahead of wall time\)$/);
    expect(await coin(['sandbox', 'users', 'list'], env)).toEqual([]);
  }, 120_000);
});
