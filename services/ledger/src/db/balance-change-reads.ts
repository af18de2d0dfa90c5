import { transactionType, walletKeyOfUser, type TransactionType } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { BalanceChange } from '../domain/ledger';
import { integerOf } from '../domain/kinds/types';

type Queryable = Pick<PoolClient, 'query'>;

/** A user's balance changes after a sequence, as their entries record them, with the wallet's latest sequence. */
export interface BalanceChangesRead {
  sequence: number;
  /** Each change with the time it was applied (its event's `occurredAt`). */
  changes: Array<{ change: BalanceChange; at: Date }>;
}

interface ChangeRow {
  sequence: number;
  balance_after: number;
  amount: number;
  transaction_id: number;
  type: TransactionType | null;
  created_at: string;
}

/**
 * One indexed read (entries by (wallet_id, sequence), migration 010) of the wallet's shard: the
 * wallet's sequence and up to `limit` changes after `afterSequence`, oldest first. A credit's
 * transaction was written by its payer's partition, which may be another shard: its type is null
 * here, and `typesOf` finds it there. Null: the user has no wallet on this shard.
 */
export async function readBalanceChanges(
  db: Queryable,
  userId: number,
  afterSequence: number,
  limit: number,
  typesOf: (transactionIds: number[]) => Promise<Map<number, TransactionType>>,
): Promise<BalanceChangesRead | null> {
  const result = await db.query<{ balance_sequence: number; changes: ChangeRow[] }>(
    `SELECT w.balance_sequence,
            (SELECT coalesce(json_agg(c ORDER BY c.sequence), '[]')
               FROM (SELECT e.sequence, e.balance_after, e.amount, e.transaction_id, t.type, e.created_at
                       FROM entries e LEFT JOIN transactions t ON t.id = e.transaction_id
                      WHERE e.wallet_id = w.id AND e.sequence > $2
                      ORDER BY e.sequence
                      LIMIT $3) c) AS changes
       FROM wallets w
      WHERE w.user_id = $1`,
    [userId, afterSequence, limit],
  );
  const row = result.rows[0];
  if (!row) return null;
  const missing = row.changes.filter((c) => c.type === null).map((c) => c.transaction_id);
  const elsewhere = missing.length > 0 ? await typesOf(missing) : new Map<number, TransactionType>();
  const walletKey = walletKeyOfUser(userId);
  return {
    sequence: integerOf(row.balance_sequence, 'balance sequence'),
    changes: row.changes.map((c) => {
      const type = c.type ?? elsewhere.get(c.transaction_id);
      if (!type) throw new Error(`entry ${c.sequence} of ${walletKey} names transaction ${c.transaction_id}, which no shard has`);
      const balance = integerOf(c.balance_after, 'balance after');
      const amount = integerOf(c.amount, 'entry amount');
      return {
        change: {
          walletKey,
          party: { kind: 'user', userId },
          transactionId: integerOf(c.transaction_id, 'transaction id'),
          transactionType: transactionType.parse(type),
          amount,
          sequence: integerOf(c.sequence, 'sequence'),
          balance,
          previousBalance: balance - amount,
        },
        at: new Date(c.created_at),
      };
    }),
  };
}

/** The types of transactions by id, on one shard. */
export async function readTransactionTypes(db: Queryable, ids: number[]): Promise<Map<number, TransactionType>> {
  const result = await db.query<{ id: number; type: TransactionType }>('SELECT id, type FROM transactions WHERE id = ANY($1::bigint[])', [
    ids,
  ]);
  return new Map(result.rows.map((r) => [Number(r.id), r.type]));
}
