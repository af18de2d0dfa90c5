import { randomUUID } from 'node:crypto';
import type { TransactionRecorded } from '@coin/contracts';
import { projectableTransactionEvent } from './transaction-events';

const event = (transaction: Partial<TransactionRecorded['transaction']> = {}): TransactionRecorded => ({
  eventId: randomUUID(),
  type: 'coin.transaction.recorded',
  version: 1,
  occurredAt: '2030-01-02T03:04:05.900Z',
  transaction: {
    id: 5,
    type: 'PURCHASE',
    amount: 10.5,
    fromUserId: 7,
    toUserId: null,
    fromTreasury: null,
    toTreasury: 'COURSE_FEES',
    reason: 'course',
    reference: 'course-42',
    refundOf: null,
    createdAt: '2030-01-02T03:04:05.678Z',
    ...transaction,
  },
});

describe('the history consumer schema (coin.transactions at the door)', () => {
  it('when an event is valid, then it comes out as the row history stores, in minor units, with its event id', () => {
    const input = event();
    const parsed = projectableTransactionEvent.parse(input);
    expect(parsed).toEqual({
      eventId: input.eventId,
      occurredAt: '2030-01-02T03:04:05.900Z',
      row: expect.objectContaining({
        id: 5,
        amount: 1050,
        from_user_id: 7,
        to_treasury: 'COURSE_FEES',
        created_at: new Date('2030-01-02T03:04:05.678Z'),
      }),
    });
  });

  it.each([
    ['an amount with three decimals', { amount: 0.001 }, 'amount'],
    ['no party', { fromUserId: null, toTreasury: null }, 'neither a sender nor a receiver'],
  ])('when an event has %s, then it fails the schema on its transaction (and is dead-lettered)', (_label, fields, reason) => {
    const result = projectableTransactionEvent.safeParse(event(fields));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['transaction'], message: expect.stringContaining(reason) })]);
  });

  it('when an event breaks the contract itself, then it fails the schema before any projection', () => {
    expect(projectableTransactionEvent.safeParse({ ...event(), version: 2 }).success).toBe(false);
  });
});
