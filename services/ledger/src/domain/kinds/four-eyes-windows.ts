import { charge, recipientScope, type WindowCharge } from '../four-eyes';
import type { SpendingWindow } from '../limits';
import { integerOf, type StateModule } from './types';

/** A four-eyes window as read: its hours, and the version its write is checked against (null: no row yet, it is inserted). */
export interface LoadedWindow {
  window: SpendingWindow;
  version: number | null;
}

/** A window as the batch write stores it (`spending`: its hours); `version` null: no row yet (it is inserted). */
export interface WindowRow {
  scope: string;
  spending: SpendingWindow;
  version: number | null;
}

/** What an applied movement adds to one window, as an effect of its decision. */
export type WindowEffect = WindowCharge & { kind: 'windows' };

/** The window charges of an applied movement (domain/four-eyes.ts), as its effects. */
export function windowEffects(charges: readonly WindowCharge[]): WindowEffect[] {
  return charges.map(({ scope, amount }) => ({ kind: 'windows', scope, amount }));
}

/** The hours of several windows (or parts of one) added up, by hour, oldest first. */
export function sumWindows(hours: SpendingWindow): SpendingWindow {
  const byHour = new Map<number, { hour: number; amount: number; count: number }>();
  for (const h of hours) {
    const sum = byHour.get(h.hour) ?? { hour: h.hour, amount: 0, count: 0 };
    sum.amount += h.amount;
    sum.count += h.count;
    byHour.set(h.hour, sum);
  }
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

/** A shard's part of a window decided over the sum: the other shards' hours taken out (an hour left with nothing is dropped). */
export function minusWindow(window: SpendingWindow, others: SpendingWindow): SpendingWindow {
  const othersByHour = new Map(others.map((h) => [h.hour, h]));
  return window.flatMap((h) => {
    const other = othersByHour.get(h.hour);
    const amount = Math.max(0, h.amount - (other?.amount ?? 0));
    const count = Math.max(0, h.count - (other?.count ?? 0));
    return amount === 0 && count === 0 ? [] : [{ ...h, amount, count }];
  });
}

/**
 * Each window loaded on several shards (`parts[0]`: the batch's own shard) as one: its hours summed
 * over the shards, with the version of the own shard's row (null when that shard has none: its part
 * is inserted). A scope no shard counted anything in is left out.
 */
export function summedWindows(parts: ReadonlyArray<ReadonlyMap<string, LoadedWindow>>): Map<string, LoadedWindow> {
  const [own, ...others] = parts;
  const merged = new Map<string, LoadedWindow>();
  for (const scope of new Set(parts.flatMap((part) => [...part.keys()]))) {
    const ownWindow = own?.get(scope);
    const foreign = others.flatMap((part) => part.get(scope)?.window ?? []);
    if (!ownWindow && foreign.length === 0) continue;
    merged.set(scope, { window: sumWindows([...(ownWindow?.window ?? []), ...sumWindows(foreign)]), version: ownWindow?.version ?? null });
  }
  return merged;
}

/** What names one read of a window, and the write decided from it: its scope and the version read. */
const tagOf = (scope: string, version: number | null) => `${scope}\u0000${version ?? 'new'}`;

/** A command's reads of four-eyes windows. */
export interface WindowReads {
  /** Four-eyes windows by scope (domain/four-eyes.ts). */
  windowScopes?: string[];
}

/**
 * The four-eyes windows (domain/four-eyes.ts, docs/design/ledger.md "Four-eyes windows"): what
 * people and platform clients moved in the rolling day, by scope (`actor:user:7`,
 * `recipient:user:9`, `client:<id>`, `cashout:user:<id>`, …), table four_eyes_windows (migration
 * 007). A command reads the scopes it names (`windowScopes`); the batch read also loads, in the
 * same statement, the `recipient:user:<payer>` window of every purchase its refunds name (a
 * refund pays its payer back). An applied movement's charges are its effects
 * (`{ kind: 'windows', scope, amount }`); each window is written against the version it was read
 * at (null: inserted), so a person counted by two partitions at once makes one write fail
 * (`assert_windows_current`, SQLSTATE 40001) and its batch redo from a fresh read.
 *
 * With several shards a person's movements land on every shard: each shard keeps its own row of
 * each window, a batch judges the sum over shards (`overShards`) and writes back only its own
 * shard's part (`ownPart`: the sum it decided less the other shards' parts it read).
 */
export const windows: StateModule<LoadedWindow, Map<string, SpendingWindow>, WindowCharge, WindowRow, WindowReads> = {
  keysOf: (_command, reads) => reads.windowScopes ?? [],
  load: {
    sql: (keys, relations) => `SELECT coalesce(json_agg(json_build_object('scope', scope, 'spending', spending, 'version', version)), '[]')
          FROM four_eyes_windows
         WHERE scope = ANY(${keys}
                           || ARRAY(SELECT 'recipient:user:' || from_user_id FROM ${relations.refundTargets} WHERE from_user_id IS NOT NULL))`,
    loadedOf: (row) => [String(row.scope), { window: row.spending as SpendingWindow, version: integerOf(row.version, 'window version') }],
    // The scope the statement above builds from a target's payer.
    keysOfRefundTarget: (target) => (target.fromUserId === null ? [] : [recipientScope({ kind: 'user', userId: target.fromUserId })]),
  },
  overShards: summedWindows,
  ownPart: {
    readTag: (scope, loaded) => tagOf(scope, loaded.version),
    writeTag: (row) => tagOf(row.scope, row.version),
    minus: (row, others) => ({ ...row, spending: minusWindow(row.spending, others?.window ?? []) }),
  },
  stateOf: (loaded) => new Map([...loaded].map(([scope, { window }]) => [scope, window])),
  evolve(state, { effects, now }) {
    charge(state, effects, now);
    return effects.map((e) => e.scope);
  },
  writesOf: (loaded, state, changed) =>
    [...changed].map((scope) => ({ scope, spending: state.get(scope) ?? [], version: loaded.get(scope)?.version ?? null })),
  write: {
    ctes: (rows) => `windows_in AS (
         SELECT scope, spending, version FROM json_to_recordset(${rows}) AS w(scope text, spending jsonb, version bigint)),
       inserted_windows AS (
         INSERT INTO four_eyes_windows (scope, spending)
         SELECT scope, spending FROM windows_in WHERE version IS NULL
         ON CONFLICT (scope) DO NOTHING
         RETURNING 1),
       updated_windows AS (
         UPDATE four_eyes_windows f SET spending = w.spending, version = f.version + 1
           FROM windows_in w
          WHERE w.version IS NOT NULL AND f.scope = w.scope AND f.version = w.version
         RETURNING 1)`,
    check: (rows) => `assert_windows_current((SELECT count(*) FROM inserted_windows) + (SELECT count(*) FROM updated_windows),
                                   json_array_length(${rows})::bigint) AS windows_current`,
    raceableKeys: ['four_eyes_windows_pkey'],
  },
};
