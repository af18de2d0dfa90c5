/**
 * What code outside the ledger may use (the package's `exports`): its configuration, starting it
 * in-process (the test harness, the apply benchmark) and the supply audit over its tables
 * (scripts/audit.ts), its consumer groups and the credit legs a restored ledger owes (scripts/restore-rewind.ts), and its metric names (the benchmarks read them). `@coin/ledger/main` is the process itself (scripts/container/entry.ts).
 * Everything else under src/ is internal and may change without notice.
 */
export { ledgerConfigSchema, loadLedgerConfig, type LedgerConfig } from './config';
export { auditLedger } from './db/audit';
export { auditShards } from './db/audit-shards';
export { decodeOutboxMessages } from './db/outbox-messages';
export { copyLeftOnTarget, MoveRefused, movePartition, type MoveResult, type PartitionFigures } from './db/move-partition';
export { ledgerShardUrlsOf, shardMapText, type ShardSpec } from './shards';
export { ledgerGroupIds, ledgerRestoreScanGroupId } from './kafka/groups';
export { userDeletionReader, type UserDeletionReader, type UserDeletionStatus } from './kafka/user-deletions';
export { ledgerMetricNames } from './metrics';
export { owedCreditLegCommands } from './restore';
export { startLedgerService, type LedgerServiceOptions, type RunningService } from './service';
