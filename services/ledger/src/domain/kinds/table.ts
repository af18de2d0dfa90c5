import { approvals } from './approvals';
import { cashoutRates } from './cashout-rates';
import { clocks } from './clocks';
import { windows } from './four-eyes-windows';
import { holds } from './holds';
import { mandates } from './mandates';
import { processedCommands } from './processed-commands';
import { refundTargets } from './refund-targets';
import type { AnyStateModule, StateModule } from './types';
import { walletActivity } from './wallet-activity';
import { wallets } from './wallets';
import type { WalletRowEffect, WalletRowKind } from './wallet-row';

/**
 * The ledger's kinds of state held as modules (docs/DESIGN.md "Adding a kind of state"), one
 * line each: the batch read, the decisions' state, the evolve and the batch write loop over this
 * table. A module whose parts do not fit StateModule is a compile error here; the kind's name is
 * its field of LedgerState, of BatchRead.kinds and of BatchWrite.kinds.
 */
export const stateTable = {
  // The core, first: its guard is the first the batch write checks.
  wallets,
  // Second: its rows are the relation of the batch read other kinds' loads name (`relations.refundTargets`).
  refundTargets,
  approvals,
  cashoutRates,
  clocks,
  holds,
  mandates,
  processedCommands,
  walletActivity,
  windows,
} satisfies Record<string, AnyStateModule>;

export type StateTable = typeof stateTable;
export type StateKind = keyof StateTable;

type Parts<K extends StateKind> =
  StateTable[K] extends StateModule<infer L, infer S, infer E, infer R, infer Q>
    ? { loaded: L; state: S; effect: E; row: R; reads: Q }
    : never;

/** A union of object types as one object type with all their fields. */
type AllOf<U> = (U extends unknown ? (part: U) => void : never) extends (all: infer I) => void ? I : never;

/**
 * What a command reads by key before it is decided: the apply stage loads exactly these for a
 * batch. Every kind's `Reads` together, each field documented in its kind's module, so it is kept by
 * no one beside the kinds.
 */
export type CommandReads = AllOf<{ [K in StateKind]: Parts<K>['reads'] }[StateKind]>;

/** A kind's state as the decisions read it. */
export type KindState<K extends StateKind> = Parts<K>['state'];
/** A kind's rows as the batch read them, by key. */
export type KindLoaded<K extends StateKind> = Parts<K>['loaded'];
/** A kind's rows as the batch writes them. */
export type KindRow<K extends StateKind> = Parts<K>['row'];

/** Every kind's state: LedgerState's fields for the table's kinds (absent: none read). */
export type KindStates = { [K in StateKind]?: KindState<K> };
/** What the batch read loaded of each kind (absent: none). */
export type LoadedKinds = { [K in StateKind]?: Map<string, KindLoaded<K>> };
/** What the batch writes of each kind (absent: none). */
export type WrittenKinds = { [K in StateKind]?: Array<KindRow<K>> };
/** The keys the batch reads of each kind. */
export type KindKeys = { [K in StateKind]?: string[] };

/** An effect of an accepted decision on a kind of the table, tagged with the kind. */
export type KindEffect = { [K in StateKind]: { kind: K } & Parts<K>['effect'] }[StateKind];

/**
 * An effect of an accepted decision (Accepted.effects): one kind's, tagged with the kind, of this
 * table or of the parts of the wallet's row (domain/kinds/wallet-row.ts).
 */
export type Effect = KindEffect | WalletRowEffect;

/** A kind is in one table only: a name in both is a compile error here. */
const kindsInOneTable: [Extract<StateKind, WalletRowKind>] extends [never] ? true : never = true;
void kindsInOneTable;

/** Whether an effect is of a kind of this table (not of a part of the wallet's row). */
export function isKindEffect(effect: Effect): effect is KindEffect {
  return Object.hasOwn(stateTable, effect.kind);
}

/** The kinds, in the table's order: the order every loop visits them. */
export const stateKinds = Object.keys(stateTable) as StateKind[];

/** A kind's module, typed for the loops (the one cast: TypeScript cannot carry a kind's own types through an index by the union). */
export function kindModule(kind: StateKind): AnyStateModule {
  return stateTable[kind];
}
