import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@coin/db';
import { type RequestStatus, requestStatusAt } from '../domain/four-eyes';

/**
 * A request a second ADMIN+ decides (docs/design/monitoring.md "Two people"): a change to one target
 * (`monitoring-rule:<id>`, `monitoring-case:<id>`, `monitoring-freeze-lift:<rule id>`), kept with
 * its life: PENDING, then APPROVED or REJECTED by a person, or EXPIRED once its time has passed.
 */
export interface StoredRequest {
  id: string;
  target: string;
  change: unknown;
  /** As stored: a PENDING one past its expiry reads EXPIRED (requestStatusAt). */
  status: RequestStatus;
  requestedBy: number;
  requestedAt: Date;
  decidedBy: number | null;
  decidedAt: Date | null;
  /** Why it was rejected (null otherwise). */
  reason: string | null;
}

interface RequestRow {
  id: string;
  target: string;
  change: unknown;
  status: RequestStatus;
  requested_by: string;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
}

const columns = 'id, target, change, status, requested_by, requested_at, decided_by, decided_at, reason';

function requestOf(row: RequestRow): StoredRequest {
  return {
    id: row.id,
    target: row.target,
    change: row.change,
    status: row.status,
    requestedBy: Number(row.requested_by),
    requestedAt: row.requested_at,
    decidedBy: row.decided_by === null ? null : Number(row.decided_by),
    decidedAt: row.decided_at,
    reason: row.reason,
  };
}

/** The target's pending request (expired or not), locked until the transaction ends; null when none. */
export async function pendingRequest(client: PoolClient, target: string): Promise<StoredRequest | null> {
  const r = await client.query<RequestRow>(
    `SELECT ${columns} FROM monitoring_requests WHERE target = $1 AND status = 'PENDING' FOR UPDATE`,
    [target],
  );
  return r.rows[0] ? requestOf(r.rows[0]) : null;
}

/** How a pending request ends: a person's approval or rejection (with its reason), or its expiry. */
export type RequestEnd = { status: 'APPROVED'; by: number } | { status: 'REJECTED'; by: number; reason: string } | { status: 'EXPIRED' };

/** Ends a pending request as `end` says; answers it as stored. */
export async function endRequest(client: PoolClient, id: string, end: RequestEnd): Promise<StoredRequest> {
  const r = await client.query<RequestRow>(
    `UPDATE monitoring_requests SET status = $2, decided_by = $3, decided_at = now(), reason = $4
     WHERE id = $1 AND status = 'PENDING' RETURNING ${columns}`,
    [id, end.status, end.status === 'EXPIRED' ? null : end.by, end.status === 'REJECTED' ? end.reason : null],
  );
  if (!r.rows[0]) throw new Error(`monitoring request ${id} is not pending`);
  return requestOf(r.rows[0]);
}

/** Why a newer request of the same target ended the one pending before it. */
export const replacedReason = 'Replaced by a newer request for the same rule or case';

/**
 * Records a new request of the target's change by `by`. The one pending before it (`before`, as
 * the caller read and locked it with pendingRequest), if any, ends: EXPIRED when its time has
 * passed, else REJECTED in `by`'s name (a replacement is a decision, and the list shows it so).
 * Answers the new request and the one it replaced.
 */
export async function proposeChange(
  client: PoolClient,
  input: { target: string; change: unknown; by: number; expiryMs: number; before: StoredRequest | null; now?: Date },
): Promise<{ request: StoredRequest; replaced: StoredRequest | null }> {
  const { before } = input;
  const now = input.now ?? new Date();
  const replaced =
    before === null
      ? null
      : await endRequest(
          client,
          before.id,
          requestStatusAt(before, input.expiryMs, now) === 'EXPIRED'
            ? { status: 'EXPIRED' }
            : { status: 'REJECTED', by: input.by, reason: replacedReason },
        );
  const r = await client.query<RequestRow>(
    `INSERT INTO monitoring_requests (id, target, change, requested_by) VALUES ($1, $2, $3, $4) RETURNING ${columns}`,
    [randomUUID(), input.target, JSON.stringify(input.change), input.by],
  );
  return { request: requestOf(r.rows[0]!), replaced };
}

/** What a proposal's audit record says of it: its request, and the one it replaced with how that ended. */
export function proposedSummary(proposed: { request: StoredRequest; replaced: StoredRequest | null }): Record<string, string> {
  const { request, replaced } = proposed;
  return { request: request.id, ...(replaced ? { replaced: `${replaced.id} ${replaced.status}` } : {}) };
}

/**
 * The requests of one kind of target (`monitoring-rule`, `monitoring-case`,
 * `monitoring-freeze-lift`), newest first, at most `max`, of one status at `now` when asked (a
 * PENDING one past its expiry is EXPIRED).
 */
export async function requestsOf(
  pool: Pool,
  kind: string,
  options: { status?: RequestStatus | undefined; expiryMs: number; now: Date; max: number },
): Promise<StoredRequest[]> {
  const expiredBefore = new Date(options.now.getTime() - options.expiryMs);
  const r = await pool.query<RequestRow>(
    `SELECT ${columns} FROM monitoring_requests
     WHERE starts_with(target, $1)
       AND ($2::text IS NULL OR (CASE WHEN status = 'PENDING' AND requested_at <= $3 THEN 'EXPIRED' ELSE status END) = $2)
     ORDER BY requested_at DESC, id LIMIT $4`,
    [`${kind}:`, options.status ?? null, expiredBefore, options.max],
  );
  return r.rows.map(requestOf);
}

/** Whether two changes are the same, whatever the order of their keys (jsonb reorders them). */
export function sameChange(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
