import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { type RuntimeGrants, serviceDatabaseUrl } from '@coin/db';

export const repoRoot = join(__dirname, '..', '..');

/**
 * The roles and grants table (docs/operations/deployment.md "Database roles and grants"): per service, its
 * schema (without the run prefix), the migration role that owns it, the runtime role the service
 * connects as, and what that role may do to each table. Records that must never change once
 * written get SELECT and INSERT only: the ledger's transactions and entries, the admin audit log
 * and its checkpoints (their triggers refuse UPDATE, DELETE and TRUNCATE for the owner too).
 * A table a migration adds must be listed here, or `npm run migrate` stops naming it.
 */
export const serviceDatabases = {
  user: {
    schema: 'users',
    owner: 'coin_user_owner',
    runtime: 'coin_user_app',
    migrationsDir: join(repoRoot, 'services/user/migrations'),
    grants: {
      // Deleting a user anonymises the row (UPDATE); FOR UPDATE locks need UPDATE too.
      users: ['SELECT', 'INSERT', 'UPDATE'],
      refresh_tokens: ['SELECT', 'INSERT', 'UPDATE'],
      processed_commands: ['SELECT', 'INSERT'],
      outbox: ['SELECT', 'INSERT', 'UPDATE'],
      // Messages of the outbox the broker refused for good (libs/db outbox.ts): recorded once, never changed.
      outbox_set_aside: ['SELECT', 'INSERT'],
      api_keys: ['SELECT', 'INSERT', 'UPDATE'],
      platform_clients: ['SELECT', 'INSERT', 'UPDATE'],
      // A payout provider's callback secrets, sealed: issued by an approval, never changed (the newest wins).
      platform_client_callback_secrets: ['SELECT', 'INSERT'],
      // A user's link to a platform client they use: made once, never changed (docs/CONTRACT.md "Platform links").
      platform_client_users: ['SELECT', 'INSERT'],
      // A test-mode client's own test users (docs/decisions/0018-sandbox.md): made once, marked deleted with the client's test data.
      sandbox_test_users: ['SELECT', 'INSERT', 'UPDATE'],
      // A grant is consumed (deleted) once, and expired ones are purged.
      session_grants: ['SELECT', 'INSERT', 'DELETE'],
      deletion_requests: ['SELECT', 'INSERT', 'UPDATE'],
      // Two-person acts wait here until a second SUPERADMIN decides; deletions one made alone are counted.
      grant_requests: ['SELECT', 'INSERT', 'UPDATE'],
      deletions_alone: ['SELECT', 'INSERT'],
      // A registration attempt on a taken e-mail is counted (upsert), then marked delivered at login.
      account_notices: ['SELECT', 'INSERT', 'UPDATE'],
      // Second factor (docs/DESIGN.md "Admin sign-in"): a recovery code is marked used, a
      // challenge and a reset code are consumed (deleted) once, and all go with a reset or deletion.
      mfa_recovery_codes: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      mfa_challenges: ['SELECT', 'INSERT', 'DELETE'],
      password_reset_codes: ['SELECT', 'INSERT', 'DELETE'],
      // A registration's key: made, given to its account, deleted by erasure or when never used.
      personal_data_keys: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      // Written by the triggers of a token version's rise and a client's revocation (in the
      // runtime role's transaction), read by the command check, marked published by the relay.
      authority_revocations: ['SELECT', 'INSERT', 'UPDATE'],
    },
  },
  ledger: {
    schema: 'ledger',
    owner: 'coin_ledger_owner',
    runtime: 'coin_ledger_app',
    migrationsDir: join(repoRoot, 'services/ledger/migrations'),
    grants: {
      // Balances, holds, approvals and windows are state the apply stage moves forward.
      wallets: ['SELECT', 'INSERT', 'UPDATE'],
      treasuries: ['SELECT'],
      processed_commands: ['SELECT', 'INSERT'],
      transactions: ['SELECT', 'INSERT'],
      entries: ['SELECT', 'INSERT'],
      outbox_batches: ['SELECT', 'INSERT', 'UPDATE'],
      // Messages of the outbox the broker refused for good (libs/db outbox.ts): recorded once, never changed.
      outbox_set_aside: ['SELECT', 'INSERT'],
      holds: ['SELECT', 'INSERT', 'UPDATE'],
      mandates: ['SELECT', 'INSERT', 'UPDATE'],
      approval_requests: ['SELECT', 'INSERT', 'UPDATE'],
      four_eyes_windows: ['SELECT', 'INSERT', 'UPDATE'],
      test_clocks: ['SELECT', 'INSERT', 'UPDATE'],
      // A wallet's activity: inserted once, then added to by each batch that changes its balance.
      wallet_activity: ['SELECT', 'INSERT', 'UPDATE'],
      // Cash-out rate versions: a proposal inserted, its decision an update (a trigger refuses any other change).
      cashout_rates: ['SELECT', 'INSERT', 'UPDATE'],
      // The revocation floors met in ledger.commands: recorded once, never changed.
      revocation_floors: ['SELECT', 'INSERT'],
    },
  },
  history: {
    schema: 'history',
    owner: 'coin_history_owner',
    runtime: 'coin_history_app',
    migrationsDir: join(repoRoot, 'services/history/migrations'),
    grants: {
      // The live projection only adds rows (a redelivered event inserts nothing: ON CONFLICT DO
      // NOTHING), so the tables statements are read from are SELECT and INSERT for the service;
      // repairing and truncating them is the rebuild's, under a role of its own (below).
      history_entries: ['SELECT', 'INSERT'],
      history_transactions: ['SELECT', 'INSERT'],
      // The rebuild's own bookkeeping: the service never reads it.
      history_rebuild_checkpoint: [],
      admin_audit_log: ['SELECT', 'INSERT'],
      admin_audit_checkpoints: ['SELECT', 'INSERT'],
      admin_audit_conflicts: ['SELECT', 'INSERT'],
    },
    /**
     * `npm run history:rebuild`'s role, used by nothing else (HISTORY_REBUILD_DATABASE_URL): it
     * repairs rows that differ from the ledger's record (UPDATE), resets the projection (--reset:
     * TRUNCATE) and moves its checkpoint. Never DELETE, and nothing of the audit log. The
     * projection's triggers (history migration 007) let UPDATE and TRUNCATE through for it alone.
     */
    rebuild: {
      role: 'coin_history_rebuild',
      grants: {
        history_entries: ['SELECT', 'INSERT', 'UPDATE', 'TRUNCATE'],
        history_transactions: ['SELECT', 'INSERT', 'UPDATE', 'TRUNCATE'],
        history_rebuild_checkpoint: ['SELECT', 'INSERT', 'UPDATE', 'TRUNCATE'],
        admin_audit_log: [],
        admin_audit_checkpoints: [],
        admin_audit_conflicts: [],
      },
    },
  },
  webhooks: {
    schema: 'webhooks',
    owner: 'coin_webhooks_owner',
    runtime: 'coin_webhooks_app',
    migrationsDir: join(repoRoot, 'services/webhooks/migrations'),
    grants: {
      // A deleted endpoint is soft-deleted (UPDATE), so its delivery log keeps its endpoint; a rotation and a disabling update it.
      webhook_endpoints: ['SELECT', 'INSERT', 'UPDATE'],
      // Each attempt moves its delivery forward; the log is kept (no DELETE).
      webhook_deliveries: ['SELECT', 'INSERT', 'UPDATE'],
      // One row per attempt (an endpoint's success rate over 24 h): written with the attempt's outcome, never changed; the pruning job deletes those past 2 days.
      webhook_delivery_attempts: ['SELECT', 'INSERT', 'DELETE'],
      // A platform's events (GET /api/events): recorded once, never changed; the pruning job deletes those past 30 days.
      webhook_events: ['SELECT', 'INSERT', 'DELETE'],
      // Revoked platform clients: a revocation is final (no UPDATE, no DELETE).
      webhook_revoked_clients: ['SELECT', 'INSERT'],
      // "Recover since T" tasks: written once, their progress updated by the runner; kept (no DELETE).
      webhook_recoveries: ['SELECT', 'INSERT', 'UPDATE'],
      // Balance monitors: soft-deleted, and their last crossing noted (UPDATE); a crossing is never changed.
      balance_monitors: ['SELECT', 'INSERT', 'UPDATE'],
      balance_monitor_crossings: ['SELECT', 'INSERT'],
      // Its outbox: the balance monitors' crossings and the records of its own actions for admin.audit (an endpoint disabled or re-enabled): written, then marked published.
      outbox: ['SELECT', 'INSERT', 'UPDATE'],
      // Messages of the outbox the broker refused for good (libs/db outbox.ts): recorded once, never changed.
      outbox_set_aside: ['SELECT', 'INSERT'],
    },
  },
  monitoring: {
    schema: 'monitoring',
    owner: 'coin_monitoring_owner',
    runtime: 'coin_monitoring_app',
    migrationsDir: join(repoRoot, 'services/monitoring/migrations'),
    grants: {
      // Seen transactions: inserted once, scored (UPDATE), pruned past the retention (DELETE).
      monitoring_transactions: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      // First and last seen of each wallet, moved forward.
      monitoring_wallets: ['SELECT', 'INSERT', 'UPDATE'],
      // The rules as deployed: tuned (UPDATE), never deleted (a rule is DISABLED instead).
      monitoring_rules: ['SELECT', 'INSERT', 'UPDATE'],
      // Cases move (assign, score, resolve, freeze asked); their transactions and notes are only added.
      monitoring_cases: ['SELECT', 'INSERT', 'UPDATE'],
      monitoring_case_transactions: ['SELECT', 'INSERT'],
      monitoring_case_notes: ['SELECT', 'INSERT'],
      // Requests for a second ADMIN+: made (INSERT), then approved, rejected or expired (UPDATE), never deleted.
      monitoring_requests: ['SELECT', 'INSERT', 'UPDATE'],
      // The automatic freezes each rule asked for: counted per hour, marked lifted (UPDATE), never deleted.
      monitoring_rule_freezes: ['SELECT', 'INSERT', 'UPDATE'],
      // Its outbox: the cases it opens and the admin audit records of the steps on them.
      outbox: ['SELECT', 'INSERT', 'UPDATE'],
      // Messages of the outbox the broker refused for good (libs/db outbox.ts): recorded once, never changed.
      outbox_set_aside: ['SELECT', 'INSERT'],
    },
  },
} as const satisfies Record<
  string,
  {
    schema: string;
    owner: string;
    runtime: string;
    migrationsDir: string;
    grants: RuntimeGrants;
    /** A maintenance tool's own LOGIN role beside the runtime one, with exactly its grants. */
    rebuild?: { role: string; grants: RuntimeGrants };
  }
>;

export type DatabaseService = keyof typeof serviceDatabases;

/**
 * The sandbox instances' runtime roles (docs/decisions/0018-sandbox.md; docs/operations/deployment.md "Database
 * roles and grants"): each with its service's row of grants, on the sandbox's schema only. Never
 * the live role: a sandbox pod, which runs for test-mode clients, then holds no credential that can
 * read or write a live wallet; the live role holds nothing in the sandbox's schema either.
 */
export const sandboxRuntimeRoles = {
  ledger: 'coin_ledger_sandbox_app',
  history: 'coin_history_sandbox_app',
  webhooks: 'coin_webhooks_sandbox_app',
} as const satisfies Partial<Record<DatabaseService, string>>;
export const serviceNames = ['user', 'ledger', 'history', 'webhooks', 'monitoring', 'gateway'] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * Development-only password of a runtime role: derived from the admin URL's password (HMAC), so
 * it is in no file, and every checkout and test run against one cluster agrees on it (a role is
 * shared by all of them). Production gives each service its own <SERVICE>_DATABASE_URL secret
 * (deploy/k8s), from which `npm run migrate` takes the password instead.
 */
export function devRolePassword(adminUrl: string, role: string): string {
  const secret = decodeURIComponent(new URL(adminUrl).password);
  return createHmac('sha256', secret).update(`coin-ledger dev role ${role}`).digest('base64url');
}

/** The URL a service connects with in development: its runtime role and its development password. */
export function devServiceDatabaseUrl(adminUrl: string, service: DatabaseService): string {
  return devRoleDatabaseUrl(adminUrl, serviceDatabases[service].runtime);
}

/** The development URL of any LOGIN role of the table (a runtime role, the history rebuild's). */
export function devRoleDatabaseUrl(adminUrl: string, role: string): string {
  return serviceDatabaseUrl(adminUrl, role, devRolePassword(adminUrl, role));
}

/**
 * Node flags per service, shared by `npm start`, the benchmark and the bank test so that what is
 * measured is what runs. The ledger and the gateway get a 64 MB young generation: with the
 * default, garbage collection was a quarter of the ledger's apply stage's CPU (docs/DESIGN.md)
 * and 18 % of the gateway's CPU under load, where every in-flight request's state survives each
 * scavenge (docs/PERFORMANCE.md); deploy/ sets the same through NODE_OPTIONS.
 */
export const serviceNodeArgs: Readonly<Record<ServiceName, readonly string[]>> = {
  gateway: ['--max-semi-space-size=64'],
  user: [],
  ledger: ['--max-semi-space-size=64'],
  history: [],
  webhooks: [],
  monitoring: [],
};
