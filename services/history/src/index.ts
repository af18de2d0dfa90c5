/**
 * What code outside the history service may use (the package's `exports`): its configuration,
 * starting it in-process (the test harness, the read benchmark), the rebuild of its projection
 * from the ledger (scripts/history-rebuild.ts) and its internal read routes, which the read
 * benchmark mounts without Kafka, and its metric names. `@coin/history/main` is the process itself
 * (scripts/container/entry.ts). Everything else under src/ is internal and may change without notice.
 */
export { historyMetricNames } from './metrics';
export { historyConfigSchema, loadHistoryConfig, type HistoryConfig } from './config';
export { registerInternalRoutes } from './http/internal-routes';
export { historyRouteCallers } from './http/route-callers';
export {
  httpLedgerRecord,
  rebuildHistory,
  type LedgerRecord,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild';
export { historyGroupId, startHistoryService, type RunningService } from './service';
export { type AuditChainReport, verifyAuditChain } from './db/audit-log-repo';
export { chainHash, genesisHash } from './domain/audit-chain';
export { checkpointsAgainstLog } from './db/audit-checkpoint-repo';
export {
  type AuditCheckpoint,
  type CheckpointProblem,
  checkpointKeyId,
  checkpointKeyring,
  judgeCheckpoints,
  signCheckpoint,
} from './domain/audit-checkpoint';
