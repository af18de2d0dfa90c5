import {
  commonEnv,
  metricsEnv,
  csv,
  passwordHashCostOf,
  passwordHashEnv,
  tracingEnv,
  parseConfig,
  port,
  positiveInt,
  serviceTokenPrivateKey,
  z,
  type Env,
} from '@coin/config';
import { revocationsWaitMsMax } from '@coin/contracts';
import { parseWebhookSecret } from '@coin/events';
import { redisCommandTimeoutMsDefault } from '@coin/redis';
import { decodeCacheMacSecret } from './plugins/cache-mac';
import { callbackKeyBytes } from './auth/callback-secrets';
import { isProxyAddress } from './plugins/client-address';

/** An optional setting for which empty (`KEY=` in a ConfigMap or compose, "no sandbox here") means unset; else it must be valid. */
function emptyAsUnset(valid: (text: string) => boolean, message: string) {
  return z
    .string()
    .optional()
    .transform((text) => (text === undefined || text.trim() === '' ? undefined : text))
    .refine((text) => text === undefined || valid(text), message);
}
const isUrl = (text: string) => z.string().url().safeParse(text).success;

export const gatewayConfigSchema = z.object({
  ...commonEnv,
  ...passwordHashEnv,
  ...metricsEnv,
  ...tracingEnv('coin-gateway'),
  GATEWAY_PORT: port(8080),
  /**
   * The access log (docs/operations/observability.md "Access log"): every 4xx, 5xx and slow answer gets a line;
   * of the others this share (0 to 1; 1 logs every request).
   */
  GATEWAY_ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  /** An answer that took at least this long (ms) always gets an access line. */
  GATEWAY_ACCESS_LOG_SLOW_MS: positiveInt(1000),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /**
   * Longest wait for one Redis call, and for a silent Redis connection before it is replaced. With
   * Redis down or not answering, requests go on without it or answer 503 within about this
   * (docs/OPERATIONS.md "Redis outage").
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(redisCommandTimeoutMsDefault),
  USER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8082'),
  LEDGER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8083'),
  HISTORY_SERVICE_URL: z.string().url().default('http://127.0.0.1:8084'),
  /** The webhooks service's internal API: the platform clients' webhook endpoints (docs/DESIGN.md "Webhooks"). */
  WEBHOOKS_SERVICE_URL: z.string().url().default('http://127.0.0.1:8085'),
  /** The monitoring service's internal API: cases and rules for ADMIN+ (docs/design/monitoring.md). */
  MONITORING_SERVICE_URL: z.string().url().default('http://127.0.0.1:8086'),
  /**
   * The sandbox ledger's TOPIC_PREFIX (docs/decisions/0018-sandbox.md): a test-mode client's
   * commands on the routes the sandbox serves go to its ledger.commands. Unset: no sandbox, and
   * test-mode credentials are refused on every route.
   */
  SANDBOX_TOPIC_PREFIX: emptyAsUnset((text) => /^[a-zA-Z0-9._-]+$/.test(text), 'letters, digits, ".", "_" and "-" only'),
  /**
   * The sandbox ledger's and the sandbox history's internal APIs (docs/decisions/0018-sandbox.md):
   * a test-mode client's reads (a transaction, the search, its test clock) are answered from them
   * alone. Set both with SANDBOX_TOPIC_PREFIX, or none of the three.
   */
  SANDBOX_LEDGER_URL: emptyAsUnset(isUrl, 'must be a URL'),
  SANDBOX_HISTORY_URL: emptyAsUnset(isUrl, 'must be a URL'),
  /**
   * The sandbox's webhooks instance's internal API (docs/decisions/0018-sandbox.md): a test-mode
   * client's webhook endpoints, deliveries and events (`/api/webhooks/…`, `/api/events`) are read
   * and changed there, and only there. Unset: those routes refuse test-mode credentials.
   */
  SANDBOX_WEBHOOKS_URL: emptyAsUnset(isUrl, 'must be a URL'),
  JWT_ISSUER: z.string().default('coin-ledger'),
  JWT_AUDIENCE: z.string().default('coin-ledger-api'),
  /**
   * Step-up (docs/DESIGN.md "Admin sign-in: second factor and step-up"): how long after an admin's
   * last second factor (TOTP) an approval, deletion, role change or new key/client is accepted;
   * past it 403 STEP_UP_REQUIRED. The user service and the ledger check the same window.
   */
  STEP_UP_MAX_AGE_S: positiveInt(300),
  /** How long a write waits for its reply before answering 504 with the command id. */
  COMMAND_TIMEOUT_MS: positiveInt(5000),
  /**
   * How long a command may wait in the gateway for others to share its Kafka produce request
   * (linger.ms); 0 (the default) sends as soon as the previous request is done, which already
   * batches under load and measured lower latency at no more CPU at low rates
   * (docs/decisions/0023-batching-by-the-pipelines-own-pace.md).
   */
  GATEWAY_PRODUCE_LINGER_MS: z.coerce.number().int().min(0).max(100).default(0),
  /**
   * Comma-separated addresses or ranges (CIDR, or loopback / linklocal / uniquelocal) of the
   * proxies in front of the gateway (Ingress controller, load balancer) whose X-Forwarded-For is
   * believed. Empty: the socket address is the client, as when clients connect directly. Behind a
   * proxy that is not listed, every client shares the proxy's per-IP rate limits.
   */
  GATEWAY_TRUSTED_PROXIES: csv('').refine((entries) => entries.every(isProxyAddress), {
    message: 'each entry must be an IP address, a CIDR range, or loopback / linklocal / uniquelocal',
  }),
  /**
   * The gateway's Ed25519 private key (PKCS#8 PEM): signs the service tokens of its calls to the
   * internal APIs (docs/DESIGN.md "Internal HTTP credentials"). Never logged.
   */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey(),
  /** How long a read waits for an internal service. */
  INTERNAL_HTTP_TIMEOUT_MS: positiveInt(3000),
  /** docs/CONTRACT.md "Limits": request bodies above this are refused with 413. */
  BODY_BYTES_MAX: positiveInt(16 * 1024),
  /**
   * After an answer that closes the connection before the body was read (a 413), the bytes the
   * client still sends are read and dropped, up to this many and this long, before the socket is
   * closed, so that the close is no reset that destroys the answer (RFC 9112 §9.6).
   */
  GATEWAY_LINGER_BYTES_MAX: positiveInt(4 * 1024 * 1024),
  GATEWAY_LINGER_MS: positiveInt(5000),
  /**
   * The key of the MACs on cached authorization entries (API-key grants, platform-client status,
   * token versions; docs/DESIGN.md "A cache cannot grant"): at least 32 random bytes, base64 or
   * base64url (`openssl rand -base64 32`). A secret: from a Secret (CACHE_MAC_SECRET_FILE in
   * containers), never in Redis; every gateway instance needs the same one. No default: the
   * gateway does not start without it.
   */
  CACHE_MAC_SECRET: z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      try {
        decodeCacheMacSecret(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /**
   * Deprecated: the fallback callback secrets of payout providers without an issued one
   * (POST /api/admin/platform-clients/{id}/callback-secret; docs/CONTRACT.md "Cash-out"): JSON
   * {"<platform client id>": "whsec_<base64, 16+ bytes>" or [new, old] during a rotation}, the
   * key in standard base64 or base64url, never a mix of the two (read as the verifier reads it). A
   * provider with an issued secret is verified with its issued ones only. A secret: from a Secret
   * (CASHOUT_CALLBACK_SECRET_FILE in containers). Empty: a provider without an issued secret has every callback refused.
   */
  CASHOUT_CALLBACK_SECRET: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON {"<client id>": "whsec_..." or [new, old]}' });
        return z.NEVER;
      }
      // The verifier's own reading (@coin/events), so what starts the gateway is what verifies.
      const secret = z.string().refine((value) => !('error' in parseWebhookSecret(value)));
      const secrets = z
        .record(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/), z.union([secret, z.array(secret).min(1).max(2)]))
        .safeParse(parsed);
      if (!secrets.success) {
        ctx.addIssue({ code: 'custom', message: 'must be JSON {"<client id>": "whsec_<base64>" or [new, old]}' });
        return z.NEVER;
      }
      return Object.fromEntries(Object.entries(secrets.data).map(([id, value]) => [id, Array.isArray(value) ? value : [value]]));
    }),
  /**
   * The key that seals each payout provider's issued callback secret (AES-256-GCM; docs/CONTRACT.md
   * "Cash-out"): 32 random bytes, base64 or base64url (`openssl rand -base64 32`). The gateway seals
   * a new secret with it before it crosses Kafka, and the user service keeps it sealed, never
   * holding the key. A secret: from a Secret (CASHOUT_CALLBACK_ENCRYPTION_SECRET_FILE in
   * containers); every gateway instance needs the same one. Empty: no secret can be issued (503),
   * and a provider with an issued one has every callback refused.
   */
  CASHOUT_CALLBACK_ENCRYPTION_SECRET: z
    .string()
    .trim()
    .default('')
    .refine((text) => text === '' || callbackKeyBytes(text) !== null, {
      message: 'must be 32 random bytes, base64 or base64url',
    }),
  /** After a provider's new callback secret is issued, its previous one still verifies for this long, then never. */
  CASHOUT_CALLBACK_SECRET_OVERLAP_S: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(24 * 3600),
  /** Cached sealed callback secrets of a provider (MAC'd, "A cache cannot grant"); a signature they refuse is checked again against the user service's. */
  CASHOUT_CALLBACK_SECRET_CACHE_TTL_S: z.coerce.number().int().min(1).max(60).default(10),
  /** Cached token versions expire after this; user.events.v2 keep them current meanwhile. */
  TOKEN_VERSION_CACHE_TTL_S: positiveInt(24 * 3600),
  /** Cached API-key grants; revocation through the API drops them at once (docs/DESIGN.md). */
  API_KEY_CACHE_TTL_S: positiveInt(30),
  /** Cached "this platform client is not revoked"; `npm run admin -- revoke-client` drops it at once (docs/operations/procedures.md "Platform clients"). */
  PLATFORM_CLIENT_CACHE_TTL_S: positiveInt(30),
  /**
   * How long each instance remembers a user's revocation in memory (docs/DESIGN.md "A cache cannot
   * grant"), and how far back its own reader of user.events.v2 starts: an older cached version
   * written back is refused while a token issued before the revocation may be valid. At least the
   * user service's ACCESS_TOKEN_TTL_S (15 min by default).
   */
  GATEWAY_REVOCATION_WINDOW_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** Users whose revocation one instance remembers at once (about 100 bytes each); past it the oldest is forgotten, counted. */
  GATEWAY_REVOCATIONS_TRACKED_MAX: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  /**
   * How long the user service may hold each instance's read of the revoked API keys and platform
   * clients when nothing changed (a long poll, answered as soon as a revocation is committed);
   * 0: no long poll, a read every GATEWAY_REVOCATION_POLL_MS.
   */
  GATEWAY_REVOCATION_WAIT_MS: z.coerce.number().int().min(0).max(revocationsWaitMsMax).default(20_000),
  /** The pause after a failed read of the revoked keys and clients, and the most often they are read (one small query when none changed). */
  GATEWAY_REVOCATION_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Rate limits (docs/CONTRACT.md "Limits"), each a count per window. Login requests per client address, whatever their outcome. */
  RATE_LIMIT_LOGIN_PER_IP_MAX: positiveInt(10),
  RATE_LIMIT_LOGIN_PER_IP_WINDOW_MS: positiveInt(60_000),
  /**
   * Free failed logins per (account, client address); past them that client's next attempts on
   * that account are slowed down (RATE_LIMIT_LOGIN_DELAY_*), never locked out. Other clients of
   * the account are not affected (docs/operations/procedures.md "Login throttling"); a success resets the
   * count, which is otherwise forgotten a window after its last failure.
   */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: positiveInt(10),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_MS: positiveInt(15 * 60_000),
  /**
   * Free failed logins of one account across all client addresses (a guesser spreading over many
   * addresses); past them every client but those that logged in to the account before is slowed
   * down. Forgotten a window after the last failure.
   */
  RATE_LIMIT_LOGIN_ACROSS_CLIENTS_MAX: positiveInt(30),
  RATE_LIMIT_LOGIN_ACROSS_CLIENTS_WINDOW_MS: positiveInt(15 * 60_000),
  /** The wait after the first failure past a budget; it doubles with every further failure. */
  RATE_LIMIT_LOGIN_DELAY_BASE_MS: positiveInt(1000),
  /** The longest wait a failure imposes: a slow-down, never a lock-out. */
  RATE_LIMIT_LOGIN_DELAY_MAX_MS: positiveInt(5 * 60_000),
  /** How long a client address that logged in to an account is spared that account's slow-down across clients. */
  RATE_LIMIT_LOGIN_KNOWN_CLIENT_TTL_MS: positiveInt(30 * 24 * 3600_000),
  RATE_LIMIT_REGISTER_PER_IP_MAX: positiveInt(20),
  RATE_LIMIT_REGISTER_PER_IP_WINDOW_MS: positiveInt(60 * 60_000),
  /** Refresh, logout and client-credential calls. */
  RATE_LIMIT_CREDENTIALS_PER_IP_MAX: positiveInt(60),
  RATE_LIMIT_CREDENTIALS_PER_IP_WINDOW_MS: positiveInt(60_000),
  /** Every authenticated write (money commands included), per caller. */
  RATE_LIMIT_WRITES_PER_CALLER_MAX: positiveInt(100),
  RATE_LIMIT_WRITES_PER_CALLER_WINDOW_MS: positiveInt(1000),
  /**
   * Event resends (POST /api/events/{id}/resend) per platform client: each queues its deliveries
   * again and writes an admin audit row per delivery, so a client's resends are a quota of their
   * own, past it 429 RATE_LIMITED.
   */
  RATE_LIMIT_RESENDS_PER_CLIENT_MAX: positiveInt(100),
  RATE_LIMIT_RESENDS_PER_CLIENT_WINDOW_MS: positiveInt(60 * 60_000),
  /**
   * Refusal audit (plugins/refusal-audit.ts): records of 401/403 answers on guarded routes per
   * principal (the verified caller, or the client address of a caller without a valid token) per
   * window, besides the first on each route, which is always recorded; past it one
   * `refusals.suppressed` record per principal and window.
   */
  REFUSAL_AUDIT_PER_PRINCIPAL_MAX: positiveInt(30),
  REFUSAL_AUDIT_WINDOW_MS: positiveInt(60_000),
  /** Principals tracked per window, verified callers and client addresses each (memory); further ones of a kind share one quota. */
  REFUSAL_AUDIT_PRINCIPALS_MAX: positiveInt(10_000),
  /** Refusal records sent and not yet acknowledged; beyond it they are dropped and counted. */
  REFUSAL_AUDIT_IN_FLIGHT_MAX: positiveInt(1000),
  /**
   * Live balance streams (GET /api/wallets/me/stream, docs/DESIGN.md "Live balance") open at once
   * on one gateway instance; past it 503 UNAVAILABLE. Each costs a socket and a few KiB.
   */
  GATEWAY_STREAMS_MAX: positiveInt(10_000),
  /** Live balance streams one caller may hold open at once on one instance; past it 429 RATE_LIMITED. */
  GATEWAY_STREAMS_PER_CALLER_MAX: positiveInt(5),
  /** How often every open stream gets a keep-alive comment, so that proxies do not close it as idle. */
  GATEWAY_STREAM_HEARTBEAT_MS: positiveInt(15_000),
  /** The most changes a resume (Last-Event-ID) replays from the ledger; further behind, the stream starts over with a snapshot. */
  GATEWAY_STREAM_REPLAY_MAX: positiveInt(1000),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Env): Readonly<GatewayConfig> {
  const config = parseConfig(gatewayConfigSchema, env);
  passwordHashCostOf(config);
  sandboxConfigOf(config);
  return config;
}

/**
 * The sandbox's three settings, all set or none (docs/decisions/0018-sandbox.md): its commands'
 * topic prefix and the internal APIs its reads come from. Half of them would serve a test-mode
 * client's commands and leave its reads nowhere to go, so the gateway does not start on it.
 */
export function sandboxConfigOf(
  config: Pick<GatewayConfig, 'SANDBOX_TOPIC_PREFIX' | 'SANDBOX_LEDGER_URL' | 'SANDBOX_HISTORY_URL'>,
): { topicPrefix: string; ledgerUrl: string; historyUrl: string } | undefined {
  const { SANDBOX_TOPIC_PREFIX: topicPrefix, SANDBOX_LEDGER_URL: ledgerUrl, SANDBOX_HISTORY_URL: historyUrl } = config;
  if (topicPrefix === undefined && ledgerUrl === undefined && historyUrl === undefined) return undefined;
  if (topicPrefix === undefined || ledgerUrl === undefined || historyUrl === undefined) {
    throw new Error('SANDBOX_TOPIC_PREFIX, SANDBOX_LEDGER_URL and SANDBOX_HISTORY_URL are set together or not at all');
  }
  return { topicPrefix, ledgerUrl, historyUrl };
}
