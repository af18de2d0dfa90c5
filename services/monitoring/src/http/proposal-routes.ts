import {
  decidingRoles,
  fourEyesActs,
  monitoringCaseParams,
  type MonitoringProposal,
  type MonitoringProposalKind,
  monitoringProposalAnswer,
  monitoringProposalList,
  monitoringProposalParams,
  monitoringProposalQuery,
  monitoringProposalsMax,
  monitoringProposalTargetParams,
  monitoringRuleParams,
  rejectProposalInternalBody,
} from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { type CaseAction, recordCaseAction } from '../db/audit';
import { casePartyWallets, findCase } from '../db/cases-repo';
import { endRequest, pendingRequest, requestsOf, type StoredRequest } from '../db/requests-repo';
import { proposalExpiresAt, requestStatusAt, walletOfUser } from '../domain/four-eyes';
import type { AskerProofs, ProvenAsker } from './asker';

export interface ProposalRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
  /** MONITORING_PROPOSAL_EXPIRY_S in milliseconds: a proposal older than this reads EXPIRED. */
  proposalExpiryMs: number;
  /** Who asks, proven by their own token (asker.ts). */
  askers: AskerProofs;
}

/**
 * Each kind of proposal: the act of the four-eyes table it is, the target prefix it is stored under
 * (monitoring_requests.target), the target its audit records name, and the actions they record.
 */
const proposalKinds = {
  rule: {
    act: 'rule-change',
    stored: 'monitoring-rule',
    audited: 'monitoring-rule',
    rejected: 'monitoring-rule.reject',
    refused: 'monitoring-rule.refused',
  },
  case: {
    act: 'case-resolution',
    stored: 'monitoring-case',
    audited: 'monitoring-case',
    rejected: 'monitoring-case.reject',
    refused: 'monitoring-case.refused',
  },
  'freeze-lift': {
    act: 'freeze-lift',
    stored: 'monitoring-freeze-lift',
    audited: 'monitoring-rule',
    rejected: 'monitoring-rule.freeze-lift-reject',
    refused: 'monitoring-rule.freeze-lift-refused',
  },
} as const satisfies Record<
  MonitoringProposalKind,
  { act: 'rule-change' | 'case-resolution' | 'freeze-lift'; stored: string; audited: string; rejected: CaseAction; refused: CaseAction }
>;

/** A stored request as the API shows it, EXPIRED once `now` reaches its expiry. */
export function proposalView(request: StoredRequest, expiryMs: number, now: Date): MonitoringProposal {
  return {
    id: request.target.slice(request.target.indexOf(':') + 1),
    requestId: request.id,
    change: request.change as Record<string, unknown>,
    proposedBy: request.requestedBy,
    proposedAt: request.requestedAt.toISOString(),
    expiresAt: proposalExpiresAt(request.requestedAt, expiryMs).toISOString(),
    status: requestStatusAt(request, expiryMs, now),
    decidedBy: request.decidedBy,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    rejectionReason: request.status === 'REJECTED' ? request.reason : null,
  };
}

/**
 * The wallets of the people a pending request is about, who neither ask for it nor decide it, as
 * its act's row names them (`subject`): a case's subject and the parties to its transactions, the
 * wallets a lift unfreezes; a rule's change is about no one.
 */
async function subjectWallets(client: PoolClient, kind: MonitoringProposalKind, id: string, request: StoredRequest): Promise<string[]> {
  const subject = fourEyesActs[proposalKinds[kind].act].subject;
  if (subject === 'case-parties') {
    const found = await findCase(client, id);
    return found ? [found.subject, ...(await casePartyWallets(client, found.id))] : [];
  }
  if (subject === 'frozen-wallets') return (request.change as { freezes: { wallet: string }[] }).freezes.map((f) => f.wallet);
  return [];
}

/**
 * A rule's id or a case's as its kind stores it, or null: an id its kind's own schema refuses (the
 * rules' and the cases' routes validate theirs so) names no request that could be kept.
 */
function targetOf(kind: MonitoringProposalKind, id: string): string | null {
  const valid = kind === 'case' ? monitoringCaseParams.safeParse({ id }).success : monitoringRuleParams.safeParse({ ruleId: id }).success;
  return valid ? `${proposalKinds[kind].stored}:${id}` : null;
}

/**
 * Why `asked` may not reject `pending` (the request of `kind` on `id` pending, or null) at `now`,
 * or null: not of the act's deciders, nothing pending, past its expiry (then stored EXPIRED), or
 * about the asker.
 */
async function rejectionRefusal(
  client: PoolClient,
  r: { kind: MonitoringProposalKind; id: string; asked: ProvenAsker; pending: StoredRequest | null; now: Date; expiryMs: number },
): Promise<AppError | null> {
  const { kind, id, asked, pending } = r;
  if (!(decidingRoles(fourEyesActs[proposalKinds[kind].act].deciders) as readonly string[]).includes(asked.actor.role))
    return new AppError('FORBIDDEN', 'Only an ADMIN+ rejects a monitoring proposal');
  if (pending === null) return new AppError('APPROVAL_NOT_PENDING', `No ${kind} proposal of ${id} is pending`);
  if (requestStatusAt(pending, r.expiryMs, r.now) === 'EXPIRED') {
    await endRequest(client, pending.id, { status: 'EXPIRED' });
    return new AppError('APPROVAL_NOT_PENDING', `The ${kind} proposal of ${id} has expired`);
  }
  if ((await subjectWallets(client, kind, id, pending)).includes(walletOfUser(asked.actor.id)))
    return new AppError('SELF_DEALING', 'This proposal is about you: another ADMIN+ decides it, either way');
  return null;
}

/**
 * The rejection of the pending request of a rule, a case or a rule's freeze lift, judged here from
 * its act's row (docs/design/monitoring.md "Two people"): by a person of the row's deciders (its
 * requester withdrawing it included), never by whom it is about (SELF_DEALING); a request past its
 * expiry is stored EXPIRED and rejected by no one (APPROVAL_NOT_PENDING), as is a target with none
 * pending. Recorded in the admin audit log with the request's id, a refusal too.
 */
async function rejectProposal(
  deps: ProposalRouteDeps,
  kind: MonitoringProposalKind,
  id: string,
  asked: ProvenAsker,
  reason: string,
): Promise<MonitoringProposal> {
  const names = proposalKinds[kind];
  const by = Number(asked.actor.id);
  const done = await inTransaction(deps.pool, async (client) => {
    const now = new Date();
    const target = targetOf(kind, id);
    const pending = target === null ? null : await pendingRequest(client, target);
    const refused = await rejectionRefusal(client, { kind, id, asked, pending, now, expiryMs: deps.proposalExpiryMs });
    const outcome: { refused: AppError } | { rejected: StoredRequest } =
      refused || pending === null
        ? { refused: refused! }
        : { rejected: await endRequest(client, pending.id, { status: 'REJECTED', by, reason }) };
    await recordCaseAction(client, deps.adminAuditTopic, {
      action: 'refused' in outcome ? names.refused : names.rejected,
      target: `${names.audited}:${id.slice(0, 100)}`,
      actor: asked.actor as never,
      summary: {
        step: `${kind}-reject`,
        ...(pending ? { request: pending.id, requestedBy: String(pending.requestedBy) } : {}),
        ...('refused' in outcome ? { errorCode: outcome.refused.code } : { reason }),
      },
      requestId: asked.requestId,
    });
    return { outcome, now };
  });
  if ('refused' in done.outcome) throw done.outcome.refused;
  return proposalView(done.outcome.rejected, deps.proposalExpiryMs, done.now);
}

/**
 * The requests a second ADMIN+ decides, by kind (docs/design/monitoring.md "Two people"), each with
 * its life: listed newest first, of one status when asked (what a second ADMIN+ reads before
 * sending the same change, and what an auditor reads after); and the pending one's rejection.
 */
export function registerProposalRoutes(app: App, deps: ProposalRouteDeps): void {
  app.get(
    '/internal/monitoring/proposals/:kind',
    { schema: { params: monitoringProposalParams, querystring: monitoringProposalQuery, response: { 200: monitoringProposalList } } },
    async (request) => {
      const now = new Date();
      const listed = await requestsOf(deps.pool, proposalKinds[request.params.kind].stored, {
        status: request.query.status,
        expiryMs: deps.proposalExpiryMs,
        now,
        max: monitoringProposalsMax,
      });
      return { proposals: listed.map((one) => proposalView(one, deps.proposalExpiryMs, now)) };
    },
  );

  app.post(
    '/internal/monitoring/proposals/:kind/:id/reject',
    { schema: { params: monitoringProposalTargetParams, body: rejectProposalInternalBody, response: { 200: monitoringProposalAnswer } } },
    async (request) => {
      const { kind, id } = request.params;
      const { reason, ...body } = request.body;
      const names = proposalKinds[kind];
      const asked = await deps.askers.proven(body, { target: `${names.audited}:${id}`, action: names.refused, step: `${kind}-reject` });
      return { proposal: await rejectProposal(deps, kind, id, asked, reason) };
    },
  );
}
