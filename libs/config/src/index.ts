import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/**
 * Parses environment variables once, against a zod schema, and freezes the result. Every
 * invalid key is reported together so an operator fixes them in one go. Values are never echoed:
 * some are secrets.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: Env): Readonly<z.output<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data) as Readonly<z.output<S>>;
}

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
export const csv = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

/** An optional setting: unset and empty (`KEY=` in a ConfigMap or compose) mean the same. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

export const kafkaSecurityProtocols = ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] as const;
export type KafkaSecurityProtocol = (typeof kafkaSecurityProtocols)[number];
export const kafkaSaslMechanisms = ['scram-sha-512', 'scram-sha-256'] as const;

/** How every Kafka client of the project authenticates (docs/operations/deployment.md "Kafka security"). */
export const kafkaSecurityEnv = {
  /** PLAINTEXT (local), SSL, SASL_PLAINTEXT or SASL_SSL (production: SCRAM over TLS). */
  KAFKA_SECURITY_PROTOCOL: z.enum(kafkaSecurityProtocols).default('PLAINTEXT'),
  /** SASL mechanism with a SASL_* protocol (the Strimzi KafkaUsers use scram-sha-512). */
  KAFKA_SASL_MECHANISM: z.enum(kafkaSaslMechanisms).default('scram-sha-512'),
  /** This service's Kafka principal (its KafkaUser); required with a SASL_* protocol. */
  KAFKA_SASL_USERNAME: optionalText(),
  /** The principal's password. Prefer KAFKA_SASL_PASSWORD_FILE (a mounted Secret). Never logged. */
  KAFKA_SASL_PASSWORD: optionalText(),
  /** A file holding the password (the Strimzi KafkaUser Secret's `password` key, mounted); read at start. */
  KAFKA_SASL_PASSWORD_FILE: optionalText(),
  /** PEM file of the CA that signed the brokers' certificates (SSL, SASL_SSL); unset: the system CAs. */
  KAFKA_SSL_CA_FILE: optionalText(),
  /** PEM client certificate for mutual TLS (with KAFKA_SSL_KEY_FILE); optional. */
  KAFKA_SSL_CERT_FILE: optionalText(),
  /** PEM private key of KAFKA_SSL_CERT_FILE. */
  KAFKA_SSL_KEY_FILE: optionalText(),
};

/** The Kafka connection keys of a parsed configuration (every schema spreading commonEnv has them). */
export interface KafkaConnectionConfig {
  KAFKA_BROKERS: string[];
  KAFKA_SECURITY_PROTOCOL: KafkaSecurityProtocol;
  KAFKA_SASL_MECHANISM: (typeof kafkaSaslMechanisms)[number];
  KAFKA_SASL_USERNAME?: string | undefined;
  KAFKA_SASL_PASSWORD?: string | undefined;
  KAFKA_SASL_PASSWORD_FILE?: string | undefined;
  KAFKA_SSL_CA_FILE?: string | undefined;
  KAFKA_SSL_CERT_FILE?: string | undefined;
  KAFKA_SSL_KEY_FILE?: string | undefined;
}

/** What a Kafka client needs to connect: TLS material and SASL credentials, already read from their files. */
export interface KafkaSecurity {
  ssl?: { ca?: string; cert?: string; key?: string };
  sasl?: { mechanism: (typeof kafkaSaslMechanisms)[number]; username: string; password: string };
}

/** A trailing newline of a mounted file is not part of the secret. */
const withoutFinalNewline = (text: string) => text.replace(/\r?\n$/, '');

/**
 * The Kafka security of a parsed configuration, its files read. Fails closed: a SASL protocol
 * without a username or a password, an unreadable file, a client certificate without its key,
 * all throw a configuration error (no value is echoed) before anything connects.
 */
export function kafkaSecurityOf(
  config: KafkaConnectionConfig,
  read: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): KafkaSecurity {
  const problems: string[] = [];
  const readKey = (key: keyof KafkaConnectionConfig): string | undefined => {
    const path = config[key] as string | undefined;
    if (!path) return undefined;
    try {
      return read(path);
    } catch (err) {
      problems.push(`  ${key}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
  };
  const protocol = config.KAFKA_SECURITY_PROTOCOL;
  const security: KafkaSecurity = {};
  if (protocol === 'SSL' || protocol === 'SASL_SSL') {
    const ca = readKey('KAFKA_SSL_CA_FILE');
    const cert = readKey('KAFKA_SSL_CERT_FILE');
    const key = readKey('KAFKA_SSL_KEY_FILE');
    if (Boolean(config.KAFKA_SSL_CERT_FILE) !== Boolean(config.KAFKA_SSL_KEY_FILE))
      problems.push('  KAFKA_SSL_CERT_FILE: set both KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE, or neither');
    security.ssl = { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
  }
  if (protocol === 'SASL_PLAINTEXT' || protocol === 'SASL_SSL') {
    const username = config.KAFKA_SASL_USERNAME;
    const fromFile = config.KAFKA_SASL_PASSWORD ? undefined : readKey('KAFKA_SASL_PASSWORD_FILE');
    // The container entry may have filled KAFKA_SASL_PASSWORD from the file already (resolveFileEnv).
    const raw = config.KAFKA_SASL_PASSWORD ?? fromFile;
    const password = raw === undefined ? undefined : withoutFinalNewline(raw);
    if (!username) problems.push(`  KAFKA_SASL_USERNAME: required with KAFKA_SECURITY_PROTOCOL=${protocol}`);
    if (!password && !problems.some((p) => p.includes('KAFKA_SASL_PASSWORD_FILE')))
      problems.push(`  KAFKA_SASL_PASSWORD: required with KAFKA_SECURITY_PROTOCOL=${protocol} (or KAFKA_SASL_PASSWORD_FILE)`);
    if (username && password) security.sasl = { mechanism: config.KAFKA_SASL_MECHANISM, username, password };
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return security;
}

/** Keys every service shares: where the infrastructure is and how this run names things. */
export const commonEnv = {
  /** `production` in the image; `development` allows development-only defaults (the migrate step's role passwords). */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** pino level of the JSON logs on stdout. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated host:port list of Kafka bootstrap brokers. */
  KAFKA_BROKERS: csv('127.0.0.1:9092'),
  ...kafkaSecurityEnv,
  /**
   * How long the broker holds an idle fetch of a consumer on the request path (the ledger's and
   * the user service's commands, the gateways' replies), ms; heartbeats follow it, at most a third
   * of the 6 s session. A record answers a held fetch at once, so this is what an idle consumer
   * costs (fewer fetches) against how long its stop or a rebalance waits for the fetch in flight.
   * Test stacks, which stop hundreds of times, use 500.
   */
  KAFKA_REQUEST_PATH_FETCH_WAIT_MS: z.coerce.number().int().min(100).max(2000).default(2000),
  /**
   * How long the broker holds an idle fetch of a consumer off the request path (projections,
   * feeds, caches), ms; heartbeats follow it. A record answers a held fetch at once, so this is
   * only what an idle consumer costs (fewer fetches) against how long its stop or a rebalance
   * waits for the fetch in flight. Test stacks, which stop hundreds of times, use 500.
   */
  KAFKA_OFF_PATH_FETCH_WAIT_MS: z.coerce.number().int().min(100).max(5000).default(3000),
  /**
   * How long a partition's committed offset may stand still while records wait before the
   * partition counts as stalled, ms: /readyz fails naming it, `coin_kafka_consumer_stalled_seconds`
   * grows (docs/OPERATIONS.md "A stalled partition"). A consumer commits what it applied within
   * its commit interval, busy or idle, so this only has to outlast the slowest batch.
   */
  CONSUMER_STALL_AFTER_MS: z.coerce.number().int().min(5000).max(600_000).default(20_000),
  /**
   * How often each consumer reads its group's committed offsets and the log ends, ms: the
   * consumer lag metric's refresh, and how late after CONSUMER_STALL_AFTER_MS a stall is seen.
   */
  CONSUMER_STALL_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).max(60_000).default(5000),
  /**
   * When a consumer kafkajs keeps running but that does no work is replaced by a new one of its
   * group, ms: one not joined this long after it started or lost its group (doubling per relaunch
   * in a row that did not join), or one whose partition stood still this long with no batch in its
   * handler (docs/RELIABILITY.md "A consumer kafkajs leaves stuck"). Counted in
   * `coin_kafka_consumer_restarts_total`.
   */
  CONSUMER_RELAUNCH_AFTER_MS: z.coerce.number().int().min(10_000).max(600_000).default(30_000),
  /** Prepended to every topic name; tests use a unique one per run instead of restarting Kafka. */
  TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/)
    .default(''),
  /** Prepended to every schema name, for the same reason. */
  DB_SCHEMA_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/)
    .default(''),
  /** Address the HTTP server binds to (`0.0.0.0` in containers). */
  HOST: z.string().default('127.0.0.1'),
};

/**
 * Keys of the services that hash passwords (the gateway at registration, the user service at
 * login, where it also rehashes a hash made at a lower cost).
 */
export const passwordHashEnv = {
  /**
   * scrypt's cost as log2 of N (r=8, p=1): 17 is OWASP's minimum (128 MiB, about 0.3 s per hash)
   * and the lowest a production start accepts; raise it and every stored hash is rehashed at its
   * owner's next login. Below 17 only with PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS=true.
   */
  PASSWORD_SCRYPT_LOG2_N: z.coerce.number().int().min(10).max(18).default(17),
  /**
   * `true` admits PASSWORD_SCRYPT_LOG2_N below 17, for test stacks only (a test registers
   * hundreds of users); the service logs a warning at start. Never set it in production.
   */
  PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS: bool(false),
};

/** The production minimum of PASSWORD_SCRYPT_LOG2_N (OWASP Password Storage Cheat Sheet). */
export const passwordScryptLog2NMin = 17;

/**
 * The scrypt cost a service hashes with; throws (as an invalid configuration) when it is below
 * the OWASP minimum and the configuration does not say, explicitly, that this is a test.
 */
export function passwordHashCostOf(
  config: { PASSWORD_SCRYPT_LOG2_N: number; PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS: boolean },
  logger?: { warn(details: object, message: string): void },
): { log2N: number; r: number; p: number } {
  const belowOwasp = config.PASSWORD_SCRYPT_LOG2_N < passwordScryptLog2NMin;
  if (belowOwasp && !config.PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS) {
    throw new Error(
      `Invalid configuration:\n  PASSWORD_SCRYPT_LOG2_N: below ${passwordScryptLog2NMin} (OWASP's minimum) needs PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS=true, for tests only`,
    );
  }
  // Never silent: a weak cost says so at every start.
  if (belowOwasp) logger?.warn({ log2N: config.PASSWORD_SCRYPT_LOG2_N }, 'password hashing below OWASP minimum cost: for tests only');
  return { log2N: config.PASSWORD_SCRYPT_LOG2_N, r: 8, p: 1 };
}

/** Keys of the four long-running services. */
export const metricsEnv = {
  /**
   * Port of /healthz, /readyz and /metrics (the kubelet's probes, Prometheus's scrapes). The API
   * port does not serve them, so the monitoring namespace is admitted to this port only.
   */
  METRICS_PORT: port(9090),
  /**
   * How long /readyz waits for one dependency's check (a PostgreSQL `SELECT 1`, Kafka's cluster
   * description, a Redis PING) before it calls that dependency down: under the kubelet's probe
   * timeout (3 s in deploy/k8s), so a slow check shows as down rather than as a probe timeout.
   */
  READINESS_CHECK_TIMEOUT_MS: positiveInt(2000),
};

/** Keys of the services that own a PostgreSQL schema (ledger, user, history). */
export const databaseEnv = {
  /**
   * How long PostgreSQL may stay unreachable (a restart, a failover) before the process exits
   * for its orchestrator to restart it. Meanwhile readiness is false and consumers pause.
   */
  DB_OUTAGE_GRACE_MS: positiveInt(60_000),
  /**
   * How long opening a PostgreSQL connection (or waiting for a free one of the pool) may take
   * before that query fails. The failure is transient: a consumer retries its batch, a read
   * answers 503, a start fails and is restarted.
   */
  DB_CONNECT_TIMEOUT_MS: positiveInt(5000),
};

/** The samplers OTEL_TRACES_SAMPLER names (the OpenTelemetry SDK's built-in ones). */
export const traceSamplers = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** An optional setting that is unset when empty (`KEY=` in a ConfigMap), as the OpenTelemetry SDK reads it. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z
    .literal('')
    .or(schema)
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));

/** `key=value` pairs separated by commas, as OTEL_RESOURCE_ATTRIBUTES takes them (values percent-encoded). */
const resourceAttributesPattern = /^\s*[^=,\s]+\s*=[^=,]*(,\s*[^=,\s]+\s*=[^=,]*)*$/;

/**
 * Keys of the services that emit traces (docs/operations/observability.md "Traces"), under the standard
 * OpenTelemetry names. `serviceName` is the default `service.name` of the service's spans. The
 * OpenTelemetry SDK reads these (and the other standard `OTEL_*` variables) from the environment
 * itself; they are declared here so that a malformed one stops the start rather than being
 * ignored, and so that they are listed in the configuration reference.
 */
export const tracingEnv = (serviceName: string) => ({
  /** `none` (the default: no SDK is loaded, no span is made) or `otlp` (the OpenTelemetry SDK, exporting over OTLP). */
  OTEL_TRACES_EXPORTER: z.enum(['none', 'otlp']).default('none'),
  /**
   * Base URL of the OTLP collector: spans go to `<endpoint>/v1/traces` over OTLP/HTTP (protobuf; OTEL_EXPORTER_OTLP_PROTOCOL
   * `http/json` or `grpc` to change; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, a full URL, wins).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().default('http://localhost:4318'),
  /** The `service.name` of this service's spans (ahead of one in OTEL_RESOURCE_ATTRIBUTES). */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default(serviceName),
  /**
   * Which spans are recorded: a sampler of the OpenTelemetry SDK. Unset: every span (always_on), whatever a caller's
   * `traceparent` flags say. `traceidratio` keeps a share of traces by trace id, so every service keeps or drops the
   * same traces; the `parentbased_*` ones follow a caller's sampled flag.
   */
  OTEL_TRACES_SAMPLER: unsetWhenEmpty(z.enum(traceSamplers)),
  /** The share of traces `traceidratio` and `parentbased_traceidratio` keep, from 0 to 1 (unset: 1). */
  OTEL_TRACES_SAMPLER_ARG: unsetWhenEmpty(z.coerce.number().min(0).max(1)),
  /**
   * More attributes of the spans' resource, `key=value` pairs separated by commas (values percent-encoded), e.g.
   * `deployment.environment.name=production,service.namespace=coin`. `service.name` here yields to OTEL_SERVICE_NAME.
   */
  OTEL_RESOURCE_ATTRIBUTES: unsetWhenEmpty(z.string().regex(resourceAttributesPattern, 'key=value pairs separated by commas')),
});

/**
 * Whether `pem` parses as a key of this kind and is Ed25519. A private key is never taken for a
 * public one (node derives the public key from it): a private key pasted among the callers' public
 * keys would sit in a ConfigMap.
 */
export function isEd25519Pem(pem: string, kind: 'private' | 'public'): boolean {
  if (kind === 'public' && pem.includes('PRIVATE KEY')) return false;
  try {
    return (kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem)).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/**
 * This service's Ed25519 private key (PKCS#8 PEM) for the service tokens it sends to internal
 * APIs (docs/DESIGN.md "Internal HTTP credentials"). Required: no default, never logged.
 */
export const serviceTokenPrivateKey = () =>
  z
    .string({
      error: 'required: this service signs the tokens of its internal HTTP calls with it (docs/operations/procedures.md "Service keys")',
    })
    .refine((pem) => isEd25519Pem(pem, 'private'), { message: 'must be an Ed25519 private key, PKCS#8 PEM' });

/**
 * The callers this service's internal API accepts: JSON `{"gateway": "-----BEGIN PUBLIC KEY-----…"}`,
 * caller name → Ed25519 public key (SPKI PEM), or `[old, new]` while that caller's key rotates.
 * Required: an internal API with no callers serves nobody, and one that accepts anybody is what
 * this replaced. Public material, not a secret; `SERVICE_TOKEN_PUBLIC_KEYS_FILE` may name a file
 * holding it (isFileEnvKey).
 */
export const serviceTokenPublicKeys = () =>
  z
    .string({ error: 'required: the public keys of the callers of this internal API (docs/operations/procedures.md "Service keys")' })
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object {"<caller>": "<Ed25519 public key PEM>"}' });
        return z.NEVER;
      }
      const pems = z.union([z.string(), z.array(z.string()).min(1).max(2)]);
      const keys = z.record(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/), pems).safeParse(parsed);
      if (!keys.success) {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object {"<caller>": "<Ed25519 public key PEM>" or [old, new]}' });
        return z.NEVER;
      }
      for (const [caller, value] of Object.entries(keys.data)) {
        for (const pem of Array.isArray(value) ? value : [value])
          if (!isEd25519Pem(pem, 'public'))
            ctx.addIssue({ code: 'custom', message: `a key of ${caller} is not an Ed25519 public key (SPKI PEM)` });
      }
      return keys.data;
    });

/**
 * The public keys a service verifies signed tokens with (AUTHORITY_PUBLIC_KEYS: the user service's
 * access-token keys; a monitoring command key): JSON `[{"kid": "…", "publicKeyPem": "…"}]`, at
 * least one, old and new side by side while a key rotates.
 */
export const trustedPublicKeys = () =>
  z.string().transform((text, ctx): Array<{ kid: string; publicKeyPem: string }> => {
    const refuse = (why: string) => {
      ctx.addIssue({ code: 'custom', message: `must be JSON [{kid, publicKeyPem}]: ${why}` });
      return z.NEVER;
    };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return refuse((err as Error).message);
    }
    if (!Array.isArray(value)) return refuse('must be a JSON array of {kid, publicKeyPem}');
    if (value.length === 0) return refuse('at least one key');
    const keys: Array<{ kid: string; publicKeyPem: string }> = [];
    for (const [i, entry] of value.entries()) {
      const { kid, publicKeyPem } = (entry ?? {}) as Record<string, unknown>;
      if (typeof kid !== 'string' || !kid || typeof publicKeyPem !== 'string' || !publicKeyPem)
        return refuse(`entry ${i} must be {kid, publicKeyPem}`);
      keys.push({ kid, publicKeyPem });
    }
    return keys;
  });

export { z };

/**
 * Which configuration keys are secrets, by name: deploy/ keeps these in Secrets (never in a
 * ConfigMap or a committed file), the container entry reads them from `<KEY>_FILE` mounts, and
 * the configuration reference marks them. Name a new secret key so that it matches.
 */
export const secretEnvKeyPattern = /(^|_)(DATABASE_URL|REDIS_URL|PRIVATE_KEY|PASSWORD|SECRET|TOKEN)$/;

export function isSecretEnvKey(key: string): boolean {
  return secretEnvKeyPattern.test(key);
}

/** Keys that are no secret but are JSON of PEM text: the trusted token keys (the ledger's and monitoring's), the callers' public service keys. */
const fileOnlyEnvKeys = new Set([
  'AUTHORITY_PUBLIC_KEYS',
  'SERVICE_TOKEN_PUBLIC_KEYS',
  'AUDIT_SIGNER_PUBLIC_KEYS',
  'MONITORING_COMMAND_PUBLIC_KEYS',
]);

/** Whether the container entry reads `<KEY>` from a mounted `<KEY>_FILE`: every secret, and fileOnlyEnvKeys. */
export function isFileEnvKey(key: string): boolean {
  return isSecretEnvKey(key) || fileOnlyEnvKeys.has(key);
}
