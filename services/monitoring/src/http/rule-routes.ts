import { backtestBody, backtestReport, monitoringRuleList, monitoringRuleParams, putRuleInternalBody } from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { recordCaseAction } from '../db/audit';
import { loadRules, saveRule } from '../db/rules-repo';
import { seenSince } from '../db/seen-repo';
import { backtest } from '../domain/backtest';
import { type Rule, ruleKinds, ruleProblem } from '../domain/rules';

export interface RuleRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
  /** The rules changed: the live engine takes them. */
  onChanged(rules: Rule[]): void;
  /** Transactions a back-test replays at most (an explicit bound on one request's work). */
  backtestMax: number;
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
      const movements = await seenSince(deps.pool, new Date(Date.now() - request.body.days * 86_400_000), deps.backtestMax + 1);
      const truncated = movements.length > deps.backtestMax;
      const report = backtest(rule, movements.slice(0, deps.backtestMax), new Map());
      return { ...report, truncated };
    },
  );
}
