import type { LedgerCommand, LedgerCommandOf } from '@coin/contracts';
import { defaultPolicy, emptyWallet, type LedgerState, type NewTransaction, type WalletState } from '../state';
import { transfer } from './transfer';
import type { DecideContext } from './types';

/**
 * A command module's decider is a pure function of its command and a context: it is judged here
 * alone, with a context built by hand, without the table, the batch or the apply.
 */

const now = new Date('2025-01-01T00:00:00.000Z');

function walletOf(userId: number, balance: number): WalletState {
  return { ...emptyWallet({ kind: 'user', userId }, now), balance, totalReceived: balance };
}

function contextOf(wallets: WalletState[]): DecideContext {
  const state: LedgerState = {
    wallets: new Map(wallets.map((w) => [w.key, w])),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
  };
  let id = 100;
  return {
    state,
    now,
    policy: defaultPolicy,
    approved: null,
    wallet: (key) => state.wallets.get(key),
    newTransaction: (draft) =>
      ({
        reference: null,
        refundOf: null,
        returns: null,
        holdId: null,
        approval: null,
        ...draft,
        id: ++id,
        createdAt: now,
      }) as NewTransaction,
    decideApproved: (command: LedgerCommand) => {
      throw new Error(`a transfer decides no approved command (${command.type})`);
    },
  };
}

function transferOf(amount: number): LedgerCommandOf<'ledger.transfer'> {
  return {
    commandId: '00000000-0000-4000-8000-000000000001',
    type: 'ledger.transfer',
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: '1' },
    data: { kind: 'TRANSFER', fromUserId: 1, to: { kind: 'user', userId: 2 }, amount, reason: 'lunch' },
  };
}

describe('the transfer module, alone', () => {
  it('when the sender has the coins, then it debits them here and credits the recipient by a leg', () => {
    const decision = transfer.decide(transferOf(250), contextOf([walletOf(1, 1000), walletOf(2, 0)]));
    expect(decision).toMatchObject({
      ok: true,
      transaction: { id: 101, type: 'TRANSFER', amount: 250, from: { kind: 'user', userId: 1 }, to: { kind: 'user', userId: 2 } },
      entries: [{ transactionId: 101, walletKey: 'user:1', amount: -250 }],
      creditLegs: [{ transactionId: 101, to: { kind: 'user', userId: 2 }, amount: 250, returnTo: { kind: 'user', userId: 1 } }],
      effects: [{ kind: 'limits', walletKey: 'user:1', spent: { amount: 250, count: 1 } }],
      subjectKey: 'user:1',
    });
  });

  it('when the sender has too few coins, then it is rejected and no id is taken', () => {
    const context = contextOf([walletOf(1, 100), walletOf(2, 0)]);
    const decision = transfer.decide(transferOf(250), context);
    expect(decision).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS', detail: 'The balance 1.00 is below the amount 2.50' });
    expect(context.newTransaction({ type: 'TRANSFER', amount: 1, from: null, to: null, reason: 'next' }).id).toBe(101);
  });

  it('when asked what it reads, then it names the sender and the recipient wallets only', () => {
    expect(transfer.reads(transferOf(1))).toEqual({ walletKeys: ['user:1', 'user:2'] });
    expect(transfer.createsTransaction).toBe(true);
  });
});
