import { limitOverrides, type LimitOverrides } from '@coin/contracts';
import type { Accepted } from '../state';
import { recordSpend, type SpendingWindow } from '../limits';
import type { WalletRowPart } from './types';

/** A wallet's fields of this kind (WalletState.limits and .spending). */
export interface LimitFields {
  /** This wallet's own limits over its role's defaults; null: the defaults. */
  limits: LimitOverrides | null;
  /** Outgoing debits the spending limits count (user wallets), by the hour (domain/limits.ts). */
  spending: SpendingWindow;
}

/**
 * What a decision asks of a wallet's limits: its overrides replaced (ledger.set-limits), or
 * `count` outgoing debits of `amount` in all counted in its window (a transfer, a hold, a
 * cash-out, a mandate's charge; a payout: one per line).
 */
export type LimitEffect =
  | { walletKey: string; overrides: LimitOverrides }
  | { walletKey: string; spent: { amount: number; count: number } };

/**
 * The spending limits (docs/design/ledger.md "Spending limits"), a part of the wallet's row
 * (columns `limits` and `spending`): the wallet's overrides of its role's defaults and the rolling
 * window of what it spent, judged in the wallet's partition like its balance (domain/limits.ts).
 */
export const limits: WalletRowPart<LimitFields, LimitEffect> = {
  columns: { limits: 'limits', spending: 'spending' },
  fieldsOf: (row) => ({
    // Parsed again so a hand-edited row cannot widen a limit silently.
    limits: row.limits === null || row.limits === undefined ? null : limitOverrides.parse(row.limits),
    spending: row.spending as SpendingWindow,
  }),
  opened: { limits: null, spending: [] },
  evolve: (fields, effect, now) =>
    'overrides' in effect
      ? { ...fields, limits: effect.overrides }
      : { ...fields, spending: recordSpend(fields.spending, effect.spent.amount, now, effect.spent.count) },
};

/** The overrides a decision set (ledger.set-limits), if any. */
export function limitsSetBy(decision: Accepted): LimitOverrides | null {
  for (const effect of decision.effects) if (effect.kind === 'limits' && 'overrides' in effect) return effect.overrides;
  return null;
}

/** The effect of `count` outgoing debits of `amount` in all from a wallet: what its spending limits count. */
export function spentFrom(
  walletKey: string,
  amount: number,
  count = 1,
): { kind: 'limits'; walletKey: string; spent: { amount: number; count: number } } {
  return { kind: 'limits', walletKey, spent: { amount, count } };
}
