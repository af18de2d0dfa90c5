import { apiKeyScopeNeeded, apiKeyScopeOfCommand, scopeOfStoredCommand } from './api-key-scopes';
import type { LedgerCommand } from './commands';

type Sent = Parameters<typeof apiKeyScopeNeeded>[0];
const admin = { kind: 'user' as const, id: '7', role: 'ADMIN' as const };
const client = { kind: 'system' as const, id: 'shop-backend' };
const mint = { type: 'ledger.mint' as const, data: { to: { kind: 'user' as const, userId: 9 }, amount: 100, reason: 'r' } };
const payoutFrom = (from: { kind: 'treasury'; code: 'REWARDS' } | { kind: 'user'; userId: number }) => ({
  type: 'ledger.payout' as const,
  data: { from, lines: [{ toUserId: 9, amount: 100 }], reason: 'r' },
});
const sent = (command: { type: string; data: unknown }, actor: Sent['actor'] = admin) => ({ ...command, actor }) as Sent;

describe('which API key scope a ledger command needs from the person who sends it (the one table)', () => {
  it.each([
    ['a mint', mint, 'mint'],
    ['a burn', { type: 'ledger.burn', data: { from: { kind: 'user', userId: 9 }, amount: 1, reason: 'r' } }, 'burn'],
    ['a refund', { type: 'ledger.refund', data: { transactionId: 1, treasury: 'COURSE_FEES', reason: 'r' } }, 'refund'],
    ['a reward', { type: 'ledger.reward', data: { toUserId: 9, amount: 1, reason: 'r' } }, 'reward'],
    ['a payout from REWARDS', payoutFrom({ kind: 'treasury', code: 'REWARDS' }), 'reward'],
    ['a payout from the sender’s wallet', payoutFrom({ kind: 'user', userId: 7 }), null],
    ['a request for approval of a mint', { type: 'ledger.request-approval', data: { command: mint } }, 'mint'],
    ['an approval of a mint', { type: 'ledger.approve', data: { approvalId: 'a', command: mint } }, 'mint'],
    [
      'an approval of a payout from REWARDS',
      { type: 'ledger.approve', data: { approvalId: 'a', command: payoutFrom({ kind: 'treasury', code: 'REWARDS' }) } },
      'reward',
    ],
    ['a rejection of a request', { type: 'ledger.reject-approval', data: { approvalId: 'a', command: mint, reason: 'no' } }, null],
    [
      'a transfer',
      { type: 'ledger.transfer', data: { kind: 'TRANSFER', fromUserId: 7, to: { kind: 'user', userId: 9 }, amount: 1 } },
      null,
    ],
    ['a wallet close', { type: 'ledger.close-wallet', data: { userId: 9 } }, null],
    ['new limits', { type: 'ledger.set-limits', data: { userId: 9, overrides: {} } }, null],
    ['a hold', { type: 'ledger.hold', data: { fromUserId: 7 } }, null],
  ])('when a person sends %s, then it needs %s', (_name, command, scope) => {
    expect(apiKeyScopeNeeded(sent(command))).toBe(scope);
  });

  it('when a platform client sends a reward or a payout from REWARDS, then it needs no key (its token is its only credential)', () => {
    expect(apiKeyScopeNeeded(sent({ type: 'ledger.reward', data: { toUserId: 9, amount: 1, reason: 'r' } }, client))).toBeNull();
    expect(apiKeyScopeNeeded(sent(payoutFrom({ kind: 'treasury', code: 'REWARDS' }), client))).toBeNull();
  });

  it("when a person asks for or approves a cash-out's reversal, then it needs no key (it pays no one)", () => {
    const reversal = { type: 'ledger.reverse-cashout' as const, data: { holdId: 'h', fromUserId: 9, reason: 'r' } };
    expect(apiKeyScopeNeeded(sent({ type: 'ledger.request-approval', data: { command: reversal } }, admin))).toBeNull();
    expect(apiKeyScopeNeeded(sent({ type: 'ledger.approve', data: { approvalId: 'a', holds: 'cashout-reversal' } }, admin))).toBeNull();
    expect(apiKeyScopeNeeded(sent({ type: 'ledger.approve', data: { approvalId: 'a' } }, admin))).toBe(scopeOfStoredCommand);
  });

  it("when a person asks for or approves a commission rule's change, then it needs no key (it pays no one; a rule was never set with one)", () => {
    const change = { type: 'ledger.set-commission' as const, data: { treasury: 'COURSE_FEES' as const, clientId: 'pc_shop', rule: null } };
    expect(apiKeyScopeNeeded(sent({ type: 'ledger.request-approval', data: { command: change } }, admin))).toBeNull();
    expect(apiKeyScopeNeeded(sent({ type: 'ledger.approve', data: { approvalId: 'a', holds: 'commission-change' } }, admin))).toBeNull();
  });

  it('when a command can wait for approval, then the table names its scope, and nothing else is in it', () => {
    // A cash-out's reversal pays no one and needs no key (apiKeyScopeOfApprovable).
    const approvable: Array<LedgerCommand['type']> = ['ledger.mint', 'ledger.burn', 'ledger.refund', 'ledger.reward', 'ledger.payout'];
    expect(Object.keys(apiKeyScopeOfCommand).sort()).toEqual([...approvable].sort());
  });
});
