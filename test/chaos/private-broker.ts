import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureKafka, kafkaLayout, stopKafka, type KafkaLayout } from '../../scripts/infra/kafka';

/**
 * A Kafka broker of a test's own (the same release and jars as the shared one, its own ports,
 * data and run directories): a test that restarts its broker does so without failing the test
 * files that run beside it on the shared broker.
 */
export interface PrivateBroker {
  brokers: string[];
  layout: KafkaLayout;
  /** Stops the broker and removes its directories. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivateBroker(log: (m: string) => void = () => undefined): Promise<PrivateBroker> {
  const workDir = mkdtempSync(join(tmpdir(), 'coin-private-kafka-'));
  const layout = kafkaLayout({
    KAFKA_PORT: String(await freePort()),
    KAFKA_CONTROLLER_PORT: String(await freePort()),
    KAFKA_DATA_DIR: join(workDir, 'data'),
    KAFKA_RUN_DIR: join(workDir, 'run'),
  });
  try {
    const { brokers } = await ensureKafka(log, layout);
    return {
      brokers,
      layout,
      async stop() {
        await stopKafka(log, layout);
        rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopKafka(log, layout).catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
    throw err;
  }
}
