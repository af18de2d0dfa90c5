import fc from 'fast-check';
import { treasuryCodes } from './common';
import type { Transaction, TransactionType } from './ledger';
import { amountCoinsMax, minorUnitsPerCoin } from './money';
import { partyColumns, partyOfColumns, transactionRowOf, transactionView, type TransactionRow } from './transaction-view';

/** One transaction of each type, with the parties the ledger gives that type. */
const viewsByType: Record<TransactionType, Transaction> = {
  MINT: view({ type: 'MINT', amount: 100, toUserId: 7 }),
  BURN: view({ type: 'BURN', amount: 20, fromUserId: 7 }),
  TRANSFER: view({ type: 'TRANSFER', amount: 1.25, fromUserId: 7, toUserId: 8 }),
  PURCHASE: view({ type: 'PURCHASE', amount: 10, fromUserId: 8, toTreasury: 'COURSE_FEES', reference: 'course-42' }),
  REWARD: view({ type: 'REWARD', amount: 0.01, fromTreasury: 'REWARDS', toUserId: 8 }),
  REFUND: view({ type: 'REFUND', amount: 4, fromTreasury: 'COURSE_FEES', toUserId: 8, refundOf: 3 }),
};

function view(fields: Partial<Transaction> & Pick<Transaction, 'type' | 'amount'>): Transaction {
  return {
    id: 42,
    fromUserId: null,
    toUserId: null,
    fromTreasury: null,
    toTreasury: null,
    reason: 'a reason',
    reference: null,
    refundOf: null,
    createdAt: '2030-01-02T03:04:05.678Z',
    ...fields,
  };
}

describe('the Transaction view and its row', () => {
  it.each(Object.entries(viewsByType))('when a %s view becomes a row and back, then it is the same view', (_type, original) => {
    const row = transactionRowOf(original);
    expect(row).not.toBeNull();
    expect(transactionView(row!)).toEqual(original);
  });

  it('when a view becomes a row, then the amount is in minor units, the columns are snake_case and the time is a Date', () => {
    expect(transactionRowOf(viewsByType.PURCHASE)).toEqual({
      id: 42,
      type: 'PURCHASE',
      amount: 1000,
      from_user_id: 8,
      to_user_id: null,
      from_treasury: null,
      to_treasury: 'COURSE_FEES',
      reason: 'a reason',
      reference: 'course-42',
      refund_of: null,
      created_at: new Date('2030-01-02T03:04:05.678Z'),
    } satisfies TransactionRow);
  });

  it('when a view carries metadata and the platform client that made it, then the row keeps both and shows them again', () => {
    const original = view({
      type: 'REWARD',
      amount: 5,
      fromTreasury: 'REWARDS',
      toUserId: 8,
      metadata: { order: 'A-1' },
      clientId: 'pc_shop',
    });
    const row = transactionRowOf(original);
    expect(row).toMatchObject({ metadata: { order: 'A-1' }, client_id: 'pc_shop' });
    expect(transactionView(row!)).toEqual(original);
  });

  it('when the time carries an offset, then the row holds the same instant and the view shows it in UTC', () => {
    const row = transactionRowOf(view({ type: 'MINT', amount: 1, toUserId: 7, createdAt: '2030-01-02T05:04:05.678+02:00' }));
    expect(transactionView(row!).createdAt).toBe('2030-01-02T03:04:05.678Z');
  });

  it.each([
    ['three decimals', { amount: 0.001 }],
    ['negative', { amount: -5 }],
    ['zero', { amount: 0 }],
    ['above the maximum', { amount: amountCoinsMax + 0.01 }],
    ['NaN', { amount: Number.NaN }],
    ['a time that is not a time', { createdAt: 'not a time' }],
    ['a date that does not exist', { createdAt: '2030-13-45T00:00:00.000Z' }],
  ])('when the view has %s, then there is no row', (_label, fields) => {
    expect(transactionRowOf({ ...viewsByType.TRANSFER, ...fields })).toBeNull();
  });

  it('when any stored row is shown and read back, then the row is exactly the same (the minor units survive)', () => {
    const minutesIn200Years = 200 * 366 * 24 * 60;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: amountCoinsMax * minorUnitsPerCoin }),
        fc.integer({ min: 0, max: minutesIn200Years * 60_000 }),
        (amount, msSince1970) => {
          const row: TransactionRow = {
            id: 9,
            type: 'TRANSFER',
            amount,
            from_user_id: 1,
            to_user_id: 2,
            from_treasury: null,
            to_treasury: null,
            reason: 'r',
            reference: null,
            refund_of: null,
            created_at: new Date(msSince1970),
          };
          expect(transactionRowOf(transactionView(row))).toEqual(row);
        },
      ),
    );
  });
});

describe('a party as two columns', () => {
  it('when a user, then the user id column is set and the treasury column is null, and back', () => {
    const columns = partyColumns({ kind: 'user', userId: 7 });
    expect(columns).toEqual({ userId: 7, treasury: null });
    expect(partyOfColumns(columns.userId, columns.treasury)).toEqual({ kind: 'user', userId: 7 });
  });

  it.each(treasuryCodes)('when the treasury %s, then the treasury column is set and the user id column is null, and back', (code) => {
    const columns = partyColumns({ kind: 'treasury', code });
    expect(columns).toEqual({ userId: null, treasury: code });
    expect(partyOfColumns(columns.userId, columns.treasury)).toEqual({ kind: 'treasury', code });
  });

  it('when no party, then both columns are null', () => {
    expect(partyColumns(null)).toEqual({ userId: null, treasury: null });
  });

  it('when both columns are null, then it is a programmer error: no party is made up', () => {
    expect(() => partyOfColumns(null, null)).toThrow('a party needs a user id or a treasury code');
  });
});
