import type { LedgerCommand, TopicNames } from '@coin/contracts';
import type { OutboxRelay } from '@coin/db';
import {
  GroupCommit,
  replyAddressOf,
  replyBodyOf,
  sendReply,
  type BatchControl,
  type BatchingProducer,
  type Delivered,
  type GroupCommitOptions,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { applyBatch, type AppliedBatch } from '../apply/apply-batch';
import type { LedgerPolicy } from '../domain/ledger';
import type { Outcome } from '../apply/outcomes';
import { StaleWalletError, type LedgerStore, type OutboxBatch } from '../apply/store';

/**
 * The Kafka adapter of the ledger's use case (apply/apply-batch.ts): it merges the partition
 * batches that arrive together into one apply (GroupCommit), redoes an apply that lost a race,
 * publishes the apply's outbox row, answers each command's caller, and reports metrics. It
 * decides nothing.
 */

export interface LedgerCommandDeps {
  store: LedgerStore;
  producer: BatchingProducer;
  outbox: OutboxRelay<OutboxBatch>;
  topics: TopicNames;
  logger: Logger;
  now: () => Date;
  xafRate?: number | undefined;
  /** Spending-limit defaults and hold expiry from the configuration (the domain's defaults when absent). */
  policy?: LedgerPolicy;
  /**
   * Called after an apply's database commit and before anything else (outbox publish,
   * replies, offset commit). Tests use it to crash the process at the worst moment.
   */
  afterCommit?: (info: { commands: number }) => Promise<void> | void;
  /**
   * Reports each apply (the partition batches merged into one database transaction) once its
   * outbox publish has settled, whatever happens after (metrics).
   */
  onBatch?: (info: {
    commands: number;
    applied: number;
    creditedInPlace: number;
    durationMs: number;
    commitMs: number;
    publishMs: number;
  }) => void;
  /**
   * The ledger.commands partition a wallet key is produced to (see `keyPartitioner`). With it,
   * an apply credits the legs whose wallet belongs to one of its own partitions itself instead of
   * sending them through Kafka (`creditOwnLegs`); without it every leg travels.
   */
  partitionOfWallet?: (walletKey: string) => number;
}

/** How often one batch is redone from fresh state after losing a race (see StaleWalletError). */
const batchAttemptsMax = 5;
const uniqueViolation = '23505';

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
    let result: AppliedBatch | undefined;
    for (let attempt = 1; !result; attempt += 1) {
      try {
        result = await applyBatch(deps.store, commands, {
          now: deps.now(),
          topics: deps.topics,
          xafRate: deps.xafRate,
          owns,
          ...(deps.policy ? { policy: deps.policy } : {}),
        });
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
      deps.onBatch?.({
        commands: commands.length,
        applied: applied.applied,
        creditedInPlace: applied.creditedInPlace,
        durationMs: done - started,
        commitMs: committed - started,
        publishMs: done - committed,
      });
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
