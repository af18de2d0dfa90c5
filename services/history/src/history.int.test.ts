import { dlqOf } from '@coin/contracts';
import { createPool, schemaName } from '@coin/db';
import { readHeaders } from '@coin/kafka';
import { testInfra } from '../../../test/harness/env';
import { http } from '../../../test/harness/http';
import { eventually, historyGet, freshId, startHistoryTestBed, transactionEvent, type HistoryTestBed } from '../../../test/harness/history';

describe('history projection and reads (history service in-process, real Kafka and PostgreSQL)', () => {
  let bed: HistoryTestBed;
  beforeAll(async () => {
    bed = await startHistoryTestBed();
  }, 90_000);
  afterAll(async () => {
    await bed?.close();
  });

  const history = (userId: number, query = '') => historyGet(bed.url, `/internal/history/users/${userId}${query}`);
  const page = (userId: number, query = '') => historyGet(bed.url, `/internal/history/users/${userId}/page${query}`);
  const waitForTotal = (userId: number, total: number) =>
    eventually(
      async () => {
        const r = await page(userId, '?limit=1');
        return r.body.pagination?.total === total ? r : undefined;
      },
      20_000,
      `user ${userId} total ${total}`,
    );

  it('when the same event is delivered twice, then each party has exactly one row', async () => {
    const [from, to] = [freshId(), freshId()];
    const event = transactionEvent({ id: freshId(), fromUserId: from, toUserId: to, amount: 12.34 });
    await bed.publish([event]);
    await bed.publish([event]);
    // A later marker event on the same key proves both copies have been consumed.
    const marker = transactionEvent({ id: freshId(), fromUserId: from, toUserId: to });
    await bed.publish([marker]);
    await waitForTotal(from, 2);
    for (const userId of [from, to]) {
      const r = await page(userId);
      expect(r.body.pagination.total).toBe(2);
      expect(r.body.transactions.filter((t: { id: number }) => t.id === event.transaction.id)).toEqual([event.transaction]);
    }
  });

  it('when events arrive out of order across partitions, then reads are newest first by createdAt, then id', async () => {
    const userId = freshId();
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    // Six transactions; two share a createdAt so the id breaks the tie.
    const specs = [
      { offsetMs: 5000, partition: 0 },
      { offsetMs: 1000, partition: 1 },
      { offsetMs: 3000, partition: 2 },
      { offsetMs: 3000, partition: 3 },
      { offsetMs: 0, partition: 4 },
      { offsetMs: 4000, partition: 5 },
    ];
    const events = specs.map((s) => ({
      event: transactionEvent({
        id: freshId(),
        type: 'MINT',
        fromUserId: null,
        toUserId: userId,
        createdAt: new Date(base + s.offsetMs).toISOString(),
      }),
      partition: s.partition,
    }));
    // Delivered newest-last on some partitions and newest-first on others.
    for (const i of [4, 0, 2, 5, 1, 3]) await bed.publish([events[i]!.event], events[i]!.partition);
    await waitForTotal(userId, events.length);
    const expected = [...events]
      .map((e) => e.event.transaction)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
      .map((t) => t.id);
    expect((await history(userId)).body.transactions.map((t: { id: number }) => t.id)).toEqual(expected);
    expect((await page(userId)).body.transactions.map((t: { id: number }) => t.id)).toEqual(expected);
  });

  it('when pages are read by cursor while new transactions arrive, then no transaction is skipped or repeated', async () => {
    const userId = freshId();
    const start = Date.parse('2031-01-01T00:00:00.000Z');
    const initial = Array.from({ length: 40 }, (_, i) =>
      transactionEvent({
        id: freshId(),
        fromUserId: null,
        toUserId: userId,
        type: 'MINT',
        createdAt: new Date(start + i * 1000).toISOString(),
      }),
    );
    await bed.publish(initial);
    await waitForTotal(userId, initial.length);

    const seen: number[] = [];
    const added: number[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const r = await history(userId, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.transactions.map((t: { id: number }) => t.id));
      cursor = r.body.nextCursor;
      // Between pages: a newer transaction, one older than everything, and one that sorts inside
      // the part already served (a late arrival from another partition).
      round += 1;
      const late = [
        transactionEvent({
          id: freshId(),
          fromUserId: null,
          toUserId: userId,
          type: 'MINT',
          createdAt: new Date(start + 100_000 + round).toISOString(),
        }),
        transactionEvent({
          id: freshId(),
          fromUserId: null,
          toUserId: userId,
          type: 'MINT',
          createdAt: new Date(start - 100_000 - round).toISOString(),
        }),
        transactionEvent({
          id: freshId(),
          fromUserId: null,
          toUserId: userId,
          type: 'MINT',
          createdAt: new Date(start + 39_500).toISOString(),
        }),
      ];
      added.push(...late.map((e) => e.transaction.id));
      await bed.publish(late);
      await waitForTotal(userId, initial.length + added.length);
    } while (cursor !== null);

    expect(new Set(seen).size).toBe(seen.length);
    for (const t of initial) expect(seen).toContain(t.transaction.id);
    // Everything served is a real transaction of this user, in strictly descending order.
    const all = (await page(userId, '?limit=100')).body.transactions.map((t: { id: number }) => t.id);
    const position = new Map<number, number>(all.map((id: number, i: number) => [id, i]));
    const positions = seen.map((id) => position.get(id));
    expect(positions.every((p) => p !== undefined)).toBe(true);
    expect([...positions].sort((a, b) => a! - b!)).toEqual(positions);
    // The older-than-everything arrivals sort after the cursor, so they were all served too.
    expect(seen.length).toBeGreaterThan(initial.length);
  }, 90_000);

  it('when a user has history, then offset pages carry limit, offset and total and the Transaction fields', async () => {
    const userId = freshId();
    const other = freshId();
    const events = Array.from({ length: 5 }, (_, i) =>
      transactionEvent({
        id: freshId(),
        fromUserId: userId,
        toUserId: other,
        amount: i + 0.25,
        createdAt: new Date(Date.parse('2032-01-01T00:00:00Z') + i).toISOString(),
      }),
    );
    await bed.publish(events);
    await waitForTotal(userId, 5);
    const r = await page(userId, '?limit=2&offset=1');
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 1, total: 5 });
    expect(r.body.transactions).toEqual([events[3]!.transaction, events[2]!.transaction]);
    expect((await page(userId)).body.pagination).toEqual({ limit: 20, offset: 0, total: 5 });
    expect((await page(userId, '?offset=5')).body.transactions).toEqual([]);
    // The recipient sees the same transfers.
    expect((await page(other)).body.pagination.total).toBe(5);
  });

  it.each([
    ['limit=0', 'page'],
    ['limit=101', 'page'],
    ['limit=1.5', 'page'],
    ['offset=-1', 'page'],
    ['offset=abc', 'page'],
    ['limit=1001', 'history'],
    ['limit=', 'history'],
    ['cursor=not-a-cursor', 'history'],
    [`cursor=${Buffer.from('{"v":2,"k":"user-transactions","t":"2030-01-01T00:00:00.000000Z","i":-5}').toString('base64url')}`, 'history'],
    ['unknown=1', 'history'],
  ])('when the query is %s on %s, then 400 VALIDATION_FAILED and nothing is clamped', async (query, route) => {
    const r = route === 'page' ? await page(1, `?${query}`) : await history(1, `?${query}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
  });

  it('when a cursor is tampered with, then 400', async () => {
    const userId = freshId();
    await bed.publish([1, 2, 3].map(() => transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() })));
    await waitForTotal(userId, 3);
    const first = await history(userId, '?limit=1');
    const cursor: string = first.body.nextCursor;
    expect(typeof cursor).toBe('string');
    const tampered = cursor.slice(0, -2) + (cursor.endsWith('A') ? 'BB' : 'AA');
    expect((await history(userId, `?limit=1&cursor=${tampered}`)).status).toBe(400);
    expect((await history(userId, `?limit=1&cursor=${cursor}`)).status).toBe(200);
  });

  it('when admins search, then userId, treasury, type and time filters apply and the cursor pages through', async () => {
    const userId = freshId();
    const t0 = Date.parse('2033-01-01T00:00:00Z');
    const events = [
      transactionEvent({ id: freshId(), type: 'MINT', fromUserId: null, toUserId: userId, createdAt: new Date(t0).toISOString() }),
      transactionEvent({
        id: freshId(),
        type: 'PURCHASE',
        fromUserId: userId,
        toUserId: null,
        toTreasury: 'COURSE_FEES',
        reference: 'order-1',
        createdAt: new Date(t0 + 1000).toISOString(),
      }),
      transactionEvent({
        id: freshId(),
        type: 'TRANSFER',
        fromUserId: userId,
        toUserId: freshId(),
        createdAt: new Date(t0 + 2000).toISOString(),
      }),
    ];
    await bed.publish(events);
    await waitForTotal(userId, 3);
    const search = (q: string) => historyGet(bed.url, `/internal/transactions?${q}`);
    const ids = (r: { body: { transactions: Array<{ id: number }> } }) => r.body.transactions.map((t) => t.id);
    const [mint, purchase, transfer] = events.map((e) => e.transaction.id);
    expect(ids(await search(`userId=${userId}`))).toEqual([transfer, purchase, mint]);
    expect(ids(await search(`userId=${userId}&type=PURCHASE`))).toEqual([purchase]);
    expect(ids(await search(`userId=${userId}&from=${new Date(t0 + 1000).toISOString()}&to=${new Date(t0 + 2000).toISOString()}`))).toEqual(
      [purchase],
    );
    expect(ids(await search(`treasury=COURSE_FEES&from=${new Date(t0).toISOString()}`))).toEqual([purchase]);
    expect(ids(await search(`type=MINT&from=${new Date(t0).toISOString()}&to=${new Date(t0 + 1).toISOString()}`))).toEqual([mint]);
    // Unfiltered search pages through every transaction by cursor.
    const first = await search(`from=${new Date(t0).toISOString()}&to=${new Date(t0 + 3000).toISOString()}&limit=2`);
    expect(ids(first)).toEqual([transfer, purchase]);
    const second = await search(
      `from=${new Date(t0).toISOString()}&to=${new Date(t0 + 3000).toISOString()}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(ids(second)).toEqual([mint]);
    expect(second.body.nextCursor).toBeNull();
    // Invalid filters are 400s.
    for (const q of ['userId=abc', 'type=GIFT', 'from=yesterday', `userId=${userId}&treasury=REWARDS`, 'treasury=BANK']) {
      const r = await search(q);
      expect([q, r.status, r.body.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
    }
  });

  it('when a message is poison, then it goes to the DLQ with headers, offset and error and later events still apply', async () => {
    const userId = freshId();
    const bad = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId(), amount: 0.001 });
    await bed.producer.send({
      topic: bed.topic,
      messages: [
        { key: 'garbage', value: '{not json', headers: { type: 'coin.transaction.recorded', 'x-origin': 'test' }, partition: 0 },
        { key: String(bad.transaction.id), value: JSON.stringify(bad), headers: { type: bad.type }, partition: 0 },
      ],
    });
    const good = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() });
    await bed.publish([good], 0);
    await waitForTotal(userId, 1);

    const dead = await readAll(bed, dlqOf(bed.topic), 2);
    expect(dead.map((m) => m.key)).toEqual(['garbage', String(bad.transaction.id)]);
    expect(dead[0]!.headers).toMatchObject({
      'x-origin': 'test',
      'dlq-original-topic': bed.topic,
      'dlq-original-partition': '0',
      'dlq-error': 'value is not JSON',
    });
    expect(dead[0]!.headers['dlq-original-offset']).toMatch(/^\d+$/);
    expect(dead[1]!.headers['dlq-error']).toContain('amount');
  });

  it('when the database refuses one event for a reason it does not class as data (P0001), then that event is set aside and the partition goes on', async () => {
    // The schema's owner installs a trigger refusing one reason with a plain RAISE (SQLSTATE
    // P0001): when only classes 22/23 were isolated, this batch came back for ever.
    const owner = createPool({
      url: testInfra().databaseUrl,
      schema: schemaName(bed.prefix, 'history'),
      applicationName: 'history-poison-test',
      connectionsMax: 1,
    });
    try {
      await owner.query(`
        CREATE FUNCTION refuse_poison_history() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.reason = 'poison' THEN RAISE EXCEPTION 'poison history row refused'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_poison_history BEFORE INSERT ON history_transactions FOR EACH ROW EXECUTE FUNCTION refuse_poison_history();`);
    } finally {
      await owner.end();
    }
    const userId = freshId();
    const before = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() });
    const poison = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId(), reason: 'poison' });
    const after = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() });
    await bed.publish([before, poison, after], 1);
    await waitForTotal(userId, 2);
    // The two dead letters of the test above, then this one.
    const dead = (await readAll(bed, dlqOf(bed.topic), 3)).find((m) => m.key === String(poison.transaction.id));
    expect(dead?.headers['dlq-error']).toContain('P0001');
    // Later events on the same partition still apply.
    const later = transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() });
    await bed.publish([later], 1);
    await waitForTotal(userId, 3);
  });

  it('when metrics are scraped, then consumer lag and event freshness are exported', async () => {
    const metrics = await http(bed.metricsUrl, 'GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/coin_history_consumer_lag_messages\{partition="0",service="history"\} \d+/);
    expect(metrics.body).toMatch(/coin_history_last_applied_event_age_seconds\{service="history"\} [\d.e+-]+/);
    expect(metrics.body).toMatch(/coin_history_apply_delay_seconds_count\{service="history"\} [1-9]/);
    expect(metrics.body).toMatch(/coin_history_events_applied_total\{outcome="duplicate",service="history"\} [1-9]/);
  });
});

async function readAll(bed: HistoryTestBed, topic: string, count: number) {
  const consumer = bed.kafka.consumer({ groupId: `${bed.prefix}reader-${Date.now()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const messages: Array<{ key: string | null; headers: Record<string, string> }> = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${count} messages on ${topic}`)), 30_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        messages.push({ key: message.key?.toString() ?? null, headers: readHeaders(message.headers) });
        if (messages.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return messages;
}
