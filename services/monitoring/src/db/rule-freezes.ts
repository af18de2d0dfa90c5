import type { PoolClient } from '@coin/db';

/** The automatic freezes each rule asked for in the last hour (docs/design/monitoring.md "Freezes"), by rule. */
export async function freezesInLastHour(client: PoolClient, ruleIds: readonly string[]): Promise<Map<string, number>> {
  if (ruleIds.length === 0) return new Map();
  const r = await client.query<{ rule_id: string; n: number }>(
    `SELECT rule_id, count(*)::int AS n FROM monitoring_rule_freezes
      WHERE rule_id = ANY($1::text[]) AND frozen_at > now() - interval '1 hour'
      GROUP BY rule_id`,
    [ruleIds],
  );
  return new Map(r.rows.map((row) => [row.rule_id, row.n]));
}

/** Counts a case's freeze against each rule whose hits asked for it. */
export async function recordRuleFreezes(client: PoolClient, ruleIds: readonly string[], caseId: string, wallet: string): Promise<void> {
  await client.query(
    `INSERT INTO monitoring_rule_freezes (rule_id, case_id, wallet) SELECT unnest($1::text[]), $2, $3 ON CONFLICT DO NOTHING`,
    [ruleIds, caseId, wallet],
  );
}

/**
 * The freezes one lift lists at most: each is named in the lift's audit records, whose lists hold
 * 50, and each is a ledger command of the request. At the default bound (20 a rule an hour) that
 * is over two hours of a runaway rule; a longer backlog is lifted by asking again.
 */
export const freezeLiftMax = 50;

/** A rule's automatic freezes the ledger was asked for and no lift has lifted, oldest first, at most `limit`. */
export async function liftableFreezes(client: PoolClient, ruleId: string, limit: number): Promise<{ caseId: string; wallet: string }[]> {
  const r = await client.query<{ case_id: string; wallet: string }>(
    `SELECT f.case_id, f.wallet FROM monitoring_rule_freezes f JOIN monitoring_cases c ON c.id = f.case_id
      WHERE f.rule_id = $1 AND f.lifted_at IS NULL AND c.freeze_outcome = 'requested'
      ORDER BY f.frozen_at, f.case_id LIMIT $2`,
    [ruleId, limit],
  );
  return r.rows.map((row) => ({ caseId: row.case_id, wallet: row.wallet }));
}

/** Marks the freezes of these cases lifted, under every rule that counted them. */
export async function markFreezesLifted(client: PoolClient, caseIds: readonly string[]): Promise<void> {
  await client.query(`UPDATE monitoring_rule_freezes SET lifted_at = now() WHERE case_id = ANY($1::uuid[]) AND lifted_at IS NULL`, [
    caseIds,
  ]);
}
