import type {
  ApiKey,
  Approval,
  DeletionRequest,
  GrantRequest,
  Hold,
  OperationResult,
  PlatformClient,
  Transaction,
  Treasury,
  User,
  UserSession,
} from '@coin/client';

/** Answers of the API as the generated client types them: a change of the contract fails tsc here first. */
const at = '2026-03-01T10:00:00.000Z';

export const user = (id: number, overrides: Partial<User> = {}): User => ({
  id,
  email: `user${id}@example.test`,
  fullName: `User ${id}`,
  role: 'USER',
  isVerified: true,
  createdAt: at,
  ...overrides,
});

export const userDetail = (id: number, balance: number): OperationResult<'getUser'> => ({
  ...user(id),
  wallet: { balance, held: 2.5, activeCoins: balance - 2.5, totalReceived: balance, totalSent: 0, frozen: false },
});

export const limits = (): OperationResult<'getUserLimits'> => ({
  userId: 7,
  role: 'USER',
  limits: { dailyAmount: 1000, dailyCount: null, singleAmount: 500 },
  defaults: { dailyAmount: 1000, dailyCount: null, singleAmount: 500 },
  overrides: {},
  usage: { amount: 12.5, count: 3, windowHours: 24 },
  resetsAt: null,
});

export const userSession = (id: string, status: UserSession['status'] = 'ACTIVE'): UserSession => ({
  id,
  createdAt: at,
  lastUsedAt: at,
  expiresAt: at,
  revokedAt: status === 'REVOKED' ? at : null,
  status,
});

export const transaction = (id: number, overrides: Partial<Transaction> = {}): Transaction => ({
  id,
  type: 'MINT',
  amount: 5,
  fromUserId: null,
  toUserId: 7,
  fromTreasury: null,
  toTreasury: null,
  reason: 'welcome',
  reference: null,
  refundOf: null,
  createdAt: at,
  ...overrides,
});

export const treasury = (code: Treasury['code'], balance: number): Treasury => ({
  code,
  name: code.toLowerCase(),
  walletId: `treasury:${code}`,
  balance,
  totalReceived: balance,
  totalSent: 0,
  createdAt: at,
  updatedAt: at,
});

export const approval = (id: string, overrides: Partial<Approval> = {}): Approval => ({
  id,
  status: 'PENDING',
  command: { type: 'MINT', userId: 7, treasury: null, transactionId: null, amount: 50_000, reason: 'grant' },
  requestedBy: { kind: 'user', id: '2', role: 'ADMIN' },
  createdAt: at,
  expiresAt: at,
  updatedAt: at,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
  ...overrides,
});

/** A PayoutApproval (no model of its own in the client: the answer of GET /api/admin/payout-approvals/{id}). */
export type PayoutApproval = OperationResult<'getPayoutApproval'>;

/** A payout request from REWARDS waiting for a second person; one line per amount, to users 41, 42, … */
export const payoutApproval = (id: string, amounts: number[] = [50, 25], overrides: Partial<PayoutApproval> = {}): PayoutApproval => ({
  id,
  status: 'PENDING',
  payout: {
    from: { treasury: 'REWARDS' },
    reference: 'spring-cup',
    reason: 'Spring cup: prizes',
    total: amounts.reduce((sum, amount) => sum + amount, 0),
    lines: amounts.map((amount, index) => ({ index, toUserId: 41 + index, amount, reason: index === 0 ? 'first place' : null })),
  },
  requestedBy: { kind: 'user', id: '2', role: 'ADMIN' },
  createdAt: at,
  expiresAt: '2026-03-02T10:00:00.000Z',
  updatedAt: at,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
  ...overrides,
});

export const deletionRequest = (id: string, userId: number, balance: number): DeletionRequest => ({
  id,
  userId,
  status: 'PENDING',
  balance,
  requestedBy: { kind: 'user', id: '3', role: 'SUPERADMIN' },
  createdAt: at,
  expiresAt: at,
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
});

/** A two-person act waiting for a second SUPERADMIN. */
export const grantRequest = (id: string, act: GrantRequest['act']): GrantRequest => ({
  id,
  status: 'PENDING',
  act,
  requestedBy: { kind: 'user', id: '3', role: 'SUPERADMIN' },
  createdAt: at,
  expiresAt: at,
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
});

export const hold = (id: string, overrides: Partial<Hold> = {}): Hold => ({
  id,
  status: 'PENDING',
  amount: 4,
  fromUserId: 7,
  toUserId: null,
  toTreasury: 'COURSE_FEES',
  reason: 'course seat',
  reference: null,
  expiresAt: at,
  createdAt: at,
  updatedAt: at,
  capturedAmount: null,
  transactionId: null,
  ...overrides,
});

export const apiKey = (id: string, name: string, revokedAt: string | null = null): ApiKey => ({
  id,
  name,
  scopes: ['mint', 'burn'],
  ownerUserId: 7,
  createdAt: at,
  revokedAt,
});

export const platformClient = (id: string, name: string, revokedAt: string | null = null): PlatformClient => ({
  id,
  name,
  createdAt: at,
  revokedAt,
  treasuries: ['REWARDS'],
  dailyRewardCap: 250,
  cashout: false,
});

/** A daily series' days from `from` on, one per value (UTC days). */
export const dailyOf = <T extends string>(
  from: string,
  key: T,
  values: number[],
): { days: Array<{ day: string } & Record<T, number>> } => ({
  days: values.map((value, i) => ({
    day: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    [key]: value,
  })) as Array<{ day: string } & Record<T, number>>,
});
