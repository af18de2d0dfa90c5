import { z } from 'zod';
import {
  apiKeyScope,
  apiKeyScopes,
  digitsParam,
  isoDateTime,
  role,
  singleLineText,
  treasuryCode,
  treasuryCodes,
  userId,
  uuidInput,
} from './common';
import { coinAmount, coinValue } from './money';
import { callbackSecretRequest, grantRequest, platformClientId, user } from './user';
import { withCursorParam, withPageLinks } from './paging';

// ---- API keys (docs/CONTRACT.md "Authentication and roles") ----
export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(apiKeyScope),
  ownerUserId: userId
    .nullable()
    .describe('The admin the key was issued to, the only one it works for (null: a key of no one, which works for no one)'),
  createdAt: isoDateTime,
  revokedAt: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyBody = z.strictObject({
  name: singleLineText(1, 100, { trim: true }),
  scopes: z
    .array(apiKeyScope)
    .min(1)
    .max(apiKeyScopes.length)
    .refine((s) => new Set(s).size === s.length, { message: 'scopes must not repeat' })
    // The refinement as the document states it (z.toJSONSchema cannot see into a refinement).
    .meta({ uniqueItems: true }),
  ownerUserId: userId
    .optional()
    .describe('The ADMIN or SUPERADMIN the key is issued to: it works with their token only (default: the caller)'),
});
/**
 * The 202 of a new key (docs/DESIGN.md "Two-person acts"): the secret, shown this once, and the
 * request another SUPERADMIN approves; the key works from that approval on, never before.
 */
export const requestedApiKey = z.object({
  grantRequest,
  key: z.string().describe('The secret, shown this once; only its hash is stored. It works once another SUPERADMIN approved the request'),
});
export const apiKeyList = z.object({ apiKeys: z.array(apiKey) });
export const apiKeyIdParams = z.object({ id: uuidInput });

/** Internal: the gateway asks whether an active key has this hash. */
export const apiKeyLookup = z.strictObject({ keyHash: z.string().regex(/^[0-9a-f]{64}$/) });
/**
 * An active key's grant: its scopes and the admin it was issued to (a key of no one is answered
 * as invalid), with the key proof the ledger checks on the commands sent with it (docs/DESIGN.md "API
 * keys"): a JWS the user service signed, valid for a few minutes from the look-up. `createdBy` /
 * `approvedBy` are the SUPERADMINs who asked for and approved it (null: an operator's, or made
 * before approvals): no payment made with the key goes to them.
 */
export const apiKeyGrant = z.object({
  id: z.uuid(),
  scopes: z.array(apiKeyScope),
  ownerUserId: userId,
  keyProof: z.string().min(1).max(4096),
  createdBy: userId.nullable(),
  approvedBy: userId.nullable(),
});
export type ApiKeyGrant = z.infer<typeof apiKeyGrant>;

// ---- Sessions and platform clients (docs/CONTRACT.md "Authentication and roles") ----
export const logoutBody = z.strictObject({ refreshToken: singleLineText(1, 512) });
/** A platform client's id as callers and services pass it around (its token's subject). */
export const platformClientIdText = singleLineText(1, 100);
/** Whether a platform client may act (GET /internal/platform-clients/:id/status): unknown and revoked look the same. */
export const platformClientStatus = z.object({ active: z.boolean() });
export const clientCredentialsBody = z.strictObject({
  clientId: platformClientIdText,
  clientSecret: singleLineText(1, 200),
});
export const systemToken = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
});

/**
 * RFC 6749 §4.4: the same request as an OAuth client-credentials form
 * (`application/x-www-form-urlencoded`). The client id and secret go here or in HTTP Basic, not
 * both; other parameters (`scope`) are ignored.
 */
export const clientCredentialsForm = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: platformClientIdText.optional().describe('With client_secret, unless HTTP Basic carries both'),
  client_secret: singleLineText(1, 200).optional(),
});
/** RFC 6749 §5.1: the answer to the form request. */
export const oauthAccessToken = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds until the access token expires'),
});
/** RFC 6749 §5.2: the error answer to the form request (the JSON request gets problem+json). */
export const oauthError = z.object({
  error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type']),
  error_description: z.string(),
});

// ---- Revocations the gateway keeps in memory (docs/DESIGN.md "A cache cannot grant") ----
/** The most ids of each kind GET /internal/revocations answers: the latest revoked, older ones are past any cached entry's expiry. */
export const revokedIdsMax = 10_000;
const knownCount = z.coerce.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).default(-1);
/** The longest GET /internal/revocations holds an answer that has nothing new (its `waitMs`). */
export const revocationsWaitMsMax = 25_000;
/**
 * What the caller already holds: the counts of its last answer (-1: nothing yet). An unchanged count
 * is answered without its ids. `waitMs` (0: answer now) holds an answer with nothing new until a
 * revocation is committed or the time is up: a gateway's long poll instead of asking every second.
 */
export const revocationsQuery = z.strictObject({
  apiKeys: knownCount,
  platformClients: knownCount,
  waitMs: z.coerce.number().int().min(0).max(revocationsWaitMsMax).default(0),
});
const revokedOfKind = <T extends z.ZodType>(id: T) =>
  z.object({
    revoked: z.number().int().nonnegative().describe('How many are revoked (revocation is final: the count only grows)'),
    ids: z
      .array(id)
      .max(revokedIdsMax)
      .nullable()
      .describe('The revoked ids, the latest revoked first; null when `revoked` is the count the caller said it knows'),
  });
export const revocationList = z.object({ apiKeys: revokedOfKind(z.uuid()), platformClients: revokedOfKind(platformClientIdText) });
export type RevocationList = z.infer<typeof revocationList>;

// ---- Platform clients (SUPERADMIN; the operator CLI does the same) ----
/** A platform client as an operator or a SUPERADMIN sees it: never its secret or the secret's hash. */
export const platformClient = z.object({
  id: z.string().describe('The client id, as `POST /api/auth/token` takes it'),
  name: z.string(),
  createdAt: isoDateTime,
  revokedAt: isoDateTime.nullable(),
  treasuries: z
    .array(treasuryCode)
    .describe(
      'The treasuries it may reward from (REWARDS) and settle holds for (holds paying that treasury); its SYSTEM tokens carry them',
    ),
  dailyRewardCap: coinValue
    .nullable()
    .describe('Coins it may reward in a rolling 24 h; null: the ledger default (PLATFORM_CLIENT_DAILY_REWARD_COINS)'),
  cashout: z
    .boolean()
    .describe(
      'Granted `cashout`: a payout provider, which claims cash-outs and settles them by its signed callback; its SYSTEM tokens carry it',
    ),
});
export type PlatformClient = z.infer<typeof platformClient>;
export const platformClientList = z.object({ platformClients: z.array(platformClient) });
/** Treasury grants: each code once, in any order (stored sorted). */
export const treasuryGrants = z
  .array(treasuryCode)
  .max(treasuryCodes.length)
  .refine((codes) => new Set(codes).size === codes.length, { message: 'must name each treasury at most once' })
  // The refinement as the document states it (z.toJSONSchema cannot see into a refinement).
  .meta({ uniqueItems: true });
export const createPlatformClientBody = z.strictObject({
  name: singleLineText(1, 100, { trim: true }),
  treasuries: treasuryGrants
    .optional()
    .describe('The treasuries granted (default none: the client may then settle only holds paying a user, and reward nothing)'),
  dailyRewardCap: coinAmount.optional().describe('Its own daily reward cap in coins (default: the ledger default)'),
  cashout: z
    .boolean()
    .optional()
    .describe('Grant `cashout` (default false): the client is a payout provider, which claims cash-outs and settles them'),
});
/**
 * A live platform client's own test-mode client (docs/decisions/0018-sandbox.md "Self-serve test
 * clients"): a name and treasuries only; no cap (the sandbox's default) and no cash-out grant.
 */
export const createOwnTestClientBody = createPlatformClientBody.pick({ name: true, treasuries: true });
/**
 * The 202 of a new client (docs/DESIGN.md "Two-person acts"): the request another SUPERADMIN
 * approves and, in the first answer only, the secret, which opens nothing before that approval.
 */
export const requestedPlatformClient = z.object({
  grantRequest,
  clientSecret: z
    .string()
    .optional()
    .describe('The secret, shown this once (absent from a retry with the same Idempotency-Key); only its hash is stored'),
});
export const platformClientIdParams = z.object({ id: platformClientId });
/**
 * The 201 of a new test-mode client (docs/decisions/0018-sandbox.md): made at once by one ADMIN+,
 * since test-mode credentials are refused everywhere real money is; the secret in the first answer only.
 */
export const createdTestClient = z.object({
  client: platformClient,
  clientSecret: z
    .string()
    .optional()
    .describe('The secret, shown this once (absent from a retry with the same Idempotency-Key); only its hash is stored'),
});
/** A user command's result for platform clients; the hashes let the gateway tell a first answer from a replay. */
export const platformClientCreated = z.object({
  client: platformClient,
  secretHash: z.string().regex(/^[0-9a-f]{64}$/),
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
});
/**
 * The 202 of a new callback secret for a payout provider (docs/CONTRACT.md "Cash-out"): the request
 * another SUPERADMIN approves and, in the first answer only, the secret, which verifies no callback
 * before that approval. The user service keeps it sealed under a key only the gateway holds.
 */
export const requestedCallbackSecret = z.object({
  callbackSecretRequest,
  callbackSecret: z
    .string()
    .optional()
    .describe(
      'The `whsec_` callback secret (the key in standard base64, the Standard Webhooks form its libraries sign with as it is), shown this once (absent from a retry with the same Idempotency-Key); stored only sealed',
    ),
});
/** A sealed callback secret as the gateway made it: version, IV, ciphertext and tag, base64url, dot-separated. */
export const sealedCallbackSecret = z.string().regex(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{40,200}\.[A-Za-z0-9_-]{22}$/);
/**
 * A payout provider's issued callback secrets, newest first, at most two (GET
 * /internal/platform-clients/:id/callback-secrets, the gateway only): each sealed, with the time its
 * approval issued it. Empty: none issued (the configured fallback applies). The gateway judges the
 * overlap: the previous one verifies only until the newest's issue plus the overlap.
 */
export const callbackSecretList = z.object({
  callbackSecrets: z.array(z.object({ sealed: sealedCallbackSecret, issuedAt: isoDateTime })).max(2),
});
export const platformClientRevoked = z.object({
  client: platformClient,
  revoked: z.boolean().describe('Whether this command revoked it (false: it already was)'),
  /** Absent from an answer stored before test clients ended with their owner: none. */
  testClients: z
    .array(platformClientId)
    .optional()
    .describe('The test clients this client made itself, every one revoked with it (also those revoked before)'),
  testClientsRevoked: z.array(platformClientId).optional().describe('Those of `testClients` this command revoked'),
});

// ---- Sessions of a user (ADMIN+) ----
/** How many of a user's sessions a listing shows at most: the most recently used ones. */
export const userSessionListMax = 100;
/**
 * A session is a refresh-token family (one login and its rotations). Never a token or its hash:
 * only when it started, when it last got a token, until when its current token lives, and whether
 * it was revoked.
 */
export const userSession = z.object({
  id: z.uuid().describe('The session (refresh-token family) id'),
  createdAt: isoDateTime.describe('The login that started it'),
  lastUsedAt: isoDateTime.describe('When it last got a token (the login or its latest refresh)'),
  expiresAt: isoDateTime.describe('When its current refresh token expires'),
  revokedAt: isoDateTime.nullable().describe('When it was ended (logout, log out everywhere, reuse, role change or deletion)'),
  status: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
});
export type UserSession = z.infer<typeof userSession>;
export const userSessionList = z.object({
  sessions: z.array(userSession).describe(`Most recently used first, at most ${userSessionListMax}`),
});

// ---- User administration (docs/CONTRACT.md "Resources" and "Paging") ----
/** docs/CONTRACT.md "Paging": integers only, out of range -> 400, never clamped. */
function integerQuery(min: 0 | 1, max: number) {
  return digitsParam(/^[0-9]{1,10}$/, { min, max }, { leadingZeros: true, maxLength: 10 });
}
export const userPageSizeDefault = 20;
export const userPageSizeMax = 100;
export const userPageMax = 1_000_000;
export const userListQuery = z.strictObject({
  page: integerQuery(1, userPageMax).default(1),
  pageSize: integerQuery(1, userPageSizeMax).default(userPageSizeDefault),
  role: role.optional(),
  q: singleLineText(1, 254, { trim: true }).optional().describe('Matches email or full name (case-insensitive substring)'),
});
export const pagination = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export const userList = z.object({ users: z.array(user), pagination });
export type UserList = z.infer<typeof userList>;
/** GET /api/admin/users (the user service's internal route keeps the forms above). */
export const userListPublicQuery = withCursorParam(userListQuery, 'page');
export const userListPublicPage = withPageLinks(userList);
export const userDetail = user.extend({
  wallet: z.object({
    balance: coinValue,
    held: coinValue.describe('Coins reserved by pending holds (part of the balance)'),
    activeCoins: coinValue.describe('balance − held: what the user can spend now'),
    totalReceived: coinValue.describe('Every coin ever credited to the wallet'),
    totalSent: coinValue.describe('Every coin ever debited from the wallet'),
    frozen: z.boolean().describe('Whether its outgoing movements are frozen (docs/CONTRACT.md "Wallet freezes")'),
  }),
});
export const changeRoleBody = z.strictObject({ role });
export const roleChanged = z.object({ message: z.string(), user: z.object({ id: userId, role }) });
export const messageBody = z.object({ message: z.string() });

/** Internal: a user with the token version the gateway compares access tokens against. */
export const internalUser = user.extend({ tokenVersion: z.number().int().nonnegative() });
