import { minorUnitsToCoins, type LimitOverrides, type Role, type SpendingLimits } from '@coin/contracts';
import type { LedgerPolicy, WalletState } from '../domain/ledger';
import { effectiveLimits, nextResetOf, usageOf, windowHours, type Limits } from '../domain/limits';

const coinsOrNull = (minor: number | null | undefined) => (minor === null || minor === undefined ? null : minorUnitsToCoins(minor));

function limitValues(limits: Limits): SpendingLimits['limits'] {
  return { dailyAmount: coinsOrNull(limits.dailyAmount), dailyCount: limits.dailyCount, singleAmount: coinsOrNull(limits.singleAmount) };
}

function overrideValues(overrides: LimitOverrides | null): SpendingLimits['overrides'] {
  if (!overrides) return {};
  return {
    ...(overrides.dailyAmount !== undefined ? { dailyAmount: coinsOrNull(overrides.dailyAmount) } : {}),
    ...(overrides.dailyCount !== undefined ? { dailyCount: overrides.dailyCount } : {}),
    ...(overrides.singleAmount !== undefined ? { singleAmount: coinsOrNull(overrides.singleAmount) } : {}),
  };
}

/** The one home of the limits view: what is enforced for a user of `role`, and what the window has counted at `now`. */
export function spendingLimitsView(wallet: WalletState, userId: number, role: Role, policy: LedgerPolicy, now: Date): SpendingLimits {
  const usage = usageOf(wallet.spending, now);
  const resetsAt = nextResetOf(wallet.spending, now);
  return {
    userId,
    role,
    limits: limitValues(effectiveLimits(policy.limits, role, wallet.limits)),
    defaults: limitValues(policy.limits[role]),
    overrides: overrideValues(wallet.limits),
    usage: { amount: minorUnitsToCoins(usage.amount), count: usage.count, windowHours },
    resetsAt: resetsAt ? resetsAt.toISOString() : null,
  };
}
