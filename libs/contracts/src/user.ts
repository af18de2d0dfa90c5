import { z } from 'zod';
import { commandSchema } from './messaging';
import { platformClientId, userEvent as userEventV1Schema, userEventV2 as userEventV2Schema } from '@coin/events';
import {
  apiKeyScope,
  email,
  fullName,
  idNonce,
  isoDateTime,
  password,
  reasonText,
  role,
  singleLineText,
  treasuryCode,
  treasuryCodes,
  userId,
  uuidInput,
} from './common';
import { coinAmount, coinValue, positiveMinorUnits } from './money';

/** The User (docs/CONTRACT.md "Resources"), without the wallet (list form). */
export const user = z.object({
  id: userId,
  email: z.string(),
  fullName: z.string(),
  role,
  isVerified: z.boolean(),
  createdAt: isoDateTime,
});
export type User = z.infer<typeof user>;

// ---- HTTP bodies (gateway) ----
export const registerBody = z.strictObject({ email, password, fullName });
/** PUT /api/admin/users/{id}/verification: what the account is now, and why (kept in the admin audit log). */
export const setVerificationBody = z.strictObject({
  verified: z.boolean().describe('true: the account is verified (the verified cash-out amount applies); false: it is not'),
  reason: reasonText.describe('Why, for the admin audit log (the identity check made, a ticket)'),
});
/** Its answer: the account as it is now (its earlier tokens stop working when `isVerified` changed). */
export const verificationSet = z.object({ user });
/** Login takes any address registered before the e-mail format tightened, but never a control character. */
export const loginBody = z.strictObject({ email: singleLineText(1, 254), password: singleLineText(1, 128) });
export const refreshBody = z.strictObject({ refreshToken: singleLineText(1, 512) });
export const tokenPair = z.object({
  user,
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
});

/**
 * The one answer of POST /api/auth/register, for an address that was free (the account now
 * exists: log in) and for one that already had an account (nothing changed; its owner is told at
 * their next login), so registration does not reveal who has an account (docs/DESIGN.md
 * "Registration does not reveal accounts").
 */
export const registrationAccepted = z.object({
  status: z.literal('accepted'),
  detail: z.string(),
});
export const registrationAcceptedDetail =
  'If this e-mail address could be registered, the account exists now: log in with it. If it already had an account, nothing changed, and its owner is told at their next login.';

/** Something the owner of an account must hear about, shown once, at their next login. */
export const accountNoticeKinds = ['REGISTRATION_ATTEMPT'] as const;
export const accountNotice = z.object({
  kind: z.enum(accountNoticeKinds).describe('REGISTRATION_ATTEMPT: someone tried to register a new account with this e-mail address'),
  attempts: z.number().int().positive().describe('How many times since the last notice'),
  firstAt: isoDateTime,
  lastAt: isoDateTime,
  detail: z.string(),
});
export type AccountNotice = z.infer<typeof accountNotice>;
export const registrationAttemptDetail =
  'Someone tried to register a new account with your e-mail address. If it was you, you already have this account. If not, nothing changed; no one can use your account without your password.';

/** A login's answer: the tokens, and the notices the owner has not seen yet (each shown once). */
export const loginResult = tokenPair.extend({
  notices: z.array(accountNotice).describe('Notices for the owner since their last login, each shown once (usually empty)'),
});

// ---- Kafka commands on user.commands ----
/**
 * A registration's personal data. It travels through Kafka, so the gateway hashes the password
 * first: no plaintext credential is ever written to a topic (topics are retained and replicated).
 */
export const registrationPersonalData = z.object({ email, passwordHash: singleLineText(1, 500), fullName });
export type RegistrationPersonalData = z.infer<typeof registrationPersonalData>;

/**
 * The same, sealed with AES-256-GCM (@coin/security `sealPersonalData`) under a key the user
 * service made for this registration (POST /internal/registration-keys) and keeps with the account:
 * erasing the account deletes the key, and the command's bytes on user.commands can no longer be
 * read (docs/DESIGN.md "Erasure"). `data` is the ciphertext and its tag; the key never travels here.
 */
export const sealedPersonalData = z.object({
  keyId: z.uuid(),
  iv: z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'must be 12 bytes, base64url'),
  data: z.string().regex(/^[A-Za-z0-9_-]{22,4000}$/, 'must be base64url'),
});

/** The key a registration's data is sealed under, as the user service hands it to the gateway (base64url, 32 bytes). */
export const registrationKey = z.object({ keyId: z.uuid(), key: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const registrationExtras = {
  /**
   * SHA-256 (hex) of the gateway's one-time session grant for the new account
   * (docs/DESIGN.md "Internal HTTP credentials"); the grant itself never reaches the topic.
   * Registrations that answer no session (the operator CLI, the bootstrap) send none.
   */
  sessionGrantHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
};

/**
 * A registration: sealed (what the gateway sends), or in clear (what a gateway of an earlier
 * version sent; still applied, so an upgrade in any order loses none).
 */
export const registerUserCommand = commandSchema(
  'user.register',
  z.union([z.object({ sealed: sealedPersonalData, ...registrationExtras }), registrationPersonalData.extend(registrationExtras)]),
);

/**
 * At least 128 random bits (base64url) the gateway draws per request, on the commands that may
 * become a two-person request: the request's id derives from them and the command id, so it
 * cannot be computed from the actor and the Idempotency-Key. Optional: a command of a gateway of
 * an earlier version names its request as before.
 */
const requestIdNonce = { idNonce: idNonce.optional() };

/** Role changes, deletions and "log out everywhere" bump the user's token version (docs/CONTRACT.md "Authentication and roles"). */
export const changeRoleCommand = commandSchema('user.change-role', z.object({ userId, role, ...requestIdNonce }));
export const deleteUserCommand = commandSchema('user.delete', z.object({ userId, ...requestIdNonce }));
export const revokeSessionsCommand = commandSchema('user.revoke-sessions', z.object({ userId }));
/**
 * An ADMIN+ verifies an account or takes its verification away (docs/CONTRACT.md "Verification"):
 * what cash-out's daily amount reads, through the `verified` claim of the account's next token.
 * A change raises the token version too, so no token with the old claim is taken any longer.
 */
export const setVerificationCommand = commandSchema(
  'user.set-verification',
  z.object({
    userId,
    verified: z.boolean(),
    reason: reasonText,
    ...requestIdNonce,
    /** Set by POST .../verification-requests: the verification of an ADMIN+ account is asked for as a request; absent, it is refused. */
    asRequest: z.literal(true).optional(),
  }),
);
/**
 * A deletion that waited for a second SUPERADMIN (docs/DESIGN.md "Deleting a user"). The target
 * user travels with the request id so the command is keyed like the user's other commands and
 * applied in their order; the user service checks that the request names that user.
 */
export const approveDeletionCommand = commandSchema('user.approve-deletion', z.object({ userId, requestId: uuidInput }));
export const rejectDeletionCommand = commandSchema('user.reject-deletion', z.object({ userId, requestId: uuidInput, reason: reasonText }));
/**
 * The gateway generates the key and sends only its SHA-256: the secret never reaches a topic. The
 * key is issued to `ownerUserId` (absent, from an earlier gateway: the actor), an ADMIN+ whose
 * token alone it works with.
 */
export const createApiKeyCommand = commandSchema(
  'user.api-key.create',
  z.object({
    name: singleLineText(1, 100),
    scopes: z.array(apiKeyScope).min(1),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    ownerUserId: userId.optional(),
    ...requestIdNonce,
  }),
);
export const revokeApiKeyCommand = commandSchema('user.api-key.revoke', z.object({ id: uuidInput }));
/** A platform client's id as the operator CLI and the gateway make it: `pc_` + base64url (the rule lives in @coin/events). */
export { platformClientId };
/**
 * Like API keys, the gateway makes the client's id and secret and sends only the secret's SHA-256.
 * `requestHash` (the route and body, as the Idempotency-Key plugin hashes them) comes back in the
 * result, so a retry with the same key but another body is told apart from a true retry.
 */
export const createPlatformClientCommand = commandSchema(
  'user.platform-client.create',
  z.object({
    clientId: platformClientId,
    name: singleLineText(1, 100),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    requestHash: z.string().regex(/^[0-9a-f]{64}$/),
    /** Optional on the wire, so a command sent before grants existed still applies (it grants none). */
    treasuries: z.array(treasuryCode).max(treasuryCodes.length).optional(),
    /** Minor units; absent or null: the ledger default. */
    dailyRewardCap: positiveMinorUnits.nullable().optional(),
    /** The `cashout` grant (a payout provider); optional on the wire, so a command sent before it existed grants none. */
    cashout: z.boolean().optional(),
    ...requestIdNonce,
  }),
);
/**
 * A new callback secret for a payout provider (docs/CONTRACT.md "Cash-out"): the gateway makes the
 * secret and sends it only sealed under its own key (the HMAC of a callback needs the secret
 * itself, so a hash cannot verify it), with the secret's SHA-256 and `requestHash` coming back in
 * the result so a retry is told from a first answer. A second SUPERADMIN approves it.
 */
export const issueCallbackSecretCommand = commandSchema(
  'user.platform-client.callback-secret',
  z.object({
    clientId: platformClientId,
    sealedSecret: z.string().regex(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{40,200}\.[A-Za-z0-9_-]{22}$/),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    requestHash: z.string().regex(/^[0-9a-f]{64}$/),
    ...requestIdNonce,
  }),
);
/**
 * The change of a live platform client's daily reward cap (docs/DESIGN.md "Two-person acts"):
 * always a request a second SUPERADMIN approves, neither of them among the people behind the
 * client's grant (who asked for it and who approved it). Minor units; null: the ledger default.
 */
export const setRewardCapCommand = commandSchema(
  'user.platform-client.set-reward-cap',
  z.object({ clientId: platformClientId, dailyRewardCap: positiveMinorUnits.nullable(), ...requestIdNonce }),
);
export const revokePlatformClientCommand = commandSchema('user.platform-client.revoke', z.object({ clientId: platformClientId }));
/**
 * A second SUPERADMIN decides a two-person act (docs/DESIGN.md "Two-person acts"): a role grant,
 * an API key or a platform client asked for by another. Rare, so one shared key, like API keys.
 */
export const approveGrantCommand = commandSchema('user.approve-grant', z.object({ requestId: uuidInput }));
export const rejectGrantCommand = commandSchema('user.reject-grant', z.object({ requestId: uuidInput, reason: reasonText }));

// The union of the user commands is built from the rows of userCommandContracts, in commands.ts.

// ---- Deletion requests (a deletion at or above DELETION_APPROVAL_MIN_COINS waits for a second SUPERADMIN) ----
export const deletionRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export const deletionRequestStatus = z.enum(deletionRequestStatuses);
export type DeletionRequestStatus = z.infer<typeof deletionRequestStatus>;
/** Who asked or decided: a verified actor, as the command carried it. */
export const deletionRequestActor = z.object({
  kind: z.enum(['user', 'system', 'service', 'operator']),
  id: z.string(),
  role: role.optional(),
});
export const deletionRequest = z.object({
  id: z.uuid(),
  userId,
  status: deletionRequestStatus,
  /** The balance (held coins included) the ledger reported when the deletion was asked for. */
  balance: z.number().describe('Coins (2 decimals)'),
  requestedBy: deletionRequestActor,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  decidedBy: deletionRequestActor.nullable(),
  decidedAt: isoDateTime.nullable(),
  rejectionReason: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequest>;
/** The 202 of a deletion that waits for a second SUPERADMIN. */
export const deletionPending = z.object({ deletionRequest });
export const deletionRequestsQuery = z.strictObject({ status: deletionRequestStatus.optional() });
export const deletionRequestList = z.object({ deletionRequests: z.array(deletionRequest) });
export const deletionRequestIdParam = z.strictObject({ id: uuidInput });
export const rejectDeletionBody = z.strictObject({ reason: reasonText });

// ---- Grant requests: two-person acts (docs/DESIGN.md "Two-person acts") ----
export const grantRequestStatus = deletionRequestStatus;
export type GrantRequestStatus = DeletionRequestStatus;
/** What a grant request does once approved; never a secret or its hash. */
export const grantAct = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('user.change-role'),
    userId,
    role,
    previousRole: role.describe('The role the account had when the change was asked for; the approval applies only while it still has it'),
  }),
  z.object({
    type: z.literal('user.api-key.create'),
    apiKeyId: z.uuid().describe('The id the key has once approved'),
    name: z.string(),
    scopes: z.array(apiKeyScope),
    ownerUserId: userId.describe('The admin the key is issued to, the only one it will work for'),
  }),
  z.object({
    type: z.literal('user.platform-client.create'),
    clientId: z.string().describe('The client id, as `POST /api/auth/token` takes it once approved'),
    name: z.string(),
    treasuries: z.array(treasuryCode),
    dailyRewardCap: coinValue.nullable().describe('Coins it may reward in a rolling 24 h; null: the ledger default'),
    cashout: z.boolean().describe('Granted `cashout`: a payout provider, which claims and settles cash-outs'),
  }),
]);
export type GrantAct = z.infer<typeof grantAct>;
/** What a verification request does once approved (docs/CONTRACT.md "Verification"). */
export const verificationAct = z.object({
  type: z.literal('user.set-verification'),
  userId: userId.describe('The ADMIN or SUPERADMIN account verified once approved (by an ADMIN+ other than the requester and the account)'),
  verified: z.literal(true),
  reason: z.string().describe('Why, as the requester gave it'),
});
export type VerificationAct = z.infer<typeof verificationAct>;
export const grantRequest = z.object({
  id: z.uuid(),
  status: grantRequestStatus,
  act: grantAct,
  requestedBy: deletionRequestActor,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  decidedBy: deletionRequestActor.nullable(),
  decidedAt: isoDateTime.nullable(),
  rejectionReason: z.string().nullable(),
});
export type GrantRequest = z.infer<typeof grantRequest>;
/** The 202 of a two-person act: nothing is granted until another SUPERADMIN approves the request. */
export const grantPending = z.object({ grantRequest });
/** A verification of an ADMIN+ account waiting for a second ADMIN+ (GET /api/admin/verification-requests). */
export const verificationRequest = grantRequest.extend({ act: verificationAct });
export type VerificationRequest = z.infer<typeof verificationRequest>;
export const verificationPending = z.object({ verificationRequest });
export const verificationRequestList = z.object({ verificationRequests: z.array(verificationRequest) });
/** POST /api/admin/users/{id}/verification-requests: why (kept in the request and the audit log). */
export const requestVerificationBody = z.strictObject({
  reason: reasonText.describe('Why, for the admin audit log (the identity check made, a ticket)'),
});
/**
 * Every grant request as the user service stores and answers it (internal): the grants a second
 * SUPERADMIN decides and the verifications a second ADMIN+ decides. The API shows each kind on
 * its own routes (grant-requests, verification-requests).
 */
/** What a payout provider's callback secret request does once approved (docs/CONTRACT.md "Cash-out"); never the secret. */
export const callbackSecretAct = z.object({
  type: z.literal('user.platform-client.callback-secret'),
  clientId: z
    .string()
    .describe('The payout provider whose callbacks the new secret signs once approved; its previous one verifies for the overlap after'),
});
export type CallbackSecretAct = z.infer<typeof callbackSecretAct>;
/** A payout provider's new callback secret waiting for a second SUPERADMIN (GET /api/admin/callback-secret-requests). */
export const callbackSecretRequest = grantRequest.extend({ act: callbackSecretAct });
export type CallbackSecretRequest = z.infer<typeof callbackSecretRequest>;
export const callbackSecretRequestList = z.object({ callbackSecretRequests: z.array(callbackSecretRequest) });
/** What a platform client's reward cap change does once approved (docs/CONTRACT.md "Platform clients"). */
export const rewardCapAct = z.object({
  type: z.literal('user.platform-client.set-reward-cap'),
  clientId: z.string().describe('The live platform client whose daily reward cap changes once approved'),
  dailyRewardCap: coinValue.nullable().describe('Coins it may reward in a rolling 24 h once approved; null: the ledger default'),
  previousDailyRewardCap: coinValue.nullable().describe('Its cap when the change was asked for; null: the ledger default'),
});
export type RewardCapAct = z.infer<typeof rewardCapAct>;
/** A platform client's reward cap change waiting for a second SUPERADMIN (GET /api/admin/reward-cap-requests). */
export const rewardCapRequest = grantRequest.extend({ act: rewardCapAct });
export type RewardCapRequest = z.infer<typeof rewardCapRequest>;
export const rewardCapRequestList = z.object({ rewardCapRequests: z.array(rewardCapRequest) });
/** PUT /api/admin/platform-clients/{id}/daily-reward-cap: the cap asked for (coins; null: the ledger default). */
export const setRewardCapBody = z.strictObject({
  dailyRewardCap: coinAmount.nullable().describe('Coins it may reward in a rolling 24 h once approved; null: the ledger default'),
});
// Every grant request as the user service stores and answers it (`anyGrantRequest`) is built from the
// four-eyes rows whose requests are grant requests: grant-request-kinds.ts.
export const grantRequestsQuery = z.strictObject({ status: grantRequestStatus.optional() });
export const grantRequestList = z.object({ grantRequests: z.array(grantRequest) });
export const grantRequestIdParam = z.strictObject({ id: uuidInput });
export const rejectGrantBody = z.strictObject({ reason: reasonText });

// ---- Internal HTTP of the user service (gateway only) ----
/** The one-time grant the gateway made for a registration: `sg_` + 256 random bits, base64url. */
export const sessionGrant = z.string().regex(/^sg_[A-Za-z0-9_-]{43}$/);
/** A new account's first session, against the grant its registration stored (one use, 60 s). */
export const sessionRequest = z.strictObject({ userId, grant: sessionGrant });

// ---- Events on user.events.v2 (and the retired user.events; docs/CONTRACT.md "Events"): defined in @coin/events (libs/events) ----
export {
  userDeleted,
  userEvent,
  type UserEvent,
  userEventUser,
  userRegistered,
  userRoleChanged,
  userSessionsRevoked,
  userDeletedV2,
  userEventV2,
  type UserEventV2,
  userEventUserV2,
  userRegisteredV2,
  userRoleChangedV2,
  userSessionsRevokedV2,
  userVerificationChangedV2,
} from '@coin/events';

/**
 * What the gateway and the ledger read about accounts: user.events.v2, and user.events (version
 * 1) as long as an older user service may still write it during an upgrade. Both name the
 * account by `user.id` with its `tokenVersion`, all these consumers use; the same fact has the
 * same eventId on either topic.
 */
export const consumedUserEvent = z.union([userEventV2Schema, userEventV1Schema]);
export type ConsumedUserEvent = z.infer<typeof consumedUserEvent>;
