import { randomUUID } from 'node:crypto';
import { walletKeyOfUser } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import type { WalletRow } from '../domain/wallets';

type Queryable = Pool | PoolClient;

/** Opens the wallets of these users; existing ones are left untouched (idempotent). */
export async function openUserWallets(db: Queryable, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(
    `INSERT INTO wallets (id, wallet_key, user_id)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[])
     ON CONFLICT DO NOTHING`,
    [userIds.map(() => randomUUID()), userIds.map(walletKeyOfUser), userIds],
  );
}

export async function findWalletByUser(db: Queryable, userId: number): Promise<WalletRow | null> {
  const result = await db.query<WalletRow>('SELECT * FROM wallets WHERE user_id = $1', [userId]);
  return result.rows[0] ?? null;
}
