import type { PoolClient } from '@coin/db';

export interface StoredOutcome {
  ok: boolean;
  reply: unknown;
}

export async function findOutcome(client: PoolClient, commandId: string): Promise<StoredOutcome | null> {
  const result = await client.query<StoredOutcome>('SELECT ok, reply FROM processed_commands WHERE command_id = $1', [commandId]);
  return result.rows[0] ?? null;
}

export async function storeOutcome(client: PoolClient, commandId: string, type: string, outcome: StoredOutcome): Promise<void> {
  await client.query('INSERT INTO processed_commands (command_id, type, ok, reply) VALUES ($1, $2, $3, $4)', [
    commandId,
    type,
    outcome.ok,
    JSON.stringify(outcome.reply),
  ]);
}
