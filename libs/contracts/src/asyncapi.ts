import { z } from 'zod';
import { adminActionRecorded, adminRefusalRecorded, adminServiceActionRecorded } from './audit-log';
import {
  balanceMonitorCrossed,
  monitoringCaseOpened,
  approvalApproved,
  approvalApprovedV2,
  approvalExpired,
  approvalExpiredV2,
  approvalRejected,
  approvalRejectedV2,
  approvalRequested,
  approvalRequestedV2,
  payoutApprovalApproved,
  payoutApprovalExpired,
  payoutApprovalRejected,
  payoutApprovalRequested,
} from '@coin/events';
import { balanceChanged } from './balance-changes';
import { holdCaptured, holdCreated, holdExpired, holdVoided } from './holds';
import { mandateCancelled, mandateChargeFailed, mandateCharged, mandateEnded, mandateGranted, mandatePastDue } from '@coin/events';
import { headerNames } from './messaging';
import { transactionRecorded } from './ledger';
import { defaultPartitions, topicBases } from './topics';
import {
  userDeleted,
  userDeletedV2,
  userRegistered,
  userRegisteredV2,
  userRoleChanged,
  userRoleChangedV2,
  userSessionsRevoked,
  userSessionsRevokedV2,
  userVerificationChangedV2,
} from './user';

/**
 * The events other internal services may consume (docs/CONTRACT.md "Events"), described once: the AsyncAPI
 * document below and docs/EVENTS.md are generated from / checked against this list, and the
 * payload schemas are the zod schemas the producers and consumers of this repo validate with.
 */
export const publishedEvents = [
  {
    channel: 'coinTransactions',
    topic: topicBases.coinTransactions,
    key: 'The transaction id, as a decimal string',
    description:
      'One message per committed ledger transaction, produced by the ledger through its outbox after the commit. ' +
      'At least once and in order per key; deduplicate by eventId (or by transaction.id).',
    messages: [
      {
        name: 'coinTransactionRecorded',
        type: 'coin.transaction.recorded',
        schema: transactionRecorded,
        summary: 'A transaction was committed to the ledger',
      },
    ],
  },
  {
    channel: 'coinHolds',
    topic: topicBases.coinHolds,
    key: 'The hold id (a UUID)',
    description:
      "One message per change of a hold's status, produced by the ledger through its outbox after the commit that changed it. " +
      'A hold is created PENDING and then becomes at most one of CAPTURED, VOIDED or EXPIRED, once: at most two events per hold. ' +
      'Amounts in coins. At least once and in order per key (per hold); deduplicate by eventId (or by hold.id and type).',
    messages: [
      {
        name: 'coinHoldCreated',
        type: 'coin.hold.created',
        schema: holdCreated,
        summary: "A hold reserved coins in the payer's wallet (POST /api/coins/holds): they stay in its balance, not in its activeCoins",
      },
      {
        name: 'coinHoldCaptured',
        type: 'coin.hold.captured',
        schema: holdCaptured,
        summary:
          'A hold was captured (POST /api/coins/holds/{id}/capture), up to its amount, the rest released; the PURCHASE or ' +
          'TRANSFER it recorded (hold.transactionId) is also published as coin.transaction.recorded on coin.transactions',
      },
      {
        name: 'coinHoldVoided',
        type: 'coin.hold.voided',
        schema: holdVoided,
        summary: "A hold was released, no coins moved: voided (POST /api/coins/holds/{id}/void) or its payer's wallet was closed",
      },
      {
        name: 'coinHoldExpired',
        type: 'coin.hold.expired',
        schema: holdExpired,
        summary: "A hold was released, no coins moved: past its expiresAt, found by the ledger's expiry sweep",
      },
    ],
  },
  {
    channel: 'coinMandates',
    topic: topicBases.coinMandates,
    key: 'The mandate id (a UUID naming its payer)',
    description:
      'One message per step of a subscription mandate, produced by the ledger through its outbox after the commit that made it: ' +
      'granted once; charged once per period (the PURCHASE into SUBSCRIPTIONS is also on coin.transactions); charge-failed once per ' +
      'failed attempt (short funds, a limit); then past-due, cancelled or ended, once. Only the platform client the mandate was granted ' +
      'to receives its webhooks. Amounts in coins. At least once and in order per key (per mandate); deduplicate by eventId.',
    messages: [
      {
        name: 'coinMandateGranted',
        type: 'coin.mandate.granted',
        schema: mandateGranted,
        summary: 'A user granted a platform client a mandate (POST /api/wallets/me/mandates)',
      },
      {
        name: 'coinMandateCharged',
        type: 'coin.mandate.charged',
        schema: mandateCharged,
        summary: "A period was charged by the ledger's scheduler: charge.period, charge.amount and the PURCHASE charge.transactionId",
      },
      {
        name: 'coinMandateChargeFailed',
        type: 'coin.mandate.charge-failed',
        schema: mandateChargeFailed,
        summary: 'An attempt to charge a period failed (short funds, a limit); it is tried again at mandate.nextChargeAt',
      },
      {
        name: 'coinMandatePastDue',
        type: 'coin.mandate.past-due',
        schema: mandatePastDue,
        summary: 'A period stayed unpaid past the grace period: the mandate is PAST_DUE and charges no more',
      },
      {
        name: 'coinMandateCancelled',
        type: 'coin.mandate.cancelled',
        schema: mandateCancelled,
        summary: 'The payer, the platform or an ADMIN+ for the payer cancelled the mandate (mandate.cancelledBy): it never charges again',
      },
      {
        name: 'coinMandateEnded',
        type: 'coin.mandate.ended',
        schema: mandateEnded,
        summary: "The mandate's end came (or its payer's wallet closed): it charges no more",
      },
    ],
  },
  {
    channel: 'coinBalances',
    topic: topicBases.coinBalances,
    key: "The wallet key: user:<id> or treasury:<CODE> (in the sandbox, a test client's own treasury: treasury:<CODE>@<clientId>)",
    description:
      "One message per change of a wallet's balance, produced by the ledger through its outbox after the commit that made it: " +
      "the debit of a transaction in the payer's partition, its credit in the recipient's (a MINT, a BURN, a return each change one wallet). " +
      "sequence counts the wallet's changes one by one with no gap: keep the highest seen per wallet and skip a lower or equal one; " +
      'a gap means a change is still to come or was missed (the ledger serves them again by sequence). Amounts in coins. ' +
      'At least once and in order per key (per wallet); deduplicate by eventId (or by wallet and sequence).',
    messages: [
      {
        name: 'coinBalanceChanged',
        type: 'coin.balance.changed',
        schema: balanceChanged,
        summary: "A wallet's balance changed: the balance after and before, the wallet's sequence and the transaction that changed it",
      },
    ],
  },
  {
    channel: 'coinApprovals',
    topic: topicBases.coinApprovals,
    key: 'The approval request id (a UUID)',
    description:
      'One message per change of a four-eyes approval request (a MINT, BURN or REFUND above the thresholds), produced by the ledger ' +
      'through its outbox after the commit that changed it. A request is created PENDING and then becomes at most one of APPROVED ' +
      '(the command was applied: approval.transactionId; its transaction, which names the request, requester and approver, is also ' +
      'published on coin.transactions), REJECTED or EXPIRED, once. Amounts in coins. At least once; deduplicate by eventId.',
    messages: [
      {
        name: 'coinApprovalRequested',
        type: 'coin.approval.requested',
        schema: approvalRequested,
        summary: 'A money request above the thresholds was stored for approval (its HTTP answer was 202); nothing moved',
      },
      {
        name: 'coinApprovalApproved',
        type: 'coin.approval.approved',
        schema: approvalApproved,
        summary: 'Another ADMIN+ approved the request (POST /api/admin/approvals/{id}/approve): its command was applied',
      },
      {
        name: 'coinApprovalRejected',
        type: 'coin.approval.rejected',
        schema: approvalRejected,
        summary: 'The request was rejected with a reason (POST /api/admin/approvals/{id}/reject); nothing moved',
      },
      {
        name: 'coinApprovalExpired',
        type: 'coin.approval.expired',
        schema: approvalExpired,
        summary: "Nobody decided the request before its expiresAt; the ledger's expiry sweep closed it; nothing moved",
      },
    ],
  },
  {
    channel: 'coinApprovalsV2',
    topic: topicBases.coinApprovalsV2,
    key: 'The approval request id (a UUID)',
    description:
      "Version 2 of coin.approvals (events of version 2): the same changes, and those of a person's REWARD past the four-eyes window, " +
      'which coin.approvals (version 1) cannot carry; each change has the same eventId on both topics. ' +
      'One message per change of a four-eyes approval request (a MINT, BURN, REFUND or REWARD past the thresholds), produced by the ledger ' +
      'through its outbox after the commit that changed it. A request is created PENDING and then becomes at most one of APPROVED ' +
      '(the command was applied: approval.transactionId; its transaction, which names the request, requester and approver, is also ' +
      'published on coin.transactions), REJECTED or EXPIRED, once. Amounts in coins. At least once; deduplicate by eventId.',
    messages: [
      {
        name: 'coinApprovalRequestedV2',
        type: 'coin.approval.requested',
        schema: approvalRequestedV2,
        summary: 'A money request above the thresholds was stored for approval (its HTTP answer was 202); nothing moved',
      },
      {
        name: 'coinApprovalApprovedV2',
        type: 'coin.approval.approved',
        schema: approvalApprovedV2,
        summary: 'Another ADMIN+ approved the request (POST /api/admin/approvals/{id}/approve): its command was applied',
      },
      {
        name: 'coinApprovalRejectedV2',
        type: 'coin.approval.rejected',
        schema: approvalRejectedV2,
        summary: 'The request was rejected with a reason (POST /api/admin/approvals/{id}/reject); nothing moved',
      },
      {
        name: 'coinApprovalExpiredV2',
        type: 'coin.approval.expired',
        schema: approvalExpiredV2,
        summary: "Nobody decided the request before its expiresAt; the ledger's expiry sweep closed it; nothing moved",
      },
    ],
  },
  {
    channel: 'coinPayoutApprovals',
    topic: topicBases.coinPayoutApprovals,
    key: 'The approval request id (a UUID)',
    description:
      "One message per change of a four-eyes request holding a person's payout from REWARDS past the thresholds (since 1.6.0), " +
      'produced by the ledger through its outbox after the commit that changed it; never on coin.approvals or coin.approvals.v2, whose ' +
      'Approval shows one recipient. A request is created PENDING and then becomes at most one of APPROVED (every line was applied, ' +
      'each its own REWARD transaction naming the request, requester and approver, referenced `<reference>#<index>` and published on ' +
      "coin.transactions; payoutApproval.transactionId is line 0's), REJECTED or EXPIRED, once. Amounts in coins. At least once; " +
      'deduplicate by eventId.',
    messages: [
      {
        name: 'coinPayoutApprovalRequested',
        type: 'coin.payout-approval.requested',
        schema: payoutApprovalRequested,
        summary: "A person's payout above the thresholds was stored for approval (its HTTP answer was 202); nothing moved",
      },
      {
        name: 'coinPayoutApprovalApproved',
        type: 'coin.payout-approval.approved',
        schema: payoutApprovalApproved,
        summary: 'Another ADMIN+ approved the request (POST /api/admin/payout-approvals/{id}/approve): every line was applied',
      },
      {
        name: 'coinPayoutApprovalRejected',
        type: 'coin.payout-approval.rejected',
        schema: payoutApprovalRejected,
        summary: 'The request was rejected with a reason (POST /api/admin/payout-approvals/{id}/reject); nothing moved',
      },
      {
        name: 'coinPayoutApprovalExpired',
        type: 'coin.payout-approval.expired',
        schema: payoutApprovalExpired,
        summary: "Nobody decided the request before its expiresAt; the ledger's expiry sweep closed it; nothing moved",
      },
    ],
  },
  {
    channel: 'userEvents',
    topic: topicBases.userEvents,
    key: 'The user id, as a decimal string',
    description:
      'Version 1 of the lifecycle of user accounts: no longer produced (its events carried the e-mail address, which must not outlive an ' +
      "account's erasure); read user.events.v2, which carries the same events with the same eventId, the account named by its id only. " +
      'At least once and in order per user; deduplicate by eventId.',
    messages: [
      { name: 'userRegistered', type: 'user.registered', schema: userRegistered, summary: 'A user account was created' },
      {
        name: 'userRoleChanged',
        type: 'user.role-changed',
        schema: userRoleChanged,
        summary: "A user's role changed; older tokens are revoked",
      },
      { name: 'userDeleted', type: 'user.deleted', schema: userDeleted, summary: 'A user account was deleted' },
      {
        name: 'userSessionsRevoked',
        type: 'user.sessions-revoked',
        schema: userSessionsRevoked,
        summary: 'A user logged out everywhere; older tokens are revoked',
      },
    ],
  },
  {
    channel: 'userEventsV2',
    topic: topicBases.userEventsV2,
    key: 'The user id, as a decimal string',
    description:
      'Lifecycle of user accounts (events of version 2), produced by the user service through its outbox: the account is named by its ' +
      'id, role and token version only, never by its e-mail address or name (personal data lives in the user service alone, so erasing ' +
      'an account leaves none on a topic). At least once and in order per user; deduplicate by eventId.',
    messages: [
      { name: 'userRegisteredV2', type: 'user.registered', schema: userRegisteredV2, summary: 'A user account was created' },
      {
        name: 'userRoleChangedV2',
        type: 'user.role-changed',
        schema: userRoleChangedV2,
        summary: "A user's role changed; older tokens are revoked",
      },
      { name: 'userDeletedV2', type: 'user.deleted', schema: userDeletedV2, summary: 'A user account was deleted' },
      {
        name: 'userSessionsRevokedV2',
        type: 'user.sessions-revoked',
        schema: userSessionsRevokedV2,
        summary: 'A user logged out everywhere; older tokens are revoked',
      },
      {
        name: 'userVerificationChangedV2',
        type: 'user.verification-changed',
        schema: userVerificationChangedV2,
        summary: 'An ADMIN+ verified a user or took their verification away (`verified`); older tokens are revoked',
      },
    ],
  },
  {
    channel: 'adminAudit',
    topic: topicBases.adminAudit,
    key: 'The record id (a UUID)',
    description:
      'The admin audit log: one record per administrative action (role change, deletion, API key, platform client, session revocation, ' +
      'mint, burn, refund, reward by an admin, limit change, approvals), applied or rejected, written by the service that applied it ' +
      '(the user service, its operator CLI or the ledger) through its outbox in the transaction of the action. One partition: one total order. ' +
      "Also every refusal of authority (admin.refusal.recorded: the gateway's 401/403 on guarded routes, commands refused before apply), " +
      'and the actions of services (admin.service-action.recorded: the webhooks service disabling or re-enabling an endpoint). ' +
      'Never secrets. At least once; deduplicate by record.id (the same for every delivery of one action).',
    messages: [
      {
        name: 'adminActionRecorded',
        type: 'admin.action.recorded',
        schema: adminActionRecorded,
        summary: 'An administrative action was applied or rejected: actor, action, target, a summary of the request, result and request id',
      },
      {
        name: 'adminRefusalRecorded',
        type: 'admin.refusal.recorded',
        schema: adminRefusalRecorded,
        summary:
          'A refusal of authority: a 401/403 of the gateway on a guarded route, or a command refused before apply; source, actor (or client address), action, reason and request id',
      },
      {
        name: 'adminServiceActionRecorded',
        type: 'admin.service-action.recorded',
        schema: adminServiceActionRecorded,
        summary:
          "A service's own action (since 1.6.0): the webhooks service disabling an endpoint after persistent failure, or re-enabling it for who asked; source, actor, action (free text), target and summary",
      },
    ],
  },
  {
    channel: 'coinBalanceMonitors',
    topic: topicBases.coinBalanceMonitors,
    key: 'The wallet key: `user:<id>` or `treasury:<CODE>`',
    description:
      'One message per crossing of a balance monitor\'s threshold (docs/DESIGN.md "Balance monitors"), produced by the webhooks ' +
      'service through its outbox after it stored the crossing. A crossing is decided from one coin.balance.changed alone (previousBalance ' +
      'against balance), so a balance that stays on one side fires nothing. Amounts in coins. At least once; deduplicate by eventId ' +
      '(derived from the monitor and the balance change: the same for every copy of one crossing).',
    messages: [
      {
        name: 'coinBalanceMonitorCrossed',
        type: 'coin.balance-monitor.crossed',
        schema: balanceMonitorCrossed,
        summary: "A wallet's balance crossed a monitor's threshold, down (from at or above to below) or up (from below to at or above)",
      },
    ],
  },
  {
    channel: 'coinMonitoringCases',
    topic: topicBases.coinMonitoringCases,
    key: "The case's subject: `user:<id>`, `treasury:<CODE>` or `client:<platform client id>`",
    description:
      'One message per case the monitoring service opens (docs/design/monitoring.md), produced through its outbox in the transaction ' +
      'that opened it: a transaction scored at or above the case score, with the rules that fired. At least once; deduplicate by eventId ' +
      "(the case's id).",
    messages: [
      {
        name: 'monitoringCaseOpened',
        type: 'coin.monitoring-case.opened',
        schema: monitoringCaseOpened,
        summary: 'A case opened for ADMIN+ about a wallet or a platform client: its score and the rules that fired',
      },
    ],
  },
] as const;

type JsonObject = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonObject {
  // AsyncAPI's default schema format is a superset of JSON Schema draft 7.
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as JsonObject;
  delete json.$schema;
  return json;
}

/**
 * The version of the event contract, also @coin/events's (libs/events/package.json) and the
 * AsyncAPI info.version: raised with every change to a published schema or to the package
 * (docs/VERSIONING.md; scripts/contract/api-versions.unit.test.ts holds the three equal).
 */
export const eventContractVersion = '1.8.0';
const kafkaBindingVersion = '0.5.0';

/**
 * The AsyncAPI 3.0 document of the published topics, generated from the zod schemas. Topic
 * addresses are the base names; a deployment with TOPIC_PREFIX prepends it to each.
 */
/** One event's message: its type header, its payload's JSON Schema, its id for deduplication and the key it travels under. */
function messageOf(message: (typeof publishedEvents)[number]['messages'][number], key: string): JsonObject {
  return {
    name: message.type,
    title: message.type,
    summary: message.summary,
    contentType: 'application/json',
    headers: {
      type: 'object',
      required: [headerNames.type],
      properties: { [headerNames.type]: { type: 'string', const: message.type, description: 'The event type, also in the body' } },
    },
    payload: jsonSchemaOf(message.schema),
    correlationId: { description: 'Unique per event; the deduplication key', location: '$message.payload#/eventId' },
    bindings: { kafka: { key: { type: 'string', description: key }, bindingVersion: kafkaBindingVersion } },
  };
}

export function buildAsyncApiDocument(options: { serverHost?: string } = {}): JsonObject {
  const channels: JsonObject = {};
  const operations: JsonObject = {};
  const messages: JsonObject = {};
  for (const published of publishedEvents) {
    const channelMessages: JsonObject = {};
    for (const message of published.messages) {
      messages[message.name] = messageOf(message, published.key);
      channelMessages[message.name] = { $ref: `#/components/messages/${message.name}` };
    }
    channels[published.channel] = {
      address: published.topic,
      description: published.description,
      messages: channelMessages,
      bindings: {
        kafka: { topic: published.topic, partitions: defaultPartitions[published.topic], bindingVersion: kafkaBindingVersion },
      },
    };
    operations[`consume${published.channel[0]!.toUpperCase()}${published.channel.slice(1)}`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${published.channel}` },
      summary: `Consume ${published.topic}`,
      messages: published.messages.map((m) => ({ $ref: `#/channels/${published.channel}/messages/${m.name}` })),
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Coin ledger events',
      version: eventContractVersion,
      description:
        'Events for other internal services (docs/CONTRACT.md "Events"). Delivery is at least once and in order per key; every event ' +
        'carries a unique eventId for deduplication. See docs/EVENTS.md for how to consume the topics and the versioning policy.',
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        // The Strimzi cluster's bootstrap service, as docs/EVENTS.md's consumer examples name it.
        host: options.serverHost ?? 'coin-kafka-kafka-bootstrap.kafka:9092',
        // Production's listener (the Strimzi cluster): TLS, then SASL SCRAM-SHA-512 as the consumer's own KafkaUser.
        protocol: 'kafka-secure',
        description:
          'The cluster the services of this deployment use. Production: SASL_SSL, i.e. TLS with the cluster CA ' +
          "(Strimzi's <cluster>-cluster-ca-cert Secret, key ca.crt) and SASL SCRAM-SHA-512 as your team's own KafkaUser, " +
          'which may read the coin.* topics and use consumer groups under its prefix only (docs/EVENTS.md "Access on Kafka"). ' +
          'Local and development clusters may be PLAINTEXT: the local stack (npm start) is 127.0.0.1:9092 without TLS or SASL.',
        security: [{ $ref: '#/components/securitySchemes/saslScramSha512' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        saslScramSha512: {
          type: 'scramSha512',
          description:
            'SASL SCRAM-SHA-512 over TLS (SASL_SSL). Username: the KafkaUser name; password: the key `password` of the Secret ' +
            "of that name the Strimzi User Operator writes. Authorization: Read and Describe on topics prefixed 'coin.', Read on " +
            "the team's consumer-group prefix.",
        },
      },
    },
  };
}
