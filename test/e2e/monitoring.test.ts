import { apiClient, applied, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Monitoring through the real services (docs/design/monitoring.md): ordinary transfers open no
 * case; a ring y → z → x → y whose closing transfer also brings a day-old wallet 20,000 coins from
 * people scores 100 (circular 70 + first-day receipts 50): a case opens for ADMIN+ through the
 * gateway, and the wallet is frozen in the ledger by the monitoring service's signed freeze: its
 * transfer is refused while coins sent to it land.
 */
describe('monitoring (gateway, ledger, monitoring service, real Kafka and PostgreSQL)', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;

  beforeAll(async () => {
    // Four-eyes windows off: the test mints more than a day's window to one wallet.
    stack = await startTestStack({ extraEnv: { FOUR_EYES_ACTOR_DAILY_COINS: '0', FOUR_EYES_RECIPIENT_DAILY_COINS: '0' } });
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint']);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  const cases = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?limit=100', { token: admin })).body.cases as {
      id: string;
      subject: string;
      score: number;
      rules: string[];
      freezeOutcome: string | null;
    }[];

  it('ordinary transfers open no case; the ring opens one with the right rules and freezes the wallet in the ledger', async () => {
    const [x, y, z] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    const platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    for (const user of [x, y, z]) await applied(platform.mintCoins({ body: { userId: user.userId, amount: 25_000, reason: 'seed' } }));
    const transfer = (from: { accessToken: string }, to: { userId: number }, amount: number) =>
      http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
        token: from.accessToken,
        body: { toUserId: to.userId, amount, reason: 'test' },
      });
    // Ordinary: a few small transfers back and forth.
    for (let i = 0; i < 5; i++) expect((await transfer(x, z, 1.5)).status).toBe(201);
    expect((await transfer(z, x, 3)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await cases()).toEqual([]);

    // A moment between hops: the monitor evaluates in the order it reads (docs/design/monitoring.md "Order").
    expect((await transfer(y, z, 500)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transfer(z, x, 490)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transfer(x, y, 20_000)).status).toBe(201);
    const opened = await eventually(async () => (await cases()).find((c) => c.subject === `user:${y.userId}`), 20_000, 'the case');
    expect(opened).toMatchObject({ score: 100, rules: ['circular', 'first-day-receipts'] });
    await eventually(async () => ((await transfer(y, z, 1)).body?.code === 'WALLET_FROZEN' ? true : undefined), 20_000, 'the freeze');
    expect((await transfer(x, y, 1)).status).toBe(201);
    const detail = await http(stack.gatewayUrl, 'GET', `/api/admin/monitoring/cases/${opened.id}`, { token: admin });
    expect(detail.body.case.freezeOutcome).toBe('requested');
    expect(detail.body.flows.length).toBeGreaterThanOrEqual(3);
    // A USER may not see the cases.
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases', { token: x.accessToken })).status).toBe(403);
  });
});
