import { randomBytes } from 'node:crypto';

export interface TestInfra {
  kafkaBrokers: string[];
  databaseUrl: string;
  redisUrl: string;
  /** The second PostgreSQL cluster: the ledger's shard 1 in the tests that run two shards. */
  shardDatabaseUrl: string;
}

/**
 * Service settings every test stack and harness uses. An idle fetch is held 500 ms instead of
 * production's 3 s off the request path and 2 s on it: a consumer's stop waits for its fetch in
 * flight, and the suite stops services hundreds of times (a stack's stop took seconds longer at
 * 3 s). A record answers a held fetch at once either way; the bank and checker tests and the
 * benchmarks run the production settings. The harness's own topic readers (./topic-watch.ts,
 * ./topic-read.ts) hold theirs as long: kafkajs's default, 5 s, made every reader's stop wait 5 s.
 */
export const testFetchWaitMs = 500;
export const testKafkaEnv: Record<string, string> = {
  KAFKA_OFF_PATH_FETCH_WAIT_MS: String(testFetchWaitMs),
  KAFKA_REQUEST_PATH_FETCH_WAIT_MS: String(testFetchWaitMs),
};

/** The infrastructure chosen by global-setup for this run. */
export function testInfra(): TestInfra {
  const brokers = process.env.COIN_TEST_KAFKA_BROKERS;
  const databaseUrl = process.env.COIN_TEST_DATABASE_URL;
  const redisUrl = process.env.COIN_TEST_REDIS_URL;
  const shardDatabaseUrl = process.env.COIN_TEST_SHARD_DATABASE_URL;
  if (!brokers || !databaseUrl || !redisUrl || !shardDatabaseUrl) {
    throw new Error('test infrastructure not set up: run through jest (global-setup)');
  }
  return { kafkaBrokers: brokers.split(','), databaseUrl, redisUrl, shardDatabaseUrl };
}

/**
 * A prefix unique to this run and this call: topics and schemas of one test file never meet
 * another's, and nothing needs dropping or restarting between runs. global-teardown removes
 * everything under `<run id>_` afterwards (scripts/stack/cleanup.ts reads the run's start time
 * from this form to remove what interrupted runs left).
 */
export function uniquePrefix(): string {
  const run = process.env.COIN_TEST_RUN_ID ?? `t${Date.now().toString(36)}`;
  return `${run}_${randomBytes(3).toString('hex')}_`;
}
