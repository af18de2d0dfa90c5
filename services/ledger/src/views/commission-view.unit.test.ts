import { emptyWallet, type WalletState } from '../domain/state';
import { commissionRuleEntries } from './commission-view';

const now = new Date('2026-11-24T00:00:00.000Z');
const treasury = (code: 'COURSE_FEES' | 'SUBSCRIPTIONS', commissions: WalletState['commissions']): WalletState => ({
  ...emptyWallet({ kind: 'treasury', code }, now),
  commissions,
});

describe('commission rule list', () => {
  it('when treasuries keep rules, then each is an entry by treasury then client, a fixed amount in coins, a user wallet ignored', () => {
    const wallets = [
      treasury('SUBSCRIPTIONS', { pc_stream: { rule: { kind: 'fixed', amount: 150 }, setBy: null } }),
      treasury('COURSE_FEES', {
        pc_shop_b: { rule: { kind: 'bps', bps: 250 }, setBy: 8, approvedBy: 9 },
        pc_shop_a: { rule: { kind: 'bps', bps: 1000 }, setBy: 7 },
      }),
      { ...emptyWallet({ kind: 'user', userId: 5 }, now), commissions: { pc_x: { rule: { kind: 'bps' as const, bps: 1 }, setBy: 1 } } },
    ];
    expect(commissionRuleEntries(wallets)).toEqual([
      // A rule set before rules took two people names no approver.
      { treasury: 'COURSE_FEES', clientId: 'pc_shop_a', rule: { kind: 'bps', bps: 1000 }, setBy: 7, approvedBy: null },
      { treasury: 'COURSE_FEES', clientId: 'pc_shop_b', rule: { kind: 'bps', bps: 250 }, setBy: 8, approvedBy: 9 },
      { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: { kind: 'fixed', amount: 1.5 }, setBy: null, approvedBy: null },
    ]);
  });

  it('when one treasury is asked for, then only its rules; a treasury without rules has none', () => {
    const wallets = [treasury('SUBSCRIPTIONS', { pc_stream: { rule: { kind: 'bps', bps: 10 }, setBy: 3 } }), treasury('COURSE_FEES', null)];
    expect(commissionRuleEntries(wallets, 'SUBSCRIPTIONS').map((r) => r.clientId)).toEqual(['pc_stream']);
    expect(commissionRuleEntries(wallets, 'COURSE_FEES')).toEqual([]);
  });
});
