import {
  freezeLiftApprovalInternalBody,
  freezeLiftInternalBody,
  type MonitoringFreezeLift,
  monitoringFreezeLiftAnswer,
  monitoringRuleParams,
} from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { type CaseAction, recordCaseAction } from '../db/audit';
import { endRequest, pendingRequest, proposeChange, proposedSummary, type StoredRequest } from '../db/requests-repo';
import { freezeLiftMax, liftableFreezes, markFreezesLifted } from '../db/rule-freezes';
import {
  type Decider,
  deciderFacts,
  isExpiredRefusal,
  personOf,
  proposalExpiresAt,
  secondPersonError,
  selfDealing,
  selfDealingDetail,
  userOfWallet,
  walletOfUser,
} from '../domain/four-eyes';
import type { AskerProofs } from './asker';

export interface FreezeLiftRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
  /** MONITORING_PROPOSAL_EXPIRY_S in milliseconds: a lift asked for longer ago than this is approved by nobody. */
  proposalExpiryMs: number;
  /** Who asks, proven by their own token (asker.ts). */
  askers: AskerProofs;
}

type Asked = Decider & { requestId: string | null };

/** What a lift's pending change holds: the reason and the freezes it lists, each a case and its wallet. */
interface LiftChange {
  reason: string;
  freezes: { caseId: string; wallet: string }[];
}

/** A person's wallet key as a user id (only people's wallets are frozen automatically). */
function userIdOf(wallet: string): number {
  return Number(wallet.slice('user:'.length));
}

/** A lift's request as the API shows it: pending when asked, approved once approved. */
function liftView(ruleId: string, request: StoredRequest): MonitoringFreezeLift {
  const change = request.change as LiftChange;
  return {
    ruleId,
    status: request.status === 'APPROVED' ? 'APPROVED' : 'PENDING',
    reason: change.reason,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt.toISOString(),
    approvedBy: request.status === 'APPROVED' ? request.decidedBy : null,
    freezes: change.freezes.map((f) => ({ caseId: f.caseId, userId: userIdOf(f.wallet) })),
  };
}

/**
 * One step of a lift in one transaction with its audit record (target `monitoring-rule:<id>`); a
 * refusal is recorded (`monitoring-rule.freeze-lift-refused`, with its code) and thrown once
 * committed, as the other two-person steps do.
 */
async function liftStep(
  deps: FreezeLiftRouteDeps,
  ruleId: string,
  asked: Asked,
  act: (
    client: PoolClient,
  ) => Promise<{ action: CaseAction; summary: Record<string, string | string[]>; lift?: MonitoringFreezeLift; refused?: AppError }>,
): Promise<MonitoringFreezeLift> {
  const done = await inTransaction(deps.pool, async (client) => {
    const { action, summary, lift, refused } = await act(client);
    await recordCaseAction(client, deps.adminAuditTopic, {
      action,
      target: `monitoring-rule:${ruleId}`,
      actor: asked.actor as never,
      summary,
      requestId: asked.requestId,
    });
    return { lift, refused };
  });
  if (done.refused) throw done.refused;
  return done.lift!;
}

const refusedLift: CaseAction = 'monitoring-rule.freeze-lift-refused';

/** A refusal of a lift's step: its audit record and the error. */
const refusal = (error: AppError) => ({
  action: 'monitoring-rule.freeze-lift-refused' as const,
  summary: { errorCode: error.code },
  refused: error,
});

/**
 * The approval of a rule's pending lift: judged by the second person's rule (its requester, a
 * person whose wallet it lists, a decider not eligible since before it, a lift past its expiry),
 * then the freezes it listed marked lifted.
 */
async function approveLift(client: PoolClient, deps: FreezeLiftRouteDeps, ruleId: string, asked: Asked) {
  const by = Number(asked.actor.id);
  const target = `monitoring-freeze-lift:${ruleId}`;
  const pending = await pendingRequest(client, target);
  if (pending === null) throw new AppError('UNFREEZE_NOT_REQUESTED', `No request to lift the freezes of rule ${ruleId} is pending`);
  const change = pending.change as LiftChange;
  const eligible = deciderFacts('freeze-lift', asked, pending.requestedAt);
  const second = secondPersonError(
    {
      decider: personOf(by),
      requester: personOf(pending.requestedBy),
      now: new Date(),
      expiresAt: proposalExpiresAt(pending.requestedAt, deps.proposalExpiryMs),
      paid: change.freezes.map((f) => userOfWallet(f.wallet)),
      ...eligible.facts,
    },
    {
      requester: { detail: 'The ADMIN who asked to lift these freezes cannot approve it' },
      'self-dealing': { detail: selfDealingDetail },
      ...eligible.wording,
    },
  );
  if (second && isExpiredRefusal(second)) await endRequest(client, pending.id, { status: 'EXPIRED' });
  if (second) return refusal(second);
  const approved = await endRequest(client, pending.id, { status: 'APPROVED', by });
  await markFreezesLifted(
    client,
    change.freezes.map((f) => f.caseId),
  );
  return {
    action: 'monitoring-rule.freeze-lift-approve' as const,
    summary: { requestedBy: String(pending.requestedBy), wallets: change.freezes.map((f) => f.wallet), request: pending.id },
    lift: liftView(ruleId, approved),
  };
}

/**
 * Lifting the freezes of one rule (docs/design/monitoring.md "Freezes"): one two-person act for
 * them all. The request lists the rule's freezes the ledger was asked for and no lift has lifted
 * (at most `freezeLiftMax`, oldest first) and records them as the rule's pending lift (a newer
 * request replaces it); a different ADMIN+ approves exactly that list, which marks the freezes
 * lifted. Nobody asks or approves a lift listing their own wallet (SELF_DEALING), nor approves one
 * past its expiry (APPROVAL_NOT_PENDING; it is stored EXPIRED, so a new request asks anew). The gateway
 * lifts each wallet through the ledger's own unfreeze, in the requester's and the approver's names.
 */
export function registerFreezeLiftRoutes(app: App, deps: FreezeLiftRouteDeps): void {
  app.post(
    '/internal/monitoring/rules/:ruleId/freeze-lift',
    { schema: { params: monitoringRuleParams, body: freezeLiftInternalBody, response: { 202: monitoringFreezeLiftAnswer } } },
    async (request, reply) => {
      const { ruleId } = request.params;
      const { reason, ...body } = request.body;
      const asked = await deps.askers.proven(body, {
        target: `monitoring-rule:${ruleId}`,
        action: refusedLift,
        step: 'freeze-lift-request',
      });
      const by = Number(asked.actor.id);
      const freezeLift = await liftStep(deps, ruleId, asked, async (client) => {
        const freezes = await liftableFreezes(client, ruleId, freezeLiftMax);
        if (freezes.length === 0) throw new AppError('WALLET_NOT_FROZEN', `Rule ${ruleId} holds no freeze to lift`);
        if (freezes.some((f) => f.wallet === walletOfUser(asked.actor.id))) return refusal(selfDealing());
        const change: LiftChange = { reason, freezes };
        const target = `monitoring-freeze-lift:${ruleId}`;
        const before = await pendingRequest(client, target);
        const proposed = await proposeChange(client, { target, change, by, expiryMs: deps.proposalExpiryMs, before });
        return {
          action: 'monitoring-rule.freeze-lift-request',
          summary: { reason, wallets: freezes.map((f) => f.wallet), ...proposedSummary(proposed) },
          lift: liftView(ruleId, proposed.request),
        };
      });
      return reply.code(202).send({ freezeLift });
    },
  );

  app.post(
    '/internal/monitoring/rules/:ruleId/freeze-lift/approve',
    { schema: { params: monitoringRuleParams, body: freezeLiftApprovalInternalBody, response: { 200: monitoringFreezeLiftAnswer } } },
    async (request) => {
      const { ruleId } = request.params;
      const asked = await deps.askers.proven(request.body, {
        target: `monitoring-rule:${ruleId}`,
        action: refusedLift,
        step: 'freeze-lift-approve',
      });
      const freezeLift = await liftStep(deps, ruleId, asked, (client) => approveLift(client, deps, ruleId, asked));
      return { freezeLift };
    },
  );
}
