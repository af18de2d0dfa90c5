/**
 * Rules as data (docs/design/monitoring.md): each rule is one kind of the preset library with its
 * thresholds and a mode. ACTIVE rules count toward a transaction's score, TEST rules are recorded
 * as hits but score nothing (a rule on trial), DISABLED rules are not evaluated. Amounts are minor
 * units (cents), durations milliseconds, so every comparison is integer.
 */

export const ruleModes = ['ACTIVE', 'TEST', 'DISABLED'] as const;
export type RuleMode = (typeof ruleModes)[number];

export const ruleKinds = ['velocity', 'structuring', 'fan-in', 'fan-out', 'circular', 'first-day', 'dormancy', 'client-baseline'] as const;
export type RuleKind = (typeof ruleKinds)[number];

const hour = 3_600_000;
const day = 24 * hour;

interface RuleBase {
  /** Stable id: letters, digits and `-`. */
  id: string;
  mode: RuleMode;
  /** What a hit adds to the transaction's score (0–100). */
  score: number;
  /** The window the rule looks back over. */
  windowMs: number;
}

/** Count and sum of one wallet's outgoing (or incoming) movements, or of one platform client's, in the window. */
export interface VelocityRule extends RuleBase {
  kind: 'velocity';
  scope: 'wallet-out' | 'wallet-in' | 'client';
  /** Fires when the count in the window (this one included) exceeds it; null: not counted. */
  maxCount: number | null;
  /** Fires when the sum in the window exceeds it (minor units); null: not summed. */
  maxSumMinor: number | null;
}

/** Many outgoing amounts just under a threshold: at least `minCount` in [threshold × (1 − band), threshold). */
export interface StructuringRule extends RuleBase {
  kind: 'structuring';
  thresholdMinor: number;
  /** The band under the threshold, in basis points (500 = 5 %). */
  bandBasisPoints: number;
  minCount: number;
}

/** One wallet paid (at least `minAmountMinor` each) by at least `minSenders` distinct new wallets (first seen less than `newWalletMs` ago). */
export interface FanInRule extends RuleBase {
  kind: 'fan-in';
  minSenders: number;
  newWalletMs: number;
  /** Payments under it do not count (everyday small sums). */
  minAmountMinor: number;
}

/** One wallet paying at least `minRecipients` distinct wallets at least `minAmountMinor` each. */
export interface FanOutRule extends RuleBase {
  kind: 'fan-out';
  minRecipients: number;
  /** Payments under it do not count (everyday small sums). */
  minAmountMinor: number;
}

/** A transfer closing a cycle A → … → A of at most `maxHops` transfers, each at least `minAmountMinor`. */
export interface CircularRule extends RuleBase {
  kind: 'circular';
  maxHops: number;
  minAmountMinor: number;
}

/** A wallet first seen less than `walletAgeMs` ago receiving at least `minSumMinor` in the window. */
export interface FirstDayRule extends RuleBase {
  kind: 'first-day';
  walletAgeMs: number;
  minSumMinor: number;
}

/** An outflow of at least `minAmountMinor` from a wallet with no movement for `dormantMs`. */
export interface DormancyRule extends RuleBase {
  kind: 'dormancy';
  dormantMs: number;
  minAmountMinor: number;
}

/**
 * A platform client's rewards in the window above `factorPercent` % of its baseline (the mean of its
 * last `baselineWindows` complete windows), once at least `minWindows` are known and the sum is at least `minSumMinor`.
 */
export interface ClientBaselineRule extends RuleBase {
  kind: 'client-baseline';
  factorPercent: number;
  baselineWindows: number;
  minWindows: number;
  minSumMinor: number;
}

export type Rule =
  | VelocityRule
  | StructuringRule
  | FanInRule
  | FanOutRule
  | CircularRule
  | FirstDayRule
  | DormancyRule
  | ClientBaselineRule;

/** The explicit limits of a rule's parameters: a rule outside them is refused, never half applied. */
export const ruleLimits = {
  windowMsMax: 30 * day,
  windowMsMin: 1_000,
  countMax: 100_000,
  amountMinorMax: 1_000_000_000_000,
  hopsMax: 6,
  baselineWindowsMax: 90,
  factorPercentMax: 100_000,
} as const;

/**
 * The preset library, tuned so that ordinary traffic (rewards, purchases, a few transfers a day
 * between people who know each other) fires nothing and each typology of the abuse scenario
 * fires its rule. Thresholds are tunable per deployment (`PUT /api/admin/monitoring/rules/{ruleId}`, step-up).
 */
export const presetRules: readonly Rule[] = [
  {
    id: 'velocity-wallet-out',
    kind: 'velocity',
    mode: 'ACTIVE',
    score: 50,
    windowMs: hour,
    scope: 'wallet-out',
    maxCount: 200,
    maxSumMinor: 5_000_000,
  },
  {
    id: 'velocity-client',
    kind: 'velocity',
    mode: 'TEST',
    score: 20,
    windowMs: hour,
    scope: 'client',
    maxCount: 50_000,
    maxSumMinor: null,
  },
  {
    id: 'structuring',
    kind: 'structuring',
    mode: 'ACTIVE',
    score: 50,
    windowMs: day,
    thresholdMinor: 1_000_000,
    bandBasisPoints: 1_000,
    minCount: 3,
  },
  {
    id: 'fan-in-new-wallets',
    kind: 'fan-in',
    mode: 'ACTIVE',
    score: 60,
    windowMs: day,
    minSenders: 5,
    newWalletMs: 7 * day,
    minAmountMinor: 1_000,
  },
  { id: 'fan-out', kind: 'fan-out', mode: 'ACTIVE', score: 50, windowMs: hour, minRecipients: 15, minAmountMinor: 1_000 },
  { id: 'circular', kind: 'circular', mode: 'ACTIVE', score: 70, windowMs: day, maxHops: 4, minAmountMinor: 10_000 },
  { id: 'first-day-receipts', kind: 'first-day', mode: 'ACTIVE', score: 50, windowMs: day, walletAgeMs: day, minSumMinor: 2_000_000 },
  { id: 'dormant-outflow', kind: 'dormancy', mode: 'ACTIVE', score: 50, windowMs: day, dormantMs: 90 * day, minAmountMinor: 100_000 },
  {
    id: 'client-rewards-baseline',
    kind: 'client-baseline',
    mode: 'ACTIVE',
    score: 50,
    windowMs: hour,
    factorPercent: 1_000,
    baselineWindows: 24,
    minWindows: 6,
    minSumMinor: 1_000_000,
  },
];

/** Why a rule is not acceptable, or null. Pure: the routes refuse with it (VALIDATION_ERROR). */
export function ruleProblem(rule: Rule): string | null {
  if (!/^[A-Za-z0-9-]{1,60}$/.test(rule.id)) return 'id must be 1-60 letters, digits and -';
  if (!ruleModes.includes(rule.mode)) return 'mode must be ACTIVE, TEST or DISABLED';
  if (!intIn(rule.score, 0, 100)) return 'score must be an integer 0-100';
  if (!intIn(rule.windowMs, ruleLimits.windowMsMin, ruleLimits.windowMsMax)) return 'windowMs out of range';
  const numbers = Object.entries(rule).filter(([, value]) => typeof value === 'number') as [string, number][];
  for (const [name, value] of numbers) {
    if (!Number.isSafeInteger(value) || value < 0 || value > ruleLimits.amountMinorMax) return `${name} must be a non-negative integer`;
  }
  if (rule.kind === 'circular' && !intIn(rule.maxHops, 2, ruleLimits.hopsMax)) return `maxHops must be 2-${ruleLimits.hopsMax}`;
  if (rule.kind === 'client-baseline' && !intIn(rule.baselineWindows, 1, ruleLimits.baselineWindowsMax))
    return 'baselineWindows out of range';
  if (rule.kind === 'client-baseline' && rule.minWindows > rule.baselineWindows) return 'minWindows must not exceed baselineWindows';
  if (rule.kind === 'structuring' && !intIn(rule.bandBasisPoints, 1, 9_999)) return 'bandBasisPoints must be 1-9999';
  if (rule.kind === 'velocity' && rule.maxCount === null && rule.maxSumMinor === null)
    return 'a velocity rule needs maxCount or maxSumMinor';
  return null;
}

function intIn(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

/** The longest window any rule looks back over: how long the in-memory windows keep a movement. */
export function horizonOf(rules: readonly Rule[]): number {
  let horizon = 0;
  for (const rule of rules) if (rule.mode !== 'DISABLED') horizon = Math.max(horizon, rule.windowMs);
  return horizon;
}
