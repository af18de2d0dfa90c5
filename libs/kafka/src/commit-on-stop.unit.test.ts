import type { EachBatchPayload } from 'kafkajs';
import { ResolvedOffsets } from './commit-on-stop';

/** Just enough of a kafkajs batch payload for the wrapper: where it comes from and resolveOffset. */
function payload(topic: string, partition: number, resolvedByKafkajs: string[]): EachBatchPayload {
  return { batch: { topic, partition }, resolveOffset: (o: string) => void resolvedByKafkajs.push(o) } as unknown as EachBatchPayload;
}

describe('ResolvedOffsets', () => {
  it('when batches resolved offsets, then the drain commits the next offset of each partition, once they are done', async () => {
    const tracker = new ResolvedOffsets();
    const kafkajs: string[] = [];
    let release: () => void = () => undefined;
    const handler = tracker.wrap(async (p) => {
      p.resolveOffset(p.batch.partition === 0 ? '4' : '9');
      if (p.batch.partition === 1) await new Promise<void>((r) => (release = r));
    });
    await handler(payload('t', 0, kafkajs));
    const inHand = handler(payload('t', 1, kafkajs));
    const committed: unknown[] = [];
    const drained = tracker.drain(async (offsets) => void committed.push(...offsets), 5_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(committed).toEqual([]);
    release();
    await inHand;
    expect(await drained).toBe(2);
    expect(kafkajs).toEqual(['4', '9']);
    expect(committed).toEqual([
      { topic: 't', partition: 0, offset: '5' },
      { topic: 't', partition: 1, offset: '10' },
    ]);
  });

  it('when a partition went to another member at a rebalance, then the drain never commits it', async () => {
    const tracker = new ResolvedOffsets();
    const handler = tracker.wrap(async (p) => p.resolveOffset('7'));
    await handler(payload('t', 0, []));
    await handler(payload('t', 1, []));
    tracker.assign({ t: [1] });
    const committed: unknown[] = [];
    await tracker.drain(async (offsets) => void committed.push(...offsets), 100);
    expect(committed).toEqual([{ topic: 't', partition: 1, offset: '8' }]);
  });

  it('when stopping, then a new batch is not handled (nor resolved), so the next consumer starts at it', async () => {
    const tracker = new ResolvedOffsets();
    const handled: number[] = [];
    const handler = tracker.wrap(async (p) => {
      handled.push(p.batch.partition);
      p.resolveOffset('1');
    });
    expect(await tracker.drain(async () => undefined, 100)).toBe(0);
    const kafkajs: string[] = [];
    await handler(payload('t', 0, kafkajs));
    expect(handled).toEqual([]);
    expect(kafkajs).toEqual([]);
  });
});
