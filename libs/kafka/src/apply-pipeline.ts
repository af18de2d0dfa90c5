/**
 * The adaptive limits of a GroupCommit pipeline: how many applies run at once
 * (depth), how many items one apply may take (batch size) and how long a shallow queue waits for
 * more before an apply starts (linger). A pure decision from what the last apply saw, so each
 * rule is tested without a clock; GroupCommit calls it after every apply.
 *
 * Why these rules (AIMD, as TCP's window):
 * - A deep queue (a full batch still waiting when an apply ends) with steady cost per item means
 *   the pipeline, not the database, is what holds the work back: grow the batch first (the fixed
 *   cost of an apply, two statements, a commit and a produce, is shared by more items), then,
 *   once batches are at their bound, one more apply in flight.
 * - A rising cost per item while a full batch waits (the database or the CPU saturating) halves
 *   the depth, or the batch when the depth is already at its floor: more concurrency would only
 *   queue in PostgreSQL.
 * - A shallow queue needs neither: the depth steps back towards its floor, so a trickle of
 *   groups is merged into fewer applies instead of each starting its own, and the apply waits a
 *   little (at most a tenth of what an apply takes, within the bound) for the groups that are on
 *   their way. A deep queue never lingers: its batch is already full.
 */

export interface ApplyPipelineBounds {
  depthMin: number;
  depthMax: number;
  itemsMin: number;
  /** Hard ceiling of one apply (the ledger: PostgreSQL's and pg's message limits). */
  itemsMax: number;
  /** 0 turns lingering off. */
  lingerMsMax: number;
  /** Cost per item above this multiple of its smoothed value counts as rising. */
  riseFactor: number;
}

export interface ApplyPipelineLimits {
  depth: number;
  itemsMax: number;
  lingerMs: number;
}

export interface ApplyPipelineState {
  limits: ApplyPipelineLimits;
  /** Smoothed ms per item of recent applies; null before the first. */
  msPerItem: number | null;
  /** Smoothed ms of one apply; null before the first. */
  applyMs: number | null;
}

/** What one finished apply saw. */
export interface ApplyObservation {
  /** Items in the apply. */
  items: number;
  /** Its duration, ms. */
  ms: number;
  /** Items still waiting for an apply when it ended. */
  queuedItems: number;
}

/** Weight of the newest apply in the smoothed figures. */
const smoothing = 0.2;
/** Below this many items an apply's cost per item is mostly its fixed cost: it says nothing about saturation. */
const itemsForCostSignal = 16;
/** Linger at most this share of an apply's duration: the latency it may add stays small. */
const lingerShareOfApply = 0.1;

export function initialPipelineState(bounds: ApplyPipelineBounds, start: Partial<ApplyPipelineLimits> = {}): ApplyPipelineState {
  validateBounds(bounds);
  return {
    limits: {
      depth: clamp(start.depth ?? bounds.depthMin, bounds.depthMin, bounds.depthMax),
      itemsMax: clamp(start.itemsMax ?? bounds.itemsMax, bounds.itemsMin, bounds.itemsMax),
      lingerMs: 0,
    },
    msPerItem: null,
    applyMs: null,
  };
}

export function validateBounds(bounds: ApplyPipelineBounds): void {
  if (bounds.depthMin < 1 || bounds.depthMax < bounds.depthMin) throw new Error('apply pipeline depth bounds must satisfy 1 <= min <= max');
  if (bounds.itemsMin < 1 || bounds.itemsMax < bounds.itemsMin) throw new Error('apply pipeline item bounds must satisfy 1 <= min <= max');
  if (bounds.lingerMsMax < 0 || !(bounds.riseFactor > 1)) throw new Error('apply pipeline linger must be >= 0 and riseFactor > 1');
}

/** The limits for the next applies, from the last one's observation. */
export function nextPipelineState(state: ApplyPipelineState, seen: ApplyObservation, bounds: ApplyPipelineBounds): ApplyPipelineState {
  const { limits } = state;
  const costSignal = seen.items >= itemsForCostSignal && seen.ms >= 0;
  const cost = costSignal ? seen.ms / seen.items : null;
  const deep = seen.queuedItems >= limits.itemsMax;
  // Only with a backlog: then applies are full and their costs compare like with like. Without
  // one, a smaller apply costs more per item by its fixed cost alone, and the limits do not bind.
  const rising = deep && cost !== null && state.msPerItem !== null && cost > state.msPerItem * bounds.riseFactor;
  let { depth, itemsMax } = limits;
  if (rising) {
    if (depth > bounds.depthMin) depth = Math.max(bounds.depthMin, Math.floor(depth / 2));
    else itemsMax = Math.max(bounds.itemsMin, Math.floor(itemsMax / 2));
  } else if (deep) {
    if (itemsMax < bounds.itemsMax) itemsMax = Math.min(bounds.itemsMax, itemsMax * 2);
    else depth = Math.min(bounds.depthMax, depth + 1);
  } else if (seen.queuedItems === 0) {
    depth = Math.max(bounds.depthMin, depth - 1);
  }
  const applyMs = seen.ms >= 0 ? smooth(state.applyMs, seen.ms) : state.applyMs;
  // Lingering pays only while the queue is shallow; it is bounded by a share of an apply's time.
  const lingerMs = deep || applyMs === null ? 0 : Math.min(bounds.lingerMsMax, applyMs * lingerShareOfApply);
  return {
    limits: { depth, itemsMax, lingerMs },
    // Folded in even when rising: a lasting change of cost (a busier machine) becomes the new
    // normal after a few applies instead of halving the limits for ever.
    msPerItem: cost === null ? state.msPerItem : smooth(state.msPerItem, cost),
    applyMs,
  };
}

function smooth(previous: number | null, value: number): number {
  return previous === null ? value : previous + smoothing * (value - previous);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
