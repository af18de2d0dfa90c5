import type { Party, Transaction, TransactionType, TreasuryCode } from '@coin/contracts';
import { minorUnitsToCoins } from '@coin/contracts';
import type { OutboxStore, Pool, PoolClient, Publish } from '@coin/db';
import type { BatchingProducer } from '@coin/kafka';
import type { StoredOutcome } from '../domain/batch';
import type { Entry, NewTransaction, RefundTarget, WalletState } from '../domain/ledger';
import type { WalletRow } from '../domain/wallets';

/**
 * The SQL of the batch apply: one statement reads what a batch needs, one statement writes all
 * it changed. Every column travels whole (`unnest`), so a batch of thousands of commands costs
 * the same two round trips as a batch of one. Both are named prepared statements: each
 * connection parses and plans them once instead of on every batch (under light load batches
 * hold a command or two, and planning these statements cost PostgreSQL more than running them).
 */

type Queryable = Pick<PoolClient, 'query'>;

/** A wallet update lost a race it should never be in (a second consumer on the partition). */
export class StaleWalletError extends Error {
  /** A serialization failure: consumers retry it (libs/errors failures.ts), it is not the command's. */
  readonly code = '40001';

  constructor(detail: string) {
    super(detail);
    this.name = 'StaleWalletError';
  }
}

/** SQLSTATE of `assert_wallets_current` (migration 003) when a wallet changed under the batch. */
const serializationFailure = '40001';

/** A wallets row as the apply stage reads it: with the version its update is checked against. */
type WalletDbRow = Omit<WalletRow, 'treasury_code' | 'created_at' | 'updated_at'> & {
  treasury_code: TreasuryCode | null;
  version: number;
  /** Timestamps arrive as ISO text inside the batch read's JSON. */
  created_at: string;
  updated_at: string;
};

export interface LoadedWallet {
  state: WalletState;
  version: number;
}

function partyOfRow(row: { user_id: number | null; treasury_code: TreasuryCode | null }): Party {
  return row.user_id !== null ? { kind: 'user', userId: row.user_id } : { kind: 'treasury', code: row.treasury_code! };
}

/** Amounts inside JSON bypass the pool's BIGINT parser, so the same guard is applied here. */
function safeInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} ${value} exceeds the safe integer range`);
  return value;
}

export interface BatchReadRequest {
  commandIds: string[];
  walletKeys: string[];
  /** Transactions named by refunds; their payers' wallets are loaded too. */
  refundOf: number[];
  /** Transaction ids to take from the sequence (ascending). */
  idsToReserve: number;
}

export interface BatchRead {
  known: Map<string, StoredOutcome>;
  wallets: Map<string, LoadedWallet>;
  refundTargets: Map<number, RefundTarget>;
  reservedIds: number[];
}

/**
 * Everything a batch reads, in one round trip: the stored outcomes of its command ids, the
 * wallets its commands name (and the payers of the transactions its refunds name), those
 * transactions with what has been refunded of each so far, and fresh transaction ids.
 * No transaction is needed around it: only this partition's consumer writes these rows, and the
 * batch write proves that (wallet versions, command-id primary key) or fails as a whole.
 */
export async function readBatch(db: Queryable, request: BatchReadRequest): Promise<BatchRead> {
  const result = await db.query<{ outcomes: Array<{ command_id: string; ok: boolean; reply: string; request_hash: string | null }>; wallets: WalletDbRow[]; refund_targets: Array<{ id: number; type: TransactionType; amount: number; from_user_id: number | null; to_treasury: TreasuryCode | null; refunded: number }>; ids: string[] }>({
    name: 'ledger-read-batch',
    text: `WITH targets AS (
       SELECT t.id, t.type, t.amount, t.from_user_id, t.to_treasury,
              (SELECT coalesce(sum(r.amount), 0) FROM transactions r WHERE r.refund_of = t.id)::bigint AS refunded
         FROM transactions t WHERE t.id = ANY($3::bigint[]))
     SELECT
       (SELECT coalesce(json_agg(json_build_object('command_id', command_id, 'ok', ok, 'reply', reply, 'request_hash', request_hash)), '[]')
          FROM processed_commands WHERE command_id = ANY($1::uuid[])) AS outcomes,
       (SELECT coalesce(json_agg(json_build_object('id', id, 'wallet_key', wallet_key, 'user_id', user_id, 'treasury_code', treasury_code,
                                                   'balance', balance, 'total_received', total_received, 'total_sent', total_sent,
                                                   'status', status, 'created_at', created_at, 'updated_at', updated_at, 'version', version)), '[]')
          FROM wallets
         WHERE wallet_key = ANY($2::text[] || ARRAY(SELECT 'user:' || from_user_id FROM targets WHERE from_user_id IS NOT NULL))) AS wallets,
       (SELECT coalesce(json_agg(targets), '[]') FROM targets) AS refund_targets,
       ARRAY(SELECT nextval('transactions_id_seq') FROM generate_series(1, $4::int)) AS ids`,
    values: [request.commandIds, request.walletKeys, request.refundOf, request.idsToReserve],
  });
  const row = result.rows[0]!;
  return {
    known: new Map(row.outcomes.map((r) => [r.command_id, { ok: r.ok, reply: JSON.parse(r.reply) as unknown, requestHash: r.request_hash }])),
    wallets: new Map(
      row.wallets.map((r) => [
        r.wallet_key,
        {
          version: safeInteger(r.version, 'wallet version'),
          state: {
            id: r.id,
            key: r.wallet_key,
            party: partyOfRow(r),
            balance: safeInteger(r.balance, 'balance'),
            totalReceived: safeInteger(r.total_received, 'total received'),
            totalSent: safeInteger(r.total_sent, 'total sent'),
            status: r.status,
            createdAt: new Date(r.created_at),
            updatedAt: new Date(r.updated_at),
          },
        },
      ]),
    ),
    refundTargets: new Map(
      row.refund_targets.map((r) => [r.id, { id: r.id, type: r.type, amount: r.amount, fromUserId: r.from_user_id, toTreasury: r.to_treasury, refunded: r.refunded }]),
    ),
    // bigint[] arrives as text elements (the pool's BIGINT parser covers scalars only).
    reservedIds: row.ids.map((id) => safeInteger(Number(id), 'transaction id')).sort((a, b) => a - b),
  };
}

/**
 * Stores the outcome of a command the apply could not take (set aside by the consumer), unless an
 * outcome is stored already, and returns the one that stands: a redelivery or a retry with the
 * same Idempotency-Key is answered with it, like any rejected command.
 */
export async function storeSetAsideOutcome(
  db: Queryable,
  outcome: { commandId: string; type: string; requestHash: string | null; reply: unknown },
): Promise<StoredOutcome> {
  const result = await db.query<{ ok: boolean; reply: string; request_hash: string | null }>(
    `WITH inserted AS (
       INSERT INTO processed_commands (command_id, type, ok, reply, request_hash) VALUES ($1, $2, false, $3, $4)
       ON CONFLICT (command_id) DO NOTHING
       RETURNING ok, reply, request_hash)
     SELECT ok, reply, request_hash FROM inserted
     UNION ALL
     SELECT ok, reply, request_hash FROM processed_commands WHERE command_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
    [outcome.commandId, outcome.type, JSON.stringify(outcome.reply), outcome.requestHash],
  );
  const row = result.rows[0]!;
  return { ok: row.ok, reply: JSON.parse(row.reply) as unknown, requestHash: row.request_hash };
}

export interface BatchWrite {
  /** Wallets the batch changed, with the version each was read at. */
  wallets: LoadedWallet[];
  transactions: Array<{ transaction: NewTransaction; commandId: string }>;
  entries: Array<Entry & { walletId: string; createdAt: Date }>;
  outcomes: Array<{ commandId: string; type: string; ok: boolean; reply: unknown; requestHash: string | null }>;
  /** Every message the batch produced, in publish order: one outbox_batches row (migration 004). */
  outbox: OutboxBatchMessage[];
}

/**
 * Writes a whole batch with one statement, which PostgreSQL runs as one transaction: the new
 * balances (each row names the version it was read at), transactions, entries, outcomes and
 * outbox rows. If any wallet changed since the batch read it (never expected with one consumer
 * per partition), `assert_wallets_current` fails the statement, nothing is written, and
 * StaleWalletError tells the caller to redo the batch from fresh state. A command id written
 * twice fails on its primary key the same way (23505). Returns the id of the batch's outbox
 * row (null when it produced no messages).
 */
export async function writeBatch(db: Queryable, batch: BatchWrite): Promise<number | null> {
  const { wallets, transactions, entries, outcomes, outbox } = batch;
  const tx = <T>(f: (t: NewTransaction) => T) => transactions.map((r) => f(r.transaction));
  const userOf = (p: Party | null) => (p?.kind === 'user' ? p.userId : null);
  const treasuryOf = (p: Party | null) => (p?.kind === 'treasury' ? p.code : null);
  // Replies travel as one JSON array of strings: JSON.stringify escapes in native code, where
  // pg's text[] literal escaping would run a regex per element in JavaScript.
  const texts = (values: string[]) => JSON.stringify(values);
  try {
    const result = await db.query<{ outbox_id: number | null }>({
      name: 'ledger-write-batch',
      text: `WITH updated AS (
         UPDATE wallets w
            SET balance = u.balance, total_received = u.received, total_sent = u.sent, status = u.status,
                updated_at = u.updated_at, version = w.version + 1
           FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::timestamptz[], $7::bigint[])
                AS u(id, balance, received, sent, status, updated_at, version)
          WHERE w.id = u.id AND w.version = u.version
          RETURNING 1),
       new_transactions AS (
         INSERT INTO transactions (id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference,
                                   refund_of, returns, command_id, created_at)
         SELECT * FROM unnest($8::bigint[], $9::text[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[], $14::text[],
                              $15::text[], $16::text[], $17::bigint[], $18::bigint[], $19::uuid[], $20::timestamptz[])),
       new_entries AS (
         INSERT INTO entries (transaction_id, wallet_id, amount, created_at)
         SELECT * FROM unnest($21::bigint[], $22::uuid[], $23::bigint[], $24::timestamptz[])),
       new_outcomes AS (
         INSERT INTO processed_commands (command_id, type, ok, reply, request_hash)
         SELECT * FROM ROWS FROM (unnest($25::uuid[]), unnest($26::text[]), unnest($27::bool[]), json_array_elements_text($28::json),
                                  unnest($29::text[]))),
       new_outbox AS (
         INSERT INTO outbox_batches (messages) SELECT $30::text WHERE $30::text IS NOT NULL
         RETURNING id)
     SELECT assert_wallets_current((SELECT count(*) FROM updated), $31::bigint) AS wallets_current,
            (SELECT id FROM new_outbox) AS outbox_id`,
      values: [
        wallets.map((w) => w.state.id),
        wallets.map((w) => w.state.balance),
        wallets.map((w) => w.state.totalReceived),
        wallets.map((w) => w.state.totalSent),
        wallets.map((w) => w.state.status),
        wallets.map((w) => w.state.updatedAt),
        wallets.map((w) => w.version),
        tx((t) => t.id),
        tx((t) => t.type),
        tx((t) => t.amount),
        tx((t) => userOf(t.from)),
        tx((t) => userOf(t.to)),
        tx((t) => treasuryOf(t.from)),
        tx((t) => treasuryOf(t.to)),
        tx((t) => t.reason),
        tx((t) => t.reference),
        tx((t) => t.refundOf),
        tx((t) => t.returns),
        transactions.map((r) => r.commandId),
        tx((t) => t.createdAt),
        entries.map((e) => e.transactionId),
        entries.map((e) => e.walletId),
        entries.map((e) => e.amount),
        entries.map((e) => e.createdAt),
        outcomes.map((o) => o.commandId),
        outcomes.map((o) => o.type),
        outcomes.map((o) => o.ok),
        texts(outcomes.map((o) => JSON.stringify(o.reply))),
        outcomes.map((o) => o.requestHash),
        outbox.length > 0 ? JSON.stringify(outbox) : null,
        wallets.length,
      ],
    });
    return result.rows[0]?.outbox_id ?? null;
  } catch (err) {
    if ((err as { code?: string }).code === serializationFailure) throw new StaleWalletError((err as Error).message);
    throw err;
  }
}

/** A message as the ledger's outbox keeps it: the payload is the exact text that is published. */
export interface OutboxBatchMessage {
  topic: string;
  key: string;
  headers: Record<string, string>;
  payload: string;
}

/** One outbox_batches row: the messages one applied batch produced, in publish order. */
export interface OutboxBatch {
  id: number;
  messages: OutboxBatchMessage[];
}

/** The ledger's outbox store (migration 004): one row per applied batch. */
export function outboxBatches(pool: Pool): OutboxStore<OutboxBatch> {
  return {
    unpublished: async (graceMs, limit) => {
      const result = await pool.query<{ id: number; messages: string }>(
        `SELECT id, messages FROM outbox_batches
          WHERE published_at IS NULL AND created_at < now() - make_interval(secs => $1::double precision / 1000)
          ORDER BY id LIMIT $2`,
        [graceMs, limit],
      );
      return result.rows.map((r) => ({ id: r.id, messages: JSON.parse(r.messages) as OutboxBatchMessage[] }));
    },
    markPublished: async (ids) =>
      void (await pool.query({ name: 'ledger-outbox-published', text: 'UPDATE outbox_batches SET published_at = now() WHERE id = ANY($1::bigint[])', values: [ids] })),
    backlog: async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL')).rows[0]?.n ?? 0,
  };
}

export function outboxBatchPublisher(producer: BatchingProducer): Publish<OutboxBatch> {
  return (rows) =>
    producer.sendMany(rows.flatMap((row) => row.messages.map((m) => ({ topic: m.topic, message: { key: m.key, value: m.payload, headers: m.headers } }))));
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


export async function findTransaction(db: Queryable, id: number): Promise<Transaction | null> {
  const result = await db.query<TransactionDbRow>(`SELECT ${transactionColumns} FROM transactions WHERE id = $1`, [id]);
  return result.rows[0] ? toTransactionView(result.rows[0]) : null;
}

export async function transactionsAfter(db: Queryable, afterId: number, limit: number): Promise<Transaction[]> {
  const result = await db.query<TransactionDbRow>(`SELECT ${transactionColumns} FROM transactions WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]);
  return result.rows.map(toTransactionView);
}

export async function listTreasuries(db: Queryable) {
  const result = await db.query<WalletRow & { code: TreasuryCode; name: string }>(
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
