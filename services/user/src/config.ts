import {
  commonEnv,
  metricsEnv,
  databaseEnv,
  parseConfig,
  port,
  positiveInt,
  serviceTokenPublicKeys,
  tracingEnv,
  z,
  type Env,
} from '@coin/config';

export const userConfigSchema = z.object({
  ...commonEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-user'),
  USER_HTTP_PORT: port(8082),
  /** The callers this internal API accepts, JSON {caller: Ed25519 public key PEM, or [old, new] while it rotates} (docs/OPERATIONS.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  /** The user service's own role's URL (not the admin URL). */
  USER_DATABASE_URL: z.string().url(),
  /** Ed25519 private key, PKCS#8 PEM: signs access tokens. Never logged. */
  JWT_PRIVATE_KEY: z.string().min(1),
  JWT_KEY_ID: z.string().min(1).max(100),
  /** Public keys of retired signing keys, still served in the JWKS until their tokens expire: JSON [{kid, publicKeyPem}]. */
  JWT_PREVIOUS_PUBLIC_KEYS: z.string().default('[]'),
  JWT_ISSUER: z.string().default('coin-ledger'),
  JWT_AUDIENCE: z.string().default('coin-ledger-api'),
  ACCESS_TOKEN_TTL_S: positiveInt(900),
  /** The oldest command applied, by when it was issued: how long an outage a replay may follow (7 days, Kafka's retention). */
  COMMAND_MAX_AGE_S: positiveInt(7 * 24 * 3600),
  REFRESH_TOKEN_TTL_S: positiveInt(30 * 24 * 3600),
});

export type UserConfig = z.output<typeof userConfigSchema>;

export function loadUserConfig(env: Env): Readonly<UserConfig> {
  return parseConfig(userConfigSchema, env);
}
