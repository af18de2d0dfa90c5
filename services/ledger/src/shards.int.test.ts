import pg from 'pg';
import { internalTransactionPage, supplyReport, treasuryCodes, walletKeyOfTreasury, walletKeyOfUser } from '@coin/contracts';
import { keyPartitioner } from '@coin/kafka';
import { runAudit } from '../../../scripts/audit';
import { devServiceDatabaseUrl } from '../../../scripts/stack/services';
import { testInfra } from '../../../test/harness/env';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { startSupplyCheck } from './checks/supply-check';
import { owedCreditLegCommands } from './restore';

/**
 * Two ledger shards (docs/design/ledger.md "Shards"): partitions 0-2 in the test cluster's database,
 * 3-5 in the database coin_shard1, each a PostgreSQL database of its own.
 */
describe('ledger shards', () => {
  let h: LedgerHarness;
  const partitionOf = keyPartitioner(6);
  const shardOf = (userId: number) => (partitionOf(walletKeyOfUser(userId)) < 3 ? 0 : 1);
  /** Two users whose wallets live on shard 0 and shard 1. */
  let onA = 0;
  let onB = 0;

  beforeAll(async () => {
    h = await startLedgerHarness({ shards: 2 });
    await h.startLedger();
    for (let userId = 1; onA === 0 || onB === 0; userId += 1) {
      if (shardOf(userId) === 0 && onA === 0) onA = userId;
      if (shardOf(userId) === 1 && onB === 0) onB = userId;
    }
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  const rowsOn = async (shard: number, sql: string, values: unknown[]) => (await h.shardPools[shard]!.query(sql, values)).rows;
  const balanceOn = async (shard: number, userId: number) =>
    (await rowsOn(shard, 'SELECT balance::int AS balance FROM wallets WHERE user_id = $1', [userId]))[0]?.balance as number | undefined;

  it('when coins move from a wallet on one shard to a wallet on the other and back, then each shard holds only its side and the audit over both is exact', async () => {
    for (const userId of [onA, onB]) {
      expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } })).ok).toBe(true);
    }
    const mint = await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(onA),
      data: { to: { kind: 'user', userId: onA }, amount: 1_000, reason: 'seed' },
    });
    expect(mint.ok).toBe(true);
    const transferCommandId = crypto.randomUUID();
    const transfer = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(onA),
      commandId: transferCommandId,
      data: { kind: 'TRANSFER', fromUserId: onA, to: { kind: 'user', userId: onB }, amount: 400, reason: 'across shards' },
    });
    expect(transfer.ok).toBe(true);
    const back = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(onB),
      data: { kind: 'TRANSFER', fromUserId: onB, to: { kind: 'user', userId: onA }, amount: 150, reason: 'and back' },
    });
    expect(back.ok).toBe(true);
    await eventually(async () => ((await balanceOn(0, onA)) === 750 && (await balanceOn(1, onB)) === 250 ? true : undefined), 15_000);

    // Each wallet lives on its own shard only; the transfer's transaction, its debit and its
    // stored outcome on the payer's shard, its credit entry on the recipient's: no apply wrote
    // the other shard.
    expect(await balanceOn(1, onA)).toBeUndefined();
    expect(await balanceOn(0, onB)).toBeUndefined();
    const transactionId = Number((transfer as unknown as { result: { transaction: { id: number } } }).result.transaction.id);
    const sides = async (shard: number) =>
      rowsOn(shard, `SELECT amount::int AS amount FROM entries WHERE transaction_id = $1 ORDER BY amount`, [transactionId]);
    expect(await sides(0)).toEqual([{ amount: -400 }]);
    expect(await sides(1)).toEqual([{ amount: 400 }]);
    expect(await rowsOn(0, 'SELECT id FROM transactions WHERE id = $1', [transactionId])).toHaveLength(1);
    expect(await rowsOn(1, 'SELECT id FROM transactions WHERE id = $1', [transactionId])).toHaveLength(0);
    expect(await rowsOn(1, 'SELECT 1 FROM processed_commands WHERE command_id = $1', [transferCommandId])).toHaveLength(0);

    // Transaction ids are one series over the shards (the home shard hands them out): no id twice.
    const ids = [
      ...(await rowsOn(0, 'SELECT id::int AS id FROM transactions', [])),
      ...(await rowsOn(1, 'SELECT id::int AS id FROM transactions', [])),
    ].map((r) => r.id as number);
    expect(new Set(ids).size).toBe(ids.length);

    // The internal reads find each wallet on its shard, and the audit sums both shards exactly.
    const wallet = await fetch(`${h.ledger!.url}/internal/wallets/by-user/${onB}`, { headers: { authorization: await h.asGateway() } });
    expect(((await wallet.json()) as { balance: number }).balance).toBe(2.5);
    const report = await eventually(async () => {
      const response = await fetch(`${h.ledger!.url}/internal/supply`, { headers: { authorization: await h.asGateway() } });
      const body = supplyReport.parse(await response.json());
      return body.creditLegs.inFlight.count === 0 ? body : undefined;
    }, 15_000);
    expect(report).toMatchObject({ minted: 10, burned: 0, supply: 10, balances: 10, inFlight: 0, discrepancy: 0, consistent: true });
  }, 60_000);

  it('when a purchase on one shard is refunded by its treasury on the other, then the refund is bounded by the purchase, carries its reference and metadata, and the audit stays exact', async () => {
    const code = treasuryCodes.find((c) => partitionOf(walletKeyOfTreasury(c)) >= 3)!;
    const payer = onA;
    const purchase = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(payer),
      data: {
        kind: 'PURCHASE',
        fromUserId: payer,
        to: { kind: 'treasury', code },
        amount: 300,
        reason: 'course',
        reference: 'order-across-shards',
        metadata: { orderId: 'S-1' },
      },
    });
    expect(purchase.ok).toBe(true);
    const purchaseId = Number((purchase as unknown as { result: { transaction: { id: number } } }).result.transaction.id);
    const refund = (amount: number) =>
      h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(code),
        data: { transactionId: purchaseId, treasury: code, reason: 'cancelled', amount },
      });
    await eventually(async () =>
      (await rowsOn(1, 'SELECT 1 FROM entries WHERE transaction_id = $1', [purchaseId])).length === 1 ? true : undefined,
    );
    // The purchase is read from the other shard, its reference and metadata with it.
    expect(await refund(200)).toMatchObject({
      ok: true,
      result: { transaction: { type: 'REFUND', reference: 'order-across-shards', metadata: { orderId: 'S-1' } } },
    });
    // 200 of 300 refunded (counted on the treasury's shard): 150 more would pass the purchase.
    const over = await refund(150);
    expect(over.ok).toBe(false);
    expect((await refund(100)).ok).toBe(true);
    await eventually(async () => ((await balanceOn(0, payer)) === 750 ? true : undefined), 15_000);

    // The treasury is listed once, from its own shard (every shard's migrations seed the rows).
    const listed = await fetch(`${h.ledger!.url}/internal/treasuries`, { headers: { authorization: await h.asGateway() } });
    const treasuries = ((await listed.json()) as { treasuries: Array<{ code: string; balance: number }> }).treasuries;
    expect(treasuries.filter((t) => t.code === code)).toEqual([expect.objectContaining({ code, balance: 0 })]);
    const report = await eventually(async () => {
      const response = await fetch(`${h.ledger!.url}/internal/supply`, { headers: { authorization: await h.asGateway() } });
      const body = supplyReport.parse(await response.json());
      return body.creditLegs.inFlight.count === 0 ? body : undefined;
    }, 15_000);
    expect(report).toMatchObject({ supply: 10, balances: 10, discrepancy: 0, consistent: true });
  }, 60_000);

  const shardUrls = () => [testInfra().databaseUrl, testInfra().shardDatabaseUrl].map((url) => devServiceDatabaseUrl(url, 'ledger'));

  it('when npm run audit reads the shard map, then it sums both shards and finds the ledger exact; each shard alone is not', async () => {
    const lines: string[] = [];
    const [home, other] = shardUrls();
    const audit = await runAudit({
      databaseUrl: home!,
      databaseUrls: [home!, other!],
      schemaPrefix: h.prefix,
      waitMs: 5_000,
      log: (l) => lines.push(l),
    });
    expect(audit.ok).toBe(true);
    expect(audit.report).toMatchObject({ supply: 10, balances: 10, discrepancy: 0, consistent: true, overRefundedPurchases: [] });
    expect(lines).toContain('ledger consistent');
    // The home shard alone owes the legs the other shard credited: why the audit needs every shard.
    const alone = await runAudit({ databaseUrl: home!, schemaPrefix: h.prefix, waitMs: 0, log: () => undefined });
    expect(alone.report.consistent).toBe(false);
  }, 30_000);

  it('when a restored ledger of two shards is asked what it owes, then a leg one shard debited and the other credited is not owed', async () => {
    // Shard 0 alone finds the cross-shard transfers' legs unpaid: their credits are on shard 1.
    expect((await owedCreditLegCommands(h.shardPools[0]!, new Date())).length).toBeGreaterThan(0);
    expect(await owedCreditLegCommands(h.shardPools, new Date())).toEqual([]);
  });

  it("when the history rebuild pages through the ledger record, then every shard's transactions come once, in id order", async () => {
    const onShards = [
      ...(await rowsOn(0, 'SELECT id::int AS id FROM transactions', [])),
      ...(await rowsOn(1, 'SELECT id::int AS id FROM transactions', [])),
    ]
      .map((r) => r.id as number)
      .sort((a, b) => a - b);
    const paged: number[] = [];
    for (let afterId = 0; ; ) {
      const response = await fetch(`${h.ledger!.url}/internal/transactions?afterId=${afterId}&limit=2`, {
        headers: { authorization: await h.asHistory() },
      });
      const page = internalTransactionPage.parse(await response.json());
      paged.push(...page.transactions.map((t) => t.id));
      if (page.nextAfterId === null) break;
      afterId = page.nextAfterId;
    }
    expect(paged).toEqual(onShards);
  });

  it('when a refund on one shard passes its purchase on the other, then the audit over shards names the purchase', async () => {
    const [purchase] = await rowsOn(0, "SELECT id::int AS id, amount::int AS amount FROM transactions WHERE type = 'PURCHASE'", []);
    expect(purchase).toBeDefined();
    // Someone past every grant and trigger writes a refund the apply would refuse, on the treasury's shard.
    const superuser = new pg.Client({ connectionString: testInfra().shardDatabaseUrl });
    await superuser.connect();
    try {
      await superuser.query(`SET search_path = ${h.prefix}ledger; SET session_replication_role = replica`);
      const { rows } = await superuser.query<{ id: string }>(
        `INSERT INTO transactions (id, type, amount, refund_of, reason, command_id, created_at)
         VALUES (999999999, 'REFUND', $1, $2, 'forged', gen_random_uuid(), now()) RETURNING id::text`,
        [purchase!.amount, purchase!.id],
      );
      try {
        const [home, other] = shardUrls();
        const audit = await runAudit({
          databaseUrl: home!,
          databaseUrls: [home!, other!],
          schemaPrefix: h.prefix,
          waitMs: 0,
          log: () => undefined,
        });
        expect(audit.report.overRefundedPurchases).toEqual([purchase!.id]);
      } finally {
        await superuser.query('DELETE FROM transactions WHERE id = $1', [rows[0]!.id]);
      }
    } finally {
      await superuser.end();
    }
  });

  it('when transfers cross shards while the continuous supply check ticks, then every tick over both shards adds up, where one shard alone does not', async () => {
    const options = { now: () => new Date(), intervalMs: 1, rebaseIntervalMs: 3_600_000, creditLegMaxAgeMs: 60_000, logger: h.logger };
    const check = startSupplyCheck({ ...options, pool: h.shardPools[0]!, shards: h.shardPools }, { timer: false });
    const rebased = await check.tick();
    expect(rebased).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0 });
    // Incremental ticks while legs cross in both directions (each tick reads past its cursor).
    const ticks = [];
    const sends = [];
    for (let n = 0; n < 6; n += 1) {
      const [from, to] = n % 2 === 0 ? [onA, onB] : [onB, onA];
      sends.push(
        h.send({
          type: 'ledger.transfer',
          key: walletKeyOfUser(from),
          data: { kind: 'TRANSFER', fromUserId: from, to: { kind: 'user', userId: to }, amount: 10 + n, reason: 'while ticking' },
        }),
      );
      ticks.push(await check.tick());
    }
    expect((await Promise.all(sends)).every((r) => r.ok)).toBe(true);
    const settled = await eventually(async () => {
      const figures = await check.tick();
      return figures.legs.inFlight.count === 0 ? figures : undefined;
    }, 15_000);
    for (const figures of [...ticks, settled]) expect(figures).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0 });
    expect(settled.supply).toBe(1_000);
    // The home shard's rows alone owe the legs the other shard credited.
    const alone = startSupplyCheck({ ...options, pool: h.shardPools[0]! }, { timer: false });
    expect((await alone.tick()).supplyDiscrepancy).not.toBe(0);
    await Promise.all([check.stop(), alone.stop()]);
  }, 60_000);
});
