import { randomInt } from 'node:crypto';
import { runKafkaMode } from '../../../../scripts/simulate/kafka-mode';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';

/**
 * The Kafka mode of the whole-ledger simulation (scripts/simulate/kafka-mode.ts): the seeded
 * generator's commands, signed with real keys, over the real Kafka to the ledger service in a
 * process of its own that is SIGKILLed from outside and at crash points right after a commit, and
 * started again. One random seed (printed; rerun it with `npm run simulate -- --kafka --seed <n>`
 * or SIMULATION_KAFKA_SEED=<n>). The run sends for a fixed time and checks the same properties
 * however many commands a slower machine gets through.
 */

const seed = Number(process.env.SIMULATION_KAFKA_SEED ?? randomInt(1, 2 ** 31));

describe('the whole-ledger simulation on Kafka, with process kills', () => {
  it('when the ledger is killed again and again under the generated commands, then every command is answered, none twice differently, nothing is lost, no partition stays behind and the supply adds up', async () => {
    const run = await runKafkaMode({
      seed,
      seconds: 20,
      infra: testInfra(),
      prefix: uniquePrefix(),
      killEveryMs: [3_000, 7_000],
    });
    console.log(
      `Kafka-mode simulation seed ${seed}: ${run.commands} commands in ${run.attempts} attempts, kills ${JSON.stringify(run.kills)}, answers ${JSON.stringify(run.answers)}`,
    );
    expect(run.findings).toEqual([]);
    // It did what it says: the ledger died under load, and commands went through before and after.
    expect(run.kills.outside).toBeGreaterThanOrEqual(2);
    expect(run.answers.ok ?? 0).toBeGreaterThan(0);
    expect(run.attempts).toBeGreaterThan(run.commands);
  }, 480_000);
});
