import { appendTimeTopics, dlqOf, type TopicBase } from './topics';

/**
 * Who may do what on Kafka (docs/operations/deployment.md "Kafka security"): the one table the
 * Strimzi KafkaUser resources (deploy/k8s/components/strimzi-users), their tests and the SASL
 * integration test are checked against. Names assume TOPIC_PREFIX is empty, as in production.
 *
 * - `produces`: Write (and Describe) on each topic.
 * - `consumes`: Read (and Describe) on each topic; a consumer also dead-letters what it cannot
 *   parse to `<topic>.dlq`, so it may Write those, and only those: a dead letter is never trusted
 *   as the owner's record (docs/RELIABILITY.md "Re-driving dead letters").
 * - a topic it produces that can be redriven (`redrivableTopics`): Read (and Describe) on its
 *   `<topic>.dlq`. Only the owner of a topic reads its dead letters, and only the owner may write
 *   them back, after the owner's check (`npm run dlq:redrive`): Write on the DLQ lets a consumer
 *   put a record where the redrive looks, never on the topic others trust.
 * - `groupPrefix`: Read on the consumer groups whose id starts with it (the redrive's group too,
 *   `redriveGroupId`).
 * - A consumer of a command topic whose records carry the broker's append time
 *   (`appendTimeTopics`) may DescribeConfigs it: it checks the timestamp type at start.
 *
 * Commands have one writer per topic. The gateway writes the clients' commands to
 * ledger.commands; the ledger writes its own follow-up commands (a transfer's credit leg, hold and
 * approval expiries, the returns of a wallet that closed, wallet opens and closes from user
 * events) to ledger.internal, which no other principal may write. The ledger refuses its own
 * command types on ledger.commands (ledgerTopicRefusal), so a gateway, even a compromised one,
 * cannot create coins with a forged credit leg; and nobody but the ledger may write
 * coin.transactions, coin.holds, coin.balances or coin.approvals.
 */
export interface KafkaAccess {
  produces: readonly TopicBase[];
  consumes: readonly TopicBase[];
  /**
   * Topics it produces and reads back without consuming them as a service: Read (and Describe),
   * no dead letters. The ledger's restore step reads the transaction ids it published
   * (docs/design/ledger.md "Ids across a restore").
   */
  readsBack?: readonly TopicBase[];
  /** Consumer group id prefix; null: no consumer groups. */
  groupPrefix: string | null;
  /** Creates and grows topics (the migrate step only). */
  managesTopics: boolean;
}

export const kafkaServices = ['gateway', 'user', 'ledger', 'history', 'webhooks', 'monitoring', 'migrate'] as const;
export type KafkaService = (typeof kafkaServices)[number];

export const kafkaAccess: Readonly<Record<KafkaService, KafkaAccess>> = {
  // Commands in, their replies and the token versions (user.events) back; the audit records of the
  // refusals it answers (401/403 on guarded routes) to admin.refusals, its own topic: it may not
  // write admin.audit, so it cannot forge the record of an action.
  gateway: {
    produces: ['ledger.commands', 'user.commands', 'admin.refusals'],
    // user.events only while the last instances of the older user service may still write it;
    // coin.balances for the live balance streams (docs/DESIGN.md "Live balance").
    consumes: ['gateway.replies', 'user.events', 'user.events.v2', 'coin.balances'],
    groupPrefix: 'gateway-',
    managesTopics: false,
  },
  // Applies user commands; replies, and publishes user.events.v2 and its admin audit records from
  // its outbox (rows an older version addressed to user.events, retired, go to user.events.v2 too).
  // Writes its signed revocation records (logout-all, role changes, deletions, revoked clients)
  // into every partition of ledger.commands, which the ledger verifies: a record it did not sign
  // changes nothing (docs/DESIGN.md "Who asks").
  user: {
    produces: ['gateway.replies', 'user.events.v2', 'admin.audit', 'ledger.commands'],
    consumes: ['user.commands'],
    groupPrefix: 'user-',
    managesTopics: false,
  },
  // Applies ledger commands (and sends its own: credit legs, expiries, returns); replies; publishes the money events.
  ledger: {
    produces: [
      'ledger.internal',
      'gateway.replies',
      'coin.transactions',
      'coin.holds',
      'coin.mandates',
      'coin.balances',
      'coin.approvals',
      'coin.approvals.v2',
      'coin.payout-approvals',
      'admin.audit',
    ],
    consumes: ['ledger.commands', 'ledger.internal', 'user.events', 'user.events.v2'],
    readsBack: ['coin.transactions', 'gateway.replies'],
    groupPrefix: 'ledger-',
    managesTopics: false,
  },
  // Projects coin.transactions and the admin audit trail (admin.audit and the gateway's
  // admin.refusals); produces nothing but its dead letters.
  history: {
    produces: [],
    consumes: ['coin.transactions', 'admin.audit', 'admin.refusals'],
    groupPrefix: 'history-',
    managesTopics: false,
  },
  // Turns the money events and the monitoring cases into the clients' webhooks (group
  // webhooks-service), and the balance changes into the balance monitors' crossings; produces,
  // through its outbox, the crossings and the records of its own actions (an endpoint disabled or
  // re-enabled) to admin.audit, and its dead letters.
  webhooks: {
    produces: ['admin.audit', 'coin.balance-monitors'],
    consumes: ['coin.transactions', 'coin.holds', 'coin.mandates', 'coin.balances', 'coin.monitoring-cases'],
    groupPrefix: 'webhooks-',
    managesTopics: false,
  },
  // Watches the money events for suspicious activity (docs/design/monitoring.md); produces, through
  // its outbox, the cases it opens and the records of the admin steps on them (admin.audit), and
  // the freezes it signs with its own key to ledger.commands (the ledger accepts no other command of it).
  monitoring: {
    produces: ['admin.audit', 'coin.monitoring-cases', 'ledger.commands'],
    consumes: ['coin.transactions'],
    groupPrefix: 'monitoring-',
    managesTopics: false,
  },
  // The migrate Job: creates the topics (and their partitions) and sets their configs (the command
  // topics' append time), reads and writes none.
  migrate: { produces: [], consumes: [], groupPrefix: null, managesTopics: true },
};

/**
 * The topics whose dead letters `npm run dlq:redrive` may send back, each after its owner's check:
 * the command topics (the applying service verifies every command's proof again; ledger.internal
 * has one writer and one reader, the ledger), coin.transactions (against the ledger's record),
 * user.events.v2 (against the user service) and the audit log's topics (their writers'
 * signatures). Any other topic's dead letters are read by hand, never sent back by the tool.
 */
export const redrivableTopics: readonly TopicBase[] = [
  'ledger.commands',
  'ledger.internal',
  'user.commands',
  'coin.transactions',
  'user.events.v2',
  'admin.audit',
  'admin.refusals',
];

/** The services that write a topic: who may redrive its dead letters (the owner's principal). */
export function ownersOf(topic: TopicBase): KafkaService[] {
  return kafkaServices.filter((service) => kafkaAccess[service].produces.includes(topic));
}

/** The redrive's consumer group of a topic's DLQ, under the group prefix of the principal it runs as. */
export function redriveGroupId(topicPrefix: string, owner: KafkaService, topic: TopicBase): string {
  return `${topicPrefix}${kafkaAccess[owner].groupPrefix ?? `${owner}-`}redrive.${topic}`;
}

/** The SCRAM user (Strimzi KafkaUser name, KAFKA_SASL_USERNAME) of a service. */
export function kafkaUserOf(service: KafkaService): string {
  return `coin-ledger-${service}`;
}

export type KafkaOperation = 'Read' | 'Write' | 'Describe' | 'Create' | 'Alter' | 'DescribeConfigs' | 'AlterConfigs';

/** One allow rule, in Strimzi's `simple` authorization terms (KafkaUser spec.authorization.acls). */
export interface KafkaAcl {
  resource: { type: 'topic' | 'group'; name: string; patternType: 'literal' | 'prefix' };
  operations: KafkaOperation[];
}

/** The allow rules of a service, derived from kafkaAccess (sorted, so equal tables give equal lists). */
export function kafkaAclsOf(service: KafkaService): KafkaAcl[] {
  return aclsOfAccess(kafkaAccess[service], '', new Set());
}

/**
 * The allow rules of one access row, its topics and groups under `prefix`; a topic in `live` is
 * one the live deployment owns (a sandbox instance's shared topic): named without the prefix, never
 * read back, and its dead letters are not this principal's to read.
 */
function aclsOfAccess(access: KafkaAccess, prefix: string, live: ReadonlySet<TopicBase>): KafkaAcl[] {
  const nameOf = (t: TopicBase) => (live.has(t) ? t : `${prefix}${t}`);
  const topic = (name: string, operations: KafkaOperation[]): KafkaAcl => ({
    resource: { type: 'topic', name, patternType: 'literal' },
    operations,
  });
  const byTopic = new Map<string, Set<KafkaOperation>>();
  const add = (name: string, ...ops: KafkaOperation[]) => {
    const set = byTopic.get(name) ?? new Set<KafkaOperation>();
    for (const op of ops) set.add(op);
    byTopic.set(name, set);
  };
  for (const t of access.produces) {
    add(nameOf(t), 'Write', 'Describe');
    if (redrivableTopics.includes(t) && !live.has(t)) add(dlqOf(nameOf(t)), 'Read', 'Describe');
  }
  for (const t of access.readsBack ?? []) if (!live.has(t)) add(nameOf(t), 'Read', 'Describe');
  for (const t of access.consumes) {
    add(nameOf(t), 'Read', 'Describe');
    if (appendTimeTopics.includes(t)) add(nameOf(t), 'DescribeConfigs');
    add(dlqOf(nameOf(t)), 'Write', 'Describe');
  }
  const order: KafkaOperation[] = ['Read', 'Write', 'Describe', 'Create', 'Alter', 'DescribeConfigs', 'AlterConfigs'];
  const acls = [...byTopic.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, ops]) =>
      topic(
        name,
        order.filter((op) => ops.has(op)),
      ),
    );
  if (access.groupPrefix)
    acls.push({ resource: { type: 'group', name: `${prefix}${access.groupPrefix}`, patternType: 'prefix' }, operations: ['Read'] });
  if (access.managesTopics)
    acls.push({
      resource: { type: 'topic', name: '*', patternType: 'literal' },
      operations: ['Describe', 'Create', 'Alter', 'DescribeConfigs', 'AlterConfigs'],
    });
  return acls;
}

/**
 * The sandbox (docs/decisions/0018-sandbox.md): services that run a second time, the same code
 * under the sandbox's topic prefix (`sandbox_` on a deployment whose TOPIC_PREFIX is empty), and
 * the few live topics each shares with the live deployment. Everything else it reads and writes is
 * its own, under the prefix. A sandbox instance of another service is one row here (and its
 * Deployment, topics and policies in deploy/k8s/components/sandbox).
 */
export interface SandboxAccess {
  /** Live topics it consumes (Read; Write on their `.dlq`, where its consumer dead-letters what it cannot parse). */
  consumesLive: readonly TopicBase[];
  /** Live topics it produces to (Write). */
  producesLive: readonly TopicBase[];
}

export const sandboxServices = ['ledger', 'history', 'webhooks'] as const;
export type SandboxService = (typeof sandboxServices)[number];

/** The topic and group prefix of the sandbox on a deployment whose own TOPIC_PREFIX is empty (scripts/stack/sandbox.ts sandboxPrefixOf). */
export const sandboxTopicPrefix = 'sandbox_';

export const sandboxKafkaAccess: Readonly<Record<SandboxService, SandboxAccess>> = {
  // The sandbox ledger opens and closes its wallets from the live user events, and writes no live
  // topic: it answers on the sandbox's own gateway.replies, which the gateway reads apart
  // (sandboxGatewayAclsOf), so the service of test money cannot write where live answers are read.
  ledger: { consumesLive: ['user.events', 'user.events.v2'], producesLive: [] },
  // The sandbox history projects the sandbox's coin.transactions and keeps the sandbox's audit log
  // (its admin.audit, its admin.refusals): its own topics only, nothing of the live space
  // (scripts/stack/sandbox.ts sandboxHistoryEnv).
  history: { consumesLive: [], producesLive: [] },
  // The sandbox webhooks turns the sandbox's money events into test-mode clients' webhooks and
  // writes its own audit records and monitor crossings to the sandbox's topics: nothing live.
  webhooks: { consumesLive: [], producesLive: [] },
};

/** The SCRAM user (Strimzi KafkaUser name, KAFKA_SASL_USERNAME) of a sandbox instance. */
export function sandboxKafkaUserOf(service: SandboxService): string {
  return `coin-ledger-sandbox-${service}`;
}

/**
 * The allow rules of a sandbox instance: its live service's rules with every topic and group under
 * `prefix`, except the live topics of sandboxKafkaAccess (Read or Write on the live name, never
 * read back, their dead letters never read). Nothing else of the live space.
 */
export function sandboxKafkaAclsOf(service: SandboxService, prefix: string = sandboxTopicPrefix): KafkaAcl[] {
  const shared = sandboxKafkaAccess[service];
  for (const t of shared.consumesLive)
    if (!kafkaAccess[service].consumes.includes(t))
      throw new Error(`sandbox ${service}: consumes ${t} live, but ${service} does not consume it`);
  for (const t of shared.producesLive)
    if (!kafkaAccess[service].produces.includes(t))
      throw new Error(`sandbox ${service}: produces ${t} live, but ${service} does not produce it`);
  const live = new Set<TopicBase>([...shared.consumesLive, ...shared.producesLive]);
  return aclsOfAccess(kafkaAccess[service], prefix, live);
}

/**
 * What the gateway gains when the deployment runs a sandbox (SANDBOX_TOPIC_PREFIX): Write on the
 * sandbox's ledger.commands, where it sends a test-mode client's commands, and Read on the
 * sandbox's gateway.replies, where the sandbox ledger answers them (under the gateway's own group
 * prefix), and nothing else.
 */
export function sandboxGatewayAclsOf(prefix: string = sandboxTopicPrefix): KafkaAcl[] {
  return [
    { resource: { type: 'topic', name: `${prefix}gateway.replies`, patternType: 'literal' }, operations: ['Read', 'Describe'] },
    { resource: { type: 'topic', name: `${prefix}ledger.commands`, patternType: 'literal' }, operations: ['Write', 'Describe'] },
  ];
}

/**
 * The published event topics a consuming team may read (docs/EVENTS.md "Access on Kafka"): every
 * topic whose name starts with this, by one prefix ACL, so a new `coin.*` topic (a `.v2` of a
 * breaking change) is readable without a new grant. The topics of the ledger's own traffic
 * (commands, replies, user.events, the audit log) are outside it.
 */
export const eventTopicPrefix = 'coin.';

/**
 * The allow rules of a consuming team's KafkaUser (deploy/k8s/templates/kafkauser-event-consumer.yaml):
 * Read and Describe on the `coin.*` topics, Read on its own consumer groups (`groupPrefix`). It
 * writes nothing. A prefix that overlaps one of this repository's (`ledger-`, …) would let the team
 * join, and so stall or take over, a group of the ledger's own services: refused.
 */
export function eventConsumerAclsOf(groupPrefix: string): KafkaAcl[] {
  if (!/^[a-z][a-z0-9-]*[a-z0-9][-.]$/.test(groupPrefix))
    throw new Error(`consumer group prefix ${JSON.stringify(groupPrefix)}: lower-case letters, digits and '-', ending in '-' or '.'`);
  for (const service of kafkaServices) {
    const own = kafkaAccess[service].groupPrefix;
    if (own && (own.startsWith(groupPrefix) || groupPrefix.startsWith(own)))
      throw new Error(`consumer group prefix ${groupPrefix} overlaps ${own}, the prefix of the ${service} service's groups`);
  }
  return [
    { resource: { type: 'topic', name: eventTopicPrefix, patternType: 'prefix' }, operations: ['Read', 'Describe'] },
    { resource: { type: 'group', name: groupPrefix, patternType: 'prefix' }, operations: ['Read'] },
  ];
}
