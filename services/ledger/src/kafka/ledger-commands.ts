import { headerNames, type LedgerCommand, type TopicNames } from '@coin/contracts';
import type { OutboxRelay } from '@coin/db';
import {
  GroupCommit,
  messageSpans,
  replyAddressOf,
  replyBodyOf,
  sendReply,
  type BatchControl,
  type BatchingProducer,
  type Delivered,
  type GroupCommitOptions,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { endSpan, ROOT_CONTEXT, trace, traceHeadersOfSpan, type Span, type Tracing } from '@coin/telemetry';
import { applyCommands } from '../apply/apply-commands';
import type { LedgerPolicy } from '../domain/ledger';
import type { Outcome } from '../apply/outcomes';
import type { LedgerStore, OutboxBatch } from '../apply/store';

/**
 * The Kafka adapter of the ledger's use case (apply/apply-commands.ts): it merges the partition
 * batches that arrive together into one apply (GroupCommit), publishes the apply's outbox row,
 * answers each command's caller, and reports metrics. It decides nothing; its spans come from
 * the traced batch handler (@coin/kafka messageSpans).
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
  /**
   * Spans (docs/DESIGN.md "Traces"): one per command, the child of its `traceparent`, whose
   * context its reply and its outbox events carry; one per apply, linked to the commands it
   * holds (group commit: one apply serves many traces). Off when absent.
   */
  tracing?: Tracing;
}

/** What a partition handler gets back from a (possibly merged) apply. */
interface GroupResult {
  outcomes: Outcome[];
  /** Settles once the apply's outbox row is published (it rejects if the publish fails). */
  published: Promise<void>;
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
 * The `eachBatch` handler of ledger.commands for every partition one process owns. Partition
 * batches that arrive together are applied together (GroupCommit): wallets belong to one
 * partition each, so the batches are independent and one database transaction can hold them.
 * Then the apply's outbox row and each batch's replies are published. Kafka offsets are
 * committed after this resolves; a crash before that redelivers the batch, and the stored
 * outcomes make the second delivery change nothing.
 */
export function handleLedgerCommands(deps: LedgerCommandDeps, limits: GroupCommitOptions = defaultApplyLimits) {
  const tracing = deps.tracing?.enabled ? deps.tracing : undefined;
  const spans = messageSpans<LedgerCommand>(tracing, (item) => ({
    name: `process ${item.value.type}`,
    attributes: { 'coin.command.id': item.value.commandId, 'coin.command.type': item.value.type },
  }));
  const applyGroups = async (groups: Delivered<LedgerCommand>[][]): Promise<GroupResult[]> => {
    const started = performance.now();
    const commands = groups.flatMap((group) => group.map((item) => item.value));
    // One apply serves many traces: its span is a root linked to each command's span.
    const applySpan = spans.startSpanOver('ledger apply', groups.flat(), {
      'messaging.batch.message_count': commands.length,
      'coin.ledger.partition_batches': groups.length,
    });
    try {
      return await applyTraced(groups, commands, started, applySpan);
    } catch (err) {
      endSpan(applySpan, err);
      throw err;
    }
  };
  const applyTraced = async (
    groups: Delivered<LedgerCommand>[][],
    commands: LedgerCommand[],
    started: number,
    applySpan: Span | undefined,
  ): Promise<GroupResult[]> => {
    // The headers each command's outbox messages carry: its span's trace context.
    const traceHeadersOf = applySpan ? traceHeadersByCommand(groups, spans.spanOf) : undefined;
    // The partitions whose batches are in this apply: only this apply writes their wallets now
    // (each partition is serial, and a zombie's write fails the version check).
    const { partitionOfWallet } = deps;
    const partitions = new Set(groups.flatMap((group) => group.map((item) => item.partition)));
    const owns = partitionOfWallet ? (walletKey: string) => partitions.has(partitionOfWallet(walletKey)) : () => false;
    const requestIds = new Map<string, string>();
    for (const group of groups) {
      for (const item of group) {
        const requestId = item.headers[headerNames.requestId];
        if (requestId) requestIds.set(item.value.commandId, requestId);
      }
    }
    const requestIdOf = (commandId: string) => requestIds.get(commandId);
    const applied = await applyCommands(
      deps.store,
      commands,
      {
        now: deps.now(),
        topics: deps.topics,
        xafRate: deps.xafRate,
        owns,
        ...(deps.policy ? { policy: deps.policy } : {}),
        requestIdOf,
        ...(deps.auditRecordIdOf ? { auditRecordIdOf: deps.auditRecordIdOf } : {}),
        ...(traceHeadersOf ? { traceHeadersOf } : {}),
      },
      {
        onLostRace: (err, attempt) =>
          deps.logger.warn({ err, attempt, groups: groups.length }, 'batch lost a race; redoing it from fresh state'),
      },
    );
    const committed = performance.now();
    await deps.afterCommit?.({ commands: commands.length });
    // Reported once per committed apply, even when the publish fails (the sweeper and the
    // redelivery take over): the applied count must match the database, which a redelivered
    // batch (answered from stored outcomes) no longer adds to. Chained on the publish, so every
    // handler awaiting it finds the apply already reported.
    applySpan?.setAttribute('coin.ledger.applied', applied.applied);
    const publishSpan =
      applySpan && applied.outbox
        ? tracing?.tracer.startSpan(
            'publish outbox',
            { attributes: { 'messaging.system': 'kafka', 'messaging.batch.message_count': applied.outbox.messages.length } },
            trace.setSpan(ROOT_CONTEXT, applySpan),
          )
        : undefined;
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
    if (applySpan)
      published.then(
        () => {
          endSpan(publishSpan);
          endSpan(applySpan);
        },
        (err: unknown) => {
          endSpan(publishSpan, err);
          endSpan(applySpan, err);
        },
      );
    let offset = 0;
    return groups.map((group) => {
      const outcomes = applied.outcomes.slice(offset, offset + group.length);
      offset += group.length;
      return { outcomes, published };
    });
  };
  const groupCommit = new GroupCommit(applyGroups, limits);

  const handle = async (items: Delivered<LedgerCommand>[], control?: BatchControl): Promise<void> => {
    await control?.heartbeat();
    // The lane is the partition number: partition n of ledger.commands and of ledger.internal hold
    // the same wallets, so their batches never run in two applies at once.
    const { outcomes, published } = await groupCommit.submit(items, items[0]?.partition);
    // Replies depend on the commit only, so they do not wait for the outbox's publish (and its
    // published_at update) to finish; sendReply puts them ahead of the batch's events too.
    const replies: Promise<void>[] = [];
    items.forEach((item, i) => {
      const address = replyAddressOf(item.headers, deps.topics.gatewayReplies);
      const span = spans.spanOf(item);
      span?.setAttribute('coin.command.ok', outcomes[i]!.ok);
      // The reply names the command's span: the caller's span links to it.
      const traceHeaders = span ? traceHeadersOfSpan(span) : undefined;
      if (address) replies.push(sendReply(deps.producer, address, replyBodyOf(item.value.commandId, outcomes[i]!), traceHeaders));
    });
    await Promise.all([published, ...replies]);
    // During a rebalance this throws; the batch is committed and counted, its offsets are not.
    await control?.heartbeat();
  };
  return spans.wrap(handle);
}

/** The trace headers of each traced command of an apply, by command id (a repeated id: its first). */
function traceHeadersByCommand(
  groups: Delivered<LedgerCommand>[][],
  spanOf: (item: Delivered<LedgerCommand>) => Span | undefined,
): (commandId: string) => Record<string, string> | undefined {
  const byId = new Map<string, Span>();
  for (const group of groups)
    for (const item of group) {
      const span = spanOf(item);
      if (span && !byId.has(item.value.commandId)) byId.set(item.value.commandId, span);
    }
  return (commandId) => {
    const span = byId.get(commandId);
    return span ? traceHeadersOfSpan(span) : undefined;
  };
}
