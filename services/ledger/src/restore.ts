import type { PoolClient } from '@coin/db';
import { readOwedCreditLegs } from './db/owed-credit-legs';
import { owedOverShards } from './db/settled-elsewhere';
import type { CreditLeg } from './domain/ledger';
import { creditLegCommand, type CreditCommand } from './domain/batch';

/**
 * After a restore (docs/operations/procedures.md "Restoring from a backup"): the `ledger.credit` commands
 * that pay what the restored ledger owes, each with the command id of the leg its debit sent
 * (scripts/restore-rewind.ts sends them to ledger.internal). The legs on ledger.internal are not
 * replayed instead: the restore lost the transactions of some of them, and their ids are handed
 * out again by the restored sequence, so such a leg would credit another transaction's id.
 */
export async function owedCreditLegCommands(
  db: Pick<PoolClient, 'query'> | readonly Pick<PoolClient, 'query'>[],
  now: Date,
): Promise<CreditCommand[]> {
  // Over several shards (docs/design/ledger.md "Shards"), every shard restored to the same point: what one
  // shard owes, less what another shard credited or returned of it (a leg crosses shards).
  const shards = Array.isArray(db) ? db : [db as Pick<PoolClient, 'query'>];
  const owed: CreditLeg[] = [];
  for (const [shard, shardDb] of shards.entries()) owed.push(...(await owedOverShards(shards, shard, await readOwedCreditLegs(shardDb))));
  return owed.map((leg) => creditLegCommand(leg, now));
}
