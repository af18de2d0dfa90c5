import { walletKeyOfUser } from '@coin/contracts';
import type { Pool } from '@coin/db';
import {
  emptyReadRequest,
  type BatchRead,
  type BatchReadRequest,
  type BatchWrite,
  type LedgerStore,
  type LoadedWallet,
} from '../apply/store';
import type { RefundTarget } from '../domain/ledger';
import { kindModule, stateKinds, type KindKeys, type LoadedKinds, type StateKind } from '../domain/kinds/table';
import { integerOf } from '../domain/kinds/types';
import { clientIdsOfMandates, revokedClientsAmong } from './revocation-floors';

/**
 * The store of one shard's applies when the ledger has several shards (docs/design/ledger.md "Shards").
 * Writes go to its own shard only (one database transaction); what a batch reads of other
 * partitions comes from whichever shard has it, exactly as it came from the one database before:
 *
 * - wallets it only reads (a transfer's recipient, a hold's payee, a refund's payer), and the
 *   purchases its refunds name: from the shard that has them (each partition writes only its own);
 *   the wallets and purchases are the two kinds it names (`kinds.wallets`, `kinds.refundTargets`);
 *   the wallets a kind's rows name (its module's `load.wallets`: a hold's payee, a purchase's
 *   payer) are taken from the rows its shards loaded (a hold lives in its payer's partition, read
 *   on the own shard only);
 * - the kinds of the state table that live on any shard (their module's `overShards`): read on
 *   every shard, with the keys their load takes from the refund targets wherever a target was
 *   found (`keysOfRefundTarget`), and merged by the kind. The cash-out rates are written by one
 *   partition and read by all; of the four-eyes windows, a person's movements land in every shard,
 *   so each shard keeps its own row of each window and a batch judges the sum over shards; it
 *   writes back only its own shard's part (the kind's `ownPart`: the sum it decided minus the
 *   other shards' parts it read);
 * - transaction ids: from the home shard's sequence (shard 0), so ids stay one dense series
 *   whatever shard commits them (the supply check's gaps and the history's cursors rely on it).
 *
 * The batch-store (db/batch-store.ts) is used as it is, once per shard.
 */
export interface ShardStore {
  pool: Pool;
  store: LedgerStore;
  /**
   * Whether a wallet key's partition is this shard's. Every shard's migrations seed the treasury
   * rows; only the owner's is ever written, so a wallet is taken from its owner only.
   */
  owns: (walletKey: string) => boolean;
}

/** The kinds read on every shard and merged (StateModule.overShards), in the table's order. */
const kindsOverShards = stateKinds.filter((kind) => kindModule(kind).overShards);

export function shardedStore(own: ShardStore, others: readonly ShardStore[], home: Pool): LedgerStore {
  /** The other shards' part of each row of a kind with `ownPart` a read returned, to take out again on write. */
  const othersParts = new OthersParts();

  const read = async (request: BatchReadRequest): Promise<BatchRead> => {
    const isHome = own.pool === home;
    const [primary, homeIds] = await Promise.all([
      own.store.read(isHome ? request : { ...request, idsToReserve: 0 }),
      isHome || request.idsToReserve === 0 ? Promise.resolve([]) : reserveIds(home, request.idsToReserve),
    ]);
    const found: FoundOverShards = {
      wallets: new Map([...walletsOf(primary)].filter(([key]) => own.owns(key))),
      refundTargets: new Map(targetsOf(primary)),
      kindsByShard: [kindsOf(primary), ...others.map(() => kindsOf(undefined))],
    };
    const kindKeys = keysOverShards(request.kindKeys, found.refundTargets.values());
    const missingTargets = (request.kindKeys?.refundTargets ?? []).filter((id) => !found.refundTargets.has(id));
    const missingWallets = () =>
      [...neededWallets(request, primary, found.refundTargets.values())].filter((key) => !found.wallets.has(key));
    if (missingTargets.length > 0 || Object.keys(kindKeys).length > 0 || missingWallets().length > 0) {
      takeFromOthers(
        found,
        others,
        await readOthers(others, { kindKeys: { ...kindKeys, wallets: missingWallets(), refundTargets: missingTargets } }),
      );
    }
    const foreignTargets = missingTargets.flatMap((id) => found.refundTargets.get(id) ?? []);
    if (foreignTargets.length > 0) await readForeignPurchases(own, others, found, { foreignTargets, missingWallets });
    return {
      ...primary,
      ...(await readsElsewhere(primary, isHome ? null : home)),
      kinds: {
        ...primary.kinds,
        ...mergedKinds(found.kindsByShard, othersParts),
        wallets: found.wallets,
        refundTargets: found.refundTargets,
      },
      reservedIds: isHome ? primary.reservedIds : homeIds,
    };
  };

  const write = (batch: BatchWrite): Promise<number | null> => own.store.write(othersParts.takenOut(batch));

  return { read, write };
}

/** What each shard loaded of the kinds read over shards, by kind (rows by key). */
type KindsOfShard = Record<string, Map<string, unknown>>;

/** What one batch read has gathered over shards: wallets from their owners, refund targets, each shard's kinds (its own first). */
interface FoundOverShards {
  wallets: Map<string, LoadedWallet>;
  /** By their kind's key (the transaction id as text). */
  refundTargets: Map<string, RefundTarget>;
  kindsByShard: KindsOfShard[];
}

/** The other shards' answers, each with its place in kindsByShard (the own shard is 0). */
type OthersAnswers = Array<{ found: BatchRead; shard: number }>;

/** Copies of what a read loaded of the kinds read over shards (none read: empty). */
function kindsOf(read: BatchRead | undefined): KindsOfShard {
  return Object.fromEntries(kindsOverShards.map((kind) => [kind, new Map(loadedOf(read, kind))]));
}

/** What a read loaded of one kind (none: empty). */
function loadedOf(read: BatchRead | undefined, kind: StateKind): ReadonlyMap<string, unknown> {
  return read?.kinds?.[kind] ?? new Map();
}

/** Adds what a read of one shard loaded of the kinds read over shards to that shard's part. */
function addKinds(into: KindsOfShard, read: BatchRead): void {
  for (const kind of kindsOverShards) for (const [key, loaded] of loadedOf(read, kind)) into[kind]!.set(key, loaded);
}

/**
 * The keys of each kind read over shards to ask every shard for: those `asked` (the batch's
 * commands) and those its load takes from these refund targets; a kind with none is left out.
 */
function keysOverShards(asked: KindKeys | undefined, targets: Iterable<RefundTarget>): KindKeys {
  const keys: Record<string, string[]> = {};
  const listed = [...targets];
  for (const kind of kindsOverShards) {
    const ofTarget = kindModule(kind).load?.keysOfRefundTarget;
    const all = new Set([...(asked?.[kind] ?? []), ...(ofTarget ? listed.flatMap(ofTarget) : [])]);
    if (all.size > 0) keys[kind] = [...all];
  }
  return keys as KindKeys;
}

/** The wallets a read loaded, with their versions (none: empty). */
function walletsOf(read: BatchRead): ReadonlyMap<string, LoadedWallet> {
  return read.kinds?.wallets ?? new Map();
}

/** The purchases (refund targets) a read loaded, by their kind's key (none: empty). */
function targetsOf(read: BatchRead): ReadonlyMap<string, RefundTarget> {
  return read.kinds?.refundTargets ?? new Map();
}

/** What the other shards have of these wallets, refund targets and kinds: one read each, at once. */
async function readOthers(others: readonly ShardStore[], asked: Pick<BatchReadRequest, 'kindKeys'>): Promise<OthersAnswers> {
  return Promise.all(
    others.map((other, i) => other.store.read({ ...emptyReadRequest, ...asked }).then((found) => ({ found, shard: i + 1 }))),
  );
}

/** Takes what the other shards answered: a wallet only from its owner and only if not found yet, the first refund target, every kind's rows. */
function takeFromOthers(into: FoundOverShards, others: readonly ShardStore[], answers: OthersAnswers): void {
  for (const { found, shard } of answers) {
    for (const [key, wallet] of walletsOf(found)) if (!into.wallets.has(key) && others[shard - 1]!.owns(key)) into.wallets.set(key, wallet);
    for (const [id, target] of targetsOf(found)) if (!into.refundTargets.has(id)) into.refundTargets.set(id, target);
    addKinds(into.kindsByShard[shard]!, found);
  }
}

/**
 * A purchase from another shard: its refunds so far debit its treasury, whose partition this
 * apply holds, so they are counted here; its payer's wallet, and what the kinds read over shards
 * take from it (its payer's window), are read everywhere.
 */
async function readForeignPurchases(
  own: ShardStore,
  others: readonly ShardStore[],
  found: FoundOverShards,
  purchases: { foreignTargets: RefundTarget[]; missingWallets: () => string[] },
): Promise<void> {
  const { foreignTargets, missingWallets } = purchases;
  const refunded = await refundedSoFar(
    own.pool,
    foreignTargets.map((t) => t.id),
  );
  for (const target of foreignTargets) found.refundTargets.set(String(target.id), { ...target, refunded: refunded.get(target.id) ?? 0 });
  const kindKeys = { ...keysOverShards(undefined, foreignTargets), wallets: missingWallets() };
  const [ownExtra, othersExtra] = await Promise.all([own.store.read({ ...emptyReadRequest, kindKeys }), readOthers(others, { kindKeys })]);
  for (const [key, wallet] of walletsOf(ownExtra)) if (own.owns(key)) found.wallets.set(key, wallet);
  addKinds(found.kindsByShard[0]!, ownExtra);
  // Asked for no refund target, the other shards answer none: only their wallets and kinds are taken.
  takeFromOthers(found, others, othersExtra);
}

/**
 * Each kind read over shards, merged by its module (StateModule.overShards); for a kind with
 * `ownPart`, the other shards' part of each row merged is kept in `othersParts` for the write.
 */
function mergedKinds(byShard: KindsOfShard[], othersParts: OthersParts): LoadedKinds {
  const merged: Record<string, Map<string, unknown>> = {};
  for (const kind of kindsOverShards) {
    const module = kindModule(kind);
    const parts = byShard.map((shard) => shard[kind]!);
    merged[kind] = module.overShards!(parts);
    if (module.ownPart) othersParts.keep(kind, merged[kind], module.overShards!(parts.slice(1)));
  }
  return merged as LoadedKinds;
}

/** Rows read but not yet written, by kind and by their read's tag: bounded, a read need not be followed by a write. */
const pendingPartsMax = 10_000;

/**
 * The other shards' part of each row of a kind with `ownPart` (StateModule.ownPart) a read
 * returned, kept under the read's tag until a write decided from that read takes it out again.
 */
class OthersParts {
  private readonly byKind = new Map<StateKind, Map<string, unknown>>();

  /** Keeps, for each row `merged` (the read's), the other shards' part of it (`others`, by key). */
  keep(kind: StateKind, merged: ReadonlyMap<string, unknown>, others: ReadonlyMap<string, unknown>): void {
    const { readTag } = kindModule(kind).ownPart!;
    const pending = this.byKind.get(kind) ?? new Map<string, unknown>();
    this.byKind.set(kind, pending);
    for (const [key, loaded] of merged) {
      if (pending.size >= pendingPartsMax) pending.delete(pending.keys().next().value!);
      pending.set(readTag(key, loaded), others.get(key));
    }
  }

  /** The batch with each row of a kind with `ownPart` less the other shards' part kept for it (taken: not kept any longer). */
  takenOut(batch: BatchWrite): BatchWrite {
    if (!batch.kinds) return batch;
    const kinds: Record<string, unknown[]> = { ...batch.kinds };
    for (const kind of kindsOverShards) {
      const ownPart = kindModule(kind).ownPart;
      const rows = batch.kinds[kind];
      if (!ownPart || !rows) continue;
      const pending = this.byKind.get(kind);
      kinds[kind] = rows.map((row) => {
        const tag = ownPart.writeTag(row);
        const others = pending?.get(tag);
        pending?.delete(tag);
        return ownPart.minus(row, others);
      });
    }
    return { ...batch, kinds: kinds as BatchWrite['kinds'] };
  }
}

/**
 * What a batch read of a shard other than the home one (`home` set) takes from the home shard:
 * which platform clients of the mandates read are revoked (the revocation floors are kept there).
 */
async function readsElsewhere(primary: BatchRead, home: Pool | null): Promise<Pick<BatchRead, 'revokedClients'>> {
  return home && (primary.kinds?.mandates?.size ?? 0) > 0
    ? { revokedClients: await revokedClientsAmong(home, clientIdsOfMandates(primary.kinds!.mandates!)) }
    : {};
}

/**
 * The wallets a batch read loads: those its commands name, those the rows its own shard loaded of
 * each kind name (StateModule `load.wallets`: its holds' payees), its refunds' payers.
 */
function neededWallets(request: BatchReadRequest, primary: BatchRead, targets: Iterable<RefundTarget>): Set<string> {
  const keys = new Set<string>(request.kindKeys?.wallets ?? []);
  for (const kind of stateKinds) {
    const walletsOf = kindModule(kind).load?.wallets?.keysOf;
    if (walletsOf) for (const loaded of loadedOf(primary, kind).values()) for (const key of walletsOf(loaded)) keys.add(key);
  }
  for (const target of targets) if (target.fromUserId !== null) keys.add(walletKeyOfUser(target.fromUserId));
  return keys;
}

async function reserveIds(home: Pool, count: number): Promise<number[]> {
  const result = await home.query<{ id: string }>({
    name: 'ledger-reserve-ids',
    text: `SELECT nextval('transactions_id_seq')::text AS id FROM generate_series(1, $1::int)`,
    values: [count],
  });
  return result.rows.map((r) => integerOf(r.id, 'transaction id')).sort((a, b) => a - b);
}

async function refundedSoFar(pool: Pool, purchases: number[]): Promise<Map<number, number>> {
  const result = await pool.query<{ refund_of: string; refunded: string }>(
    `SELECT refund_of::text, sum(amount)::text AS refunded FROM transactions WHERE refund_of = ANY($1::bigint[]) GROUP BY refund_of`,
    [purchases],
  );
  return new Map(result.rows.map((r) => [Number(r.refund_of), integerOf(r.refunded, 'refunded amount')]));
}
