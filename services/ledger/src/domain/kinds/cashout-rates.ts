import { cashoutRatesKey, type Actor } from '@coin/contracts';
import { approvedVersionsRead, type CashoutRateVersion } from '../cashout-rates';
import type { Accepted } from '../state';
import { integerOf, type StateModule } from './types';

/**
 * A cashout_rates row (migrations 021, 035: an approved version) as read and written, or a request
 * waiting for one read as the version it asks for (timestamps may arrive as ISO text inside JSON).
 */
export interface CashoutRateDbRow {
  id: string;
  xaf_per_coin: number;
  effective_from: Date | string;
  status: CashoutRateVersion['status'];
  proposed_by: Actor;
  proposed_at: Date | string;
  decided_by: Actor | null;
  decided_at: Date | string | null;
  expires_at: Date | string;
}

/** A version set by an accepted decision (set-cashout-rate, applied by its request's approval). */
export interface RateEffect {
  version: CashoutRateVersion;
}

export const cashoutRateColumns = 'id, xaf_per_coin, effective_from, status, proposed_by, proposed_at, decided_by, decided_at, expires_at';

/**
 * The requests for rate versions (approval_requests holding ledger.set-cashout-rate) read as the
 * versions they ask for, in the columns of `cashoutRateColumns`: PROPOSED while waiting or once
 * expired (its expiry past), REJECTED by whom and when. The apply reads the waiting ones, the list
 * every one not approved (an approved one is its version). A caller adds its conditions with AND.
 */
export const rateRequestsAsVersions = `SELECT a.id, (a.command->'data'->>'xafPerCoin')::integer AS xaf_per_coin,
              (a.command->'data'->>'effectiveFrom')::timestamptz AS effective_from,
              CASE a.status WHEN 'REJECTED' THEN 'REJECTED' ELSE 'PROPOSED' END AS status,
              a.requested_by AS proposed_by, a.created_at AS proposed_at,
              CASE a.status WHEN 'REJECTED' THEN a.decided_by END AS decided_by,
              CASE a.status WHEN 'REJECTED' THEN a.updated_at END AS decided_at, a.expires_at
         FROM approval_requests a
        WHERE a.command->>'type' = 'ledger.set-cashout-rate'`;

/** Only the kind and id of a person are kept: no role, no proof. */
const personOf = (actor: Actor): Actor => ({ kind: actor.kind, id: actor.id });

/** The one mapping from a version to its row (the batch write). */
export function cashoutRateRowOf(version: CashoutRateVersion): CashoutRateDbRow {
  return {
    id: version.id,
    xaf_per_coin: version.xafPerCoin,
    effective_from: version.effectiveFrom.toISOString(),
    status: version.status,
    proposed_by: personOf(version.proposedBy),
    proposed_at: version.proposedAt.toISOString(),
    decided_by: version.decidedBy ? personOf(version.decidedBy) : null,
    decided_at: version.decidedAt?.toISOString() ?? null,
    expires_at: version.expiresAt.toISOString(),
  };
}

/** The one mapping from a row to the ledger's version. */
export function cashoutRateOf(row: CashoutRateDbRow): CashoutRateVersion {
  return {
    id: row.id,
    xafPerCoin: integerOf(row.xaf_per_coin, 'cash-out rate'),
    effectiveFrom: new Date(row.effective_from),
    status: row.status,
    proposedBy: personOf(row.proposed_by),
    proposedAt: new Date(row.proposed_at),
    decidedBy: row.decided_by ? personOf(row.decided_by) : null,
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
    expiresAt: new Date(row.expires_at),
  };
}

/** A rate version set, as an effect of a decision. */
export function rateEffect(version: CashoutRateVersion): RateEffect & { kind: 'cashoutRates' } {
  return { kind: 'cashoutRates', version };
}

/** The version an accepted decision set (its effect of this kind), if any. */
export function rateOfDecision(decision: Pick<Accepted, 'effects'>): CashoutRateVersion | undefined {
  return decision.effects.find((effect) => effect.kind === 'cashoutRates')?.version;
}

/** The versions of the rate table a batch read, in the order read (and set since): approved ones, and requests waiting as PROPOSED ones. */
export function rateVersionsOf(state: ReadonlyMap<string, CashoutRateVersion> | undefined): CashoutRateVersion[] {
  return [...(state?.values() ?? [])];
}

/**
 * The versions read from several shards as one set: only the partition of `cashout-rates` writes
 * them and its requests, so each id is on one shard, unless a shard-map change moved that
 * partition; then the approved version wins over the request for it left behind.
 */
export function mergedCashoutRates(parts: ReadonlyArray<Iterable<CashoutRateVersion>>): Map<string, CashoutRateVersion> {
  const byId = new Map<string, CashoutRateVersion>();
  for (const part of parts)
    for (const version of part) {
      const known = byId.get(version.id);
      if (!known || known.status === 'PROPOSED') byId.set(version.id, version);
    }
  return byId;
}

/** A command's reads of the cash-out rate versions. */
export interface CashoutRateReads {
  /** The cash-out rate versions set through the API (the whole bounded table: domain/cashout-rates.ts). */
  cashoutRates?: boolean;
}

/**
 * Cash-out rate versions set by two people (domain/cashout-rates.ts, docs/CONTRACT.md
 * "Cash-out"), by id. The rate table has one key, `cashout-rates`: a batch that holds a cash-out,
 * a request for a version or a decision of one reads it, bounded whatever the table holds: the
 * newest approved versions by effective time, the one in force among them, and the requests
 * waiting for a version (approval_requests holding ledger.set-cashout-rate, PENDING), read as the
 * PROPOSED versions they ask for, those that expire last first (every one not expired: at most the
 * waiting bound), so a request is judged against every version waiting. Only that key's partition
 * writes versions and their requests, on whichever shard holds the partition, while a cash-out on
 * any shard reads them: the sharded store reads it on every shard (`overShards`). A version is
 * written once, when its request's approval sets it (`assert_cashout_rates_written`); the requests
 * are the approvals kind's to write.
 */
export const cashoutRates: StateModule<
  CashoutRateVersion,
  Map<string, CashoutRateVersion>,
  RateEffect,
  CashoutRateDbRow,
  CashoutRateReads
> = {
  keysOf: (_command, reads) => (reads.cashoutRates ? [cashoutRatesKey] : []),
  load: {
    sql: (keys) => `SELECT coalesce(json_agg(r), '[]') FROM (
            (SELECT ${cashoutRateColumns} FROM cashout_rates ORDER BY effective_from DESC LIMIT ${approvedVersionsRead})
            UNION ALL
            (${rateRequestsAsVersions} AND a.status = 'PENDING' ORDER BY a.expires_at DESC LIMIT ${approvedVersionsRead * 2})) r
          WHERE cardinality(${keys}) > 0`,
    loadedOf: (row) => {
      const version = cashoutRateOf(row as unknown as CashoutRateDbRow);
      return [version.id, version];
    },
  },
  overShards: (parts) => mergedCashoutRates(parts.map((part) => part.values())),
  stateOf: (loaded) => new Map(loaded),
  evolve(state, { effects }) {
    for (const { version } of effects) {
      // A version set replaces the request read for it, and goes last: the order the decisions read.
      state.delete(version.id);
      state.set(version.id, version);
    }
    return effects.map((e) => e.version.id);
  },
  writesOf: (_loaded, state, changed) => [...changed].map((id) => cashoutRateRowOf(state.get(id)!)),
  write: {
    ctes: (rows) => `rates_in AS (
         SELECT * FROM json_to_recordset(${rows})
           AS r(id uuid, xaf_per_coin integer, effective_from timestamptz, status text, proposed_by jsonb, proposed_at timestamptz,
                decided_by jsonb, decided_at timestamptz, expires_at timestamptz)),
       written_rates AS (
         INSERT INTO cashout_rates (${cashoutRateColumns})
         SELECT ${cashoutRateColumns} FROM rates_in
         ON CONFLICT (id) DO NOTHING
         RETURNING 1)`,
    check: (rows) =>
      `assert_cashout_rates_written((SELECT count(*) FROM written_rates), json_array_length(${rows})::bigint) AS rates_written`,
    raceableKeys: ['cashout_rates_pkey'],
  },
};
