import {
  bool,
  commonEnv,
  databaseEnv,
  metricsEnv,
  parseConfig,
  port,
  positiveInt,
  serviceTokenPrivateKey,
  serviceTokenPublicKeys,
  tracingEnv,
  z,
  type Env,
} from '@coin/config';

const base64Key = /^[A-Za-z0-9+/_-]{43}=?$/;

/** 32 bytes from base64 or base64url text, or null (a key of all-equal bytes is a placeholder, not a key). */
export function encryptionKeyBytes(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!base64Key.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 32 || bytes.every((byte) => byte === bytes[0])) return null;
  return bytes;
}

export const webhooksConfigSchema = z.object({
  ...commonEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-webhooks'),
  WEBHOOKS_HTTP_PORT: port(8085),
  /** The callers this internal API accepts, JSON {caller: Ed25519 public key PEM, or [old, new] while it rotates} (docs/operations/procedures.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  /** Ed25519 private key, PKCS#8 PEM: signs this service's admin audit records (docs/DESIGN.md "Admin audit log"). Never logged. */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey(),
  WEBHOOKS_DATABASE_URL: z.string().url(),
  /**
   * AES-256-GCM key (32 bytes, base64 or base64url: `openssl rand -base64 32`) that seals the
   * endpoints' signing secrets in the database. A secret: from a Secret (WEBHOOKS_ENCRYPTION_SECRET_FILE
   * in containers), never logged. Changing it makes every stored endpoint secret unreadable (rotate each endpoint's secret).
   */
  WEBHOOKS_ENCRYPTION_SECRET: z
    .string()
    .trim()
    .refine((text) => encryptionKeyBytes(text) !== null, 'must be 32 bytes, base64 or base64url'),
  /**
   * `true` lets endpoints and deliveries reach private, loopback and link-local addresses (an
   * operator's choice for a local stack or a receiver inside the network; never a client's).
   */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: bool(false),
  /** `true` admits http:// endpoint URLs besides https:// (local stacks and tests only). */
  WEBHOOKS_ALLOW_HTTP: bool(false),
  /** One attempt's whole budget: connect, TLS, request and response headers (milliseconds). */
  WEBHOOKS_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /**
   * The pause after a failed pass or after two in a row that found a delivery due but claimed none
   * (a transaction holds its row), and how often the sandbox's worker looks (its test clocks move
   * unannounced).
   */
  WEBHOOKS_POLL_INTERVAL_MS: positiveInt(1_000),
  /**
   * The longest the live worker sleeps with nothing due. It is woken by each delivery written and
   * each endpoint enabled (PostgreSQL's notification at commit) and at the next retry's due time;
   * this backs up a notification lost with the listening connection.
   */
  WEBHOOKS_IDLE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Deliveries sent at once by one instance. */
  WEBHOOKS_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * The retry schedule's unit (milliseconds): the waits are 1, 2, 4 … 256, 360, 360, 360 of it,
   * 13 attempts in all (docs/DESIGN.md "Webhooks"). A minute in production, which makes the
   * promised 26.5 hours; a test or local stack shortens it to see retries and disabling at once.
   */
  WEBHOOKS_RETRY_UNIT_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** Endpoints one platform client may register. */
  WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How often the pruning job deletes the platform events older than their 30 days (eventRetentionDays
   * in @coin/contracts; GET /api/events promises 30) (milliseconds; an hour by default).
   */
  WEBHOOKS_EVENT_PRUNE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
  /**
   * The user service's internal API, read with this service's token (`GET /internal/platform-clients`,
   * the user service's SERVICE_TOKEN_PUBLIC_KEYS must admit `webhooks`): every platform client and its
   * grants, so a client's events are recorded whether or not it has an endpoint.
   */
  USER_SERVICE_URL: z.string().url(),
  /**
   * How often the platform clients are read again from the user service (milliseconds; a minute by
   * default): the longest a client's revocation (besides the gateways' report), or a new client
   * whose first event names no client (a hold), waits to be seen. An event naming a client not
   * known yet has the table read at once.
   */
  WEBHOOKS_CLIENTS_REFRESH_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Balance monitors there may be at once (all wallets together): each costs the balance consumer a look-up. */
  WEBHOOKS_MAX_BALANCE_MONITORS: z.coerce.number().int().min(1).max(10_000).default(200),
  /**
   * The space this instance serves (docs/decisions/0018-sandbox.md): `live`, or `test` for the
   * sandbox's instance, run under the sandbox's TOPIC_PREFIX and DB_SCHEMA_PREFIX. Each serves the
   * clients of its own space only (a test_ client's endpoints are the sandbox's, a live client's
   * the live one's), and only `test` judges retries by the clients' test clocks.
   */
  WEBHOOKS_SPACE: z.enum(['live', 'test']).default('live'),
  /**
   * The sandbox ledger's internal API (WEBHOOKS_SPACE=test only, where it is required): its test
   * clocks, which the retry schedule of a test client's deliveries follows. Read with this
   * service's token; a live instance never reads it.
   */
  WEBHOOKS_TEST_CLOCKS_URL: z
    .string()
    .url()
    .or(z.literal(''))
    .optional()
    .transform((url) => url || undefined),
});

export type WebhooksConfig = z.output<typeof webhooksConfigSchema>;

export function loadWebhooksConfig(env: Env): Readonly<WebhooksConfig> {
  const config = parseConfig(webhooksConfigSchema, env);
  // The sandbox's retries follow its clients' test clocks: without the ledger that keeps them it would not start.
  if (config.WEBHOOKS_SPACE === 'test' && config.WEBHOOKS_TEST_CLOCKS_URL === undefined) {
    throw new Error('WEBHOOKS_SPACE=test needs WEBHOOKS_TEST_CLOCKS_URL (the sandbox ledger whose test clocks the retries follow)');
  }
  return config;
}
