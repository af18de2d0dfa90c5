import { randomUUID } from 'node:crypto';
import { commandMessage } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { RequestReplyClient } from './request-reply';

/** A producer whose sends take as long as a broker outage makes them (our own class's shape). */
function slowProducer(delayMs: number, outcome: 'ok' | 'fail', settled?: { done: boolean }): BatchingProducer {
  return {
    send: () =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          if (settled) settled.done = true;
          if (outcome === 'ok') resolve();
          else reject(new Error('broker down'));
        }, delayMs),
      ),
  } as unknown as BatchingProducer;
}

const command = () => ({
  commandId: randomUUID(),
  type: 'test',
  issuedAt: new Date().toISOString(),
  actor: { kind: 'service' as const, id: 't' },
  data: {},
});

describe('request/reply deadline while the broker is slow or down', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterAll(() => void process.off('unhandledRejection', onUnhandled));

  it('when the deadline passes during a send that then succeeds, then the caller gets TIMEOUT and nothing goes unhandled', async () => {
    const client = new RequestReplyClient({} as never, slowProducer(150, 'ok'), 'replies', createLogger('rr', 'silent'));
    const c = command();
    await expect(client.request({ topic: 't', key: 'k', command: c, timeoutMs: 30 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      extra: { commandId: c.commandId },
    });
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
  });

  it('when the deadline passes during a send that is still retried (broker down), then the caller gets TIMEOUT at the deadline, before the send gives up, and nothing goes unhandled', async () => {
    const send = { done: false };
    const client = new RequestReplyClient({} as never, slowProducer(400, 'fail', send), 'replies', createLogger('rr', 'silent'));
    await expect(client.request({ topic: 't', key: 'k', command: command(), timeoutMs: 30 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    // Answered while the send was still pending: before, the answer waited for the send.
    expect(send.done).toBe(false);
    expect(client.pendingCount).toBe(0);
    await new Promise((r) => setTimeout(r, 450));
    expect(send.done).toBe(true);
    expect(unhandled).toEqual([]);
  });

  it('when a send fails before the deadline, then the caller gets UNAVAILABLE at once', async () => {
    const client = new RequestReplyClient({} as never, slowProducer(10, 'fail'), 'replies', createLogger('rr', 'silent'));
    await expect(client.request({ topic: 't', key: 'k', command: command(), timeoutMs: 5_000 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(client.pendingCount).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
  });
});

describe('the message a request produces', () => {
  it("when a command is sent, then it is the contract's command message plus where and under which ids to answer", async () => {
    const sent: Array<{ topic: string; message: unknown }> = [];
    const producer = { send: async (topic: string, message: unknown) => void sent.push({ topic, message }) } as unknown as BatchingProducer;
    const client = new RequestReplyClient({} as never, producer, 'replies', createLogger('rr', 'silent'));
    const c = command();

    await expect(
      client.request({ topic: 't', key: 'user:7', command: c, timeoutMs: 30, requestId: 'req-1', traceparent: 'tp' }),
    ).rejects.toMatchObject({
      code: 'TIMEOUT',
    });

    const contract = commandMessage(c, 'user:7');
    expect(sent).toEqual([
      {
        topic: 't',
        message: {
          key: contract.key,
          value: contract.value,
          headers: {
            ...contract.headers,
            'correlation-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
            'reply-to': 'replies',
            'reply-pack': '1',
            'request-id': 'req-1',
            traceparent: 'tp',
          },
        },
      },
    ]);
  });
});
