import { testClientDataPageMax, type Party, type TestClientData } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { gathered } from './shard-reads';

/**
 * What a sandbox reset deletes of one test-mode client (docs/decisions/0018-sandbox.md "Deleting a
 * client's test data"), read over every shard: a hold, a mandate or a transaction lives in the
 * shard of the partition that wrote it, a wallet in its own.
 */

/**
 * A user's wallet as a transaction row names it. The client's treasuries are its own and all of
 * their coins its own, so its reset retires them whole (`ledger.retire-treasury`, "Treasuries of each
 * test client's own") instead of returning a net from them.
 */
type WalletName = Extract<Party, { kind: 'user' }>;

const keyOf = (name: WalletName): string => `user:${name.userId}`;

/**
 * The client's split purchases: the ids its commissions and fronted refund parts name. A clawback
 * is the ledger's own command, so its row names no client, only the purchase it belongs to; it is
 * read in the affiliate's shard, which need not be the purchase's.
 */
async function splitPurchasesOf(pools: readonly Pool[], clientId: string): Promise<string[]> {
  const ids = await gathered(pools, async (db) => {
    const found = await db.query<{ split_of: string }>(
      'SELECT DISTINCT split_of::text AS split_of FROM transactions WHERE client_id = $1 AND split_of IS NOT NULL',
      [clientId],
    );
    return found.rows.map((row) => row.split_of);
  });
  return [...new Set(ids)];
}

/**
 * The net of the client's own transactions into each user's wallet (what they put in less what
 * they took out), from the rows' payer and payee: the client's rewards, payouts, captures,
 * purchases, refunds, the charges of its mandates, the clawbacks of its split purchases'
 * commissions (out of the affiliate's wallet) and the reset's own burns, so a second reset finds
 * nothing more to return.
 */
async function netsOf(pools: readonly Pool[], clientId: string): Promise<Map<string, { name: WalletName; net: number }>> {
  const splitPurchases = await splitPurchasesOf(pools, clientId);
  const rows = await gathered(pools, async (db) => {
    const found = await db.query<{ user_id: string; net: string }>(
      `WITH own AS (
         SELECT from_user_id, to_user_id, amount FROM transactions
          WHERE client_id = $1 OR (client_id IS NULL AND split_of = ANY($2::bigint[]))
       )
       SELECT user_id, sum(amount)::text AS net FROM (
         SELECT to_user_id AS user_id, amount FROM own
         UNION ALL
         SELECT from_user_id, -amount FROM own
       ) moves WHERE user_id IS NOT NULL
       GROUP BY user_id`,
      [clientId, splitPurchases],
    );
    return found.rows;
  });
  const nets = new Map<string, { name: WalletName; net: number }>();
  for (const row of rows) {
    const name: WalletName = { kind: 'user', userId: Number(row.user_id) };
    const key = keyOf(name);
    nets.set(key, { name, net: (nets.get(key)?.net ?? 0) + Number(row.net) });
  }
  return nets;
}

/** What the client may take back of each wallet: the least of its net into it and the wallet's free (unheld) balance. */
async function returnableOf(pools: readonly Pool[], clientId: string): Promise<TestClientData['returnable']> {
  const nets = [...(await netsOf(pools, clientId)).entries()].filter(([, { net }]) => net > 0);
  if (nets.length === 0) return [];
  const free = new Map<string, number>();
  const keys = nets.map(([key]) => key);
  for (const row of await gathered(pools, async (db) => {
    const found = await db.query<{ wallet_key: string; free: string }>(
      `SELECT wallet_key, (balance - held)::text AS free FROM wallets WHERE wallet_key = ANY($1::text[]) AND status = 'OPEN'`,
      [keys],
    );
    return found.rows;
  }))
    free.set(row.wallet_key, Number(row.free));
  return nets
    .map(([key, { name, net }]) => ({ from: name, amount: Math.min(net, free.get(key) ?? 0) }))
    .filter(({ amount }) => amount > 0)
    .slice(0, testClientDataPageMax);
}

/** The client's own treasuries used since they were opened (a reset retires them), each in the shard of its partition. */
async function ownTreasuriesOf(pools: readonly Pool[], clientId: string): Promise<TestClientData['treasuries']> {
  const codes = await gathered(pools, async (db) => {
    const found = await db.query<{ code: TestClientData['treasuries'][number] }>(
      `SELECT treasury_code AS code FROM wallets
        WHERE wallet_key = 'treasury:' || treasury_code || '@' || $1 AND status = 'OPEN' AND (total_received > 0 OR total_sent > 0)`,
      [clientId],
    );
    return found.rows.map((row) => row.code);
  });
  return [...new Set(codes)].sort();
}

/** The client's pending holds and test cash-outs (it settles them), its mandates not yet ended, what it may take back and its treasuries to retire. */
export async function readTestClientData(pools: readonly Pool[], clientId: string): Promise<TestClientData> {
  const [holds, mandates, returnable, treasuries] = await Promise.all([
    gathered(pools, async (db) => {
      const found = await db.query<{ id: string; from_user_id: string }>(
        `SELECT id, from_user_id FROM holds WHERE settler_client_id = $1 AND status = 'PENDING' ORDER BY created_at LIMIT $2`,
        [clientId, testClientDataPageMax],
      );
      return found.rows.map((row) => ({ id: row.id, fromUserId: Number(row.from_user_id) }));
    }),
    gathered(pools, async (db) => {
      const found = await db.query<{ id: string; from_user_id: string }>(
        `SELECT id, from_user_id FROM mandates WHERE client_id = $1 AND status IN ('ACTIVE', 'PAST_DUE') ORDER BY created_at LIMIT $2`,
        [clientId, testClientDataPageMax],
      );
      return found.rows.map((row) => ({ id: row.id, fromUserId: Number(row.from_user_id) }));
    }),
    returnableOf(pools, clientId),
    ownTreasuriesOf(pools, clientId),
  ]);
  return { holds: holds.slice(0, testClientDataPageMax), mandates: mandates.slice(0, testClientDataPageMax), returnable, treasuries };
}
