import { walletKeyOfUser } from '@coin/contracts';
import { keyPartitioner } from '@coin/kafka';
import { startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';

/**
 * The four-eyes bound across shards (docs/design/ledger.md "Shards", "Four-eyes windows"): each shard
 * keeps its part of a person's window and an apply judges the sum over shards, so requests at the
 * threshold at the same instant pass at most one per shard; once they are written, every shard
 * sees the sum.
 */
describe('four-eyes windows over two shards', () => {
  let h: LedgerHarness;
  const partitionOf = keyPartitioner(6);
  const shardOf = (userId: number) => (partitionOf(walletKeyOfUser(userId)) < 3 ? 0 : 1);
  /** Three users on each shard, each in another partition where it can. */
  const users: number[] = [];
  for (let u = 1; users.filter((x) => shardOf(x) === 0).length < 3 || users.filter((x) => shardOf(x) === 1).length < 3; u += 1) {
    if (users.filter((x) => shardOf(x) === shardOf(u)).length < 3) users.push(u);
  }
  /** An admin whose window starts empty: the window is 10 coins a day. */
  const admin = { kind: 'user' as const, id: '424242', role: 'ADMIN' as const };

  beforeAll(async () => {
    h = await startLedgerHarness({
      shards: 2,
      extraEnv: { FOUR_EYES_ACTOR_DAILY_COINS: '10', FOUR_EYES_RECIPIENT_DAILY_COINS: '0' },
    });
    await h.startLedger();
    for (const userId of users) {
      expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } })).ok).toBe(true);
    }
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  const mint = (userId: number, amount: number) =>
    h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(userId),
      actor: admin,
      data: { to: { kind: 'user', userId }, amount, reason: 'four-eyes over shards' },
    }) as Promise<{ ok: boolean; result?: { transaction?: { id: number }; approval?: unknown } }>;

  it('when one admin mints at the threshold on both shards at once, then at most one mint per shard applies and afterwards every shard judges the sum', async () => {
    // Each mint is 6 of the 10 coins: two together reach the window.
    const replies = await Promise.all(users.map((userId) => mint(userId, 600)));
    expect(replies.every((r) => r.ok)).toBe(true);
    const applied = users.filter((_, i) => replies[i]!.result?.transaction !== undefined);
    const perShard = [0, 1].map((shard) => applied.filter((u) => shardOf(u) === shard).length);
    // Within a shard the windows' version check makes the mints serial: one fits. Across shards
    // they may both pass (the documented bound), never more than one per shard.
    expect(perShard.every((n) => n <= 1)).toBe(true);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    expect(replies.filter((r) => r.result?.approval !== undefined)).toHaveLength(users.length - applied.length);

    // Written, both parts count on both shards: 4 more coins (6 + 4 = 10) wait on either shard.
    for (const userId of [users.find((u) => shardOf(u) === 0)!, users.find((u) => shardOf(u) === 1)!]) {
      const reply = await mint(userId, 400);
      expect(reply.ok).toBe(true);
      expect(reply.result?.transaction).toBeUndefined();
      expect(reply.result?.approval).toBeDefined();
    }
    // The window's parts live on the shards that applied them; their sum is what was applied.
    const parts = await Promise.all(
      h.shardPools.map(async (pool) => (await pool.query("SELECT spending FROM four_eyes_windows WHERE scope = 'actor:user:424242'")).rows),
    );
    const counted = parts
      .flat()
      .flatMap((r) => (r.spending as Array<{ amount: number }>).map((s) => s.amount))
      .reduce((a, b) => a + b, 0);
    expect(counted).toBe(600 * applied.length);
  }, 60_000);
});
