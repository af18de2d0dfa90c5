import { InvariantViolation } from '@coin/errors';
import type { Accepted, LedgerState } from '../state';
import { commissions } from './commissions';
import { freezes } from './freezes';
import { limits } from './limits';
import type { AnyWalletRowPart, WalletRowPart } from './types';

/**
 * The kinds of state kept in the wallet's own row (WalletRowPart, domain/kinds/types.ts), one line
 * each: the wallets' read, `WalletState`, the evolve and the wallets' write loop over this table.
 * The kind's name is its effects' `kind`; its fields are `WalletState`'s.
 */
export const walletRowParts = {
  commissions,
  freezes,
  limits,
} satisfies Record<string, AnyWalletRowPart>;

export type WalletRowParts = typeof walletRowParts;
export type WalletRowKind = keyof WalletRowParts;

type FieldsOf<K extends WalletRowKind> = WalletRowParts[K] extends WalletRowPart<infer F, infer _E> ? F : never;
type EffectOf<K extends WalletRowKind> = WalletRowParts[K] extends WalletRowPart<infer _F, infer E> ? E : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every part's fields: the fields of `WalletState` the table's parts keep. */
export type WalletRowFields = Intersection<{ [K in WalletRowKind]: FieldsOf<K> }[WalletRowKind]>;

/** An effect of an accepted decision on a part of a wallet's row, tagged with its kind (in Accepted.effects). */
export type WalletRowEffect = { [K in WalletRowKind]: { kind: K } & EffectOf<K> }[WalletRowKind];

const kinds = Object.keys(walletRowParts) as WalletRowKind[];

function partOf(kind: WalletRowKind): AnyWalletRowPart {
  return walletRowParts[kind];
}

function isWalletRowEffect(effect: { kind: string }): effect is WalletRowEffect {
  return Object.hasOwn(walletRowParts, effect.kind);
}

/** The columns of `wallets` the parts keep, each with the field it stores, in the table's order. */
export const walletRowColumns: ReadonlyArray<{ column: string; field: WalletRowField }> = kinds.flatMap((kind) => columnsOf(partOf(kind)));

/** A field of `WalletState` a part keeps. */
export type WalletRowField = keyof WalletRowFields;

/** A part's columns, each with its field (the keys of its `columns`, which its `Fields` type names). */
function columnsOf(part: AnyWalletRowPart): Array<{ column: string; field: WalletRowField }> {
  return Object.entries(part.columns as Record<WalletRowField, string>).map(([field, column]) => ({
    column,
    field: field as WalletRowField,
  }));
}

/** A wallet's fields of every part, from the row as read (each part parses its own columns). */
export function walletRowFieldsOf(row: Readonly<Record<string, unknown>>): WalletRowFields {
  return Object.assign({}, ...kinds.map((kind) => partOf(kind).fieldsOf(row))) as WalletRowFields;
}

/** A wallet's fields of every part as it is opened: copies, so no two wallets share a value (an empty spending window). */
export function openedWalletRowFields(): WalletRowFields {
  return Object.assign({}, ...kinds.map((kind) => structuredClone(partOf(kind).opened))) as WalletRowFields;
}

/** The wallets a decision's effects on the parts change (each is written). */
export function walletsChangedByParts(decision: Accepted): string[] {
  return decision.effects.filter(isWalletRowEffect).map((effect) => effect.walletKey);
}

/** Evolves the wallets' parts by a decision's effects on them, in order; a wallet so changed is updated at `now`. */
export function evolveWalletRows(state: LedgerState, decision: Accepted, now: Date): void {
  for (const effect of decision.effects.filter(isWalletRowEffect)) {
    const wallet = state.wallets.get(effect.walletKey);
    if (!wallet) throw new InvariantViolation(`${effect.kind} of unloaded wallet ${effect.walletKey}`);
    const part = partOf(effect.kind);
    const fields = Object.fromEntries(columnsOf(part).map(({ field }) => [field, wallet[field]]));
    Object.assign(wallet, part.evolve(fields, effect, now));
    wallet.updatedAt = now;
  }
}
