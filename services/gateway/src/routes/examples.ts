/**
 * One example per request body and per success response of the OpenAPI document,
 * attached to the route's zod schema as `examples` metadata: the document shows them and a
 * generated client's docs quote them. services/gateway/src/openapi.unit.test.ts checks each one
 * against its schema in the document (ajv, JSON Schema 2020-12) and against the zod schema that
 * validates requests, so an example cannot drift from what the service accepts.
 */
import {
  type ApiKeyScopeName,
  type AuditLogPage,
  type ServiceActionLogEntry,
  registrationAcceptedDetail,
  registrationAttemptDetail,
} from '@coin/contracts';
import type { z } from 'zod';

/** The schema with `example` as its one documented example (a clone: the contract's schema is unchanged). */
export function withExample<T extends z.ZodType>(schema: T, example: z.input<T> | z.output<T>): T {
  return schema.meta({ examples: [example] }) as T;
}

/** The user, instant and wallet the examples of every area name. */
export const exampleUserId = 42;
export const exampleAt = '2026-01-15T09:30:00.000Z';
const userId = exampleUserId;
const at = exampleAt;
const walletId = '7d3c2a1b-0e9f-4a8b-9c7d-6e5f4a3b2c1d';

export const exampleUser = {
  id: userId,
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  role: 'USER',
  isVerified: false,
  createdAt: at,
} as const;

export const exampleTokenPair = {
  user: exampleUser,
  accessToken: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl',
  refreshToken: 'rt_Vh3k9Qm2Xr7Lp4Ns8Bd1Wc6Zf0Jy5Tg',
  expiresIn: 900,
};

export const exampleLoginResult = {
  ...exampleTokenPair,
  notices: [
    {
      kind: 'REGISTRATION_ATTEMPT' as const,
      attempts: 1,
      firstAt: '2026-05-01T09:30:00.000Z',
      lastAt: '2026-05-01T09:30:00.000Z',
      detail: registrationAttemptDetail,
    },
  ],
};

export const exampleRegistrationAccepted = { status: 'accepted', detail: registrationAcceptedDetail } as const;

export const exampleWallet = {
  id: walletId,
  userId,
  balance: 150.5,
  activeCoins: 150.5,
  totalReceived: 200,
  totalSent: 49.5,
  createdAt: at,
  updatedAt: at,
  frozen: false,
};

export const exampleTransaction = {
  id: 1001,
  type: 'TRANSFER',
  amount: 12.5,
  fromUserId: userId,
  toUserId: 43,
  fromTreasury: null,
  toTreasury: null,
  reason: 'Lunch, split two ways',
  reference: null,
  refundOf: null,
  createdAt: at,
} as const;

export const exampleMoneyResult = { transaction: exampleTransaction, wallet: { ...exampleWallet, balance: 138, activeCoins: 138 } };

export const exampleTreasury = {
  code: 'REWARDS',
  name: 'Rewards',
  walletId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  balance: 98000,
  totalReceived: 100000,
  totalSent: 2000,
  createdAt: at,
  updatedAt: at,
} as const;

export const exampleTreasuryList = { treasuries: [exampleTreasury] };

export const exampleSupplyReport = {
  minted: 100000,
  burned: 500,
  supply: 99500,
  balances: 99500,
  inFlight: 0,
  creditLegs: {
    maxAgeSeconds: 300,
    inFlight: { count: 0, amount: 0 },
    young: { count: 0, amount: 0 },
    stale: { count: 0, amount: 0 },
    oldestAgeSeconds: null,
    staleTransactionIds: [],
  },
  discrepancy: 0,
  wallets: 12,
  transactions: 340,
  mismatchedWallets: [],
  overRefundedPurchases: [],
  heldCoins: 49.99,
  mismatchedHolds: [],
  badCaptures: [],
  mismatchedSequences: [],
  consistent: true,
};

const apiKeyId = '3f2e1d0c-9b8a-4776-8564-a3b2c1d0e9f8';
const scopes: ApiKeyScopeName[] = ['mint', 'refund'];
/** A two-person act waiting for its second SUPERADMIN (docs/DESIGN.md "Two-person acts"). */
export function exampleGrantRequest<A>(act: A) {
  return {
    id: '8c2e4a6b-1d3f-5a7c-9e0b-2d4f6a8c0e1a',
    status: 'PENDING' as const,
    act,
    requestedBy: { kind: 'user' as const, id: '1', role: 'SUPERADMIN' as const },
    createdAt: '2026-01-15T09:30:00.000Z',
    expiresAt: '2026-01-16T09:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
  };
}
export const exampleRequestedApiKey = {
  grantRequest: exampleGrantRequest({ type: 'user.api-key.create' as const, apiKeyId, name: 'Shop back office', scopes, ownerUserId: 42 }),
  key: 'ck_q2Vx8Lm4Np0Rt6Zb3Jc9Wd1Hf7Ks5Ya2Ge8Uo4Ti0Xr',
};
export const exampleApiKeyList = {
  apiKeys: [{ id: apiKeyId, name: 'Shop back office', scopes, ownerUserId: 42, createdAt: at, revokedAt: null }],
};

export const exampleHistoryPage = { transactions: [exampleTransaction], nextCursor: null, hasMore: false };
/** GET /api/admin/audit-log: an ADMIN's mint, as the ledger recorded it. */
export const exampleAuditLogPage: AuditLogPage & { hasMore: boolean } = {
  entries: [
    {
      id: '3f2b7c1e-9a4d-5e60-8b1f-2c7d9e0a4b35',
      at,
      actor: { kind: 'user', id: '7', role: 'ADMIN' },
      action: 'money.mint',
      target: 'treasury:REWARDS',
      summary: { amount: 10000, reason: 'Quarterly rewards budget', transactionId: 1001 },
      result: 'applied',
      errorCode: null,
      requestId: 'req-4k2m9x',
      seq: 118,
      hash: '9b74c9897bac770ffc029102a200c5de6e0bb0a3d5e3e5b0d1c3f5d7a8e9f012',
    },
  ],
  nextCursor: null,
  hasMore: false,
};
/** GET /api/admin/audit-log/service-actions: the webhooks service disabled an endpoint that failed every attempt. */
export const exampleServiceActionPage: { entries: ServiceActionLogEntry[]; nextCursor: null; hasMore: boolean } = {
  entries: [
    {
      id: '5c2e8a14-7b3d-5f9e-8a1c-4d6b2e0f9a37',
      at,
      source: 'webhooks',
      actor: { kind: 'service', id: 'webhooks' },
      action: 'webhook-endpoint.disable',
      target: 'webhook-endpoint:0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20',
      summary: { clientId: 'pc_Xk3v9QmT2bLw', reason: 'delivery 812 failed 13 attempts over the retry schedule' },
      result: 'applied',
      errorCode: null,
      requestId: null,
      seq: 119,
      hash: '4e1a9c3b7d2f5a8e0c6b4d2f9a7e5c3b1d8f6a4c2e0b9d7f5a3c1e8b6d4f2a09',
    },
  ],
  nextCursor: null,
  hasMore: false,
};
export const exampleWalletTransactionsPage = {
  transactions: [exampleTransaction],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};
export const exampleCommandStatus = {
  status: 'DONE',
  statusCode: 201,
  body: exampleMoneyResult,
  request: 'POST /api/coins/transfer',
} as const;

// ---- Request bodies ----
export const exampleRegister = { email: 'ada@example.com', password: 'correct horse battery', fullName: 'Ada Lovelace' };
export const exampleLogin = { email: 'ada@example.com', password: 'correct horse battery' };
/** A compact JWS of these claims, as the user service signs a referral (the signature here is a placeholder). */
function exampleJws(header: object, claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.${'c2lnbmF0dXJl'.repeat(7)}`;
}
/** POST /api/platform/referrals: pc_course_shop attests that user 42 was referred by user 43 for this order. */
export const exampleReferralRequest = {
  buyerUserId: userId,
  affiliateUserId: 43,
  treasury: 'COURSE_FEES',
  reference: 'ORDER-2026-0042',
} as const;
const referralIat = Math.floor(Date.parse(at) / 1000);
export const exampleReferral = {
  referral: exampleJws(
    { alg: 'EdDSA', kid: 'k-2026-01', typ: 'coin-referral+jwt' },
    {
      buyer: userId,
      affiliate: 43,
      treasury: 'COURSE_FEES',
      reference: 'ORDER-2026-0042',
      createdBy: 7,
      approvedBy: 8,
      sub: 'pc_course_shop',
      iss: 'coin-ledger',
      aud: 'coin-ledger-referral',
      iat: referralIat,
      exp: referralIat + 3600,
    },
  ),
  expiresAt: new Date((referralIat + 3600) * 1000).toISOString(),
};
/** PUT /api/admin/commission-rules: 10% of each purchase through pc_course_shop to the affiliate its referrals name. */
export const exampleCommissionRuleBody = {
  treasury: 'COURSE_FEES',
  clientId: 'pc_course_shop',
  rule: { bps: 1000 },
  reason: 'Affiliate programme agreed with the course shop',
} as const;
export const exampleCommissionRule = {
  treasury: 'COURSE_FEES',
  clientId: 'pc_course_shop',
  rule: { kind: 'bps', bps: 1000 },
  setBy: 42,
  approvedBy: 7,
} as const;
const exampleCommissionChange = {
  id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a71',
  status: 'PENDING',
  change: {
    treasury: 'COURSE_FEES',
    clientId: 'pc_course_shop',
    rule: { kind: 'bps', bps: 1000 },
    reason: exampleCommissionRuleBody.reason,
  },
  requestedBy: { kind: 'user', id: '42', role: 'ADMIN' },
  createdAt: at,
  expiresAt: '2026-01-16T09:30:00.000Z',
  updatedAt: at,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
} as const;
/** PUT /api/admin/commission-rules: 202, the change waiting for a different ADMIN+. */
export const exampleCommissionChangePending = { approval: exampleCommissionChange };
/** POST /api/admin/commission-changes/{id}/reject. */
export const exampleCommissionChangeRejected = {
  approval: {
    ...exampleCommissionChange,
    status: 'REJECTED',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: 'The programme starts next month',
  },
} as const;
/** POST /api/admin/commission-changes/{id}/approve: the rule in force, who asked for it and who approved it. */
export const exampleCommissionChanged = {
  ...exampleCommissionRule,
  approval: { ...exampleCommissionChange, status: 'APPROVED', decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' } },
} as const;
export const exampleCreateApiKey = { name: 'Shop back office', scopes, ownerUserId: 42 };

// ---- Mandates ----
const exampleMandate = {
  id: '3e0c7a1b-52d4-8f6e-8000-000000000007',
  status: 'ACTIVE',
  fromUserId: userId,
  clientId: 'pc_Xk3v9QmT2bLw',
  amount: 9.99,
  maxPerPeriod: 9.99,
  period: 'MONTH',
  reason: 'StreamCo Premium, monthly',
  startsAt: '2026-02-01T00:00:00.000Z',
  endsAt: null,
  nextPeriod: 0,
  nextChargeAt: '2026-02-01T00:00:00.000Z',
  failedAttempts: 0,
  cancelledBy: null,
  createdAt: at,
  updatedAt: at,
} as const;
export const exampleGrantMandate = {
  clientId: 'pc_Xk3v9QmT2bLw',
  amount: 9.99,
  period: 'MONTH',
  startsAt: '2026-02-01T00:00:00.000Z',
  reason: 'StreamCo Premium, monthly',
} as const;
export const exampleMandateResult = { mandate: exampleMandate };
export const exampleCancelledMandate = {
  mandate: { ...exampleMandate, status: 'CANCELLED', nextChargeAt: null, cancelledBy: 'user' },
} as const;
export const exampleAdminCancelMandate = { reason: 'The payer asked support to stop it: the service was never delivered' };
export const exampleAdminCancelledMandate = {
  mandate: { ...exampleMandate, status: 'CANCELLED', nextChargeAt: null, cancelledBy: 'admin' },
} as const;
export const exampleMandatePage = {
  mandates: [exampleMandate],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};

export const exampleFreezeBody = { reason: 'Circular transfers among new accounts', caseId: 'case-2026-0042' };
export const exampleFreezeResult = {
  userId,
  frozen: true,
  freeze: {
    userId,
    reason: 'Circular transfers among new accounts',
    caseId: 'case-2026-0042',
    frozenBy: { kind: 'user' as const, id: '7' },
    frozenAt: at,
    unfreezeRequest: null,
  },
};
export const exampleUnfreezeRequestBody = { reason: 'The case was closed: no abuse found' };

export const exampleLimits = { dailyAmount: 500, dailyCount: 20, singleAmount: null };
export const exampleSpendingLimits = {
  userId,
  role: 'USER',
  limits: { dailyAmount: 500, dailyCount: 20, singleAmount: null },
  defaults: { dailyAmount: 100000, dailyCount: 1000, singleAmount: null },
  overrides: { dailyAmount: 500, dailyCount: 20, singleAmount: null },
  usage: { amount: 62.49, count: 2, windowHours: 24 },
  resetsAt: '2026-01-16T09:00:00.000Z',
} as const;

// ---- Approvals ----
export const exampleApproval = {
  id: '9c8b7a6f-5e4d-5c3b-8a2f-1e0d9c8b7a6f',
  status: 'PENDING',
  command: { type: 'MINT', userId: null, treasury: 'REWARDS', transactionId: null, amount: 50000, reason: 'Quarterly rewards budget' },
  requestedBy: { kind: 'user', id: '42', role: 'ADMIN' },
  createdAt: at,
  expiresAt: '2026-01-16T09:30:00.000Z',
  updatedAt: at,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
} as const;
export const exampleApprovalPending = { approval: exampleApproval };
export const exampleRejectApproval = { reason: 'Budget not signed off yet' };

// ---- Second factor and passwords ----

// ---- Payouts ----
export const examplePayout = {
  from: { treasury: 'REWARDS' as const },
  reason: 'Spring cup: prizes',
  reference: 'spring-cup-2026',
  lines: [
    { toUserId: userId, amount: 50, reason: 'Spring cup: first place' },
    { toUserId: 43, amount: 25 },
  ],
};
export const examplePayoutResult = {
  payout: {
    type: 'REWARD' as const,
    reference: 'spring-cup-2026',
    total: 75,
    lines: [
      { index: 0, toUserId: userId, amount: 50, transactionId: 1002 },
      { index: 1, toUserId: 43, amount: 25, transactionId: 1003 },
    ],
  },
  wallet: { ...exampleTreasury, balance: 97925, totalSent: 2075 },
};
export const exampleDailySupply = {
  from: '2026-01-30',
  to: '2026-01-31',
  days: [
    { day: '2026-01-30', supply: 1_000_000 },
    { day: '2026-01-31', supply: 1_250_000 },
  ],
};
const volumeOf = (counts: Record<string, [number, number]>) =>
  (['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const).map((type) => ({
    type,
    transactions: counts[type]?.[0] ?? 0,
    amount: counts[type]?.[1] ?? 0,
  }));
export const exampleDailyVolume = {
  from: '2026-01-30',
  to: '2026-01-31',
  days: [
    { day: '2026-01-30', types: volumeOf({ TRANSFER: [12, 340.5], PURCHASE: [3, 75] }) },
    { day: '2026-01-31', types: volumeOf({ MINT: [1, 250_000], TRANSFER: [9, 120], REWARD: [40, 400] }) },
  ],
};

// ---- A person's payout waiting for a second person (docs/design/ledger.md "Payouts") ----

/** POST /api/cashouts: 25.50 coins to a mobile money account, to be paid by the provider pc_momo (named: only it may claim it). */
export const exampleCreateCashout = { amount: 25.5, msisdn: '+237670000000', providerClientId: 'pc_momo' };
export const exampleCashout = {
  id: '3f0c1d2e-4b5a-8c7d-8e00-00000000002a',
  userId,
  amount: 25.5,
  xafAmount: 16702,
  xafPerCoin: 655,
  rateEffectiveFrom: '2026-11-01T00:00:00.000Z',
  msisdn: '+237670000000',
  providerClientId: 'pc_momo',
  claimedBy: null,
  claimedAt: null,
  status: 'REQUESTED',
  providerReference: null,
  transactionId: null,
  approval: { status: 'NOT_REQUIRED', approvedBy: null, approvedAt: null },
  expiresAt: '2026-11-25T10:00:00.000Z',
  createdAt: at,
  updatedAt: at,
} as const;
export const exampleCashoutResult = { cashout: exampleCashout, wallet: { ...exampleWallet, activeCoins: 125 } };
/** POST /api/cashouts/{id}/claim: pc_momo took it to pay. */
export const exampleClaimedCashout = {
  ...exampleCashout,
  status: 'CLAIMED',
  claimedBy: 'pc_momo',
  claimedAt: '2026-11-24T10:05:00.000Z',
} as const;
export const exampleClaimCashoutResult = { cashout: exampleClaimedCashout } as const;
/** POST /api/cashouts/callbacks: the provider paid it (its own reference of the payment). */
export const exampleCashoutCallback = { cashoutId: exampleCashout.id, outcome: 'CONFIRMED', providerReference: 'MOMO-778' } as const;
export const exampleSettleCashoutResult = {
  cashout: { ...exampleClaimedCashout, status: 'CONFIRMED', providerReference: 'MOMO-778', transactionId: 1003 },
  transaction: {
    ...exampleTransaction,
    id: 1003,
    type: 'BURN',
    amount: 25.5,
    toUserId: null,
    reason: 'Cash-out of 16702 XAF',
    metadata: { cashoutXafAmount: '16702', cashoutXafPerCoin: '655', cashoutProvider: 'pc_momo', cashoutProviderReference: 'MOMO-778' },
  },
  wallet: { ...exampleWallet, balance: 125, activeCoins: 125, totalSent: 75 },
} as const;
export const exampleCashoutPage = {
  cashouts: [exampleCashout],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};
export const exampleReconciliation = {
  from: '2026-11-24',
  to: '2026-11-24',
  lines: [
    {
      day: '2026-11-24',
      providerClientId: 'pc_momo',
      requested: 3,
      requestedXaf: 42900,
      confirmed: 2,
      confirmedCoins: 40,
      confirmedXaf: 26200,
      failed: 1,
      expired: 0,
      released: 0,
      pending: 0,
      claimed: 0,
      overdue: 0,
      frozen: 0,
    },
  ],
};

/** A proposed cash-out rate version. */
export const exampleProposeCashoutRate = { xafPerCoin: 660, effectiveFrom: '2026-12-01T00:00:00.000Z' } as const;
export const exampleCashoutRateResult = {
  rate: {
    id: '5b1f8a2c-3d4e-5f60-8172-93a4b5c6d7e8',
    xafPerCoin: 660,
    effectiveFrom: '2026-12-01T00:00:00.000Z',
    status: 'APPROVED',
    proposedBy: { kind: 'user', id: '11' },
    proposedAt: '2026-11-24T10:00:00.000Z',
    decidedBy: { kind: 'user', id: '12' },
    decidedAt: '2026-11-24T10:20:00.000Z',
  },
} as const;
export const exampleCashoutRateList = {
  configured: [{ xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z' }],
  versions: [{ ...exampleCashoutRateResult.rate }],
  inForce: { xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z', id: null },
};
/** A cash-out above the four-eyes threshold, approved by its second person. */
export const exampleDecideCashoutResult = {
  cashout: {
    ...exampleCashout,
    amount: 20000,
    xafAmount: 13100000,
    approval: { status: 'APPROVED', approvedBy: 12, approvedAt: '2026-01-15T09:40:00.000Z' },
  },
} as const;

/** POST /api/admin/cashouts/{id}/reversal: the reason the claimed cash-out is reversed. */
export const exampleCashoutReversalBody = { reason: 'The provider confirmed it paid nothing to this number' };
const exampleCashoutReversal = {
  id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a70',
  status: 'PENDING',
  reversal: { cashoutId: exampleCashout.id, userId, reason: exampleCashoutReversalBody.reason },
  requestedBy: { kind: 'user', id: '42', role: 'ADMIN' },
  createdAt: at,
  expiresAt: '2026-01-16T09:30:00.000Z',
  updatedAt: at,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
} as const;
/** Its 202: the request, waiting for a different ADMIN+. */
export const exampleCashoutReversalPending = { approval: exampleCashoutReversal };
/** POST /api/admin/cashout-reversals/{id}/reject. */
export const exampleCashoutReversalRejected = {
  approval: {
    ...exampleCashoutReversal,
    status: 'REJECTED',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: exampleRejectApproval.reason,
  },
} as const;
/** POST /api/admin/cashout-reversals/{id}/approve: the claimed cash-out released, the coins the payer's again. */
export const exampleCashoutReversed = {
  cashout: { ...exampleCashout, status: 'RELEASED', claimedBy: 'pc_momo', claimedAt: at },
  wallet: exampleWallet,
  approval: { ...exampleCashoutReversal, status: 'APPROVED', decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' } },
} as const;

// ---- The sandbox's economy (docs/decisions/0018-sandbox.md), for a test-mode client ----
export const exampleSandboxMandate = {
  userId,
  amount: 9.99,
  period: 'MONTH',
  reason: 'Sandbox Premium, monthly',
} as const;
export const exampleSandboxMandateResult = {
  mandate: { ...exampleMandate, clientId: 'test_Xk3v9QmT2bLw', reason: 'Sandbox Premium, monthly' },
} as const;
export const exampleSandboxCashout = { userId, amount: 25.5, msisdn: '+237670000000', testOutcome: 'CONFIRMED' } as const;
const exampleTestCashout = {
  ...exampleCashout,
  xafPerCoin: 650,
  xafAmount: 16575,
  providerClientId: null,
  claimedBy: 'test_Xk3v9QmT2bLw',
  claimedAt: at,
  status: 'CLAIMED',
} as const;
export const exampleSandboxCashoutResult = { cashout: exampleTestCashout, wallet: { ...exampleWallet, activeCoins: 125 } } as const;
export const exampleSandboxCashoutPage = {
  cashouts: [{ ...exampleTestCashout, status: 'CONFIRMED' as const, providerReference: 'TEST-3F0C1D2E', transactionId: 1003 }],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};
export const exampleSandboxPurchase = {
  userId,
  treasury: 'COURSE_FEES',
  amount: 50,
  reason: 'Course: TypeScript basics',
  reference: 'order-7',
  affiliate: { userId: 43 },
} as const;
export const exampleSandboxPurchaseResult = {
  transaction: {
    ...exampleTransaction,
    type: 'PURCHASE',
    amount: 45,
    toUserId: null,
    toTreasury: 'COURSE_FEES',
    reason: 'Course: TypeScript basics',
  },
  commission: { ...exampleTransaction, id: 1002, amount: 5, toUserId: 43, reason: 'Course: TypeScript basics', splitOf: 1001 },
  wallet: { ...exampleWallet, balance: 100.5, activeCoins: 100.5 },
} as const;
export const exampleSandboxRefund = {
  transactionId: 1001,
  treasury: 'COURSE_FEES',
  amount: 22.5,
  reason: 'Half the course cancelled',
} as const;
export const exampleSandboxRefundResult = {
  transaction: {
    ...exampleTransaction,
    id: 1010,
    type: 'REFUND',
    amount: 22.5,
    fromUserId: null,
    toUserId: userId,
    fromTreasury: 'COURSE_FEES',
    reason: 'Half the course cancelled',
    refundOf: 1001,
  },
  commission: {
    ...exampleTransaction,
    id: 1011,
    amount: 2.5,
    fromUserId: null,
    toUserId: userId,
    fromTreasury: 'COURSE_FEES',
    reason: "Refund of the affiliate commission's part of purchase 1001",
    splitOf: 1001,
  },
  wallet: { ...exampleTreasury, code: 'COURSE_FEES', name: 'Course fees', balance: 4977.5 },
} as const;
export const exampleSandboxCommissionRuleBody = { treasury: 'COURSE_FEES', rule: { bps: 1000 } } as const;
export const exampleSandboxCommissionRule = { ...exampleCommissionRule, clientId: 'test_Xk3v9QmT2bLw', setBy: null } as const;
