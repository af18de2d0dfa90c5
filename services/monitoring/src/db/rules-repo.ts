import type { Pool, PoolClient } from '@coin/db';
import { presetRules, type Rule } from '../domain/rules';

/** The rules as deployed: the presets, each replaced by its stored tuning, then the stored new rules. */
export async function loadRules(db: Pool | PoolClient): Promise<Rule[]> {
  const r = await db.query<{ id: string; definition: Rule }>(`SELECT id, definition FROM monitoring_rules ORDER BY id`);
  const stored = new Map(r.rows.map((row) => [row.id, row.definition]));
  const rules = presetRules.map((preset) => stored.get(preset.id) ?? preset);
  for (const [id, rule] of stored) if (!presetRules.some((preset) => preset.id === id)) rules.push(rule);
  return rules;
}

/** Saves a rule as deployed; `by` is the ADMIN+ who changed it, null for the service itself (a pause). */
export async function saveRule(client: PoolClient, rule: Rule, by: number | null): Promise<void> {
  await client.query(
    `INSERT INTO monitoring_rules (id, definition, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [rule.id, JSON.stringify(rule), by],
  );
}

/** Moves an ACTIVE rule to TEST, as the service itself; answers the rule as it was, or null when it was not ACTIVE. */
export async function pauseRule(client: PoolClient, ruleId: string): Promise<Rule | null> {
  const rule = (await loadRules(client)).find((r) => r.id === ruleId);
  if (rule?.mode !== 'ACTIVE') return null;
  await saveRule(client, { ...rule, mode: 'TEST' }, null);
  return rule;
}
