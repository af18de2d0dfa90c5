import { walletKeyOfEventWallet } from './ledger';

describe('walletKeyOfEventWallet (the wallet of a coin.balances or coin.balance-monitors event)', () => {
  it('when exactly one side is set, then it is the wallet key the ledger partitions by', () => {
    expect(walletKeyOfEventWallet({ userId: 7, treasury: null })).toBe('user:7');
    expect(walletKeyOfEventWallet({ userId: null, treasury: 'REWARDS' })).toBe('treasury:REWARDS');
  });

  it('when a hostile record sets both sides or neither, then there is no wallet', () => {
    expect(walletKeyOfEventWallet({ userId: 7, treasury: 'REWARDS' })).toBeNull();
    expect(walletKeyOfEventWallet({ userId: null, treasury: null })).toBeNull();
  });
});
