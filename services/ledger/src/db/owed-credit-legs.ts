import { transactionType, treasuryCode, treasuryOf, type Party } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { CreditLeg } from '../domain/ledger';
import { owedTransactionsSql } from './supply-reads';

type Queryable = Pick<PoolClient, 'query'>;

/** A transaction owing its credit leg, as readOwedCreditLegs reads it. */
export interface OwedLegRow {
  id: number | string;
  owed: number | string;
  type: string;
  from_user_id: number | string | null;
  from_treasury: string | null;
  to_user_id: number | string | null;
  to_treasury: string | null;
  returns: number | string | null;
  /** The client the transaction was made for (a clawback: its purchase's): in the sandbox, the owner of its treasury. */
  owner?: string | null;
}

// A treasury code is checked as any command's is: the leg built from it is sent as a command. In
// the sandbox it is the test-mode client's own (docs/decisions/0018-sandbox.md "Treasuries of each
// test client's own"), the client its transaction was made for.
const partyOf = (userId: number | string | null, treasury: string | null, owner: string | null | undefined): Party | null =>
  userId !== null ? { kind: 'user', userId: Number(userId) } : treasury !== null ? treasuryOf(treasuryCode.parse(treasury), owner) : null;

/**
 * The credit legs the ledger owes, as the legs the apply made when it committed each debit: the
 * same selection as the audit's legs in flight (readOpenCreditLegs), with the parties, so a leg can
 * be sent again after a restore (docs/operations/procedures.md "Restoring from a backup"). Its command id is
 * derived from the transaction and the wallet, so a copy of the original credits once.
 */
export async function readOwedCreditLegs(db: Queryable): Promise<CreditLeg[]> {
  const result = await db.query<OwedLegRow>(
    owedTransactionsSql(
      `t.type, t.from_user_id, t.from_treasury, t.to_user_id, t.to_treasury, t.returns,
       coalesce(t.client_id, (SELECT p.client_id FROM transactions p WHERE p.id = t.split_of)) AS owner`,
    ),
  );
  return result.rows.map(creditLegOfRow);
}

/**
 * The leg a transaction owes: to its recipient, returning to its sender, except a return's own leg
 * (a TRANSFER back from a closed wallet), which returns to nobody, as the apply makes them.
 */
export function creditLegOfRow(row: OwedLegRow): CreditLeg {
  const to = partyOf(row.to_user_id, row.to_treasury, row.owner);
  if (!to) throw new Error(`transaction ${row.id} owes a credit leg but names no recipient`);
  return {
    transactionId: Number(row.id),
    transactionType: transactionType.parse(row.type),
    to,
    amount: Number(row.owed),
    returnTo: row.returns === null ? partyOf(row.from_user_id, row.from_treasury, row.owner) : null,
  };
}
