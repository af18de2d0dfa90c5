// The one place that decides where tests get Kafka, PostgreSQL and Redis from:
// Testcontainers where a Docker engine answers, the project's own local services otherwise.
import { KafkaContainer } from '@testcontainers/kafka';
import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { RedisContainer } from '@testcontainers/redis';
import { getContainerRuntimeClient } from 'testcontainers';
import { ensureInfra, type InfraEndpoints } from '../../scripts/infra/index';

export type InfraMode = 'containers' | 'local';

export type ProvidedInfra = InfraEndpoints & { shardDatabaseUrl: string; mode: InfraMode; stop(): Promise<void> };

/** Images pinned to the versions the local services run: Kafka 3.9 (cp-kafka 7.9), PG 15, Redis 7. */
const kafkaImage = 'confluentinc/cp-kafka:7.9.0';
const postgresImage = 'postgres:15-alpine';
const redisImage = 'redis:7-alpine';
/** Finding no Docker engine should cost a test run a moment, not a minute. */
const dockerProbeTimeoutMs = 3_000;

const databaseName = 'coin';
const databaseUser = 'coin_admin';
const databasePassword = 'coin_admin';

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function dockerAnswers(): Promise<boolean> {
  try {
    await withTimeout(getContainerRuntimeClient(), dockerProbeTimeoutMs, 'Docker engine probe');
    return true;
  } catch {
    return false;
  }
}

async function chooseMode(): Promise<InfraMode> {
  const forced = process.env.COIN_TEST_INFRA?.trim();
  if (forced === 'local' || forced === 'containers') return forced;
  if (forced) throw new Error(`COIN_TEST_INFRA must be 'local' or 'containers', not '${forced}'`);
  return (await dockerAnswers()) ? 'containers' : 'local';
}

async function startContainers(): Promise<ProvidedInfra> {
  const results = await Promise.allSettled([
    new KafkaContainer(kafkaImage)
      .withKraft()
      // Same rule as the local broker: topics are created explicitly, never by a stray producer.
      .withEnvironment({ KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false' })
      .start(),
    new PostgreSqlContainer(postgresImage).withDatabase(databaseName).withUsername(databaseUser).withPassword(databasePassword).start(),
    new RedisContainer(redisImage).start(),
    // The ledger's second shard: a cluster of its own, as in the local mode.
    new PostgreSqlContainer(postgresImage).withDatabase(databaseName).withUsername(databaseUser).withPassword(databasePassword).start(),
  ] as const);
  const [kafka, postgres, redis, shard] = results;
  if (kafka.status === 'rejected' || postgres.status === 'rejected' || redis.status === 'rejected' || shard.status === 'rejected') {
    // Do not leak the ones that did start.
    await Promise.allSettled(results.map((r) => (r.status === 'fulfilled' ? r.value.stop() : Promise.resolve())));
    const reasons = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason instanceof Error ? r.reason.message : String(r.reason)));
    throw new Error(`Testcontainers could not start the infrastructure:\n- ${[...new Set(reasons)].join('\n- ')}`);
  }
  const k = kafka.value;
  const p = postgres.value;
  const r = redis.value;
  const s = shard.value;
  return {
    mode: 'containers',
    // @testcontainers/kafka advertises its PLAINTEXT listener on container port 9093 to the host.
    kafkaBrokers: [`${k.getHost()}:${k.getMappedPort(9093)}`],
    databaseUrl: p.getConnectionUri(),
    redisUrl: r.getConnectionUrl(),
    shardDatabaseUrl: s.getConnectionUri(),
    async stop() {
      await Promise.allSettled([k.stop(), p.stop(), r.stop(), s.stop()]);
    },
  };
}

async function useLocal(): Promise<ProvidedInfra> {
  // The suite exercises two ledger shards for real: the second cluster too (port 5434).
  const { shardDatabaseUrl, ...endpoints } = await ensureInfra(undefined, { ledgerShards: 2 });
  if (!shardDatabaseUrl) throw new Error('the second PostgreSQL cluster (ledger shard 1) did not come up');
  return {
    mode: 'local',
    ...endpoints,
    shardDatabaseUrl,
    // Local services stay up for the next run; `tsx scripts/infra/cli.ts down` stops them.
    async stop() {},
  };
}

/**
 * Endpoints for Kafka, PostgreSQL and Redis. COIN_TEST_INFRA=local|containers forces a mode;
 * otherwise containers are used only when a Docker engine answers.
 */
export async function provideInfra(): Promise<ProvidedInfra> {
  return (await chooseMode()) === 'containers' ? startContainers() : useLocal();
}
