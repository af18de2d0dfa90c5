import type { LedgerCommand, TopicNames } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { creditOwnLegs, runBatch, type BatchStep } from '../domain/batch';
import {
  kindKeysOfBatch,
  transactionIdsOf,
  type Accepted,
  type CreditLeg,
  type LedgerPolicy,
  type LedgerState,
  type NewTransaction,
} from '../domain/ledger';
import { erasedKindWrites, kindStatesOf, kindWritesOf, recordAnswerInKinds } from '../domain/kinds/loops';
import { isKindEffect, kindModule } from '../domain/kinds/table';
import { transactionRowOf } from '../views/transaction-view';
import { requestToLoadFirst, withStoredRequest } from '../domain/approvals';
import { balanceChangedMessage, clawbackMessage, creditMessages, transactionEventMessage } from './messages';
import { auditEventMessage, auditRecordOf, decidedRefusalRecordOf, refusalEventMessage } from './audit-records';
import { outcomeOf, replyViews, type Outcome } from './outcomes';
import {
  emptyBatchWrite,
  emptyReadRequest,
  type BatchRead,
  type BatchWrite,
  type LedgerStore,
  type OutboxBatch,
  type OutboxBatchMessage,
} from './store';
import { TransactionIds } from './transaction-ids';

/**
 * The ledger's use case: apply a batch of commands (the partition batches one apply merges) in
 * two round trips. One read loads what the commands need; the commands are decided in offset
 * order in memory (domain/), then the credit legs this apply may credit itself; one write stores
 * wallets, transactions, entries, outcomes and outbox messages atomically. The redo of a lost
 * race is apply-commands.ts; Kafka, traces and metrics live in the adapter (kafka/ledger-commands.ts),
 * SQL in the store (db/batch-store.ts).
 */

export interface ApplyContext {
  now: Date;
  topics: TopicNames;
  xafRate?: number | undefined;
  /**
   * Whether this apply holds the partition of a wallet: its credit legs are then credited here
   * instead of travelling through Kafka (creditOwnLegs).
   */
  owns: (walletKey: string) => boolean;
  /**
   * The partition of a wallet's key: a payout's credit legs bound for one partition then travel
   * as one ledger.credits command (apply/messages.ts creditMessages). Absent: each leg alone.
   */
  partitionOf?: (walletKey: string) => number;
  /** Spending-limit defaults and hold expiry (the ledger's configuration); the domain's defaults when absent. */
  policy?: LedgerPolicy;
  /**
   * The request id an admin audit record of the command names (record data: the `requestId`
   * field of docs/EVENTS.md "admin.audit"); null in the record when absent.
   */
  auditRequestIdOf?: (commandId: string) => string | undefined;
  /** The keyed derivation of audit record ids (AuditContext.idOf). */
  auditRecordIdOf?: (name: string) => string;
  /**
   * Headers the caller adds to the events a command causes (its transactions, holds and balance
   * changes), stored with them in the outbox: the use case passes them on unread. None when absent.
   */
  eventHeadersOf?: (commandId: string) => Record<string, string> | undefined;
}

export interface AppliedBatch {
  /** One per command, in the order given. */
  outcomes: Outcome[];
  /** The batch's outbox row; null when it produced no messages. */
  outbox: OutboxBatch | null;
  /** Outcomes stored by this apply (a redelivered command is answered from its stored one). */
  applied: number;
  /** Credit legs applied in this apply instead of travelling. */
  creditedInPlace: number;
}

export async function applyBatch(store: LedgerStore, sent: LedgerCommand[], context: ApplyContext): Promise<AppliedBatch> {
  // Approves and rejects naming only their request: what they read follows from the stored command.
  const commands = await withStoredRequests(store, sent);
  const kindKeys = kindKeysOfBatch(commands);
  // One id per transaction a command may create (a payout: one per line; a returned credit leg counts its own when it happens).
  let idsToReserve = commands.reduce((ids, command) => ids + transactionIdsOf(command), 0);
  for (;;) {
    const read = await store.read({ kindKeys, idsToReserve });
    const decided = decideBatch(read, commands, context);
    if ('idsShortBy' in decided) {
      // Redone from a fresh read with more ids reserved: the run above is void (see TransactionIds).
      idsToReserve += decided.idsShortBy;
      continue;
    }
    const outboxId = await store.write(decided.write);
    return {
      outcomes: decided.outcomes,
      outbox: outboxId === null ? null : { id: outboxId, messages: decided.write.outbox },
      applied: decided.write.kinds?.processedCommands?.length ?? 0,
      creditedInPlace: decided.creditedInPlace,
    };
  }
}

/**
 * The batch with each approve or reject that names only its request completed with the command
 * the request stores (domain/approvals.ts withStoredRequest): the first of two reads, made only
 * when the batch holds one (docs/decisions/0005), of nothing but those requests, by their keys of
 * the kind `approvals` (domain/kinds/approvals.ts), as the batch read takes them. The main read
 * loads the request again, with what its command reads, and the decision compares the two.
 */
async function withStoredRequests(store: LedgerStore, commands: LedgerCommand[]): Promise<LedgerCommand[]> {
  const requestIds = [...new Set(commands.flatMap((command) => requestToLoadFirst(command) ?? []))];
  if (requestIds.length === 0) return commands;
  const { kinds } = await store.read({ ...emptyReadRequest, kindKeys: { approvals: requestIds } });
  return commands.map((command) => withStoredRequest(command, kinds?.approvals));
}

export interface DecidedBatch {
  outcomes: Outcome[];
  write: BatchWrite;
  creditedInPlace: number;
}

/**
 * Decides a batch against what was read and turns the decisions into one write. Pure. When the
 * run needs more transaction ids than were reserved, it is void: only the shortfall is returned.
 */
export function decideBatch(read: BatchRead, commands: LedgerCommand[], context: ApplyContext): DecidedBatch | { idsShortBy: number } {
  const { now } = context;
  const state: LedgerState = {
    ...kindStatesOf(read.kinds),
    ...(read.revokedClients ? { revokedClients: read.revokedClients } : {}),
  };
  const ids = new TransactionIds(read.reservedIds);
  const steps = runBatch(state, commands, now, ids.take, context.policy);
  const { creditSteps, legsToPublish } = creditOwnLegs(state, steps, context.owns, now, ids.take);
  if (ids.shortBy > 0) return { idsShortBy: ids.shortBy };
  const { outcomes, write } = writeOf(state, steps, creditSteps, legsToPublish, context);
  write.kinds = kindWritesOf(read.kinds, state);
  eraseCashoutAccounts(write, steps);
  return { outcomes, write, creditedInPlace: creditSteps.length };
}

/** What the write of a decided batch gathers while it walks the steps. */
interface WriteInProgress {
  write: BatchWrite;
  state: LedgerState;
  context: ApplyContext;
}

/** The write of a decided batch: every effect of its accepted decisions, and the outcome of every command. */
function writeOf(
  state: LedgerState,
  steps: BatchStep[],
  creditSteps: BatchStep[],
  legs: CreditLeg[],
  context: ApplyContext,
): { outcomes: Outcome[]; write: BatchWrite } {
  const into: WriteInProgress = {
    write: emptyBatchWrite(),
    state,
    context,
  };
  const outcomes: Outcome[] = [];
  for (const step of steps) outcomes.push(stepOutcome(into, step, outcomes));
  // Inline credits store no outcome: no one sent them, and no copy of them is ever published.
  for (const step of creditSteps) if (step.kind === 'decided') recordEffects(into, step);
  const { write } = into;
  write.outbox.push(...legMessagesOf(steps, legs, context));
  return { outcomes, write };
}

/**
 * A step's outcome; a decided one is recorded with the kinds that keep every answer (the processed
 * commands: it is stored) and with its effects and its audit record (`outcomes`: those of the steps before it).
 */
function stepOutcome(into: WriteInProgress, step: BatchStep, outcomes: readonly Outcome[]): Outcome {
  const { context } = into;
  if (step.kind === 'stored') return { ok: step.outcome.ok, reply: step.outcome.reply, replayed: true };
  if (step.kind === 'reused') return { ok: false, reply: step.error };
  if (step.kind === 'repeat') return { ...outcomes[step.of]!, replayed: true };
  // A dry run is answered as it would be and leaves nothing: no stored outcome, effect, audit or event.
  if (step.kind === 'dry') return { ...outcomeOf({ ...step, kind: 'decided', requestHash: null }, context.xafRate), dryRun: true };
  const { write } = into;
  const outcome = outcomeOf(step, context.xafRate);
  recordAnswerInKinds(into.state, { command: step.command, ok: outcome.ok, reply: outcome.reply, requestHash: step.requestHash });
  recordEffects(into, step);
  // An administrative command (applied or rejected) is recorded once, with its outcome; any
  // other command refused for want of authority, as a refusal.
  const auditContext = {
    at: context.now,
    requestId: context.auditRequestIdOf?.(step.command.commandId) ?? null,
    ...(context.auditRecordIdOf ? { idOf: context.auditRecordIdOf } : {}),
  };
  const audit = auditRecordOf(step, auditContext);
  if (audit) write.outbox.push(auditEventMessage(context.topics, audit));
  const refusal = audit ? null : decidedRefusalRecordOf(step, auditContext);
  if (refusal) write.outbox.push(refusalEventMessage(context.topics, refusal));
  return outcome;
}

/** A decided transaction: its row and its coin.transactions event. */
function recordTransaction(into: WriteInProgress, transaction: NewTransaction, commandId: string): void {
  if (!(transaction.id > 0)) throw new InvariantViolation(`transaction without a reserved id (${transaction.id})`);
  into.write.transactions.push({
    row: transactionRowOf(transaction),
    returns: transaction.returns,
    holdId: transaction.holdId,
    approval: transaction.approval,
    commandId,
  });
  into.write.outbox.push(transactionEventMessage(into.context.topics, transaction, into.context.eventHeadersOf?.(commandId)));
}

/** Every effect of an accepted decision: its transactions, its kinds' messages, clawbacks and balance changes (its entries). */
function recordEffects(into: WriteInProgress, step: Extract<BatchStep, { kind: 'decided' }>): void {
  const { decision } = step;
  if (!decision.ok) return;
  const { write, context } = into;
  const { now } = context;
  if (decision.transaction) recordTransaction(into, decision.transaction, step.command.commandId);
  // A payout's lines are transactions of one command, each written like a single movement's one.
  for (const transaction of decision.lineTransactions) recordTransaction(into, transaction, step.command.commandId);
  queueEffectMessages(decision, write.outbox, context, step.command.commandId);
  for (const leg of decision.clawbacks ?? []) write.outbox.push(clawbackMessage(context.topics, leg, now));
  // Each entry is one balance change of its wallet: numbered, with the balance it left, and published.
  const eventHeaders = context.eventHeadersOf?.(step.command.commandId);
  for (const change of step.changes) {
    const { walletKey, transactionId, amount, sequence, balance } = change;
    const walletId = into.state.wallets.get(walletKey)!.id;
    write.entries.push({ transactionId, walletKey, amount, walletId, createdAt: now, sequence, balanceAfter: balance });
    write.outbox.push(balanceChangedMessage(context.topics, change, now, eventHeaders));
  }
}

/** The legs that travel, as messages: a multi-line command's (a payout's lines) one command per partition. */
function legMessagesOf(steps: BatchStep[], legs: CreditLeg[], context: ApplyContext): OutboxBatchMessage[] {
  const lines = new Set(steps.flatMap((s) => (s.kind === 'decided' && s.decision.ok ? s.decision.lineTransactions.map((t) => t.id) : [])));
  return creditMessages(context.topics, legs, context.now, (leg) => lines.has(leg.transactionId), context.partitionOf);
}

/**
 * A close of a deleted user's wallet erases their mobile money number (docs/design/data.md
 * "Erasure"): here from what the batch writes itself (a cash-out of theirs it created or settled
 * before the close, and those commands' stored replies: the answer sent now is left as it is), by
 * each kind's `erase.row`, and through `erasedUsers` from the rows stored before (db/batch-write.ts:
 * the kinds' `erase.ctes`), in the same statement.
 */
function eraseCashoutAccounts(write: BatchWrite, steps: BatchStep[]): void {
  const erased = new Set<number>();
  for (const step of steps) {
    if (step.kind === 'decided' && step.decision.ok && step.decision.erasesCashoutAccountsOf !== undefined)
      erased.add(step.decision.erasesCashoutAccountsOf);
  }
  if (erased.size === 0) return;
  if (write.kinds) write.kinds = erasedKindWrites(write.kinds, erased);
  write.erasedUsers = [...erased];
}

/**
 * Queues the messages of an accepted decision's effects, by each effect's kind's module
 * (domain/kinds/table.ts), in the order of its effects. A decision lists its approval requests
 * last (domain/kinds/approvals.ts `approvalEffect`), so what it applied is published before its
 * request's events (an approved cash-out's reversal: its hold's release first). What the effects
 * change is written by their kinds (`kindWritesOf`); the parts of a wallet's row publish nothing.
 */
function queueEffectMessages(decision: Accepted, outbox: OutboxBatchMessage[], context: ApplyContext, commandId: string): void {
  const headers = context.eventHeadersOf?.(commandId);
  for (const effect of decision.effects.filter(isKindEffect)) {
    const messages = kindModule(effect.kind).messages?.(effect, { topics: context.topics, headers, views: replyViews });
    outbox.push(...(messages ?? []));
  }
}
