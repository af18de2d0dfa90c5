import {
  backtestBody,
  backtestReport,
  type MonitoringRuleProposal,
  monitoringRuleList,
  monitoringRuleParams,
  monitoringRuleProposed,
  putRuleInternalBody,
} from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { type CaseAction, recordCaseAction } from '../db/audit';
import { endRequest, pendingRequest, proposeChange, proposedSummary, sameChange } from '../db/requests-repo';
import {
  type Decider,
  deciderFacts,
  diffSummary,
  freezePowerGains,
  isExpiredRefusal,
  personOf,
  proposalExpiresAt,
  ruleDiff,
  ruleLoosenings,
  secondPersonError,
  secondPersonNeeded,
} from '../domain/four-eyes';
import { loadRules, saveRule } from '../db/rules-repo';
import { profilesBefore, seenSince, walletsOf } from '../db/seen-repo';
import { backtest } from '../domain/backtest';
import type { Movement } from '../domain/evaluate';
import { type Rule, ruleKinds, ruleProblem } from '../domain/rules';
import type { AskerProofs } from './asker';

export interface RuleRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
  /** The rules changed: the live engine takes them. */
  onChanged(rules: Rule[]): void;
  /** Transactions a back-test replays at most (an explicit bound on one request's work). */
  backtestMax: number;
  /** How long seen transactions are kept (MONITORING_RETENTION_DAYS): a dormancy back-test sees no further back. */
  retentionMs: number;
  /** MONITORING_FREEZE_SCORE: a change that gives a rule more power toward it takes two ADMIN+. */
  freezeScore: number;
  /** MONITORING_PROPOSAL_EXPIRY_S in milliseconds: a proposal older than this is approved by nobody. */
  proposalExpiryMs: number;
  /** Who asks, proven by their own token (asker.ts). */
  askers: AskerProofs;
}

/** What a rule's change did: the rules as they run now, the proposal it left when it waits, or the refusal to answer once recorded. */
type RuleChanged = { rules: Rule[]; proposal?: MonitoringRuleProposal; refused?: undefined } | { refused: AppError };

/**
 * A rule's change (docs/design/monitoring.md "Two people"), in one transaction with its audit
 * record and the diff. A tightening applies at once. A loosening, or a change that gives the rule
 * more power to freeze (`freezePowerGains`), applies only when a different ADMIN+ proposed the same
 * rule before (approve); else it is proposed (recorded, audited) and a loosening is answered
 * FOUR_EYES_REQUIRED, a gain of freeze power 202 with the proposal; a new rule proposed that way
 * runs in TEST meanwhile (recorded hits, no score). Its own proposer sending it again is
 * APPROVAL_BY_REQUESTER (recorded too); a proposal past its expiry is approved by nobody
 * (APPROVAL_NOT_PENDING, recorded, and stored EXPIRED: the next send proposes anew). A proposal of
 * another change replaces the pending one (requests-repo.ts proposeChange). A refusal is returned after the commit, so the proposal and
 * the records stay.
 */
async function changeRule(deps: RuleRouteDeps, rule: Rule, asked: Decider & { requestId: string | null }): Promise<RuleChanged> {
  const target = `monitoring-rule:${rule.id}`;
  const by = Number(asked.actor.id);
  return inTransaction(deps.pool, async (client) => {
    const known = (await loadRules(client)).find((r) => r.id === rule.id);
    if (known && known.kind !== rule.kind) throw new AppError('VALIDATION_FAILED', 'a rule keeps its kind; give a new rule a new id');
    const audit = (action: CaseAction, before: Rule | undefined, extra: Record<string, string | string[]> = {}) =>
      recordCaseAction(client, deps.adminAuditTopic, {
        action,
        target,
        actor: asked.actor as never,
        summary: { kind: rule.kind, mode: rule.mode, diff: diffSummary(ruleDiff(before, rule)), ...extra },
        requestId: asked.requestId,
      });
    const loosens = ruleLoosenings(known, rule).length > 0;
    const gains = freezePowerGains(known, rule, deps.freezeScore);
    if (!loosens && gains.length === 0) {
      await saveRule(client, rule, by);
      await audit('monitoring-rule.update', known);
      return { rules: await loadRules(client) };
    }
    const pending = await pendingRequest(client, target);
    if (pending === null || !sameChange(pending.change, rule)) {
      const proposed = await proposeChange(client, { target, change: rule, by, expiryMs: deps.proposalExpiryMs, before: pending });
      const proposedAt = proposed.request.requestedAt;
      const asked = proposedSummary(proposed);
      if (loosens) {
        await audit('monitoring-rule.propose', known, asked);
        return { refused: secondPersonNeeded('This change loosens monitoring: it waits for a different ADMIN+ to make the same change') };
      }
      // A new rule runs in TEST meanwhile: one ADMIN may add it so, and its hits show what it would do.
      const running = known ?? { ...rule, mode: 'TEST' as const };
      if (!known) {
        await saveRule(client, running, by);
        await audit('monitoring-rule.update', undefined, { mode: 'TEST' });
      }
      await audit('monitoring-rule.propose', running, { reasons: gains, ...asked });
      const diff = diffSummary(ruleDiff(running, rule));
      const proposal: MonitoringRuleProposal = {
        ruleId: rule.id,
        rule: rule as never,
        proposedBy: by,
        proposedAt: proposedAt.toISOString(),
        diff,
        reasons: gains,
      };
      return { rules: await loadRules(client), proposal };
    }
    const eligible = deciderFacts('rule-change', asked, pending.requestedAt);
    const second = secondPersonError(
      {
        decider: personOf(by),
        requester: personOf(pending.requestedBy),
        now: new Date(),
        expiresAt: proposalExpiresAt(pending.requestedAt, deps.proposalExpiryMs),
        ...eligible.facts,
      },
      { requester: { detail: 'The ADMIN who proposed this change cannot approve it' }, ...eligible.wording },
    );
    if (second) {
      if (isExpiredRefusal(second)) await endRequest(client, pending.id, { status: 'EXPIRED' });
      await audit('monitoring-rule.approval-refused', known, { errorCode: second.code, request: pending.id });
      return { refused: second };
    }
    await endRequest(client, pending.id, { status: 'APPROVED', by });
    await saveRule(client, rule, by);
    await audit('monitoring-rule.approve', known, { proposedBy: String(pending.requestedBy), request: pending.id });
    return { rules: await loadRules(client) };
  });
}

/** The rule as data, or a VALIDATION_ERROR naming what is wrong: nothing half applied. */
function ruleOf(input: Record<string, unknown>): Rule {
  if (!ruleKinds.includes(input.kind as Rule['kind'])) throw new AppError('VALIDATION_FAILED', 'unknown rule kind');
  const rule = input as unknown as Rule;
  const problem = ruleProblem(rule);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
  return rule;
}

export function registerRuleRoutes(app: App, deps: RuleRouteDeps): void {
  app.get('/internal/monitoring/rules', { schema: { response: { 200: monitoringRuleList } } }, async () => ({
    rules: (await loadRules(deps.pool)) as never,
  }));

  // A preset's tuning (thresholds, mode) or a new rule; its kind cannot change under the same id.
  app.post(
    '/internal/monitoring/rules/:ruleId',
    {
      schema: {
        params: monitoringRuleParams,
        body: putRuleInternalBody,
        response: { 200: monitoringRuleList, 202: monitoringRuleProposed },
      },
    },
    async (request, reply) => {
      const { rule: input, ...asked } = request.body;
      if (input.id !== request.params.ruleId) throw new AppError('VALIDATION_FAILED', 'the rule id must be the one in the path');
      const rule = ruleOf(input);
      const asker = await deps.askers.proven(asked, {
        target: `monitoring-rule:${rule.id}`,
        action: 'monitoring-rule.refused',
        step: 'change',
      });
      const outcome = await changeRule(deps, rule, asker);
      if (outcome.refused) throw outcome.refused;
      deps.onChanged(outcome.rules);
      if (outcome.proposal) return reply.code(202).send({ proposal: outcome.proposal, rules: outcome.rules as never });
      return { rules: outcome.rules as never };
    },
  );

  // What the rule would have done over the last `days` of seen transactions: nothing is scored or opened.
  app.post(
    '/internal/monitoring/rules/backtest',
    { schema: { body: backtestBody, response: { 200: backtestReport } } },
    async (request) => {
      const rule = ruleOf(request.body.rule);
      const now = Date.now();
      const movements = await seenSince(deps.pool, new Date(now - request.body.days * 86_400_000), deps.backtestMax + 1);
      const truncated = movements.length > deps.backtestMax;
      const replayed = movements.slice(0, deps.backtestMax);
      const profiles = await profilesBefore(
        deps.pool,
        walletsOf(replayed),
        new Date(replayed[0]?.at ?? now),
        lastSeenFrom(rule, replayed, now, deps.retentionMs),
      );
      return { ...backtest(rule, replayed, profiles), truncated };
    },
  );
}

/**
 * Where a dormancy back-test looks for each wallet's last movement before the replay: no further
 * back than the rule's dormancy (a wallet still since then is dormant whenever it last moved) nor
 * than the store keeps (retention): with the default 30 days' retention a 90-day dormancy cannot be
 * shown (docs/design/monitoring.md "Rules as data"). Null for the other kinds: no other rule reads it.
 */
function lastSeenFrom(rule: Rule, replayed: readonly Movement[], now: number, retentionMs: number): Date | null {
  if (rule.kind !== 'dormancy') return null;
  const start = replayed[0]?.at ?? now;
  return new Date(Math.max(now - retentionMs, start - rule.dormantMs));
}
