import { randomBytes } from 'node:crypto';
import { schemaName, serviceDatabaseUrl } from '@coin/db';
import { trustedKeysOf, type JwtKey } from './keys';
import { devRolePassword, serviceDatabases, type ServiceName } from './services';

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
  host?: string;
  /** Ports of the four services; 0 picks a free one (tests). */
  ports: Record<ServiceName, number>;
  logLevel?: string;
  extra?: Record<string, string>;
}

/** The environment each service is started with: the same keys its config.ts parses. */
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
  const dbUrl = (service: keyof typeof serviceDatabases) =>
    serviceDatabaseUrl(s.databaseUrl, serviceDatabases[service].role, devRolePassword(serviceDatabases[service].role));
  const url = (port: number) => `http://${host}:${port}`;
  return {
    user: {
      ...common,
      USER_HTTP_PORT: String(s.ports.user),
      USER_DATABASE_URL: dbUrl('user'),
      JWT_PRIVATE_KEY: s.jwtKey.privateKeyPem,
      JWT_KEY_ID: s.jwtKey.kid,
    },
    ledger: {
      ...common,
      LEDGER_HTTP_PORT: String(s.ports.ledger),
      LEDGER_DATABASE_URL: dbUrl('ledger'),
      AUTHORITY_PUBLIC_KEYS: trustedKeysOf(s.jwtKey),
    },
    history: { ...common, HISTORY_HTTP_PORT: String(s.ports.history), HISTORY_DATABASE_URL: dbUrl('history') },
    gateway: {
      ...common,
      GATEWAY_PORT: String(s.ports.gateway),
      CACHE_MAC_SECRET: s.cacheMacSecret ?? randomBytes(32).toString('base64url'),
      REDIS_URL: s.redisUrl,
      USER_SERVICE_URL: url(s.ports.user),
      LEDGER_SERVICE_URL: url(s.ports.ledger),
      HISTORY_SERVICE_URL: url(s.ports.history),
    },
  };
}

export { schemaName };
