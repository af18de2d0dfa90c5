import { coPartitionedWith, headerNames, type LedgerCommand, type TopicNames } from '@coin/contracts';
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
import type { Tracing } from '@coin/telemetry';
import type { ApplyContext } from '../apply/apply-batch';
import { applyCommands } from '../apply/apply-commands';
import { kindKeysOfBatch, type LedgerPolicy } from '../domain/ledger';
import type { Outcome } from '../apply/outcomes';
import type { LedgerStore, OutboxBatch } from '../apply/store';
import { metered, withCrashHook, type Apply, type ApplyReport, type CommittedInfo, type PartitionBatches } from './apply-steps';
import { commandTracing, type CommandTracing } from './apply-tracing';
import { PublishWindow } from './publish-window';

/**
 * The Kafka adapter of the ledger's use case (apply/apply-commands.ts): it merges the partition
 * batches that arrive together into one apply (GroupCommit), applies them, starts the publish of
 * the apply's outbox row and answers each command's caller; the partition goes on without waiting
 * for the publish (PublishWindow). It decides nothing. Spans, metrics and the tests'
 * crash hook are wrappers around the plain apply (apply-tracing.ts, apply-steps.ts).
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
  /** The keyed derivation of audit record ids (AuditRecordSigner.recordId); plain UUIDv5 when absent (tests). */
  auditRecordIdOf?: (name: string) => string;
  /**
   * Called after an apply's database commit and before anything else (outbox publish,
   * replies, offset commit). Tests use it to crash the process at the worst moment.
   */
  afterCommit?: (info: CommittedInfo) => Promise<void> | void;
  /**
   * Reports each apply (the partition batches merged into one database transaction) once its
   * outbox publish has settled, whatever happens after (metrics).
   */
  onBatch?: (info: ApplyReport) => void;
  /**
   * The ledger.commands partition a wallet key is produced to (see `keyPartitioner`). With it,
   * an apply credits the legs whose wallet belongs to one of its own partitions itself instead of
   * sending them through Kafka (`creditOwnLegs`); without it every leg travels.
   */
  partitionOfWallet?: (walletKey: string) => number;
  /**
   * Whether this process owns a ledger.commands partition now (its current assignment) and may
   * apply to its wallets (the same shard). With it and `partitionOfWallet`, an apply also holds
   * the idle partitions of the wallets its commands name (GroupCommit's reached lanes), so a
   * transfer's credit leg to any wallet this process owns is credited in the same apply; without
   * it only the partitions whose batches are in the apply are credited in place.
   */
  ownsPartition?: (partition: number) => boolean;
  /**
   * Spans (docs/DESIGN.md "Traces"): one per command, the child of its `traceparent`, whose
   * context its reply and its outbox events carry; one per apply, linked to the commands it
   * holds (group commit: one apply serves many traces). Off when absent.
   */
  tracing?: Tracing;
}

/** What a partition handler gets back from a (possibly merged) apply. */
interface BatchResult {
  outcomes: Outcome[];
  /**
   * Resolves at once while the publish window has room for the apply's outbox publish, else once
   * enough earlier publishes settled (PublishWindow); it never rejects.
   */
  room: Promise<void>;
}

/**
 * Outbox publishes started and not yet acknowledged that the partitions go on past: about two
 * seconds of applies at their usual pace (a few hundred ms each under load), so a broker that
 * stalls holds the partitions within seconds, as it did when each waited for its own publish.
 */
export const publishWindowMax = 8;

/**
 * The command topics one partition number is read on: ledger.commands and the topics
 * co-partitioned with it (ledger.internal), whose partition n one process owns together.
 */
const commandTopicsPerPartition = 1 + Object.values(coPartitionedWith).filter((topic) => topic === 'ledger.commands').length;

/**
 * The command consumer's batch slots (kafkajs `partitionsConsumedConcurrently`) for a process that
 * applies `partitionsConcurrent` partitions side by side (LEDGER_PARTITIONS_CONCURRENT): one slot
 * per topic-partition, so every batch of a fetch is in hand at once and they share one apply.
 * kafkajs fetches again only once every batch of the last fetch is handled; with one slot per
 * partition number, the ledger.internal batches (a transfer's credit legs) waited for a slot, that
 * is for the first apply to commit, and went in a second apply, and a command arriving meanwhile
 * waited for both before its fetch (docs/PERFORMANCE.md "Where we stand").
 */
export function commandBatchSlots(partitionsConcurrent: number): number {
  return partitionsConcurrent * commandTopicsPerPartition;
}

/**
 * Where the apply pipeline starts and the bounds it adapts within (libs/kafka apply-pipeline.ts):
 * two applies in flight (one in PostgreSQL while the next is decided in memory), never fewer (the
 * batches of one fetch reach the handler over several ticks, their proofs checked, and a second
 * apply lets the late ones go while the first commits), up to four while a full batch keeps
 * waiting and the cost per command holds (each takes one of the pool's 12 connections; the
 * outbox relay and the sweeps need theirs). 4,000 commands keep one apply's
 * statements well inside PostgreSQL's and pg's message limits (a command writes ~1 KB). A
 * shallow queue waits at most 2 ms for the partition batches of the same fetch still being
 * checked (their proofs), so that most of them share one apply.
 */
export const defaultApplyLimits: GroupCommitOptions = {
  inFlightMax: 2,
  itemsMax: 4000,
  adaptive: { depthMin: 2, depthMax: 4, itemsMin: 250, itemsMax: 4000, lingerMsMax: 2, riseFactor: 1.5 },
};

/**
 * The same when the consumer applies ahead of its fetch (LEDGER_APPLY_AHEAD_BATCHES): one apply
 * in flight to start with, since the batches fetched while it commits wait here and go together
 * as the next one (a second apply in flight would split them in two transactions).
 */
export const applyAheadLimits: GroupCommitOptions = {
  ...defaultApplyLimits,
  inFlightMax: 1,
  adaptive: { ...defaultApplyLimits.adaptive!, depthMin: 1 },
};

/**
 * The `eachBatch` handler of ledger.commands for every partition one process owns. Partition
 * batches that arrive together are applied together (GroupCommit): wallets belong to one
 * partition each, so the batches are independent and one database transaction can hold them.
 * Then the publish of the apply's outbox row starts and each batch's replies are sent; the
 * handler resolves once the replies are, not the publish (the outbox holds the events, and its
 * sweeper republishes a publish that fails). Kafka offsets are committed after this resolves; a
 * crash before that redelivers the batch, and the stored outcomes make the second delivery change
 * nothing.
 */
export function handleLedgerCommands(
  deps: LedgerCommandDeps,
  limits: GroupCommitOptions = defaultApplyLimits,
  window: PublishWindow = new PublishWindow(publishWindowMax),
) {
  const tracing = commandTracing(deps.tracing);
  // The metrics' commit time stops before the crash hook; the apply's span covers all of it.
  const apply = tracing.traced(withCrashHook(metered(plainApply(deps, tracing.eventHeaders), deps.onBatch), deps.afterCommit));
  const groupCommit = new GroupCommit(applyAndPublish(apply, window, deps.logger), limits);
  return tracing.wrap(answeringCallers(groupCommit, deps, tracing, reachOf(deps)));
}

/**
 * The apply itself: the use case on the merged batches' commands, then the publish of its
 * outbox row. `eventHeaders`: the headers the adapter adds to each command's events.
 */
function plainApply(deps: LedgerCommandDeps, eventHeaders: CommandTracing['eventHeaders']): Apply {
  return async (batches, held) => {
    const commands = batches.flatMap((batch) => batch.map((item) => item.value));
    const context: ApplyContext = {
      now: deps.now(),
      topics: deps.topics,
      xafRate: deps.xafRate,
      owns: ownedWallets(batches, held, deps.partitionOfWallet),
      ...(deps.partitionOfWallet ? { partitionOf: deps.partitionOfWallet } : {}),
      ...(deps.policy ? { policy: deps.policy } : {}),
      auditRequestIdOf: requestIdsOf(batches),
      ...(deps.auditRecordIdOf ? { auditRecordIdOf: deps.auditRecordIdOf } : {}),
      ...(eventHeaders ? { eventHeadersOf: eventHeaders(batches) } : {}),
    };
    const batch = await applyCommands(deps.store, commands, context, {
      onLostRace: (err, attempt) =>
        deps.logger.warn({ err, attempt, groups: batches.length }, 'batch lost a race; redoing it from fresh state'),
    });
    return { batch, publish: () => deps.outbox.publishCommitted(batch.outbox ? [batch.outbox] : []) };
  };
}

/**
 * Whether a wallet belongs to a partition this apply holds (one whose batch is in it, or a
 * reached one it holds besides): only this apply writes its wallets now (each partition is
 * serial, GroupCommit holds a lane for one apply at a time, and a zombie's write fails the
 * version check).
 */
function ownedWallets(
  batches: PartitionBatches,
  held: ReadonlySet<number> | undefined,
  partitionOfWallet: LedgerCommandDeps['partitionOfWallet'],
) {
  if (!partitionOfWallet) return () => false;
  const partitions = new Set(batches.flatMap((batch) => batch.map((item) => item.partition)));
  for (const partition of held ?? []) partitions.add(partition);
  return (walletKey: string) => partitions.has(partitionOfWallet(walletKey));
}

/**
 * The partitions a batch's commands reach beyond its own: those of the wallets they name (what
 * the batch read loads, domain/ledger.ts kindKeysOfBatch), that this process owns now. None
 * without both `partitionOfWallet` and `ownsPartition`.
 */
function reachOf(deps: LedgerCommandDeps): (items: Delivered<LedgerCommand>[]) => number[] {
  const { partitionOfWallet, ownsPartition } = deps;
  if (!partitionOfWallet || !ownsPartition) return () => [];
  return (items) => {
    const own = items[0]?.partition;
    const wallets = walletsNamedBy(items);
    const reached = new Set<number>();
    for (const walletKey of wallets) {
      const partition = partitionOfWallet(walletKey);
      if (partition !== own && ownsPartition(partition)) reached.add(partition);
    }
    return [...reached];
  };
}

/**
 * The wallets a batch's commands name, as its read would load them; none when they cannot be told
 * (an approval naming only its request reads its stored command first): reaching further is a
 * saving, never a reason for a batch to fail.
 */
function walletsNamedBy(items: Delivered<LedgerCommand>[]): readonly string[] {
  try {
    return kindKeysOfBatch(items.map((item) => item.value)).wallets ?? [];
  } catch {
    return [];
  }
}

/** The `request-id` header (set by the gateway) each command arrived with, by command id: data of its audit records. */
function requestIdsOf(batches: PartitionBatches): (commandId: string) => string | undefined {
  const requestIds = new Map<string, string>();
  for (const batch of batches)
    for (const item of batch) {
      const requestId = item.headers[headerNames.requestId];
      if (requestId) requestIds.set(item.value.commandId, requestId);
    }
  return (commandId) => requestIds.get(commandId);
}

/**
 * The group commit's apply: commits the merged batches, starts the publish in commit order (the
 * producer then keeps each wallet's events in that order) without waiting for it, and hands each
 * partition batch its outcomes and the publish window's room. A failed publish is told here: its
 * row stays unpublished and the outbox sweeper publishes it (OutboxRelay.publishCommitted).
 */
function applyAndPublish(
  apply: Apply,
  window: PublishWindow,
  logger: Logger,
): (batches: PartitionBatches, held: ReadonlySet<number>) => Promise<BatchResult[]> {
  return async (batches, held) => {
    const { batch, publish } = await apply(batches, held);
    const published = publish();
    published.catch((err: unknown) =>
      logger.warn({ err, commands: batch.outcomes.length }, "outbox publish failed: the sweeper publishes the batch's events"),
    );
    const room = window.admit(published);
    let offset = 0;
    return batches.map((items) => {
      const outcomes = batch.outcomes.slice(offset, offset + items.length);
      offset += items.length;
      return { outcomes, room };
    });
  };
}

/** The handler of one partition batch: its share of a merged apply, then each command's reply. */
function answeringCallers(
  groupCommit: GroupCommit<Delivered<LedgerCommand>, BatchResult>,
  deps: LedgerCommandDeps,
  tracing: CommandTracing,
  reach: (items: Delivered<LedgerCommand>[]) => number[],
) {
  return async (items: Delivered<LedgerCommand>[], control?: BatchControl): Promise<void> => {
    await control?.heartbeat();
    // The lane is the partition number: partition n of ledger.commands and of ledger.internal hold
    // the same wallets, so their batches never run in two applies at once. The lanes it reaches
    // are those its credits land in (reachOf).
    const { outcomes, room } = await groupCommit.submit(items, items[0]?.partition, reach(items));
    // Replies depend on the commit only, so they do not wait for the outbox's publish (and its
    // published_at update) to finish; sendReply puts them ahead of the batch's events too.
    const replies: Promise<void>[] = [];
    items.forEach((item, i) => {
      const outcome = outcomes[i]!;
      const traceHeaders = tracing.answered(item, outcome.ok);
      const address = replyAddressOf(item.headers, deps.topics.gatewayReplies);
      if (address) replies.push(sendReply(deps.producer, address, replyBodyOf(item.value.commandId, outcome), traceHeaders));
    });
    // The partition goes on once its batch is committed and answered: not after its publish,
    // which took most of a cycle under load; only a full publish window holds it.
    await Promise.all([room, ...replies]);
    // During a rebalance this throws; the batch is committed and counted, its offsets are not.
    await control?.heartbeat();
  };
}
