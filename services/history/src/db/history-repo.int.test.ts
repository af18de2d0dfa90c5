import { randomUUID } from 'node:crypto';
import { createPool, type Pool } from '@coin/db';
import { freshId, historyEnv, transactionEvent } from '../../../../test/harness/history';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { provision } from '../../../../scripts/stack/provision';
import { projectionOf } from '../domain/projection';
import { findOffsetPage, storeTransactions } from './history-repo';

/**
 * A pool that runs `commit` as soon as its first statement has answered, and holds any later
 * statement until then: a row committed between a read's statements, deterministically.
 */
function committingAfterFirstStatement(pool: Pool, commit: () => Promise<unknown>): { pool: Pool; committed: () => Promise<unknown> } {
  const forward = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  let committed: Promise<unknown> | undefined;
  const query = (...args: unknown[]) => {
    if (committed) return committed.then(() => forward(...args));
    const first = forward(...args);
    committed = first.then(commit);
    return first;
  };
  return { pool: { query } as unknown as Pool, committed: () => committed ?? Promise.resolve() };
}

describe("history offset page: the rows and the user's total (real PostgreSQL)", () => {
  let pool: Pool;
  beforeAll(async () => {
    const prefix = uniquePrefix();
    const infra = testInfra();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    pool = createPool({ url: historyEnv(prefix).HISTORY_DATABASE_URL!, schema: `${prefix}history`, applicationName: 'history-repo-test' });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
  });

  const store = (userId: number) => {
    const projection = projectionOf(transactionEvent({ id: freshId(), fromUserId: userId, toUserId: freshId() }).transaction);
    if (!projection.ok) throw new Error(projection.reason);
    return storeTransactions(pool, [{ ...projection.row, event_id: randomUUID() }]);
  };

  it('when a transaction of the user commits while the page is read, then the total counts the same rows the page shows', async () => {
    const userId = freshId();
    await store(userId);
    await store(userId);
    const racing = committingAfterFirstStatement(pool, () => store(userId));
    const page = await findOffsetPage(racing.pool, userId, 10, 0);
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBe(2);
    await racing.committed();
    expect((await findOffsetPage(pool, userId, 10, 0)).total).toBe(3);
  });

  it('when the offset is past the end, then no rows and still the total', async () => {
    const userId = freshId();
    await store(userId);
    await store(userId);
    const page = await findOffsetPage(pool, userId, 10, 5);
    expect(page).toEqual({ rows: [], total: 2 });
    const first = await findOffsetPage(pool, userId, 1, 0);
    expect(first.rows).toHaveLength(1);
    expect(first.total).toBe(2);
    expect(first.rows[0]).not.toHaveProperty('total');
  });
});
