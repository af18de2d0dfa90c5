import { backtestBody, backtestReport, monitoringRuleList, monitoringRuleParams, putRuleInternalBody } from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { recordCaseAction } from '../db/audit';
import { loadRules, saveRule } from '../db/rules-repo';
import { profilesBefore, seenSince, walletsOf } from '../db/seen-repo';
import { backtest } from '../domain/backtest';
import type { Movement } from '../domain/evaluate';
import { type Rule, ruleKinds, ruleProblem } from '../domain/rules';

export interface RuleRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
  /** The rules changed: the live engine takes them. */
  onChanged(rules: Rule[]): void;
  /** Transactions a back-test replays at most (an explicit bound on one request's work). */
  backtestMax: number;
  /** How long seen transactions are kept (MONITORING_RETENTION_DAYS): a dormancy back-test sees no further back. */
  retentionMs: number;
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
        response: { 200: monitoringRuleList },
      },
    },
    async (request) => {
      const { rule: input, actor, requestId } = request.body;
      if (input.id !== request.params.ruleId) throw new AppError('VALIDATION_FAILED', 'the rule id must be the one in the path');
      const rule = ruleOf(input);
      const rules = await inTransaction(deps.pool, async (client) => {
        const known = (await loadRules(client)).find((r) => r.id === rule.id);
        if (known && known.kind !== rule.kind) throw new AppError('VALIDATION_FAILED', 'a rule keeps its kind; give a new rule a new id');
        await saveRule(client, rule, Number(actor.id));
        await recordCaseAction(client, deps.adminAuditTopic, {
          action: 'monitoring-rule.update',
          target: `monitoring-rule:${rule.id}`,
          actor: actor as never,
          summary: { kind: rule.kind, mode: rule.mode, definition: JSON.stringify(rule).slice(0, 1000) },
          requestId,
        });
        return loadRules(client);
      });
      deps.onChanged(rules);
      return { rules: rules as never };
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
