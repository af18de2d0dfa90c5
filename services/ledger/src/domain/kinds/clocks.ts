import { integerOf, type StateModule } from './types';

/** A sandbox test clock as read: seconds ahead of wall time, and the version its write is checked against. */
export interface LoadedClock {
  offsetSeconds: number;
  version: number;
}

/** A test clock moved: the client's offset from wall time after it, in seconds. */
export interface ClockEffect {
  clientId: string;
  offsetSeconds: number;
}

/** A clock as the batch write stores it; `version` null: no row yet (it is inserted). */
export interface ClockRow {
  client_id: string;
  offset_seconds: number;
  version: number | null;
}

/** A command's reads of test clocks. */
export interface ClockReads {
  /** Sandbox test clocks by test-mode client id. */
  clockClientIds?: string[];
}

/**
 * The sandbox test clocks (docs/decisions/0018-sandbox.md "The test clock"): seconds ahead of
 * wall time, by test-mode client id. Read by the commands that name a test client's clock; moved
 * by ledger.advance-clock; each written against the version it was read at (null: inserted), like
 * a four-eyes window.
 */
export const clocks: StateModule<LoadedClock, Map<string, number>, ClockEffect, ClockRow, ClockReads> = {
  keysOf: (_command, reads) => reads.clockClientIds ?? [],
  load: {
    sql: (
      keys,
    ) => `SELECT coalesce(json_agg(json_build_object('client_id', client_id, 'offset_seconds', offset_seconds, 'version', version)), '[]')
          FROM test_clocks WHERE client_id = ANY(${keys})`,
    loadedOf: (row) => [
      String(row.client_id),
      { offsetSeconds: integerOf(row.offset_seconds, 'clock offset'), version: integerOf(row.version, 'clock version') },
    ],
  },
  stateOf: (loaded) => new Map([...loaded].map(([clientId, clock]) => [clientId, clock.offsetSeconds])),
  evolve(state, { effects }) {
    for (const { clientId, offsetSeconds } of effects) state.set(clientId, offsetSeconds);
    return effects.map((e) => e.clientId);
  },
  writesOf: (loaded, state, changed) =>
    [...changed].map((clientId) => ({
      client_id: clientId,
      offset_seconds: state.get(clientId) ?? 0,
      version: loaded.get(clientId)?.version ?? null,
    })),
  write: {
    ctes: (rows) => `clocks_in AS (
         SELECT client_id, offset_seconds, version FROM json_to_recordset(${rows}) AS c(client_id text, offset_seconds bigint, version bigint)),
       inserted_clocks AS (
         INSERT INTO test_clocks (client_id, offset_seconds)
         SELECT client_id, offset_seconds FROM clocks_in WHERE version IS NULL
         ON CONFLICT (client_id) DO NOTHING
         RETURNING 1),
       updated_clocks AS (
         UPDATE test_clocks t SET offset_seconds = c.offset_seconds, version = t.version + 1
           FROM clocks_in c
          WHERE c.version IS NOT NULL AND t.client_id = c.client_id AND t.version = c.version
         RETURNING 1)`,
    check: (rows) => `assert_clocks_current((SELECT count(*) FROM inserted_clocks) + (SELECT count(*) FROM updated_clocks),
                                   json_array_length(${rows})::bigint) AS clocks_current`,
    raceableKeys: ['test_clocks_pkey'],
  },
};
