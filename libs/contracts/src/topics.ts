/**
 * Topic names and partition counts. Every name is prefixed at run time (TOPIC_PREFIX) so tests
 * get their own topics without restarting Kafka.
 */
export const topicBases = {
  ledgerCommands: 'ledger.commands',
  ledgerInternal: 'ledger.internal',
  userCommands: 'user.commands',
  gatewayReplies: 'gateway.replies',
  /** Retired (version 1 carried the e-mail): read during the move to user.events.v2, written by no one (docs/EVENTS.md). */
  userEvents: 'user.events',
  /** Account events naming the account by id only (docs/DESIGN.md "Erasure"). */
  userEventsV2: 'user.events.v2',
  coinTransactions: 'coin.transactions',
  coinHolds: 'coin.holds',
  /** Subscription mandates: granted, charged, failed, past due, cancelled, ended (docs/EVENTS.md "coin.mandates"). */
  coinMandates: 'coin.mandates',
  /** Every change of a wallet's balance, keyed by the wallet (docs/EVENTS.md "coin.balances"). */
  coinBalances: 'coin.balances',
  coinApprovals: 'coin.approvals',
  /** The successor of coin.approvals (REWARD approvals too); both are produced (docs/EVENTS.md). */
  coinApprovalsV2: 'coin.approvals.v2',
  /** A person's payouts waiting for a second person: never on coin.approvals(.v2) (docs/EVENTS.md). */
  coinPayoutApprovals: 'coin.payout-approvals',
  adminAudit: 'admin.audit',
  adminRefusals: 'admin.refusals',
  /** Balance monitors' crossings, published by the webhooks service (docs/DESIGN.md "Balance monitors"). */
  coinBalanceMonitors: 'coin.balance-monitors',
  /** Cases the monitoring service opened, keyed by the case's subject (docs/EVENTS.md "coin.monitoring-cases"). */
  coinMonitoringCases: 'coin.monitoring-cases',
} as const;

export type TopicBase = (typeof topicBases)[keyof typeof topicBases];

/**
 * Partitions per topic. ledger.commands bounds ledger parallelism: fixed at creation.
 * ledger.internal is co-partitioned with it (see `coPartitionedWith`): always the same count.
 * gateway.replies bounds the gateway tier: each instance leases one partition and reads only it
 * (docs/DESIGN.md "Request/reply"); its records carry no key order, so it may grow.
 */
export const defaultPartitions: Readonly<Record<TopicBase, number>> = {
  'ledger.commands': 6,
  'ledger.internal': 6,
  'user.commands': 3,
  'gateway.replies': 12,
  'user.events': 3,
  'user.events.v2': 3,
  'coin.transactions': 6,
  'coin.holds': 6,
  'coin.mandates': 6,
  'coin.balances': 6,
  'coin.approvals': 1,
  'coin.approvals.v2': 1,
  'coin.payout-approvals': 1,
  // One partition: one total order of admin actions, which the history service's hash chain follows.
  'admin.audit': 1,
  // The gateway's refusal records, which the history service chains into the same log.
  'admin.refusals': 1,
  // Keyed by wallet: one wallet's crossings in order.
  'coin.balance-monitors': 3,
  // Few records (a case is rare): one partition, one order.
  'coin.monitoring-cases': 1,
};

/**
 * Topics whose partition n holds the same keys as partition n of another topic: a wallet's
 * commands from the gateway (ledger.commands) and the ledger's own commands about it
 * (ledger.internal) sit in partitions of the same number, which one ledger process owns together
 * (libs/kafka coPartitionedAssigner). Created, and only ever changed, with the same count.
 */
export const coPartitionedWith: Readonly<Partial<Record<TopicBase, TopicBase>>> = {
  'ledger.internal': 'ledger.commands',
};

/**
 * The command topics whose records carry the broker's append time (`message.timestamp.type =
 * LogAppendTime`): the applying services judge a command's authority at that time, which no
 * producer chooses (docs/DESIGN.md "Who asks"). Created so, aligned by the migrate step, and
 * checked by the ledger and the user service at start.
 */
export const appendTimeTopics: readonly TopicBase[] = ['ledger.commands', 'ledger.internal', 'user.commands'];

/** The topic config that makes a topic's record timestamps the broker's append time. */
export const appendTimeConfig = { name: 'message.timestamp.type', value: 'LogAppendTime' } as const;

export const dlqSuffix = '.dlq';

export function topicName(prefix: string, base: string): string {
  return `${prefix}${base}`;
}

export function dlqOf(topic: string): string {
  return `${topic}${dlqSuffix}`;
}

export type TopicNames = { [K in keyof typeof topicBases]: string };

export function topicNames(prefix: string): TopicNames {
  const entries = Object.entries(topicBases).map(([k, base]) => [k, topicName(prefix, base)]);
  return Object.fromEntries(entries) as TopicNames;
}
