import { randomUUID } from 'node:crypto';
import { passwordHashCostOf } from '@coin/config';
import { commandNeedsStepUp, minorUnitsPerCoin, topicNames, type UserCommand, userCommand, userCommandNeedsProof } from '@coin/contracts';
import type { OutboxRelay, OutboxRow, Pool } from '@coin/db';
import { type RunningService, ServiceTokenSigner } from '@coin/http';
import {
  assertAppendTime,
  commandRefusalRecord,
  commandSetAsideRecord,
  partitionCount,
  refusalIdName,
  requestPathGroupSettings,
  sendRefusalRecord,
  setAsideIdName,
} from '@coin/kafka';
import { AuditRecordSigner, CommandAuthority, revocationSubjectOfClient, revocationSubjectOfUser } from '@coin/security';
import { defineService, type FrameParts } from '@coin/service-kit';
import type { UserConfig } from './config';
import { loadSigningKeys } from './domain/tokens';
import { isTestModeCreation, liveClientActor } from './domain/rules';
import { registerInternalRoutes } from './http/internal-routes';
import { registerRegistrationKeyRoutes } from './http/registration-key-routes';
import {
  registerCallbackSecretRoutes,
  registerIdentityRoutes,
  registerPlatformLinkRoutes,
  registerReferralRoute,
} from './http/identity-routes';
import { RevocationSignal } from './http/revocation-wait';
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

export const startUserService = defineService({
  // Its admin audit records are signed with its own key (docs/DESIGN.md "Admin audit log").
  prepare: (config: Readonly<UserConfig>) => new AuditRecordSigner('user', config.SERVICE_TOKEN_PRIVATE_KEY),
  frame: (config, auditSigner) => ({
    name: 'user',
    databases: [{ url: config.USER_DATABASE_URL, schema: `${config.DB_SCHEMA_PREFIX}users` }],
    internalApi: { port: config.USER_HTTP_PORT, routes: userRouteCallers, open: userOpenRoutes },
    producer: { auditSigning: { topics: [topicNames(config.TOPIC_PREFIX).adminAudit], signer: auditSigner } },
  }),
  open: (parts, { config, prepared }) => openUserParts(parts, config, prepared),
});

/** What is the user service's own: its outbox and revocation relays, its routes and the user.commands consumer. */
async function openUserParts(
  parts: FrameParts,
  config: Readonly<UserConfig>,
  auditSigner: AuditRecordSigner,
): Promise<Record<string, never>> {
  const { runtime, logger, pool, producer, admin } = parts;
  const now = () => new Date();
  const topics = topicNames(config.TOPIC_PREFIX);
  // Replies to a gateway that reads packs share a record per reply partition and request
  // (docs/DESIGN.md "Packed records").
  producer.packOn(topics.gatewayReplies);
  // Rows an older version addressed to user.events (version 1, retired) go out as user.events.v2.
  const outbox = parts.relayOutbox({ readdress: (row) => readdressedUserEventRow(topics, row) });
  const keys = await loadSigningKeys(config.JWT_PRIVATE_KEY, config.JWT_KEY_ID, config.JWT_PREVIOUS_PUBLIC_KEYS);
  // Every revocation (a token version's rise, a revoked client) goes into every partition of
  // ledger.commands, signed, before its caller is answered (docs/DESIGN.md "Who asks").
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
  // A revocation committed (here, elsewhere, by the operator CLI) is written into the ledger's
  // partitions and answers the gateways' held revocation reads.
  const revocationSignal = new RevocationSignal();
  await parts.tableWatch.follow('authority_revocations', () => {
    revocations.wake();
    revocationSignal.notify();
  });
  registerUserRoutes(parts, config, { keys, now, revocations }, revocationSignal);
  // Commands are judged at the time the broker appended them, never at a time their sender wrote.
  await assertAppendTime(admin, [topics.userCommands]);
  const consumer = await startUserCommandsConsumer(parts, config, { keys, now, revocations, outbox, auditSigner });
  await consumer.ready;
  return {};
}

interface UserParts {
  keys: Awaited<ReturnType<typeof loadSigningKeys>>;
  now: () => Date;
  revocations: RevocationRelay;
}

function registerUserRoutes(parts: FrameParts, config: Readonly<UserConfig>, own: UserParts, revocationSignal: RevocationSignal): void {
  const { app, pool, logger } = parts;
  const { now } = own;
  const routeDeps = {
    pool,
    keys: own.keys,
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
    revocations: own.revocations,
    revocationWait: { signal: revocationSignal, heard: () => parts.tableWatch.listening },
  };
  registerInternalRoutes(app, routeDeps);
  registerIdentityRoutes(app, routeDeps);
  registerCallbackSecretRoutes(app, routeDeps);
  registerReferralRoute(app, routeDeps);
  registerPlatformLinkRoutes(app, routeDeps);
  registerSecondFactorRoutes(app, routeDeps);
  registerReadinessRoute(app, parts.database.readiness, config.READINESS_CHECK_TIMEOUT_MS);
  registerDeletionRequestRoutes(app, { pool, now });
  registerGrantRequestRoutes(app, { pool, now });
  registerRegistrationKeyRoutes(app, { pool, unboundKeyMaxAgeS: config.COMMAND_MAX_AGE_S });
}

/**
 * Whether the command needs its author's fresh second factor: its row says so, except a live
 * platform client making its own test-mode client (docs/decisions/0018-sandbox.md "Self-serve test
 * clients"): a client has no second factor, and a test client is refused wherever real money is.
 */
function commandNeedsStepUpOf(command: UserCommand): boolean {
  if (command.type === 'user.platform-client.create' && isTestModeCreation(command) && liveClientActor(command.actor) !== null)
    return false;
  return commandNeedsStepUp(command.type);
}

/**
 * A role change, a deletion, keys and clients must prove who asked (the caller's own token,
 * checked against the actor and the command's time), never the sender's word for it; those
 * that change rights or delete also need the author's fresh second factor (step-up).
 */
function unprovenCommandRefusal(authority: CommandAuthority, pool: Pool) {
  return async (command: UserCommand, appendedAt: Date): Promise<string | null> => {
    if (!userCommandNeedsProof(command.type)) return null;
    const check = await authority.check(command, appendedAt, { stepUp: commandNeedsStepUpOf(command) });
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
  };
}

async function startUserCommandsConsumer(
  parts: FrameParts,
  config: Readonly<UserConfig>,
  own: UserParts & { outbox: OutboxRelay<OutboxRow>; auditSigner: AuditRecordSigner },
) {
  const { producer, logger, pool, tracing } = parts;
  const { now, auditSigner } = own;
  const topics = topicNames(config.TOPIC_PREFIX);
  const authority = new CommandAuthority({
    keys: own.keys.trusted,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    maxCommandAgeMs: config.COMMAND_MAX_AGE_S * 1000,
    stepUpMaxAgeMs: config.STEP_UP_MAX_AGE_S * 1000,
  });
  const refusalOf = unprovenCommandRefusal(authority, pool);
  const balanceOf = ledgerBalanceReader({
    baseUrl: config.LEDGER_SERVICE_URL,
    timeoutMs: config.LEDGER_READ_TIMEOUT_MS,
    signer: new ServiceTokenSigner('user', config.SERVICE_TOKEN_PRIVATE_KEY),
  });
  return parts.consume('user commands consumer', {
    groupId: `${config.TOPIC_PREFIX}user-service`,
    topics: [topics.userCommands],
    schema: userCommand,
    checks: [({ value, record }) => refusalOf(value, new Date(record.timestampMs))],
    partitionsConsumedConcurrently: 3,
    tuning: requestPathGroupSettings(config.KAFKA_REQUEST_PATH_FETCH_WAIT_MS),
    // A command refused before apply (by one of its checks, such as a proof of authority) is
    // recorded in the admin audit log, besides its dead letter and answer.
    onRefused: (refused) =>
      sendRefusalRecord(
        producer,
        topics.adminAudit,
        commandRefusalRecord('user', refused, auditSigner.recordId(refusalIdName(refused)), now()),
      ),
    // So is one no apply could take (set aside: answered COMMAND_FAILED, dead-lettered).
    onSetAside: (setAside) =>
      sendRefusalRecord(
        producer,
        topics.adminAudit,
        commandSetAsideRecord('user', setAside, auditSigner.recordId(setAsideIdName(setAside)), now()),
      ),
    handleBatch: handleUserCommands({
      store: userCommandStore(pool, topics),
      producer,
      outbox: own.outbox,
      replyTopic: topics.gatewayReplies,
      logger,
      clock: { now, newId: randomUUID, auditRecordIdOf: (name) => auditSigner.recordId(name) },
      tracing,
      revocations: own.revocations,
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
}
