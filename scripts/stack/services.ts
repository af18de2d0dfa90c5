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
};
