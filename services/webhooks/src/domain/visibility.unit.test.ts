import { deliveryOf, type EndpointScope, type WebhookEvent } from './visibility';

const eventId = '00000000-0000-4000-8000-000000000001';
const tx = (over: Record<string, unknown>): WebhookEvent =>
  ({
    eventId,
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: '2030-01-01T00:00:00.000Z',
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
      createdAt: '2030-01-01T00:00:00.000Z',
      ...over,
    },
  }) as WebhookEvent;
const holdEvent = (toTreasury: string | null): WebhookEvent =>
  ({
    eventId,
    type: 'coin.hold.created',
    version: 1,
    occurredAt: '2030-01-01T00:00:00.000Z',
    hold: {
      id: '00000000-0000-4000-8000-0000000000aa',
      status: 'PENDING',
      amount: 3,
      fromUserId: 9,
      toUserId: toTreasury ? null : 10,
      toTreasury,
      reason: 'shop',
      reference: null,
      expiresAt: '2030-01-02T00:00:00.000Z',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      capturedAmount: null,
      transactionId: null,
    },
  }) as WebhookEvent;

const rewardsClient: EndpointScope = {
  clientId: 'pc_rewards',
  eventTypes: ['coin.transaction.recorded', 'coin.hold.created'],
  treasuries: ['REWARDS'],
};

describe('what an endpoint may see', () => {
  it('when a transaction touches a treasury the client was granted, then it is delivered, keyed by the user wallet', () => {
    expect(deliveryOf(rewardsClient, tx({}))).toEqual({ walletKey: 'user:42' });
  });

  it('when a transaction touches no granted treasury, then it is not delivered (a transfer between users, a MINT to another treasury)', () => {
    expect(deliveryOf(rewardsClient, tx({ type: 'TRANSFER', fromTreasury: null, fromUserId: 1 }))).toBeNull();
    expect(deliveryOf(rewardsClient, tx({ type: 'MINT', fromTreasury: null, toUserId: null, toTreasury: 'SHOP' }))).toBeNull();
    expect(deliveryOf({ ...rewardsClient, treasuries: [] }, tx({}))).toBeNull();
  });

  it("when an affiliate's commission (a transfer between users) was split from a purchase of a granted treasury, then it is delivered, keyed by the buyer; another platform's client does not get it", () => {
    const commission = (splitTreasury: string) =>
      ({
        ...tx({ id: 8, type: 'TRANSFER', fromTreasury: null, fromUserId: 1, toUserId: 2, splitOf: 7 }),
        splitTreasury,
      }) as WebhookEvent;
    const shop: EndpointScope = { clientId: 'pc_shop', eventTypes: ['coin.transaction.recorded'], treasuries: ['SHOP'] };
    expect(deliveryOf(shop, commission('SHOP'))).toEqual({ walletKey: 'user:1' });
    expect(deliveryOf(rewardsClient, commission('SHOP'))).toBeNull();
    // Without the purchase's treasury the event names no platform: a transfer between users stays theirs.
    expect(deliveryOf(shop, tx({ id: 8, type: 'TRANSFER', fromTreasury: null, fromUserId: 1, toUserId: 2, splitOf: 7 }))).toBeNull();
  });

  it('when the event type was not subscribed, then it is not delivered', () => {
    expect(deliveryOf({ clientId: 'pc_rewards', eventTypes: ['coin.hold.created'], treasuries: ['REWARDS'] }, tx({}))).toBeNull();
  });

  it('when a treasury-only transaction is granted, then the treasury is the ordering key', () => {
    expect(
      deliveryOf({ ...rewardsClient, treasuries: ['SHOP'] }, tx({ type: 'MINT', fromTreasury: null, toUserId: null, toTreasury: 'SHOP' })),
    ).toEqual({
      walletKey: 'treasury:SHOP',
    });
  });

  it('a hold is visible when it pays a granted treasury, keyed by its payer; a hold paying a user is not', () => {
    expect(
      deliveryOf({ clientId: 'pc_rewards', eventTypes: ['coin.hold.created'], treasuries: ['REWARDS'] }, holdEvent('REWARDS')),
    ).toEqual({
      walletKey: 'user:9',
    });
    expect(
      deliveryOf({ clientId: 'pc_rewards', eventTypes: ['coin.hold.created'], treasuries: ['REWARDS'] }, holdEvent('SHOP')),
    ).toBeNull();
    expect(deliveryOf({ clientId: 'pc_rewards', eventTypes: ['coin.hold.created'], treasuries: ['REWARDS'] }, holdEvent(null))).toBeNull();
  });

  it('a mandate event is seen by the client it was granted to alone, keyed by its payer, whatever treasuries others hold', () => {
    const mandateEvent = {
      eventId,
      type: 'coin.mandate.charged',
      version: 1,
      occurredAt: '2030-01-01T00:00:00.000Z',
      mandate: { id: '00000000-0000-8000-8000-000000000009', clientId: 'pc_stream', fromUserId: 9 },
      charge: { period: 0, amount: 9.99, transactionId: 12 },
    } as unknown as WebhookEvent;
    const subscriber = { eventTypes: ['coin.mandate.charged'], treasuries: ['SUBSCRIPTIONS'] };
    expect(deliveryOf({ ...subscriber, clientId: 'pc_stream' }, mandateEvent)).toEqual({ walletKey: 'user:9' });
    expect(deliveryOf({ ...subscriber, clientId: 'pc_rival' }, mandateEvent)).toBeNull();
  });

  it('a monitoring case is seen by the clients it names alone, keyed by its subject; sharing a treasury with one of them is no link', () => {
    const caseEvent = {
      eventId,
      type: 'coin.monitoring-case.opened',
      version: 1,
      occurredAt: '2030-01-01T00:00:00.000Z',
      caseId: eventId,
      subject: 'user:42',
      score: 70,
      rules: ['circular'],
      transactionId: 12,
      clients: ['pc_shop'],
      openedAt: '2030-01-01T00:00:00.000Z',
    } as WebhookEvent;
    const subscriber = { eventTypes: ['coin.monitoring-case.opened'], treasuries: ['REWARDS'] };
    expect(deliveryOf({ ...subscriber, clientId: 'pc_shop' }, caseEvent)).toEqual({ walletKey: 'user:42' });
    expect(deliveryOf({ ...subscriber, clientId: 'pc_rewards' }, caseEvent)).toBeNull();
    expect(deliveryOf({ ...subscriber, clientId: 'pc_shop', eventTypes: ['coin.transaction.recorded'] }, caseEvent)).toBeNull();
    expect(deliveryOf({ ...subscriber, clientId: 'pc_shop' }, { ...caseEvent, clients: [] } as WebhookEvent)).toBeNull();
    const { clients: _, ...older } = caseEvent as WebhookEvent & { clients: string[] };
    expect(deliveryOf({ ...subscriber, clientId: 'pc_shop' }, older as WebhookEvent)).toBeNull();
  });
});
