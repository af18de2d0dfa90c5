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
