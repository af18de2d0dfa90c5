import { removeTopicsAndSchemas } from '../../scripts/stack/cleanup';
import { testInfra } from './env';

/**
 * Removes the topics and schemas under a closed stack's or harness's own prefix at once, not at
 * the run's end: the broker keeps about 19 KB of heap per partition it hosts, and a whole run's
 * stacks kept to the end (thousands of partitions) fill its heap, after which new partitions wait
 * for a leader (docs/LOCAL_INFRA.md "Kafka settings"). global-teardown still removes what is left
 * (a test that never closed its stack, an interrupted run). A failure here is reported, not
 * thrown: the test has passed or failed already.
 */
export async function removePrefixOnClose(prefix: string): Promise<void> {
  const { kafkaBrokers, databaseUrl, shardDatabaseUrl } = testInfra();
  try {
    await removeTopicsAndSchemas({ kafkaBrokers, databaseUrl, shardDatabaseUrl }, [prefix]);
  } catch (err) {
    process.stderr.write(`[test] removing the topics and schemas of ${prefix} failed: ${(err as Error).message}\n`);
  }
}
