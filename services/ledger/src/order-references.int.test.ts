import { randomUUID } from 'node:crypto';
import { signTestReferral } from '../../../scripts/stack/proofs';
import { walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { setCommissionRule } from '../../../test/harness/commissions';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

interface Row {
  id: string;
  type: string;
  amount: string;
  reference: string | null;
  metadata: Record<string, string> | null;
}

/**
 * The transactions of one order share its reference (docs/CONTRACT.md "Transaction types"): a
 * refund of a purchase, the commission's part it fronts and the clawback that follows carry the
 * purchase's reference and metadata (the refund's own metadata added over it), in the record and
 * on coin.transactions, and a reward takes a reference of its own. None of it meets a unique index:
 * two partial refunds, an approved refund's two legs and the clawbacks all carry one reference.
 * The search by reference that reads them back (history) is test/read-back/order-references.int.test.ts.
 */
describe('order references on refund legs and rewards against real Kafka and PostgreSQL', () => {
  let h: LedgerHarness;
  let events: TopicWatch;
  let nextUser = 7500;
  const treasury = 'COURSE_FEES';
  const clientId = 'pc_order_shop';
  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    return userId;
  };
  const mint = (to: { kind: 'user'; userId: number } | { kind: 'treasury'; code: string }, amount: number) =>
    h.send({
      type: 'ledger.mint',
      key: to.kind === 'user' ? walletKeyOfUser(to.userId) : walletKeyOfTreasury(to.code),
      data: { to, amount, reason: 'seed' },
    });
  const balanceOf = async (key: string) =>
    Number((await h.pool.query<{ balance: string }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key])).rows[0]?.balance);
  const purchase = async (buyer: number, affiliate: number, amount: number, reference: string, metadata: Record<string, string>) =>
    h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(buyer),
      data: {
        kind: 'PURCHASE',
        fromUserId: buyer,
        to: { kind: 'treasury', code: treasury },
        amount,
        reason: 'course',
        reference,
        metadata,
        // The platform attests the referral, bound to this buyer, treasury and order.
        affiliate: {
          referral: await signTestReferral(h.jwtKey, { clientId, buyerUserId: buyer, affiliateUserId: affiliate, treasury, reference }),
        },
      },
    });
  /** The transactions of a purchase: itself, its commission, its refunds, their commission parts and clawbacks. */
  const orderOf = async (purchaseId: number) =>
    (
      await h.pool.query<Row>(
        `SELECT id::text, type, amount::text, reference, metadata FROM transactions
          WHERE id = $1 OR refund_of = $1 OR split_of = $1`,
        [purchaseId],
      )
    ).rows;
  /** The rows without their ids, in one order whatever their ids: what a test compares. */
  const sortedMarks = (rows: Array<Omit<Row, 'id'> & { id?: string }>) =>
    rows
      .map(({ type, amount, reference, metadata }) =>
        JSON.stringify({ type, amount, reference, metadata: metadata && Object.fromEntries(Object.entries(metadata).sort()) }),
      )
      .sort();
  /** A split purchase of 100 coins (10 to the affiliate), the treasury floated so it can front the commission's part. */
  const splitPurchase = async (reference: string, metadata: Record<string, string>) => {
    const [buyer, affiliate] = [await openUser(), await openUser()];
    resultOf(await mint({ kind: 'user', userId: buyer }, 10_000));
    resultOf(await mint({ kind: 'treasury', code: treasury }, 1_000));
    const bought = resultOf(await purchase(buyer, affiliate, 10_000, reference, metadata));
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 1_000 ? true : undefined));
    return { buyer, affiliate, purchaseId: bought.transaction.id as number };
  };
  /** The coin.transactions events of these transaction ids, once all arrived. */
  const eventsOf = (ids: number[]) =>
    eventually(async () => {
      const found = events.values
        .map((v) => (v as { transaction?: { id?: number; reference?: string | null; metadata?: Record<string, string> } }).transaction)
        .filter((t) => t?.id !== undefined && ids.includes(t.id));
      return found.length === ids.length ? found : undefined;
    });

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    events = await watchTopic(h.kafka, h.topics.coinTransactions);
    resultOf(
      // Two ADMIN+: one asks for the rule, the other approves it.
      await setCommissionRule(h, { treasury, clientId, rule: { kind: 'bps', bps: 1000 } }),
    );
  }, 90_000);
  afterAll(async () => {
    await events?.stop();
    await h?.close();
  });

  it('when a split purchase with reference R and metadata M is refunded twice in part, then every refund, commission part and clawback carries R and M (a refund’s own metadata added), in the record and on coin.transactions', async () => {
    const reference = `order-${randomUUID()}`;
    const metadata = { orderId: 'A-1', channel: 'web' };
    const { buyer, affiliate, purchaseId } = await splitPurchase(reference, metadata);

    const first = resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: purchaseId, treasury, amount: 4_500, reason: 'half', metadata: { ticket: 'T-1', channel: 'support' } },
      }),
    );
    expect(first.transaction).toMatchObject({
      type: 'REFUND',
      reference,
      metadata: { orderId: 'A-1', channel: 'support', ticket: 'T-1' },
    });
    resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: purchaseId, treasury, reason: 'the rest' },
      }),
    );
    await eventually(async () => ((await balanceOf(walletKeyOfUser(buyer))) === 10_000 ? true : undefined));
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 0 ? true : undefined));

    const withTicket = { orderId: 'A-1', channel: 'support', ticket: 'T-1' };
    const order = await eventually(async () => {
      const rows = await orderOf(purchaseId);
      return rows.length === 8 ? rows : undefined;
    });
    // Ids name their partition (docs/decisions/0005), so they are compared as a set, not in time order.
    expect(sortedMarks(order)).toEqual(
      sortedMarks([
        { type: 'PURCHASE', amount: '9000', reference, metadata },
        { type: 'TRANSFER', amount: '1000', reference, metadata },
        // The first refund: its REFUND and the commission's part, in one apply, then its clawback.
        { type: 'REFUND', amount: '4500', reference, metadata: withTicket },
        { type: 'TRANSFER', amount: '500', reference, metadata: withTicket },
        { type: 'TRANSFER', amount: '500', reference, metadata: withTicket },
        { type: 'REFUND', amount: '4500', reference, metadata },
        { type: 'TRANSFER', amount: '500', reference, metadata },
        { type: 'TRANSFER', amount: '500', reference, metadata },
      ]),
    );

    const published = await eventsOf(order.map((r) => Number(r.id)));
    for (const row of order) {
      expect(published.find((t) => t?.id === Number(row.id))).toMatchObject({ reference, metadata: row.metadata });
    }
  });

  it('when two ADMINs refund a split purchase with a reference through an approval, then both of its legs carry the reference in their own places, and the clawback too', async () => {
    const reference = `order-${randomUUID()}`;
    const { buyer, purchaseId } = await splitPurchase(reference, { orderId: 'A-2' });
    const requester = { kind: 'user' as const, id: '757501', role: 'ADMIN' as const };
    const approver = { kind: 'user' as const, id: '757502', role: 'ADMIN' as const };
    const held = { type: 'ledger.refund', data: { transactionId: purchaseId, treasury, reason: 'cancelled' } };
    const key = walletKeyOfTreasury(treasury);
    const approvalId = resultOf(
      await h.send({ type: 'ledger.request-approval', key, actor: requester, data: { command: held, requestHash: 'c'.repeat(64) } }),
    ).approval.id as string;

    const approved = resultOf(
      await h.send({ type: 'ledger.approve', key, actor: approver, data: { approvalId, command: held, requestHash: 'd'.repeat(64) } }),
    );

    expect(approved).toMatchObject({ approval: { status: 'APPROVED' }, transaction: { type: 'REFUND', reference } });
    const legs = await h.pool.query<{ type: string; reference: string; approval_leg: number }>(
      'SELECT type, reference, approval_leg FROM transactions WHERE approval_id = $1 ORDER BY approval_leg',
      [approvalId],
    );
    expect(legs.rows).toEqual([
      { type: 'REFUND', reference, approval_leg: 0 },
      { type: 'TRANSFER', reference, approval_leg: 1 },
    ]);
    await eventually(async () => ((await balanceOf(walletKeyOfUser(buyer))) === 10_000 ? true : undefined));
    const order = await eventually(async () => {
      const rows = await orderOf(purchaseId);
      return rows.length === 5 ? rows : undefined;
    });
    expect(order.map((r) => [r.type, r.reference, r.metadata])).toEqual(Array(5).fill([expect.any(String), reference, { orderId: 'A-2' }]));
  });

  it('when a refund’s own metadata and its purchase’s together pass 20 keys, then the refund keeps its own alone (as before) and still carries the reference; keys in both count once', async () => {
    const reference = `order-${randomUUID()}`;
    const purchaseMetadata = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`p${i}`, 'v']));
    const { purchaseId } = await splitPurchase(reference, purchaseMetadata);
    const own = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`r${i}`, 'v']));
    const alone = resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: purchaseId, treasury, amount: 900, reason: 'much to say', metadata: own },
      }),
    );
    expect(alone.transaction).toMatchObject({ reference, metadata: own });
    expect(Object.keys(alone.transaction.metadata)).toHaveLength(6);
    // 15 of the purchase's and 5 new ones (p0 is the purchase's too, the refund's value wins) are 20: merged.
    const fits = { ...Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`r${i}`, 'v'])), p0: 'refund' };
    const merged = resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: purchaseId, treasury, amount: 900, reason: 'just right', metadata: fits },
      }),
    );
    expect(Object.keys(merged.transaction.metadata)).toHaveLength(20);
    expect(merged.transaction).toMatchObject({ reference, metadata: { p0: 'refund', p14: 'v', r4: 'v' } });
  });

  it('when a purchase without a reference or metadata is refunded, then its refund carries none, as before', async () => {
    const buyer = await openUser();
    resultOf(await mint({ kind: 'user', userId: buyer }, 1_000));
    const bought = resultOf(
      await h.send({
        type: 'ledger.transfer',
        key: walletKeyOfUser(buyer),
        data: { kind: 'PURCHASE', fromUserId: buyer, to: { kind: 'treasury', code: treasury }, amount: 1_000, reason: 'course' },
      }),
    );
    const refund = resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: bought.transaction.id, treasury, reason: 'cancelled' },
      }),
    );
    expect(refund.transaction.reference).toBeNull();
    expect('metadata' in refund.transaction).toBe(false);
  });

  it('when a reward names a reference, then its transaction carries it, in the record and on coin.transactions', async () => {
    const userId = await openUser();
    resultOf(await mint({ kind: 'treasury', code: 'REWARDS' }, 1_000));
    const reference = `season-${randomUUID()}`;
    const rewarded = resultOf(
      await h.send({
        type: 'ledger.reward',
        key: walletKeyOfTreasury('REWARDS'),
        data: { toUserId: userId, amount: 250, reason: 'top of the table', reference, metadata: { season: '2030' } },
      }),
    );
    expect(rewarded.transaction).toMatchObject({ type: 'REWARD', reference, metadata: { season: '2030' } });
    const stored = await h.pool.query('SELECT reference FROM transactions WHERE id = $1', [rewarded.transaction.id]);
    expect(stored.rows).toEqual([{ reference }]);
    expect(await eventsOf([rewarded.transaction.id])).toEqual([expect.objectContaining({ type: 'REWARD', reference })]);
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a line break', 'a\nb'],
    ['101 characters', 'r'.repeat(101)],
  ])(
    'when a reward put on the topic carries a reference with %s, then the command schema refuses it and nothing moves',
    async (_what, reference) => {
      const userId = await openUser();
      const refused = await h.send({
        type: 'ledger.reward',
        key: walletKeyOfTreasury('REWARDS'),
        data: { toUserId: userId, amount: 1, reason: 'x', reference },
      });
      expect(refused.ok).toBe(false);
      expect(await balanceOf(walletKeyOfUser(userId))).toBe(0);
    },
  );
});
