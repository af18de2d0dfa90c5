import { commissionRule, type CommissionRule } from '@coin/contracts';
import { z } from 'zod';
import type { CommissionRules } from '../commission';
import type { Accepted } from '../state';
import type { WalletRowPart } from './types';

/** A treasury wallet's field of this kind (WalletState.commissions). */
export interface CommissionFields {
  /** Its commission rules by platform client (domain/commission.ts); null: none (every user wallet). */
  commissions: CommissionRules | null;
}

/** A treasury's commission rule for one platform client, set (null: removed), with who asked for it and who approved it. */
export interface CommissionChange {
  walletKey: string;
  clientId: string;
  rule: CommissionRule | null;
  setBy: number | null;
  approvedBy: number | null;
}

/** A treasury's stored commission rules: by platform client id, each bounded as the command is. */
const storedRules = z.record(
  z.string().min(1).max(100),
  // `approvedBy`: absent on a rule set before rules took two people.
  z.object({
    rule: commissionRule,
    setBy: z.number().int().positive().nullable(),
    approvedBy: z.number().int().positive().nullable().optional(),
  }),
);

/**
 * The affiliate commission rules (docs/CONTRACT.md "Affiliate splits"), a part of a treasury
 * wallet's row (column `commissions`): set or removed for one platform client by
 * ledger.set-commission, which an approval applies (two people), an effect
 * `{ kind: 'commissions', walletKey, clientId, rule, setBy, approvedBy }`.
 */
export const commissions: WalletRowPart<CommissionFields, CommissionChange> = {
  columns: { commissions: 'commissions' },
  // Parsed again so a hand-edited row cannot widen a rule past its bounds.
  fieldsOf: (row) => ({
    commissions: row.commissions === null || row.commissions === undefined ? null : storedRules.parse(row.commissions),
  }),
  opened: { commissions: null },
  evolve(fields, { clientId, rule, setBy, approvedBy }) {
    const { [clientId]: _replaced, ...others } = fields.commissions ?? {};
    return { commissions: rule ? { ...others, [clientId]: { rule, setBy, approvedBy } } : others };
  },
};

/** The commission rule a decision set (ledger.set-commission), if any. */
export function commissionChangeOf(decision: Accepted): CommissionChange | null {
  for (const effect of decision.effects) if (effect.kind === 'commissions') return effect;
  return null;
}
