import { internalTransactionPage, type InternalTransactionPage } from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { countTransactions, storeTransactions, type ProjectedRow } from './db/history-repo';
import {
  advanceCheckpoint,
  completeCheckpoint,
  projectionExtent,
  readCheckpoint,
  startCheckpoint,
  truncateProjection,
} from './db/rebuild-checkpoint';
import { projectionOf } from './domain/projection';

/** Reads the ledger's record in id order (the ledger's internal API). */
export interface LedgerRecord {
  page(afterId: number, limit: number): Promise<InternalTransactionPage>;
}

export interface RebuildProgress {
  /** Transactions stored in this run so far, the resumed part included. */
  done: number;
  /** The newest id the projection knew at the start: an estimate of where the end lies. */
  estimatedLastId: number;
  afterId: number;
  resumed: boolean;
}

export interface RebuildOptions {
  pool: Pool;
  ledger: LedgerRecord;
  pageSize: number;
  /** Empty the projection first (a corrupted one); otherwise rows are upserted in place. */
  reset?: boolean;
  /** Stop after this many pages, leaving the checkpoint open (tests of resuming). */
  pagesMax?: number;
  onProgress?: (progress: RebuildProgress) => void;
  now?: () => Date;
}

export interface RebuildResult {
  completed: boolean;
  resumed: boolean;
  lastId: number;
  ledgerCount: number;
  projectionCount: number;
  /** Ids the ledger returned that the projection refused (invalid amount, no party). */
  skipped: number[];
  countsMatch: boolean;
  /**
   * The first count check disagreed, so the ledger's record up to lastId was read (and stored)
   * once more and both sides recounted; ledgerCount is then that second reading.
   */
  recounted: boolean;
}

/**
 * The ledger's internal API over HTTP, each page validated against the contract. `authorization`
 * gives the header of each call: a service token of the history service, the one caller the
 * ledger admits to its whole record (docs/DESIGN.md "Internal HTTP credentials").
 */
export function httpLedgerRecord(baseUrl: string, timeoutMs: number, authorization: () => Promise<string>, retriesMax = 5): LedgerRecord {
  return {
    async page(afterId, limit) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retriesMax; attempt += 1) {
        try {
          const response = await fetch(new URL(`/internal/transactions?afterId=${afterId}&limit=${limit}`, baseUrl), {
            headers: { authorization: await authorization() },
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (!response.ok) throw new Error(`ledger answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
          return internalTransactionPage.parse(await response.json());
        } catch (err) {
          lastError = err;
          await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
        }
      }
      throw new Error(`ledger page after id ${afterId} failed ${retriesMax + 1} times: ${(lastError as Error).message}`);
    },
  };
}

/**
 * Re-creates the projection from the ledger's record (not from Kafka, whose retention is
 * finite). Each page is upserted and the checkpoint advanced in one transaction, so a run that
 * stops anywhere resumes after its last stored page; upserts make replaying a page harmless.
 * Ends with the count check: transactions the ledger returned vs distinct transactions stored,
 * both up to the last id; if they differ, the record is read once more and counted again
 * (transactions that were committing while their page was read).
 */
export async function rebuildHistory(options: RebuildOptions): Promise<RebuildResult> {
  const now = options.now ?? (() => new Date());
  const extent = await projectionExtent(options.pool);
  if (options.reset) await truncateProjection(options.pool);
  const existing = await readCheckpoint(options.pool);
  const resumed = existing !== null && existing.completedAt === null;
  const checkpoint = resumed ? existing : await startCheckpoint(options.pool, now());
  let afterId = checkpoint.afterId;
  let ledgerCount = checkpoint.ledgerCount;
  const skipped: number[] = [];
  let pages = 0;
  const report = () => options.onProgress?.({ done: ledgerCount, estimatedLastId: extent.maxId, afterId, resumed });
  report();
  for (;;) {
    if (options.pagesMax !== undefined && pages >= options.pagesMax) {
      return {
        completed: false,
        resumed,
        lastId: afterId,
        ledgerCount,
        projectionCount: await countTransactions(options.pool, afterId),
        skipped,
        countsMatch: false,
        recounted: false,
      };
    }
    const page = await options.ledger.page(afterId, options.pageSize);
    pages += 1;
    for (const t of page.transactions) {
      if (t.id <= afterId) throw new Error(`the ledger returned id ${t.id} after ${afterId}: pages must be in increasing id order`);
    }
    const rows = projectedRows(page.transactions, skipped);
    const lastId = page.transactions.at(-1)?.id ?? afterId;
    const count = ledgerCount + page.transactions.length;
    await inTransaction(options.pool, async (client) => {
      await storeTransactions(client, rows, { repair: true });
      await advanceCheckpoint(client, lastId, count, now());
    });
    afterId = lastId;
    ledgerCount = count;
    report();
    if (page.nextAfterId === null || page.transactions.length === 0) break;
    afterId = Math.max(afterId, page.nextAfterId);
  }
  await completeCheckpoint(options.pool, now());
  const projectionCount = await countTransactions(options.pool, afterId);
  if (projectionCount === ledgerCount) {
    return { completed: true, resumed, lastId: afterId, ledgerCount, projectionCount, skipped, countsMatch: true, recounted: false };
  }
  // The ledger's transactions commit out of id order: a page read while an apply was committing
  // can lack an id below its last one, which the live consumer then stores (the projection counts
  // more than the ledger returned). Everything up to lastId has settled by now, so one more
  // reading of the record decides: its rows are stored too, and both sides are counted again.
  const settled = await storeRecordUpTo(options, afterId);
  const recount = await countTransactions(options.pool, afterId);
  for (const id of settled.skipped) if (!skipped.includes(id)) skipped.push(id);
  return {
    completed: true,
    resumed,
    lastId: afterId,
    ledgerCount: settled.count,
    projectionCount: recount,
    skipped,
    countsMatch: recount === settled.count,
    recounted: true,
  };
}

/** The rows a page's transactions become; the ids the projection refuses go to `skipped`. */
function projectedRows(transactions: InternalTransactionPage['transactions'], skipped: number[]): ProjectedRow[] {
  const rows: ProjectedRow[] = [];
  for (const t of transactions) {
    const projection = projectionOf(t);
    if (projection.ok) rows.push({ ...projection.row, event_id: null });
    else skipped.push(t.id);
  }
  return rows;
}

/** Reads the ledger's record from the start up to lastId, stores it, and counts it. */
async function storeRecordUpTo(options: RebuildOptions, lastId: number): Promise<{ count: number; skipped: number[] }> {
  let afterId = 0;
  let count = 0;
  const skipped: number[] = [];
  while (afterId < lastId) {
    const page = await options.ledger.page(afterId, options.pageSize);
    const upTo = page.transactions.filter((t) => t.id > afterId && t.id <= lastId);
    await storeTransactions(options.pool, projectedRows(upTo, skipped), { repair: true });
    count += upTo.length;
    const pageLastId = page.transactions.at(-1)?.id ?? afterId;
    if (page.nextAfterId === null || page.transactions.length === 0 || pageLastId >= lastId) break;
    afterId = Math.max(pageLastId, page.nextAfterId);
  }
  return { count, skipped };
}
