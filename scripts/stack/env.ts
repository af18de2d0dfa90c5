import { createHmac, randomBytes } from 'node:crypto';
import { schemaName } from '@coin/db';
import { generateAuditCheckpointKey, monitoringCommandKeyId, trustedKeysOf, type JwtKey, type ServiceKeys } from './keys';
import { type DatabaseService, devServiceDatabaseUrl, type ServiceName } from './services';

export interface StackSettings {
  kafkaBrokers: string[];
  databaseUrl: string;
  redisUrl: string;
  topicPrefix: string;
  schemaPrefix: string;
  jwtKey: JwtKey;
  /**
   * The gateway's CACHE_MAC_SECRET (base64url); by default a fresh one per call, so per stack run
   * (a restart of the local stack makes the cached entries of the previous run misses).
   */
  cacheMacSecret?: string;
  /**
   * The history service's audit checkpoint signing key (PKCS#8 PEM); by default a fresh one per
   * call (a test stack's). `npm start` passes the development key kept in .data/keys.
   */
  auditCheckpointKey?: string;
  /**
   * The user service's MFA_ENCRYPTION_SECRET (base64url). By default derived from the stack's JWT key, so
   * every call for one stack (and every `npm start` of the local one) gives the same: an enrolled
   * second factor keeps working across restarts. Production gets its own from a Secret.
   */
  mfaEncryptionSecret?: string;
  /** The run's service-token key pairs (generateServiceKeys): each caller's private key, each callee the public keys it admits. */
  serviceKeys: ServiceKeys;
  host?: string;
  /**
   * The webhooks service's WEBHOOKS_ENCRYPTION_SECRET (base64url). By default derived from the
   * stack's JWT key, so the endpoint secrets sealed by one `npm start` open in the next.
   */
  webhooksEncryptionSecret?: string;
  /** Ports of the six services; 0 picks a free one (tests). */
  ports: Record<ServiceName, number>;
  /** Their metrics ports (/healthz, /readyz, /metrics); unset: 0 each, a free one. */
  metricsPorts?: Record<ServiceName, number>;
  logLevel?: string;
  extra?: Record<string, string>;
}

/**
 * What `npm start` sets beyond each service's own defaults, for a developer's stack (each
 * overridden by the variable of the same name in its environment): a configured cash-out rate,
 * 655 XAF per coin since 2020, so that a cash-out can be asked for at once (docs/CONTRACT.md
 * "Cash-out"; a deployment configures its own, or has two ADMIN+ approve one).
 */
export const localStackDefaults: Readonly<Record<string, string>> = { CASHOUT_RATES: '2020-01-01T00:00:00Z=655' };

/** The environment each service is started with: the same keys its config.ts parses. */
// long-function: a table, each service's environment variables, one a line (with why beside the less obvious ones)
export function serviceEnvs(s: StackSettings): Record<ServiceName, Record<string, string>> {
  const host = s.host ?? '127.0.0.1';
  const common = {
    NODE_ENV: 'development',
    LOG_LEVEL: s.logLevel ?? 'info',
    KAFKA_BROKERS: s.kafkaBrokers.join(','),
    TOPIC_PREFIX: s.topicPrefix,
    DB_SCHEMA_PREFIX: s.schemaPrefix,
    HOST: host,
    ...(s.extra ?? {}),
  };
  const dbUrl = (service: DatabaseService) => devServiceDatabaseUrl(s.databaseUrl, service);
  const url = (port: number) => `http://${host}:${port}`;
  const metricsPort = (name: ServiceName) => String(s.metricsPorts?.[name] ?? 0);
  // Who may call whom at all; each service's route table then narrows it per route.
  const callers = (...names: Array<keyof ServiceKeys>) =>
    JSON.stringify(Object.fromEntries(names.map((name) => [name, s.serviceKeys[name].publicKeyPem])));
  return {
    user: {
      ...common,
      USER_HTTP_PORT: String(s.ports.user),
      METRICS_PORT: metricsPort('user'),
      USER_DATABASE_URL: dbUrl('user'),
      JWT_PRIVATE_KEY: s.jwtKey.privateKeyPem,
      JWT_KEY_ID: s.jwtKey.kid,
      MFA_ENCRYPTION_SECRET:
        s.mfaEncryptionSecret ?? createHmac('sha256', s.jwtKey.privateKeyPem).update('coin-ledger mfa secret key').digest('base64url'),
      // The ledger asks whether a user is deleted before it closes the wallet ("Deleting a user").
      // (and the DLQ redrive of user.events.v2, run as the user service); the webhooks service
      // reads the platform clients and their grants (docs/design/platform.md "A platform's events");
      // monitoring asks where a person who asks for a step stands now (docs/design/monitoring.md "Who asks").
      SERVICE_TOKEN_PUBLIC_KEYS: callers('gateway', 'ledger', 'user', 'webhooks', 'monitoring'),
      // Reads the ledger's balance of a user being deleted (docs/DESIGN.md "Deleting a user"); signs its audit records.
      SERVICE_TOKEN_PRIVATE_KEY: s.serviceKeys.user.privateKeyPem,
      LEDGER_SERVICE_URL: url(s.ports.ledger),
    },
    ledger: {
      ...common,
      LEDGER_HTTP_PORT: String(s.ports.ledger),
      METRICS_PORT: metricsPort('ledger'),
      LEDGER_DATABASE_URL: dbUrl('ledger'),
      // `ledger`: the DLQ redrive of coin.transactions, run as the ledger, reads its record;
      // `webhooks`: the sandbox's webhooks instance reads the sandbox ledger's test clocks.
      SERVICE_TOKEN_PUBLIC_KEYS: callers('gateway', 'history', 'user', 'ledger', 'webhooks'),
      // Asks the user service whether a user is deleted before it closes the wallet; signs its audit records.
      SERVICE_TOKEN_PRIVATE_KEY: s.serviceKeys.ledger.privateKeyPem,
      USER_SERVICE_URL: url(s.ports.user),
      AUTHORITY_PUBLIC_KEYS: trustedKeysOf(s.jwtKey),
      // The monitoring service's freezes are proven by its own key (docs/operations/procedures.md "Monitoring command key").
      MONITORING_COMMAND_PUBLIC_KEYS: JSON.stringify([
        { kid: monitoringCommandKeyId, publicKeyPem: s.serviceKeys.monitoring.publicKeyPem },
      ]),
    },
    history: {
      ...common,
      HISTORY_HTTP_PORT: String(s.ports.history),
      METRICS_PORT: metricsPort('history'),
      HISTORY_DATABASE_URL: dbUrl('history'),
      AUDIT_CHECKPOINT_PRIVATE_KEY: s.auditCheckpointKey ?? generateAuditCheckpointKey(),
      SERVICE_TOKEN_PUBLIC_KEYS: callers('gateway'),
      // For the rebuild (npm run history:rebuild), which reads the ledger's record as `history`.
      SERVICE_TOKEN_PRIVATE_KEY: s.serviceKeys.history.privateKeyPem,
      // Each writer of the admin audit log signs its records with its own service key.
      AUDIT_SIGNER_PUBLIC_KEYS: callers('gateway', 'user', 'ledger', 'webhooks', 'monitoring'),
    },
    webhooks: {
      ...common,
      WEBHOOKS_HTTP_PORT: String(s.ports.webhooks),
      METRICS_PORT: metricsPort('webhooks'),
      WEBHOOKS_DATABASE_URL: dbUrl('webhooks'),
      WEBHOOKS_ENCRYPTION_SECRET:
        s.webhooksEncryptionSecret ??
        createHmac('sha256', s.jwtKey.privateKeyPem).update('coin-ledger webhooks secret key').digest('base64url'),
      // The local stack and its tests deliver to receivers on this machine: the operator's allowance, never a client's.
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      SERVICE_TOKEN_PUBLIC_KEYS: callers('gateway'),
      // Signs its audit records (an endpoint disabled or re-enabled, a monitor created or deleted)
      // and its reads of the user service's platform clients.
      SERVICE_TOKEN_PRIVATE_KEY: s.serviceKeys.webhooks.privateKeyPem,
      USER_SERVICE_URL: url(s.ports.user),
    },
    monitoring: {
      ...common,
      MONITORING_HTTP_PORT: String(s.ports.monitoring),
      METRICS_PORT: metricsPort('monitoring'),
      MONITORING_DATABASE_URL: dbUrl('monitoring'),
      SERVICE_TOKEN_PUBLIC_KEYS: callers('gateway'),
      // Signs its audit records (a step on a case, a rule tuned) and its reads of the user service.
      SERVICE_TOKEN_PRIVATE_KEY: s.serviceKeys.monitoring.privateKeyPem,
      // Signs the freezes it sends the ledger, which trusts the public half (MONITORING_COMMAND_PUBLIC_KEYS above).
      MONITORING_COMMAND_PRIVATE_KEY: s.serviceKeys.monitoring.privateKeyPem,
      MONITORING_COMMAND_KEY_ID: monitoringCommandKeyId,
      // Verifies the token of the person who asks for a step, which the gateway passes on, and asks
      // the user service whether it still speaks for them (docs/design/monitoring.md "Who asks").
      AUTHORITY_PUBLIC_KEYS: trustedKeysOf(s.jwtKey),
      USER_SERVICE_URL: url(s.ports.user),
    },
    gateway: {
      ...common,
      SERVICE_TOKEN_PRIVATE_KEY: s.serviceKeys.gateway.privateKeyPem,
      GATEWAY_PORT: String(s.ports.gateway),
      CACHE_MAC_SECRET: s.cacheMacSecret ?? randomBytes(32).toString('base64url'),
      // Seals the payout providers' callback secrets it issues; derived from the stack's JWT key like
      // the webhooks key, so a secret issued under one `npm start` opens in the next.
      CASHOUT_CALLBACK_ENCRYPTION_SECRET: createHmac('sha256', s.jwtKey.privateKeyPem)
        .update('coin-ledger cash-out callback secret key')
        .digest('base64url'),
      METRICS_PORT: metricsPort('gateway'),
      REDIS_URL: s.redisUrl,
      USER_SERVICE_URL: url(s.ports.user),
      LEDGER_SERVICE_URL: url(s.ports.ledger),
      HISTORY_SERVICE_URL: url(s.ports.history),
      WEBHOOKS_SERVICE_URL: url(s.ports.webhooks),
      MONITORING_SERVICE_URL: url(s.ports.monitoring),
    },
  };
}

export { schemaName };
