import type { Transaction, TransactionRow } from '@coin/contracts';
import { partiesOf, projectionOf } from './projection';

const transfer: Transaction = {
  id: 5,
  type: 'TRANSFER',
  amount: 12.34,
  fromUserId: 7,
  toUserId: 8,
  fromTreasury: null,
  toTreasury: null,
  reason: 'rent share',
  reference: null,
  refundOf: null,
  createdAt: '2030-01-02T03:04:05.678Z',
};

const sides = (fields: Partial<Pick<TransactionRow, 'from_user_id' | 'to_user_id' | 'from_treasury' | 'to_treasury' | 'client_id'>>) => ({
  from_user_id: null,
  to_user_id: null,
  from_treasury: null,
  to_treasury: null,
  ...fields,
});

describe('history projection', () => {
  it('when a transaction is projected, then its row holds the amount in minor units and the time as a Date', () => {
    const projection = projectionOf(transfer);
    expect(projection).toEqual({
      ok: true,
      row: {
        id: 5,
        type: 'TRANSFER',
        amount: 1234,
        from_user_id: 7,
        to_user_id: 8,
        from_treasury: null,
        to_treasury: null,
        reason: 'rent share',
        reference: null,
        refund_of: null,
        created_at: new Date('2030-01-02T03:04:05.678Z'),
      },
    });
  });

  it.each([
    ['an amount with three decimals', { amount: 0.001 }, 'amount is not a valid amount of coins, or createdAt is not a time'],
    ['a negative amount', { amount: -1 }, 'amount is not a valid amount of coins, or createdAt is not a time'],
    ['no party', { fromUserId: null, toUserId: null }, 'has neither a sender nor a receiver'],
  ])('when a transaction has %s, then it is refused with the reason', (_label, fields, reason) => {
    expect(projectionOf({ ...transfer, ...fields })).toEqual({ ok: false, reason });
  });

  it('when a transfer goes between two users, then it shows in both histories', () => {
    expect(partiesOf(sides({ from_user_id: 7, to_user_id: 8 }))).toEqual([
      { kind: 'user', id: '7' },
      { kind: 'user', id: '8' },
    ]);
  });

  it('when a user pays a treasury, then it shows in the user history and the treasury history', () => {
    expect(partiesOf(sides({ from_user_id: 7, to_treasury: 'COURSE_FEES' }))).toEqual([
      { kind: 'user', id: '7' },
      { kind: 'treasury', id: 'COURSE_FEES' },
    ]);
  });

  it('when both sides are the same party, then it shows once in that history', () => {
    expect(partiesOf(sides({ from_user_id: 7, to_user_id: 7 }))).toEqual([{ kind: 'user', id: '7' }]);
    expect(partiesOf(sides({ from_treasury: 'REWARDS', to_treasury: 'REWARDS' }))).toEqual([{ kind: 'treasury', id: 'REWARDS' }]);
  });

  it('when a test-mode client’s transaction moves a treasury, then it shows in that client’s own treasury’s history, never the shared one; a live client’s in the shared one', () => {
    expect(partiesOf(sides({ from_treasury: 'REWARDS', to_user_id: 7, client_id: 'test_shop' }))).toEqual([
      { kind: 'user', id: '7' },
      { kind: 'treasury', id: 'REWARDS@test_shop' },
    ]);
    expect(partiesOf(sides({ from_user_id: 7, to_treasury: 'COURSE_FEES', client_id: 'test_shop' }))).toEqual([
      { kind: 'user', id: '7' },
      { kind: 'treasury', id: 'COURSE_FEES@test_shop' },
    ]);
    expect(partiesOf(sides({ from_treasury: 'REWARDS', to_user_id: 7, client_id: 'pc_shop' }))).toEqual([
      { kind: 'user', id: '7' },
      { kind: 'treasury', id: 'REWARDS' },
    ]);
  });
});
