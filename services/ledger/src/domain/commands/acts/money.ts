import { headerNames, type Approval, type CoinApprovalEvent, type CoinApprovalEventV2, type TopicNames } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import type { ApprovalChange } from '../../approvals';
import type { OutboxBatchMessage } from '../../outbox-message';
import { burn } from '../burn';
import { mint } from '../mint';
import { refund } from '../refund';
import { coinsOrNull } from '../replies';
import { reward } from '../reward';
import { paysPeopleBehindKey, paysPeopleBehindKeyDetail, selfDealing } from '../rules';
import { heldParts } from './held';
import { requestMembers } from './members';
import { summaryOpening } from './summary';
import type { ApprovalActModule, ApprovalOf } from './types';

/** The modules of the commands a money request holds back. */
const moneyCommands = { 'ledger.mint': mint, 'ledger.burn': burn, 'ledger.reward': reward, 'ledger.refund': refund };

/** A MINT, BURN, REWARD or REFUND past the four-eyes windows: one transaction, answered as the direct command is, with the request. */
export const moneyAct: ApprovalActModule<'money'> = {
  commands: moneyCommands,
  summary: (command, target) => summaryOpening(command, target, coinsOrNull(command.data.amount)),
  // A refund's purchase, whose payer it would pay (the people behind the requester's key are never paid).
  requestReads: (command) => (command.type === 'ledger.refund' ? { refundTarget: command.data.transactionId } : {}),
  requestRefusal(request, command, { state }) {
    // A refund whose money would go to the people behind the key it was asked with: the key proof
    // is not kept with the request, so this is the one time it is judged. A refund pays the
    // purchase's payer; the approval judges the purchase itself.
    const payer = command.type === 'ledger.refund' ? (state.refundTargets.get(command.data.transactionId)?.fromUserId ?? null) : null;
    return payer !== null && paysPeopleBehindKey(request, { kind: 'user', userId: payer }) ? selfDealing(paysPeopleBehindKeyDetail) : null;
  },
  transactions: () => 1,
  alsoPays: () => [],
  view: approvalView,
  reply: ({ decision, subject, views, xafRate }, approval, shown) => {
    if (!decision.transaction || !subject) throw new InvariantViolation('an approval accepted without its transaction or wallet');
    // A split purchase's refund: the commission's part the treasury fronted, as the direct refund names it.
    const commission = approval.command.type === 'ledger.refund' ? decision.lineTransactions[0] : undefined;
    return {
      transaction: views.transaction(decision.transaction),
      wallet: views.wallet(subject, xafRate),
      ...(commission ? { commission: views.transaction(commission) } : {}),
      approval: shown,
    };
  },
  messages: approvalEventsOf,
};

/** The Approval view of a request holding a MINT, BURN, REWARD or REFUND: the held-back command shown by its module. */
function approvalView(approval: ApprovalOf<'money'>): Approval {
  const command = heldParts(moneyCommands, approval.command).view(approval.command);
  if (!command) throw new InvariantViolation(`approval ${approval.id} holds a command without its Approval view`);
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, command, ...rest };
}

/** The event id of an approval request's change: the same on every publish of it. */
export function approvalEventId(change: ApprovalChange): string {
  return uuidV5(`coin.approval.${change.event}:${change.approval.id}`);
}

/**
 * The events of the change of a request shown as an Approval, keyed by its id: on coin.approvals.v2
 * always, and on coin.approvals (version 1, the same eventId) too while its command is one version
 * 1 can carry (MINT, BURN, REFUND; docs/EVENTS.md "Versioning policy").
 */
function approvalEventsOf(topics: TopicNames, change: ApprovalChange, approval: Approval): OutboxBatchMessage[] {
  const envelope = {
    eventId: approvalEventId(change),
    type: `coin.approval.${change.event}`,
    occurredAt: change.approval.updatedAt.toISOString(),
  } as const;
  const message = (event: CoinApprovalEvent | CoinApprovalEventV2) => ({
    key: change.approval.id,
    headers: { [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  });
  const v2: OutboxBatchMessage = { topic: topics.coinApprovalsV2, ...message({ ...envelope, version: 2, approval }) };
  const { command } = approval;
  if (command.type === 'REWARD') return [v2];
  const v1: CoinApprovalEvent = { ...envelope, version: 1, approval: { ...approval, command: { ...command, type: command.type } } };
  return [{ topic: topics.coinApprovals, ...message(v1) }, v2];
}
