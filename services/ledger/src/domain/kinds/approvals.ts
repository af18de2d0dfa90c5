import { approvableCommand, type Actor, type ApprovalStatus } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalChange, ApprovalState } from '../approvals';
import type { Accepted } from '../state';
import type { StateModule } from './types';

/** An approval_requests row as the ledger reads and writes it (timestamps may arrive as ISO text inside JSON). */
export interface ApprovalDbRow {
  id: string;
  /** Read: whatever the row holds, parsed again (`approvalStateOf`); written: the request's command. */
  command: unknown;
  requested_by: Actor;
  status: ApprovalStatus;
  created_at: Date | string;
  expires_at: Date | string;
  updated_at: Date | string;
  decided_by: Actor | null;
  rejection_reason: string | null;
  transaction_id: number | null;
}

export const approvalColumns =
  'id, command, requested_by, status, created_at, expires_at, updated_at, decided_by, rejection_reason, transaction_id';

/** The one mapping from a row to the ledger's state of a request; the stored command is parsed again, never trusted. */
export function approvalStateOf(row: ApprovalDbRow): ApprovalState {
  return {
    id: row.id,
    command: approvableCommand.parse(row.command),
    requestedBy: row.requested_by,
    status: row.status,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    decidedBy: row.decided_by,
    rejectionReason: row.rejection_reason,
    transactionId: row.transaction_id,
  };
}

/** A request as the batch write stores it. */
export function approvalRowOf(a: ApprovalState): ApprovalDbRow {
  return {
    id: a.id,
    command: a.command,
    requested_by: a.requestedBy,
    status: a.status,
    created_at: a.createdAt,
    expires_at: a.expiresAt,
    updated_at: a.updatedAt,
    decided_by: a.decidedBy,
    rejection_reason: a.rejectionReason,
    transaction_id: a.transactionId,
  };
}

/** A request's change as an effect of a decision. */
export type ApprovalEffect = ApprovalChange & { kind: 'approvals' };

/**
 * A request's change (requested, approved, rejected or expired) as an effect of a decision. A
 * decision lists it after its other effects, so that the request's events follow the messages of
 * what the decision applied (an approved cash-out's reversal: its hold's release first).
 */
export function approvalEffect(change: ApprovalChange): ApprovalEffect {
  return { kind: 'approvals', ...change };
}

/** The requests an accepted decision created or decided (its effects of this kind), in order. */
export function approvalChangesOf(decision: Accepted): ApprovalEffect[] {
  return decision.effects.filter((effect) => effect.kind === 'approvals');
}

/** A command's reads of approval requests. */
export interface ApprovalReads {
  /** Approval requests by id. */
  approvalIds?: string[];
}

/**
 * Four-eyes approval requests (domain/approvals.ts, docs/design/ledger.md "Approvals"), by id,
 * table approval_requests (migration 006). A request lives in the partition of the command it
 * holds, as every step of it does, so it is read and written on that partition's shard only (no
 * `overShards`). A command reads the requests it names (`approvalIds`); an approve or a reject
 * naming only its request has it read first, by the same keys of this kind, to learn what its
 * stored command reads (apply/apply-batch.ts `withStoredRequests`). A decision's requests are its
 * effects (`{ kind: 'approvals', approval, event }`), listed after its others: requested once,
 * then approved, rejected or expired once from PENDING. Each request is written once per batch as
 * it stands at its end, decided only while it is PENDING (`assert_approvals_written`, SQLSTATE
 * 40001), each change published on coin.approvals(.v2) or coin.payout-approvals, keyed by the request.
 */
export const approvals: StateModule<ApprovalState, Map<string, ApprovalState>, ApprovalChange, ApprovalDbRow, ApprovalReads> = {
  keysOf: (_command, reads) => reads.approvalIds ?? [],
  load: {
    sql: (keys) =>
      `SELECT coalesce(json_agg(a), '[]') FROM (SELECT ${approvalColumns} FROM approval_requests WHERE id = ANY(${keys}::uuid[])) a`,
    loadedOf: (row) => {
      const approval = approvalStateOf(row as unknown as ApprovalDbRow);
      return [approval.id, approval];
    },
  },
  stateOf: (loaded) => new Map([...loaded].map(([id, approval]) => [id, { ...approval }])),
  evolve(state, { effects }) {
    for (const { approval, event } of effects) {
      const before = state.get(approval.id);
      if (event === 'requested' ? before !== undefined : before?.status !== 'PENDING') {
        throw new InvariantViolation(`approval ${approval.id}: ${event} from ${before?.status ?? 'nothing'}`);
      }
      state.set(approval.id, approval);
    }
    return effects.map((e) => e.approval.id);
  },
  writesOf: (_loaded, state, changed) => [...changed].map((id) => approvalRowOf(state.get(id)!)),
  write: {
    ctes: (rows) => `approvals_in AS (
         SELECT ${approvalColumns} FROM json_to_recordset(${rows})
           AS a(id uuid, command jsonb, requested_by jsonb, status text, created_at timestamptz, expires_at timestamptz,
                updated_at timestamptz, decided_by jsonb, rejection_reason text, transaction_id bigint)),
       written_approvals AS (
         INSERT INTO approval_requests (${approvalColumns})
         SELECT ${approvalColumns} FROM approvals_in
         ON CONFLICT (id) DO UPDATE
            SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, decided_by = EXCLUDED.decided_by,
                rejection_reason = EXCLUDED.rejection_reason, transaction_id = EXCLUDED.transaction_id
          WHERE approval_requests.status = 'PENDING'
         RETURNING 1)`,
    check: (rows) =>
      `assert_approvals_written((SELECT count(*) FROM written_approvals), json_array_length(${rows})::bigint) AS approvals_written`,
    // A request's id follows from the command that asked for it.
    raceableKeys: ['approval_requests_pkey'],
  },
  // Its act's events, from its act's module (ReplyViews.approvalEvents). The caller's event headers
  // (ApplyContext.eventHeadersOf) are its transactions', holds' and balance changes', not a request's.
  messages: (change, { topics, views }) => views.approvalEvents(topics, change),
};
