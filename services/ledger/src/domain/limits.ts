import type { LimitOverrides, Role } from '@coin/contracts';

/**
 * Spending limits (docs/design/ledger.md "Spending limits"): what a user may move out of their own
 * wallet per rolling 24 hours (amount and count) and per operation. Pure: the window lives in the
 * wallet's row and is judged and updated in the wallet's partition, like its balance, so a limit
 * holds under any concurrency.
 *
 * The window counts by the hour: a debit is counted in the hour it was applied, and an hour leaves
 * the window 24 hours after it began. So the rolling day is exact to the hour, and a wallet keeps
 * at most 24 counters whatever its traffic.
 */

/** Limits in minor units and counts; null = no limit. */
export interface Limits {
  dailyAmount: number | null;
  dailyCount: number | null;
  singleAmount: number | null;
}

/** The defaults of each role; ADMIN-set overrides replace them field by field. */
export type LimitDefaults = Readonly<Record<Role, Limits>>;

export const noLimits: Limits = { dailyAmount: null, dailyCount: null, singleAmount: null };

/** One hour's outgoing debits: `hour` is whole hours since the epoch. */
export interface SpendingHour {
  hour: number;
  amount: number;
  count: number;
}

/** The hours still in the window, oldest first. */
export type SpendingWindow = SpendingHour[];

export const windowHours = 24;
const hourMs = 3_600_000;

function hourOf(at: Date): number {
  return Math.floor(at.getTime() / hourMs);
}

/** The hours of `window` still counted at `now`. */
export function current(window: SpendingWindow, now: Date): SpendingWindow {
  const first = hourOf(now) - windowHours + 1;
  return window.filter((h) => h.hour >= first);
}

export function usageOf(window: SpendingWindow, now: Date): { amount: number; count: number } {
  return current(window, now).reduce((sum, h) => ({ amount: sum.amount + h.amount, count: sum.count + h.count }), { amount: 0, count: 0 });
}

/** When the oldest counted hour leaves the window; null when nothing is counted. */
export function nextResetOf(window: SpendingWindow, now: Date): Date | null {
  const oldest = current(window, now)[0];
  return oldest ? new Date((oldest.hour + windowHours) * hourMs) : null;
}

/**
 * The window after `count` debits of `amount` in all at `now` (one operation; a payout of n lines
 * is n debits): counted in the current hour, expired hours dropped.
 */
export function recordSpend(window: SpendingWindow, amount: number, now: Date, count = 1): SpendingWindow {
  const hour = hourOf(now);
  const kept = current(window, now);
  if (kept.some((h) => h.hour === hour)) {
    return kept.map((h) => (h.hour === hour ? { hour, amount: h.amount + amount, count: h.count + count } : h));
  }
  // Sorted, oldest first, even when this apply's clock is behind the last one's (another replica's clock).
  return [...kept, { hour, amount, count }].sort((a, b) => a.hour - b.hour);
}

export function effectiveLimits(defaults: LimitDefaults, role: Role, overrides: LimitOverrides | null): Limits {
  const base = defaults[role];
  return {
    dailyAmount: overrides?.dailyAmount !== undefined ? overrides.dailyAmount : base.dailyAmount,
    dailyCount: overrides?.dailyCount !== undefined ? overrides.dailyCount : base.dailyCount,
    singleAmount: overrides?.singleAmount !== undefined ? overrides.singleAmount : base.singleAmount,
  };
}

export type LimitName = keyof Limits;

/** A debit the limits refuse: which limit, its value, what is used, and when the debit would fit (null: waiting never helps). */
export interface LimitBreach {
  limit: LimitName;
  value: number;
  used: number;
  resetsAt: Date | null;
}

/**
 * The first moment the window has room for `need` more of a measure (amount or count) under
 * `limit`: counted hours leave oldest first. Null when `need` alone exceeds the limit.
 */
function fitsAt(window: SpendingWindow, measure: (h: SpendingHour) => number, used: number, need: number, limit: number): Date | null {
  if (need > limit) return null;
  let remaining = used;
  for (const h of window) {
    remaining -= measure(h);
    if (remaining + need <= limit) return new Date((h.hour + windowHours) * hourMs);
  }
  return null;
}

/**
 * The first moment the debit fits both daily limits (usage only falls while no one debits): the
 * later of the two, null when either never fits. A limit with room now does not delay it.
 */
function debitFitsAt(
  limits: Limits,
  counted: SpendingWindow,
  usage: { amount: number; count: number },
  amount: number,
  count: number,
): Date | null {
  let latest: Date | null = null;
  const checks: [number | null, (h: SpendingHour) => number, number, number][] = [
    [limits.dailyCount, (h) => h.count, usage.count, count],
    [limits.dailyAmount, (h) => h.amount, usage.amount, amount],
  ];
  for (const [limit, measure, used, need] of checks) {
    if (limit === null || used + need <= limit) continue;
    const at = fitsAt(counted, measure, used, need, limit);
    if (at === null) return null;
    if (latest === null || at > latest) latest = at;
  }
  return latest;
}

/**
 * Whether an operation of `count` debits moving `amount` in all at `now` passes `limits`; the
 * breach when it does not: the first limit it passes, and when it fits every limit again (null:
 * waiting never helps). The amount limits see the operation's total (`singleAmount` bounds what
 * one operation moves, a payout's total too); the daily count sees each debit (docs/design/ledger.md
 * "Spending limits").
 */
export function checkLimits(limits: Limits, window: SpendingWindow, amount: number, now: Date, count = 1): LimitBreach | null {
  if (limits.singleAmount !== null && amount > limits.singleAmount) {
    return { limit: 'singleAmount', value: limits.singleAmount, used: 0, resetsAt: null };
  }
  const counted = current(window, now);
  const usage = usageOf(counted, now);
  if (limits.dailyCount !== null && usage.count + count > limits.dailyCount) {
    return {
      limit: 'dailyCount',
      value: limits.dailyCount,
      used: usage.count,
      resetsAt: debitFitsAt(limits, counted, usage, amount, count),
    };
  }
  if (limits.dailyAmount !== null && usage.amount + amount > limits.dailyAmount) {
    return {
      limit: 'dailyAmount',
      value: limits.dailyAmount,
      used: usage.amount,
      resetsAt: debitFitsAt(limits, counted, usage, amount, count),
    };
  }
  return null;
}
