import {
  creditsLegsMax,
  headerNames,
  ledgerCommandMessage,
  minorUnitsToCoins,
  partyColumns,
  type BalanceChanged,
  type CoinApprovalEvent,
  type CoinApprovalEventV2,
  type CoinPayoutApprovalEvent,
  type TopicNames,
  type TransactionRecorded,
  walletKeyOf,
} from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { clawbackLegCommand, creditLegCommand, creditsLegCommand } from '../domain/batch';
import type { ApprovalChange } from '../domain/approvals';
import type { BalanceChange, ClawbackLeg, CreditLeg, NewTransaction } from '../domain/ledger';
import { approvedWithoutTransaction, holdsPayout } from '../domain/commands/approvable';
import { approvalView, payoutApprovalView } from '../views/approval-view';
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

/** The event id of a wallet's balance change: its wallet and sequence name it, on every publish and in every read of it. */
export function balanceChangeEventId(walletKey: string, sequence: number): string {
  return uuidV5(`coin.balance.changed:${walletKey}:${sequence}`);
}

/** The coin.balance.changed event of one balance change (the internal read rebuilds the same from the entry). */
export function balanceChangedEvent(change: BalanceChange, at: Date): BalanceChanged {
  const { userId, treasury } = partyColumns(change.party);
  return {
    eventId: balanceChangeEventId(change.walletKey, change.sequence),
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

/** The event id of an approval request's change: the same on every publish of it. */
export function approvalEventId(change: ApprovalChange): string {
  return uuidV5(`coin.approval.${change.event}:${change.approval.id}`);
}

/**
 * The events of an approval request's change, keyed by its id: on coin.approvals.v2 always, and on
 * coin.approvals (version 1, the same eventId) too while its command is one version 1 can carry
 * (MINT, BURN, REFUND; docs/EVENTS.md "Versioning policy").
 */
export function approvalEventMessages(topics: TopicNames, change: ApprovalChange): OutboxBatchMessage[] {
  if (holdsPayout(change.approval.command)) return [payoutApprovalEventMessage(topics, change)];
  // A cash-out's reversal and a commission change are no Approvals (no command.type value for them;
  // a new one breaks consumers): the admin audit log records their request and approval, coin.holds
  // a reversal's release.
  if (approvedWithoutTransaction(change.approval.command)) return [];
  const approval = approvalView(change.approval);
  const envelope = {
    eventId: approvalEventId(change),
    type: `coin.approval.${change.event}`,
    occurredAt: change.approval.updatedAt.toISOString(),
  } as const;
  const message = (event: CoinApprovalEvent | CoinApprovalEventV2) => ({
    key: change.approval.id,
    headers: { [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  });
  const v2: OutboxBatchMessage = { topic: topics.coinApprovalsV2, ...message({ ...envelope, version: 2, approval }) };
  const { command } = approval;
  if (command.type === 'REWARD') return [v2];
  const v1: CoinApprovalEvent = { ...envelope, version: 1, approval: { ...approval, command: { ...command, type: command.type } } };
  return [{ topic: topics.coinApprovals, ...message(v1) }, v2];
}

/** The event id of a payout request's change: the same on every publish of it (its own namespace, not an approval's). */
export function payoutApprovalEventId(change: ApprovalChange): string {
  return uuidV5(`coin.payout-approval.${change.event}:${change.approval.id}`);
}

/**
 * The event of a change of a request holding a person's payout, keyed by its id: on
 * coin.payout-approvals only (an Approval of coin.approvals(.v2) shows one recipient and a closed
 * enum of commands; docs/EVENTS.md "coin.payout-approvals").
 */
export function payoutApprovalEventMessage(topics: TopicNames, change: ApprovalChange): OutboxBatchMessage {
  const event: CoinPayoutApprovalEvent = {
    eventId: payoutApprovalEventId(change),
    type: `coin.payout-approval.${change.event}`,
    version: 1,
    occurredAt: change.approval.updatedAt.toISOString(),
    payoutApproval: payoutApprovalView(change.approval),
  };
  return {
    topic: topics.coinPayoutApprovals,
    key: change.approval.id,
    headers: { [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  };
}
