import type { Hit } from './evaluate';

/**
 * How many automatic freezes one rule may ask for (docs/design/monitoring.md "Freezes"). A rule
 * that freezes more wallets an hour than MONITORING_RULE_FREEZES_PER_HOUR_MAX is a rule gone wrong
 * (a threshold tuned to fire on ordinary payments, scores adding up on ordinary traffic) or an
 * event a person must look at: past the bound the rule pauses itself (TEST) instead of freezing
 * more, and its pause pages. Pure: the transaction handler judges each freeze by it.
 */
export interface FreezeBound {
  /** MONITORING_RULE_FREEZES_PER_HOUR_MAX: the freezes one rule may ask for in an hour. */
  perHourMax: number;
  /** MONITORING_FREEZE_SCORE: the score at or above which a case's wallet is frozen. */
  freezeAt: number;
}

export interface BoundedFreeze {
  /** The case's subject is frozen: the ACTIVE hits of the rules within their bound still reach the freeze score about it. */
  freezes: boolean;
  /** The rules the freeze counts against (each one more freeze in its hour); empty when it does not freeze. */
  rules: string[];
  /** The rules at their bound that would have taken part: they pause instead. */
  pause: string[];
}

/**
 * Whether a verdict that reached the freeze score still freezes its subject once every rule at
 * its bound (`freezesInHour` at `perHourMax` or more) or already paused is left out, and which
 * rules pause. A rule at its bound pauses whether or not the others would freeze without it.
 */
export function boundedFreeze(
  hits: readonly Hit[],
  subject: string,
  freezesInHour: ReadonlyMap<string, number>,
  paused: ReadonlySet<string>,
  bound: FreezeBound,
): BoundedFreeze {
  const active = hits.filter((hit) => hit.mode === 'ACTIVE' && !paused.has(hit.ruleId));
  const pause = [...new Set(active.filter((hit) => (freezesInHour.get(hit.ruleId) ?? 0) >= bound.perHourMax).map((hit) => hit.ruleId))];
  const counted = active.filter((hit) => !pause.includes(hit.ruleId));
  const score = Math.min(
    100,
    counted.reduce((total, hit) => total + hit.score, 0),
  );
  let top: Hit | null = null;
  for (const hit of counted) if (!top || hit.score > top.score) top = hit;
  const freezes = top !== null && score >= bound.freezeAt && top.subject === subject && subject.startsWith('user:');
  return { freezes, rules: freezes ? [...new Set(counted.map((hit) => hit.ruleId))] : [], pause };
}
