import {
  headerNames,
  walletKeyOf,
  walletKeyOfUser,
  type LedgerCommand,
  type MoneyCommand,
  type TopicNames,
  type TransactionRecorded,
} from '@coin/contracts';
import type { OutboxRelay, Pool } from '@coin/db';
import { GroupCommit, replyAddressOf, type GroupCommitOptions, replyBodyOf, sendReply, type BatchControl, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { uuidV5 } from '@coin/security';
import {
  creditLegCommand,
  creditLegCommandId,
  creditOwnLegs,
  outcomeOf,
  runBatch,
  toTransaction,
  toWalletView,
  type BatchStep,
  type StoredOutcome,
} from '../domain/batch';
import { walletKeysOf, type CreditLeg, type LedgerState, type NewTransaction } from '../domain/ledger';
import { InvariantViolation } from '@coin/errors';
import {
  readBatch,
  StaleWalletError,
  writeBatch,
  type BatchWrite,
  type LoadedWallet,
  type OutboxBatch,
  type OutboxBatchMessage,
} from '../db/ledger-repo';
import { openUserWallets } from '../db/wallets-repo';

export interface LedgerCommandDeps {
  pool: Pool;
  producer: BatchingProducer;
  outbox: OutboxRelay<OutboxBatch>;
  topics: TopicNames;
  logger: Logger;
  now: () => Date;
  xafRate?: number | undefined;
  /**
   * Called after an apply's database commit and before anything else (outbox publish,
   * replies, offset commit). Tests use it to crash the process at the worst moment.
   */
  afterCommit?: (info: { commands: number }) => Promise<void> | void;
  /**
   * Reports each apply (the partition batches merged into one database transaction) once its
   * outbox publish has settled, whatever happens after (metrics).
   */
  onBatch?: (info: { commands: number; applied: number; creditedInPlace: number; durationMs: number; commitMs: number; publishMs: number }) => void;
  /**
   * The ledger.commands partition a wallet key is produced to (see `keyPartitioner`). With it,
   * an apply credits the legs whose wallet belongs to one of its own partitions itself instead of
   * sending them through Kafka (`creditOwnLegs`); without it every leg travels.
   */
  partitionOfWallet?: (walletKey: string) => number;
}

interface Outcome {
  ok: boolean;
  reply: unknown;
}

/** How often one batch is redone from fresh state after losing a race (see StaleWalletError). */
const batchAttemptsMax = 5;
const uniqueViolation = '23505';

export { creditLegCommandId };

export function transactionEventId(transactionId: number): string {
  return uuidV5(`coin.transaction.recorded:${transactionId}`);
}

/**
 * The one place transaction ids come from: the ids the batch read reserved from the sequence.
 * When a run needs more than were reserved (credit legs whose wallet is closed need returns
 * nobody could count beforehand), the ids it could not hand out are counted and the whole run
 * is redone from a fresh read with that many more reserved, so no id, `returns` or reason text
 * ever holds a placeholder (an earlier version renumbered afterwards and missed `returns`).
 */
export class TransactionIds {
  private next = 0;
  private missing = 0;

  constructor(private readonly reserved: readonly number[]) {}

  /** The next reserved id; 0 (never a transaction id) once they are used up, counted in `shortBy`. */
  readonly take = (): number => {
    if (this.next < this.reserved.length) return this.reserved[this.next++]!;
    this.missing += 1;
    return 0;
  };

  /** How many more ids the run needed than were reserved; the run is void when this is > 0. */
  get shortBy(): number {
    return this.missing;
  }
}

interface BatchResult {
  outcomes: Outcome[];
  /** The batch's outbox row; null when it produced no messages. */
  outbox: OutboxBatch | null;
  applied: number;
  /** Credit legs applied in this apply instead of travelling (see creditOwnLegs). */
  creditedInPlace: number;
}

/** Commands that create a transaction when accepted; a credit leg only does when it is returned. */
function mayCreateTransaction(command: MoneyCommand): boolean {
  return command.type !== 'ledger.credit';
}

/**
 * One apply (the partition batches merged by group commit) in two round trips: one statement
 * reads what the commands need, the commands are decided in offset order in memory, then the
 * credits this apply `owns` (creditOwnLegs), and one statement writes wallets, transactions,
 * entries, outcomes and outbox rows (PostgreSQL runs it as one transaction). Only the apply
 * holding a partition's batch writes that partition's wallets, so nothing is locked; the version
 * check inside the write proves it.
 */
async function applyBatch(pool: Pool, commands: LedgerCommand[], deps: LedgerCommandDeps, owns: (walletKey: string) => boolean): Promise<BatchResult> {
  const now = deps.now();
  const money = commands.filter((c): c is MoneyCommand => c.type !== 'ledger.open-wallet');
  const opens = commands.filter((c): c is Extract<LedgerCommand, { type: 'ledger.open-wallet' }> => c.type === 'ledger.open-wallet');

  // Wallets to open are created first (idempotently: an existing wallet is left as it is). They
  // start empty, so an earlier creation changes nothing a command could observe but existence.
  await openUserWallets(pool, opens.map((c) => c.data.userId));

  const keys = new Set<string>(opens.map((c) => walletKeyOfUser(c.data.userId)));
  for (const c of money) for (const k of walletKeysOf(c)) keys.add(k);
  let idsToReserve = money.filter(mayCreateTransaction).length;
  for (;;) {
    const read = await readBatch(pool, {
      commandIds: commands.map((c) => c.commandId),
      walletKeys: [...keys],
      refundOf: money.flatMap((c) => (c.type === 'ledger.refund' ? [c.data.transactionId] : [])),
      idsToReserve,
    });
    const state: LedgerState = { wallets: new Map([...read.wallets].map(([k, w]) => [k, w.state])), refundTargets: read.refundTargets };
    const ids = new TransactionIds(read.reservedIds);
    const steps = runBatch(state, read.known, money, now, ids.take);
    const { creditSteps, legsToPublish } = creditOwnLegs(state, steps, owns, now, ids.take);
    if (ids.shortBy === 0) return writeApplied(pool, deps, now, { commands, opens, read, state, steps, creditSteps, legs: legsToPublish });
    // Redone from a fresh read: the run above changed `state`, and its ids are void.
    idsToReserve += ids.shortBy;
  }
}

interface DecidedApply {
  commands: LedgerCommand[];
  opens: Array<Extract<LedgerCommand, { type: 'ledger.open-wallet' }>>;
  read: Awaited<ReturnType<typeof readBatch>>;
  state: LedgerState;
  steps: BatchStep[];
  creditSteps: BatchStep[];
  legs: CreditLeg[];
}

/** Turns a decided apply into its one write: wallets, transactions, entries, outcomes, outbox. */
async function writeApplied(pool: Pool, deps: LedgerCommandDeps, now: Date, decided: DecidedApply): Promise<BatchResult> {
  const { commands, opens, read, state, steps, creditSteps, legs } = decided;
  const { known, wallets: loaded } = read;

  const transactions: BatchWrite['transactions'] = [];
  const entries: BatchWrite['entries'] = [];
  const touched = new Map<string, LoadedWallet>();
  const fresh: BatchWrite['outcomes'] = [];
  const outcomeByStep: Outcome[] = [];
  const recordEffects = (step: BatchStep & { kind: 'decided' }) => {
    const d = step.decision;
    if (!d.ok) return;
    if (d.transaction) {
      if (!(d.transaction.id > 0)) throw new InvariantViolation(`transaction without a reserved id (${d.transaction.id})`);
      transactions.push({ transaction: d.transaction, commandId: step.command.commandId });
    }
    for (const e of d.entries) {
      const wallet = loaded.get(e.walletKey)!;
      entries.push({ ...e, walletId: wallet.state.id, createdAt: now });
      touched.set(e.walletKey, wallet);
    }
    for (const key of d.closes) touched.set(key, loaded.get(key)!);
  };
  for (const step of steps) {
    let outcome: Outcome;
    if (step.kind === 'stored') outcome = step.outcome;
    else if (step.kind === 'reused') outcome = { ok: false, reply: step.error };
    else if (step.kind === 'repeat') outcome = outcomeByStep[step.of]!;
    else {
      outcome = outcomeOf(step, deps.xafRate);
      fresh.push({ commandId: step.command.commandId, type: step.command.type, ...outcome, requestHash: step.requestHash });
      recordEffects(step);
    }
    outcomeByStep.push(outcome);
  }
  for (const step of creditSteps) if (step.kind === 'decided') recordEffects(step);

  // Outcomes of the wallet openings, in the shape the gateway's register flow expects.
  const openOutcomes = new Map<string, Outcome>();
  for (const c of opens) {
    const stored = known.get(c.commandId) ?? openOutcomes.get(c.commandId);
    if (stored) {
      openOutcomes.set(c.commandId, stored);
      continue;
    }
    const wallet = state.wallets.get(walletKeyOfUser(c.data.userId));
    const outcome = { ok: true, reply: { wallet: wallet ? toWalletView(wallet, deps.xafRate) : null } };
    openOutcomes.set(c.commandId, outcome);
    fresh.push({ commandId: c.commandId, type: c.type, ...outcome, requestHash: null });
  }

  const messages: OutboxBatchMessage[] = [
    ...transactions.map(({ transaction }) => transactionEventMessage(deps.topics, transaction)),
    ...legs.map((leg) => creditLegMessage(deps.topics, leg, now)),
  ];
  const outboxId = await writeBatch(pool, { wallets: [...touched.values()], transactions, entries, outcomes: fresh, outbox: messages });

  let moneyIndex = 0;
  const outcomes = commands.map((c) => (c.type === 'ledger.open-wallet' ? openOutcomes.get(c.commandId)! : outcomeByStep[moneyIndex++]!));
  return {
    outcomes,
    outbox: outboxId === null ? null : { id: outboxId, messages },
    applied: fresh.length,
    creditedInPlace: creditSteps.length,
  };
}

function transactionEventMessage(topics: TopicNames, transaction: NewTransaction): OutboxBatchMessage {
  const event: TransactionRecorded = {
    eventId: transactionEventId(transaction.id),
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: transaction.createdAt.toISOString(),
    transaction: toTransaction(transaction),
  };
  // Serialised once: the same text is stored in the outbox and published.
  return { topic: topics.coinTransactions, key: String(transaction.id), headers: { [headerNames.type]: event.type }, payload: JSON.stringify(event) };
}

/** A credit leg travels as a command keyed by the credited wallet, so its partition applies it. */
function creditLegMessage(topics: TopicNames, leg: CreditLeg, now: Date): OutboxBatchMessage {
  const command = creditLegCommand(leg, now);
  return {
    topic: topics.ledgerCommands,
    key: walletKeyOf(leg.to),
    headers: { [headerNames.commandId]: command.commandId, [headerNames.type]: command.type },
    payload: JSON.stringify(command),
  };
}

function isRetryable(err: unknown): boolean {
  return err instanceof StaleWalletError || (err as { code?: string }).code === uniqueViolation;
}

/** What a partition handler gets back from a (possibly merged) apply. */
interface GroupResult {
  outcomes: Outcome[];
  /** Settles once the apply's outbox row is published (it rejects if the publish fails). */
  published: Promise<void>;
}

/**
 * Two applies in flight: one can be in PostgreSQL while the next is decided in memory; more
 * would only split the waiting batches into smaller applies. 4,000 commands keep one apply's
 * statements well inside PostgreSQL's and pg's message limits (a command writes ~1 KB).
 */
export const defaultApplyLimits: GroupCommitOptions = { inFlightMax: 2, itemsMax: 4000 };

/**
 * The `eachBatch` handler of ledger.commands for every partition one process owns. Partition
 * batches that arrive together are applied together (GroupCommit): wallets belong to one
 * partition each, so the batches are independent and one database transaction can hold them.
 * Then the apply's outbox row and each batch's replies are published. Kafka offsets are
 * committed after this resolves; a crash before that redelivers the batch, and the stored
 * outcomes make the second delivery change nothing.
 */
export function handleLedgerCommands(deps: LedgerCommandDeps, limits: GroupCommitOptions = defaultApplyLimits) {
  const applyGroups = async (groups: Delivered<LedgerCommand>[][]): Promise<GroupResult[]> => {
    const started = performance.now();
    const commands = groups.flatMap((group) => group.map((item) => item.value));
    // The partitions whose batches are in this apply: only this apply writes their wallets now
    // (each partition is serial, and a zombie's write fails the version check).
    const { partitionOfWallet } = deps;
    const partitions = new Set(groups.flatMap((group) => group.map((item) => item.partition)));
    const owns = partitionOfWallet ? (walletKey: string) => partitions.has(partitionOfWallet(walletKey)) : () => false;
    let result: BatchResult | undefined;
    for (let attempt = 1; !result; attempt += 1) {
      try {
        result = await applyBatch(deps.pool, commands, deps, owns);
      } catch (err) {
        if (!isRetryable(err)) throw err;
        // Still racing after every attempt (a zombie consumer during a rebalance): the batch comes
        // back from Kafka. A unique violation here is a race, never the command's fault, so it is
        // reported as the serialization failure it is, which consumers retry.
        if (attempt >= batchAttemptsMax) throw err instanceof StaleWalletError ? err : new StaleWalletError((err as Error).message);
        deps.logger.warn({ err, attempt, groups: groups.length }, 'batch lost a race; redoing it from fresh state');
      }
    }
    const committed = performance.now();
    const applied = result;
    await deps.afterCommit?.({ commands: commands.length });
    // Reported once per committed apply, even when the publish fails (the sweeper and the
    // redelivery take over): the applied count must match the database, which a redelivered
    // batch (answered from stored outcomes) no longer adds to. Chained on the publish, so every
    // handler awaiting it finds the apply already reported.
    const published = deps.outbox.publishCommitted(applied.outbox ? [applied.outbox] : []).finally(() => {
      const done = performance.now();
      deps.onBatch?.({ commands: commands.length, applied: applied.applied, creditedInPlace: applied.creditedInPlace, durationMs: done - started, commitMs: committed - started, publishMs: done - committed });
    });
    published.catch(() => undefined); // each handler awaits it and sees the failure itself
    let offset = 0;
    return groups.map((group) => {
      const outcomes = applied.outcomes.slice(offset, offset + group.length);
      offset += group.length;
      return { outcomes, published };
    });
  };
  const groupCommit = new GroupCommit(applyGroups, limits);

  return async (items: Delivered<LedgerCommand>[], control?: BatchControl): Promise<void> => {
    await control?.heartbeat();
    const { outcomes, published } = await groupCommit.submit(items);
    // Replies depend on the commit only, so they leave in the same producer flush as the outbox
    // rows instead of waiting for that publish (and its published_at update) to finish.
    const replies: Promise<void>[] = [];
    items.forEach((item, i) => {
      const address = replyAddressOf(item.headers, deps.topics.gatewayReplies);
      if (address) replies.push(sendReply(deps.producer, address, replyBodyOf(item.value.commandId, outcomes[i]!)));
    });
    await Promise.all([published, ...replies]);
    // During a rebalance this throws; the batch is committed and counted, its offsets are not.
    await control?.heartbeat();
  };
}

export type { StoredOutcome };
