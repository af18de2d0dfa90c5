import { createPool } from '@coin/db';
import {
  asGateway,
  eventually,
  freshId,
  historyGet,
  startHistoryTestBed,
  transactionEvent,
  type HistoryTestBed,
} from '../../../test/harness/history';
import { testInfra } from '../../../test/harness/env';

/**
 * Balances as of a time and statements (docs/design/data.md "Statements and balances as of a time")
 * over the history service's internal API, with the projection fed through real Kafka.
 */
describe('balances as of a time and statements (history service in-process, real Kafka and PostgreSQL)', () => {
  let bed: HistoryTestBed;
  const user = 900_001;
  const other = 900_002;
  const ids = { mint: 0, sent: 0, mintFeb: 0, received: 0, purchase: 0 };

  beforeAll(async () => {
    bed = await startHistoryTestBed();
    for (const key of Object.keys(ids) as Array<keyof typeof ids>) ids[key] = 800_000 + freshId();
    // Five transactions of one user across the January/February boundary, delivered out of order.
    const events = [
      transactionEvent({ id: ids.received, fromUserId: other, toUserId: user, amount: 10, createdAt: '2030-02-15T12:00:00.000Z' }),
      transactionEvent({
        id: ids.mint,
        type: 'MINT',
        fromUserId: null,
        toUserId: user,
        amount: 100,
        createdAt: '2030-01-10T00:00:00.000Z',
      }),
      transactionEvent({ id: ids.sent, fromUserId: user, toUserId: other, amount: 30, createdAt: '2030-01-31T23:59:59.999Z' }),
      transactionEvent({
        id: ids.mintFeb,
        type: 'MINT',
        fromUserId: null,
        toUserId: user,
        amount: 5,
        createdAt: '2030-02-01T00:00:00.000Z',
      }),
      transactionEvent({
        id: ids.purchase,
        type: 'PURCHASE',
        fromUserId: user,
        toUserId: null,
        toTreasury: 'COURSE_FEES',
        amount: 2.5,
        reason: '=cmd|\' /C calc\'!A0, "quoted"',
        reference: '+order-1',
        createdAt: '2030-02-20T08:30:00.000Z',
      }),
    ];
    await bed.publish(events);
    await eventually(
      async () => {
        const r = await statement('user', user, '?from=2030-01-01T00:00:00Z&to=2030-03-01T00:00:00Z');
        return r.body.lines?.length === 5 ? r : undefined;
      },
      20_000,
      'five lines stored',
    );
  }, 90_000);
  afterAll(async () => {
    await bed?.close();
  });

  const balance = (kind: string, id: number | string, at: string) =>
    historyGet(bed.url, `/internal/history/balances/${kind}/${id}?at=${encodeURIComponent(at)}`);
  const statement = (kind: string, id: number | string, query: string) =>
    historyGet(bed.url, `/internal/history/statements/${kind}/${id}${query}`);

  it('when the balance is read before, at, between and after the transactions, then it counts exactly those with createdAt <= at', async () => {
    const expected: Array<[string, number]> = [
      ['2029-12-31T23:59:59Z', 0],
      ['2030-01-10T00:00:00Z', 100],
      ['2030-01-20T00:00:00+05:00', 100],
      ['2030-01-31T23:59:59.999Z', 70],
      ['2030-02-01T00:00:00Z', 75],
      ['2030-02-16T00:00:00Z', 85],
      ['2031-01-01T00:00:00Z', 82.5],
    ];
    for (const [at, coins] of expected) {
      const r = await balance('user', user, at);
      expect([at, r.status, r.body.balance]).toEqual([at, 200, coins]);
    }
    expect((await balance('treasury', 'COURSE_FEES', '2030-02-20T08:30:00Z')).body.balance).toBe(2.5);
    expect((await balance('treasury', 'COURSE_FEES', '2030-02-20T08:29:59Z')).body.balance).toBe(0);
  });

  it('when a statement crossing the month is read in pages, then opening + Σ changes = closing and each running balance follows on', async () => {
    const lines: Array<{ transaction: { id: number }; change: number; runningBalance: number }> = [];
    let cursor: string | null = null;
    let first: { openingBalance: number; closingBalance: number } | undefined;
    do {
      const r = await statement(
        'user',
        user,
        `?from=2030-01-20T00:00:00Z&to=2030-03-01T00:00:00Z&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(r.status).toBe(200);
      first ??= r.body;
      expect([r.body.openingBalance, r.body.closingBalance]).toEqual([100, 82.5]);
      lines.push(...r.body.lines);
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(lines.map((l) => l.transaction.id)).toEqual([ids.sent, ids.mintFeb, ids.received, ids.purchase]);
    expect(lines.map((l) => [l.change, l.runningBalance])).toEqual([
      [-30, 70],
      [5, 75],
      [10, 85],
      [-2.5, 82.5],
    ]);
    expect(first!.openingBalance + lines.reduce((sum, l) => sum + l.change * 100, 0) / 100).toBe(first!.closingBalance);
  });

  it('when the statement is read as CSV, then its rows are the JSON lines, hostile text made inert', async () => {
    const query = '?from=2030-01-20T00:00:00Z&to=2030-03-01T00:00:00Z';
    const json = await statement('user', user, query);
    const csv = await historyGet(bed.url, `/internal/history/statements/user/${user}/csv${query}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect([csv.headers.get('statement-opening-balance'), csv.headers.get('statement-closing-balance')]).toEqual(['100', '82.5']);
    const rows = String(csv.body).split('\r\n');
    expect(rows[0]).toBe(
      'createdAt,transactionId,type,change,runningBalance,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,metadata,splitOf',
    );
    expect(rows.at(-1)).toBe('');
    const simple = rows.slice(1, -2).map((row) => row.split(',').slice(0, 5));
    expect(simple).toEqual(
      json.body.lines
        .slice(0, 3)
        .map((l: { transaction: { createdAt: string; id: number; type: string }; change: number; runningBalance: number }) => [
          l.transaction.createdAt,
          String(l.transaction.id),
          l.transaction.type,
          String(l.change),
          String(l.runningBalance),
        ]),
    );
    expect(rows.at(-2)).toBe(
      `2030-02-20T08:30:00.000Z,${ids.purchase},PURCHASE,-2.5,82.5,${user},,,COURSE_FEES,"'=cmd|' /C calc'!A0, ""quoted""",'+order-1,,,`,
    );
  });

  it('when the database connection fails in the middle of a CSV statement, then the response ends in an error, never as a shorter file that looks whole', async () => {
    // Enough lines that the cursor (1,000 rows a fetch, paced by the reader) is still open when
    // the reader has taken its first chunk: about 2 MB of CSV.
    const party = 910_000 + freshId();
    const lines = 12_000;
    const base = Date.parse('2030-05-01T00:00:00Z');
    for (let start = 0; start < lines; start += 1000) {
      await bed.publish(
        Array.from({ length: Math.min(1000, lines - start) }, (_, i) =>
          transactionEvent({
            id: 700_000_000 + party * 100 + start + i,
            type: 'MINT',
            fromUserId: null,
            toUserId: party,
            amount: 1,
            reason: 'a line of a long statement, padded so the file is large: '.padEnd(120, '.'),
            createdAt: new Date(base + (start + i) * 1000).toISOString(),
          }),
        ),
      );
    }
    const db = createPool({
      url: testInfra().databaseUrl,
      schema: `${bed.prefix}history`,
      applicationName: 'csv-failure-test',
      connectionsMax: 1,
    });
    try {
      await eventually(
        async () => {
          const r = await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM history_entries WHERE party_kind = 'user' AND party_id = $1",
            [String(party)],
          );
          return r.rows[0]!.n === lines ? true : undefined;
        },
        60_000,
        'the long statement stored',
      );
      const response = await fetch(
        `${bed.url}/internal/history/statements/user/${party}/csv?from=2030-05-01T00:00:00Z&to=2030-06-01T00:00:00Z`,
        {
          headers: { authorization: await asGateway() },
        },
      );
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      // The history service's connection holding the statement's cursor goes away (a failover, an operator's kill).
      // The first chunk may be the header, written before the cursor's query shows in pg_stat_activity: look again.
      const killed = await eventually(
        async () => {
          const found = await db.query<{ pid: number }>(
            `SELECT pg_terminate_backend(pid) AS ok, pid FROM pg_stat_activity
              WHERE application_name = 'history-service' AND query LIKE '%ORDER BY e.created_at, e.transaction_id%' AND pid <> pg_backend_pid()`,
          );
          return found.rows.length > 0 ? found.rows : undefined;
        },
        10_000,
        "the statement's cursor in pg_stat_activity",
      );
      expect(killed.length).toBeGreaterThan(0);
      let received = first.value!.byteLength;
      const readToEnd = async () => {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return received;
          received += chunk.value.byteLength;
        }
      };
      await expect(readToEnd()).rejects.toThrow();
      // What arrived is a prefix of the file, and the client was told it is not all of it.
      expect(received).toBeLessThan(lines * 120);
    } finally {
      await db.end();
    }
  }, 120_000);

  it('when a test-mode client’s transactions move its own sandbox treasury, then that treasury’s balance and statement are its alone, and the shared treasury’s never count them', async () => {
    const [fund, reward, other, live] = [1, 2, 3, 4].map(() => 800_000 + freshId()) as [number, number, number, number];
    const at = '2030-03-10T00:00:00.000Z';
    const mint = { type: 'MINT' as const, fromUserId: null, toUserId: null, toTreasury: 'REWARDS' as const, createdAt: at };
    await bed.publish([
      transactionEvent({ ...mint, id: fund, amount: 50, clientId: 'test_own_a' }),
      transactionEvent({
        id: reward,
        type: 'REWARD',
        fromUserId: null,
        fromTreasury: 'REWARDS',
        toUserId: user,
        amount: 7.5,
        clientId: 'test_own_a',
        createdAt: '2030-03-11T00:00:00.000Z',
      }),
      transactionEvent({ ...mint, id: other, amount: 1_000, clientId: 'test_own_b' }),
      transactionEvent({ ...mint, id: live, amount: 3, clientId: 'pc_live' }),
    ]);
    const period = '?from=2030-03-01T00:00:00Z&to=2030-04-01T00:00:00Z';
    const page = await eventually(
      async () => {
        const r = await statement('treasury', 'REWARDS@test_own_a', period);
        return r.body.lines?.length === 2 ? r : undefined;
      },
      20_000,
      'the own treasury’s two lines',
    );
    expect(page.body.lines.map((l: { transaction: { id: number }; change: number }) => [l.transaction.id, l.change])).toEqual([
      [fund, 50],
      [reward, -7.5],
    ]);
    expect([page.body.openingBalance, page.body.closingBalance]).toEqual([0, 42.5]);
    await eventually(
      async () => ((await balance('treasury', 'REWARDS@test_own_b', '2031-01-01T00:00:00Z')).body.balance === 1_000 ? true : undefined),
      20_000,
      'B’s own',
    );
    await eventually(
      async () => ((await balance('treasury', 'REWARDS', '2031-01-01T00:00:00Z')).body.balance === 3 ? true : undefined),
      20_000,
      'the shared one',
    );
    for (const path of ['treasury/REWARDS@pc_live', 'treasury/NOPE@test_own_a', 'treasury/REWARDS@test_own_a%23x', 'user/7@test_own_a']) {
      const r = await historyGet(bed.url, `/internal/history/balances/${path}`);
      expect([path, r.status]).toEqual([path, 400]);
    }
  });

  it('when the period is empty, reversed, too long or the party malformed, then it is a 400 or an empty statement', async () => {
    const empty = await statement('user', user, '?from=2029-01-01T00:00:00Z&to=2029-02-01T00:00:00Z');
    expect([empty.status, empty.body.openingBalance, empty.body.closingBalance, empty.body.lines]).toEqual([200, 0, 0, []]);
    for (const query of [
      '?from=2030-02-01T00:00:00Z&to=2030-02-01T00:00:00Z',
      '?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z',
      '?from=2030-01-01T00:00:00Z&to=2031-01-02T00:00:01Z',
      '?from=2030-01-01T00:00:00Z',
      '?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z&cursor=bm90LWEtY3Vyc29y',
    ]) {
      const r = await statement('user', user, query);
      expect([query, r.status, r.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    for (const path of ['user/ABC', 'treasury/NOPE', 'wallet/1', 'user/0']) {
      const r = await historyGet(bed.url, `/internal/history/balances/${path}`);
      expect([path, r.status]).toEqual([path, 400]);
    }
  });
});
