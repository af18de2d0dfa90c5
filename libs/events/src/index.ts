export {
  coinValue,
  isoDateTime,
  type Role,
  role,
  roles,
  type TransactionType,
  transactionType,
  transactionTypes,
  type TreasuryCode,
  treasuryCode,
  treasuryCodes,
  userId,
} from './primitives';
export { eventSchema } from './envelope';
export {
  type CoinTransactionEvent,
  coinTransactionEvent,
  coinTransactionEventTypes,
  coinTransactionsTopic,
  type Transaction,
  type TransactionRecorded,
  transaction,
  transactionRecorded,
} from './coin-transactions';
export {
  type CoinHoldEvent,
  coinHoldEvent,
  coinHoldEventTypes,
  coinHoldsTopic,
  type Hold,
  type HoldStatus,
  hold,
  holdCaptured,
  holdCreated,
  holdExpired,
  holdStatus,
  holdStatuses,
  holdVoided,
} from './coin-holds';
export {
  type UserEvent,
  userDeleted,
  userEvent,
  userEventTypes,
  userEventUser,
  userEventsTopic,
  userRegistered,
  userRoleChanged,
  userSessionsRevoked,
} from './user-events';
export {
  defaultMaxEventBytes,
  type EventValue,
  type ParseFailureReason,
  type ParseOptions,
  type ParseResult,
  parseCoinHoldEvent,
  parseCoinTransactionEvent,
  parseUserEvent,
} from './parse';
export {
  createEventDeduplicator,
  defaultDedupCapacity,
  type EventDeduplicator,
  type EventDeduplicatorOptions,
  type EventIdStore,
} from './dedup';
export {
  type EventTopic,
  eventJsonSchema,
  eventJsonSchemaFiles,
  eventTopics,
  formatJsonSchema,
  type JsonSchema,
  sameJson,
} from './json-schema';
export { type ChangeKind, type CompatibilityReport, compareEventSchemas, describeChanges, type SchemaChange } from './compatibility';
