import { removeStaleRuns, removeTopicsAndSchemas, type CleanupTarget } from '../../scripts/stack/cleanup';
import { sharedStacksEnded } from './shared-stack-ends';

/**
 * Runs once per jest run, after every test: removes the topics and schemas this run created
 * (all under `<COIN_TEST_RUN_ID>_`), and those of earlier test, benchmark, bank-test and fuzz runs that started
 * more than two hours ago (interrupted runs never reach this teardown). With Testcontainers the
 * containers go away anyway and hold no earlier runs; the same code then just finds little.
 * A failure here is reported, not fatal: the tests have passed or failed already.
 */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env.COIN_TEST_RUN_ID;
  const brokers = process.env.COIN_TEST_KAFKA_BROKERS;
  const databaseUrl = process.env.COIN_TEST_DATABASE_URL;
  if (!runId || !brokers || !databaseUrl) return; // global-setup did not get as far
  const shardDatabaseUrl = process.env.COIN_TEST_SHARD_DATABASE_URL;
  // The second shard cluster holds the ledger schemas of the tests that run two shards.
  const target: CleanupTarget = { kafkaBrokers: brokers.split(','), databaseUrl, ...(shardDatabaseUrl ? { shardDatabaseUrl } : {}) };
  try {
    await sharedStacksEnded(runId);
    await removeTopicsAndSchemas(target, [`${runId}_`]);
    const stale = await removeStaleRuns(target);
    if (stale.topics + stale.schemas > 0) {
      process.stdout.write(`[teardown] removed ${stale.topics} topics and ${stale.schemas} schemas of runs older than 2 h\n`);
    }
  } catch (err) {
    process.stderr.write(`[teardown] clean-up of test topics and schemas failed: ${(err as Error).message}\n`);
  }
}
