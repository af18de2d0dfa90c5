import {
  headerNames,
  minorUnitsToCoins,
  type CoinPayoutApprovalEvent,
  type LedgerCommandOf,
  type PayoutApproval,
  type TopicNames,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import { approvedCommand, type ApprovalChange } from '../../approvals';
import type { OutboxBatchMessage } from '../../outbox-message';
import { payout } from '../payout';
import { coinsOrNull } from '../replies';
import { requestMembers } from './members';
import { summaryOpening } from './summary';
import type { ApprovalActModule, ApprovalOf } from './types';

/** A person's payout from REWARDS past the four-eyes windows: its lines, one transaction each, all or nothing. */
export const payoutAct: ApprovalActModule<'payout'> = {
  commands: { 'ledger.payout': payout },
  // Its amount is its total, and its lines are counted (as the direct payout's record does).
  summary: (command, target) => ({
    ...summaryOpening(command, target, coinsOrNull(command.data.lines.reduce((sum, line) => sum + line.amount, 0))),
    lines: command.data.lines.length,
    payoutReference: command.data.reference ?? null,
  }),
  requestReads: () => ({}),
  requestRefusal: () => null,
  transactions: (command) => command.data.lines.length,
  alsoPays: () => [],
  view: payoutApprovalView,
  // The payout's own answer, as a direct one is answered (the command as the approval applied it), and the request.
  reply: (input, approval, shown) => {
    const applied = approvedCommand(approval, new Date(input.command.issuedAt)) as LedgerCommandOf<'ledger.payout'>;
    const result = payout.reply({ ...input, command: applied });
    if (!('payout' in result)) throw new InvariantViolation('an approved payout answered without its lines');
    return { ...result, approval: shown };
  },
  messages: (topics, change, shown) => [payoutApprovalEventMessage(topics, change, shown)],
};

/** The PayoutApproval view of a request holding a person's payout (API, replies and coin.payout-approvals events), in coins. */
function payoutApprovalView(approval: ApprovalOf<'payout'>): PayoutApproval {
  const { command } = approval;
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

/** The event id of a payout request's change: the same on every publish of it (its own namespace, not an approval's). */
export function payoutApprovalEventId(change: ApprovalChange): string {
  return uuidV5(`coin.payout-approval.${change.event}:${change.approval.id}`);
}

/**
 * The event of a change of a request holding a person's payout, keyed by its id: on
 * coin.payout-approvals only (an Approval of coin.approvals(.v2) shows one recipient and a closed
 * enum of commands; docs/EVENTS.md "coin.payout-approvals").
 */
function payoutApprovalEventMessage(topics: TopicNames, change: ApprovalChange, payoutApproval: PayoutApproval): OutboxBatchMessage {
  const event: CoinPayoutApprovalEvent = {
    eventId: payoutApprovalEventId(change),
    type: `coin.payout-approval.${change.event}`,
    version: 1,
    occurredAt: change.approval.updatedAt.toISOString(),
    payoutApproval,
  };
  return {
    topic: topics.coinPayoutApprovals,
    key: change.approval.id,
    headers: { [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  };
}
