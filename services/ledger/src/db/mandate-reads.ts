import type { PoolClient } from '@coin/db';
import type { MandateStatus } from '@coin/contracts';
import type { MandateState } from '../domain/ledger';
import type { DueMandate } from '../domain/mandates';
import { mandateColumns, mandateStateOf, type MandateDbRow } from './mandate-rows';
import { integerOf } from '../domain/kinds/types';

/** Reads of mandates for the internal API and the scheduler; writes are the batch write's. */

type Queryable = Pick<PoolClient, 'query'>;

export interface MandateFilter {
  fromUserId?: number | undefined;
  clientId?: string | undefined;
  status?: MandateStatus | undefined;
  limit: number;
  offset: number;
}

/** A page of mandates, newest first, with the total matching the filter. */
export async function listMandates(db: Queryable, filter: MandateFilter): Promise<{ mandates: MandateState[]; total: number }> {
  const where = `($1::bigint IS NULL OR from_user_id = $1) AND ($2::text IS NULL OR client_id = $2) AND ($3::text IS NULL OR status = $3)`;
  const values = [filter.fromUserId ?? null, filter.clientId ?? null, filter.status ?? null];
  const [page, counted] = await Promise.all([
    db.query<MandateDbRow>(`SELECT ${mandateColumns} FROM mandates WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`, [
      ...values,
      filter.limit,
      filter.offset,
    ]),
    db.query<{ total: string }>(`SELECT count(*)::text AS total FROM mandates WHERE ${where}`, values),
  ]);
  return { mandates: page.rows.map(mandateStateOf), total: Number(counted.rows[0]?.total ?? 0) };
}

/**
 * ACTIVE mandates whose next charge is due, the longest due first, and every ACTIVE mandate of a
 * platform client in `revokedClients` (due or not): what the scheduler turns into charges. The
 * ledger cancels a revoked client's mandate when it applies that charge.
 */
export async function dueMandates(db: Queryable, now: Date, limit: number, revokedClients: readonly string[] = []): Promise<DueMandate[]> {
  const result = await db.query<{ id: string; from_user_id: number; next_period: number; failed_attempts: number }>(
    `SELECT id, from_user_id, next_period, failed_attempts FROM mandates
      WHERE status = 'ACTIVE' AND (next_charge_at <= $1 OR client_id = ANY($3::text[])) ORDER BY next_charge_at LIMIT $2`,
    [now, limit, revokedClients],
  );
  return result.rows.map((r) => ({
    id: r.id,
    fromUserId: integerOf(r.from_user_id, 'payer id'),
    nextPeriod: integerOf(r.next_period, 'mandate period'),
    failedAttempts: integerOf(r.failed_attempts, 'failed attempts'),
  }));
}

/**
 * The sandbox's due mandates (docs/decisions/0018-sandbox.md "Mandates in the sandbox"): a
 * mandate's next charge is judged at wall time plus the test clock of the client it was granted
 * to (none: wall time), and names that client's clock (stored or not) so its charge reads the
 * same offset when the partition decides it, and the client's own SUBSCRIPTIONS it pays. The sandbox gets no revocations, so it has no revoked client's mandates to cancel.
 */
export async function dueMandatesByTestClock(db: Queryable, now: Date, limit: number): Promise<DueMandate[]> {
  const result = await db.query<{
    id: string;
    from_user_id: number;
    next_period: number;
    failed_attempts: number;
    clock_of: string | null;
  }>(
    `SELECT m.id, m.from_user_id, m.next_period, m.failed_attempts, m.client_id AS clock_of
       FROM mandates m LEFT JOIN test_clocks c ON c.client_id = m.client_id
      WHERE m.status = 'ACTIVE' AND m.next_charge_at <= $1::timestamptz + make_interval(secs => coalesce(c.offset_seconds, 0))
      ORDER BY m.next_charge_at LIMIT $2`,
    [now, limit],
  );
  return result.rows.map((r) => ({
    id: r.id,
    fromUserId: integerOf(r.from_user_id, 'payer id'),
    nextPeriod: integerOf(r.next_period, 'mandate period'),
    failedAttempts: integerOf(r.failed_attempts, 'failed attempts'),
    ...(r.clock_of ? { clockOf: r.clock_of } : {}),
  }));
}
