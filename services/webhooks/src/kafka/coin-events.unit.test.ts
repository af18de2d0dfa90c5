import { webhookEvent } from './coin-events';

describe('the webhook body of a coin.transactions event', () => {
  const event = {
    eventId: '0d9e3c1a-6b2f-4c8e-9a71-3e5f0b2d4c68',
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: '2030-05-01T10:00:02.000Z',
    transaction: {
      id: 1043,
      type: 'REWARD',
      amount: 5,
      fromUserId: null,
      toUserId: 9,
      fromTreasury: 'REWARDS',
      toTreasury: null,
      reason: 'Finished course 42',
      reference: null,
      refundOf: null,
      createdAt: '2030-05-01T10:00:02.000Z',
      metadata: { courseId: '42' },
      clientId: 'pc_courses',
    },
  };

  it('when the transaction carries metadata, then the validated event, which is the delivered body, keeps it', () => {
    const parsed = webhookEvent.parse(event);
    expect(JSON.parse(JSON.stringify(parsed))).toMatchObject({ transaction: { metadata: { courseId: '42' }, clientId: 'pc_courses' } });
  });

  it('when an event carries metadata out of bounds, then it fails validation (and is dead-lettered, not delivered)', () => {
    const hostile = { ...event, transaction: { ...event.transaction, metadata: { k: 'v'.repeat(501) } } };
    expect(webhookEvent.safeParse(hostile).success).toBe(false);
  });
});
