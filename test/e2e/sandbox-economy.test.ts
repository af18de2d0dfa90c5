import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { registerUser } from '../harness/http';
import { adminSession, createPlatformClientWithCli, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * The sandbox runs the whole economy (docs/decisions/0018-sandbox.md), through the real stack and
 * `@coin/client` only: a test-mode client grants its test user a daily mandate that its test clock
 * charges, retries and makes PAST_DUE; asks for cash-outs the sandbox's test provider confirms
 * and fails on the clock; splits a purchase with an affiliate by its own rule and refunds it in
 * part and in full. Its events say each step; no live balance and not the live supply move; every
 * new route refuses a live client.
 */
describe('the sandbox runs the whole economy', () => {
  let stack: TestStack;
  let admin: AdminSession;
  let sandbox: CoinClient;
  let live: CoinClient;
  let operator: CoinClient;
  let testClientId: string;
  const run = randomUUID().slice(0, 8);
  const dayS = 86_400;
  const receiver = { server: undefined as Server | undefined, url: '' };

  /**
   * A registered user who linked the test client (its test users are the users who did: docs/CONTRACT.md
   * "Platform links"), whose sandbox wallet is open (it opens from the user event) and holds `coins` test coins.
   */
  const testUser = async (coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    await createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: user.accessToken }).linkPlatformClient({
      body: { clientId: testClientId },
    });
    if (coins > 0) {
      await eventually(
        () =>
          sandbox.rewardUser({ body: { userId: user.userId, amount: coins, reason: `seed ${run}` } }).catch((err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
            throw err;
          }),
        30_000,
        'the test user’s sandbox wallet',
      );
    }
    return user;
  };
  const liveBalanceOf = async (accessToken: string) =>
    (await createCoinClient({ baseUrl: stack.gatewayUrl, accessToken }).getMyWallet()).balance;
  const mandateOf = async (id: string) => (await sandbox.listClientMandates({ query: {} })).mandates.find((m) => m.id === id)!;
  const cashoutOf = async (id: string) => (await sandbox.listSandboxCashouts({ query: {} })).cashouts.find((c) => c.id === id)!;

  beforeAll(async () => {
    // Deliveries are not what this suite checks (sandbox-webhooks does): an endpoint that takes them, as a team's would.
    receiver.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/economy`;
    stack = await startTestStack(sandboxStack);
    admin = await adminSession(stack, 'ADMIN');
    operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `economy ${run}`, treasuries: ['REWARDS', 'COURSE_FEES'] } });
    testClientId = created.client.id;
    sandbox = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: testClientId, clientSecret: created.clientSecret! }),
    });
    const liveClient = await createPlatformClientWithCli(stack, `economy live ${run}`, { treasuries: ['REWARDS', 'COURSE_FEES'] });
    live = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...liveClient }),
    });
    await sandbox.createWebhookEndpoint({
      body: { url: receiver.url, eventTypes: ['coin.mandate.charged', 'coin.mandate.charge-failed', 'coin.mandate.past-due'] },
    });
    await sandbox.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 1_000, reason: 'sandbox funds' } });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await new Promise<void>((resolve) => (receiver.server ? receiver.server.close(() => resolve()) : resolve()));
  });

  it('when a live client calls any of the sandbox economy’s routes, then 403 FORBIDDEN', async () => {
    const refused = { status: 403, code: 'FORBIDDEN' };
    await expect(live.getSandboxUserWallet({ path: { userId: 1 } })).rejects.toMatchObject(refused);
    await expect(live.createSandboxMandate({ body: { userId: 1, amount: 1, period: 'DAY', reason: 'r' } })).rejects.toMatchObject(refused);
    await expect(live.createSandboxCashout({ body: { userId: 1, amount: 1, msisdn: '+237670000000' } })).rejects.toMatchObject(refused);
    await expect(live.listSandboxCashouts({ query: {} })).rejects.toMatchObject(refused);
    await expect(live.setSandboxCommissionRule({ body: { treasury: 'COURSE_FEES', rule: { bps: 1000 } } })).rejects.toMatchObject(refused);
    await expect(
      live.createSandboxPurchase({ body: { userId: 1, treasury: 'COURSE_FEES', amount: 1, reason: 'r' } }),
    ).rejects.toMatchObject(refused);
    await expect(live.refundSandboxPurchase({ body: { transactionId: 1, reason: 'r' } })).rejects.toMatchObject(refused);
  });

  it('when the test client’s clock passes each period of a daily mandate, then it is charged, retried short of funds and PAST_DUE past the grace, each step an event; nothing live moves', async () => {
    const supplyBefore = (await operator.getSupplyReport()).supply;
    const user = await testUser(30);
    const { mandate } = await sandbox.createSandboxMandate({
      body: { userId: user.userId, amount: 20, period: 'DAY', reason: `plan ${run}` },
    });
    expect(mandate).toMatchObject({ clientId: testClientId, fromUserId: user.userId, status: 'ACTIVE', amount: 20 });
    await eventually(async () => ((await mandateOf(mandate.id)).nextPeriod === 1 ? true : undefined), 20_000, 'period 0 charged');

    // A day on the clock: period 1 is due, and 10 coins are short of its 20.
    await sandbox.advanceSandboxClock({ body: { seconds: dayS } });
    const failed = await eventually(
      async () => {
        const m = await mandateOf(mandate.id);
        return m.failedAttempts === 1 ? m : undefined;
      },
      20_000,
      'the failed attempt',
    );
    expect(failed).toMatchObject({ status: 'ACTIVE', nextPeriod: 1 });
    // Past the grace (3 days) on the clock: PAST_DUE.
    await sandbox.advanceSandboxClock({ body: { seconds: 3 * dayS } });
    await eventually(async () => ((await mandateOf(mandate.id)).status === 'PAST_DUE' ? true : undefined), 20_000, 'past due');

    const events = await eventually(
      async () => {
        const page = await sandbox.listEvents({ query: {} });
        const mine = page.events
          .filter((e) => e.type.startsWith('coin.mandate.') && JSON.stringify(e.payload).includes(mandate.id))
          .map((e) => e.type);
        return mine.includes('coin.mandate.past-due') ? mine : undefined;
      },
      20_000,
      'the mandate’s events',
    );
    expect([...events].sort()).toEqual([
      'coin.mandate.charge-failed',
      'coin.mandate.charged',
      'coin.mandate.granted',
      'coin.mandate.past-due',
    ]);
    // The charge was a sandbox purchase: the live wallet and the live supply never moved.
    expect(await liveBalanceOf(user.accessToken)).toBe(0);
    expect((await operator.getSupplyReport()).supply).toBe(supplyBefore);
  }, 120_000);

  it('when the test client holds its test user’s coins, captures one hold and voids another, then its answers and its wallet read show the sandbox wallets; the live space sees nothing of it', async () => {
    const [payer, payee] = [await testUser(40), await testUser(0)];
    const place = (amount: number) =>
      sandbox.createSandboxHold({ body: { fromUserId: payer.userId, toUserId: payee.userId, amount, reason: `order ${run}` } });
    const [kept, released] = [await place(15), await place(10)];
    expect(released.wallet).toMatchObject({ balance: 40, activeCoins: 15 });
    // The live routes a live client settles by: answered here by the sandbox ledger, for the holds it placed.
    const captured = await sandbox.captureHold({ path: { id: kept.hold.id }, body: { amount: 12 } });
    expect(captured.hold).toMatchObject({ id: kept.hold.id, status: 'CAPTURED', capturedAmount: 12 });
    expect(captured.transaction).toMatchObject({ type: 'TRANSFER', amount: 12, toUserId: payee.userId });
    expect(captured.wallet).toMatchObject({ balance: 28, activeCoins: 18 });
    const voided = await sandbox.voidHold({ path: { id: released.hold.id } });
    expect(voided.hold).toMatchObject({ status: 'VOIDED' });
    expect(voided.wallet).toMatchObject({ balance: 28, activeCoins: 28 });
    // The test users' sandbox wallets, read as their owners read theirs live.
    expect(await sandbox.getSandboxUserWallet({ path: { userId: payer.userId } })).toMatchObject({ balance: 28, activeCoins: 28 });
    // The payee's credit leg lands after the capture is answered (on the payee's partition).
    await eventually(
      async () => ((await sandbox.getSandboxUserWallet({ path: { userId: payee.userId } })).balance === 12 ? true : undefined),
      20_000,
      'the payee’s sandbox credit',
    );
    await expect(sandbox.voidHold({ path: { id: kept.hold.id } })).rejects.toMatchObject({ status: 409, code: 'HOLD_NOT_PENDING' });
    expect(await sandbox.getTransaction({ path: { id: String(captured.transaction.id) } })).toMatchObject({
      amount: 12,
      clientId: testClientId,
    });

    // Live: the same ids name no hold, the people's wallets never moved and hold nothing.
    const stillHeld = await place(5);
    for (const settle of [
      () => live.voidHold({ path: { id: stillHeld.hold.id } }),
      () => live.captureHold({ path: { id: stillHeld.hold.id }, body: {} }),
    ]) {
      await expect(settle()).rejects.toMatchObject({ status: 404 });
    }
    for (const person of [payer, payee]) {
      const own = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: person.accessToken });
      expect((await own.getMyWallet()).balance).toBe(0);
      expect((await own.listMyHolds({ query: {} })).holds).toEqual([]);
    }
    // The hold the live client tried is still the test client's to settle.
    expect((await sandbox.voidHold({ path: { id: stillHeld.hold.id } })).hold).toMatchObject({ status: 'VOIDED' });
  }, 60_000);

  it('when the test client asks for cash-outs, then the test provider confirms one (its coins burned) and fails the other (released) once its clock passes a minute', async () => {
    const user = await testUser(50);
    const confirmed = await sandbox.createSandboxCashout({ body: { userId: user.userId, amount: 20, msisdn: '+237670000010' } });
    const failing = await sandbox.createSandboxCashout({
      body: { userId: user.userId, amount: 10, msisdn: '+237670000010', testOutcome: 'FAILED' },
    });
    expect(confirmed.cashout).toMatchObject({ status: 'CLAIMED', claimedBy: testClientId, amount: 20 });
    expect(confirmed.wallet).toMatchObject({ balance: 50, activeCoins: 30 });
    await sandbox.advanceSandboxClock({ body: { seconds: 60 } });
    const settled = await eventually(
      async () => {
        const [c, f] = [await cashoutOf(confirmed.cashout.id), await cashoutOf(failing.cashout.id)];
        return c.status !== 'CLAIMED' && f.status !== 'CLAIMED' ? { c, f } : undefined;
      },
      20_000,
      'both settled',
    );
    expect(settled.c).toMatchObject({
      status: 'CONFIRMED',
      transactionId: expect.any(Number),
      providerReference: expect.stringMatching(/^TEST-/),
    });
    expect(settled.f).toMatchObject({ status: 'FAILED', transactionId: null });
    // The BURN is the client's, as a provider's is the provider's: read back by id, with the XAF amount and the rate.
    expect(await sandbox.getTransaction({ path: { id: String(settled.c.transactionId) } })).toMatchObject({
      type: 'BURN',
      amount: 20,
      clientId: testClientId,
      metadata: { cashoutProvider: 'sandbox-test-provider', cashoutXafPerCoin: String(settled.c.xafPerCoin) },
    });
    expect((await sandbox.listSandboxCashouts({ query: { userId: user.userId, status: 'FAILED' } })).cashouts.map((c) => c.id)).toEqual([
      failing.cashout.id,
    ]);
  }, 60_000);

  it('when the test client buys for its test user with an affiliate by its own rule and refunds in part and in full, then it sees the refund and the commission’s part each time', async () => {
    await sandbox.fundSandboxTreasury({ body: { treasury: 'COURSE_FEES', amount: 100, reason: 'float for refunds' } });
    expect(await sandbox.setSandboxCommissionRule({ body: { treasury: 'COURSE_FEES', rule: { bps: 1000 } } })).toMatchObject({
      clientId: testClientId,
      rule: { kind: 'bps', bps: 1000 },
    });
    const [buyer, affiliate] = [await testUser(100), await testUser(0)];
    const bought = await sandbox.createSandboxPurchase({
      body: {
        userId: buyer.userId,
        treasury: 'COURSE_FEES',
        amount: 100,
        reason: `course ${run}`,
        affiliate: { userId: affiliate.userId },
      },
    });
    expect(bought.transaction).toMatchObject({ type: 'PURCHASE', amount: 90, clientId: testClientId });
    expect(bought.commission).toMatchObject({ type: 'TRANSFER', amount: 10, toUserId: affiliate.userId });

    const partial = await sandbox.refundSandboxPurchase({ body: { transactionId: bought.transaction.id, amount: 45, reason: 'half' } });
    expect(partial.transaction).toMatchObject({ type: 'REFUND', amount: 45, refundOf: bought.transaction.id });
    expect(partial.commission).toMatchObject({ type: 'TRANSFER', amount: 5, toUserId: buyer.userId, splitOf: bought.transaction.id });
    const rest = await sandbox.refundSandboxPurchase({ body: { transactionId: bought.transaction.id, reason: 'the rest' } });
    expect(rest.transaction).toMatchObject({ type: 'REFUND', amount: 45 });
    expect(rest.commission).toMatchObject({ amount: 5 });
    await expect(sandbox.refundSandboxPurchase({ body: { transactionId: bought.transaction.id, reason: 'again' } })).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_PURCHASE',
    });
    // The refunds are the client's to read back; the live space holds none of it.
    const refunds = await eventually(
      async () => {
        const page = await sandbox.searchTransactions({ query: { type: 'REFUND' } });
        return page.transactions.length === 2 ? page.transactions : undefined;
      },
      20_000,
      'the refunds in the sandbox history',
    );
    expect(refunds.map((t) => t.refundOf)).toEqual([bought.transaction.id, bought.transaction.id]);
    expect((await live.searchTransactions({ query: { type: 'REFUND' } })).transactions).toEqual([]);
    expect(await liveBalanceOf(buyer.accessToken)).toBe(0);
    expect(await liveBalanceOf(affiliate.accessToken)).toBe(0);
  }, 60_000);
});
