import {
  commissionLimits,
  ledgerResults,
  minorUnitsToCoins,
  setCommissionCommand,
  walletKeyOfTreasury,
  type CommissionRule,
  type LedgerCommand,
  type LedgerCommandOf,
} from '@coin/contracts';
import { InvariantViolation, type Rejected } from '@coin/errors';
import { accepted, missingParty, reject } from './rules';
import { commissionChangeOf } from '../kinds/commissions';
import { adminRefusal } from '../authors';
import type { ApprovableModule, DecideContext } from './types';

/**
 * Sent by a platform client for itself: only ever applied in the sandbox, where the author's check
 * admits a test-mode client's own rule for a treasury it was granted; the live ledger's check
 * admits no platform client for this command (domain/authority.ts).
 */
function byTestModeClient(command: Pick<LedgerCommand, 'actor'>): boolean {
  return command.actor.kind === 'system';
}

/** A rule as the API and the audit log show it: the fixed amount in coins. */
export function commissionRuleShown(rule: CommissionRule | null) {
  if (rule === null) return null;
  return rule.kind === 'bps' ? { kind: 'bps' as const, bps: rule.bps } : { kind: 'fixed' as const, amount: minorUnitsToCoins(rule.amount) };
}

/** The user id of an ADMIN+ actor (recorded with the rule: the ledger never pays them under it), or null for an operator's command. */
function personOf(actor: LedgerCommand['actor']): number | null {
  const id = Number(actor.id);
  return actor.kind === 'user' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

type CommissionData = Pick<LedgerCommandOf<'ledger.set-commission'>['data'], 'treasury' | 'clientId' | 'rule'>;

/** Why the rule cannot be set on this treasury as it stands, or null: an unknown treasury, or one with as many rules as it may keep. */
export function commissionChangeRefusal(
  context: Pick<DecideContext, 'wallet'>,
  { treasury, clientId, rule }: CommissionData,
): Rejected | null {
  const wallet = context.wallet(walletKeyOfTreasury(treasury));
  if (!wallet) return missingParty({ kind: 'treasury', code: treasury });
  const rules = wallet.commissions ?? {};
  if (rule !== null && !Object.hasOwn(rules, clientId) && Object.keys(rules).length >= commissionLimits.rulesPerTreasuryMax) {
    return reject(
      'VALIDATION_FAILED',
      `${treasury} has ${commissionLimits.rulesPerTreasuryMax} commission rules already: remove one first`,
    );
  }
  return null;
}

/**
 * Sets (or removes) a platform client's commission rule for a treasury (docs/CONTRACT.md
 * "Affiliate splits"). Decided in the treasury's partition, which keeps its rules with its wallet.
 * Applied only by an approval: one ADMIN+ asks (an approval request holding it), a different ADMIN+
 * approves; the rule records both, and neither is ever paid under it. Sent directly it is refused:
 * a rule sends a treasury's coins to third parties. In the sandbox alone a test-mode client sets
 * its own rule directly (docs/decisions/0018-sandbox.md): test coins, and no person to ask.
 */
export const setCommission: ApprovableModule<'ledger.set-commission'> = {
  type: 'ledger.set-commission',
  schema: setCommissionCommand,
  result: ledgerResults['ledger.set-commission'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfTreasury(data.treasury)] }),
  decide(command, context) {
    if (!context.approved && !byTestModeClient(command)) {
      return reject('FORBIDDEN', 'A commission rule is changed by two people: ask for an approval, another ADMIN+ approves it');
    }
    const refused = commissionChangeRefusal(context, command.data);
    if (refused) return refused;
    const { treasury, clientId, rule } = command.data;
    const key = walletKeyOfTreasury(treasury);
    // Its approver beside its requester (none for a sandbox client's own rule): neither is ever paid under it.
    const approvedBy = context.approved ? personOf(context.approved.approver) : null;
    return accepted({
      effects: [{ kind: 'commissions', walletKey: key, clientId, rule, setBy: personOf(command.actor), approvedBy }],
      subjectKey: key,
    });
  },
  reply({ command, decision }) {
    const change = commissionChangeOf(decision);
    if (!change) throw new InvariantViolation('set-commission accepted without its rule');
    const { treasury, clientId } = command.data;
    const { rule, setBy, approvedBy } = change;
    return { treasury, clientId, rule: commissionRuleShown(rule), setBy, approvedBy };
  },
  // Recorded by the approval that applies it (approval.approve, naming the treasury and the client);
  // a sandbox client's own rule as `limits.set` of the treasury's wallet, which keeps the rules
  // beside its limits (`commissionClientId` in the summary tells the two apart).
  audit: (command) =>
    byTestModeClient(command)
      ? {
          action: 'limits.set',
          target: walletKeyOfTreasury(command.data.treasury),
          summary: {
            commissionClientId: command.data.clientId,
            bps: command.data.rule?.kind === 'bps' ? command.data.rule.bps : null,
            amount: command.data.rule?.kind === 'fixed' ? minorUnitsToCoins(command.data.rule.amount) : null,
          },
        }
      : null,
  approvable: {
    target: ({ data }) => walletKeyOfTreasury(data.treasury),
    // Shown as a CommissionChangeApproval (its act's view, acts/commission-change.ts), never as an Approval.
    view: () => null,
    // It pays no one now; the rule records who asked, and never pays them.
    requestRefusal: () => null,
  },
};
