import type { LedgerCommand } from '@coin/contracts';
import type { Delivered } from '@coin/kafka';
import type { AppliedBatch } from '../apply/apply-batch';

/**
 * The shape of one apply in the ledger's Kafka adapter (kafka/ledger-commands.ts), and the
 * wrappers that add to it what the use case must not know of: metrics and the tests' crash hook
 * here, spans in apply-tracing.ts. Each wrapper takes an apply and returns one of the same shape,
 * so the adapter composes them around the plain one.
 */

/** The partition batches one apply merges, each in offset order. */
export type PartitionBatches = Delivered<LedgerCommand>[][];

/** What an apply committed, and the publish of its outbox row, still to be started. */
export interface Committed {
  batch: AppliedBatch;
  /** Publishes the outbox row; called once, after every wrapper has seen the commit. */
  publish: () => Promise<void>;
}

/**
 * One apply of merged partition batches: decided and stored in one database transaction. The
 * publish is handed back rather than started, so that a wrapper can act between the commit and
 * the publish (time it, trace it, crash there). `held`: the partitions the apply holds beyond
 * its batches' own (GroupCommit's reached lanes), whose wallets it may credit in place.
 */
export type Apply = (batches: PartitionBatches, held?: ReadonlySet<number>) => Promise<Committed>;

/** What `metered` reports of each committed apply. */
export interface ApplyReport {
  commands: number;
  applied: number;
  creditedInPlace: number;
  durationMs: number;
  commitMs: number;
  publishMs: number;
}

export function commandCount(batches: PartitionBatches): number {
  return batches.reduce((count, batch) => count + batch.length, 0);
}

/**
 * The apply, reported once per committed apply when its publish settles, even when the publish
 * fails (the sweeper and the redelivery take over): the applied count must match the database,
 * which a redelivered batch (answered from stored outcomes) no longer adds to. The report is
 * chained on the publish, so every handler awaiting it finds the apply already reported.
 */
export function metered(apply: Apply, report: ((report: ApplyReport) => void) | undefined): Apply {
  if (!report) return apply;
  return async (batches, held) => {
    const started = performance.now();
    const { batch, publish } = await apply(batches, held);
    const committed = performance.now();
    return {
      batch,
      publish: () =>
        publish().finally(() => {
          const done = performance.now();
          report({
            commands: commandCount(batches),
            applied: batch.applied,
            creditedInPlace: batch.creditedInPlace,
            durationMs: done - started,
            commitMs: committed - started,
            publishMs: done - committed,
          });
        }),
    };
  };
}

/**
 * The apply with a hook run after its database commit and before anything else (outbox publish,
 * replies, offset commit): tests use it to crash the process at the worst moment.
 */
export function withCrashHook(apply: Apply, afterCommit: ((info: CommittedInfo) => Promise<void> | void) | undefined): Apply {
  if (!afterCommit) return apply;
  return async (batches, held) => {
    const committed = await apply(batches, held);
    await afterCommit({
      commands: commandCount(batches),
      types: batches.flatMap((batch) => batch.map((d) => d.value.type)),
      partitions: batches.flatMap((batch) => (batch[0] ? [`${batch[0].topic}:${batch[0].partition}`] : [])),
      outcomes: committed.batch.outcomes,
    });
    return committed;
  };
}

/** What the crash hook is told of a committed apply: its commands' count and types, their partitions, and their outcomes (replies). */
export interface CommittedInfo {
  commands: number;
  types: string[];
  /** Each partition batch's `topic:partition`: the simulation's timeline of which partitions were served when. */
  partitions: string[];
  outcomes: AppliedBatch['outcomes'];
}
