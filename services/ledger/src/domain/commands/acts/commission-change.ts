import { walletKeyOfTreasury, type CommissionChangeApproval } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { coinsOrNull } from '../replies';
import { commissionChangeRefusal, commissionRuleShown, setCommission } from '../set-commission';
import { commissionChangeOf } from '../../kinds/commissions';
import { requestMembers } from './members';
import type { ApprovalActModule, ApprovalOf } from './types';

/**
 * A commission rule's change: it moves nothing, it sets the rule. Only a treasury that can keep
 * the rule is asked for.
 */
export const commissionChangeAct: ApprovalActModule<'commission-change'> = {
  commands: { 'ledger.set-commission': setCommission },
  // The treasury's wallet, the client, the rule (`bps` or the fixed `amount` in coins; both null:
  // removed) and the reason, as the single person's record names them.
  summary: (command, target) => {
    const { clientId, rule, reason } = command.data;
    return {
      command: 'SET-COMMISSION',
      target,
      commissionClientId: clientId,
      bps: rule?.kind === 'bps' ? rule.bps : null,
      amount: rule?.kind === 'fixed' ? coinsOrNull(rule.amount) : null,
      reason: reason ?? null,
    };
  },
  requestReads: (command) => ({ walletKeys: [walletKeyOfTreasury(command.data.treasury)] }),
  requestRefusal: (_request, command, context) => commissionChangeRefusal(context, command.data),
  transactions: () => 0,
  alsoPays: () => [],
  view: commissionChangeApprovalView,
  reply: ({ decision }, approval, shown) => {
    const set = commissionChangeOf(decision);
    if (!set) throw new InvariantViolation('an approved commission change without its rule');
    const { treasury, clientId } = approval.command.data;
    return { treasury, clientId, rule: commissionRuleShown(set.rule), setBy: set.setBy, approvedBy: set.approvedBy, approval: shown };
  },
  // No Approval (no command.type value for it; a new one breaks consumers): the admin audit log
  // records its request and approval.
  messages: () => [],
};

/** The CommissionChangeApproval view of a request holding a commission rule's change (API and replies). */
function commissionChangeApprovalView(approval: ApprovalOf<'commission-change'>): CommissionChangeApproval {
  const { treasury, clientId, rule, reason } = approval.command.data;
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, change: { treasury, clientId, rule: commissionRuleShown(rule), reason: reason ?? null }, ...rest };
}
