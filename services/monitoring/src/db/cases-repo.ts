import type { Pool, PoolClient } from '@coin/db';
import { randomUUID } from 'node:crypto';

export interface CaseRow {
  id: string;
  subject: string;
  status: 'OPEN' | 'RESOLVED';
  score: number;
  rules: string[];
  assignee: number | null;
  openedAt: Date;
  resolvedAt: Date | null;
  resolvedBy: number | null;
  resolution: 'CONFIRMED' | 'FALSE_POSITIVE' | null;
  reason: string | null;
  freezeRequestedAt: Date | null;
  freezeOutcome: string | null;
}

const caseColumns = `id, subject, status, score, rules, assignee, opened_at, resolved_at, resolved_by, resolution, reason,
  freeze_requested_at, freeze_outcome`;

// biome-ignore lint/suspicious/noExplicitAny: a pg row
function caseOf(row: any): CaseRow {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    score: Number(row.score),
    rules: row.rules,
    assignee: row.assignee === null ? null : Number(row.assignee),
    openedAt: row.opened_at,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by === null ? null : Number(row.resolved_by),
    resolution: row.resolution,
    reason: row.reason,
    freezeRequestedAt: row.freeze_requested_at,
    freezeOutcome: row.freeze_outcome,
  };
}

/**
 * Opens a case about `subject`, or joins its open one (the higher score, the rules of both), and
 * links the transaction. `opened` says whether this call opened it (the case event goes out once).
 */
export async function openOrJoinCase(
  client: PoolClient,
  input: { subject: string; score: number; rules: string[]; transactionId: number; at: Date },
): Promise<{ row: CaseRow; opened: boolean }> {
  const r = await client.query(
    `INSERT INTO monitoring_cases (id, subject, score, rules, opened_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (subject) WHERE status = 'OPEN' DO UPDATE
       SET score = GREATEST(monitoring_cases.score, EXCLUDED.score),
           rules = ARRAY(SELECT DISTINCT unnest(monitoring_cases.rules || EXCLUDED.rules) ORDER BY 1)
     RETURNING ${caseColumns}, (xmax = 0) AS inserted`,
    [randomUUID(), input.subject, input.score, input.rules, input.at],
  );
  const row = r.rows[0];
  await client.query(
    `INSERT INTO monitoring_case_transactions (case_id, transaction_id, linked_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [row.id, input.transactionId, input.at],
  );
  return { row: caseOf(row), opened: row.inserted === true };
}

export async function markFreezeRequested(db: Pool | PoolClient, caseId: string, outcome: string): Promise<void> {
  await db.query(`UPDATE monitoring_cases SET freeze_requested_at = now(), freeze_outcome = $2 WHERE id = $1`, [
    caseId,
    outcome.slice(0, 200),
  ]);
}

export const casePageMax = 100;

/** Cases newest first, optionally of one status; `before` is the last (opened_at, id) of the previous page. */
export async function listCases(
  pool: Pool,
  query: { status?: 'OPEN' | 'RESOLVED'; limit: number; before?: { openedAt: Date; id: string } },
): Promise<CaseRow[]> {
  const r = await pool.query(
    `SELECT ${caseColumns} FROM monitoring_cases
      WHERE ($1::text IS NULL OR status = $1)
        AND ($2::timestamptz IS NULL OR (opened_at, id) < ($2, $3::uuid))
      ORDER BY opened_at DESC, id DESC LIMIT $4`,
    [query.status ?? null, query.before?.openedAt ?? null, query.before?.id ?? null, Math.min(query.limit, casePageMax)],
  );
  return r.rows.map(caseOf);
}

export async function findCase(db: Pool | PoolClient, id: string, lock = false): Promise<CaseRow | null> {
  const r = await db.query(`SELECT ${caseColumns} FROM monitoring_cases WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return r.rows[0] ? caseOf(r.rows[0]) : null;
}

export interface CaseTransaction {
  transactionId: number;
  type: string;
  amountMinor: number | null;
  from: string | null;
  to: string | null;
  at: Date | null;
  score: number | null;
  hits: unknown[];
  linkedBy: number | null;
}

/** The case's transactions (what the store still holds of each), oldest first, at most `limit`. */
export async function caseTransactions(pool: Pool, caseId: string, limit: number): Promise<CaseTransaction[]> {
  const r = await pool.query(
    `SELECT c.transaction_id, c.linked_by, t.type, t.amount_minor, t.from_wallet, t.to_wallet, t.occurred_at, t.score, t.hits
       FROM monitoring_case_transactions c LEFT JOIN monitoring_transactions t ON t.transaction_id = c.transaction_id
      WHERE c.case_id = $1 ORDER BY c.transaction_id LIMIT $2`,
    [caseId, limit],
  );
  return r.rows.map((row) => ({
    transactionId: Number(row.transaction_id),
    type: row.type ?? 'UNKNOWN',
    amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
    from: row.from_wallet,
    to: row.to_wallet,
    at: row.occurred_at,
    score: row.score === null ? null : Number(row.score),
    hits: row.hits ?? [],
    linkedBy: row.linked_by === null ? null : Number(row.linked_by),
  }));
}

export async function caseNotes(pool: Pool, caseId: string): Promise<{ id: number; author: number; body: string; createdAt: Date }[]> {
  const r = await pool.query(`SELECT id, author, body, created_at FROM monitoring_case_notes WHERE case_id = $1 ORDER BY id LIMIT 500`, [
    caseId,
  ]);
  return r.rows.map((row) => ({ id: Number(row.id), author: Number(row.author), body: row.body, createdAt: row.created_at }));
}

/** The flows of the case's wallets in the store since `since`: what the console draws as a graph. */
export async function walletFlows(
  pool: Pool,
  wallets: readonly string[],
  since: Date,
  limit: number,
): Promise<{ from: string | null; to: string | null; amountMinor: number; count: number }[]> {
  const r = await pool.query(
    `SELECT from_wallet, to_wallet, sum(amount_minor) AS amount, count(*) AS n FROM monitoring_transactions
      WHERE occurred_at >= $2 AND (from_wallet = ANY($1::text[]) OR to_wallet = ANY($1::text[]))
      GROUP BY from_wallet, to_wallet ORDER BY sum(amount_minor) DESC LIMIT $3`,
    [wallets, since, limit],
  );
  return r.rows.map((row) => ({ from: row.from_wallet, to: row.to_wallet, amountMinor: Number(row.amount), count: Number(row.n) }));
}

/**
 * The wallets the case's transactions, and the transactions `linking` names, move between (as the
 * store still holds them): who is a party to the case. Bounded by the case's own links and the
 * step's (at most 100).
 */
export async function casePartyWallets(client: PoolClient, caseId: string, linking: readonly number[] = []): Promise<string[]> {
  const r = await client.query<{ wallet: string }>(
    `SELECT DISTINCT w.wallet FROM monitoring_transactions t
       CROSS JOIN LATERAL (VALUES (t.from_wallet), (t.to_wallet)) AS w(wallet)
      WHERE w.wallet IS NOT NULL
        AND (t.transaction_id IN (SELECT transaction_id FROM monitoring_case_transactions WHERE case_id = $1)
             OR t.transaction_id = ANY($2::bigint[]))`,
    [caseId, linking],
  );
  return r.rows.map((row) => row.wallet);
}

export async function assignCase(client: PoolClient, id: string, assignee: number | null): Promise<void> {
  await client.query(`UPDATE monitoring_cases SET assignee = $2 WHERE id = $1`, [id, assignee]);
}

export async function addNote(client: PoolClient, id: string, author: number, body: string): Promise<number> {
  const r = await client.query<{ id: string }>(
    `INSERT INTO monitoring_case_notes (case_id, author, body) VALUES ($1, $2, $3) RETURNING id`,
    [id, author, body],
  );
  return Number(r.rows[0]!.id);
}

/** Links transactions to the case; returns the ids newly linked. */
export async function linkTransactions(client: PoolClient, id: string, transactionIds: readonly number[], by: number): Promise<number[]> {
  const r = await client.query<{ transaction_id: string }>(
    `INSERT INTO monitoring_case_transactions (case_id, transaction_id, linked_by)
     SELECT $1, unnest($2::bigint[]), $3 ON CONFLICT DO NOTHING RETURNING transaction_id`,
    [id, transactionIds, by],
  );
  return r.rows.map((row) => Number(row.transaction_id));
}

export async function resolveCase(
  client: PoolClient,
  id: string,
  input: { by: number; resolution: 'CONFIRMED' | 'FALSE_POSITIVE'; reason: string },
): Promise<void> {
  await client.query(
    `UPDATE monitoring_cases SET status = 'RESOLVED', resolved_at = now(), resolved_by = $2, resolution = $3, reason = $4 WHERE id = $1`,
    [id, input.by, input.resolution, input.reason],
  );
}
