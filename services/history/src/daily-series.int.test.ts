import { createPool, type Pool } from '@coin/db';
import {
  eventually,
  freshId,
  historyEnv,
  historyGet,
  startHistoryTestBed,
  transactionEvent,
  type HistoryTestBed,
} from '../../../test/harness/history';

/**
 * Daily series (docs/design/data.md "Daily series") over the history service's internal API, with the
 * projection fed through real Kafka into its own schema: a treasury's and a user's balance at each
 * day's end, the supply, and the volume per type, across day boundaries to the millisecond.
 */
describe('daily series (history service in-process, real Kafka and PostgreSQL)', () => {
  let bed: HistoryTestBed;
  let pool: Pool;
  const user = 910_001;
  const other = 910_002;
  const id = () => 820_000 + freshId();

  beforeAll(async () => {
    bed = await startHistoryTestBed();
    pool = createPool({
      url: historyEnv(bed.prefix).HISTORY_DATABASE_URL!,
      schema: `${bed.prefix}history`,
      applicationName: 'daily-series-test',
    });
    const none = { fromUserId: null, toUserId: null, fromTreasury: null, toTreasury: null };
    await bed.publish([
      transactionEvent({ id: id(), ...none, type: 'MINT', toTreasury: 'REWARDS', amount: 1000, createdAt: '2030-03-01T10:00:00.000Z' }),
      transactionEvent({ id: id(), ...none, type: 'MINT', toTreasury: 'REWARDS', amount: 500, createdAt: '2030-03-03T00:00:00.000Z' }),
      transactionEvent({
        id: id(),
        ...none,
        type: 'REWARD',
        fromTreasury: 'REWARDS',
        toUserId: user,
        amount: 40,
        createdAt: '2030-03-03T23:59:59.999Z',
      }),
      transactionEvent({ id: id(), fromUserId: user, toUserId: other, amount: 7.5, createdAt: '2030-03-04T08:00:00.000Z' }),
      transactionEvent({ id: id(), ...none, type: 'BURN', fromTreasury: 'REWARDS', amount: 100, createdAt: '2030-03-05T12:00:00.000Z' }),
      transactionEvent({ id: id(), ...none, type: 'MINT', toUserId: user, amount: 10, createdAt: '2030-03-06T00:00:00.000Z' }),
    ]);
    await eventually(
      async () => {
        const r = await volume('?from=2030-03-01&to=2030-03-06');
        const count = (r.body.days ?? []).flatMap((d: any) => d.types).reduce((n: number, t: any) => n + t.transactions, 0);
        return count === 6 ? r : undefined;
      },
      20_000,
      'six transactions stored',
    );
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
    await bed?.close();
  });

  const range = '?from=2030-03-02&to=2030-03-05';
  const balances = (kind: string, partyId: number | string, query: string) =>
    historyGet(bed.url, `/internal/history/daily-balances/${kind}/${partyId}${query}`);
  const supply = (query: string) => historyGet(bed.url, `/internal/stats/daily-supply${query}`);
  const volume = (query: string) => historyGet(bed.url, `/internal/stats/daily-volume${query}`);

  it("when a treasury's daily balances are read, then each day has its balance at the day's end, carried over days without a change", async () => {
    const r = await balances('treasury', 'REWARDS', range);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      from: '2030-03-02',
      to: '2030-03-05',
      days: [
        { day: '2030-03-02', balance: 1000 },
        { day: '2030-03-03', balance: 1460 },
        { day: '2030-03-04', balance: 1460 },
        { day: '2030-03-05', balance: 1360 },
      ],
    });
  });

  it("when a user's daily balances are read, then a transaction at 23:59:59.999 counts on its day and one at 00:00 on the next", async () => {
    const r = await balances('user', user, '?from=2030-03-03&to=2030-03-06');
    expect(r.body.days).toEqual([
      { day: '2030-03-03', balance: 40 },
      { day: '2030-03-04', balance: 32.5 },
      { day: '2030-03-05', balance: 32.5 },
      { day: '2030-03-06', balance: 42.5 },
    ]);
  });

  it('when the daily supply is read, then it is Σ MINT − Σ BURN up to each day’s end', async () => {
    const r = await supply(range);
    expect(r.status).toBe(200);
    expect(r.body.days).toEqual([
      { day: '2030-03-02', supply: 1000 },
      { day: '2030-03-03', supply: 1500 },
      { day: '2030-03-04', supply: 1500 },
      { day: '2030-03-05', supply: 1400 },
    ]);
  });

  it('when the daily volume is read, then every day lists every type, with the count and coins of that day', async () => {
    const r = await volume(range);
    expect(r.status).toBe(200);
    const nonZero = r.body.days.map((d: any) => [d.day, d.types.filter((t: any) => t.transactions > 0)]);
    expect(nonZero).toEqual([
      ['2030-03-02', []],
      [
        '2030-03-03',
        [
          { type: 'MINT', transactions: 1, amount: 500 },
          { type: 'REWARD', transactions: 1, amount: 40 },
        ],
      ],
      ['2030-03-04', [{ type: 'TRANSFER', transactions: 1, amount: 7.5 }]],
      ['2030-03-05', [{ type: 'BURN', transactions: 1, amount: 100 }]],
    ]);
    expect(r.body.days[0].types.map((t: any) => t.type)).toEqual(['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND']);
  });

  it('when a range is one day, then there is one point', async () => {
    const r = await supply('?from=2030-03-03&to=2030-03-03');
    expect(r.body.days).toEqual([{ day: '2030-03-03', supply: 1500 }]);
  });

  it.each([
    ['to before from', '?from=2030-03-05&to=2030-03-04'],
    ['367 days', '?from=2030-01-01&to=2031-01-02'],
    ['a date-time instead of a day', '?from=2030-03-01T00:00:00Z&to=2030-03-02'],
    ['no such day', '?from=2030-02-30&to=2030-03-02'],
    ['no to', '?from=2030-03-01'],
    ['an unknown parameter', `${range}&party=REWARDS`],
    ['the year 0, which PostgreSQL has not', '?from=0000-12-31&to=0001-01-01'],
  ])('when the range has %s, then every series answers 400', async (_what, query) => {
    for (const r of [await volume(query), await supply(query), await balances('treasury', 'REWARDS', query)]) expect(r.status).toBe(400);
  });

  it('when a range ends on the last day of year 9999, then it is answered (the instant after it is past that year)', async () => {
    for (const r of [
      await volume('?from=9999-12-30&to=9999-12-31'),
      await balances('treasury', 'REWARDS', '?from=9999-12-31&to=9999-12-31'),
    ]) {
      expect([r.status, r.body.days?.length]).toEqual([200, r.body.from === '9999-12-30' ? 2 : 1]);
    }
    expect((await supply('?from=0001-01-01&to=0001-01-02')).body.days).toEqual([
      { day: '0001-01-01', supply: 0 },
      { day: '0001-01-02', supply: 0 },
    ]);
  });

  it('when a range is 366 days, leap day included, then it is answered with 366 points', async () => {
    const r = await volume('?from=2032-01-01&to=2032-12-31');
    expect([r.status, r.body.days.length]).toEqual([200, 366]);
  });

  it('when the planner may not scan the table, then the daily volume and the supply are index-only range scans', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const plan = async (sql: string) => (await client.query(`EXPLAIN ${sql}`)).rows.map((r: any) => r['QUERY PLAN']).join('\n');
      const volumePlan = await plan(
        `SELECT type, count(*), sum(amount) FROM history_transactions
          WHERE created_at >= ('2030-03-02'::date::timestamp AT TIME ZONE 'UTC') AND created_at < (('2030-03-05'::date + 1)::timestamp AT TIME ZONE 'UTC') GROUP BY 1`,
      );
      expect(volumePlan).toContain('Index Only Scan using history_transactions_recent_idx');
      const supplyPlan = await plan(
        `SELECT sum(amount) FROM history_transactions WHERE type IN ('MINT', 'BURN') AND created_at < ('2030-03-02'::date::timestamp AT TIME ZONE 'UTC')`,
      );
      expect(supplyPlan).toContain('Index Only Scan using history_transactions_type_recent_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
