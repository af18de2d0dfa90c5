// The project's own infrastructure bring-up for machines without a Docker engine: a KRaft Kafka
// node from Maven Central jars, PostgreSQL and Redis from Debian packages. Idempotent, reuses
// what already runs, and stops only what it started (recorded in .run/started.json).
import { noLog, readStarted, withInfraLock, type Log, type StartedRecord } from './common';
import { defaultKafkaBrokers, ensureKafka, probeKafka, stopKafka } from './kafka';
import { currentPostgresUrl, ensurePostgres, ensureShardPostgres, probePostgres, stopPostgres, stopShardPostgres } from './postgres';
import { defaultRedisUrl, ensureRedis, probeRedis, stopRedis } from './redis';

export interface InfraEndpoints {
  kafkaBrokers: string[];
  databaseUrl: string;
  redisUrl: string;
  /**
   * The admin URL of the second PostgreSQL cluster, the ledger's shard 1 (docs/design/ledger.md
   * "Shards"), when asked for (`ledgerShards: 2`): the test suite always, `npm start` with
   * LEDGER_SHARD_COUNT=2.
   */
  shardDatabaseUrl?: string;
}

/**
 * LEDGER_SHARD_COUNT: 1 (unset, the default) or 2, how many ledger shards `npm start` runs
 * (docs/operations/deployment.md "Ledger shards"); 2 also brings up the second cluster.
 */
export function ledgerShardCountOf(env: NodeJS.ProcessEnv = process.env): 1 | 2 {
  const raw = env.LEDGER_SHARD_COUNT?.trim() ?? '';
  if (raw === '' || raw === '1') return 1;
  if (raw === '2') return 2;
  throw new Error(`LEDGER_SHARD_COUNT must be 1 or 2 locally, not '${raw}'`);
}

export interface InfraOptions {
  /** 2: also the second cluster (SHARD_DATABASE_URL when set, else a private one on port 5434). */
  ledgerShards?: 1 | 2;
}

/** Given endpoints are the caller's: we check them once and never start anything in their place. */
async function verifyKafka(brokers: string[]): Promise<string[]> {
  if (!(await probeKafka(brokers, 5_000))) {
    throw new Error(`Kafka: KAFKA_BROKERS=${brokers.join(',')} is set but no broker answered there; start it or unset KAFKA_BROKERS`);
  }
  return brokers;
}

async function verifyPostgres(url: string, name = 'DATABASE_URL'): Promise<string> {
  const probe = await probePostgres(url, 5_000);
  if (!probe.ok) {
    throw new Error(
      `PostgreSQL: ${name} is set but ${redactPassword(url)} does not accept connections (${probe.message}); start it or unset ${name}`,
    );
  }
  return url;
}

async function verifyRedis(url: string): Promise<string> {
  if (!(await probeRedis(url, 5_000))) {
    throw new Error(`Redis: REDIS_URL=${redactPassword(url)} is set but PING got no answer there; start it or unset REDIS_URL`);
  }
  return url;
}

function redactPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function envBrokers(): string[] | undefined {
  const raw = process.env.KAFKA_BROKERS?.trim();
  if (!raw) return undefined;
  return raw
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
}

/**
 * Brings Kafka, PostgreSQL and Redis up concurrently (or verifies the ones given by
 * KAFKA_BROKERS, DATABASE_URL, REDIS_URL) and returns where they answer. When any piece fails,
 * the others are still left running and one Error names every failure and its log file.
 */
export function ensureInfra(log: Log = noLog, options: InfraOptions = {}): Promise<InfraEndpoints> {
  return withInfraLock(() => bringUp(log, options), log);
}

async function bringUp(log: Log, options: InfraOptions): Promise<InfraEndpoints> {
  const brokers = envBrokers();
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const redisUrl = process.env.REDIS_URL?.trim();
  const shardUrl = process.env.SHARD_DATABASE_URL?.trim();

  const results = await Promise.allSettled([
    brokers ? verifyKafka(brokers) : ensureKafka(log).then((k) => k.brokers),
    databaseUrl ? verifyPostgres(databaseUrl) : ensurePostgres(log).then((p) => p.url),
    redisUrl ? verifyRedis(redisUrl) : ensureRedis(log).then((r) => r.url),
    options.ledgerShards !== 2
      ? Promise.resolve(undefined)
      : shardUrl
        ? verifyPostgres(shardUrl, 'SHARD_DATABASE_URL')
        : ensureShardPostgres(log).then((p) => p.url),
  ] as const);
  const [kafka, postgres, redis, shard] = results;

  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (kafka.status === 'rejected' || postgres.status === 'rejected' || redis.status === 'rejected' || shard.status === 'rejected') {
    const messages = failures.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason)));
    throw new Error(`Infrastructure is not up:\n- ${messages.join('\n- ')}`);
  }
  return {
    kafkaBrokers: kafka.value,
    databaseUrl: postgres.value,
    redisUrl: redis.value,
    ...(shard.value ? { shardDatabaseUrl: shard.value } : {}),
  };
}

/** Stops only what this project started, in parallel, and forgets it. */
export function stopInfra(log: Log = noLog): Promise<void> {
  return withInfraLock(() => bringDown(log), log);
}

async function bringDown(log: Log): Promise<void> {
  const results = await Promise.allSettled([stopKafka(log), stopPostgres(log), stopShardPostgres(log), stopRedis(log)]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    const messages = failures.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason)));
    throw new Error(`Stopping infrastructure failed:\n- ${messages.join('\n- ')}`);
  }
}

export interface InfraStatus {
  kafkaBrokers: string[];
  kafkaUp: boolean;
  databaseUrl: string | undefined;
  redisUrl: string;
  redisUp: boolean;
  startedHere: StartedRecord;
}

/** Probes without starting anything. */
export async function infraStatus(): Promise<InfraStatus> {
  const kafkaBrokers = envBrokers() ?? defaultKafkaBrokers();
  const redisUrl = process.env.REDIS_URL?.trim() || defaultRedisUrl;
  const givenDb = process.env.DATABASE_URL?.trim();
  const [kafkaUp, databaseUrl, redisUp] = await Promise.all([
    probeKafka(kafkaBrokers, 2_000),
    givenDb ? probePostgres(givenDb, 2_000).then((p) => (p.ok ? givenDb : undefined)) : currentPostgresUrl(),
    probeRedis(redisUrl, 1_000),
  ]);
  return { kafkaBrokers, kafkaUp, databaseUrl, redisUrl, redisUp, startedHere: readStarted() };
}

export function formatEndpoints(e: InfraEndpoints): string {
  const shard = e.shardDatabaseUrl ? ` SHARD_DATABASE_URL=${e.shardDatabaseUrl}` : '';
  return `KAFKA_BROKERS=${e.kafkaBrokers.join(',')} DATABASE_URL=${e.databaseUrl} REDIS_URL=${e.redisUrl}${shard}`;
}
