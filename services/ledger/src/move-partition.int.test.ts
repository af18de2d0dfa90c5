import { supplyReport, treasuryCodes, walletKeyOfTreasury, walletKeyOfUser, type SupplyReport } from '@coin/contracts';
import { keyPartitioner } from '@coin/kafka';
import { runAudit } from '../../../scripts/audit';
import { runMovePartition } from '../../../scripts/ledger-move-partition';
import { devServiceDatabaseUrl } from '../../../scripts/stack/services';
import { testInfra } from '../../../test/harness/env';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { loadLedgerConfig } from './config';
import { createPool } from '@coin/db';
import { MoveRefused, movePartition } from './db/move-partition';
import { startLedgerService } from './service';
import { shardMapText } from './shards';

/**
 * Changing the shard map (docs/operations/deployment.md "Changing the shard map"): a partition holding users
 * and a treasury moves from shard 0 (partitions 0-2, the test cluster) to shard 1 (3-5, the second
 * cluster) while the ledger is stopped; the ledger then starts with the new map and money moves
 * into and out of the moved wallets.
 */
describe('moving a partition to another shard', () => {
  let h: LedgerHarness;
  const partitionOf = keyPartitioner(6);
  /** A treasury on shard 0: the partition that moves is its. */
  const code = treasuryCodes.find((c) => partitionOf(walletKeyOfTreasury(c)) < 3)!;
  const moving = partitionOf(walletKeyOfTreasury(code));
  const usersWhere = (count: number, test: (p: number) => boolean) => {
    const found: number[] = [];
    for (let u = 1; found.length < count; u += 1) if (test(partitionOf(walletKeyOfUser(u)))) found.push(u);
    return found;
  };
  const [u1, u2] = usersWhere(2, (p) => p === moving) as [number, number];
  /** Stays on shard 0, in another partition. */
  const [w] = usersWhere(1, (p) => p < 3 && p !== moving) as [number];
  /** On shard 1 from the start. */
  const [v] = usersWhere(1, (p) => p >= 3) as [number];
  const adminUrls = () => [testInfra().databaseUrl, testInfra().shardDatabaseUrl];
  const oldMapOf = (urls: string[]) => shardMapText.parse(`0-2=${urls[0]};3-5=${urls[1]}`);

  beforeAll(async () => {
    h = await startLedgerHarness({ shards: 2 });
    await h.startLedger();
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  const rowsOn = async (shard: number, sql: string, values: unknown[] = []) => (await h.shardPools[shard]!.query(sql, values)).rows;
  const balanceOn = async (shard: number, userId: number) =>
    (await rowsOn(shard, 'SELECT balance::int AS balance FROM wallets WHERE user_id = $1', [userId]))[0]?.balance as number | undefined;
  const ok = async (command: Parameters<LedgerHarness['send']>[0]) => {
    const reply = await h.send(command);
    expect(reply).toMatchObject({ ok: true });
    return reply as unknown as { result: { transaction?: { id: number } } };
  };
  const transfer = (from: number, to: number, amount: number, commandId?: string) =>
    ok({
      type: 'ledger.transfer',
      key: walletKeyOfUser(from),
      ...(commandId ? { commandId } : {}),
      data: { kind: 'TRANSFER', fromUserId: from, to: { kind: 'user', userId: to }, amount, reason: 'move test' },
    });
  const settledSupply = () =>
    eventually(async () => {
      const response = await fetch(`${h.ledger!.url}/internal/supply`, { headers: { authorization: await h.asGateway() } });
      const body: SupplyReport = supplyReport.parse(await response.json());
      return body.creditLegs.inFlight.count === 0 ? body : undefined;
    }, 20_000);

  it('when a partition with users, a treasury, a hold and cross-shard legs moves, then both shards add up, the ledger runs on with the new map and the audit is exact', async () => {
    expect(moving).toBeLessThan(3);
    for (const userId of [u1, u2, w, v]) await ok({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } });
    for (const [userId, amount] of [
      [u1, 1_000],
      [u2, 500],
      [w, 300],
    ] as const) {
      await ok({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to: { kind: 'user', userId }, amount, reason: 'seed' } });
    }
    const firstCommandId = crypto.randomUUID();
    const first = await transfer(u1, v, 100, firstCommandId);
    await transfer(v, u2, 50);
    await transfer(w, u1, 30);
    const purchase = await ok({
      type: 'ledger.transfer',
      key: walletKeyOfUser(u1),
      data: { kind: 'PURCHASE', fromUserId: u1, to: { kind: 'treasury', code }, amount: 200, reason: 'course' },
    });
    await eventually(async () =>
      (await rowsOn(0, 'SELECT 1 FROM entries WHERE transaction_id = $1 AND amount > 0', [purchase.result.transaction!.id])).length === 1
        ? true
        : undefined,
    );
    await ok({
      type: 'ledger.refund',
      key: walletKeyOfTreasury(code),
      data: { transactionId: purchase.result.transaction!.id, treasury: code, reason: 'cancelled', amount: 50 },
    });
    await ok({
      type: 'ledger.hold',
      key: walletKeyOfUser(u2),
      data: { fromUserId: u2, to: { kind: 'user', userId: v }, amount: 100, reason: 'held across the move' },
    });
    const before = await settledSupply();
    expect(before).toMatchObject({ minted: 18, balances: 18, consistent: true });
    const treasuryBefore = (await rowsOn(0, 'SELECT wallet_id::text AS id FROM treasuries WHERE code = $1', [code]))[0]!.id as string;

    const log: string[] = [];
    const move = (urls = adminUrls()) =>
      runMovePartition({
        shards: oldMapOf(urls),
        partition: moving,
        from: 0,
        to: 1,
        schemaPrefix: h.prefix,
        kafka: h.kafka,
        topicPrefix: h.prefix,
        log: (l) => log.push(l),
      });
    // Refused, changing nothing: while the ledger runs; as the runtime role; with an unpublished outbox row.
    await expect(move()).rejects.toThrow(/have members: stop every ledger/);
    await h.ledger!.close();
    h.ledger = undefined;
    await expect(move(adminUrls().map((url) => devServiceDatabaseUrl(url, 'ledger')))).rejects.toThrow(/cannot act as coin_ledger_owner/);
    const [pending] = (await h.tamperPool.query<{ id: string }>("INSERT INTO outbox_batches (messages) VALUES ('[]') RETURNING id::text"))
      .rows;
    await expect(move()).rejects.toThrow(MoveRefused);
    await expect(move()).rejects.toThrow(/unpublished outbox/);
    await h.tamperPool.query('UPDATE outbox_batches SET published_at = now() WHERE id = $1', [pending!.id]);
    expect(await balanceOn(0, u1)).toBe(780);

    expect(await move()).toEqual({ ok: true });
    expect(log.join('\n')).toMatch(/before .*: equal; audit as before/);
    expect(log.at(-1)).toContain(`shard 1: ${[3, 4, 5, moving].sort().join(',')}`);
    expect(log.join('\n')).not.toContain(testInfra().shardDatabaseUrl);
    // The rows moved: the users' wallets and the treasury (its id kept) are on shard 1 only; shard
    // 0 keeps a fresh empty seed row of the treasury.
    expect([await balanceOn(0, u1), await balanceOn(0, u2)]).toEqual([undefined, undefined]);
    expect([await balanceOn(1, u1), await balanceOn(1, u2)]).toEqual([780, 550]);
    const treasuryOn = async (shard: number) =>
      (
        await rowsOn(
          shard,
          'SELECT w.id::text AS id, w.balance::int AS balance FROM treasuries t JOIN wallets w ON w.id = t.wallet_id WHERE t.code = $1',
          [code],
        )
      )[0];
    expect(await treasuryOn(1)).toEqual({ id: treasuryBefore, balance: 150 });
    expect(await treasuryOn(0)).toEqual({ id: expect.not.stringMatching(treasuryBefore), balance: 0 });
    expect(await rowsOn(1, "SELECT status FROM holds WHERE from_user_id = $1 AND status = 'PENDING'", [u2])).toHaveLength(1);
    expect(await rowsOn(0, 'SELECT 1 FROM entries e JOIN wallets x ON x.id = e.wallet_id WHERE x.user_id = ANY($1)', [[u1, u2]])).toEqual(
      [],
    );
    // Run again with the old map: nothing is left to move, and nothing changes.
    await expect(move()).rejects.toThrow(/moved already/);

    // A move that stops between its two transactions (copied, not deleted) is finished by running
    // it again: w's partition, with the source's delete failing the first time.
    const wPartition = partitionOf(walletKeyOfUser(w));
    const owners = adminUrls().map((url) =>
      createPool({ url, schema: `${h.prefix}ledger`, applicationName: 'move-test', connectionsMax: 1 }),
    );
    const [sourceClient, targetClient] = await Promise.all(owners.map((pool) => pool.connect()));
    try {
      for (const client of [sourceClient!, targetClient!]) await client.query('SET ROLE coin_ledger_owner');
      const stopping = new Proxy(sourceClient!, {
        get(client, key) {
          if (key === 'query') {
            return (text: string, values?: unknown[]) =>
              text.startsWith('ALTER TABLE entries DISABLE') ? Promise.reject(new Error('stopped here')) : client.query(text, values);
          }
          const value = Reflect.get(client, key);
          return typeof value === 'function' ? value.bind(client) : value;
        },
      });
      await expect(
        movePartition({
          source: { index: 0, client: stopping },
          target: { index: 1, client: targetClient! },
          partition: wPartition,
          partitionCount: 6,
          log: () => undefined,
        }),
      ).rejects.toThrow('stopped here');
    } finally {
      sourceClient?.release();
      targetClient?.release();
      await Promise.all(owners.map((pool) => pool.end()));
    }
    expect([await balanceOn(0, w), await balanceOn(1, w)]).toEqual([270, 270]);
    log.length = 0;
    expect(
      await runMovePartition({
        shards: oldMapOf(adminUrls()),
        partition: wPartition,
        from: 0,
        to: 1,
        schemaPrefix: h.prefix,
        kafka: h.kafka,
        topicPrefix: h.prefix,
        log: (l) => log.push(l),
      }),
    ).toEqual({ ok: true });
    expect(log.join('\n')).toContain('finished an earlier run');
    expect([await balanceOn(0, w), await balanceOn(1, w)]).toEqual([undefined, 270]);

    // The ledger starts with the new map (the moved partition on shard 1) and money moves into and
    // out of the moved wallets and treasury, across both shards.
    const runtime = adminUrls().map((url) => devServiceDatabaseUrl(url, 'ledger'));
    const stay = [0, 1, 2].filter((p) => p !== moving && p !== wPartition).join(',');
    const config = loadLedgerConfig({
      ...h.env,
      LEDGER_SHARDS_DATABASE_URL: `${stay}=${runtime[0]};3-5,${moving},${wPartition}=${runtime[1]}`,
    });
    h.ledger = await startLedgerService(config, h.logger);
    // A retried request finds its stored outcome on the partition's new shard: the same transaction, no second debit.
    const again = await transfer(u1, v, 100, firstCommandId);
    expect(again.result.transaction!.id).toBe(first.result.transaction!.id);
    await transfer(u1, v, 10);
    await transfer(v, u1, 20);
    await transfer(w, u2, 5);
    await transfer(u2, w, 15);
    await ok({
      type: 'ledger.refund',
      key: walletKeyOfTreasury(code),
      data: { transactionId: purchase.result.transaction!.id, treasury: code, reason: 'more', amount: 25 },
    });
    // The refunds so far moved with the treasury: the purchase cannot be refunded past its amount.
    const over = await h.send({
      type: 'ledger.refund',
      key: walletKeyOfTreasury(code),
      data: { transactionId: purchase.result.transaction!.id, treasury: code, reason: 'too much', amount: 150 },
    });
    expect(over.ok).toBe(false);
    await eventually(async () => ((await balanceOn(1, u1)) === 815 && (await balanceOn(1, w)) === 280 ? true : undefined), 20_000);
    expect(await balanceOn(1, u2)).toBe(540);
    const after = await settledSupply();
    expect(after).toMatchObject({ minted: 18, burned: 0, balances: 18, inFlight: 0, discrepancy: 0, consistent: true });
    const audit = await runAudit({
      databaseUrl: runtime[0]!,
      databaseUrls: runtime,
      schemaPrefix: h.prefix,
      waitMs: 5_000,
      log: () => undefined,
    });
    expect(audit.ok).toBe(true);
  }, 120_000);
});
