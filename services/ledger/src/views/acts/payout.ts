import { minorUnitsToCoins, type PayoutApproval } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../../domain/approvals';
import { heldBy } from '../../domain/commands/acts/table';
import { requestMembers } from './members';

/** The PayoutApproval view of a request holding a person's payout (API, replies and coin.payout-approvals events), in coins. */
export function payoutApprovalView(approval: ApprovalState): PayoutApproval {
  const command = heldBy('payout', approval);
  if (command.data.from.kind !== 'treasury') throw new InvariantViolation(`approval ${approval.id} holds no payout from REWARDS`);
  const { from, lines, reason, reference } = command.data;
  const { id, status, ...rest } = requestMembers(approval);
  return {
    id,
    status,
    payout: {
      from: { treasury: from.code },
      // Stored by the payout that parked it; a request sent directly without one names its command's.
      reference: reference ?? '',
      reason,
      total: minorUnitsToCoins(lines.reduce((sum, line) => sum + line.amount, 0)),
      lines: lines.map((line, index) => ({
        index,
        toUserId: line.toUserId,
        amount: minorUnitsToCoins(line.amount),
        reason: line.reason ?? null,
      })),
    },
    ...rest,
  };
}
