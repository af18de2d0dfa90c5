import { runBankTest } from '../chaos/bank-test';
import { testInfra } from '../harness/env';

/**
 * The short bank test of every `npm test`: 15 s, 200 wallets, every service SIGKILLed and
 * restarted, and the Kafka broker restarted once (CHAOS_KAFKA_RESTART=0 leaves a broker shared
 * with other work alone). `npm run chaos` is the 60 s version.
 */
describe('bank test under faults (short)', () => {
  it(
    'when services are killed and restarted during random transfers with client retries, then every acknowledged transfer exists once, retries get the original answer and money is conserved',
    async () => {
      const report = await runBankTest({
        durationSec: Number(process.env.CHAOS_DURATION_S ?? 15),
        wallets: 200,
        clients: 16,
        restartKafka: (process.env.CHAOS_KAFKA_RESTART ?? '1') !== '0',
        nemesisIntervalMs: [1500, 3000],
        infra: testInfra(),
        log: () => undefined,
      });
      expect(report.violations).toEqual([]);
      expect(report.counts.acknowledged).toBeGreaterThan(0);
      expect(report.counts.kills).toBeGreaterThanOrEqual(4);
    },
    240_000,
  );
});
