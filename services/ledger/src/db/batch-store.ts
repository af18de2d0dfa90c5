import { partyColumns, type TransactionType, type TreasuryCode } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import {
  ApplyConflictError,
  StaleWalletError,
  type BatchRead,
  type BatchReadRequest,
  type BatchWrite,
  type LedgerStore,
} from '../apply/store';
import type { StoredOutcome } from '../domain/batch';
import { approvalColumns, approvalStateOf, type ApprovalDbRow } from '../views/approval-view';
import { holdColumns, holdStateOf, type HoldDbRow } from '../views/hold-view';
import type { SpendingWindow } from '../domain/limits';
import { safeInteger, walletStateOf, type WalletDbRow } from './wallet-rows';

/**
 * The SQL of the batch apply: one statement reads what a batch needs, one statement writes all
 * it changed. Every column travels whole (`unnest`), so a batch of thousands of commands costs
 * the same two round trips as a batch of one. Both are named prepared statements: each
 * connection parses and plans them once instead of on every batch (under light load batches
 * hold a command or two, and planning these statements cost PostgreSQL more than running them).
 */

type Queryable = Pick<PoolClient, 'query'>;

/** SQLSTATE of the `assert_*_current` / `assert_*_written` guards (migrations 003, 005-007): a row changed under the batch. */
const serializationFailure = '40001';
/** SQLSTATE of a primary key the batch inserts that another writer inserted first (a command id). */
const uniqueViolation = '23505';

/**
 * Everything a batch reads, in one round trip: the stored outcomes of its command ids, the
 * wallets its commands name (and the payers of the transactions its refunds name), those
 * transactions with what has been refunded of each so far, and fresh transaction ids.
 * No transaction is needed around it: only this partition's consumer writes these rows, and the
 * batch write proves that (wallet versions, command-id primary key) or fails as a whole.
 */
export async function readBatch(db: Queryable, request: BatchReadRequest): Promise<BatchRead> {
  const result = await db.query<{
    outcomes: Array<{ command_id: string; ok: boolean; reply: string; request_hash: string | null }>;
    wallets: Array<WalletDbRow & { version: number }>;
    refund_targets: Array<{
      id: number;
      type: TransactionType;
      amount: number;
      from_user_id: number | null;
      to_treasury: TreasuryCode | null;
      refunded: number;
    }>;
    holds: HoldDbRow[];
    approvals: ApprovalDbRow[];
    windows: Array<{ scope: string; spending: SpendingWindow; version: number }>;
    ids: string[];
  }>({
    name: 'ledger-read-batch',
    text: `WITH targets AS (
       SELECT t.id, t.type, t.amount, t.from_user_id, t.to_treasury,
              (SELECT coalesce(sum(r.amount), 0) FROM transactions r WHERE r.refund_of = t.id)::bigint AS refunded
         FROM transactions t WHERE t.id = ANY($3::bigint[])),
     read_holds AS (
       SELECT ${holdColumns} FROM holds WHERE id = ANY($5::uuid[])
       UNION
       SELECT ${holdColumns} FROM holds WHERE status = 'PENDING' AND from_user_id = ANY($6::bigint[]))
     SELECT
       (SELECT coalesce(json_agg(json_build_object('command_id', command_id, 'ok', ok, 'reply', reply, 'request_hash', request_hash)), '[]')
          FROM processed_commands WHERE command_id = ANY($1::uuid[])) AS outcomes,
       (SELECT coalesce(json_agg(json_build_object('id', id, 'wallet_key', wallet_key, 'user_id', user_id, 'treasury_code', treasury_code,
                                                   'balance', balance, 'total_received', total_received, 'total_sent', total_sent,
                                                   'held', held, 'status', status, 'spending', spending, 'limits', limits,
                                                   'created_at', created_at, 'updated_at', updated_at, 'version', version)), '[]')
          FROM wallets
         WHERE wallet_key = ANY($2::text[]
                                || ARRAY(SELECT 'user:' || from_user_id FROM targets WHERE from_user_id IS NOT NULL)
                                || ARRAY(SELECT coalesce('user:' || to_user_id, 'treasury:' || to_treasury) FROM read_holds))) AS wallets,
       (SELECT coalesce(json_agg(targets), '[]') FROM targets) AS refund_targets,
       (SELECT coalesce(json_agg(read_holds), '[]') FROM read_holds) AS holds,
       (SELECT coalesce(json_agg(a), '[]') FROM (SELECT ${approvalColumns} FROM approval_requests WHERE id = ANY($7::uuid[])) a) AS approvals,
       (SELECT coalesce(json_agg(json_build_object('scope', scope, 'spending', spending, 'version', version)), '[]')
          FROM four_eyes_windows
         WHERE scope = ANY($8::text[]
                           || ARRAY(SELECT 'recipient:user:' || from_user_id FROM targets WHERE from_user_id IS NOT NULL))) AS windows,
       ARRAY(SELECT nextval('transactions_id_seq') FROM generate_series(1, $4::int)) AS ids`,
    values: [
      request.commandIds,
      request.walletKeys,
      request.refundOf,
      request.idsToReserve,
      request.holdIds,
      request.pendingHoldsOf,
      request.approvalIds,
      request.windowScopes,
    ],
  });
  const row = result.rows[0]!;
  return {
    known: new Map(
      row.outcomes.map((r) => [r.command_id, { ok: r.ok, reply: JSON.parse(r.reply) as unknown, requestHash: r.request_hash }]),
    ),
    wallets: new Map(
      row.wallets.map((r) => [r.wallet_key, { version: safeInteger(r.version, 'wallet version'), state: walletStateOf(r) }]),
    ),
    refundTargets: new Map(
      row.refund_targets.map((r) => [
        r.id,
        { id: r.id, type: r.type, amount: r.amount, fromUserId: r.from_user_id, toTreasury: r.to_treasury, refunded: r.refunded },
      ]),
    ),
    holds: new Map(row.holds.map((r) => [r.id, holdStateOf(r)])),
    approvals: new Map(row.approvals.map((r) => [r.id, approvalStateOf(r)])),
    windows: new Map(row.windows.map((r) => [r.scope, { window: r.spending, version: safeInteger(r.version, 'window version') }])),
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

/**
 * Writes a whole batch with one statement, which PostgreSQL runs as one transaction: the wallets
 * it opened, the new balances (each row names the version it was read at), transactions,
 * entries, outcomes and outbox rows. If any wallet changed or appeared since the batch read it
 * (never expected with one consumer per partition), `assert_wallets_current` fails the
 * statement, nothing is written, and StaleWalletError tells the caller to redo the batch from
 * fresh state. A command id written twice fails on its primary key (23505): ApplyConflictError,
 * redone the same way. PostgreSQL's error codes stop here; the use case sees the domain's errors.
 * Returns the id of the batch's outbox row (null when it produced no messages).
 */
export async function writeBatch(db: Queryable, batch: BatchWrite): Promise<number | null> {
  const { opened, wallets, transactions, holds, approvals, windows, entries, outcomes, outbox } = batch;
  const tx = <T>(f: (t: BatchWrite['transactions'][number]['row']) => T) => transactions.map((r) => f(r.row));
  const open = <T>(f: (w: BatchWrite['opened'][number]) => T) => opened.map(f);
  // Replies travel as one JSON array of strings: JSON.stringify escapes in native code, where
  // pg's text[] literal escaping would run a regex per element in JavaScript.
  const texts = (values: string[]) => JSON.stringify(values);
  try {
    const result = await db.query<{ outbox_id: number | null }>({
      name: 'ledger-write-batch',
      text: `WITH opened AS (
         INSERT INTO wallets (id, wallet_key, user_id, treasury_code, balance, total_received, total_sent, status, created_at, updated_at,
                              held, spending, limits)
         SELECT id, wallet_key, user_id, treasury_code, balance, total_received, total_sent, status, created_at, updated_at,
                held, spending::jsonb, limits::jsonb
           FROM ROWS FROM (unnest($32::uuid[], $33::text[], $34::bigint[], $35::text[], $36::bigint[], $37::bigint[], $38::bigint[],
                                  $39::text[], $40::timestamptz[], $41::timestamptz[], $60::bigint[]),
                           json_array_elements_text($61::json), json_array_elements_text($62::json))
                AS o(id, wallet_key, user_id, treasury_code, balance, total_received, total_sent, status, created_at, updated_at,
                     held, spending, limits)
         ON CONFLICT DO NOTHING
         RETURNING 1),
       updated AS (
         UPDATE wallets w
            SET balance = u.balance, total_received = u.received, total_sent = u.sent, status = u.status,
                updated_at = u.updated_at, version = w.version + 1,
                held = u.held, spending = u.spending::jsonb, limits = u.limits::jsonb
           FROM ROWS FROM (unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::timestamptz[], $7::bigint[],
                                  $42::bigint[]),
                           json_array_elements_text($43::json), json_array_elements_text($44::json))
                AS u(id, balance, received, sent, status, updated_at, version, held, spending, limits)
          WHERE w.id = u.id AND w.version = u.version
          RETURNING 1),
       new_transactions AS (
         INSERT INTO transactions (id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference,
                                   refund_of, returns, command_id, created_at, hold_id, approval_id, requested_by, approved_by)
         SELECT * FROM unnest($8::bigint[], $9::text[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[], $14::text[],
                              $15::text[], $16::text[], $17::bigint[], $18::bigint[], $19::uuid[], $20::timestamptz[], $45::uuid[],
                              $63::uuid[], $64::bigint[], $65::bigint[])),
       written_approvals AS (
         INSERT INTO approval_requests (id, command, requested_by, status, created_at, expires_at, updated_at, decided_by,
                                        rejection_reason, transaction_id)
         SELECT id, command::jsonb, requested_by::jsonb, status, created_at, expires_at, updated_at, decided_by::jsonb,
                rejection_reason, transaction_id
           FROM ROWS FROM (unnest($66::uuid[]), json_array_elements_text($67::json), json_array_elements_text($68::json),
                           unnest($69::text[], $70::timestamptz[], $71::timestamptz[], $72::timestamptz[]),
                           json_array_elements_text($73::json), unnest($74::text[], $75::bigint[]))
                AS a(id, command, requested_by, status, created_at, expires_at, updated_at, decided_by, rejection_reason, transaction_id)
         ON CONFLICT (id) DO UPDATE
            SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, decided_by = EXCLUDED.decided_by,
                rejection_reason = EXCLUDED.rejection_reason, transaction_id = EXCLUDED.transaction_id
          WHERE approval_requests.status = 'PENDING'
         RETURNING 1),
       written_holds AS (
         INSERT INTO holds (id, from_user_id, to_user_id, to_treasury, amount, reason, reference, status, expires_at, created_at,
                            updated_at, captured_amount, transaction_id)
         SELECT * FROM unnest($46::uuid[], $47::bigint[], $48::bigint[], $49::text[], $50::bigint[], $51::text[], $52::text[],
                              $53::text[], $54::timestamptz[], $55::timestamptz[], $56::timestamptz[], $57::bigint[], $58::bigint[])
         ON CONFLICT (id) DO UPDATE
            SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, captured_amount = EXCLUDED.captured_amount,
                transaction_id = EXCLUDED.transaction_id
          WHERE holds.status = 'PENDING'
         RETURNING 1),
       new_entries AS (
         INSERT INTO entries (transaction_id, wallet_id, amount, created_at)
         SELECT * FROM unnest($21::bigint[], $22::uuid[], $23::bigint[], $24::timestamptz[])),
       new_outcomes AS (
         INSERT INTO processed_commands (command_id, type, ok, reply, request_hash)
         SELECT * FROM ROWS FROM (unnest($25::uuid[]), unnest($26::text[]), unnest($27::bool[]), json_array_elements_text($28::json),
                                  unnest($29::text[]))),
       new_outbox AS (
         INSERT INTO outbox_batches (messages) SELECT $30::text WHERE $30::text IS NOT NULL
         RETURNING id),
       windows_in AS (
         SELECT scope, spending, version FROM json_to_recordset($77::json) AS w(scope text, spending jsonb, version bigint)),
       inserted_windows AS (
         INSERT INTO four_eyes_windows (scope, spending)
         SELECT scope, spending FROM windows_in WHERE version IS NULL
         ON CONFLICT (scope) DO NOTHING
         RETURNING 1),
       updated_windows AS (
         UPDATE four_eyes_windows f SET spending = w.spending, version = f.version + 1
           FROM windows_in w
          WHERE w.version IS NOT NULL AND f.scope = w.scope AND f.version = w.version
         RETURNING 1)
     SELECT assert_wallets_current((SELECT count(*) FROM updated) + (SELECT count(*) FROM opened), $31::bigint) AS wallets_current,
            assert_holds_written((SELECT count(*) FROM written_holds), $59::bigint) AS holds_written,
            assert_approvals_written((SELECT count(*) FROM written_approvals), $76::bigint) AS approvals_written,
            assert_windows_current((SELECT count(*) FROM inserted_windows) + (SELECT count(*) FROM updated_windows),
                                   json_array_length($77::json)::bigint) AS windows_current,
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
        tx((t) => t.from_user_id),
        tx((t) => t.to_user_id),
        tx((t) => t.from_treasury),
        tx((t) => t.to_treasury),
        tx((t) => t.reason),
        tx((t) => t.reference),
        tx((t) => t.refund_of),
        transactions.map((r) => r.returns),
        transactions.map((r) => r.commandId),
        tx((t) => t.created_at),
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
        wallets.length + opened.length,
        open((w) => w.id),
        open((w) => w.key),
        open((w) => partyColumns(w.party).userId),
        open((w) => partyColumns(w.party).treasury),
        open((w) => w.balance),
        open((w) => w.totalReceived),
        open((w) => w.totalSent),
        open((w) => w.status),
        open((w) => w.createdAt),
        open((w) => w.updatedAt),
        wallets.map((w) => w.state.held),
        texts(wallets.map((w) => JSON.stringify(w.state.spending))),
        JSON.stringify(wallets.map((w) => (w.state.limits === null ? null : JSON.stringify(w.state.limits)))),
        transactions.map((r) => r.holdId),
        holds.map((h) => h.id),
        holds.map((h) => h.fromUserId),
        holds.map((h) => partyColumns(h.to).userId),
        holds.map((h) => partyColumns(h.to).treasury),
        holds.map((h) => h.amount),
        holds.map((h) => h.reason),
        holds.map((h) => h.reference),
        holds.map((h) => h.status),
        holds.map((h) => h.expiresAt),
        holds.map((h) => h.createdAt),
        holds.map((h) => h.updatedAt),
        holds.map((h) => h.capturedAmount),
        holds.map((h) => h.transactionId),
        holds.length,
        open((w) => w.held),
        texts(open((w) => JSON.stringify(w.spending))),
        JSON.stringify(open((w) => (w.limits === null ? null : JSON.stringify(w.limits)))),
        transactions.map((r) => r.approval?.id ?? null),
        transactions.map((r) => r.approval?.requestedBy ?? null),
        transactions.map((r) => r.approval?.approvedBy ?? null),
        approvals.map((a) => a.id),
        texts(approvals.map((a) => JSON.stringify(a.command))),
        texts(approvals.map((a) => JSON.stringify(a.requestedBy))),
        approvals.map((a) => a.status),
        approvals.map((a) => a.createdAt),
        approvals.map((a) => a.expiresAt),
        approvals.map((a) => a.updatedAt),
        JSON.stringify(approvals.map((a) => (a.decidedBy === null ? null : JSON.stringify(a.decidedBy)))),
        approvals.map((a) => a.rejectionReason),
        approvals.map((a) => a.transactionId),
        approvals.length,
        // The windows as one JSON parameter of named fields (not more positional columns).
        JSON.stringify(windows.map((w) => ({ scope: w.scope, spending: w.window, version: w.version }))),
      ],
    });
    return result.rows[0]?.outbox_id ?? null;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === serializationFailure) throw new StaleWalletError((err as Error).message);
    if (code === uniqueViolation) throw new ApplyConflictError((err as Error).message);
    throw err;
  }
}

/** The PostgreSQL implementation of the apply's store. */
export function batchStore(pool: Pool): LedgerStore {
  return { read: (request) => readBatch(pool, request), write: (batch) => writeBatch(pool, batch) };
}
