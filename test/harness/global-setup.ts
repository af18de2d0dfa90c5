import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { provideInfra } from './infra';
import { machineSpeedFactor, recordFactorOnce, speedFactorVariable } from './machine-speed';

/**
 * Runs once per jest run: makes the infrastructure available (Testcontainers or the locally
 * started services, decided in ./infra) and gives the run a unique id that prefixes every topic
 * and schema it creates, and measures the machine-speed factor time bounds are scaled by
 * (./machine-speed). Workers inherit the values through process.env; global-teardown removes
 * those topics and schemas again. Keep the run id's form in step with runStartedAt() in
 * scripts/stack/cleanup.ts.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.COIN_TEST_RUN_ID) return; // a second project of the same run
  // Before the infrastructure's start-up competes with it, and before any worker: each inherits it.
  const given = Number(process.env[speedFactorVariable]) >= 1;
  const factor = machineSpeedFactor();
  const source = given ? `${speedFactorVariable} given` : 'measured';
  process.stderr.write(
    `[test] machine-speed factor ${factor} (${source}): the suite's time bounds are scaled by it (test/harness/machine-speed.ts)\n`,
  );
  // For the tier's cost report (scripts/test-cost.mjs): its own jest run's, not a nested one's.
  recordFactorOnce(join(__dirname, '..', '..', '.run', 'machine-speed-factor'), `${factor} (${source})`);
  const infra = await provideInfra();
  process.env.COIN_TEST_KAFKA_BROKERS = infra.kafkaBrokers.join(',');
  process.env.COIN_TEST_DATABASE_URL = infra.databaseUrl;
  process.env.COIN_TEST_REDIS_URL = infra.redisUrl;
  process.env.COIN_TEST_SHARD_DATABASE_URL = infra.shardDatabaseUrl;
  process.env.COIN_TEST_INFRA_MODE = infra.mode;
  process.env.COIN_TEST_RUN_ID = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
}
