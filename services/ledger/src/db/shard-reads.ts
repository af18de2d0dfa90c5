import type { Pool } from '@coin/db';

/**
 * Reads over the ledger's shards (docs/design/ledger.md "Shards"). A row lives in the shard of the
 * partition that wrote it; the internal API's reads do not know the partition of an id (a hold,
 * an approval, a transaction), so they ask every shard at once, which with one shard is the one
 * query it always was.
 */

/** The row one shard has (at most one can: ids are unique over shards), or null. */
export async function firstFound<T>(pools: readonly Pool[], read: (db: Pool) => Promise<T | null>): Promise<T | null> {
  const found = await Promise.all(pools.map(read));
  return found.find((row) => row !== null) ?? null;
}

/** Every shard's rows, concatenated (each shard's read bounds its own rows). */
export async function gathered<T>(pools: readonly Pool[], read: (db: Pool) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(pools.map(read))).flat();
}

/**
 * One page of an offset-paged list ordered by `compare`, over every shard: each shard returns
 * its first offset + limit rows in that order and its total, the merge keeps the page.
 */
export async function pagedOverShards<T>(
  pools: readonly Pool[],
  page: { limit: number; offset: number },
  read: (db: Pool, first: { limit: number; offset: number }) => Promise<{ rows: T[]; total: number }>,
  compare: (a: T, b: T) => number,
): Promise<{ rows: T[]; total: number }> {
  if (pools.length === 1) return read(pools[0]!, page);
  const parts = await Promise.all(pools.map((db) => read(db, { limit: page.offset + page.limit, offset: 0 })));
  const rows = parts
    .flatMap((part) => part.rows)
    .sort(compare)
    .slice(page.offset, page.offset + page.limit);
  return { rows, total: parts.reduce((sum, part) => sum + part.total, 0) };
}
