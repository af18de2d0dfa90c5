import {
  approvableCommand,
  headerNames,
  ledgerCommandContracts,
  type Actor,
  type Approval,
  type ApprovalAct,
  type ApprovalStatus,
  type CoinApprovalEvent,
  type CoinApprovalEventV2,
  type CoinPayoutApprovalEvent,
  type PayoutApproval,
  type TopicNames,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import type { OutboxBatchMessage } from '../outbox-message';
import type { ApprovalChange, ApprovalState, ApprovalViewOf, ApprovalViews } from '../approvals';
import type { ReplyViews } from '../commands/types';
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

/** The event id of an approval request's change: the same on every publish of it. */
export function approvalEventId(change: ApprovalChange): string {
  return uuidV5(`coin.approval.${change.event}:${change.approval.id}`);
}

/** The event id of a payout request's change: the same on every publish of it (its own namespace, not an approval's). */
export function payoutApprovalEventId(change: ApprovalChange): string {
  return uuidV5(`coin.payout-approval.${change.event}:${change.approval.id}`);
}

/**
 * The event of a change of a request holding a person's payout, keyed by its id: on
 * coin.payout-approvals only (an Approval of coin.approvals(.v2) shows one recipient and a closed
 * enum of commands; docs/EVENTS.md "coin.payout-approvals").
 */
function payoutApprovalEventMessage(topics: TopicNames, change: ApprovalChange, payoutApproval: PayoutApproval): OutboxBatchMessage {
  const event: CoinPayoutApprovalEvent = {
    eventId: payoutApprovalEventId(change),
    type: `coin.payout-approval.${change.event}`,
    version: 1,
    occurredAt: change.approval.updatedAt.toISOString(),
    payoutApproval,
  };
  return {
    topic: topics.coinPayoutApprovals,
    key: change.approval.id,
    headers: { [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  };
}

/**
 * The events of the change of a request shown as an Approval, keyed by its id: on coin.approvals.v2
 * always, and on coin.approvals (version 1, the same eventId) too while its command is one version
 * 1 can carry (MINT, BURN, REFUND; docs/EVENTS.md "Versioning policy").
 */
function approvalEventsOf(topics: TopicNames, change: ApprovalChange, approval: Approval): OutboxBatchMessage[] {
  const envelope = {
    eventId: approvalEventId(change),
    type: `coin.approval.${change.event}`,
    occurredAt: change.approval.updatedAt.toISOString(),
  } as const;
  const message = (event: CoinApprovalEvent | CoinApprovalEventV2) => ({
    key: change.approval.id,
    headers: { [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  });
  const v2: OutboxBatchMessage = { topic: topics.coinApprovalsV2, ...message({ ...envelope, version: 2, approval }) };
  const { command } = approval;
  if (command.type === 'REWARD') return [v2];
  const v1: CoinApprovalEvent = { ...envelope, version: 1, approval: { ...approval, command: { ...command, type: command.type } } };
  return [{ topic: topics.coinApprovals, ...message(v1) }, v2];
}

/**
 * Each four-eyes act's events of a change of its request, by its view (keyed by the act its
 * command's contract row names, as its module and its view are): a PayoutApproval's on
 * coin.payout-approvals, an Approval's on coin.approvals(.v2). A cash-out's reversal and a
 * commission change are no Approvals (no command.type value for them; a new one breaks
 * consumers): none, the admin audit log records their request and approval, coin.holds a
 * reversal's release.
 */
const messagesOfAct: {
  [A in ApprovalAct]: (topics: TopicNames, change: ApprovalChange, shown: ApprovalViewOf<A>) => OutboxBatchMessage[];
} = {
  money: approvalEventsOf,
  payout: (topics, change, shown) => [payoutApprovalEventMessage(topics, change, shown)],
  'cashout-reversal': () => [],
  'commission-change': () => [],
};

/** The events of a request's change, as its act publishes them (one cast: the view is its act's, keyed alike). */
export function approvalEventMessages(
  topics: TopicNames,
  change: ApprovalChange,
  views: Pick<ReplyViews, 'approval'>,
): OutboxBatchMessage[] {
  const act = ledgerCommandContracts[change.approval.command.type].act;
  const messagesOf = messagesOfAct[act] as (
    topics: TopicNames,
    change: ApprovalChange,
    shown: ApprovalViews[ApprovalAct],
  ) => OutboxBatchMessage[];
  return messagesOf(topics, change, views.approval(change.approval));
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
  // The caller's event headers (ApplyContext.eventHeadersOf) are its transactions', holds' and balance changes', not a request's.
  messages: (change, { topics, views }) => approvalEventMessages(topics, change, views),
};
