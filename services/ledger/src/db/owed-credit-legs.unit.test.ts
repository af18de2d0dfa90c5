import { creditLegOfRow, type OwedLegRow } from './owed-credit-legs';

const row = (over: Partial<OwedLegRow>): OwedLegRow => ({
  id: '41',
  owed: '250',
  type: 'TRANSFER',
  from_user_id: null,
  from_treasury: null,
  to_user_id: null,
  to_treasury: null,
  returns: null,
  ...over,
});

describe('the credit leg a transaction owes (sent again after a restore)', () => {
  it('when a user paid a user, then the leg credits the recipient and returns to the payer', () => {
    expect(creditLegOfRow(row({ from_user_id: '7', to_user_id: '9' }))).toEqual({
      transactionId: 41,
      transactionType: 'TRANSFER',
      to: { kind: 'user', userId: 9 },
      amount: 250,
      returnTo: { kind: 'user', userId: 7 },
    });
  });

  it('when a treasury paid (a reward, a refund) or was paid (a purchase), then the treasury is the party', () => {
    expect(creditLegOfRow(row({ type: 'REWARD', from_treasury: 'REWARDS', to_user_id: '9' }))).toMatchObject({
      transactionType: 'REWARD',
      to: { kind: 'user', userId: 9 },
      returnTo: { kind: 'treasury', code: 'REWARDS' },
    });
    expect(creditLegOfRow(row({ from_user_id: '7', to_treasury: 'COURSE_FEES' }))).toMatchObject({
      to: { kind: 'treasury', code: 'COURSE_FEES' },
      returnTo: { kind: 'user', userId: 7 },
    });
  });

  it('when the transaction is a return of coins a closed wallet could not take, then its leg returns to nobody', () => {
    expect(creditLegOfRow(row({ from_user_id: '9', to_user_id: '7', returns: '40' }))).toEqual({
      transactionId: 41,
      transactionType: 'TRANSFER',
      to: { kind: 'user', userId: 7 },
      amount: 250,
      returnTo: null,
    });
  });

  it('when the row names no recipient or an unknown treasury, then it is refused rather than sent', () => {
    expect(() => creditLegOfRow(row({ from_user_id: '7' }))).toThrow(/names no recipient/);
    expect(() => creditLegOfRow(row({ from_user_id: '7', to_treasury: 'NOT_A_TREASURY' }))).toThrow();
  });
});
