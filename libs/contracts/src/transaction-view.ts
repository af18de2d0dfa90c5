import { coinsToMinorUnits, minorUnitsToCoins } from './money';
import type { Party, Transaction, TransactionType } from './ledger';
import type { TreasuryCode } from './common';

/**
 * A transaction as both stores keep it, column for column: the ledger's `transactions` table and
 * history's `history_transactions` (whose `transaction_id` is selected as `id`). Amounts are
 * integer minor units, as everywhere money is stored; coins appear only at the edges, made by
 * the two functions below and nowhere else.
 */
export interface TransactionRow {
  id: number;
  type: TransactionType;
  /** Minor units. */
  amount: number;
  from_user_id: number | null;
  to_user_id: number | null;
  from_treasury: TreasuryCode | null;
  to_treasury: TreasuryCode | null;
  reason: string;
  reference: string | null;
  refund_of: number | null;
  created_at: Date;
  /** The ledger's record of an approved command (approvals); history does not keep it. */
  approval_id?: string | null;
  requested_by?: number | null;
  approved_by?: number | null;
  /** The caller's metadata (docs/CONTRACT.md "Metadata"), or null; jsonb in both stores. */
  metadata?: Record<string, string> | null;
  /** The platform client whose request made it, or null. */
  client_id?: string | null;
  /** The PURCHASE an affiliate's commission (or its clawback) was split from, or null. */
  split_of?: number | null;
}

/** The one Transaction view (docs/CONTRACT.md "Resources": the API and the coin.transactions event): amounts in coins. */
export function transactionView(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    amount: minorUnitsToCoins(row.amount),
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    fromTreasury: row.from_treasury,
    toTreasury: row.to_treasury,
    reason: row.reason,
    reference: row.reference,
    refundOf: row.refund_of,
    createdAt: row.created_at.toISOString(),
    ...(row.approval_id && row.requested_by && row.approved_by
      ? { approval: { id: row.approval_id, requestedBy: row.requested_by, approvedBy: row.approved_by } }
      : {}),
    ...(row.metadata ? { metadata: row.metadata } : {}),
    ...(row.client_id ? { clientId: row.client_id } : {}),
    ...(row.split_of ? { splitOf: row.split_of } : {}),
  };
}

/**
 * The reverse, for a consumer of the event that stores it (history): null when the amount is not
 * a valid amount of coins or the time is not a time, which no ledger ever publishes.
 */
export function transactionRowOf(view: Transaction): TransactionRow | null {
  const amount = coinsToMinorUnits(view.amount);
  const createdAt = new Date(view.createdAt);
  if (amount === null || Number.isNaN(createdAt.getTime())) return null;
  return {
    id: view.id,
    type: view.type,
    amount,
    from_user_id: view.fromUserId,
    to_user_id: view.toUserId,
    from_treasury: view.fromTreasury,
    to_treasury: view.toTreasury,
    reason: view.reason,
    reference: view.reference,
    refund_of: view.refundOf,
    created_at: createdAt,
    ...(view.metadata ? { metadata: view.metadata } : {}),
    ...(view.clientId ? { client_id: view.clientId } : {}),
    ...(view.splitOf ? { split_of: view.splitOf } : {}),
  };
}

/** A party as the two columns every table that names one uses: a user id or a treasury code. */
export function partyColumns(party: Party | null): { userId: number | null; treasury: TreasuryCode | null } {
  if (party === null) return { userId: null, treasury: null };
  return party.kind === 'user' ? { userId: party.userId, treasury: null } : { userId: null, treasury: party.code };
}

/** The party those two columns name (exactly one is set on a wallet row). */
export function partyOfColumns(userId: number | null, treasury: TreasuryCode | null): Party {
  if (userId !== null) return { kind: 'user', userId };
  if (treasury !== null) return { kind: 'treasury', code: treasury };
  throw new Error('a party needs a user id or a treasury code');
}
