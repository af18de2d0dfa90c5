import { type Hit, type Movement, RuleEngine, type WalletProfile } from './evaluate';
import type { Rule } from './rules';
import { advanceProfiles } from './scoring';
import type { WindowLimits } from './windows';

/** What a rule would have done over past movements: how often it fired, on how many subjects, the first examples. */
export interface BacktestReport {
  ruleId: string;
  movements: number;
  hits: number;
  subjects: number;
  examples: { transactionId: number; subject: string; detail: string }[];
}

export const backtestExamplesMax = 20;

/**
 * Replays `movements` (commit order) through a fresh engine holding the candidate rule beside
 * nothing else, with the wallets' profiles as they were before the first one (`profiles`) and as
 * the replay advances them. The rule's mode is taken as TEST: a back-test scores and opens nothing.
 */
export function backtest(
  rule: Rule,
  movements: Iterable<Movement>,
  profiles: Map<string, WalletProfile>,
  limits?: WindowLimits,
): BacktestReport {
  const engine = new RuleEngine([{ ...rule, mode: 'TEST' }], limits);
  const report: BacktestReport = { ruleId: rule.id, movements: 0, hits: 0, subjects: 0, examples: [] };
  const subjects = new Set<string>();
  for (const movement of movements) {
    report.movements++;
    const hits: Hit[] = engine.observe(movement, profiles);
    advanceProfiles(profiles, movement);
    for (const hit of hits) {
      report.hits++;
      subjects.add(hit.subject);
      if (report.examples.length < backtestExamplesMax)
        report.examples.push({ transactionId: movement.transactionId, subject: hit.subject, detail: hit.detail });
    }
  }
  report.subjects = subjects.size;
  return report;
}
