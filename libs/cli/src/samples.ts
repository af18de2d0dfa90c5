import { randomUUID } from 'node:crypto';
import type { CoinWebhookEvent, CoinWebhookEventType } from '@coin/events';

/** The fields every sample of one type shares: a fresh id and the time now. */
function envelope<T extends CoinWebhookEventType>(type: T) {
  return { eventId: randomUUID(), type, version: 1 as const, occurredAt: new Date().toISOString() };
}

function sampleHold(status: 'PENDING' | 'CAPTURED' | 'VOIDED' | 'EXPIRED') {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    status,
    amount: 30,
    fromUserId: 7,
    toUserId: null,
    toTreasury: 'COURSE_FEES' as const,
    reason: 'sample hold (coin trigger)',
    reference: null,
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    createdAt: now,
    updatedAt: now,
    capturedAmount: status === 'CAPTURED' ? 25.5 : null,
    transactionId: status === 'CAPTURED' ? 1043 : null,
  };
}

function sampleMandate(status: 'ACTIVE' | 'PAST_DUE' | 'CANCELLED' | 'ENDED', nextPeriod: number) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    status,
    fromUserId: 7,
    clientId: 'pc_sample',
    amount: 9.99,
    maxPerPeriod: 9.99,
    period: 'MONTH' as const,
    reason: 'sample mandate (coin trigger)',
    startsAt: now,
    endsAt: null,
    nextPeriod,
    nextChargeAt: status === 'ACTIVE' ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null,
    failedAttempts: status === 'PAST_DUE' ? 3 : 0,
    cancelledBy: status === 'CANCELLED' ? ('user' as const) : null,
    createdAt: now,
    updatedAt: now,
  };
}
const sampleFailure = { period: 1, attempt: 0, detail: 'The active coins 2.00 are below 9.99' };

/**
 * A made-up event of each webhook event type, for `coin trigger`: the shape a delivery of that
 * type has (a missing type is a compile error; a unit test parses each with coinWebhookEvent),
 * with sample values that name no real wallet.
 */
export const sampleEvents: { [T in CoinWebhookEventType]: () => Extract<CoinWebhookEvent, { type: T }> } = {
  'coin.transaction.recorded': () => ({
    ...envelope('coin.transaction.recorded'),
    transaction: {
      id: 1042,
      type: 'REWARD',
      amount: 25,
      fromUserId: null,
      toUserId: 9,
      fromTreasury: 'REWARDS',
      toTreasury: null,
      reason: 'sample reward (coin trigger)',
      reference: null,
      refundOf: null,
      createdAt: new Date().toISOString(),
    },
  }),
  'coin.hold.created': () => ({ ...envelope('coin.hold.created'), hold: sampleHold('PENDING') }),
  'coin.hold.captured': () => ({ ...envelope('coin.hold.captured'), hold: sampleHold('CAPTURED') }),
  'coin.hold.voided': () => ({ ...envelope('coin.hold.voided'), hold: sampleHold('VOIDED') }),
  'coin.hold.expired': () => ({ ...envelope('coin.hold.expired'), hold: sampleHold('EXPIRED') }),
  'coin.mandate.granted': () => ({ ...envelope('coin.mandate.granted'), mandate: sampleMandate('ACTIVE', 0) }),
  'coin.mandate.charged': () => ({
    ...envelope('coin.mandate.charged'),
    mandate: sampleMandate('ACTIVE', 1),
    charge: { period: 0, amount: 9.99, transactionId: 1044 },
  }),
  'coin.mandate.charge-failed': () => ({
    ...envelope('coin.mandate.charge-failed'),
    mandate: sampleMandate('ACTIVE', 1),
    failure: sampleFailure,
  }),
  'coin.mandate.past-due': () => ({ ...envelope('coin.mandate.past-due'), mandate: sampleMandate('PAST_DUE', 1), failure: sampleFailure }),
  'coin.mandate.cancelled': () => ({ ...envelope('coin.mandate.cancelled'), mandate: sampleMandate('CANCELLED', 1) }),
  'coin.mandate.ended': () => ({ ...envelope('coin.mandate.ended'), mandate: sampleMandate('ENDED', 12) }),
  'coin.balance-monitor.crossed': () => ({
    ...envelope('coin.balance-monitor.crossed'),
    monitorId: randomUUID(),
    wallet: { userId: null, treasury: 'REWARDS' },
    threshold: 1000,
    direction: 'down',
    balance: 975,
    previousBalance: 1000,
    transactionId: 1042,
    transactionType: 'REWARD',
    sequence: 42,
  }),
  'coin.monitoring-case.opened': () => {
    const head = envelope('coin.monitoring-case.opened');
    return {
      ...head,
      caseId: head.eventId,
      subject: 'user:9',
      score: 70,
      rules: ['circular'],
      transactionId: 1042,
      clients: ['pc_sample'],
      openedAt: head.occurredAt,
    };
  },
  'coin.webhook.test': () => ({ ...envelope('coin.webhook.test'), data: { endpointId: randomUUID(), clientId: 'pc_sample' } }),
  'coin.webhook-endpoint.disabled': () => ({
    ...envelope('coin.webhook-endpoint.disabled'),
    data: {
      endpointId: randomUUID(),
      clientId: 'pc_sample',
      url: 'https://example.com/coin-webhooks',
      reason: 'delivery 812 failed 13 attempts over the retry schedule',
      disabledAt: new Date().toISOString(),
    },
  }),
};

export function isSampleType(type: string): type is CoinWebhookEventType {
  return Object.hasOwn(sampleEvents, type);
}
