import type { StepPlan } from './driver';

/**
 * A failing run made short (docs/RELIABILITY.md "The whole-ledger simulation"). When the finding
 * names the commands it is about (`ShrinkFocus`), first the plan with no other client command,
 * each sent in the step that took it in the run (so it is taken when it was, whatever waited
 * before it), else as it was sent; then, if neither fails, with only the commands of their
 * partitions, likewise. A focused plan that still fails loses its empty steps (their clock moves
 * go to the step after) before anything else, so the replays after it are short.
 * Then the shortest prefix of its steps that still fails, by bisection (each candidate played on
 * a fresh database and then let settle, so a command sent early but applied late still counts);
 * then every command of one type dropped at once, type by type (most types have nothing to do
 * with a failure); then the client commands left dropped in halves, quarters… down to one at a
 * time, keeping each drop after which it still fails the same way; then the steps left with no
 * command, likewise. Bounded by a time budget: whatever is smallest when it runs out is the
 * answer. Without the focus, a run of thousands of steps spent the whole budget on its first few
 * bisection replays, each as long as the run, and came back unshrunk. Pure but for `fails`.
 */

export interface ShrinkBudget {
  /** Milliseconds the whole shrink may take. */
  budgetMs: number;
  nowMs: () => number;
  /** Told of each smaller plan that still fails. */
  onProgress?: (plan: StepPlan[], replays: number) => void;
}

/** What the finding says it is about: where the shrink looks first. */
export interface ShrinkFocus {
  /** The ids of the commands the finding names (an answer outside its schema, a command set aside or met again). */
  commandIds: ReadonlySet<string>;
  /** The partition a client message travels on. */
  partitionOf: (raw: unknown) => number;
  /** The step that took the client message at this place of the plan (step, index in it) in the run, when it was taken. */
  takenAt?: (step: number, place: number) => number | undefined;
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
  focus?: ShrinkFocus,
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
  let best = plan;
  const focused = focus ? await focusOn(plan, focus, tryPlan) : null;
  if (focused) best = await dropInChunks(focused, emptySteps(focused).length, withoutEmptySteps, tryPlan);
  best = await shortestPrefix(best, tryPlan);
  best = await dropTypes(best, tryPlan);
  best = await dropInChunks(best, commandCount(best), withoutCommands, tryPlan);
  best = await dropInChunks(best, emptySteps(best).length, withoutEmptySteps, tryPlan);
  return { plan: best, replays };
}

/**
 * The first of these plans that still fails, or null (the finding names no client command, or none
 * does): only the client commands the finding names, then only those of their partitions; each
 * first sent in the step that took it in the run (`sentWhenTaken`), then as it was sent.
 */
async function focusOn(plan: StepPlan[], focus: ShrinkFocus, tryPlan: StillFails): Promise<StepPlan[] | null> {
  const all = plan.flatMap((step) => step.commands);
  const named = all.filter((raw) => focus.commandIds.has(commandIdOf(raw)));
  if (named.length === 0) return null;
  const partitions = new Set(named.map(focus.partitionOf));
  const keeps = [(raw: unknown) => focus.commandIds.has(commandIdOf(raw)), (raw: unknown) => partitions.has(focus.partitionOf(raw))];
  for (const keep of keeps) {
    if (all.every(keep)) return null;
    const candidates = [
      ...(focus.takenAt ? [sentWhenTaken(plan, keep, focus.takenAt)] : []),
      plan.map((step) => ({ ...step, commands: step.commands.filter(keep) })),
    ];
    for (const candidate of candidates) if (await tryPlan(candidate)) return candidate;
  }
  return null;
}

/**
 * The plan's commands that `keep` keeps, each sent in the step that took it rather than the one
 * that sent it (in the order they were sent). A command then waits behind none of those dropped,
 * so each step takes what it took in the run: with the rest of its partition's queue gone, a
 * command sent early would be taken sooner, and the order of two commands on two partitions (what
 * an answer from a stored outcome depends on) would change. A command never taken stays where it was.
 */
export function sentWhenTaken(
  plan: readonly StepPlan[],
  keep: (raw: unknown) => boolean,
  takenAt: (step: number, place: number) => number | undefined,
): StepPlan[] {
  const sent: unknown[][] = plan.map(() => []);
  plan.forEach((step, i) => {
    step.commands.forEach((raw, place) => {
      if (!keep(raw)) return;
      const taken = takenAt(i, place);
      sent[taken !== undefined && taken >= i && taken < plan.length ? taken : i]!.push(raw);
    });
  });
  return plan.map((step, i) => ({ ...step, commands: sent[i]! }));
}

/** The command id a client message names (it may be hostile: anything but a string is none). */
function commandIdOf(raw: unknown): string {
  const id = (raw as { commandId?: unknown } | null)?.commandId;
  return typeof id === 'string' ? id : '';
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
