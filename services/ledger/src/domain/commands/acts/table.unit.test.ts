import { approvalActs, ledgerCommandContracts, type ApprovableCommand } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../../approvals';
import { approvableTable, actView, approvalActTable } from './table';
import type { ApprovalActModule, ApprovalActTable } from './types';

/**
 * The acts' table is the one place a ledger four-eyes act is registered (CONTRIBUTING.md "Adding a
 * four-eyes act"): each act's module names the commands its requests hold back and carries its
 * request's view, and the approvable commands' modules and the views are read from it.
 */

const at = new Date('2030-05-03T09:00:00.000Z');

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

const reward: ApprovableCommand = { type: 'ledger.reward', data: { toUserId: 77, amount: 100, reason: 'Season prize' } };

describe('the acts’ table', () => {
  it.each(approvalActs)('when %s is looked up, then its module names exactly the commands whose contract rows name it', (act) => {
    const named = Object.entries(ledgerCommandContracts)
      .filter(([, row]) => row.approvable && row.act === act)
      .map(([type]) => type);
    expect(Object.keys(approvalActTable[act].commands).sort()).toEqual([...named].sort());
  });

  it('when the approvable commands’ modules are read, then each is the one its act’s module names', () => {
    for (const act of approvalActs) {
      for (const [type, module] of Object.entries(approvalActTable[act].commands)) {
        expect(approvableTable[type as keyof typeof approvableTable]).toBe(module);
      }
    }
  });

  it('when a request is shown as its own act’s, then its act’s view shows it', () => {
    expect(actView('money')(requestOf(reward))).toMatchObject({ id: requestOf(reward).id, command: { type: 'REWARD', amount: 1 } });
  });

  it('when a request of one act is asked for as another act’s, then that is refused as a bug, never shown', () => {
    expect(() => actView('payout')(requestOf(reward))).toThrow(InvariantViolation);
    expect(() => actView('cashout-reversal')(requestOf(reward))).toThrow(InvariantViolation);
  });

  it('when an act’s module lacks its view or one of its commands, then it does not compile', () => {
    const { view: _view, ...withoutView } = approvalActTable.money;
    // @ts-expect-error: an act's module carries its request's view
    const noView: ApprovalActModule<'money'> = withoutView;
    const { 'ledger.refund': _refund, ...fewer } = approvalActTable.money.commands;
    // @ts-expect-error: a money request may hold a refund: the money act's module must name its module
    const noRefund: ApprovalActModule<'money'> = { ...approvalActTable.money, commands: fewer };
    const { money: _money, ...rest } = approvalActTable;
    // @ts-expect-error: a table without the money act is not the acts' table
    const noMoney: ApprovalActTable = rest;
    expect([noView, noRefund, noMoney].map((value) => Object.keys(value).length)).not.toContain(0);
  });
});
