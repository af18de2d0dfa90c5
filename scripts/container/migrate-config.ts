import { bool, commonEnv, parseConfig, positiveInt, z, type Env } from '@coin/config';
import { defaultPartitions } from '@coin/contracts';

// Not a service: it binds no port and runs no consumer.
const {
  HOST: _unusedHost,
  CONSUMER_STALL_AFTER_MS: _noConsumerStall,
  CONSUMER_STALL_CHECK_INTERVAL_MS: _noConsumerCheck,
  CONSUMER_RELAUNCH_AFTER_MS: _noConsumerRelaunch,
  ...infraEnv
} = commonEnv;

/**
 * The migration step (compose one-shot, Kubernetes Job): creates the topics, each service's
 * role and schema, applies the migrations, and optionally the first SUPERADMIN.
 */
export const migrateConfigSchema = z
  .object({
    ...infraEnv,
    /** Admin URL: a role that may create roles and schemas. Used by this step only, never by a service. */
    DATABASE_URL: z.string().url(),
    /** The user service's own URL: its role and password are created from it (the same Secret the service reads). */
    USER_DATABASE_URL: z.string().url().optional(),
    /** The ledger service's own URL, as USER_DATABASE_URL. */
    LEDGER_DATABASE_URL: z.string().url().optional(),
    /** The history service's own URL, as USER_DATABASE_URL. */
    HISTORY_DATABASE_URL: z.string().url().optional(),
    /** The webhooks service's own URL, as USER_DATABASE_URL. */
    WEBHOOKS_DATABASE_URL: z.string().url().optional(),
    /** The monitoring service's own URL, as USER_DATABASE_URL. */
    MONITORING_DATABASE_URL: z.string().url().optional(),
    /**
     * The history rebuild's URL (role coin_history_rebuild, the one role that may repair and reset
     * the projection): its password is taken from it, as for the services' URLs.
     */
    HISTORY_REBUILD_DATABASE_URL: z.string().url().optional(),
    /** Partitions of ledger.commands (and of ledger.internal, co-partitioned with it) when it is created (never changed afterwards: see the drain procedure). */
    LEDGER_COMMANDS_PARTITIONS: positiveInt(defaultPartitions['ledger.commands']),
    /**
     * Also provisions the sandbox (docs/decisions/0018-sandbox.md): its topics, and its ledger,
     * history and webhooks schemas with their own runtime roles, under `<TOPIC_PREFIX>sandbox_` and
     * `<DB_SCHEMA_PREFIX>sandbox_` (scripts/stack/sandbox.ts provisionSandbox, as `npm start` does).
     * Set by deploy/k8s/components/sandbox.
     */
    MIGRATE_SANDBOX: bool(false),
    /**
     * With MIGRATE_SANDBOX, the sandbox ledger's own URL (role coin_ledger_sandbox_app, never the
     * live ledger's): its role is created with this password, as for the services' URLs. Required
     * in production with MIGRATE_SANDBOX.
     */
    SANDBOX_LEDGER_DATABASE_URL: z.string().url().optional(),
    /** With MIGRATE_SANDBOX, the sandbox history's own URL (role coin_history_sandbox_app), as SANDBOX_LEDGER_DATABASE_URL. */
    SANDBOX_HISTORY_DATABASE_URL: z.string().url().optional(),
    /** With MIGRATE_SANDBOX, the sandbox webhooks' own URL (role coin_webhooks_sandbox_app), as SANDBOX_LEDGER_DATABASE_URL. */
    SANDBOX_WEBHOOKS_DATABASE_URL: z.string().url().optional(),
    /** Creates the first SUPERADMIN when no SUPERADMIN exists yet (with BOOTSTRAP_SUPERADMIN_PASSWORD). */
    BOOTSTRAP_SUPERADMIN_EMAIL: z.string().email().optional(),
    /** The first SUPERADMIN's password. Never logged. */
    BOOTSTRAP_SUPERADMIN_PASSWORD: z.string().min(12).max(128).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production') {
      for (const key of [
        'USER_DATABASE_URL',
        'LEDGER_DATABASE_URL',
        'HISTORY_DATABASE_URL',
        'WEBHOOKS_DATABASE_URL',
        'MONITORING_DATABASE_URL',
        'HISTORY_REBUILD_DATABASE_URL',
      ] as const) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required in production (development role passwords are refused)' });
      }
    }
    if (c.NODE_ENV === 'production' && c.MIGRATE_SANDBOX) {
      for (const key of ['SANDBOX_LEDGER_DATABASE_URL', 'SANDBOX_HISTORY_DATABASE_URL', 'SANDBOX_WEBHOOKS_DATABASE_URL'] as const) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required in production with MIGRATE_SANDBOX (development role passwords are refused)',
          });
      }
    }
    if (Boolean(c.BOOTSTRAP_SUPERADMIN_EMAIL) !== Boolean(c.BOOTSTRAP_SUPERADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_SUPERADMIN_PASSWORD'],
        message: 'set both BOOTSTRAP_SUPERADMIN_EMAIL and BOOTSTRAP_SUPERADMIN_PASSWORD, or neither',
      });
    }
  });

export type MigrateConfig = z.output<typeof migrateConfigSchema>;

export function loadMigrateConfig(env: Env): Readonly<MigrateConfig> {
  return parseConfig(migrateConfigSchema, env);
}
