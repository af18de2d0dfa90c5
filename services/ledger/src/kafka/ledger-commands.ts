import { type LedgerCommand } from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { replyAddressOf, replyBodyOf, sendReply, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { findWalletByUser, openUserWallets } from '../db/wallets-repo';
import { toWallet } from '../domain/wallets';

export interface LedgerCommandDeps {
  pool: Pool;
  producer: BatchingProducer;
  logger: Logger;
  xafRate?: number | undefined;
}

interface Outcome {
  ok: boolean;
  reply: unknown;
}

async function storedOutcomes(client: PoolClient, commandIds: string[]): Promise<Map<string, Outcome>> {
  const result = await client.query<{ command_id: string; ok: boolean; reply: unknown }>(
    'SELECT command_id, ok, reply FROM processed_commands WHERE command_id = ANY($1::uuid[])',
    [commandIds],
  );
  return new Map(result.rows.map((r) => [r.command_id, { ok: r.ok, reply: r.reply }]));
}

async function storeOutcomes(client: PoolClient, outcomes: Array<{ commandId: string; type: string; outcome: Outcome }>) {
  if (outcomes.length === 0) return;
  await client.query(
    `INSERT INTO processed_commands (command_id, type, ok, reply)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::bool[], $4::jsonb[])`,
    [
      outcomes.map((o) => o.commandId),
      outcomes.map((o) => o.type),
      outcomes.map((o) => o.outcome.ok),
      outcomes.map((o) => JSON.stringify(o.outcome.reply)),
    ],
  );
}

/**
 * Applies one partition's batch in one database transaction: commands already processed get
 * their stored outcome back; the rest are applied in offset order and their outcomes stored
 * with their effects. Replies go out only after the commit.
 */
export function handleLedgerCommands(deps: LedgerCommandDeps) {
  return async (items: Delivered<LedgerCommand>[]): Promise<void> => {
    const outcomes = await inTransaction(deps.pool, async (client) => {
      const known = await storedOutcomes(client, items.map((i) => i.value.commandId));
      const fresh: Array<{ commandId: string; type: string; outcome: Outcome }> = [];
      const result = new Map<string, Outcome>(known);
      for (const { value: command } of items) {
        if (result.has(command.commandId)) continue;
        switch (command.type) {
          case 'ledger.open-wallet': {
            await openUserWallets(client, [command.data.userId]);
            const row = await findWalletByUser(client, command.data.userId);
            const outcome = { ok: true, reply: { wallet: row ? toWallet(row, deps.xafRate) : null } };
            fresh.push({ commandId: command.commandId, type: command.type, outcome });
            result.set(command.commandId, outcome);
            break;
          }
        }
      }
      await storeOutcomes(client, fresh);
      return result;
    });
    await Promise.all(
      items.map((item) => {
        const address = replyAddressOf(item.headers);
        const outcome = outcomes.get(item.value.commandId);
        return address && outcome ? sendReply(deps.producer, address, replyBodyOf(item.value.commandId, outcome)) : undefined;
      }),
    );
  };
}
