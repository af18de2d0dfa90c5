import { dlqOf } from '@coin/contracts';
import { createKafka, deadLetterOf, readHeaders } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { ownerCheckOf, redriveDlq } from '../../scripts/redrive-dlq';
import { eventually, historyGet, freshId, startHistoryTestBed, transactionEvent, type HistoryTestBed } from '../harness/history';

const logger = createLogger('redrive-test', 'error');

describe('npm run dlq:redrive against a real broker and the history service', () => {
  let bed: HistoryTestBed;
  beforeAll(async () => {
    bed = await startHistoryTestBed();
  }, 90_000);
  afterAll(async () => {
    await bed?.close();
  });

  const deadLettered = (event: ReturnType<typeof transactionEvent>, offset: number) => ({
    key: String(event.transaction.id),
    value: JSON.stringify(event),
    headers: {
      type: event.type,
      'dlq-original-topic': bed.topic,
      'dlq-original-partition': '0',
      'dlq-original-offset': String(offset),
      'dlq-error': 'refused by an older consumer',
      'dlq-at': new Date().toISOString(),
    },
  });

  it('when dead letters are re-driven, then those the ledger vouches for return to the topic without dlq headers, are applied, and a rerun moves nothing more', async () => {
    const userId = freshId();
    const events = [1, 2, 3].map(() => transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() }));
    // One the ledger never recorded, between them: a consumer may write the DLQ, not the topic.
    const forged = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId(), amount: 1000 });
    const dead = [events[0]!, forged, events[1]!, events[2]!];
    await bed.producer.send({ topic: dlqOf(bed.topic), messages: dead.map((e, i) => deadLettered(e, i)) });
    // The ledger's record as its internal API pages it (GET /internal/transactions): these three.
    const recorded = events.map((e) => e.transaction).sort((a, b) => a.id - b.id);
    const check = ownerCheckOf('coin.transactions', {
      ledger: {
        page: async (afterId, limit) => ({ transactions: recorded.filter((t) => t.id > afterId).slice(0, limit), nextAfterId: null }),
      },
    });
    const kafka = createKafka({ brokers: bed.env.KAFKA_BROKERS!.split(','), clientId: 'redrive-test', logger });

    // A copy of what reaches the topic, to look at the headers.
    const watcher = bed.kafka.consumer({ groupId: `${bed.prefix}watcher` });
    await watcher.connect();
    await watcher.subscribe({ topic: bed.topic, fromBeginning: true });
    const seen: Array<{ key: string; headers: Record<string, string> }> = [];
    await watcher.run({
      eachMessage: async ({ message }) => void seen.push({ key: message.key!.toString(), headers: readHeaders(message.headers) }),
    });

    // Partitions are read in no fixed order: the limit bounds the messages looked at, the totals are fixed.
    const first = await redriveDlq({ kafka, topic: bed.topic, limit: 2, logger, check });
    expect(first.moved + first.refused).toBe(2);
    const second = await redriveDlq({ kafka, topic: bed.topic, logger, check });
    expect({ moved: first.moved + second.moved, refused: first.refused + second.refused }).toEqual({ moved: 3, refused: 1 });
    expect(await redriveDlq({ kafka, topic: bed.topic, logger, check })).toEqual({ moved: 0, refused: 0 });

    const page = await eventually(async () => {
      const r = await historyGet(bed.url, `/internal/history/users/${userId}/page`);
      return r.body.pagination?.total === 3 ? r : undefined;
    });
    expect(page.body.transactions.map((t: { id: number }) => t.id).sort((a: number, b: number) => a - b)).toEqual(
      events.map((e) => e.transaction.id),
    );
    await eventually(async () => (seen.length >= 3 ? true : undefined));
    await watcher.disconnect();
    // Keys spread over partitions, so only the set is fixed, not the order.
    expect(seen.map((m) => m.key).sort()).toEqual(events.map((e) => String(e.transaction.id)).sort());
    for (const m of seen) expect(m.headers).toEqual({ type: 'coin.transaction.recorded' });
  }, 90_000);

  it('when a dead letter was truncated by its consumer, or carries a header its consumer refuses, then it stays even though the ledger vouches for it; the others go back', async () => {
    const userId = freshId();
    const [good, cut, hostile] = [1, 2, 3].map(() => transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() }));
    const recorded = [good!, cut!, hostile!].map((e) => e.transaction).sort((a, b) => a.id - b.id);
    const check = ownerCheckOf('coin.transactions', {
      ledger: {
        page: async (afterId, limit) => ({ transactions: recorded.filter((t) => t.id > afterId).slice(0, limit), nextAfterId: null }),
      },
    });
    const origin = { 'dlq-original-topic': bed.topic, 'dlq-original-partition': '0', 'dlq-original-offset': '9', 'dlq-error': 'refused' };
    // The consumer's dead letter of a record of about 1 MB: the event, then padding past the bound.
    const padded = `${JSON.stringify(cut).slice(0, -1)},"padding":"${'p'.repeat(1_040_000)}"}`;
    const truncated = deadLetterOf(
      { key: Buffer.from(String(cut!.transaction.id)), value: Buffer.from(padded), headers: { type: cut!.type } },
      origin,
    );
    await bed.producer.send({
      topic: dlqOf(bed.topic),
      messages: [
        deadLettered(good!, 10),
        { key: truncated.key as Buffer, value: truncated.value as Buffer, headers: truncated.headers as Record<string, string> },
        { ...deadLettered(hostile!, 12), headers: { ...deadLettered(hostile!, 12).headers, 'correlation-id': 'c'.repeat(400_000) } },
      ],
    });
    const kafka = createKafka({ brokers: bed.env.KAFKA_BROKERS!.split(','), clientId: 'redrive-test-refusals', logger });
    expect(await redriveDlq({ kafka, topic: bed.topic, logger, check })).toEqual({ moved: 1, refused: 2 });
    const page = await eventually(async () => {
      const r = await historyGet(bed.url, `/internal/history/users/${userId}/page`);
      return r.body.pagination?.total === 1 ? r : undefined;
    });
    expect(page.body.transactions.map((t: { id: number }) => t.id)).toEqual([good!.transaction.id]);
  }, 90_000);

  it('when the topic argument is not a known topic, then the command refuses to run', async () => {
    const { execFile } = await import('node:child_process');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/redrive-dlq.ts', '--topic', 'no.such.topic'],
        { env: { ...process.env, KAFKA_BROKERS: bed.env.KAFKA_BROKERS } },
        (_err, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--topic must be one of');
  }, 30_000);
});
