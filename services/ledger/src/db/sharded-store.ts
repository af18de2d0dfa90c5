import { walletKeyOf, walletKeyOfUser } from '@coin/contracts';
import type { Pool } from '@coin/db';
import {
  emptyReadRequest,
  type BatchRead,
  type BatchReadRequest,
  type BatchWrite,
  type LedgerStore,
  type LoadedWallet,
  type LoadedWindow,
} from '../apply/store';
import type { RefundTarget } from '../domain/ledger';
import type { SpendingWindow } from '../domain/limits';
import { kindModule, stateKinds, type LoadedKinds } from '../domain/kinds/table';
import { safeInteger } from './wallet-rows';
import { clientIdsOfMandates, revokedClientsAmong } from './revocation-floors';

/**
 * The store of one shard's applies when the ledger has several shards (docs/design/ledger.md "Shards").
 * Writes go to its own shard only (one database transaction); what a batch reads of other
 * partitions comes from whichever shard has it, exactly as it came from the one database before:
 *
 * - wallets it only reads (a transfer's recipient, a hold's payee, a refund's payer), and the
 *   purchases its refunds name: from the shard that has them (each partition writes only its own);
 * - four-eyes windows: a person's movements land in every shard, so each shard keeps its own row
 *   of each window and a batch judges the sum over shards; it writes back only its own shard's
 *   part (the sum it decided minus the other shards' parts it read);
 * - the kinds of the state table one partition writes and every partition reads (their module's
 *   `overShards`: the cash-out rates): read on every shard, merged by the kind;
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

/** Windows read but not yet written, by scope and version: bounded, a read need not be followed by a write. */
const pendingWindowsMax = 10_000;

export function shardedStore(own: ShardStore, others: readonly ShardStore[], home: Pool): LedgerStore {
  /** The other shards' part of each window a read returned, to subtract again on write. */
  const othersPart = new Map<string, SpendingWindow>();

  const read = async (request: BatchReadRequest): Promise<BatchRead> => {
    const isHome = own.pool === home;
    const [primary, homeIds] = await Promise.all([
      own.store.read(isHome ? request : { ...request, idsToReserve: 0 }),
      isHome || request.idsToReserve === 0 ? Promise.resolve([]) : reserveIds(home, request.idsToReserve),
    ]);
    const found: FoundOverShards = {
      wallets: new Map([...primary.wallets].filter(([key]) => own.owns(key))),
      refundTargets: new Map(primary.refundTargets),
      windowsByShard: [primary.windows, ...others.map(() => new Map<string, LoadedWindow>())],
    };
    const scopes = new Set([...request.windowScopes, ...recipientScopesOf(found.refundTargets.values())]);
    const missingTargets = request.refundOf.filter((id) => !found.refundTargets.has(id));
    const missingWallets = () =>
      [...neededWallets(request, primary, found.refundTargets.values())].filter((key) => !found.wallets.has(key));
    if (missingTargets.length > 0 || scopes.size > 0 || missingWallets().length > 0) {
      takeFromOthers(found, others, await readOthers(others, missingWallets(), missingTargets, [...scopes]));
    }
    const foreignTargets = missingTargets.flatMap((id) => found.refundTargets.get(id) ?? []);
    if (foreignTargets.length > 0) await readForeignPurchases(own, others, found, { foreignTargets, scopes, missingWallets });
    const [elsewhere, kinds] = await Promise.all([
      readsElsewhere(primary, isHome ? null : home),
      kindsOverShards(request, primary, others),
    ]);
    return {
      ...primary,
      ...elsewhere,
      ...(kinds ? { kinds } : {}),
      wallets: found.wallets,
      refundTargets: found.refundTargets,
      windows: mergedWindows(scopes, found.windowsByShard, othersPart),
      reservedIds: isHome ? primary.reservedIds : homeIds,
    };
  };

  const write = (batch: BatchWrite): Promise<number | null> => {
    const windows = batch.windows.map((w) => {
      const key = pendingKey(w.scope, w.version);
      const foreign = othersPart.get(key) ?? [];
      othersPart.delete(key);
      return { ...w, window: minusWindow(w.window, foreign) };
    });
    return own.store.write({ ...batch, windows });
  };

  return { read, write };
}

/** What one batch read has gathered over shards: wallets from their owners, refund targets, each shard's windows (its own first). */
interface FoundOverShards {
  wallets: Map<string, LoadedWallet>;
  refundTargets: Map<number, RefundTarget>;
  windowsByShard: Array<Map<string, LoadedWindow>>;
}

/** The other shards' answers, each with its place in windowsByShard (the own shard is 0). */
type OthersAnswers = Array<{ found: BatchRead; shard: number }>;

/** What the other shards have of these wallets, refund targets and windows: one read each, at once. */
async function readOthers(
  others: readonly ShardStore[],
  walletKeys: string[],
  refundOf: number[],
  windowScopes: string[],
): Promise<OthersAnswers> {
  return Promise.all(
    others.map((other, i) =>
      other.store.read({ ...emptyReadRequest, walletKeys, refundOf, windowScopes }).then((found) => ({ found, shard: i + 1 })),
    ),
  );
}

/** Takes what the other shards answered: a wallet only from its owner and only if not found yet, the first refund target, every window. */
function takeFromOthers(into: FoundOverShards, others: readonly ShardStore[], answers: OthersAnswers): void {
  for (const { found, shard } of answers) {
    for (const [key, wallet] of found.wallets) if (!into.wallets.has(key) && others[shard - 1]!.owns(key)) into.wallets.set(key, wallet);
    for (const [id, target] of found.refundTargets) if (!into.refundTargets.has(id)) into.refundTargets.set(id, target);
    for (const [scope, window] of found.windows) into.windowsByShard[shard]!.set(scope, window);
  }
}

/**
 * A purchase from another shard: its refunds so far debit its treasury, whose partition this
 * apply holds, so they are counted here; its payer's window and wallet are read everywhere.
 */
async function readForeignPurchases(
  own: ShardStore,
  others: readonly ShardStore[],
  found: FoundOverShards,
  purchases: { foreignTargets: RefundTarget[]; scopes: Set<string>; missingWallets: () => string[] },
): Promise<void> {
  const { foreignTargets, scopes, missingWallets } = purchases;
  const refunded = await refundedSoFar(
    own.pool,
    foreignTargets.map((t) => t.id),
  );
  for (const target of foreignTargets) found.refundTargets.set(target.id, { ...target, refunded: refunded.get(target.id) ?? 0 });
  const extraScopes = recipientScopesOf(foreignTargets);
  for (const scope of extraScopes) scopes.add(scope);
  const walletKeys = missingWallets();
  const [ownExtra, othersExtra] = await Promise.all([
    own.store.read({ ...emptyReadRequest, walletKeys, windowScopes: extraScopes }),
    readOthers(others, walletKeys, [], extraScopes),
  ]);
  for (const [key, wallet] of ownExtra.wallets) if (own.owns(key)) found.wallets.set(key, wallet);
  for (const [scope, window] of ownExtra.windows) found.windowsByShard[0]!.set(scope, window);
  // Asked for no refund target, the other shards answer none: only their wallets and windows are taken.
  takeFromOthers(found, others, othersExtra);
}

const pendingKey = (scope: string, version: number | null) => `${scope}\u0000${version ?? 'new'}`;

/**
 * Each window read, summed over shards; the other shards' part of it is kept in `othersPart`
 * (by scope and version) for the write to take out again.
 */
function mergedWindows(
  scopes: Set<string>,
  byShard: Array<Map<string, LoadedWindow>>,
  othersPart: Map<string, SpendingWindow>,
): Map<string, LoadedWindow> {
  const merged = new Map<string, LoadedWindow>();
  for (const scope of scopes) {
    const ownWindow = byShard[0]!.get(scope);
    const foreign = byShard.slice(1).flatMap((windows) => windows.get(scope)?.window ?? []);
    if (!ownWindow && foreign.length === 0) continue;
    const version = ownWindow?.version ?? null;
    const othersWindow = sumWindows(foreign);
    if (othersPart.size >= pendingWindowsMax) othersPart.delete(othersPart.keys().next().value!);
    othersPart.set(pendingKey(scope, version), othersWindow);
    merged.set(scope, { window: sumWindows([...(ownWindow?.window ?? []), ...othersWindow]), version });
  }
  return merged;
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
 * The kinds the request reads that live on any shard (StateModule.overShards), read on every
 * other shard too and merged by each kind; undefined when it reads none of them.
 */
async function kindsOverShards(
  request: BatchReadRequest,
  primary: BatchRead,
  others: readonly ShardStore[],
): Promise<LoadedKinds | undefined> {
  const asked = stateKinds.filter((kind) => kindModule(kind).overShards && (request.kindKeys?.[kind]?.length ?? 0) > 0);
  if (asked.length === 0 || others.length === 0) return undefined;
  const kindKeys = Object.fromEntries(asked.map((kind) => [kind, request.kindKeys![kind]!]));
  const answers = await Promise.all(others.map((other) => other.store.read({ ...emptyReadRequest, kindKeys })));
  const kinds: Record<string, Map<string, unknown>> = { ...primary.kinds };
  for (const kind of asked) {
    const parts = [primary.kinds?.[kind], ...answers.map((answer) => answer.kinds?.[kind])].map((part) => part ?? new Map());
    kinds[kind] = kindModule(kind).overShards!(parts);
  }
  return kinds as LoadedKinds;
}

/** The wallets a batch read loads: those its commands name, its holds' payees, its refunds' payers. */
function neededWallets(request: BatchReadRequest, primary: BatchRead, targets: Iterable<RefundTarget>): Set<string> {
  const keys = new Set(request.walletKeys);
  for (const hold of primary.holds.values()) keys.add(walletKeyOf(hold.to));
  for (const target of targets) if (target.fromUserId !== null) keys.add(walletKeyOfUser(target.fromUserId));
  return keys;
}

/** What batch-store reads beside a refund target: the window of what its payer receives. */
function recipientScopesOf(targets: Iterable<RefundTarget>): string[] {
  return [...targets].flatMap((t) => (t.fromUserId === null ? [] : [`recipient:user:${t.fromUserId}`]));
}

function sumWindows(hours: SpendingWindow): SpendingWindow {
  const byHour = new Map<number, { hour: number; amount: number; count: number }>();
  for (const h of hours) {
    const sum = byHour.get(h.hour) ?? { hour: h.hour, amount: 0, count: 0 };
    sum.amount += h.amount;
    sum.count += h.count;
    byHour.set(h.hour, sum);
  }
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

/** This shard's part of a window the batch decided over the sum: the other shards' hours taken out. */
function minusWindow(window: SpendingWindow, others: SpendingWindow): SpendingWindow {
  const othersByHour = new Map(others.map((h) => [h.hour, h]));
  return window.flatMap((h) => {
    const other = othersByHour.get(h.hour);
    const amount = Math.max(0, h.amount - (other?.amount ?? 0));
    const count = Math.max(0, h.count - (other?.count ?? 0));
    return amount === 0 && count === 0 ? [] : [{ ...h, amount, count }];
  });
}

async function reserveIds(home: Pool, count: number): Promise<number[]> {
  const result = await home.query<{ id: string }>({
    name: 'ledger-reserve-ids',
    text: `SELECT nextval('transactions_id_seq')::text AS id FROM generate_series(1, $1::int)`,
    values: [count],
  });
  return result.rows.map((r) => safeInteger(Number(r.id), 'transaction id')).sort((a, b) => a - b);
}

async function refundedSoFar(pool: Pool, purchases: number[]): Promise<Map<number, number>> {
  const result = await pool.query<{ refund_of: string; refunded: string }>(
    `SELECT refund_of::text, sum(amount)::text AS refunded FROM transactions WHERE refund_of = ANY($1::bigint[]) GROUP BY refund_of`,
    [purchases],
  );
  return new Map(result.rows.map((r) => [Number(r.refund_of), safeInteger(Number(r.refunded), 'refunded amount')]));
}
