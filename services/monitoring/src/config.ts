import {
  commonEnv,
  databaseEnv,
  metricsEnv,
  parseConfig,
  port,
  positiveInt,
  serviceTokenPrivateKey,
  serviceTokenPublicKeys,
  trustedPublicKeys,
  tracingEnv,
  z,
  type Env,
} from '@coin/config';

export const monitoringConfigSchema = z.object({
  ...commonEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-monitoring'),
  MONITORING_HTTP_PORT: port(8086),
  /** The callers this internal API accepts (the gateway), JSON {caller: Ed25519 public key PEM} (docs/operations/procedures.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  /** Ed25519 private key, PKCS#8 PEM: signs this service's admin audit records. Never logged. */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey(),
  MONITORING_DATABASE_URL: z.string().url(),
  /**
   * The public keys of the user service's access-token signing keys, current and retired, JSON
   * [{kid, publicKeyPem}] (the ledger's AUTHORITY_PUBLIC_KEYS): what this service verifies the
   * token of the person who asks for a step against (docs/design/monitoring.md "Who asks").
   * Configuration, never fetched: who may loosen monitoring is decided from what it was given.
   */
  AUTHORITY_PUBLIC_KEYS: trustedPublicKeys(),
  JWT_ISSUER: z.string().default('coin-ledger'),
  JWT_AUDIENCE: z.string().default('coin-ledger-api'),
  /**
   * How old the second factor in that token may be (seconds): every step on a case or a rule needs
   * a fresh one, as its gateway route does. The gateway, the user service, the ledger and this
   * service must agree on it.
   */
  STEP_UP_MAX_AGE_S: positiveInt(300),
  /**
   * The user service's internal API, asked where the person who asks for a step stands now (their
   * token version and role: `GET /internal/users/:id`, with this service's token; the user
   * service's SERVICE_TOKEN_PUBLIC_KEYS must admit `monitoring`).
   */
  USER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8082'),
  /** How long that question may take; past it the step is refused 503 (never taken without the answer). */
  USER_READ_TIMEOUT_MS: positiveInt(3000),
  /**
   * Ed25519 private key, PKCS#8 PEM: signs the freezes this service sends the ledger (docs/operations/procedures.md
   * "Monitoring command key"). Unset: no freeze is sent; a case at the freeze score is logged and marked `not-wired`. Never logged.
   */
  MONITORING_COMMAND_PRIVATE_KEY: z.string().min(1).optional(),
  /** The command key's id, as the ledger's MONITORING_COMMAND_PUBLIC_KEYS names it (with MONITORING_COMMAND_PRIVATE_KEY). */
  MONITORING_COMMAND_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  /** A flagged transaction's score at or above which a case opens (0-100). */
  MONITORING_CASE_SCORE: z.coerce.number().int().min(1).max(100).default(50),
  /** The score at or above which the case's wallet is frozen through the ledger (0-100; above 100: never). */
  MONITORING_FREEZE_SCORE: z.coerce.number().int().min(1).max(101).default(90),
  /**
   * The automatic freezes one rule may ask for in an hour; past it the rule pauses itself (TEST,
   * audited) and `coin_monitoring_rule_pauses_total` pages. A rule freezing more is a rule gone wrong.
   */
  MONITORING_RULE_FREEZES_PER_HOUR_MAX: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * A case at or above this score is called FALSE_POSITIVE by two ADMIN+ (one proposes, another
   * resolves the same way); below it, and CONFIRMED at any score, by one (1-101; 101: never two).
   */
  MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE: z.coerce.number().int().min(1).max(101).default(60),
  /**
   * How long a proposal waiting for a second ADMIN+ (a rule's change, a case's resolution, a rule's
   * freeze lift) may be approved, in seconds; past it nobody approves it (it reads EXPIRED) and the
   * next send proposes anew. As long as a grant request's (GRANT_REQUEST_EXPIRY_S) by default.
   */
  MONITORING_PROPOSAL_EXPIRY_S: z.coerce.number().int().min(1).max(2_592_000).default(86_400),
  /** Wallets (and clients) the in-memory windows hold at most; the least recently moved go first. */
  MONITORING_WINDOW_KEYS_MAX: z.coerce.number().int().min(100).max(5_000_000).default(200_000),
  /** Movements one wallet's window holds at most (a velocity count above it cannot be seen). */
  MONITORING_WINDOW_EDGES_MAX: z.coerce.number().int().min(10).max(100_000).default(1_000),
  /** Days of seen transactions kept for back-tests (older ones are pruned). */
  MONITORING_RETENTION_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** How often the windows are swept and old transactions pruned (milliseconds). */
  MONITORING_SWEEP_INTERVAL_MS: positiveInt(60_000),
});

export type MonitoringConfig = z.output<typeof monitoringConfigSchema>;

export function loadMonitoringConfig(env: Env): Readonly<MonitoringConfig> {
  return parseConfig(monitoringConfigSchema, env);
}
