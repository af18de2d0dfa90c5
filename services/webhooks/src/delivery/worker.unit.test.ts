import { createLogger } from '@coin/logger';
import type { Pool } from '@coin/db';
import { DeliveryWorker } from './worker';

/**
 * The claim runs in a transaction (claimDueDeliveries): a connection whose statements are the
 * pool's `query` (as it is when called: a test may replace it), BEGIN and COMMIT answered empty.
 */
function withTransactions(pool: { query: (text: string, params?: unknown[]) => Promise<unknown> }): Pool {
  const onConnection = (text: string, params?: unknown[]) =>
    ['BEGIN', 'COMMIT', 'ROLLBACK'].includes(text) ? Promise.resolve({ rows: [] }) : pool.query(text, params);
  return Object.assign(pool, { connect: async () => ({ query: onConnection, release: () => undefined }) }) as unknown as Pool;
}

/**
 * A database that has nothing to claim and answers the next due time from a list: the worker's
 * scheduling alone (what it sends is covered against PostgreSQL by webhooks.int.test and the
 * e2e webhooks test).
 */
function nothingToClaim(dueInMs: Array<number | null>) {
  const calls = { claims: 0, dueReads: 0 };
  const pool = withTransactions({
    query: async (text: string) => {
      if (text.includes('UPDATE webhook_deliveries d')) {
        calls.claims += 1;
        return { rows: [] };
      }
      if (text.includes('AS due_in_ms')) {
        const due = dueInMs[Math.min(calls.dueReads, dueInMs.length - 1)];
        calls.dueReads += 1;
        return { rows: [{ due_in_ms: due }] };
      }
      throw new Error(`unexpected statement: ${text.slice(0, 60)}`);
    },
  });
  return { pool, calls };
}

function workerOn(pool: Pool, testClocks?: ConstructorParameters<typeof DeliveryWorker>[0]['testClocks']) {
  return new DeliveryWorker({
    pool,
    sender: {} as never,
    box: {} as never,
    logger: createLogger('webhooks-test', 'silent'),
    pollIntervalMs: 60_000,
    idleSweepMs: 60_000,
    concurrency: 4,
    timeoutMs: 1000,
    retryUnitMs: 1,
    adminAuditTopic: 'admin.audit',
    ...(testClocks ? { testClocks } : {}),
  });
}

/**
 * The worker's timers run on jest's fake clock: time passes only here, each pass's promises
 * settled between timers. On the real clock a busy machine delayed the worker's own timers past
 * the test's waits, and a pass counted at 50 ms had not run yet.
 */
const elapse = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('DeliveryWorker: when it looks again', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it.each([
    // Due 3 ms ago at the first read (it came due after the claim), then nothing pending.
    ['a delivery came due right after a pass claimed nothing', 'the next pass comes at once, not a poll interval later', [-3, null]],
    ['a due delivery stays unclaimed (its row locked)', 'after one pass at once the worker waits the poll interval: no busy loop', [-3]],
  ] as const)('when %s, then %s', async (_when, _then, dueInMs) => {
    const { pool, calls } = nothingToClaim([...dueInMs]);
    const worker = workerOn(pool);
    worker.start();
    await elapse(200);
    await worker.stop();
    expect(calls.claims).toBe(2);
  });

  it('when the next delivery is due in 100 ms, then the worker sleeps that long, not the idle sweep', async () => {
    const { pool, calls } = nothingToClaim([100, null]);
    const worker = workerOn(pool);
    worker.start();
    await elapse(50);
    expect(calls.claims).toBe(1);
    await elapse(250);
    await worker.stop();
    expect(calls.claims).toBe(2);
  });

  it('when woken while asleep, then it passes at once', async () => {
    const { pool, calls } = nothingToClaim([null]);
    const worker = workerOn(pool);
    worker.start();
    await elapse(50);
    expect(calls.claims).toBe(1);
    worker.wake();
    await elapse(50);
    expect(calls.claims).toBe(2);
    await worker.stop();
  });

  it('when woken during a pass, then one more pass follows it at once, never beside it', async () => {
    const { pool, calls } = nothingToClaim([null]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const query = pool.query.bind(pool) as (text: string) => Promise<unknown>;
    // The first claim waits until the test has woken the worker; passes must never overlap.
    let inFlight = 0;
    let mostInFlight = 0;
    (pool as unknown as { query: (text: string) => Promise<unknown> }).query = async (text) => {
      if (!text.includes('UPDATE webhook_deliveries d')) return query(text);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (calls.claims === 0) await held;
        return await query(text);
      } finally {
        inFlight -= 1;
      }
    };
    const worker = workerOn(pool);
    worker.start();
    await elapse(20);
    worker.wake();
    // Time for a pass the wake would start beside the held one, before the held claim answers.
    await elapse(20);
    release();
    await elapse(100);
    await worker.stop();
    expect(calls.claims).toBe(2);
    expect(mostInFlight).toBe(1);
  });
});

describe('DeliveryWorker: the sandbox claims only the clients whose clocks it read', () => {
  /** A sandbox database: `pending` clients have deliveries when the pass lists them; each claim's client filter is kept. */
  function sandboxPool(pending: string[]) {
    const claimedFor: unknown[] = [];
    const pool = withTransactions({
      query: async (text: string, params: unknown[] = []) => {
        if (text.includes('GROUP BY e.client_id')) return { rows: pending.map((client_id) => ({ client_id })) };
        if (text.includes('UPDATE webhook_deliveries d')) {
          claimedFor.push(params[5]);
          return { rows: [] };
        }
        throw new Error(`unexpected statement: ${text.slice(0, 60)}`);
      },
    });
    return { pool, claimedFor };
  }

  /** A sandbox worker whose clocks read `offsets` (the clients asked about that have one). */
  const sandboxWorkerOn = (pool: Pool, offsets: Map<string, number>) =>
    workerOn(pool, { offsetsOf: async (ids) => new Map([...offsets].filter(([id]) => ids.includes(id))) });

  it('when a delivery is written after the pass listed the clients (its clock unread), then the claim leaves it for the next pass', async () => {
    // Nothing pending when listed: a delivery written between the list and the claim must not be judged on wall time.
    const { pool, claimedFor } = sandboxPool([]);
    await sandboxWorkerOn(pool, new Map([['test_ahead', 86_400_000]])).runOnce();
    expect(claimedFor).toEqual([[]]);
  });

  it('when clients were listed, then the claim takes theirs alone', async () => {
    const { pool, claimedFor } = sandboxPool(['test_a', 'test_b']);
    await sandboxWorkerOn(pool, new Map([['test_a', 60_000]])).runOnce();
    expect(claimedFor).toEqual([['test_a', 'test_b']]);
  });

  it('when the worker has no test clocks (the live instance), then the claim filters no client', async () => {
    const { pool, claimedFor } = sandboxPool(['test_a']);
    await workerOn(pool).runOnce();
    expect(claimedFor).toEqual([null]);
  });
});
