/** A well-formed coin.transaction.recorded event: the fixture the package's own tests share. */
export const sampleRecordedEvent = {
  eventId: '5f0c6a58-3f0e-4d4b-9a53-1f1e7b5c2a10',
  type: 'coin.transaction.recorded',
  version: 1,
  occurredAt: '2030-05-01T10:00:01.000Z',
  transaction: {
    id: 1042,
    type: 'TRANSFER',
    amount: 12.5,
    fromUserId: 7,
    toUserId: 9,
    fromTreasury: null,
    toTreasury: null,
    reason: 'lunch',
    reference: null,
    refundOf: null,
    createdAt: '2030-05-01T10:00:01.000Z',
  },
} as const;
