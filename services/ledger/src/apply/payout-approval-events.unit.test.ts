import { coinApprovalEventV2, coinPayoutApprovalEvent, headerNames, topicNames, type ApprovableCommand } from '@coin/contracts';
import type { ApprovalState } from '../domain/approvals';
import { anyApprovalView, approvalEvents } from '../views/approval-view';

/** Where a request's events go (docs/EVENTS.md): a payout's on coin.payout-approvals only, never on coin.approvals(.v2). */

const at = new Date('2030-05-03T09:00:00.000Z');
const topics = topicNames('t.');

function requestOf(command: ApprovableCommand): ApprovalState {
  return {
    id: 'c4e06284-a1c3-55e7-89b1-4d6f7a93b5d8',
    command,
    requestedBy: { kind: 'user', id: '12', role: 'ADMIN' },
    status: 'PENDING',
    createdAt: at,
    expiresAt: new Date(at.getTime() + 3_600_000),
    updatedAt: at,
    decidedBy: null,
    rejectionReason: null,
    transactionId: null,
  };
}

const payout: ApprovableCommand = {
  type: 'ledger.payout',
  data: {
    from: { kind: 'treasury', code: 'REWARDS' },
    reason: 'Season prizes',
    reference: 'season-7',
    lines: [
      { toUserId: 77, amount: 30_000, reason: 'Champion' },
      { toUserId: 78, amount: 20_000 },
    ],
  },
};

describe('the events of an approval request', () => {
  it('when it holds a payout, then one coin.payout-approval event of its PayoutApproval, on coin.payout-approvals only', () => {
    const messages = approvalEvents(topics, { approval: requestOf(payout), event: 'requested' });
    expect(messages.map((m) => [m.topic, m.key, m.headers[headerNames.type]])).toEqual([
      ['t.coin.payout-approvals', 'c4e06284-a1c3-55e7-89b1-4d6f7a93b5d8', 'coin.payout-approval.requested'],
    ]);
    const event = coinPayoutApprovalEvent.parse(JSON.parse(messages[0]!.payload));
    expect(event.payoutApproval.payout).toEqual({
      from: { treasury: 'REWARDS' },
      reference: 'season-7',
      reason: 'Season prizes',
      total: 500,
      lines: [
        { index: 0, toUserId: 77, amount: 300, reason: 'Champion' },
        { index: 1, toUserId: 78, amount: 200, reason: null },
      ],
    });
    expect(anyApprovalView(requestOf(payout))).toEqual(event.payoutApproval);
  });

  it('when it holds a reward, then its events stay on coin.approvals.v2 as before', () => {
    const reward: ApprovableCommand = { type: 'ledger.reward', data: { toUserId: 77, amount: 100, reason: 'r' } };
    const messages = approvalEvents(topics, { approval: requestOf(reward), event: 'requested' });
    expect(messages.map((m) => m.topic)).toEqual(['t.coin.approvals.v2']);
    expect(coinApprovalEventV2.parse(JSON.parse(messages[0]!.payload)).approval.command.type).toBe('REWARD');
  });
});
