/**
 * One example per request body and per success response of the OpenAPI document,
 * attached to the route's zod schema as `examples` metadata (`withExample`): the document shows
 * them and a generated client's docs quote them. Each area's examples are declared in its file,
 * beside its routes; this module holds `withExample` and the examples several areas build on (a
 * user, a wallet, a transaction, a treasury, a grant request, a referral, an approval, a payout).
 * services/gateway/src/openapi.unit.test.ts checks each one against its schema in the document
 * (ajv, JSON Schema 2020-12) and against the zod schema that validates requests, so an example
 * cannot drift from what the service accepts.
 */
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

/** What a user-service request shows after its status while it waits for its second SUPERADMIN: who asked, when, and no decision yet. */
export const exampleUndecided = {
  requestedBy: { kind: 'user' as const, id: '1', role: 'SUPERADMIN' as const },
  createdAt: '2026-01-15T09:30:00.000Z',
  expiresAt: '2026-01-16T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
};

/** A two-person act waiting for its second SUPERADMIN (docs/DESIGN.md "Two-person acts"). */
export function exampleGrantRequest<A>(act: A) {
  return { id: '8c2e4a6b-1d3f-5a7c-9e0b-2d4f6a8c0e1a', status: 'PENDING' as const, act, ...exampleUndecided };
}

/** A compact JWS of these claims, as the user service signs a referral (the signature here is a placeholder). */
function exampleJws(header: object, claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.${'c2lnbmF0dXJl'.repeat(7)}`;
}
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

// ---- Approvals ----
/** What every pending request the ledger keeps shows after what it holds: who asked, when, until when, and no decision yet. */
export const examplePendingMembers = {
  requestedBy: { kind: 'user', id: '42', role: 'ADMIN' },
  createdAt: at,
  expiresAt: '2026-01-16T09:30:00.000Z',
  updatedAt: at,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
} as const;
export const exampleApproval = {
  id: '9c8b7a6f-5e4d-5c3b-8a2f-1e0d9c8b7a6f',
  status: 'PENDING',
  command: { type: 'MINT', userId: null, treasury: 'REWARDS', transactionId: null, amount: 50000, reason: 'Quarterly rewards budget' },
  ...examplePendingMembers,
} as const;
export const exampleApprovalPending = { approval: exampleApproval };
export const exampleRejectApproval = { reason: 'Budget not signed off yet' };

// ---- Payouts ----
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
