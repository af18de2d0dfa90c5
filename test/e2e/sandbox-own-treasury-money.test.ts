import { randomUUID } from 'node:crypto';
import { type CoinClient, clientCredentialsToken, createCoinClient } from '@coin/client';
import { adminSession, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { startReceiver } from '../harness/webhook-receiver';

/**
 * A test-mode client's own money reads and watches its OWN sandbox treasuries (docs/CONTRACT.md "A
 * platform's own money", docs/decisions/0018-sandbox.md "Treasuries of each test client's own"),
 * through the real stack: its treasury list, balance and statement show what it funded and spent,
 * never another test client's funding of the same code, and a never-used one reads as new (zero);
 * its balance monitor crosses on its own treasury's changes, delivered to its own endpoint, and not
 * on another test client's.
 */
describe("a test-mode client's own sandbox treasuries, read and watched", () => {
  let stack: TestStack;
  let admin: AdminSession;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const run = randomUUID().slice(0, 8);
  const startedAt = new Date(Date.now() - 1_000).toISOString();
  const until = () => new Date(Date.now() + 60_000).toISOString();

  /** A test-mode client made by an operator, granted `treasuries`, with an endpoint for balance-monitor crossings. */
  const testClient = async (name: string, treasuries: Array<'REWARDS' | 'COURSE_FEES'>) => {
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `${name} ${run}`, treasuries } });
    const client: CoinClient = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: created.client.id, clientSecret: created.clientSecret! }),
    });
    const path = `/${name}-${run}`;
    await client.createWebhookEndpoint({ body: { url: `${receiver.url}${path}`, eventTypes: ['coin.balance-monitor.crossed'] } });
    return { id: created.client.id, client, path };
  };
  const fund = (client: CoinClient, amount: number, reason: string) =>
    client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount, reason: `${reason} ${run}` } });

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    admin = await adminSession(stack, 'ADMIN');
    receiver = await startReceiver();
  }, 240_000);
  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
  });

  it('when test clients A and B both fund their REWARDS, then A reads its own balance, totals and statement lines, none of B’s, and its never-used treasury reads zero', async () => {
    const [a, b] = [await testClient('money-a', ['REWARDS', 'COURSE_FEES']), await testClient('money-b', ['REWARDS'])];
    const aFunds = [await fund(a.client, 30, 'a first'), await fund(a.client, 12.5, 'a second')];
    const bFunds = await fund(b.client, 1_000, 'b funds');

    const listed = await a.client.listClientTreasuries();
    expect(Object.fromEntries(listed.treasuries.map((t) => [t.code, [t.balance, t.totalReceived, t.totalSent]]))).toEqual({
      COURSE_FEES: [0, 0, 0],
      REWARDS: [42.5, 42.5, 0],
    });
    expect(listed.treasuries.find((t) => t.code === 'REWARDS')).toMatchObject({
      walletId: (aFunds[1]!.wallet as { walletId: string }).walletId,
    });
    expect((await b.client.listClientTreasuries()).treasuries).toEqual([expect.objectContaining({ code: 'REWARDS', balance: 1_000 })]);

    // Once history has them: A's statement holds its two fundings alone, its balance its own.
    const to = until();
    const statement = await eventually(
      async () => {
        const page = await a.client.getClientTreasuryStatement({ path: { code: 'REWARDS' }, query: { from: startedAt, to, limit: 1000 } });
        return page.lines.length >= 2 ? page : undefined;
      },
      30_000,
      "A's fundings in A's statement",
    );
    expect(statement.lines.map((l) => [l.transactionId, l.change])).toEqual(aFunds.map((f) => [f.transaction.id, f.transaction.amount]));
    expect(statement.lines.map((l) => l.transactionId)).not.toContain(bFunds.transaction.id);
    expect([statement.openingBalance, statement.closingBalance]).toEqual([0, 42.5]);
    expect(statement.asOf).toEqual(expect.any(String));
    expect((await a.client.getClientTreasuryBalanceAt({ path: { code: 'REWARDS' }, query: { at: to } })).balance).toBe(42.5);
    expect((await b.client.getClientTreasuryBalanceAt({ path: { code: 'REWARDS' }, query: { at: to } })).balance).toBe(1_000);
    // Its search by treasury finds what it did in its own.
    const searched = await a.client.searchTransactions({ query: { treasury: 'REWARDS', limit: 100 } });
    expect(searched.transactions.map((t) => t.id).sort()).toEqual(aFunds.map((f) => f.transaction.id).sort());
    // A treasury it never used is new: no lines, nothing in it.
    expect((await a.client.getClientTreasuryBalanceAt({ path: { code: 'COURSE_FEES' } })).balance).toBe(0);
    const unused = await a.client.getClientTreasuryStatement({ path: { code: 'COURSE_FEES' }, query: { from: startedAt, to } });
    expect([unused.lines, unused.openingBalance, unused.closingBalance]).toEqual([[], 0, 0]);
  }, 120_000);

  it('when A watches its REWARDS and B funds its own past the threshold, then nothing fires; when A funds past it, A’s endpoint gets the crossing of its own treasury and B’s none', async () => {
    const [a, b] = [await testClient('watch-a', ['REWARDS']), await testClient('watch-b', ['REWARDS'])];
    await fund(a.client, 10, 'a seed');
    await fund(b.client, 1, 'b seed');
    const monitor = await a.client.createClientBalanceMonitor({
      body: { wallet: { treasury: 'REWARDS' }, threshold: 10.5, direction: 'up' },
    });
    expect(monitor).toMatchObject({ clientId: a.id, wallet: { userId: null, treasury: 'REWARDS' }, threshold: 10.5 });
    // B's REWARDS goes from 1 to 21, past A's threshold: not A's treasury.
    const bFunds = await fund(b.client, 20, 'b past the threshold');
    const aFunds = await fund(a.client, 1, 'a past the threshold');

    const delivered = await eventually(
      async () => receiver.received.find((r) => r.path === a.path && r.body.includes(monitor.id)),
      30_000,
      "the crossing at A's endpoint",
    );
    expect(JSON.parse(delivered.body)).toMatchObject({
      type: 'coin.balance-monitor.crossed',
      monitorId: monitor.id,
      wallet: { userId: null, treasury: 'REWARDS' },
      direction: 'up',
      previousBalance: 10,
      balance: 11,
      transactionId: aFunds.transaction.id,
    });
    const crossings = (await a.client.listEvents({ query: { type: 'coin.balance-monitor.crossed', limit: 100 } })).events.filter(
      (e) => (e.payload as { monitorId?: string }).monitorId === monitor.id,
    );
    expect(crossings.map((e) => (e.payload as { transactionId: number }).transactionId)).toEqual([aFunds.transaction.id]);
    expect(
      receiver.received.filter((r) => r.body.includes(monitor.id) && r.body.includes(`"transactionId":${bFunds.transaction.id}`)),
    ).toEqual([]);
    expect(receiver.received.filter((r) => r.path === b.path)).toEqual([]);
    expect(await a.client.getClientBalanceMonitor({ path: { id: monitor.id } })).toMatchObject({
      wallet: { userId: null, treasury: 'REWARDS' },
      lastCrossedAt: expect.any(String),
    });
  }, 120_000);
});
