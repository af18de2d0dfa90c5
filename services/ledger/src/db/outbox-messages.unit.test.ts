import type { OutboxBatchMessage } from '../apply/store';
import { decodeOutboxMessages, encodeOutboxMessages } from './outbox-messages';

/** Payloads as the ledger renders them (JSON.stringify), with what escaping and key order could change. */
const rendered: OutboxBatchMessage[] = [
  {
    topic: 't_coin.transactions',
    key: 'user:5',
    headers: { type: 'coin.transaction.recorded', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    payload: JSON.stringify({
      eventId: 'e',
      reason: 'quotes " and \\ backslashes, a tab\t, a newline\n, é, 😀, a lone \ud800 surrogate, \u2028',
      amount: 12345,
      big: 1e21,
      small: 5e-7,
      negativeZero: -0,
      nothing: null,
      '10': 'integer-like keys',
      '2': 'come first',
      nested: [{ a: [] }, {}],
    }),
  },
  { topic: 't_ledger.internal', key: 'treasury:REWARDS', headers: {}, payload: JSON.stringify([1, 'two', { three: 3 }]) },
  { topic: 't_other', key: 'k', headers: {}, payload: 'not JSON at all: "quoted"' },
];

describe('the outbox row text', () => {
  it('when a row is written and read back, then every payload is the exact text rendered, and the row is one JSON array', () => {
    const text = encodeOutboxMessages(rendered);
    expect(decodeOutboxMessages(text)).toEqual(rendered);
    const row = JSON.parse(text) as Array<{ payload: unknown }>;
    expect(row).toHaveLength(3);
    // Stored as values: an operator reads messages::json -> n -> 'payload' as the event itself.
    expect(row[0]!.payload).toMatchObject({ eventId: 'e', amount: 12345 });
    expect(row[1]!.payload).toEqual([1, 'two', { three: 3 }]);
    expect(row[2]!.payload).toBe('not JSON at all: "quoted"');
  });

  it('when the payloads are written, then they are not escaped a second time: the row is about their own size', () => {
    const payload = JSON.stringify({ a: '"'.repeat(1000) });
    const text = encodeOutboxMessages([{ topic: 't', key: 'k', headers: {}, payload }]);
    expect(text).toContain(payload);
    expect(text.length).toBeLessThan(payload.length + 100);
  });

  it('when a row was written before (payloads as JSON strings), then it reads back the same', () => {
    const before = JSON.stringify(rendered);
    expect(decodeOutboxMessages(before)).toEqual(rendered);
  });
});
