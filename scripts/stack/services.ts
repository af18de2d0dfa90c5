import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

/** Each service's schema (without the run prefix), role and migrations. */
export const serviceDatabases = {
  user: { schema: 'users', role: 'coin_user', migrationsDir: join(repoRoot, 'services/user/migrations') },
  ledger: { schema: 'ledger', role: 'coin_ledger', migrationsDir: join(repoRoot, 'services/ledger/migrations') },
  history: { schema: 'history', role: 'coin_history', migrationsDir: join(repoRoot, 'services/history/migrations') },
} as const;

export type DatabaseService = keyof typeof serviceDatabases;
export const serviceNames = ['user', 'ledger', 'history', 'gateway'] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * Development-only role password. Production gives each service its own DATABASE_URL secret
 * (deploy/k8s); these passwords exist so a laptop needs no secret store.
 */
export function devRolePassword(role: string): string {
  return `${role}_dev_password`;
}
