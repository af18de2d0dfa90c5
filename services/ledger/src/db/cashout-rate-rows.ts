import type { Actor } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import { approvedVersionsRead, type CashoutRateVersion } from '../domain/cashout-rates';
import { safeInteger } from './wallet-rows';

/** A cashout_rates row (migration 021) as read (timestamps may arrive as ISO text inside JSON). */
export interface CashoutRateDbRow {
  id: string;
  xaf_per_coin: number;
  effective_from: Date | string;
  status: CashoutRateVersion['status'];
  proposed_by: Actor;
  proposed_at: Date | string;
  decided_by: Actor | null;
  decided_at: Date | string | null;
}

const columns = 'id, xaf_per_coin, effective_from, status, proposed_by, proposed_at, decided_by, decided_at';

/** Only the kind and id of a person are kept: no role, no proof. */
const personOf = (actor: Actor): Actor => ({ kind: actor.kind, id: actor.id });

/** The one mapping from a version to its row (the batch write). */
export function cashoutRateRowOf(version: CashoutRateVersion): Record<string, unknown> {
  return {
    id: version.id,
    xaf_per_coin: version.xafPerCoin,
    effective_from: version.effectiveFrom.toISOString(),
    status: version.status,
    proposed_by: personOf(version.proposedBy),
    proposed_at: version.proposedAt.toISOString(),
    decided_by: version.decidedBy ? personOf(version.decidedBy) : null,
    decided_at: version.decidedAt?.toISOString() ?? null,
  };
}

/** The one mapping from a row to the ledger's version. */
export function cashoutRateOf(row: CashoutRateDbRow): CashoutRateVersion {
  return {
    id: row.id,
    xafPerCoin: safeInteger(row.xaf_per_coin, 'cash-out rate'),
    effectiveFrom: new Date(row.effective_from),
    status: row.status,
    proposedBy: personOf(row.proposed_by),
    proposedAt: new Date(row.proposed_at),
    decidedBy: row.decided_by ? personOf(row.decided_by) : null,
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
  };
}

type Queryable = Pick<PoolClient, 'query'>;

/**
 * What an apply reads of the rate table: every PROPOSED version (at most `waitingMax`, the
 * proposal's bound), the newest approved ones by effective time (the one in force is among
 * them: at most `waitingMax` approved ones are ahead of now) and the latest rejected ones (so a
 * second decision of one is told it was decided). Bounded whatever the table holds.
 */
export async function readCashoutRates(db: Queryable): Promise<CashoutRateVersion[]> {
  const result = await db.query<CashoutRateDbRow>(
    `(SELECT ${columns} FROM cashout_rates WHERE status = 'PROPOSED' ORDER BY proposed_at LIMIT $1)
     UNION ALL
     (SELECT ${columns} FROM cashout_rates WHERE status = 'APPROVED' ORDER BY effective_from DESC LIMIT $2)
     UNION ALL
     (SELECT ${columns} FROM cashout_rates WHERE status = 'REJECTED' ORDER BY decided_at DESC LIMIT $2)`,
    [approvedVersionsRead * 2, approvedVersionsRead],
  );
  return result.rows.map(cashoutRateOf);
}

/** Every version of the table, newest proposal first, for the admin list (bounded). */
export async function listCashoutRates(db: Queryable, limit: number): Promise<CashoutRateVersion[]> {
  const result = await db.query<CashoutRateDbRow>(`SELECT ${columns} FROM cashout_rates ORDER BY proposed_at DESC, id LIMIT $1`, [limit]);
  return result.rows.map(cashoutRateOf);
}

/**
 * The versions read from several shards as one set: only the partition of `cashout-rates` writes
 * them, so each id is on one shard, unless a shard-map change moved that partition; then the
 * decided copy of a version wins over a PROPOSED one left behind.
 */
export function mergedCashoutRates(parts: ReadonlyArray<readonly CashoutRateVersion[]>): CashoutRateVersion[] {
  const byId = new Map<string, CashoutRateVersion>();
  for (const version of parts.flat()) {
    const known = byId.get(version.id);
    if (!known || known.status === 'PROPOSED') byId.set(version.id, version);
  }
  return [...byId.values()];
}
