import { transactionRowOf, treasuryEntryIdOf, type Transaction, type TransactionRow } from '@coin/contracts';

export type PartyKind = 'user' | 'treasury';

/** A party as `history_entries` keys it: its kind, and the user id or treasury code as text. */
export interface PartyKey {
  kind: PartyKind;
  id: string;
}

/**
 * Every party whose history shows the transaction: a transfer shows in both users' histories. A
 * treasury is keyed by its entry id (treasuryEntryIdOf): in the sandbox, a test-mode client's
 * transaction moves that client's own treasury (`<CODE>@<clientId>`), never the shared one.
 */
export function partiesOf(
  row: Pick<TransactionRow, 'from_user_id' | 'to_user_id' | 'from_treasury' | 'to_treasury' | 'client_id'>,
): PartyKey[] {
  const parties: PartyKey[] = [];
  if (row.from_user_id !== null) parties.push({ kind: 'user', id: String(row.from_user_id) });
  if (row.to_user_id !== null && row.to_user_id !== row.from_user_id) parties.push({ kind: 'user', id: String(row.to_user_id) });
  if (row.from_treasury !== null) parties.push({ kind: 'treasury', id: treasuryEntryIdOf(row.from_treasury, row.client_id) });
  if (row.to_treasury !== null && row.to_treasury !== row.from_treasury)
    parties.push({ kind: 'treasury', id: treasuryEntryIdOf(row.to_treasury, row.client_id) });
  return parties;
}

export type Projection = { ok: true; row: TransactionRow } | { ok: false; reason: string };

/**
 * The row history stores for a transaction of the event (or of the ledger's record): the one
 * place where history turns the contract's coins into the minor units it keeps from there on.
 * A transaction that passed the schema but has no such row (an amount that is not a valid amount
 * of coins, a time that is not a time, no party) would fail forever in the database and block
 * its partition: it is refused here with the reason, and the consumer dead-letters it.
 */
export function projectionOf(transaction: Transaction): Projection {
  const row = transactionRowOf(transaction);
  if (row === null) return { ok: false, reason: 'amount is not a valid amount of coins, or createdAt is not a time' };
  if (partiesOf(row).length === 0) return { ok: false, reason: 'has neither a sender nor a receiver' };
  return { ok: true, row };
}
