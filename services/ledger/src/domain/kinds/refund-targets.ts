import { walletKeyOfUser, type TransactionType, type TreasuryCode } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { RefundTarget } from '../state';
import { integerOf, type StateModule } from './types';

/** What a refund takes of the purchase it names: `amount` more refunded of transaction `of`. */
export interface RefundEffect {
  of: number;
  amount: number;
}

/** A refund target as the batch read selects it (one row of its relation, as JSON). */
interface RefundTargetRow {
  id: number;
  type: TransactionType;
  amount: number;
  from_user_id: number | null;
  to_treasury: TreasuryCode | null;
  refunded: number;
  commission: { amount: number; affiliate_user_id: number } | null;
  reference: string | null;
  metadata: Record<string, string> | null;
  client_id: string | null;
}

function refundTargetOf(row: RefundTargetRow): RefundTarget {
  return {
    id: integerOf(row.id, 'transaction id'),
    type: row.type,
    amount: integerOf(row.amount, 'amount'),
    fromUserId: row.from_user_id === null ? null : integerOf(row.from_user_id, 'payer id'),
    toTreasury: row.to_treasury,
    refunded: integerOf(row.refunded, 'refunded amount'),
    commission: row.commission
      ? {
          amount: integerOf(row.commission.amount, 'commission'),
          affiliateUserId: integerOf(row.commission.affiliate_user_id, 'affiliate id'),
        }
      : null,
    reference: row.reference,
    metadata: row.metadata,
    clientId: row.client_id ?? null,
  };
}

/** The effect of a refund of `amount` of the purchase `of` (ledger.refund, sent or applied by an approval). */
export function refundEffect(of: number, amount: number): { kind: 'refundTargets' } & RefundEffect {
  return { kind: 'refundTargets', of, amount };
}

/** A command's read of a refund target. */
export interface RefundTargetReads {
  /** The purchase a refund names (its payer is read with it); the transaction of a credit leg that does not name its type. */
  refundTarget?: number;
}

/**
 * The refund targets (docs/design/ledger.md "Batch apply"): the transactions refunds name (and the
 * credit legs' transactions, whose type a leg sent before legs named it is read from), by id, each
 * with what has been refunded of it so far, its reference and metadata (which its refunds carry)
 * and, for a split purchase, its commission (the buyer's TRANSFER to the affiliate, written with
 * it). The batch read holds them as a relation of its own (`read_refundTargets`), which the other
 * kinds' loads are given as `relations.refundTargets` (the four-eyes windows read each payer's
 * window), and loads each payer's wallet in the same statement (`load.wallets`: a refund credits
 * it). A refund's effect (`{ kind: 'refundTargets', of, amount }`) adds to what was refunded, never
 * past the purchase's amount. Nothing is written: what a refund changes of its purchase is the
 * REFUND transaction the journal appends, which the next read sums. The sharded store finds a
 * purchase on whichever shard has it and sums its refunds on its own (db/sharded-store.ts).
 */
export const refundTargets: StateModule<RefundTarget, Map<number, RefundTarget>, RefundEffect, never, RefundTargetReads> = {
  keysOf: (_command, reads) => (reads.refundTarget === undefined ? [] : [String(reads.refundTarget)]),
  load: {
    sql: (_keys, relations) => `SELECT coalesce(json_agg(t), '[]') FROM ${relations.rows} t`,
    loadedOf: (row) => {
      const target = refundTargetOf(row as unknown as RefundTargetRow);
      return [String(target.id), target];
    },
    wallets: {
      rows: (keys) => `SELECT t.id, t.type, t.amount, t.from_user_id, t.to_treasury, t.reference, t.metadata, t.client_id,
              (SELECT coalesce(sum(r.amount), 0) FROM transactions r WHERE r.refund_of = t.id)::bigint AS refunded,
              -- A split purchase's commission: the buyer's TRANSFER to the affiliate, written with it.
              (SELECT json_build_object('amount', c.amount, 'affiliate_user_id', c.to_user_id) FROM transactions c
                WHERE c.split_of = t.id AND c.type = 'TRANSFER' AND c.from_user_id = t.from_user_id LIMIT 1) AS commission
         FROM transactions t WHERE t.id = ANY(${keys}::bigint[])`,
      keysSql: (rows) => `ARRAY(SELECT 'user:' || from_user_id FROM ${rows} WHERE from_user_id IS NOT NULL)`,
      keysOf: (target) => (target.fromUserId === null ? [] : [walletKeyOfUser(target.fromUserId)]),
    },
  },
  stateOf: (loaded) => new Map([...loaded.values()].map((target) => [target.id, { ...target }])),
  evolve(state, { effects }) {
    for (const { of, amount } of effects) {
      const target = state.get(of);
      if (!target) throw new InvariantViolation(`refund of unloaded transaction ${of}`);
      target.refunded += amount;
      if (target.refunded > target.amount) throw new InvariantViolation(`transaction ${target.id} refunded beyond its amount`);
    }
    // Nothing to write: the refund's transaction is the record.
    return [];
  },
  writesOf: () => [],
};
