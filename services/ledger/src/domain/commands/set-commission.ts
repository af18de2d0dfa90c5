import {
  commissionLimits,
  ledgerResults,
  minorUnitsToCoins,
  setCommissionCommand,
  walletKeyOfTreasury,
  type CommissionRule,
  type LedgerCommand,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { accepted, missingParty, reject } from './rules';
import { adminRefusal } from '../authors';
import type { CommandModule } from './types';

/** A rule as the API and the audit log show it: the fixed amount in coins. */
export function commissionRuleShown(rule: CommissionRule | null) {
  if (rule === null) return null;
  return rule.kind === 'bps' ? { kind: 'bps' as const, bps: rule.bps } : { kind: 'fixed' as const, amount: minorUnitsToCoins(rule.amount) };
}

/** The ADMIN+ who sets a rule (recorded with it: the ledger never pays them under it), or null for an operator's command. */
function setterOf(command: Pick<LedgerCommand, 'actor'>): number | null {
  const id = Number(command.actor.id);
  return command.actor.kind === 'user' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Sets (or removes) a platform client's commission rule for a treasury (ADMIN+, audited; docs/CONTRACT.md
 * "Affiliate splits"). Decided in the treasury's partition, which keeps its rules with its wallet.
 */
export const setCommission: CommandModule<'ledger.set-commission'> = {
  type: 'ledger.set-commission',
  schema: setCommissionCommand,
  result: ledgerResults['ledger.set-commission'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfTreasury(data.treasury)] }),
  decide(command, context) {
    const { treasury, clientId, rule } = command.data;
    const wallet = context.wallet(walletKeyOfTreasury(treasury));
    if (!wallet) return missingParty({ kind: 'treasury', code: treasury });
    const rules = wallet.commissions ?? {};
    if (rule !== null && !(clientId in rules) && Object.keys(rules).length >= commissionLimits.rulesPerTreasuryMax) {
      return reject(
        'VALIDATION_FAILED',
        `${treasury} has ${commissionLimits.rulesPerTreasuryMax} commission rules already: remove one first`,
      );
    }
    return accepted({
      commissionRule: { walletKey: wallet.key, clientId, rule, setBy: setterOf(command) },
      subjectKey: wallet.key,
    });
  },
  reply({ command, decision }) {
    if (!decision.commissionRule) throw new InvariantViolation('set-commission accepted without its rule');
    const { treasury, clientId } = command.data;
    return { treasury, clientId, rule: commissionRuleShown(decision.commissionRule.rule), setBy: decision.commissionRule.setBy };
  },
  // Recorded as `limits.set` of the treasury's wallet, which keeps the rules beside its limits: a new
  // action would be a new enum value of admin.audit, which breaks its consumers (docs/EVENTS.md
  // "Versioning policy"). `commissionClientId` in the summary tells the two apart.
  audit: ({ data }) => ({
    action: 'limits.set',
    target: walletKeyOfTreasury(data.treasury),
    // Both null: the rule was removed.
    summary: {
      commissionClientId: data.clientId,
      bps: data.rule?.kind === 'bps' ? data.rule.bps : null,
      amount: data.rule?.kind === 'fixed' ? minorUnitsToCoins(data.rule.amount) : null,
    },
  }),
};
