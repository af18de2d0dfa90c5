import { ledgerDraft, sandboxTestUserIdMin } from '@coin/contracts';
import { testUserWalletRefusal } from './authority';

describe('a test user’s wallet, by space', () => {
  const open = (userId: number) => ledgerDraft('ledger.open-wallet', { userId });

  it('when the live ledger is asked to open a wallet in the test users’ range, then it refuses, whoever asks; an account’s opens', () => {
    expect(testUserWalletRefusal(open(sandboxTestUserIdMin), 'live')).toMatch(/sandbox alone/);
    expect(testUserWalletRefusal(open(Number.MAX_SAFE_INTEGER), 'live')).toMatch(/sandbox alone/);
    expect(testUserWalletRefusal(open(sandboxTestUserIdMin - 1), 'live')).toBeNull();
    expect(testUserWalletRefusal(open(42), 'live')).toBeNull();
  });

  it('when the sandbox is asked, then it opens both; other commands are not judged here', () => {
    expect(testUserWalletRefusal(open(sandboxTestUserIdMin), 'test')).toBeNull();
    expect(testUserWalletRefusal(open(42), 'test')).toBeNull();
    expect(testUserWalletRefusal(ledgerDraft('ledger.close-wallet', { userId: sandboxTestUserIdMin, reason: 'gone' }), 'live')).toBeNull();
  });
});
