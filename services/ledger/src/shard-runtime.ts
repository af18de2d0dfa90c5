import { type DatabaseWatch, OutboxRelay, type Pool } from '@coin/db';
import type { BatchingProducer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { type FrameDatabase, logSetAside } from '@coin/service-kit';
import type { LedgerStore, OutboxBatch } from './apply/store';
import { batchStore } from './db/batch-store';
import { outboxBatches } from './db/outbox-store';
import { shardedStore } from './db/sharded-store';
import { outboxBatchPublisher } from './kafka/outbox-publisher';
import type { ShardSpec } from './shards';

/** One shard as the ledger process runs it: its pool, its outbox relay and the store its applies write. */
export interface RunningShard {
  index: number;
  pool: Pool;
  database: DatabaseWatch;
  outbox: OutboxRelay<OutboxBatch>;
  store: LedgerStore;
}

export interface ShardRuntimeOptions {
  logger: Logger;
  producer: BatchingProducer;
  metrics: ConstructorParameters<typeof OutboxRelay>[0]['metrics'];
  sweepIntervalMs: number;
  sweepGraceMs: number;
}

/** The shards' databases as the service frame opens them: one pool each, the home shard first. */
export function shardDatabases(specs: readonly ShardSpec[], schema: string): FrameDatabase[] {
  return specs.map((spec) => ({
    url: spec.url,
    schema,
    applicationName: specs.length > 1 ? `ledger-service-shard-${spec.index}` : 'ledger-service',
    connectionsMax: 12,
  }));
}

/**
 * An outbox relay and a store per shard, on the pools the frame opened (shardDatabases). One shard
 * (no LEDGER_SHARDS_DATABASE_URL) is today's ledger exactly: the batch store on its one pool. With
 * several, each shard's store is the sharded store around its own batch store (db/sharded-store.ts).
 */
export function openShards(
  specs: readonly ShardSpec[],
  databases: { pools: readonly Pool[]; databases: readonly DatabaseWatch[] },
  options: ShardRuntimeOptions,
  shardOfWallet: (walletKey: string) => number,
): RunningShard[] {
  const opened = specs.map((spec, at) => {
    const pool = databases.pools[at]!;
    const watch = databases.databases[at]!;
    const outbox = new OutboxRelay<OutboxBatch>({
      store: outboxBatches(pool),
      publish: outboxBatchPublisher(options.producer),
      // A row is a whole batch (up to thousands of messages): a sweep takes a few at a time.
      sweepBatchMax: 20,
      sweepIntervalMs: options.sweepIntervalMs,
      sweepGraceMs: options.sweepGraceMs,
      metrics: options.metrics,
      // One series per shard: a backlog is a shard's (its relay, its database).
      metricLabels: { shard: String(spec.index) },
      onError: (err) => options.logger.warn({ err, shard: spec.index }, 'outbox sweep failed'),
      onSetAside: (messages) => logSetAside(options.logger.child({ shard: spec.index }), messages),
    });
    return { index: spec.index, pool, database: watch, outbox, batch: batchStore(pool) };
  });
  const home = opened[0]!.pool;
  return opened.map(({ batch, ...shard }) => ({
    ...shard,
    store:
      opened.length === 1
        ? batch
        : shardedStore(
            { pool: shard.pool, store: batch, owns: (key) => shardOfWallet(key) === shard.index },
            opened
              .filter((o) => o !== opened[shard.index])
              .map((o) => ({ pool: o.pool, store: o.batch, owns: (key: string) => shardOfWallet(key) === o.index })),
            home,
          ),
  }));
}
