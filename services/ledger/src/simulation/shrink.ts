import type { StepPlan } from './driver';

/**
 * A failing run made short (docs/RELIABILITY.md "The whole-ledger simulation"): first the
 * shortest prefix of its steps that still fails, by bisection (each candidate played on a fresh
 * database and then let settle, so a command sent early but applied late still counts); then
 * every command of one type dropped at once, type by type (most types have nothing to do with a
 * failure); then the client commands left dropped in halves, quarters… down to one at a time,
 * keeping each drop after which it still fails the same way; then the steps left with no command,
 * likewise (their clock moves go to the step after). Bounded by a time budget: whatever is
 * smallest when it runs out is the answer. Pure but for `fails`.
 */

export interface ShrinkBudget {
  /** Milliseconds the whole shrink may take. */
  budgetMs: number;
  nowMs: () => number;
  /** Told of each smaller plan that still fails. */
  onProgress?: (plan: StepPlan[], replays: number) => void;
}

/** Whether the plan, played on a fresh database, still fails the way the original did. */
export type StillFails = (plan: StepPlan[]) => Promise<boolean>;

export function commandCount(plan: readonly StepPlan[]): number {
  return plan.reduce((n, step) => n + step.commands.length, 0);
}

export async function shrinkPlan(
  plan: StepPlan[],
  fails: StillFails,
  budget: ShrinkBudget,
): Promise<{ plan: StepPlan[]; replays: number }> {
  const deadline = budget.nowMs() + budget.budgetMs;
  let replays = 0;
  const tryPlan = async (candidate: StepPlan[]) => {
    if (budget.nowMs() >= deadline) return false;
    replays += 1;
    const failed = await fails(candidate);
    if (failed) budget.onProgress?.(candidate, replays);
    return failed;
  };
  let best = await shortestPrefix(plan, tryPlan);
  best = await dropTypes(best, tryPlan);
  best = await dropInChunks(best, commandCount(best), withoutCommands, tryPlan);
  best = await dropInChunks(best, emptySteps(best).length, withoutEmptySteps, tryPlan);
  return { plan: best, replays };
}

/** The shortest prefix that fails, assuming a longer one fails whenever a shorter one does. */
async function shortestPrefix(plan: StepPlan[], tryPlan: StillFails): Promise<StepPlan[]> {
  let low = 1;
  let high = plan.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await tryPlan(plan.slice(0, middle))) high = middle;
    else low = middle + 1;
  }
  return plan.slice(0, high);
}

/** The plan without the client commands at these flat indexes (in step order). */
function withoutCommands(plan: readonly StepPlan[], drop: ReadonlySet<number>): StepPlan[] {
  let index = 0;
  return plan.map((step) => ({
    ...step,
    commands: step.commands.filter(() => {
      const keep = !drop.has(index);
      index += 1;
      return keep;
    }),
  }));
}

/** The type a client message names. */
function typeOf(raw: unknown): string {
  return String((raw as { type?: unknown } | null)?.type);
}

/** Every command of one type dropped at once, the types with most commands first. */
async function dropTypes(plan: StepPlan[], tryPlan: StillFails): Promise<StepPlan[]> {
  let best = plan;
  const counts = new Map<string, number>();
  for (const raw of best.flatMap((step) => step.commands)) counts.set(typeOf(raw), (counts.get(typeOf(raw)) ?? 0) + 1);
  for (const [type] of [...counts].sort(([, a], [, b]) => b - a)) {
    const candidate = best.map((step) => ({ ...step, commands: step.commands.filter((raw) => typeOf(raw) !== type) }));
    if (await tryPlan(candidate)) best = candidate;
  }
  return best;
}

/**
 * Units of the plan (its commands, its empty steps) dropped in chunks of halving size, from the
 * end (the units just before a failure are its likeliest causes); a chunk whose drop still fails
 * stays dropped.
 */
async function dropInChunks(
  plan: StepPlan[],
  units: number,
  without: (plan: readonly StepPlan[], drop: ReadonlySet<number>) => StepPlan[],
  tryPlan: StillFails,
): Promise<StepPlan[]> {
  let best = plan;
  let count = units;
  for (let size = Math.max(1, Math.floor(count / 2)); size >= 1; size = size === 1 ? 0 : Math.max(1, Math.floor(size / 2))) {
    for (let end = count; end > 0; end -= size) {
      const drop = new Set<number>();
      for (let i = Math.max(0, end - size); i < end; i += 1) drop.add(i);
      const candidate = without(best, drop);
      if (await tryPlan(candidate)) {
        best = candidate;
        count -= drop.size;
      }
    }
  }
  return best;
}

/** The indexes of the steps with no client command. */
function emptySteps(plan: readonly StepPlan[]): number[] {
  return plan.flatMap((step, i) => (step.commands.length === 0 ? [i] : []));
}

/** The plan without these of its empty steps (by their rank among the empty ones): each one's clock move goes to the step after it. */
function withoutEmptySteps(plan: readonly StepPlan[], drop: ReadonlySet<number>): StepPlan[] {
  const dropped = new Set(emptySteps(plan).filter((_, rank) => drop.has(rank)));
  const kept: StepPlan[] = [];
  let carriedMs = 0;
  plan.forEach((step, i) => {
    if (dropped.has(i)) {
      carriedMs += step.advanceMs;
      return;
    }
    kept.push({ ...step, advanceMs: step.advanceMs + carriedMs });
    carriedMs = 0;
  });
  return kept;
}
