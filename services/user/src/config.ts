import {
  commonEnv,
  metricsEnv,
  databaseEnv,
  parseConfig,
  passwordHashCostOf,
  passwordHashEnv,
  port,
  positiveInt,
  serviceTokenPrivateKey,
  serviceTokenPublicKeys,
  tracingEnv,
  z,
  type Env,
} from '@coin/config';
import { coinsToMinorUnits, minorUnitsPerCoin } from '@coin/contracts';
import { keyProofAudience, referralProofAudience } from '@coin/security';
import type { GrantPolicy } from './domain/grant-requests';
import { mfaKeyBytes } from './domain/secret-box';

/** Coins, 2 decimals at most, or 0 (off). */
function coinsOrZero(defaultCoins: number) {
  return z.coerce
    .number()
    .nonnegative()
    .max(1_000_000_000)
    .refine((v) => v === 0 || coinsToMinorUnits(v) !== null, 'must be 0 or a coin amount (2 decimals at most)')
    .default(defaultCoins);
}

export const userConfigSchema = z.object({
  ...commonEnv,
  ...passwordHashEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-user'),
  USER_HTTP_PORT: port(8082),
  /** The callers this internal API accepts, JSON {caller: Ed25519 public key PEM, or [old, new] while it rotates} (docs/operations/procedures.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  /** The user service's own role's URL (not the admin URL). */
  USER_DATABASE_URL: z.string().url(),
  /** Ed25519 private key, PKCS#8 PEM: signs access tokens. Never logged. */
  JWT_PRIVATE_KEY: z.string().min(1),
  JWT_KEY_ID: z.string().min(1).max(100),
  /** Public keys of retired signing keys, still served in the JWKS until their tokens expire: JSON [{kid, publicKeyPem}]. */
  JWT_PREVIOUS_PUBLIC_KEYS: z.string().default('[]'),
  JWT_ISSUER: z.string().default('coin-ledger'),
  /** Never the key proofs' audience: an access token must not pass for a key proof, nor one for it. */
  JWT_AUDIENCE: z
    .string()
    .refine((audience) => audience !== keyProofAudience, `must not be ${keyProofAudience}, the audience of API key proofs`)
    .refine((audience) => audience !== referralProofAudience, `must not be ${referralProofAudience}, the audience of referrals`)
    .default('coin-ledger-api'),
  ACCESS_TOKEN_TTL_S: positiveInt(900),
  /**
   * How long the proof of an API key the gateway's look-up is answered with stays valid (docs/DESIGN.md
   * "API keys"): the gateway caches it with the key's grant (API_KEY_CACHE_TTL_S, 30 s) and asks again
   * when less than a minute of it is left, and the ledger judges it at the command's time. 5 minutes.
   */
  API_KEY_PROOF_TTL_S: z.coerce
    .number()
    .int()
    .min(120, 'must be at least 120 s (the gateway renews a proof a minute before it expires)')
    .default(300),
  /** The oldest command applied, by when the broker appended it: how long an outage a replay may follow (7 days, Kafka's retention). */
  COMMAND_MAX_AGE_S: positiveInt(7 * 24 * 3600),
  /**
   * How often the revocation relay looks for rows not yet written into ledger.commands'
   * partitions (docs/DESIGN.md "Who asks"). A revocation recorded without an answer that waits
   * for it (the operator CLI's) is written as soon as its commit is announced (LISTEN/NOTIFY);
   * this sweep backs up a notification lost with the listening connection.
   */
  REVOCATION_SWEEP_INTERVAL_MS: positiveInt(30_000),
  REFRESH_TOKEN_TTL_S: positiveInt(30 * 24 * 3600),
  /** Absolute session lifetime: a session (a login and its refreshes) older than this ends, however often it was refreshed (30 days). */
  SESSION_MAX_AGE_S: positiveInt(30 * 24 * 3600),
  /** The same for ADMIN and SUPERADMIN (12 h): an admin signs in again, with the second factor, every working day. */
  ADMIN_SESSION_MAX_AGE_S: positiveInt(12 * 3600),
  /**
   * Step-up (docs/DESIGN.md "Admin sign-in: second factor and step-up"): how long after an admin's
   * last second factor (TOTP) an approval, deletion, role change or new key/client is accepted.
   * The gateway, the user service and the ledger must agree on it.
   */
  STEP_UP_MAX_AGE_S: positiveInt(300),
  /**
   * The key that encrypts TOTP secrets at rest (AES-256-GCM): 32 random bytes, base64 or base64url
   * (`openssl rand -base64 32`). A secret: from a Secret (MFA_ENCRYPTION_SECRET_FILE in containers), never
   * in the database. Changing it makes every enrolled second factor unusable (re-enrol).
   */
  MFA_ENCRYPTION_SECRET: z
    .string()
    .trim()
    .refine((text) => mfaKeyBytes(text) !== null, 'must be 32 bytes, base64 or base64url'),
  /** Wrong second-factor codes an account may send per window before it must wait for the window's end. */
  MFA_FAILURES_MAX: positiveInt(5),
  MFA_FAILURE_WINDOW_S: positiveInt(15 * 60),
  /** How long the challenge of a password sign-in waits for its second factor. */
  MFA_CHALLENGE_TTL_S: positiveInt(300),
  /** Ed25519 private key, PKCS#8 PEM: signs the service tokens of this service's calls to the ledger (a wallet's balance on user.delete). Never logged. */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey(),
  /** The ledger's internal API, read for the balance of a user being deleted. */
  LEDGER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8083'),
  /** How long the balance read of a deletion may take; past it the command is retried (never decided without the figure). */
  LEDGER_READ_TIMEOUT_MS: positiveInt(3000),
  /**
   * A deletion of a user whose wallet holds this many coins or more (held coins included) waits
   * for a second SUPERADMIN (202, a deletion request); 0: every deletion is immediate.
   */
  DELETION_APPROVAL_MIN_COINS: z.coerce
    .number()
    .nonnegative()
    .max(1_000_000_000)
    .refine((v) => v === 0 || coinsToMinorUnits(v) !== null, 'must be 0 or a coin amount (2 decimals at most)')
    .default(10_000),
  /** How long a deletion request waits for its second SUPERADMIN before it expires (24 h). */
  DELETION_REQUEST_EXPIRY_S: positiveInt(24 * 3600),
  /**
   * What one SUPERADMIN deletes alone in a rolling day (docs/DESIGN.md "Deleting a user"): a
   * deletion that would take the sum of the balances they deleted to this many coins or beyond
   * waits for a second SUPERADMIN, however small each is; 0: no sum kept. The default is the
   * single threshold's: one person alone burns less than it a day, in one deletion or many.
   */
  DELETION_WINDOW_DAILY_COINS: coinsOrZero(10_000),
  /** Past this many deletions in a rolling day, one SUPERADMIN's further deletions wait too; 0: not counted. */
  DELETION_WINDOW_DAILY_COUNT: z.coerce.number().int().nonnegative().max(1_000_000).default(20),
  /** How long a two-person act (a role grant, an API key, a platform client) waits for its second SUPERADMIN (24 h). */
  GRANT_REQUEST_EXPIRY_S: positiveInt(24 * 3600),
  /**
   * The highest daily reward cap a platform client may be given, in coins (docs/DESIGN.md
   * "Two-person acts"); a cap above it is refused (422 REWARD_CAP_ABOVE_CEILING). The default is
   * the ledger's default cap (PLATFORM_CLIENT_DAILY_REWARD_COINS), which keep at or below this.
   */
  PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS: z.coerce
    .number()
    .positive()
    .refine((v) => coinsToMinorUnits(v) !== null, 'must be a coin amount (2 decimals at most, at most 1,000,000,000)')
    .default(100_000),
  /**
   * How many test-mode clients a live platform client keeps unrevoked at once of those it made
   * itself (POST /api/platform/test-clients, docs/decisions/0018-sandbox.md "Self-serve test
   * clients"); the next is 422 TEST_CLIENTS_LIMIT until it revokes one. Those an ADMIN+ registers
   * are not counted.
   */
  TEST_CLIENTS_PER_OWNER_MAX: z.coerce.number().int().positive().max(50).default(5),
});

export type UserConfig = z.output<typeof userConfigSchema>;

/** The policy of two-person acts, from the configuration (minor units). */
export function grantPolicyOf(
  config: Pick<UserConfig, 'GRANT_REQUEST_EXPIRY_S' | 'PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS' | 'TEST_CLIENTS_PER_OWNER_MAX'>,
): GrantPolicy {
  return {
    expirySeconds: config.GRANT_REQUEST_EXPIRY_S,
    dailyRewardCapMaxMinor: Math.round(config.PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS * minorUnitsPerCoin),
    testClientsPerOwnerMax: config.TEST_CLIENTS_PER_OWNER_MAX,
  };
}

export function loadUserConfig(env: Env): Readonly<UserConfig> {
  const config = parseConfig(userConfigSchema, env);
  passwordHashCostOf(config);
  return config;
}
