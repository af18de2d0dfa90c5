/*
 * Well-formed events of every published topic: the fixtures the package's own tests share (each
 * is checked against its zod schema and its committed JSON Schema in schemas.unit.test.ts).
 * Not part of the published package (package.json `files`).
 */
import type { EventTopic } from './json-schema';

/** A well-formed coin.transaction.recorded event. */
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

/** A coin.transaction.recorded event of a platform's reward with metadata (the optional fields of 1.6.0). */
export const sampleRecordedWithMetadataEvent = {
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
    metadata: { courseId: '42', 'shop.channel': 'web' },
    clientId: 'pc_courses',
  },
} as const;

/** A well-formed user.registered event. */
export const sampleUserRegisteredEvent = {
  eventId: '0d9b2f4e-6a77-4c1e-9a55-3b0f1d2e4c6a',
  type: 'user.registered',
  version: 1,
  occurredAt: '2030-05-01T10:00:01.000Z',
  user: { id: 7, email: 'a@example.com', role: 'USER', tokenVersion: 0 },
} as const;

/** user.role-changed: user 7 made a DEVELOPER; its older tokens are revoked (the token version went up). */
export const sampleUserRoleChangedEvent = {
  eventId: '4e1a7c90-2b5d-4f38-a6e1-8c0d2f4b6a71',
  type: 'user.role-changed',
  version: 1,
  occurredAt: '2030-05-02T08:00:00.000Z',
  user: { id: 7, email: 'a@example.com', role: 'DEVELOPER', tokenVersion: 1 },
  previousRole: 'USER',
} as const;

/** user.sessions-revoked: user 7 logged out everywhere. */
export const sampleUserSessionsRevokedEvent = {
  eventId: 'a83c5e17-6f2b-4d09-b1e4-7d3a9c0f5b26',
  type: 'user.sessions-revoked',
  version: 1,
  occurredAt: '2030-05-03T08:00:00.000Z',
  user: { id: 7, email: 'a@example.com', role: 'DEVELOPER', tokenVersion: 2 },
} as const;

/** user.verification-changed (version 2 only): an ADMIN verified user 7; its older tokens are revoked. */
export const sampleUserVerificationChangedEventV2 = {
  eventId: '6c2e9a41-3b7d-4f15-8e02-9a4d1c7b3e58',
  type: 'user.verification-changed',
  version: 2,
  occurredAt: '2030-05-03T09:00:00.000Z',
  user: { id: 7, role: 'DEVELOPER', tokenVersion: 3 },
  verified: true,
} as const;

/** user.deleted: user 7's account was deleted. */
export const sampleUserDeletedEvent = {
  eventId: 'd2b6f8a4-0c3e-4a71-9f5d-1e7b3c9a2d48',
  type: 'user.deleted',
  version: 1,
  occurredAt: '2030-05-04T08:00:00.000Z',
  user: { id: 7, email: 'a@example.com', role: 'DEVELOPER', tokenVersion: 2 },
} as const;

/**
 * coin.hold.created: user 7 reserves 30 coins for a purchase from the COURSE_FEES treasury
 * (POST /api/coins/holds, default expiry of 7 days).
 */
export const sampleHoldCreatedEvent = {
  eventId: '9e4b2c71-5d3a-5f08-8b6e-1c7a0d2f4e93',
  type: 'coin.hold.created',
  version: 1,
  occurredAt: '2030-05-01T10:00:00.000Z',
  hold: {
    id: '3c8e5a1f-7b2d-4f6e-9a0c-5d1b7e3f9a24',
    status: 'PENDING',
    amount: 30,
    fromUserId: 7,
    toUserId: null,
    toTreasury: 'COURSE_FEES',
    reason: 'Course: TypeScript II',
    reference: 'order-314',
    expiresAt: '2030-05-08T10:00:00.000Z',
    createdAt: '2030-05-01T10:00:00.000Z',
    updatedAt: '2030-05-01T10:00:00.000Z',
    capturedAmount: null,
    transactionId: null,
  },
} as const;

/**
 * coin.hold.captured: the same hold, 25.5 of its 30 coins taken (the rest released); the capture
 * recorded the PURCHASE 1043, published as coin.transaction.recorded on coin.transactions.
 */
export const sampleHoldCapturedEvent = {
  eventId: '2f7a9c13-8e4d-5b61-a2c0-7d9e1b3f5a86',
  type: 'coin.hold.captured',
  version: 1,
  occurredAt: '2030-05-02T09:30:00.000Z',
  hold: {
    ...sampleHoldCreatedEvent.hold,
    status: 'CAPTURED',
    updatedAt: '2030-05-02T09:30:00.000Z',
    capturedAmount: 25.5,
    transactionId: 1043,
  },
} as const;

/** coin.hold.voided: a hold of user 7 for user 9, released by a void (or the payer's wallet closing). */
export const sampleHoldVoidedEvent = {
  eventId: 'c5d18e2a-4f7b-5a93-9e6c-0b2d4f8a1c57',
  type: 'coin.hold.voided',
  version: 1,
  occurredAt: '2030-05-01T12:15:00.000Z',
  hold: {
    id: '7a1d9f3b-2c6e-4b8a-8f5d-0e4c2a6b9d13',
    status: 'VOIDED',
    amount: 5,
    fromUserId: 7,
    toUserId: 9,
    toTreasury: null,
    reason: 'Tournament entry fee',
    reference: null,
    expiresAt: '2030-05-02T12:00:00.000Z',
    createdAt: '2030-05-01T12:00:00.000Z',
    updatedAt: '2030-05-01T12:15:00.000Z',
    capturedAmount: null,
    transactionId: null,
  },
} as const;

/** coin.hold.expired: a hold nobody captured nor voided, released by the ledger's expiry sweep after its expiresAt. */
export const sampleHoldExpiredEvent = {
  eventId: '6b3e0a94-1d8c-5f27-b4a9-3e5c7d1f0b28',
  type: 'coin.hold.expired',
  version: 1,
  occurredAt: '2030-05-03T08:00:02.000Z',
  hold: {
    id: 'e2f49b6c-8a1d-4c37-b5e0-9d3a7f1c2b68',
    status: 'EXPIRED',
    amount: 0.75,
    fromUserId: 9,
    toUserId: null,
    toTreasury: 'SUBSCRIPTIONS',
    reason: 'Monthly plan',
    reference: 'sub-2030-05',
    expiresAt: '2030-05-03T08:00:00.000Z',
    createdAt: '2030-05-02T08:00:00.000Z',
    updatedAt: '2030-05-03T08:00:02.000Z',
    capturedAmount: null,
    transactionId: null,
  },
} as const;

/**
 * admin.action.recorded: ADMIN user 1 minted 250 coins into user 7's wallet with an API key
 * (POST /api/admin/coins/mint); the ledger recorded it in the transaction that applied it.
 */
export const sampleAdminActionRecordedEvent = {
  eventId: '8c2d4f6a-1b3e-5d70-9f82-4a6c8e0b2d14',
  type: 'admin.action.recorded',
  version: 1,
  occurredAt: '2030-05-01T10:00:00.000Z',
  record: {
    id: '8c2d4f6a-1b3e-5d70-9f82-4a6c8e0b2d14',
    at: '2030-05-01T10:00:00.000Z',
    actor: { kind: 'user', id: '1', role: 'ADMIN' },
    action: 'money.mint',
    target: 'user:7',
    summary: { amount: 250, reason: 'Welcome bonus', transactionId: 1042 },
    result: 'applied',
    errorCode: null,
    requestId: 'req-7f3a9c',
  },
} as const;

/**
 * admin.refusal.recorded: ADMIN user 1 called a SUPERADMIN route (POST /api/admin/api-keys);
 * the gateway answered 403 and recorded the refusal.
 */
export const sampleAdminRefusalRecordedEvent = {
  eventId: '3f1a7c52-9d4e-4b8a-a0c6-5e2f8d1b7a93',
  type: 'admin.refusal.recorded',
  version: 1,
  occurredAt: '2030-05-01T10:05:00.000Z',
  record: {
    id: '3f1a7c52-9d4e-4b8a-a0c6-5e2f8d1b7a93',
    at: '2030-05-01T10:05:00.000Z',
    source: 'gateway',
    actor: { kind: 'user', id: '1', role: 'ADMIN', verified: true },
    address: '203.0.113.7',
    action: 'createApiKey',
    target: 'route:POST /api/admin/api-keys',
    summary: { method: 'POST', route: '/api/admin/api-keys', status: 403 },
    result: 'rejected',
    errorCode: 'FORBIDDEN',
    reason: 'Your role does not allow this operation',
    requestId: 'req-8b1d4e',
  },
} as const;

/**
 * admin.service-action.recorded: the webhooks service disabled an endpoint whose delivery failed
 * every attempt of its retry schedule.
 */
export const sampleAdminServiceActionRecordedEvent = {
  eventId: '5c2e8a14-7b3d-5f9e-8a1c-4d6b2e0f9a37',
  type: 'admin.service-action.recorded',
  version: 1,
  occurredAt: '2030-05-02T12:30:00.000Z',
  record: {
    id: '5c2e8a14-7b3d-5f9e-8a1c-4d6b2e0f9a37',
    at: '2030-05-02T12:30:00.000Z',
    source: 'webhooks',
    actor: { kind: 'service', id: 'webhooks' },
    action: 'webhook-endpoint.disable',
    target: 'webhook-endpoint:0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20',
    summary: { clientId: 'pc_Xk3v9QmT2bLw', reason: 'delivery 812 failed 13 attempts over the retry schedule' },
    result: 'applied',
    errorCode: null,
    requestId: null,
  },
} as const;

const sampleApproval = {
  id: '2b4d6f80-1a3c-5e7f-9b0d-2f4a6c8e0b1d',
  status: 'PENDING',
  command: { type: 'MINT', userId: null, treasury: 'REWARDS', transactionId: null, amount: 50000, reason: 'Quarterly rewards budget' },
  requestedBy: { kind: 'user', id: '42', role: 'ADMIN' },
  createdAt: '2030-05-01T10:00:00.000Z',
  expiresAt: '2030-05-02T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
} as const;

export const sampleApprovalRequestedEvent = {
  eventId: '6e8a0c2e-4b6d-5f81-a3c5-e7091b3d5f72',
  type: 'coin.approval.requested',
  version: 1,
  occurredAt: '2030-05-01T10:00:00.000Z',
  approval: sampleApproval,
} as const;

export const sampleApprovalApprovedEvent = {
  eventId: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083',
  type: 'coin.approval.approved',
  version: 1,
  occurredAt: '2030-05-01T11:00:00.000Z',
  approval: {
    ...sampleApproval,
    status: 'APPROVED',
    updatedAt: '2030-05-01T11:00:00.000Z',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    transactionId: 1050,
  },
} as const;

export const sampleApprovalRejectedEvent = {
  eventId: '80ac2e40-6d8f-51a3-85e7-092b3d5f7194',
  type: 'coin.approval.rejected',
  version: 1,
  occurredAt: '2030-05-01T11:00:00.000Z',
  approval: {
    ...sampleApproval,
    status: 'REJECTED',
    updatedAt: '2030-05-01T11:00:00.000Z',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: 'Not budgeted',
  },
} as const;

export const sampleApprovalExpiredEvent = {
  eventId: '91bd3f51-7e90-52b4-96f8-1a3c4e6082a5',
  type: 'coin.approval.expired',
  version: 1,
  occurredAt: '2030-05-02T10:00:01.000Z',
  approval: { ...sampleApproval, status: 'EXPIRED', updatedAt: '2030-05-02T10:00:01.000Z' },
} as const;

/** coin.approvals.v2: the same changes as version 2, and a person's REWARD waiting (v2 only). */
const asV2 = <E extends { version: 1 }>(event: E) => ({ ...event, version: 2 as const });
export const sampleRewardApprovalRequestedEventV2 = {
  eventId: 'a2ce4062-8fa1-53c5-a7f9-2b4d5f7193b6',
  type: 'coin.approval.requested',
  version: 2,
  occurredAt: '2030-05-03T09:00:00.000Z',
  approval: {
    ...sampleApproval,
    id: 'b3df5173-90b2-54d6-b80a-3c5e6f82a4c7',
    command: { type: 'REWARD', userId: 77, treasury: null, transactionId: null, amount: 12000, reason: 'Season champion' },
    createdAt: '2030-05-03T09:00:00.000Z',
    expiresAt: '2030-05-04T09:00:00.000Z',
    updatedAt: '2030-05-03T09:00:00.000Z',
  },
} as const;

/**
 * coin.balance.changed: user 9's wallet credited by the TRANSFER 1042 (12.5 coins), its 4th
 * balance change (eventId: UUIDv5 of the wallet key and the sequence).
 */
export const sampleBalanceChangedEvent = {
  eventId: '8843bb0a-923d-52db-8cf2-9d9c1201b1a5',
  type: 'coin.balance.changed',
  version: 1,
  occurredAt: '2030-05-01T10:00:01.000Z',
  wallet: { userId: 9, treasury: null },
  sequence: 4,
  balance: 40.5,
  previousBalance: 28,
  transactionId: 1042,
  transactionType: 'TRANSFER',
} as const;

/** user.events.v2: the same facts as version 2, the account named by its id only (no e-mail). */
function userEventAsV2<E extends { version: 1; user: { id: number; email: string; role: string; tokenVersion: number } }>(event: E) {
  const { email: _email, ...user } = event.user;
  return { ...event, version: 2 as const, user };
}

/** coin.balance-monitor.crossed: a REWARDS monitor at 1,000 coins fired when a reward took the treasury from 1,012.50 to 987.50. */
export const sampleBalanceMonitorCrossedEvent = {
  eventId: '6b1f3a2e-8c4d-5e7f-9a0b-1c2d3e4f5a6b',
  type: 'coin.balance-monitor.crossed',
  version: 1,
  occurredAt: '2030-05-01T10:00:02.000Z',
  monitorId: '2a7d9c4e-1b3f-4a5c-8d6e-7f9a0b1c2d3e',
  wallet: { userId: null, treasury: 'REWARDS' },
  threshold: 1000,
  direction: 'down',
  balance: 987.5,
  previousBalance: 1012.5,
  transactionId: 1043,
  transactionType: 'REWARD',
  sequence: 118,
} as const;

/** coin.monitoring-case.opened: a transfer closing a cycle of three wallets opened a case about the wallet that started it. */
export const sampleMonitoringCaseOpenedEvent = {
  eventId: '0c9f4e2a-7b1d-4c3e-9f5a-2b6d8e0a1c3f',
  type: 'coin.monitoring-case.opened',
  version: 1,
  occurredAt: '2030-05-01T10:05:00.000Z',
  caseId: '0c9f4e2a-7b1d-4c3e-9f5a-2b6d8e0a1c3f',
  subject: 'user:42',
  score: 70,
  rules: ['circular'],
  transactionId: 1051,
  clients: ['pc_courses'],
  openedAt: '2030-05-01T10:05:00.000Z',
} as const;

/** coin.payout-approvals: admin 12's payout of 3 users from REWARDS waiting, then approved by SUPERADMIN 7, rejected, expired. */
const samplePayoutApproval = {
  id: 'c4e06284-a1c3-55e7-89b1-4d6f7a93b5d8',
  status: 'PENDING',
  payout: {
    from: { treasury: 'REWARDS' },
    reference: 'season-2030-05',
    reason: 'Season prizes',
    total: 600,
    lines: [
      { index: 0, toUserId: 77, amount: 300, reason: 'Champion' },
      { index: 1, toUserId: 78, amount: 200, reason: null },
      { index: 2, toUserId: 79, amount: 100, reason: null },
    ],
  },
  requestedBy: { kind: 'user', id: '12', role: 'ADMIN' },
  createdAt: '2030-05-03T09:00:00.000Z',
  expiresAt: '2030-05-04T09:00:00.000Z',
  updatedAt: '2030-05-03T09:00:00.000Z',
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
} as const;

export const samplePayoutApprovalRequestedEvent = {
  eventId: 'd5f17395-b2d4-56f8-9ac2-5e7a8ba4c6e9',
  type: 'coin.payout-approval.requested',
  version: 1,
  occurredAt: '2030-05-03T09:00:00.000Z',
  payoutApproval: samplePayoutApproval,
} as const;

export const samplePayoutApprovalApprovedEvent = {
  eventId: 'e6028406-c3e5-5709-8bd3-6f8b9cb5d7fa',
  type: 'coin.payout-approval.approved',
  version: 1,
  occurredAt: '2030-05-03T10:00:00.000Z',
  payoutApproval: {
    ...samplePayoutApproval,
    status: 'APPROVED',
    updatedAt: '2030-05-03T10:00:00.000Z',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    transactionId: 1060,
  },
} as const;

export const samplePayoutApprovalRejectedEvent = {
  eventId: 'f7139517-d4f6-5810-9ce4-709cadc6e80b',
  type: 'coin.payout-approval.rejected',
  version: 1,
  occurredAt: '2030-05-03T10:00:00.000Z',
  payoutApproval: {
    ...samplePayoutApproval,
    status: 'REJECTED',
    updatedAt: '2030-05-03T10:00:00.000Z',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: 'Not budgeted',
  },
} as const;

export const samplePayoutApprovalExpiredEvent = {
  eventId: '0824a628-e507-5921-8df5-81adbed7f91c',
  type: 'coin.payout-approval.expired',
  version: 1,
  occurredAt: '2030-05-04T09:00:01.000Z',
  payoutApproval: { ...samplePayoutApproval, status: 'EXPIRED', updatedAt: '2030-05-04T09:00:01.000Z' },
} as const;

/** A mandate of user 7 to the platform client pc_Xk3v9QmT2bLw: 9.99 coins a month into SUBSCRIPTIONS. */
const sampleMandate = {
  id: '3e0c7a1b-52d4-8f6e-8000-000000000007',
  status: 'ACTIVE',
  fromUserId: 7,
  clientId: 'pc_Xk3v9QmT2bLw',
  amount: 9.99,
  maxPerPeriod: 9.99,
  period: 'MONTH',
  reason: 'StreamCo Premium, monthly',
  startsAt: '2030-05-01T00:00:00.000Z',
  endsAt: null,
  nextPeriod: 0,
  nextChargeAt: '2030-05-01T00:00:00.000Z',
  failedAttempts: 0,
  cancelledBy: null,
  createdAt: '2030-04-30T18:00:00.000Z',
  updatedAt: '2030-04-30T18:00:00.000Z',
} as const;

/** coin.mandate.granted: user 7 grants the mandate (POST /api/wallets/me/mandates). */
export const sampleMandateGrantedEvent = {
  eventId: '4b6d8f0a-2c4e-5a6b-8c0d-1e3f5a7b9c01',
  type: 'coin.mandate.granted',
  version: 1,
  occurredAt: '2030-04-30T18:00:00.000Z',
  mandate: sampleMandate,
} as const;

/** coin.mandate.charged: period 0 charged; the PURCHASE 1070 is published on coin.transactions too. */
export const sampleMandateChargedEvent = {
  eventId: '5c7e9a1b-3d5f-5b7c-9d1e-2f4a6b8c0d12',
  type: 'coin.mandate.charged',
  version: 1,
  occurredAt: '2030-05-01T00:00:01.000Z',
  mandate: { ...sampleMandate, nextPeriod: 1, nextChargeAt: '2030-06-01T00:00:00.000Z', updatedAt: '2030-05-01T00:00:01.000Z' },
  charge: { period: 0, amount: 9.99, transactionId: 1070 },
} as const;

/** coin.mandate.charge-failed: period 1 found too few coins; tried again after the retry pause. */
export const sampleMandateChargeFailedEvent = {
  eventId: '6d8f0b2c-4e6a-5c8d-8e2f-3a5b7c9d1e23',
  type: 'coin.mandate.charge-failed',
  version: 1,
  occurredAt: '2030-06-01T00:00:01.000Z',
  mandate: {
    ...sampleMandate,
    nextPeriod: 1,
    failedAttempts: 1,
    nextChargeAt: '2030-06-01T06:00:01.000Z',
    updatedAt: '2030-06-01T00:00:01.000Z',
  },
  failure: { period: 1, attempt: 0, detail: 'The active coins 2.00 are below 9.99' },
} as const;

/** coin.mandate.past-due: the grace period ran out with period 1 unpaid; the mandate charges no more. */
export const sampleMandatePastDueEvent = {
  eventId: '7e9a1c3d-5f7b-5d9e-9f3a-4b6c8d0e2f34',
  type: 'coin.mandate.past-due',
  version: 1,
  occurredAt: '2030-06-04T00:00:01.000Z',
  mandate: {
    ...sampleMandate,
    status: 'PAST_DUE',
    nextPeriod: 1,
    failedAttempts: 13,
    nextChargeAt: null,
    updatedAt: '2030-06-04T00:00:01.000Z',
  },
  failure: { period: 1, attempt: 12, detail: 'The active coins 2.00 are below 9.99' },
} as const;

/** coin.mandate.cancelled: cancelled by its payer (or by the platform: cancelledBy `client`). */
export const sampleMandateCancelledEvent = {
  eventId: '8f0b2d4e-6a8c-5e0f-aa4b-5c7d9e1f3a45',
  type: 'coin.mandate.cancelled',
  version: 1,
  occurredAt: '2030-05-15T12:00:00.000Z',
  mandate: {
    ...sampleMandate,
    status: 'CANCELLED',
    nextPeriod: 1,
    nextChargeAt: null,
    cancelledBy: 'user',
    updatedAt: '2030-05-15T12:00:00.000Z',
  },
} as const;

/** coin.mandate.ended: its end came (or its payer's wallet closed); it charges no more. */
export const sampleMandateEndedEvent = {
  eventId: '9a1c3e5f-7b9d-5f1a-bb5c-6d8e0f2a4b56',
  type: 'coin.mandate.ended',
  version: 1,
  occurredAt: '2030-12-01T00:00:01.000Z',
  mandate: {
    ...sampleMandate,
    status: 'ENDED',
    endsAt: '2030-12-01T00:00:00.000Z',
    nextPeriod: 7,
    nextChargeAt: null,
    updatedAt: '2030-12-01T00:00:01.000Z',
  },
} as const;

/** Every sample, by the topic it belongs to: tests iterate these, so a topic or event type added here is covered. */
export const sampleEvents = {
  'coin.transactions': [sampleRecordedEvent],
  'coin.holds': [sampleHoldCreatedEvent, sampleHoldCapturedEvent, sampleHoldVoidedEvent, sampleHoldExpiredEvent],
  'coin.balances': [sampleBalanceChangedEvent],
  'coin.approvals': [sampleApprovalRequestedEvent, sampleApprovalApprovedEvent, sampleApprovalRejectedEvent, sampleApprovalExpiredEvent],
  'coin.approvals.v2': [
    sampleRewardApprovalRequestedEventV2,
    asV2(sampleApprovalApprovedEvent),
    asV2(sampleApprovalRejectedEvent),
    asV2(sampleApprovalExpiredEvent),
  ],
  'user.events': [sampleUserRegisteredEvent, sampleUserRoleChangedEvent, sampleUserDeletedEvent, sampleUserSessionsRevokedEvent],
  'user.events.v2': [
    userEventAsV2(sampleUserRegisteredEvent),
    userEventAsV2(sampleUserRoleChangedEvent),
    userEventAsV2(sampleUserDeletedEvent),
    userEventAsV2(sampleUserSessionsRevokedEvent),
    sampleUserVerificationChangedEventV2,
  ],
  'admin.audit': [sampleAdminActionRecordedEvent, sampleAdminRefusalRecordedEvent, sampleAdminServiceActionRecordedEvent],
  'coin.balance-monitors': [sampleBalanceMonitorCrossedEvent],
  'coin.mandates': [
    sampleMandateGrantedEvent,
    sampleMandateChargedEvent,
    sampleMandateChargeFailedEvent,
    sampleMandatePastDueEvent,
    sampleMandateCancelledEvent,
    sampleMandateEndedEvent,
  ],
  'coin.monitoring-cases': [sampleMonitoringCaseOpenedEvent],
  'coin.payout-approvals': [
    samplePayoutApprovalRequestedEvent,
    samplePayoutApprovalApprovedEvent,
    samplePayoutApprovalRejectedEvent,
    samplePayoutApprovalExpiredEvent,
  ],
} as const satisfies Record<EventTopic, readonly { type: string }[]>;
