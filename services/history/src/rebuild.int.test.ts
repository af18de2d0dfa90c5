import { randomUUID } from 'node:crypto';
import type { InternalTransactionPage, Transaction } from '@coin/contracts';
import { createPool, type Pool } from '@coin/db';
import { historyEnv, transactionEvent } from '../../../test/harness/history';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { provision } from '../../../scripts/stack/provision';
import { devRoleDatabaseUrl, serviceDatabases } from '../../../scripts/stack/services';
import { storeTransactions } from './db/history-repo';
import { projectionOf } from './domain/projection';
import { rebuildHistory, type LedgerRecord } from './rebuild';

/** The ledger's record in memory: committed transactions, read in id order like GET /internal/transactions. */
class FakeLedgerRecord implements LedgerRecord {
  readonly committed = new Map<number, Transaction>();
  /** Called with each page's afterId before it is answered (to commit something "meanwhile"). */
  onPage: (afterId: number) => Promise<void> = async () => undefined;

  async page(afterId: number, limit: number): Promise<InternalTransactionPage> {
    await this.onPage(afterId);
    const transactions = [...this.committed.values()]
      .filter((t) => t.id > afterId)
      .sort((a, b) => a.id - b.id)
      .slice(0, limit);
    return { transactions, nextAfterId: transactions.length === limit ? transactions.at(-1)!.id : null };
  }
}

const transaction = (id: number): Transaction => transactionEvent({ id, fromUserId: 7, toUserId: 8 }).transaction;

describe('history rebuild: repair and count check (real PostgreSQL, the ledger record in memory)', () => {
  /** The rebuild's own role (coin_history_rebuild), as `npm run history:rebuild` connects. */
  let pool: Pool;
  /** The history service's runtime role, as the live consumer connects. */
  let service: Pool;
  beforeAll(async () => {
    const prefix = uniquePrefix();
    const infra = testInfra();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    pool = createPool({
      url: devRoleDatabaseUrl(infra.databaseUrl, serviceDatabases.history.rebuild.role),
      schema: `${prefix}history`,
      applicationName: 'rebuild-test',
    });
    service = createPool({
      url: historyEnv(prefix).HISTORY_DATABASE_URL!,
      schema: `${prefix}history`,
      applicationName: 'rebuild-test-consumer',
    });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await service?.end();
  });

  /** What the live consumer does with an event meanwhile. */
  const consumerStores = (t: Transaction) => {
    const projection = projectionOf(t);
    if (!projection.ok) throw new Error(projection.reason);
    return storeTransactions(service, [{ ...projection.row, event_id: randomUUID() }]);
  };

  it('when a transaction commits below the last id while its page is read, then the second reading counts it and the check passes', async () => {
    const ledger = new FakeLedgerRecord();
    for (const id of [1, 2, 4, 5]) ledger.committed.set(id, transaction(id));
    // Id 3 was allocated before 4 and 5 but commits only once the rebuild has read past it; the
    // live consumer stores it. The first count is then ledger 4 against projection 5.
    ledger.onPage = async (afterId) => {
      if (afterId >= 5 && !ledger.committed.has(3)) {
        ledger.committed.set(3, transaction(3));
        await consumerStores(transaction(3));
      }
    };
    const result = await rebuildHistory({ pool, ledger, pageSize: 2, reset: true });
    expect(result).toMatchObject({
      completed: true,
      lastId: 5,
      ledgerCount: 5,
      projectionCount: 5,
      countsMatch: true,
      recounted: true,
      skipped: [],
    });
  });

  it('when the projection holds a transaction the ledger does not have, then the check still fails after the second reading', async () => {
    const ledger = new FakeLedgerRecord();
    for (const id of [1, 2, 4, 5]) ledger.committed.set(id, transaction(id));
    ledger.onPage = async (afterId) => {
      if (afterId >= 5) await consumerStores(transaction(3)); // a row no ledger transaction backs
    };
    const result = await rebuildHistory({ pool, ledger, pageSize: 2, reset: true });
    expect(result).toMatchObject({ completed: true, lastId: 5, ledgerCount: 4, projectionCount: 5, countsMatch: false, recounted: true });
  });

  it('when a stored row is one minor unit off the ledger, then the rebuild repairs it, and leaves the rows that match untouched', async () => {
    const ledger = new FakeLedgerRecord();
    for (const id of [1, 2]) ledger.committed.set(id, { ...transaction(id), amount: 12.34 });
    await rebuildHistory({ pool, ledger, pageSize: 2, reset: true });
    ledger.committed.set(2, { ...transaction(2), amount: 12.35 });
    const versions = async () =>
      (
        await pool.query<{ id: number; amount: number; version: string }>(
          'SELECT transaction_id AS id, amount, xmin::text AS version FROM history_transactions ORDER BY 1',
        )
      ).rows;
    const before = await versions();
    const result = await rebuildHistory({ pool, ledger, pageSize: 2 });
    expect(result).toMatchObject({ completed: true, countsMatch: true });
    const after = await versions();
    expect(after.map((r) => [r.id, r.amount])).toEqual([
      [1, 1234],
      [2, 1235],
    ]);
    expect(after[0]!.version).toBe(before[0]!.version);
    expect(after[1]!.version).not.toBe(before[1]!.version);
    const entries = await pool.query<{ amount: number }>('SELECT amount FROM history_entries WHERE transaction_id = 2 ORDER BY party_id');
    expect(entries.rows).toEqual([{ amount: 1235 }, { amount: 1235 }]);
  });

  it('when the counts agree at once, then the record is read only once', async () => {
    const ledger = new FakeLedgerRecord();
    for (const id of [1, 2, 3]) ledger.committed.set(id, transaction(id));
    const pagesRead: number[] = [];
    ledger.onPage = async (afterId) => void pagesRead.push(afterId);
    const result = await rebuildHistory({ pool, ledger, pageSize: 2, reset: true });
    expect(result).toMatchObject({ completed: true, lastId: 3, ledgerCount: 3, projectionCount: 3, countsMatch: true, recounted: false });
    expect(pagesRead).toEqual([0, 2]);
  });
});
