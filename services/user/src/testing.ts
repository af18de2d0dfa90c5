/**
 * Test-only entry (`@coin/user/testing`): what bypasses the service's commands on purpose.
 * scripts/stack/seed.ts inserts thousands of users for the benchmark and the bank test with the
 * service's own row type, event rendering and token signing (registering them through the API
 * would spend minutes in scrypt); an e2e test erases a row behind the service's back to provoke
 * a race. Not for production code: use the package's main entry.
 */
export { insertUserEvents } from './db/user-events-outbox';
export { eraseUser } from './db/users-repo';
export { loadSigningKeys, signAccessToken } from './domain/tokens';
export type { UserRow } from './domain/users';
export { userEventOf } from './domain/user-events';
