import type { Party, Transaction, TransactionType, TreasuryCode } from '@coin/contracts';
import { minorUnitsToCoins } from '@coin/contracts';
import type { OutboxMessage, PoolClient, Publish } from '@coin/db';
import type { BatchingProducer } from '@coin/kafka';
import type { StoredOutcome } from '../domain/batch';
import type { Entry, NewTransaction, RefundTarget, WalletState } from '../domain/ledger';
import type { WalletRow } from '../domain/wallets';

/**
 * The SQL of the batch apply. Every statement takes whole columns (`unnest`), so a batch of
 * hundreds of commands costs the same handful of round trips as a batch of one.
 */

/** A wallet update lost a race it should never be in (a second consumer on the partition). */
export class StaleWalletError extends Error {
  constructor(expected: number, updated: number) {
    super(`wallet versions changed under the batch: ${updated} of ${expected} rows updated`);
    this.name = 'StaleWalletError';
  }
}

/** A wallets row as the apply stage reads it: with the version its update is checked against. */
type WalletDbRow = Omit<WalletRow, 'treasury_code'> & { treasury_code: TreasuryCode | null; version: number };

export interface LoadedWallet {
  state: WalletState;
  version: number;
}

function partyOfRow(row: { user_id: number | null; treasury_code: TreasuryCode | null }): Party {
  return row.user_id !== null ? { kind: 'user', userId: row.user_id } : { kind: 'treasury', code: row.treasury_code! };
}

export async function loadOutcomes(client: PoolClient, commandIds: string[]): Promise<Map<string, StoredOutcome>> {
  const result = await client.query<{ command_id: string; ok: boolean; reply: string; request_hash: string | null }>(
    'SELECT command_id, ok, reply, request_hash FROM processed_commands WHERE command_id = ANY($1::uuid[])',
    [commandIds],
  );
  return new Map(result.rows.map((r) => [r.command_id, { ok: r.ok, reply: JSON.parse(r.reply) as unknown, requestHash: r.request_hash }]));
}

/** The transactions refunds name, with what has been refunded of each so far. */
export async function loadRefundTargets(client: PoolClient, ids: number[]): Promise<Map<number, RefundTarget>> {
  if (ids.length === 0) return new Map();
  const result = await client.query<{ id: number; type: TransactionType; amount: number; from_user_id: number | null; to_treasury: TreasuryCode | null; refunded: number }>(
    `SELECT t.id, t.type, t.amount, t.from_user_id, t.to_treasury,
            (SELECT coalesce(sum(r.amount), 0) FROM transactions r WHERE r.refund_of = t.id)::bigint AS refunded
       FROM transactions t WHERE t.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    result.rows.map((r) => [r.id, { id: r.id, type: r.type, amount: r.amount, fromUserId: r.from_user_id, toTreasury: r.to_treasury, refunded: r.refunded }]),
  );
}

export async function loadWallets(client: PoolClient, keys: string[]): Promise<Map<string, LoadedWallet>> {
  const result = await client.query<WalletDbRow>(
    `SELECT id, wallet_key, user_id, treasury_code, balance, total_received, total_sent, status, created_at, updated_at, version
       FROM wallets WHERE wallet_key = ANY($1::text[])`,
    [keys],
  );
  return new Map(
    result.rows.map((r) => [
      r.wallet_key,
      {
        version: r.version,
        state: {
          id: r.id,
          key: r.wallet_key,
          party: partyOfRow(r),
          balance: r.balance,
          totalReceived: r.total_received,
          totalSent: r.total_sent,
          status: r.status,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        },
      },
    ]),
  );
}

/** Reserves transaction ids from the sequence, ascending. */
export async function reserveTransactionIds(client: PoolClient, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await client.query<{ id: number }>("SELECT nextval('transactions_id_seq') AS id FROM generate_series(1, $1::int)", [count]);
  return result.rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Writes the new balances of the wallets the batch touched. Each row names the version it was
 * read at; fewer updated rows than given means another writer got there first (never expected
 * with one consumer per partition), and the batch must be redone from fresh state.
 */
export async function updateWallets(client: PoolClient, wallets: LoadedWallet[]): Promise<void> {
  if (wallets.length === 0) return;
  const result = await client.query(
    `UPDATE wallets w
        SET balance = u.balance, total_received = u.received, total_sent = u.sent, status = u.status,
            updated_at = u.updated_at, version = w.version + 1
       FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::timestamptz[], $7::bigint[])
            AS u(id, balance, received, sent, status, updated_at, version)
      WHERE w.id = u.id AND w.version = u.version`,
    [
      wallets.map((w) => w.state.id),
      wallets.map((w) => w.state.balance),
      wallets.map((w) => w.state.totalReceived),
      wallets.map((w) => w.state.totalSent),
      wallets.map((w) => w.state.status),
      wallets.map((w) => w.state.updatedAt),
      wallets.map((w) => w.version),
    ],
  );
  if (result.rowCount !== wallets.length) throw new StaleWalletError(wallets.length, result.rowCount ?? 0);
}

export async function insertTransactions(client: PoolClient, rows: Array<{ transaction: NewTransaction; commandId: string }>): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (t: NewTransaction) => T) => rows.map((r) => f(r.transaction));
  const userOf = (p: Party | null) => (p?.kind === 'user' ? p.userId : null);
  const treasuryOf = (p: Party | null) => (p?.kind === 'treasury' ? p.code : null);
  await client.query(
    `INSERT INTO transactions (id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference,
                               refund_of, returns, command_id, created_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::text[],
                          $9::text[], $10::bigint[], $11::bigint[], $12::uuid[], $13::timestamptz[])`,
    [
      col((t) => t.id),
      col((t) => t.type),
      col((t) => t.amount),
      col((t) => userOf(t.from)),
      col((t) => userOf(t.to)),
      col((t) => treasuryOf(t.from)),
      col((t) => treasuryOf(t.to)),
      col((t) => t.reason),
      col((t) => t.reference),
      col((t) => t.refundOf),
      col((t) => t.returns),
      rows.map((r) => r.commandId),
      col((t) => t.createdAt),
    ],
  );
}

export async function insertEntries(client: PoolClient, entries: Array<Entry & { walletId: string; createdAt: Date }>): Promise<void> {
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO entries (transaction_id, wallet_id, amount, created_at)
     SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::bigint[], $4::timestamptz[])`,
    [entries.map((e) => e.transactionId), entries.map((e) => e.walletId), entries.map((e) => e.amount), entries.map((e) => e.createdAt)],
  );
}

export async function insertOutcomes(
  client: PoolClient,
  rows: Array<{ commandId: string; type: string; ok: boolean; reply: unknown; requestHash: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO processed_commands (command_id, type, ok, reply, request_hash)
     SELECT * FROM ROWS FROM (unnest($1::uuid[]), unnest($2::text[]), unnest($3::bool[]), json_array_elements_text($4::json), unnest($5::text[]))`,
    [
      rows.map((r) => r.commandId),
      rows.map((r) => r.type),
      rows.map((r) => r.ok),
      JSON.stringify(rows.map((r) => JSON.stringify(r.reply))),
      rows.map((r) => r.requestHash),
    ],
  );
}

/**
 * The ledger's outbox keeps headers and payload as JSON text (migration 002), written verbatim
 * and published verbatim. Returns the ids in input order.
 */
export async function insertOutboxText(client: PoolClient, messages: OutboxMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  // Payloads travel as one JSON array of strings: JSON.stringify escapes in native code, where
  // pg's text[] literal escaping would run a regex per element in JavaScript.
  const result = await client.query<{ id: number }>(
    `INSERT INTO outbox (topic, key, headers, payload)
     SELECT * FROM ROWS FROM (unnest($1::text[]), unnest($2::text[]), unnest($3::text[]), json_array_elements_text($4::json))
     RETURNING id`,
    [
      messages.map((m) => m.topic),
      messages.map((m) => m.key),
      messages.map((m) => JSON.stringify(m.headers ?? {})),
      JSON.stringify(messages.map((m) => (typeof m.payload === 'string' ? m.payload : JSON.stringify(m.payload)))),
    ],
  );
  return result.rows.map((r) => r.id);
}

/** Publishes outbox rows whether they come from memory (objects) or from a sweep (JSON text). */
export function textOutboxPublisher(producer: BatchingProducer): Publish {
  return (rows) =>
    producer.sendMany(
      rows.map((row) => ({
        topic: row.topic,
        message: {
          key: row.key,
          value: typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload),
          headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : (row.headers ?? {}),
        },
      })),
    );
}

// ---- Reads of the internal API ----

export interface TransactionDbRow {
  id: number;
  type: TransactionType;
  amount: number;
  from_user_id: number | null;
  to_user_id: number | null;
  from_treasury: TreasuryCode | null;
  to_treasury: TreasuryCode | null;
  reason: string;
  reference: string | null;
  refund_of: number | null;
  created_at: Date;
}

const transactionColumns = 'id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference, refund_of, created_at';

export function toTransactionView(r: TransactionDbRow): Transaction {
  return {
    id: r.id,
    type: r.type,
    amount: minorUnitsToCoins(r.amount),
    fromUserId: r.from_user_id,
    toUserId: r.to_user_id,
    fromTreasury: r.from_treasury,
    toTreasury: r.to_treasury,
    reason: r.reason,
    reference: r.reference,
    refundOf: r.refund_of,
    createdAt: r.created_at.toISOString(),
  };
}

type Queryable = Pick<PoolClient, 'query'>;

export async function findTransaction(db: Queryable, id: number): Promise<Transaction | null> {
  const result = await db.query<TransactionDbRow>(`SELECT ${transactionColumns} FROM transactions WHERE id = $1`, [id]);
  return result.rows[0] ? toTransactionView(result.rows[0]) : null;
}

export async function transactionsAfter(db: Queryable, afterId: number, limit: number): Promise<Transaction[]> {
  const result = await db.query<TransactionDbRow>(`SELECT ${transactionColumns} FROM transactions WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]);
  return result.rows.map(toTransactionView);
}

export async function listTreasuries(db: Queryable) {
  const result = await db.query<WalletDbRow & { code: TreasuryCode; name: string }>(
    `SELECT t.code, t.name, w.id, w.balance, w.total_received, w.total_sent, w.created_at, w.updated_at
       FROM treasuries t JOIN wallets w ON w.id = t.wallet_id ORDER BY t.code`,
  );
  return result.rows.map((r) => ({
    code: r.code,
    name: r.name,
    walletId: r.id,
    balance: minorUnitsToCoins(r.balance),
    totalReceived: minorUnitsToCoins(r.total_received),
    totalSent: minorUnitsToCoins(r.total_sent),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}
