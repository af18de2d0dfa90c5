import type { PoolClient } from '@coin/db';
import { readOwedCreditLegs } from './db/owed-credit-legs';
import { creditLegCommand, type CreditCommand } from './domain/batch';

/**
 * After a restore (docs/OPERATIONS.md "Restoring from a backup"): the `ledger.credit` commands
 * that pay what the restored ledger owes, each with the command id of the leg its debit sent
 * (scripts/restore-rewind.ts sends them to ledger.internal). The legs on ledger.internal are not
 * replayed instead: the restore lost the transactions of some of them, and their ids are handed
 * out again by the restored sequence, so such a leg would credit another transaction's id.
 */
export async function owedCreditLegCommands(db: Pick<PoolClient, 'query'>, now: Date): Promise<CreditCommand[]> {
  return (await readOwedCreditLegs(db)).map((leg) => creditLegCommand(leg, now));
}
