import type { CrossingDirection, MonitorDirection } from '@coin/events';

/** What a monitor watches: a threshold in minor units and which way a crossing counts. */
export interface MonitorRule {
  thresholdMinor: number;
  direction: MonitorDirection;
}

/** One balance change as the monitors read it: before and after, in minor units. */
export interface BalanceStep {
  previousMinor: number;
  balanceMinor: number;
}

/**
 * Whether one balance change crosses the monitor's threshold, and which way: `down` from at or
 * above it to below it, `up` from below to at or above. Decided from the change alone (no state:
 * the event carries the balance before and after), so a balance that stays on one side fires
 * nothing, and a walk of balances fires once per change of side.
 */
export function crossingOf(rule: MonitorRule, step: BalanceStep): CrossingDirection | null {
  const wasBelow = step.previousMinor < rule.thresholdMinor;
  const isBelow = step.balanceMinor < rule.thresholdMinor;
  if (wasBelow === isBelow) return null;
  const crossed: CrossingDirection = isBelow ? 'down' : 'up';
  return rule.direction === 'both' || rule.direction === crossed ? crossed : null;
}

/**
 * A balance in coins (an event's number, 2 decimals at most) as exact integer minor units, or
 * null when it is not one: more decimals, not finite, or beyond what an integer double holds.
 */
export function balanceMinorOf(coins: number): number | null {
  if (!Number.isFinite(coins)) return null;
  const minor = Math.round(coins * 100);
  if (!Number.isSafeInteger(minor) || minor / 100 !== coins) return null;
  return minor;
}
