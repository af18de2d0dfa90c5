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

/** Keys every service shares: where the infrastructure is and how this run names things. */
export const commonEnv = {
  /** `production` in the image; `development` allows development-only defaults (the migrate step's role passwords). */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** pino level of the JSON logs on stdout. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated host:port list of Kafka bootstrap brokers. */
  KAFKA_BROKERS: csv('127.0.0.1:9092'),
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

/** Keys of the services that own a PostgreSQL schema (ledger, user, history). */
export const databaseEnv = {
  /**
   * How long PostgreSQL may stay unreachable (a restart, a failover) before the process exits
   * for its orchestrator to restart it. Meanwhile readiness is false and consumers pause.
   */
  DB_OUTAGE_GRACE_MS: positiveInt(60_000),
};

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
