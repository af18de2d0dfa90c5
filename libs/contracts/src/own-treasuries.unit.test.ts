import { ledgerDraft, partitionKeyOf } from './commands';
import { ownTreasuryOfKey, walletKeyOf } from './ledger';
import { treasuryEntryIdOf, walletKeyOfBalanceEvent, withOwnTreasuries } from './own-treasuries';

describe('a test-mode client’s own sandbox treasuries (docs/decisions/0018-sandbox.md)', () => {
  const rewards = { kind: 'treasury', code: 'REWARDS' } as const;

  it.each([
    ['a funding', ledgerDraft('ledger.mint', { to: rewards, amount: 1, reason: 'r' }), 'treasury:REWARDS@test_shop'],
    ['a burn', ledgerDraft('ledger.burn', { from: rewards, amount: 1, reason: 'r' }), 'treasury:REWARDS@test_shop'],
    [
      'a payout',
      ledgerDraft('ledger.payout', { from: rewards, lines: [{ toUserId: 7, amount: 1 }], reason: 'r' }),
      'treasury:REWARDS@test_shop',
    ],
    ['a reward', ledgerDraft('ledger.reward', { toUserId: 7, amount: 1, reason: 'r' }), 'treasury:REWARDS@test_shop'],
    [
      'a refund',
      ledgerDraft('ledger.refund', { transactionId: 3, treasury: 'COURSE_FEES', reason: 'r' }),
      'treasury:COURSE_FEES@test_shop',
    ],
    ['a purchase', ledgerDraft('ledger.transfer', { kind: 'PURCHASE', fromUserId: 7, to: rewards, amount: 1, reason: 'r' }), 'user:7'],
  ])('when a test client sends %s, then it names its own treasury and travels under its key', (_name, draft, key) => {
    const owned = withOwnTreasuries(draft, 'test_shop');
    expect(partitionKeyOf(owned)).toBe(key);
    expect(JSON.stringify(owned)).toContain('test_shop');
  });

  it('when a live client or a person’s command goes by, then it is as it was', () => {
    const draft = ledgerDraft('ledger.reward', { toUserId: 7, amount: 1, reason: 'r' });
    expect(withOwnTreasuries(draft, 'pc_shop')).toBe(draft);
    expect(partitionKeyOf(draft)).toBe('treasury:REWARDS');
  });

  it('when a wallet key is read back, then only a test client’s own treasury of a known code is one', () => {
    const own = { kind: 'treasury', code: 'SUBSCRIPTIONS', clientId: 'test_shop' } as const;
    expect(ownTreasuryOfKey(walletKeyOf(own))).toEqual(own);
    for (const key of [
      'treasury:REWARDS',
      'treasury:REWARDS@pc_shop',
      'treasury:NOPE@test_shop',
      'user:7',
      'treasury:REWARDS@test_shop#x',
    ]) {
      expect(ownTreasuryOfKey(key)).toBeNull();
    }
  });

  it('when history keys a treasury’s entries, then a test-mode client’s movement is its own treasury’s (`<CODE>@<clientId>`), anyone else’s the shared one', () => {
    expect(treasuryEntryIdOf('REWARDS', 'test_shop')).toBe('REWARDS@test_shop');
    for (const clientId of ['pc_shop', null, undefined]) expect(treasuryEntryIdOf('REWARDS', clientId)).toBe('REWARDS');
  });

  it('when a balance event travels under a test client’s own treasury’s key, then it is judged by that key; any other by its wallet, a key naming another code or a user none', () => {
    const rewards = { userId: null, treasury: 'REWARDS' } as const;
    expect(walletKeyOfBalanceEvent(rewards, 'treasury:REWARDS@test_shop')).toBe('treasury:REWARDS@test_shop');
    expect(walletKeyOfBalanceEvent(rewards, 'treasury:REWARDS')).toBe('treasury:REWARDS');
    expect(walletKeyOfBalanceEvent(rewards, null)).toBe('treasury:REWARDS');
    // A key of another code, or of a user's wallet, is not the event's own: judged by its wallet, and the consumer's key check refuses it.
    expect(walletKeyOfBalanceEvent(rewards, 'treasury:COURSE_FEES@test_shop')).toBe('treasury:REWARDS');
    expect(walletKeyOfBalanceEvent({ userId: 7, treasury: null }, 'treasury:REWARDS@test_shop')).toBe('user:7');
  });
});
