import type { PoolClient } from '@coin/db';
import type { StoredOutcome } from '../apply/store';

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

/**
 * Stores the outcome of a command the consumer set aside, unless one is stored already, and
 * returns the outcome that stands: a redelivery or a retry with the same id gets the same answer.
 */
export async function storeSetAsideOutcome(
  db: Pick<PoolClient, 'query'>,
  commandId: string,
  type: string,
  reply: unknown,
): Promise<StoredOutcome> {
  const result = await db.query<StoredOutcome>(
    `WITH inserted AS (
       INSERT INTO processed_commands (command_id, type, ok, reply) VALUES ($1, $2, false, $3)
       ON CONFLICT (command_id) DO NOTHING
       RETURNING ok, reply)
     SELECT ok, reply FROM inserted
     UNION ALL
     SELECT ok, reply FROM processed_commands WHERE command_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
    [commandId, type, JSON.stringify(reply)],
  );
  return result.rows[0]!;
}
