/**
 * What code outside the user service may use (the package's `exports`): its configuration,
 * starting it in-process (the test harness) and the operator commands that work on its database
 * (scripts/admin.ts, the stack's bootstrap superadmin). `@coin/user/main` is the process itself
 * (scripts/container/entry.ts); `@coin/user/testing` holds what only tests and seeding need.
 * Everything else under src/ is internal and may change without notice.
 */
export {
  createPlatformClient,
  createSuperadmin,
  ExistingAccountError,
  issuePasswordReset,
  listClients,
  resetSecondFactor,
  revokePlatformClient,
  revokeUserSessions,
  type PlatformClientInfo,
} from './admin/operator';
export { createFirstSuperadmin, type BootstrapOutcome } from './admin/superadmin';
export { erasePersonalData, type ErasureOutcome } from './admin/erasure';
export { erasureRecordId } from './domain/erasure';
export { loadUserConfig, userConfigSchema, type UserConfig } from './config';
export { startUserService, type RunningService } from './service';
