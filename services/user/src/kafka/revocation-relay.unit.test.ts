import { generateKeyPairSync } from 'node:crypto';
import type { Pool } from '@coin/db';
import type { BatchingProducer } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { eventuallyHolds } from '../../../../test/harness/eventually';
import { loadSigningKeys } from '../domain/tokens';
import { RevocationRelay } from './revocation-relay';

/** authority_revocations in memory: the two statements the relay runs. */
function revocationsTable(rows: Array<{ id: number; subject: string; published: boolean }>): Pool {
  return {
    query: async (text: string, values: unknown[]) => {
      if (text.startsWith('SELECT')) {
        const pending = rows.filter((r) => !r.published).slice(0, values[0] as number);
        return { rows: pending.map((r) => ({ id: String(r.id), subject: r.subject, version_after: 2, at: new Date() })) };
      }
      for (const row of rows) if ((values[0] as number[]).includes(row.id)) row.published = true;
      return { rows: [] };
    },
  } as unknown as Pool;
}

/** A relay over those rows, never started: no sweep runs, only wakes and their retries. */
async function relayOf(
  rows: Parameters<typeof revocationsTable>[0],
  producer: BatchingProducer,
  partitions: number,
): Promise<RevocationRelay> {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return new RevocationRelay({
    pool: revocationsTable(rows),
    producer,
    topic: 'ledger.commands',
    partitions,
    keys: await loadSigningKeys(pem, 'k1', '[]'),
    issuer: 'coin-user',
    logger: createLogger('relay-test', 'silent'),
    sweepIntervalMs: 60_000,
    failedPassRetryMs: 20,
  });
}

describe('RevocationRelay: woken by commits, retried while Kafka is away', () => {
  it('when a wake finds Kafka away, then the pass is retried on its own until the records are written, with no sweep running', async () => {
    const rows = [{ id: 1, subject: 'user:7', published: false }];
    let refusals = 2;
    const sent: unknown[] = [];
    const producer = {
      sendMany: async (messages: unknown[]) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('broker away');
        }
        sent.push(...messages);
      },
    } as unknown as BatchingProducer;
    const relay = await relayOf(rows, producer, 3);
    relay.wake();
    await eventuallyHolds(() => expect(rows[0]!.published).toBe(true), 2000);
    // One record per partition, once the broker took them.
    expect(sent).toHaveLength(3);
    expect(refusals).toBe(0);
    await relay.stop();
  });

  it('when stopped while a failed pass waits for its retry, then nothing is tried again', async () => {
    const rows = [{ id: 1, subject: 'user:8', published: false }];
    let attempts = 0;
    const producer = {
      sendMany: async () => {
        attempts += 1;
        throw new Error('broker away');
      },
    } as unknown as BatchingProducer;
    const relay = await relayOf(rows, producer, 1);
    relay.wake();
    await eventuallyHolds(() => expect(attempts).toBeGreaterThanOrEqual(1), 2000);
    await relay.stop();
    const afterStop = attempts;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toBe(afterStop);
    expect(rows[0]!.published).toBe(false);
  });
});
