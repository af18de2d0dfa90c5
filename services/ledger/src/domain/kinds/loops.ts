import type { LedgerCommand } from '@coin/contracts';
import type { CommandReads } from '../commands/types';
import type { Accepted, BalanceChange, LedgerState } from '../state';
import type { AnsweredCommand } from './types';
import { kindModule, stateKinds, type KindKeys, type KindStates, type LoadedKinds, type StateKind, type WrittenKinds } from './table';

/**
 * The loops over the state table (domain/kinds/table.ts): what a batch reads of each kind, the
 * state its decisions start from, how each accepted decision (and each command the apply answers)
 * evolves it, and what the batch writes.
 */

/** The keys of each kind a batch's commands read. */
export function kindKeysOf(commands: readonly LedgerCommand[], readsOf: (command: LedgerCommand) => CommandReads): KindKeys {
  const keys: KindKeys = {};
  for (const kind of stateKinds) {
    const module = kindModule(kind);
    keys[kind] = [...new Set(commands.flatMap((command) => module.keysOf(command, readsOf(command))))];
  }
  return keys;
}

/** Each kind's state as the batch's decisions start from it: what was loaded (nothing loaded: empty). */
export function kindStatesOf(loaded: LoadedKinds | undefined): Required<KindStates> {
  const states: Record<string, unknown> = {};
  for (const kind of stateKinds) states[kind] = kindModule(kind).stateOf(loaded?.[kind] ?? new Map());
  return states as Required<KindStates>;
}

/** A kind's state in the batch's state (none yet: started empty, as from nothing loaded). */
function kindStateIn(state: LedgerState, kind: StateKind): unknown {
  const states = state as unknown as Record<string, unknown>;
  states[kind] ??= kindModule(kind).stateOf(new Map());
  return states[kind];
}

/** Keeps the keys a kind changed in `state.changedKeys`, for the batch's write. */
function keepChanged(state: LedgerState, kind: StateKind, changed: readonly string[]): void {
  if (changed.length === 0) return;
  state.changedKeys ??= new Map();
  const keys = state.changedKeys.get(kind) ?? new Set<string>();
  for (const key of changed) keys.add(key);
  state.changedKeys.set(kind, keys);
}

/** Evolves each kind by an accepted decision; the keys each changed are kept in `state.changedKeys` for the batch's write. */
export function evolveKinds(state: LedgerState, decision: Accepted, changes: readonly BalanceChange[], now: Date): void {
  for (const kind of stateKinds) {
    const effects = decision.effects.filter((effect) => effect.kind === kind);
    keepChanged(state, kind, kindModule(kind).evolve(kindStateIn(state, kind), { effects, decision, changes, now }));
  }
}

/**
 * Records a command the apply answered by a decision in each kind that keeps every answer
 * (StateModule.recordAnswer: the processed commands); the keys each changed are kept like the evolve's.
 */
export function recordAnswerInKinds(state: LedgerState, answer: AnsweredCommand): void {
  for (const kind of stateKinds) {
    const recordAnswer = kindModule(kind).recordAnswer;
    if (recordAnswer) keepChanged(state, kind, recordAnswer(kindStateIn(state, kind), answer));
  }
}

/** What the batch writes of each kind: the keys its decisions changed, as they stand at its end. */
export function kindWritesOf(loaded: LoadedKinds | undefined, state: LedgerState): WrittenKinds {
  const writes: Record<string, unknown[]> = {};
  const states = state as unknown as Record<string, unknown>;
  for (const kind of stateKinds) {
    const changed = state.changedKeys?.get(kind);
    writes[kind] = changed ? kindModule(kind).writesOf(loaded?.[kind] ?? new Map(), states[kind], changed) : [];
  }
  return writes as WrittenKinds;
}

export type { StateKind };

/** What the batch writes of each kind with the personal data of these deleted users erased (StateModule.erase). */
export function erasedKindWrites(writes: WrittenKinds, users: ReadonlySet<number>): WrittenKinds {
  const erased: Record<string, unknown[]> = { ...writes };
  for (const kind of stateKinds) {
    const erase = kindModule(kind).erase;
    const rows = writes[kind];
    if (erase && rows) erased[kind] = rows.map((row) => erase.row(row, users));
  }
  return erased as WrittenKinds;
}
