import { z } from '@coin/config';

/**
 * Ledger shards (docs/design/ledger.md "Shards"): the ledger's store split over several PostgreSQL
 * databases, each owning a fixed set of ledger.commands partition numbers by configuration.
 * A partition's wallets, holds, approvals, outcomes and outbox rows live in its shard only;
 * an apply writes one shard. The map is `LEDGER_SHARDS_DATABASE_URL`:
 *
 *     0-2=postgres://…/coin;3-5=postgres://…/coin      (partition ranges or lists, `0,2,4-5=…`)
 *
 * A URL carries a password, so nothing here ever puts a URL into an error or a log line: a
 * shard is named by its position (`shard 1`).
 */

export interface ShardSpec {
  /** Position in the map: shard 0 is the home shard (it also hands out transaction ids). */
  index: number;
  partitions: number[];
  url: string;
}

/** Partition numbers are small: a map naming more is a typo, not a layout. */
const partitionMax = 4095;
/** One database transaction per shard and apply: more shards than this is no layout we test. */
export const shardsMax = 64;

function partitionsOf(text: string): number[] | null {
  const partitions: number[] = [];
  for (const part of text.split(',')) {
    const range = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    if (!range) return null;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first || last > partitionMax) return null;
    for (let p = first; p <= last; p += 1) partitions.push(p);
  }
  return partitions;
}

/** The zod type of LEDGER_SHARDS_DATABASE_URL: a list of shards, each named only by position in its errors. */
export const shardMapText = z.string().transform((text, ctx): ShardSpec[] => {
  const entries = text
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0 || entries.length > shardsMax) {
    ctx.addIssue({ code: 'custom', message: `must name 1 to ${shardsMax} shards as <partitions>=<url>;…` });
    return z.NEVER;
  }
  const shards: ShardSpec[] = [];
  const owner = new Map<number, number>();
  for (const [index, entry] of entries.entries()) {
    const at = entry.indexOf('=');
    const partitions = at > 0 ? partitionsOf(entry.slice(0, at)) : null;
    const url = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!partitions || !z.string().url().safeParse(url).success || !/^postgres(ql)?:/.test(url)) {
      ctx.addIssue({ code: 'custom', message: `shard ${index}: must be <partitions>=postgres://… (partitions like 0-2 or 0,3,5)` });
      return z.NEVER;
    }
    for (const partition of partitions) {
      const other = owner.get(partition);
      if (other !== undefined) {
        ctx.addIssue({ code: 'custom', message: `partition ${partition} is owned by shard ${other} and shard ${index}` });
        return z.NEVER;
      }
      owner.set(partition, index);
    }
    shards.push({ index, partitions, url });
  }
  return shards;
});

/** Which shard owns which partition, once checked against the topic's partition count. */
export class ShardMap {
  private readonly owners: number[];

  private constructor(
    readonly shards: readonly ShardSpec[],
    readonly partitionCount: number,
  ) {
    this.owners = new Array<number>(partitionCount).fill(-1);
    for (const shard of shards) for (const partition of shard.partitions) this.owners[partition] = shard.index;
  }

  /**
   * Every partition of ledger.commands owned by exactly one shard, and no shard owning a partition
   * the topic does not have (a typo would otherwise leave a shard idle and a partition unowned).
   */
  static of(shards: readonly ShardSpec[], partitionCount: number): ShardMap {
    const owned = new Set<number>();
    for (const shard of shards) {
      for (const partition of shard.partitions) {
        if (partition >= partitionCount) {
          throw new Error(
            `LEDGER_SHARDS_DATABASE_URL: shard ${shard.index} owns partition ${partition}, but ledger.commands has ${partitionCount}`,
          );
        }
        owned.add(partition);
      }
    }
    const unowned = Array.from({ length: partitionCount }, (_, p) => p).filter((p) => !owned.has(p));
    if (unowned.length > 0) {
      throw new Error(`LEDGER_SHARDS_DATABASE_URL: no shard owns partition(s) ${unowned.join(', ')} of ${partitionCount}`);
    }
    return new ShardMap(shards, partitionCount);
  }

  /** One shard (today's layout): it owns every partition. */
  static single(url: string, partitionCount: number): ShardMap {
    return new ShardMap([{ index: 0, partitions: Array.from({ length: partitionCount }, (_, p) => p), url }], partitionCount);
  }

  shardOfPartition(partition: number): number {
    const owner = this.owners[partition];
    if (owner === undefined || owner < 0)
      throw new Error(`partition ${partition} is outside the shard map (${this.partitionCount} partitions)`);
    return owner;
  }
}

/**
 * Every shard's database URL, the home shard first, from LEDGER_SHARDS_DATABASE_URL; null when it
 * is unset (one shard). For the tools that read the whole ledger (npm run audit, restore:rewind).
 */
export function ledgerShardUrlsOf(env: NodeJS.ProcessEnv): string[] | null {
  const text = env.LEDGER_SHARDS_DATABASE_URL?.trim();
  if (!text) return null;
  const parsed = shardMapText.safeParse(text);
  if (!parsed.success) throw new Error(`LEDGER_SHARDS_DATABASE_URL: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data.map((shard) => shard.url);
}
