import { clientsNamedBy, visibleWith, type WebhookEvent } from './visibility';

// The attacks: a platform granted a treasury reads another platform's people through its events
// list and webhooks, and a platform linked to a monitoring case learns of the case (tipping-off).

const eventId = '00000000-0000-4000-8000-000000000001';
const at = '2030-01-01T00:00:00.000Z';
const reward = (clientId: string | undefined): WebhookEvent =>
  ({
    eventId,
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: at,
    transaction: {
      id: 7,
      type: 'REWARD',
      amount: 5,
      fromUserId: null,
      toUserId: 42,
      fromTreasury: 'REWARDS',
      toTreasury: null,
      reason: 'quiz',
      reference: null,
      refundOf: null,
      createdAt: at,
      metadata: { learner: 'ada' },
      ...(clientId === undefined ? {} : { clientId }),
    },
  }) as WebhookEvent;
const hold = (clientId: string | undefined): WebhookEvent =>
  ({
    eventId,
    type: 'coin.hold.created',
    version: 1,
    occurredAt: at,
    hold: {
      id: '00000000-0000-4000-8000-0000000000aa',
      status: 'PENDING',
      amount: 3,
      fromUserId: 9,
      toUserId: null,
      toTreasury: 'COURSE_FEES',
      reason: 'shop',
      reference: null,
      expiresAt: at,
      createdAt: at,
      updatedAt: at,
      capturedAmount: null,
      transactionId: null,
      ...(clientId === undefined ? {} : { clientId }),
    },
  }) as WebhookEvent;
const caseOpened = {
  eventId,
  type: 'coin.monitoring-case.opened',
  version: 1,
  occurredAt: at,
  caseId: '00000000-0000-4000-8000-0000000000cc',
  subject: 'user:42',
  score: 90,
  rules: ['velocity'],
  transactionId: 7,
  clients: ['pc_rewards'],
  openedAt: at,
} as unknown as WebhookEvent;

describe('a platform sees only the events it is party to', () => {
  it('when another platform granted the same treasury made a reward, then this platform does not see it (nor its user, amount or metadata)', () => {
    expect(visibleWith({ clientId: 'pc_rival', treasuries: ['REWARDS'] }, reward('pc_rewards'))).toBeNull();
    expect(visibleWith({ clientId: 'pc_rewards', treasuries: ['REWARDS'] }, reward('pc_rewards'))).toEqual({ walletKey: 'user:42' });
  });

  it('when no platform made a transaction, then no platform sees it, granted its treasury or not (as the read-back)', () => {
    expect(visibleWith({ clientId: 'pc_rewards', treasuries: ['REWARDS'] }, reward(undefined))).toBeNull();
  });

  it('a hold is seen by the platform it names alone, not by every client granted the treasury it pays', () => {
    expect(visibleWith({ clientId: 'pc_rival', treasuries: ['COURSE_FEES'] }, hold('pc_shop'))).toBeNull();
    expect(visibleWith({ clientId: 'pc_rival', treasuries: ['COURSE_FEES'] }, hold(undefined))).toBeNull();
    expect(visibleWith({ clientId: 'pc_shop', treasuries: [] }, hold('pc_shop'))).toEqual({ walletKey: 'user:9' });
    expect(clientsNamedBy(hold('pc_shop'))).toEqual(['pc_shop']);
  });
});

describe('a monitoring case never reaches a platform (tipping-off)', () => {
  it('when a case names a linked client, then that client still does not see it', () => {
    expect(visibleWith({ clientId: 'pc_rewards', treasuries: ['REWARDS'] }, caseOpened)).toBeNull();
    expect(clientsNamedBy(caseOpened)).toEqual([]);
  });
});
