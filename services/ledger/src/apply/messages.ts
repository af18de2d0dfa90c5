import {
  creditsLegsMax,
  headerNames,
  ledgerCommandMessage,
  minorUnitsToCoins,
  ownTreasuryOfKey,
  partyColumns,
  type BalanceChanged,
  type TopicNames,
  type TransactionRecorded,
  walletKeyOf,
} from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { clawbackLegCommand, creditLegCommand, creditsLegCommand } from '../domain/batch';
import type { BalanceChange, ClawbackLeg, CreditLeg, NewTransaction } from '../domain/ledger';
import { decidedTransactionView } from '../views/transaction-view';
import type { OutboxBatchMessage } from './store';

/** The event id of a transaction: the same on every publish of it (consumers deduplicate on it). */
export function transactionEventId(transactionId: number): string {
  return uuidV5(`coin.transaction.recorded:${transactionId}`);
}

/** The coin.transactions event of a decided transaction (docs/CONTRACT.md "Events"), serialised once: the outbox stores the text it publishes. */
export function transactionEventMessage(
  topics: TopicNames,
  transaction: NewTransaction,
  headers?: Record<string, string>,
): OutboxBatchMessage {
  const event: TransactionRecorded = {
    eventId: transactionEventId(transaction.id),
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: transaction.createdAt.toISOString(),
    transaction: decidedTransactionView(transaction),
    ...(transaction.splitOf && transaction.splitTreasury ? { splitTreasury: transaction.splitTreasury } : {}),
  };
  return {
    topic: topics.coinTransactions,
    key: String(transaction.id),
    // The caller's headers are stored with the message: a publish by the sweeper carries them too.
    headers: { ...headers, [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  };
}

const balanceChangedType = 'coin.balance.changed';
const balanceChangedHeaders: Readonly<Record<string, string>> = { [headerNames.type]: balanceChangedType };

/**
 * The event id of a wallet's balance change: its wallet and sequence name it, on every publish and
 * in every read of it. A test-mode client's own sandbox treasury is named by its wallet's id too:
 * its reset retires the wallet and the next one under the key counts its sequence from 1 again.
 */
export function balanceChangeEventId(walletKey: string, sequence: number, walletId?: string): string {
  if (walletId !== undefined && ownTreasuryOfKey(walletKey)) return uuidV5(`coin.balance.changed:${walletKey}#${walletId}:${sequence}`);
  return uuidV5(`coin.balance.changed:${walletKey}:${sequence}`);
}

/** The coin.balance.changed event of one balance change (the internal read rebuilds the same from the entry). */
export function balanceChangedEvent(change: BalanceChange, at: Date): BalanceChanged {
  const { userId, treasury } = partyColumns(change.party);
  return {
    eventId: balanceChangeEventId(change.walletKey, change.sequence, change.walletId),
    type: balanceChangedType,
    version: 1,
    occurredAt: at.toISOString(),
    wallet: { userId, treasury },
    sequence: change.sequence,
    balance: minorUnitsToCoins(change.balance),
    previousBalance: minorUnitsToCoins(change.previousBalance),
    transactionId: change.transactionId,
    transactionType: change.transactionType,
  };
}

/**
 * The coin.balances message of one balance change, keyed by the wallet so its changes stay in
 * order. Two per transfer on the apply's path, so the headers object is shared when the caller
 * adds none (nothing mutates an outbox message).
 */
export function balanceChangedMessage(
  topics: TopicNames,
  change: BalanceChange,
  at: Date,
  headers?: Record<string, string>,
): OutboxBatchMessage {
  return {
    topic: topics.coinBalances,
    key: change.walletKey,
    headers: headers ? { ...headers, ...balanceChangedHeaders } : (balanceChangedHeaders as Record<string, string>),
    payload: JSON.stringify(balanceChangedEvent(change, at)),
  };
}

/**
 * A credit leg travels as a `ledger.credit` command under the credited wallet's key, on
 * ledger.internal (which only the ledger may write), so that wallet's partition applies it.
 */
export function creditLegMessage(topics: TopicNames, leg: CreditLeg, now: Date): OutboxBatchMessage {
  const message = ledgerCommandMessage(creditLegCommand(leg, now));
  return { topic: topics.ledgerInternal, key: message.key, headers: message.headers, payload: message.value };
}

/**
 * The credit legs of multi-line commands (a payout's lines) bound for one partition travel
 * together, as one `ledger.credits` command per partition (at most creditsLegsMax legs each),
 * keyed by its first leg's wallet; a partition with a single leg gets its `ledger.credit`, and
 * every other leg travels alone as before. Without `partitionOf` (the ledger's partition count
 * unknown) every leg travels alone.
 */
export function creditMessages(
  topics: TopicNames,
  legs: CreditLeg[],
  now: Date,
  grouped: (leg: CreditLeg) => boolean,
  partitionOf?: (walletKey: string) => number,
): OutboxBatchMessage[] {
  const messages: OutboxBatchMessage[] = [];
  const byPartition = new Map<number, CreditLeg[]>();
  for (const leg of legs) {
    if (!partitionOf || !grouped(leg)) {
      messages.push(creditLegMessage(topics, leg, now));
      continue;
    }
    const partition = partitionOf(walletKeyOf(leg.to));
    const group = byPartition.get(partition);
    if (group) group.push(leg);
    else byPartition.set(partition, [leg]);
  }
  for (const group of byPartition.values()) {
    for (let start = 0; start < group.length; start += creditsLegsMax) {
      const chunk = group.slice(start, start + creditsLegsMax);
      if (chunk.length === 1) {
        messages.push(creditLegMessage(topics, chunk[0]!, now));
        continue;
      }
      const message = ledgerCommandMessage(creditsLegCommand(chunk, now));
      messages.push({ topic: topics.ledgerInternal, key: message.key, headers: message.headers, payload: message.value });
    }
  }
  return messages;
}

/** A clawback travels like a credit leg: on ledger.internal, under the affiliate's wallet key. */
export function clawbackMessage(topics: TopicNames, leg: ClawbackLeg, now: Date): OutboxBatchMessage {
  const message = ledgerCommandMessage(clawbackLegCommand(leg, now));
  return { topic: topics.ledgerInternal, key: message.key, headers: message.headers, payload: message.value };
}
