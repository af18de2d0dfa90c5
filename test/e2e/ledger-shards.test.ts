import pg from 'pg';
import { defaultPartitions, walletKeyOfUser } from '@coin/contracts';
import { keyPartitioner } from '@coin/kafka';
import { devServiceDatabaseUrl } from '../../scripts/stack/services';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, applied, registerUser } from '../harness/http';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { testInfra } from '../harness/env';

/**
 * Two ledger shards through the real services (docs/design/ledger.md "Shards"): the gateway, the user
 * service and the ledger on two PostgreSQL clusters, the lower half of ledger.commands'
 * partitions on the first, the upper half on the second.
 */
describe('ledger shards through the gateway', () => {
  let stack: TestStack;
  let admin: string;
  let platform: ReturnType<typeof apiClient>;
  const partitions = defaultPartitions['ledger.commands'];
  const partitionOf = keyPartitioner(partitions);
  const shardOf = (userId: number) => (partitionOf(walletKeyOfUser(userId)) < partitions / 2 ? 0 : 1);
  /** The ledger's own view of each shard (its runtime role, the run's schema). */
  let shards: pg.Pool[] = [];

  beforeAll(async () => {
    // The continuous supply check ticks often, so a tick after the transfers is soon read.
    stack = await startTestStack({ ledgerShards: 2, extraEnv: { SUPPLY_CHECK_INTERVAL_MS: '500' } });
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey: await apiKeyFor(stack, admin, ['mint']) });
    const infra = testInfra();
    shards = [infra.databaseUrl, infra.shardDatabaseUrl].map(
      (adminUrl) =>
        new pg.Pool({
          connectionString: devServiceDatabaseUrl(adminUrl, 'ledger'),
          max: 2,
          options: `-c search_path=${stack.prefix}ledger`,
        }),
    );
  }, 120_000);
  afterAll(async () => {
    for (const pool of shards) await pool.end();
    await stack?.close();
  });

  const balanceOn = async (shard: number, userId: number) =>
    (await shards[shard]!.query<{ balance: number }>('SELECT balance::int AS balance FROM wallets WHERE user_id = $1', [userId])).rows[0]
      ?.balance;

  it('when users on two shards pay each other through the gateway, then each shard holds only its side and the audit over both is exact', async () => {
    // Registered users until one wallet lives on each shard (a wallet's partition is its key's hash).
    const users: Array<Awaited<ReturnType<typeof registerUser>>> = [];
    while (!users.some((u) => shardOf(u.userId) === 0) || !users.some((u) => shardOf(u.userId) === 1)) {
      users.push(await registerUser(stack.gatewayUrl));
    }
    const onA = users.find((u) => shardOf(u.userId) === 0)!;
    const onB = users.find((u) => shardOf(u.userId) === 1)!;
    await applied(platform.mintCoins({ body: { userId: onA.userId, amount: 30, reason: 'seed' } }));
    await applied(platform.mintCoins({ body: { userId: onB.userId, amount: 5, reason: 'seed' } }));

    const there = await apiClient(stack.gatewayUrl, { accessToken: onA.accessToken }).transferCoins({
      body: { toUserId: onB.userId, amount: 12.5, reason: 'across shards' },
    });
    await apiClient(stack.gatewayUrl, { accessToken: onB.accessToken }).transferCoins({
      body: { toUserId: onA.userId, amount: 2.5, reason: 'and back' },
    });
    const balance = async (token: string) => (await apiClient(stack.gatewayUrl, { accessToken: token }).getMyWallet()).balance;
    await eventually(
      async () => ((await balance(onB.accessToken)) === 15 && (await balance(onA.accessToken)) === 20 ? true : undefined),
      15_000,
    );

    // Each wallet's row lives on its own shard only; the transfer's debit on the payer's shard,
    // its credit on the recipient's.
    expect([await balanceOn(0, onA.userId), await balanceOn(1, onA.userId)]).toEqual([2_000, undefined]);
    expect([await balanceOn(0, onB.userId), await balanceOn(1, onB.userId)]).toEqual([undefined, 1_500]);
    const transactionId = 'transaction' in there ? there.transaction.id : Number.NaN;
    const sides = async (shard: number) =>
      (await shards[shard]!.query('SELECT amount::int AS amount FROM entries WHERE transaction_id = $1', [transactionId])).rows;
    expect(await sides(0)).toEqual([{ amount: -1_250 }]);
    expect(await sides(1)).toEqual([{ amount: 1_250 }]);

    // The admin's audit over both shards: Σ balances = MINT − BURN, no leg in flight, nothing mismatched.
    const report = await eventually(async () => {
      const r = await apiClient(stack.gatewayUrl, { accessToken: admin }).getSupplyReport();
      return r.creditLegs.inFlight.count === 0 ? r : undefined;
    }, 15_000);
    expect(report).toMatchObject({
      minted: 35,
      burned: 0,
      supply: 35,
      balances: 35,
      inFlight: 0,
      discrepancy: 0,
      consistent: true,
      mismatchedWallets: [],
      overRefundedPurchases: [],
    });

    // The ledger's continuous supply check folds both shards as one ledger: a tick after the
    // transfers finds no discrepancy and no leg owed.
    const since = Date.now() / 1000;
    const gauge = (text: string, name: string, label = '') =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(name) && l.includes(label))
          ?.split(' ')
          .pop() ?? Number.NaN,
      );
    const metrics = await eventually(async () => {
      const text = await (await fetch(`${stack.metricsUrls.ledger}/metrics`)).text();
      return gauge(text, 'coin_ledger_supply_check_last_success_timestamp_seconds') > since ? text : undefined;
    }, 10_000);
    expect(gauge(metrics, 'coin_ledger_supply_discrepancy_minor{', 'check="supply"')).toBe(0);
    expect(gauge(metrics, 'coin_ledger_supply_discrepancy_minor{', 'check="balances"')).toBe(0);
    expect(gauge(metrics, 'coin_ledger_credit_legs_in_flight_transactions{', 'age="stale"')).toBe(0);
    // The outbox backlog per shard: each shard's relay, its own series.
    for (const shard of ['0', '1']) expect(gauge(metrics, 'coin_outbox_backlog_rows{', `shard="${shard}"`)).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
