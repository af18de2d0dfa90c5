import { topicNames, type LedgerCommand } from '@coin/contracts';
import { decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import type { BatchRead } from '../../apply/store';
import { emptyWallet, type LedgerState, type RefundTarget, type WalletState } from '../ledger';
import { accepted } from '../commands/rules';
import { evolveKinds } from './loops';
import { refundEffect, refundTargets } from './refund-targets';

/**
 * The refund targets, a kind of the state table (domain/kinds/refund-targets.ts): a batch reads the
 * purchases its refunds name, with what was refunded of each so far, as a relation of its read
 * whose payers' wallets it loads too; each refund adds to what was refunded, so a second refund in
 * the same batch sees the first; nothing of them is written (the REFUND transaction is the record).
 */

const now = new Date('2026-01-01T00:00:00.000Z');
const topics = topicNames('t_');
let seq = 0;
const refund = (transactionId: number, amount: number): LedgerCommand =>
  ({
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type: 'ledger.refund',
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: '10', role: 'ADMIN' },
    data: { transactionId, treasury: 'COURSE_FEES', amount, reason: 'cancelled' },
  }) as LedgerCommand;

const purchase: RefundTarget = { id: 77, type: 'PURCHASE', amount: 500, fromUserId: 1, toTreasury: 'COURSE_FEES', refunded: 100 };

const wallet = (party: WalletState['party'], balance: number): WalletState => ({
  ...emptyWallet(party, now),
  balance,
  totalReceived: balance,
});

function read(): BatchRead {
  const buyer = wallet({ kind: 'user', userId: 1 }, 0);
  const fees = wallet({ kind: 'treasury', code: 'COURSE_FEES' }, 10_000);
  return {
    kinds: {
      wallets: new Map([
        [buyer.key, { state: buyer, version: 3 }],
        [fees.key, { state: fees, version: 4 }],
      ]),
      refundTargets: new Map([['77', purchase]]),
    },
    reservedIds: [10, 11, 12],
  };
}

describe('the refund targets', () => {
  it('when a batch refunds a purchase twice, then the second sees the first: past what is left it is refused; nothing of the purchase is written', () => {
    const decided = decideBatch(read(), [refund(77, 300), refund(77, 200), refund(77, 100)], {
      now,
      topics,
      owns: () => false,
    }) as DecidedBatch;
    expect(decided.outcomes.map((o) => (o.ok ? 'ok' : (o.reply as { code: string }).code))).toEqual([
      'ok',
      'REFUND_EXCEEDS_PURCHASE',
      'ok',
    ]);
    expect(decided.write.transactions.map((t) => [t.row.type, t.row.amount, t.row.refund_of])).toEqual([
      ['REFUND', 300, 77],
      ['REFUND', 100, 77],
    ]);
    expect(decided.write.kinds?.refundTargets).toEqual([]);
    expect(purchase.refunded).toBe(100); // what was read is not changed: a redo starts from it
  });

  it('when a refund would take a purchase past its amount, then the evolve throws (a bug in decide, never a state)', () => {
    const state: LedgerState = { wallets: new Map(), refundTargets: new Map([[77, { ...purchase }]]) };
    expect(() => evolveKinds(state, accepted({ effects: [refundEffect(77, 401)] }), [], now)).toThrow(
      'transaction 77 refunded beyond its amount',
    );
    expect(() => evolveKinds(state, accepted({ effects: [refundEffect(78, 1)] }), [], now)).toThrow('refund of unloaded transaction 78');
  });

  it('is read as a relation of the batch read, by its keys as transaction ids, its payers the wallets it names', () => {
    const load = refundTargets.load!;
    expect(load.wallets!.rows('$4::text[]', { refundTargets: 'read_refundTargets' })).toContain(
      'FROM transactions t WHERE t.id = ANY($4::text[]::bigint[])',
    );
    expect(load.wallets!.keysSql('read_refundTargets')).toBe(
      "ARRAY(SELECT 'user:' || from_user_id FROM read_refundTargets WHERE from_user_id IS NOT NULL)",
    );
    expect(load.wallets!.keysOf(purchase)).toEqual(['user:1']);
    expect(load.wallets!.keysOf({ ...purchase, fromUserId: null })).toEqual([]);
    expect(refundTargets.write).toBeUndefined();
  });
});
