import type { Pool } from '@coin/db';
import type { Logger } from '@coin/logger';
import { inSnapshot, readBalancesSum, readSupplyDelta, readSupplySnapshot } from '../db/supply-reads';
import { cutAttemptsMax, readShardedDelta, readShardedSnapshot, type Shards } from './supply-shards';
import {
  defaultSupplyLimits,
  foldSupply,
  rebaseSupply,
  supplyFigures,
  type SupplyFigures,
  type SupplyLimits,
  type SupplyState,
} from '../domain/supply';
import type { SupplyCheckMetrics } from '../metrics';

export interface SupplyCheckDeps {
  pool: Pick<Pool, 'connect'>;
  /**
   * Every shard's pool, the home shard first (docs/design/ledger.md "Shards"): with more than one, the
   * check folds them as one ledger (./supply-shards.ts) and `pool` is not read.
   */
  shards?: Shards;
  now: () => Date;
  /** SUPPLY_CHECK_INTERVAL_MS: how often a tick reads the rows past the cursor. */
  intervalMs: number;
  /** SUPPLY_CHECK_REBASE_INTERVAL_MS: how often the totals are read again from the whole ledger. */
  rebaseIntervalMs: number;
  /** CREDIT_LEG_MAX_AGE_S, in ms: a leg owed longer is stale. */
  creditLegMaxAgeMs: number;
  logger: Logger;
  metrics?: SupplyCheckMetrics;
  limits?: SupplyLimits;
}

export interface SupplyCheck {
  /** One tick now (a rebase when one is due): what the timer runs; tests call it directly. */
  tick(): Promise<SupplyFigures>;
  /** The figures of the last tick that completed, if any. */
  latest(): SupplyFigures | null;
  /** Stops the timer and waits for a tick in progress. */
  stop(): Promise<void>;
}

/**
 * The continuous supply check (docs/design/ledger.md "Audit"): every tick reads, in one snapshot, the
 * rows past its cursor and Σ balances, folds them into its running totals and publishes the
 * verdict as gauges. It starts with a rebase (the totals read from the whole ledger) and rebases
 * again every `rebaseIntervalMs`, so whatever the incremental path could miss (a row committed
 * later than the gap retention, a row changed behind the ledger's back below the cursor, a bug)
 * shows up within that time. Every replica runs it: it only reads, and the gauges of each are
 * the whole ledger's, so the alerts take the max over replicas and one stuck replica does not
 * blind the others.
 */
/** What one tick reads with: the running totals (null before the first), whether it rebases, when it started, the limits. */
interface TickRead {
  state: SupplyState | null;
  rebase: boolean;
  startMs: number;
  limits: SupplyLimits;
}

/**
 * What one tick read: the totals it goes on with, the balances' sum and, on a rebase after an
 * earlier tick, what the incremental path makes of the same moment (the delta since the last
 * tick folded in): the rebase's drift is judged against that, never against the last tick's
 * totals, or every row committed between two ticks would read as drift.
 */
interface TickResult {
  next: SupplyState;
  balances: number;
  incremental?: SupplyState;
}

/** One database in one snapshot: the whole ledger (a rebase) or the rows past the cursor, and the balances' sum. */
async function readOneDatabase(pool: SupplyCheckDeps['pool'], read: TickRead): Promise<TickResult> {
  const { state, rebase, startMs, limits } = read;
  const client = await pool.connect();
  const foldDelta = async (from: SupplyState) => {
    const delta = await readSupplyDelta(client, { cursorId: from.cursorId, gapIds: [...from.gaps.keys()], openIds: [...from.open.keys()] });
    return foldSupply(from, delta, startMs, limits);
  };
  try {
    return await inSnapshot(client, async () => {
      if (state === null) {
        const snapshot = await readSupplySnapshot(client, limits.gapsMax);
        return { next: rebaseSupply(snapshot, startMs), balances: await readBalancesSum(client) };
      }
      if (rebase) {
        // The same snapshot both ways: a difference is the incremental path's, not a late commit's.
        const incremental = await foldDelta(state);
        const snapshot = await readSupplySnapshot(client, limits.gapsMax);
        return { next: rebaseSupply(snapshot, startMs), balances: await readBalancesSum(client), incremental };
      }
      return { next: await foldDelta(state), balances: await readBalancesSum(client) };
    });
  } finally {
    client.release();
  }
}

/**
 * Every shard as one ledger: a cut torn by a leg landing between two shards' snapshots is read
 * again. A rebase folds the delta first (its own cut), then reads the whole ledger: a row
 * committed between the two cuts can still show as drift, which the single database never does.
 */
async function readShards(shards: Shards, read: TickRead): Promise<TickResult> {
  const { state, rebase, startMs, limits } = read;
  for (let attempt = 1; ; attempt += 1) {
    if (rebase || state === null) {
      const incremental = state === null ? undefined : foldSupply(state, (await readShardedDelta(shards, state)).delta, startMs, limits);
      const { snapshot, balances, consistent } = await readShardedSnapshot(shards, limits.gapsMax);
      if (consistent || attempt >= cutAttemptsMax)
        return { next: rebaseSupply(snapshot, startMs), balances, ...(incremental ? { incremental } : {}) };
    } else {
      const { delta, balances, consistent } = await readShardedDelta(shards, state);
      if (consistent || attempt >= cutAttemptsMax) return { next: foldSupply(state, delta, startMs, limits), balances };
    }
  }
}

/** A difference in the totals between the incremental path and the full read: a bug of the former, or a row changed below the cursor. */
function warnOnRebaseDrift(logger: Logger, before: SupplyFigures, after: SupplyFigures): void {
  if (before.entriesSum === after.entriesSum && before.supply === after.supply) return;
  logger.warn(
    {
      before: { entriesSum: before.entriesSum, supply: before.supply },
      after: { entriesSum: after.entriesSum, supply: after.supply },
    },
    'supply check: the rebase found other totals than the incremental path (rows committed late or changed behind the ledger)',
  );
}

/** The ledger does not add up: logged as an error, with what an operator needs to start from. */
function reportDiscrepancy(logger: Logger, figures: SupplyFigures): void {
  if (figures.supplyDiscrepancy === 0 && figures.balancesDiscrepancy === 0) return;
  logger.error(
    {
      supplyDiscrepancy: figures.supplyDiscrepancy,
      balancesDiscrepancy: figures.balancesDiscrepancy,
      entriesSum: figures.entriesSum,
      balances: figures.balances,
      supply: figures.supply,
      inFlight: figures.legs.inFlight,
    },
    'supply check: the ledger does not add up (run npm run audit; docs/RELIABILITY.md)',
  );
}

/** A tick's figures as the check's metrics. */
function publishSupply(m: SupplyCheckMetrics, figures: SupplyFigures, rebase: boolean, nowMs: number): void {
  m.discrepancy.set({ check: 'supply' }, figures.supplyDiscrepancy);
  m.discrepancy.set({ check: 'balances' }, figures.balancesDiscrepancy);
  m.legsInFlight.set({ age: 'young' }, figures.legs.young.count);
  m.legsInFlight.set({ age: 'stale' }, figures.legs.stale.count);
  m.legsInFlightAmount.set({ age: 'young' }, figures.legs.young.amount);
  m.legsInFlightAmount.set({ age: 'stale' }, figures.legs.stale.amount);
  m.oldestAge.set(figures.legs.oldestAgeSeconds ?? 0);
  m.lastSuccess.set(nowMs / 1000);
  if (rebase) m.rebaseLastSuccess.set(nowMs / 1000);
}

export function startSupplyCheck(deps: SupplyCheckDeps, options: { timer?: boolean } = {}): SupplyCheck {
  const limits = deps.limits ?? defaultSupplyLimits;
  let state: SupplyState | null = null;
  let rebasedAtMs = 0;
  let latest: SupplyFigures | null = null;
  let running: Promise<SupplyFigures> | null = null;

  const tickOnce = async (): Promise<SupplyFigures> => {
    const startMs = deps.now().getTime();
    const rebase = state === null || startMs - rebasedAtMs >= deps.rebaseIntervalMs;
    const read = { state, rebase, startMs, limits };
    const { next, balances, incremental } =
      deps.shards && deps.shards.length > 1 ? await readShards(deps.shards, read) : await readOneDatabase(deps.pool, read);
    const nowMs = deps.now().getTime();
    const figures = supplyFigures(next, balances, nowMs, deps.creditLegMaxAgeMs);
    // What the incremental path makes of the same moment, against the full read.
    if (incremental) warnOnRebaseDrift(deps.logger, supplyFigures(incremental, balances, nowMs, deps.creditLegMaxAgeMs), figures);
    state = next;
    if (rebase) rebasedAtMs = startMs;
    latest = figures;
    if (deps.metrics) publishSupply(deps.metrics, figures, rebase, nowMs);
    reportDiscrepancy(deps.logger, figures);
    return figures;
  };

  const tick = (): Promise<SupplyFigures> => {
    // One tick at a time: a slow one is never overlapped by the next.
    running ??= tickOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const run = () => {
    if (running) return;
    tick().catch((err: unknown) => {
      // The next tick starts again from a full read: whatever went wrong, running totals that
      // may be half-updated or wrong are not trusted.
      state = null;
      deps.logger.warn({ err }, 'supply check tick failed; the next tick rebases from a full read');
    });
  };
  const timer = options.timer === false ? null : setInterval(run, deps.intervalMs);
  timer?.unref();
  if (timer) run();
  return {
    tick,
    latest: () => latest,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
