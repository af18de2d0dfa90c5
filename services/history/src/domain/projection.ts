import { coinsToMinorUnits, type Transaction } from '@coin/contracts';

export type PartyKind = 'user' | 'treasury';

export interface Party {
  kind: PartyKind;
  id: string;
}

/** The transaction as the projection stores it: amount in integer minor units. */
export interface ProjectedTransaction {
  id: number;
  type: Transaction['type'];
  amountMinor: number;
  fromUserId: number | null;
  toUserId: number | null;
  fromTreasury: Transaction['fromTreasury'];
  toTreasury: Transaction['toTreasury'];
  reason: string;
  reference: string | null;
  refundOf: number | null;
  createdAt: string;
}

/** Every party whose history shows the transaction: a transfer shows in both users' histories. */
export function partiesOf(t: Pick<Transaction, 'fromUserId' | 'toUserId' | 'fromTreasury' | 'toTreasury'>): Party[] {
  const parties: Party[] = [];
  if (t.fromUserId !== null) parties.push({ kind: 'user', id: String(t.fromUserId) });
  if (t.toUserId !== null && t.toUserId !== t.fromUserId) parties.push({ kind: 'user', id: String(t.toUserId) });
  if (t.fromTreasury !== null) parties.push({ kind: 'treasury', id: t.fromTreasury });
  if (t.toTreasury !== null && t.toTreasury !== t.fromTreasury) parties.push({ kind: 'treasury', id: t.toTreasury });
  return parties;
}

/**
 * Why a transaction that passed the schema still cannot be projected, or null when it can. Such
 * a message would fail forever in the database and block its partition, so it is a poison
 * message: it goes to the dead-letter topic instead.
 */
export function unprojectableReason(t: Transaction): string | null {
  if (coinsToMinorUnits(t.amount) === null) return 'transaction.amount: not a valid amount of coins';
  if (partiesOf(t).length === 0) return 'transaction: has neither a sender nor a receiver';
  return null;
}

export function toProjected(t: Transaction): ProjectedTransaction {
  const amountMinor = coinsToMinorUnits(t.amount);
  if (amountMinor === null) throw new Error(`transaction ${t.id} has an invalid amount; validate before projecting`);
  return {
    id: t.id,
    type: t.type,
    amountMinor,
    fromUserId: t.fromUserId,
    toUserId: t.toUserId,
    fromTreasury: t.fromTreasury,
    toTreasury: t.toTreasury,
    reason: t.reason,
    reference: t.reference,
    refundOf: t.refundOf,
    createdAt: t.createdAt,
  };
}
