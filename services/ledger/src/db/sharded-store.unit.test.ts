import type { Pool } from '@coin/db';
import {
  emptyBatchWrite,
  emptyReadRequest,
  type BatchRead,
  type BatchReadRequest,
  type BatchWrite,
  type LedgerStore,
} from '../apply/store';
import type { ApprovalState } from '../domain/approvals';
import { windows, type LoadedWindow, type WindowRow } from '../domain/kinds/four-eyes-windows';
import type { RefundTarget } from '../domain/ledger';
import { shardedStore, type ShardStore } from './sharded-store';

/**
 * The sharded store and a kind every shard keeps a part of (StateModule.ownPart: the four-eyes
 * windows): a batch reads the kind on every shard, decides over the sum, and writes back only its
 * own shard's part; the window of a refunded purchase's payer is read on every shard wherever the
 * purchase was found; a kind its own shard keeps (the approval requests) is read there only. The
 * shards here are stores in memory that answer as the batch read does.
 */

const hour = 493_000;
const at = (amount: number, count: number, h = hour) => ({ hour: h, amount, count });

/** A pool whose every query answers no rows (the refunds so far of a foreign purchase: none). */
const pool = { query: async () => ({ rows: [] }) } as unknown as Pool;

function shard(stored: Array<[string, LoadedWindow]>, targets: RefundTarget[] = []) {
  const reads: BatchReadRequest[] = [];
  const writes: BatchWrite[] = [];
  const store: LedgerStore = {
    async read(request): Promise<BatchRead> {
      reads.push(request);
      const found = targets.filter((t) => (request.kindKeys?.refundTargets ?? []).includes(String(t.id)));
      // As the batch read: the scopes asked for and, in the same statement, each found purchase's payer's.
      const scopes = new Set([...(request.kindKeys?.windows ?? []), ...found.flatMap(windows.load!.keysOfRefundTarget!)]);
      return {
        kinds: {
          wallets: new Map(),
          refundTargets: new Map(found.map((t) => [String(t.id), t])),
          windows: new Map(stored.filter(([scope]) => scopes.has(scope))),
        },
        reservedIds: [],
      };
    },
    async write(batch) {
      writes.push(batch);
      return null;
    },
  };
  return { shard: { pool, store, owns: () => false } satisfies ShardStore, reads, writes };
}

const emptyWrite = emptyBatchWrite();
const written = (w: { writes: BatchWrite[] }) => w.writes.at(-1)?.kinds?.windows;

describe('the sharded store and a kind every shard keeps a part of', () => {
  it('when a batch reads a window, then it decides over the sum of the shards’ parts and writes back only its own shard’s part, once', async () => {
    const own = shard([['actor:user:7', { window: [at(300, 1)], version: 2 }]]);
    const other = shard([['actor:user:7', { window: [at(50, 1, hour - 1), at(200, 1)], version: 5 }]]);
    const store = shardedStore(own.shard, [other.shard], pool);

    const read = await store.read({ ...emptyReadRequest, kindKeys: { windows: ['actor:user:7'] } });
    expect(other.reads.map((r) => r.kindKeys?.windows)).toEqual([['actor:user:7']]);
    expect(read.kinds?.windows).toEqual(new Map([['actor:user:7', { window: [at(50, 1, hour - 1), at(500, 2)], version: 2 }]]));

    // The batch counted 1.00 more in this hour: this shard's row holds its own 4.00, not the other's hours.
    const decided: WindowRow = { scope: 'actor:user:7', spending: [at(50, 1, hour - 1), at(600, 3)], version: 2 };
    await store.write({ ...emptyWrite, kinds: { windows: [decided] } });
    expect(written(own)).toEqual([{ ...decided, spending: [at(400, 2)] }]);
    expect(other.writes).toEqual([]);

    // The other shards' part is taken once: a second write from the same read has nothing to take out.
    await store.write({ ...emptyWrite, kinds: { windows: [decided] } });
    expect(written(own)).toEqual([decided]);
  });

  it('when a window is only on another shard, then this shard inserts its own part (version null)', async () => {
    const own = shard([]);
    const other = shard([['client:a', { window: [at(70, 1)], version: 1 }]]);
    const store = shardedStore(own.shard, [other.shard], pool);
    const read = await store.read({ ...emptyReadRequest, kindKeys: { windows: ['client:a'] } });
    expect(read.kinds?.windows?.get('client:a')).toEqual({ window: [at(70, 1)], version: null });
    await store.write({ ...emptyWrite, kinds: { windows: [{ scope: 'client:a', spending: [at(100, 2)], version: null }] } });
    expect(written(own)).toEqual([{ scope: 'client:a', spending: [at(30, 1)], version: null }]);
  });

  it('when a refund names a purchase of another shard, then its payer’s window is read on every shard and summed', async () => {
    const purchase: RefundTarget = { id: 77, type: 'PURCHASE', amount: 500, fromUserId: 9, toTreasury: 'COURSE_FEES', refunded: 0 };
    const own = shard([['recipient:user:9', { window: [at(10, 1)], version: 3 }]]);
    const holder = shard([['recipient:user:9', { window: [at(20, 1)], version: 1 }]], [purchase]);
    const third = shard([['recipient:user:9', { window: [at(40, 1)], version: 8 }]]);
    const store = shardedStore(own.shard, [holder.shard, third.shard], pool);

    const read = await store.read({ ...emptyReadRequest, kindKeys: { refundTargets: ['77'] } });
    expect(read.kinds?.refundTargets?.get('77')).toEqual(purchase);
    expect(read.kinds?.windows).toEqual(new Map([['recipient:user:9', { window: [at(70, 3)], version: 3 }]]));
    expect(own.reads.at(-1)?.kindKeys?.windows).toEqual(['recipient:user:9']);
    expect(third.reads.at(-1)?.kindKeys?.windows).toEqual(['recipient:user:9']);
  });
});

describe('the sharded store and a kind its own shard keeps', () => {
  it('when a batch reads approval requests (a kind without overShards), then only its own shard is asked, as for an approve read before its batch', async () => {
    const request = { id: '00000000-0000-4000-8000-0000000000a1' } as ApprovalState;
    const own = shard([]);
    const ownRead = own.shard.store.read;
    own.shard.store.read = async (asked) => ({ ...(await ownRead(asked)), kinds: { approvals: new Map([[request.id, request]]) } });
    const other = shard([]);
    const store = shardedStore(own.shard, [other.shard], pool);

    const read = await store.read({ ...emptyReadRequest, kindKeys: { approvals: [request.id] } });
    expect(own.reads).toEqual([{ ...emptyReadRequest, kindKeys: { approvals: [request.id] } }]);
    expect(other.reads).toEqual([]);
    expect(read.kinds?.approvals).toEqual(new Map([[request.id, request]]));
  });
});
