import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { registerUser } from '../harness/http';
import { adminSession, createPlatformClientWithCli, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * A test-mode client sets its sandbox clock and deletes its own test data, no operator in the loop
 * (docs/decisions/0018-sandbox.md "The test clock", "Deleting a client's test data"), through the
 * real stack and `@coin/client`: after the reset its holds and its test cash-out are void, its
 * mandate cancelled, what it put in its test users' wallets and its treasury burned, its clock back
 * at wall time; another test client's hold, coins and clock are as they were; a live client is 403.
 */
describe('a test client sets its clock and deletes its test data', () => {
  let stack: TestStack;
  let admin: AdminSession;
  let live: CoinClient;
  const run = randomUUID().slice(0, 8);
  const dayS = 86_400;

  /** A test-mode client of REWARDS, funded with `coins` test coins. */
  const testClient = async (name: string, coins: number) => {
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `${name} ${run}`, treasuries: ['REWARDS'] } });
    const client = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: created.client.id, clientSecret: created.clientSecret! }),
    });
    await client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: coins, reason: 'sandbox funds' } });
    return { id: created.client.id, client };
  };

  /** A registered user who linked `clientId` (a test user of it), rewarded `coins` test coins by it once its sandbox wallet is open. */
  const testUser = async (owner: { id: string; client: CoinClient }, coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    await createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: user.accessToken }).linkPlatformClient({
      body: { clientId: owner.id },
    });
    await eventually(
      () =>
        owner.client.rewardUser({ body: { userId: user.userId, amount: coins, reason: `seed ${run}` } }).catch((err: unknown) => {
          if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
          throw err;
        }),
      30_000,
      'the test user’s sandbox wallet',
    );
    return user;
  };

  /** A sandbox wallet's balance and held coins in minor units, read from the sandbox ledger's own schema. */
  const sandboxWallet = async (walletKey: string) => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const found = await db.query<{ balance: number; held: number }>(
        `SELECT balance::int AS balance, held::int AS held FROM "${stack.prefix}sandbox_ledger".wallets WHERE wallet_key = $1`,
        [walletKey],
      );
      return found.rows[0];
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    admin = await adminSession(stack, 'ADMIN');
    const liveClient = await createPlatformClientWithCli(stack, `reset live ${run}`, { treasuries: ['REWARDS'] });
    live = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...liveClient }),
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a live client sets a clock or resets, then 403 FORBIDDEN', async () => {
    const refused = { status: 403, code: 'FORBIDDEN' };
    await expect(live.setSandboxClock({ body: { now: new Date(Date.now() + 60_000).toISOString() } })).rejects.toMatchObject(refused);
    await expect(live.resetSandbox({})).rejects.toMatchObject(refused);
  });

  it('when a test client sets its clock, then it reads that time, and a time before it is 400 saying what it reads', async () => {
    const { client, id } = await testClient('clock', 1);
    const target = new Date(Date.now() + dayS * 1000);
    const set = await client.setSandboxClock({ body: { now: target.toISOString() } });
    expect(set).toMatchObject({ clientId: id, offsetSeconds: expect.any(Number) });
    expect(Math.abs(set.offsetSeconds - dayS)).toBeLessThan(120);
    expect(Math.abs(Date.parse((await client.getSandboxClock()).now) - target.getTime())).toBeLessThan(120_000);
    const back = client.setSandboxClock({ body: { now: new Date(target.getTime() - 3_600_000).toISOString() } });
    await expect(back).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', detail: expect.stringContaining('forward only') });
    await expect(client.setSandboxClock({ body: { now: new Date(Date.now() + 400 * dayS * 1000).toISOString() } })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    // Hostile bodies are refused before any command: no time, a time of another form, a field of its own.
    for (const body of [{}, { now: 'tomorrow' }, { now: '2030-01-01' }, { now: target.toISOString(), clientId: 'test_other' }]) {
      await expect(client.setSandboxClock({ body: body as { now: string } })).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await client.getSandboxClock()).offsetSeconds).toBe(set.offsetSeconds);
  }, 60_000);

  it('when a test client resets, then its holds, cash-out and mandate end, its coins are burned and its clock is at wall time; another client’s data is untouched', async () => {
    const [mine, other] = [await testClient('mine', 500), await testClient('other', 300)];
    const [payer, casher] = [await testUser(mine, 100), await testUser(mine, 50)];
    const bystander = await testUser(other, 70);
    // A test user of its own (the user service's, not an account), rewarded too.
    const { testUser: own } = await mine.client.createSandboxTestUser({ body: { name: `own ${run}` } });
    await mine.client.rewardUser({ body: { userId: own.userId, amount: 25, reason: `seed ${run}` } });
    await mine.client.setSandboxClock({ body: { now: new Date(Date.now() + dayS * 1000).toISOString() } });
    const otherClock = await other.client.advanceSandboxClock({ body: { seconds: 3_600 } });

    const hold = await mine.client.createSandboxHold({
      body: { fromUserId: payer.userId, toTreasury: 'REWARDS', amount: 30, reason: `order ${run}`, expiresInSeconds: 3_600 },
    });
    const { mandate } = await mine.client.createSandboxMandate({
      body: { userId: payer.userId, amount: 10, period: 'DAY', reason: `plan ${run}` },
    });
    const cashout = await mine.client.createSandboxCashout({ body: { userId: casher.userId, amount: 20, msisdn: '+237670000020' } });
    const otherHold = await other.client.createSandboxHold({
      body: { fromUserId: bystander.userId, toTreasury: 'REWARDS', amount: 20, reason: `other ${run}` },
    });

    const key = randomUUID();
    const reset = await mine.client.resetSandbox({ idempotencyKey: key });
    expect(reset).toMatchObject({
      clientId: mine.id,
      complete: true,
      cancelledMandates: 1,
      deletedTestUsers: 1,
      clock: { offsetSeconds: 0 },
    });
    expect(reset.voidedHolds).toBe(2);
    // A retry of the same request sends the same commands, each applied once: it finds nothing more to
    // void, cancel or burn, and the test users' deletion, sent again under its id, is its stored answer.
    expect(await mine.client.resetSandbox({ idempotencyKey: key })).toMatchObject({
      voidedHolds: 0,
      cancelledMandates: 0,
      burned: 0,
      deletedTestUsers: 1,
      complete: true,
      clock: { offsetSeconds: 0 },
    });

    await expect(mine.client.voidHold({ path: { id: hold.hold.id } })).rejects.toMatchObject({ status: 409, code: 'HOLD_NOT_PENDING' });
    expect((await mine.client.listClientMandates({ query: {} })).mandates.find((m) => m.id === mandate.id)).toMatchObject({
      status: 'CANCELLED',
    });
    expect((await mine.client.listSandboxCashouts({ query: {} })).cashouts.find((c) => c.id === cashout.cashout.id)).toMatchObject({
      status: 'FAILED',
    });
    for (const userId of [payer.userId, casher.userId, own.userId])
      expect(await sandboxWallet(`user:${userId}`)).toEqual({ balance: 0, held: 0 });
    // Its own test user is gone: not listed, and named like an id nobody has.
    expect((await mine.client.listSandboxTestUsers({ query: {} })).testUsers).toEqual([]);
    await expect(mine.client.rewardUser({ body: { userId: own.userId, amount: 1, reason: 'after' } })).rejects.toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
    });
    expect((await mine.client.getSandboxClock()).offsetSeconds).toBe(0);
    // Nothing left: a second reset finds nothing to do.
    expect(await mine.client.resetSandbox({})).toMatchObject({
      voidedHolds: 0,
      cancelledMandates: 0,
      burnedWallets: 0,
      deletedTestUsers: 0,
      complete: true,
    });

    // The other client's hold is still pending (it voids it itself), its user's coins and its clock as they were.
    expect(await sandboxWallet(`user:${bystander.userId}`)).toEqual({ balance: 7_000, held: 2_000 });
    expect((await other.client.getSandboxClock()).offsetSeconds).toBe(otherClock.offsetSeconds);
    expect((await other.client.voidHold({ path: { id: otherHold.hold.id } })).hold).toMatchObject({ status: 'VOIDED' });
    // Its treasury coins too: it still rewards from what it funded.
    await expect(other.client.rewardUser({ body: { userId: bystander.userId, amount: 230, reason: 'after' } })).resolves.toBeDefined();
  }, 120_000);

  it('when test client A funds, spends and resets its REWARDS, then B’s REWARDS figures never move, B spends only its own, and A’s treasury is new after its reset', async () => {
    const [a, b] = [await testClient('treasury-a', 1_000), await testClient('treasury-b', 40)];
    await testUser(a, 100);
    // B's next funding shows B's figures alone: A's funding and reward moved none of them.
    expect((await b.client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 2, reason: 'b again' } })).wallet).toMatchObject({
      balance: 42,
      totalReceived: 42,
      totalSent: 0,
    });
    expect((await a.client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 5, reason: 'a again' } })).wallet).toMatchObject({
      balance: 905,
      totalReceived: 1_005,
      totalSent: 100,
    });
    // B pays 2 of its 42 coins to a test user of its own; more than the 40 left is refused, though A's REWARDS holds 905.
    const bUser = await testUser(b, 2);
    await expect(b.client.rewardUser({ body: { userId: bUser.userId, amount: 100, reason: 'more than mine' } })).rejects.toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
    });

    const reset = await a.client.resetSandbox({});
    expect(reset).toMatchObject({ complete: true, burned: 905 + 100 });
    // A's REWARDS starts again as new, totals included; B's is as it was.
    expect((await a.client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 1, reason: 'after reset' } })).wallet).toMatchObject({
      balance: 1,
      totalReceived: 1,
      totalSent: 0,
    });
    expect((await b.client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 1, reason: 'b after' } })).wallet).toMatchObject({
      balance: 41,
      totalReceived: 43,
      totalSent: 2,
    });
  }, 120_000);

  it('when a test client whose mandate charged its treasury and whose split purchase was refunded resets, then its treasuries and test users hold none of its test coins, the clawback included', async () => {
    const treasuries = ['REWARDS', 'COURSE_FEES', 'SUBSCRIPTIONS'] as const;
    const balanceOf = async (walletKey: string) => (await sandboxWallet(walletKey))?.balance ?? 0;
    const before = await Promise.all(treasuries.map((code) => balanceOf(`treasury:${code}`)));
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `ledger-made ${run}`, treasuries: [...treasuries] } });
    const client = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: created.client.id, clientSecret: created.clientSecret! }),
    });
    await client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 300, reason: 'sandbox funds' } });
    await client.fundSandboxTreasury({ body: { treasury: 'COURSE_FEES', amount: 20, reason: 'refund float' } });
    const { testUser: buyer } = await client.createSandboxTestUser({ body: { name: `buyer ${run}` } });
    const { testUser: affiliate } = await client.createSandboxTestUser({ body: { name: `affiliate ${run}` } });
    await client.rewardUser({ body: { userId: buyer.userId, amount: 200, reason: `seed ${run}` } });

    // A mandate charged at once into SUBSCRIPTIONS, by the ledger's own scheduler.
    const { mandate } = await client.createSandboxMandate({
      body: { userId: buyer.userId, amount: 10, period: 'DAY', reason: `plan ${run}` },
    });
    // A split purchase refunded in full: the treasury fronts the commission, which the ledger claws back from the affiliate.
    await client.setSandboxCommissionRule({ body: { treasury: 'COURSE_FEES', rule: { bps: 1000 } } });
    const bought = await client.createSandboxPurchase({
      body: { userId: buyer.userId, treasury: 'COURSE_FEES', amount: 50, reason: `course ${run}`, affiliate: { userId: affiliate.userId } },
    });
    await client.refundSandboxPurchase({ body: { transactionId: bought.transaction.id, reason: `refund ${run}` } });
    // Its own treasuries ("Treasuries of each test client's own"): SUBSCRIPTIONS holds the charge, COURSE_FEES its float again.
    const own = (code: string) => `treasury:${code}@${created.client.id}`;
    await eventually(
      async () => {
        const charged = (await client.listClientMandates({ query: {} })).mandates.find((m) => m.id === mandate.id)?.nextPeriod === 1;
        const landed = (await balanceOf(own('SUBSCRIPTIONS'))) === 1_000 && (await balanceOf(own('COURSE_FEES'))) === 2_000;
        return charged && landed && (await balanceOf(`user:${affiliate.userId}`)) === 0 ? true : undefined;
      },
      30_000,
      'the mandate’s first charge and the commission’s clawback',
    );

    const reset = await client.resetSandbox({});
    expect(reset).toMatchObject({ complete: true, cancelledMandates: 1, deletedTestUsers: 2 });
    // Its treasuries are retired, what its mandate charged and what was clawed back burned with them: none is left
    // under its key, and the shared ones (no test client's) are as they were.
    for (const code of treasuries) expect(await sandboxWallet(own(code))).toBeUndefined();
    expect(await Promise.all(treasuries.map((code) => balanceOf(`treasury:${code}`)))).toEqual(before);
    for (const userId of [buyer.userId, affiliate.userId]) expect(await sandboxWallet(`user:${userId}`)).toEqual({ balance: 0, held: 0 });
    expect(await client.resetSandbox({})).toMatchObject({ burnedWallets: 0, burned: 0, complete: true });
  }, 120_000);
});
