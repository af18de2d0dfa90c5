import { kafkaSecurityOf, passwordHashCostOf } from '@coin/config';
import { randomUUID } from 'node:crypto';
import { commandNeedsStepUp, topicNames, userCommand, userCommandNeedsProof } from '@coin/contracts';
import { openServiceDatabase, OutboxRelay, outboxTable } from '@coin/db';
import {
  buildInternalApp,
  buildOperationalApp,
  createMetricsRegistry,
  type RunningService,
  type ServiceRuntime,
  ServiceTokenSigner,
  startService,
} from '@coin/http';
import { minorUnitsPerCoin } from '@coin/contracts';
import {
  assertAppendTime,
  commandRefusalRecord,
  consumersReadiness,
  outboxPublisher,
  partitionCount,
  refusalIdName,
  sendRefusalRecord,
  startConsumer,
  type RunningConsumer,
  openServiceKafka,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { AuditRecordSigner, CommandAuthority, revocationSubjectOfClient, revocationSubjectOfUser } from '@coin/security';
import { startTracing } from '@coin/telemetry';
import type { UserConfig } from './config';
import { loadSigningKeys } from './domain/tokens';
import { registerInternalRoutes } from './http/internal-routes';
import { registerRegistrationKeyRoutes } from './http/registration-key-routes';
import { registerIdentityRoutes } from './http/identity-routes';
import { registerSecondFactorRoutes } from './http/second-factor-routes';
import { SecretBox } from './domain/secret-box';
import { userOpenRoutes, userRouteCallers } from './http/route-callers';
import { registerReadinessRoute } from './http/readiness-route';
import { registerDeletionRequestRoutes } from './http/deletion-request-routes';
import { registerGrantRequestRoutes } from './http/grant-request-routes';
import { grantPolicyOf } from './config';
import { ledgerBalanceReader } from './http/ledger-balances';
import { handleUserCommands } from './kafka/user-commands';
import { storeSetAsideOutcome } from './db/processed-commands';
import { userCommandStore } from './db/user-command-store';
import { readdressedUserEventRow } from './db/user-events-outbox';
import { commandDecided, revocationAt } from './db/revocations-repo';
import { RevocationRelay } from './kafka/revocation-relay';

export type { RunningService };

export interface UserServiceOptions {
  /** Called when PostgreSQL stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: () => void;
}

export async function startUserService(
  config: Readonly<UserConfig>,
  logger: Logger,
  options: UserServiceOptions = {},
): Promise<RunningService> {
  // Components open in order and close in the reverse order (ServiceRuntime).
  return startService(logger, (runtime) => openUserService(runtime, config, logger, options));
}

async function openUserService(
  runtime: ServiceRuntime,
  config: Readonly<UserConfig>,
  logger: Logger,
  options: UserServiceOptions,
): Promise<Omit<RunningService, 'close'>> {
  // Before anything opens: a SASL protocol without credentials is a configuration error.
  const security = kafkaSecurityOf(config);
  // Off unless OTEL_TRACES_EXPORTER=otlp (docs/DESIGN.md "Traces").
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const now = () => new Date();
  const schema = `${config.DB_SCHEMA_PREFIX}users`;
  const { pool, watch: database } = openServiceDatabase(
    {
      url: config.USER_DATABASE_URL,
      schema,
      applicationName: 'user-service',
      graceMs: config.DB_OUTAGE_GRACE_MS,
      log: logger,
      ...(options.onDatabaseLost ? { onGraceExceeded: options.onDatabaseLost } : {}),
    },
    runtime,
  );
  const auditSigner = new AuditRecordSigner('user', config.SERVICE_TOKEN_PRIVATE_KEY);
  const { kafka, producer, admin } = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security,
    clientId: 'user-service',
    logger,
    // Its admin audit records are signed with its own key (docs/DESIGN.md "Admin audit log").
    producer: { auditSigning: { topics: [topicNames(config.TOPIC_PREFIX).adminAudit], signer: auditSigner } },
  });
  const metrics = createMetricsRegistry('user');
  // Replies to a gateway that reads packs share a record per reply partition and request
  // (docs/DESIGN.md "Packed records").
  producer.packOn(topicNames(config.TOPIC_PREFIX).gatewayReplies);
  const sendToKafka = outboxPublisher(producer);
  const eventTopics = topicNames(config.TOPIC_PREFIX);
  const outbox = new OutboxRelay({
    store: outboxTable(pool),
    metrics,
    // Rows an older version addressed to user.events (version 1, retired) go out as user.events.v2.
    publish: (rows) => sendToKafka(rows.map((row) => readdressedUserEventRow(eventTopics, row))),
    onError: (err) => logger.warn({ err }, 'outbox sweep failed'),
  });
  outbox.start();
  runtime.onClose('outbox relay', () => outbox.stop());

  const keys = await loadSigningKeys(config.JWT_PRIVATE_KEY, config.JWT_KEY_ID, config.JWT_PREVIOUS_PUBLIC_KEYS);
  // Every revocation (a token version's rise, a revoked client) goes into every partition of
  // ledger.commands, signed, before its caller is answered (docs/DESIGN.md "Who asks").
  const topics = topicNames(config.TOPIC_PREFIX);
  const revocations = new RevocationRelay({
    pool,
    producer,
    topic: topics.ledgerCommands,
    partitions: await partitionCount(admin, topics.ledgerCommands),
    keys,
    issuer: config.JWT_ISSUER,
    logger,
    sweepIntervalMs: config.REVOCATION_SWEEP_INTERVAL_MS,
  });
  revocations.start();
  runtime.onClose('revocation relay', () => revocations.stop());
  const consumers: RunningConsumer[] = [];
  const readiness = {
    postgres: database.readiness,
    kafka: async () => void (await admin.describeCluster()),
    consumers: consumersReadiness(consumers),
  };
  const operational = buildOperationalApp({ logger, metrics, readiness, started: () => runtime.isReady() });
  const app = buildInternalApp({
    logger,
    metrics,
    serviceAuth: {
      audience: 'user',
      publicKeys: config.SERVICE_TOKEN_PUBLIC_KEYS,
      routes: userRouteCallers,
      open: userOpenRoutes,
    },
  });
  const routeDeps = {
    pool,
    keys,
    tokens: { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, ttlSeconds: config.ACCESS_TOKEN_TTL_S },
    apiKeyProofTtlSeconds: config.API_KEY_PROOF_TTL_S,
    sessions: {
      refreshTokenTtlSeconds: config.REFRESH_TOKEN_TTL_S,
      maxAgeSeconds: { user: config.SESSION_MAX_AGE_S, admin: config.ADMIN_SESSION_MAX_AGE_S },
    },
    secondFactor: {
      box: new SecretBox(config.MFA_ENCRYPTION_SECRET),
      failures: { max: config.MFA_FAILURES_MAX, windowMs: config.MFA_FAILURE_WINDOW_S * 1000 },
      challengeTtlSeconds: config.MFA_CHALLENGE_TTL_S,
    },
    topics: topicNames(config.TOPIC_PREFIX),
    now,
    passwordHashCost: passwordHashCostOf(config, logger),
    revocations,
  };
  registerInternalRoutes(app, routeDeps);
  registerIdentityRoutes(app, routeDeps);
  registerSecondFactorRoutes(app, routeDeps);
  registerReadinessRoute(app, readiness);
  registerDeletionRequestRoutes(app, { pool, now });
  registerGrantRequestRoutes(app, { pool, now });
  registerRegistrationKeyRoutes(app, { pool, unboundKeyMaxAgeS: config.COMMAND_MAX_AGE_S });
  const balanceOf = ledgerBalanceReader({
    baseUrl: config.LEDGER_SERVICE_URL,
    timeoutMs: config.LEDGER_READ_TIMEOUT_MS,
    signer: new ServiceTokenSigner('user', config.SERVICE_TOKEN_PRIVATE_KEY),
  });

  // Commands are judged at the time the broker appended them, never at a time their sender wrote.
  await assertAppendTime(admin, [topics.userCommands]);
  const authority = new CommandAuthority({
    keys: keys.trusted,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    maxCommandAgeMs: config.COMMAND_MAX_AGE_S * 1000,
    stepUpMaxAgeMs: config.STEP_UP_MAX_AGE_S * 1000,
  });
  const consumer = await startConsumer({
    kafka,
    groupId: `${config.TOPIC_PREFIX}user-service`,
    topics: [topics.userCommands],
    schema: userCommand,
    // A role change, a deletion, keys and clients must prove who asked (the caller's own token,
    // checked against the actor and the command's time), never the sender's word for it; those
    // that change rights or delete also need the author's fresh second factor (step-up).
    refuse: async (command, _topic, _headers, record) => {
      if (!userCommandNeedsProof(command.type)) return null;
      const appendedAt = new Date(record.timestampMs);
      const check = await authority.check(command, appendedAt, { stepUp: commandNeedsStepUp(command.type) });
      if (!check.ok) return check.reason;
      // Revoked by then (logout-all, a role change, a deletion, a revoked client): judged against
      // the history of token versions, as of the append time, so a command written before the
      // revocation still applies and one written after never does.
      const { kind, id, tokenVersion } = check.authority;
      const past = await revocationAt(
        pool,
        kind === 'system' ? revocationSubjectOfClient(id) : revocationSubjectOfUser(Number(id)),
        appendedAt,
      );
      const refusal =
        kind === 'system' && past.revoked
          ? `Command refused: its proof's platform client ${id} was revoked before the command was appended`
          : kind === 'user' && past.minTokenVersion !== null && tokenVersion < past.minTokenVersion
            ? `Command refused: its proof (token version ${tokenVersion}) was revoked before the command was appended (version ${past.minTokenVersion} by then)`
            : null;
      // A redelivery of a command already decided (its own logout-all, say) was judged when it
      // first came: the two clocks compared here must not turn its stored answer into a refusal.
      return refusal !== null && !(await commandDecided(pool, command.commandId)) ? refusal : null;
    },
    logger,
    producer,
    partitionsConsumedConcurrently: 3,
    metrics,
    // A command refused before apply (by a `refuse` check such as a proof of authority) is
    // recorded in the admin audit log, besides its dead letter and answer.
    onRefused: (refused) =>
      sendRefusalRecord(
        producer,
        topics.adminAudit,
        commandRefusalRecord('user', refused, auditSigner.recordId(refusalIdName(refused)), now()),
      ),
    handleBatch: handleUserCommands({
      store: userCommandStore(pool, topics),
      producer,
      outbox,
      replyTopic: topics.gatewayReplies,
      logger,
      clock: { now, newId: randomUUID, auditRecordIdOf: (name) => auditSigner.recordId(name) },
      tracing,
      revocations,
      grants: grantPolicyOf(config),
      deletions: {
        policy: {
          approvalMinMinor: Math.round(config.DELETION_APPROVAL_MIN_COINS * minorUnitsPerCoin),
          expirySeconds: config.DELETION_REQUEST_EXPIRY_S,
          windowMinor: Math.round(config.DELETION_WINDOW_DAILY_COINS * minorUnitsPerCoin),
          windowCountMax: config.DELETION_WINDOW_DAILY_COUNT,
        },
        balanceOf,
      },
    }),
    replyTopic: topics.gatewayReplies,
    // A command the database or a rule refuses for good is answered like a rejected one, and a
    // retry with the same id gets the same answer (docs/RELIABILITY.md "Failure classes").
    recordSetAside: ({ value: command }, error) => storeSetAsideOutcome(pool, command.commandId, command.type, error),
  });
  runtime.onClose('user commands consumer', () => consumer.stop());
  consumers.push(consumer);
  await consumer.ready;
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const url = await app.listen({ host: config.HOST, port: config.USER_HTTP_PORT });
  // Closed first: stop taking new work, then drain what is in flight, then release connections.
  runtime.onClose('internal API', () => app.close());
  return { url, metricsUrl };
}
