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
      clientId: 'pc_rewards',
      ...over,
    },
  }) as WebhookEvent;
const holdEvent = (toTreasury: string | null, clientId?: string): WebhookEvent =>
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
      ...(clientId === undefined ? {} : { clientId }),
    },
  }) as WebhookEvent;

const rewardsClient: EndpointScope = {
  clientId: 'pc_rewards',
  eventTypes: ['coin.transaction.recorded', 'coin.hold.created'],
  treasuries: ['REWARDS'],
};

describe('what an endpoint may see', () => {
  it('when a transaction names the client, then it is delivered, keyed by the user wallet', () => {
    expect(deliveryOf(rewardsClient, tx({}))).toEqual({ walletKey: 'user:42' });
  });

  it('when a transaction names another client or none, then it is not delivered, whatever treasury it touches', () => {
    expect(deliveryOf(rewardsClient, tx({ clientId: 'pc_other' }))).toBeNull();
    expect(deliveryOf(rewardsClient, tx({ clientId: undefined }))).toBeNull();
    expect(deliveryOf(rewardsClient, tx({ type: 'TRANSFER', fromTreasury: null, fromUserId: 1, clientId: undefined }))).toBeNull();
  });

  it("when an affiliate's commission was split from a purchase of a granted treasury, then it is delivered only when it names the client", () => {
    const commission = (over: Record<string, unknown>) =>
      ({
        ...tx({ id: 8, type: 'TRANSFER', fromTreasury: null, fromUserId: 1, toUserId: 2, splitOf: 7, ...over }),
        splitTreasury: 'SHOP',
      }) as unknown as WebhookEvent;
    const shop: EndpointScope = { clientId: 'pc_shop', eventTypes: ['coin.transaction.recorded'], treasuries: ['SHOP'] };
    expect(deliveryOf(shop, commission({ clientId: 'pc_shop' }))).toEqual({ walletKey: 'user:1' });
    expect(deliveryOf(shop, commission({ clientId: undefined }))).toBeNull();
  });

  it('when the event type was not subscribed, then it is not delivered', () => {
    expect(deliveryOf({ clientId: 'pc_rewards', eventTypes: ['coin.hold.created'], treasuries: ['REWARDS'] }, tx({}))).toBeNull();
  });

  it('when a treasury-only transaction names the client, then the treasury is the ordering key', () => {
    expect(
      deliveryOf({ ...rewardsClient, treasuries: ['SHOP'] }, tx({ type: 'MINT', fromTreasury: null, toUserId: null, toTreasury: 'SHOP' })),
    ).toEqual({
      walletKey: 'treasury:SHOP',
    });
  });

  it('a hold is visible to the client it names, keyed by its payer; not to a client merely granted the treasury it pays', () => {
    const scope: EndpointScope = { clientId: 'pc_rewards', eventTypes: ['coin.hold.created'], treasuries: ['REWARDS'] };
    expect(deliveryOf(scope, holdEvent('REWARDS', 'pc_rewards'))).toEqual({ walletKey: 'user:9' });
    expect(deliveryOf(scope, holdEvent(null, 'pc_rewards'))).toEqual({ walletKey: 'user:9' });
    expect(deliveryOf(scope, holdEvent('REWARDS'))).toBeNull();
    expect(deliveryOf(scope, holdEvent('REWARDS', 'pc_other'))).toBeNull();
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

  it('a monitoring case is delivered to no client, even one it names and one subscribed to its type', () => {
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
    expect(deliveryOf({ eventTypes: ['coin.monitoring-case.opened'], treasuries: ['REWARDS'], clientId: 'pc_shop' }, caseEvent)).toBeNull();
  });
});
