import type { TransactionRow } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { WalletState } from '../domain/ledger';
import { walletColumns, walletStateOf } from '../domain/kinds/wallets';

/** Reads of the internal API: rows and states, rendered by the views in http/. */

type Queryable = Pick<PoolClient, 'query'>;

const transactionColumns =
  'id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference, refund_of, created_at, approval_id, requested_by, approved_by, metadata, client_id, split_of';

export async function findTransaction(db: Queryable, id: number): Promise<TransactionRow | null> {
  const result = await db.query<TransactionRow>(`SELECT ${transactionColumns} FROM transactions WHERE id = $1`, [id]);
  return result.rows[0] ?? null;
}

export async function transactionsAfter(db: Queryable, afterId: number, limit: number): Promise<TransactionRow[]> {
  const result = await db.query<TransactionRow>(`SELECT ${transactionColumns} FROM transactions WHERE id > $1 ORDER BY id LIMIT $2`, [
    afterId,
    limit,
  ]);
  return result.rows;
}

export async function listTreasuryWallets(db: Queryable): Promise<WalletState[]> {
  const result = await db.query<Record<string, unknown>>(
    `SELECT ${walletColumns} FROM wallets WHERE wallet_key = 'treasury:' || treasury_code ORDER BY treasury_code`,
  );
  return result.rows.map(walletStateOf);
}

/** The wallets of these keys (a test-mode client's own treasuries), those that were ever opened. */
export async function findWalletsByKey(db: Queryable, keys: readonly string[]): Promise<WalletState[]> {
  const result = await db.query<Record<string, unknown>>(`SELECT ${walletColumns} FROM wallets WHERE wallet_key = ANY($1::text[])`, [keys]);
  return result.rows.map(walletStateOf);
}

export async function findWalletOfUser(db: Queryable, userId: number): Promise<WalletState | null> {
  const result = await db.query<Record<string, unknown>>(`SELECT ${walletColumns} FROM wallets WHERE user_id = $1`, [userId]);
  return result.rows[0] ? walletStateOf(result.rows[0]) : null;
}
