import type { Pool, PoolClient } from '@coin/db';
import type { Hit, Movement, WalletProfile } from '../domain/evaluate';

/**
 * Inserts the movements not seen before and returns their ids: a redelivered event inserts
 * nothing, so it is evaluated once (the row is written in the transaction of its verdict).
 */
export async function insertSeen(client: PoolClient, movements: readonly Movement[]): Promise<Set<number>> {
  if (movements.length === 0) return new Set();
  const r = await client.query<{ transaction_id: string }>(
    `INSERT INTO monitoring_transactions (transaction_id, type, amount_minor, from_wallet, to_wallet, client_id, occurred_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
     ON CONFLICT (transaction_id) DO NOTHING
     RETURNING transaction_id`,
    [
      movements.map((m) => m.transactionId),
      movements.map((m) => m.type),
      movements.map((m) => m.amountMinor),
      movements.map((m) => m.from),
      movements.map((m) => m.to),
      movements.map((m) => m.clientId),
      movements.map((m) => new Date(m.at).toISOString()),
    ],
  );
  return new Set(r.rows.map((row) => Number(row.transaction_id)));
}

/**
 * The platform clients named on the seen movements of one wallet since `since`, at most `limit`:
 * who rewarded, paid, charged or settled for it. Bounded by the time index; run only when a case opens.
 */
export async function clientsOfWallet(client: PoolClient, wallet: string, since: Date, limit: number): Promise<string[]> {
  const r = await client.query<{ client_id: string }>(
    `SELECT DISTINCT client_id FROM monitoring_transactions
      WHERE occurred_at >= $2 AND client_id IS NOT NULL AND (from_wallet = $1 OR to_wallet = $1)
      ORDER BY client_id LIMIT $3`,
    [wallet, since.toISOString(), limit],
  );
  return r.rows.map((row) => row.client_id);
}

/** The scores and hits of the flagged ones. */
export async function recordScores(
  client: PoolClient,
  scored: readonly { transactionId: number; score: number; hits: Hit[] }[],
): Promise<void> {
  if (scored.length === 0) return;
  await client.query(
    `UPDATE monitoring_transactions t SET score = s.score, hits = s.hits
       FROM unnest($1::bigint[], $2::smallint[], $3::jsonb[]) AS s(id, score, hits)
      WHERE t.transaction_id = s.id`,
    [scored.map((s) => s.transactionId), scored.map((s) => s.score), scored.map((s) => JSON.stringify(s.hits))],
  );
}

/** The wallets' profiles as stored, locked for this transaction (one consumer per wallet at a time). */
export async function loadProfiles(client: PoolClient, wallets: readonly string[]): Promise<Map<string, WalletProfile>> {
  const profiles = new Map<string, WalletProfile>();
  if (wallets.length === 0) return profiles;
  const r = await client.query<{ wallet_key: string; first_seen_at: Date; last_seen_at: Date }>(
    `SELECT wallet_key, first_seen_at, last_seen_at FROM monitoring_wallets WHERE wallet_key = ANY($1::text[]) ORDER BY wallet_key FOR UPDATE`,
    [wallets],
  );
  for (const row of r.rows)
    profiles.set(row.wallet_key, { firstSeenAt: row.first_seen_at.getTime(), lastSeenAt: row.last_seen_at.getTime() });
  return profiles;
}

export async function saveProfiles(client: PoolClient, profiles: ReadonlyMap<string, WalletProfile>): Promise<void> {
  if (profiles.size === 0) return;
  const entries = [...profiles].sort(([a], [b]) => (a < b ? -1 : 1));
  await client.query(
    `INSERT INTO monitoring_wallets (wallet_key, first_seen_at, last_seen_at)
     SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[])
     ON CONFLICT (wallet_key) DO UPDATE
       SET first_seen_at = LEAST(monitoring_wallets.first_seen_at, EXCLUDED.first_seen_at),
           last_seen_at = GREATEST(monitoring_wallets.last_seen_at, EXCLUDED.last_seen_at)`,
    [
      entries.map(([wallet]) => wallet),
      entries.map(([, p]) => new Date(p.firstSeenAt).toISOString()),
      entries.map(([, p]) => new Date(p.lastSeenAt).toISOString()),
    ],
  );
}

interface SeenRow {
  transaction_id: string;
  type: string;
  amount_minor: string;
  from_wallet: string | null;
  to_wallet: string | null;
  client_id: string | null;
  occurred_at: Date;
}

const movementOf = (row: SeenRow): Movement => ({
  transactionId: Number(row.transaction_id),
  type: row.type,
  amountMinor: Number(row.amount_minor),
  from: row.from_wallet,
  to: row.to_wallet,
  clientId: row.client_id,
  at: row.occurred_at.getTime(),
});

/** The seen movements since `since`, in time order, the first `limit` of them (a back-test's input). */
export async function seenSince(pool: Pool, since: Date, limit: number): Promise<Movement[]> {
  const r = await pool.query<SeenRow>(
    `SELECT transaction_id, type, amount_minor, from_wallet, to_wallet, client_id, occurred_at
       FROM monitoring_transactions WHERE occurred_at >= $1 ORDER BY occurred_at, transaction_id LIMIT $2`,
    [since, limit],
  );
  return r.rows.map(movementOf);
}

/**
 * The seen movements since `since`, the last `limit` of them, in time order (a warm-up's input:
 * when there are more, the windows want the newest, the ones the next movements are judged beside).
 */
export async function seenLatest(pool: Pool, since: Date, limit: number): Promise<Movement[]> {
  const r = await pool.query<SeenRow>(
    `SELECT transaction_id, type, amount_minor, from_wallet, to_wallet, client_id, occurred_at
       FROM monitoring_transactions WHERE occurred_at >= $1 ORDER BY occurred_at DESC, transaction_id DESC LIMIT $2`,
    [since, limit],
  );
  return r.rows.map(movementOf).reverse();
}

/** Wallet keys per query: one statement's array stays bounded however many wallets a replay names. */
const walletsPerQuery = 10_000;

/** The wallets named by the movements, each once. */
export function walletsOf(movements: readonly Movement[]): string[] {
  const wallets = new Set<string>();
  for (const m of movements) {
    if (m.from) wallets.add(m.from);
    if (m.to) wallets.add(m.to);
  }
  return [...wallets];
}

/**
 * The wallets' profiles as they were at `before` (a replay's start): only the wallets first seen
 * earlier have one. `firstSeenAt` is exact (the wallets' table is never pruned). `lastSeenAt` is
 * read only when `lastSeenFrom` is given (the dormancy rules need it): the wallet's last movement
 * in [lastSeenFrom, before) that the store holds, else `lastSeenFrom` (or its first time, if later):
 * the latest it may have moved, so a dormancy is never made longer than the store can show.
 * Without `lastSeenFrom` it is the first time, which no rule but dormancy reads.
 */
export async function profilesBefore(
  pool: Pool,
  wallets: readonly string[],
  before: Date,
  lastSeenFrom: Date | null,
): Promise<Map<string, WalletProfile>> {
  const profiles = new Map<string, WalletProfile>();
  for (let i = 0; i < wallets.length; i += walletsPerQuery) {
    const chunk = wallets.slice(i, i + walletsPerQuery);
    const r = await pool.query<{ wallet_key: string; first_seen_at: Date }>(
      'SELECT wallet_key, first_seen_at FROM monitoring_wallets WHERE wallet_key = ANY($1::text[]) AND first_seen_at < $2',
      [chunk, before],
    );
    for (const row of r.rows) {
      const first = row.first_seen_at.getTime();
      profiles.set(row.wallet_key, { firstSeenAt: first, lastSeenAt: lastSeenFrom ? Math.max(first, lastSeenFrom.getTime()) : first });
    }
  }
  if (lastSeenFrom) await readLastSeen(pool, profiles, before, lastSeenFrom);
  return profiles;
}

/** Moves each profile's `lastSeenAt` to the wallet's last stored movement in [from, before). */
async function readLastSeen(pool: Pool, profiles: Map<string, WalletProfile>, before: Date, from: Date): Promise<void> {
  const wallets = [...profiles.keys()];
  for (let i = 0; i < wallets.length; i += walletsPerQuery) {
    const r = await pool.query<{ wallet: string; last: Date }>(
      `SELECT wallet, max(occurred_at) AS last FROM (
         SELECT from_wallet AS wallet, occurred_at FROM monitoring_transactions
          WHERE occurred_at >= $2 AND occurred_at < $3 AND from_wallet = ANY($1::text[])
         UNION ALL
         SELECT to_wallet, occurred_at FROM monitoring_transactions
          WHERE occurred_at >= $2 AND occurred_at < $3 AND to_wallet = ANY($1::text[])
       ) moved GROUP BY wallet`,
      [wallets.slice(i, i + walletsPerQuery), from, before],
    );
    for (const row of r.rows) {
      const profile = profiles.get(row.wallet)!;
      profile.lastSeenAt = Math.max(profile.firstSeenAt, row.last.getTime());
    }
  }
}

/** Deletes the seen transactions older than `before`, at most `batch` at a time; returns how many. */
export async function pruneSeen(pool: Pool, before: Date, batch: number): Promise<number> {
  const r = await pool.query(
    `DELETE FROM monitoring_transactions WHERE transaction_id IN (
       SELECT transaction_id FROM monitoring_transactions WHERE occurred_at < $1 LIMIT $2)`,
    [before, batch],
  );
  return r.rowCount ?? 0;
}
