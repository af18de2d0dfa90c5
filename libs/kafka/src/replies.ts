import { defaultPartitions, headerNames, type Reply } from '@coin/contracts';
import type { BatchingProducer } from './batching-producer';
import { boundedHeader } from './headers';

/** Where and how to answer a delivered command, read from its headers. */
export interface ReplyAddress {
  replyTo: string;
  correlationId: string;
  /** The partition the waiting gateway instance reads; absent, the reply goes by its key. */
  partition?: number;
  /** The waiting gateway reads packed replies (the command's `reply-pack: 1`). */
  packs?: boolean;
}

/** Partitions of the reply topic: every topic set-up grows it to this many (ensureTopics). */
export const replyPartitions = defaultPartitions['gateway.replies'];

/**
 * The `reply-partition` header, if it names a partition the reply topic has. A hostile or stale
 * value (another number, text, a partition past the end) is ignored rather than obeyed: a send
 * to a partition that does not exist fails every time, and with it the batch that answers it.
 * The reply then goes by its key, where a gateway reading the whole topic still finds it.
 */
export function replyPartitionOf(headers: Record<string, string>, partitions = replyPartitions): number | undefined {
  const value = headers[headerNames.replyPartition];
  if (value === undefined || !/^(0|[1-9][0-9]{0,4})$/.test(value)) return undefined;
  const partition = Number(value);
  return partition < partitions ? partition : undefined;
}

/**
 * The reply address of a command, if it names `replyTopic` (the one topic this deployment answers
 * on, the gateway's replies) and a correlation id the answer may carry (a UUID, headers.ts).
 * `reply-to` and `correlation-id` are input like any other: a command naming another topic (one
 * that does not exist, say) would make every attempt to answer it fail, and one with a
 * correlation id of 400,000 characters an answer of 1.2 MB that the broker refuses. The consumer
 * refuses such a command (headerRefusal); this answers it to no one wherever it is asked.
 */
export function replyAddressOf(headers: Record<string, string>, replyTopic: string): ReplyAddress | null {
  const replyTo = headers[headerNames.replyTo];
  const correlationId = boundedHeader(headers, headerNames.correlationId);
  if (replyTo !== replyTopic || !correlationId) return null;
  const partition = replyPartitionOf(headers);
  const address: ReplyAddress = partition === undefined ? { replyTo, correlationId } : { replyTo, correlationId, partition };
  if (headers[headerNames.replyPack] === '1') address.packs = true;
  return address;
}

export type ReplyBody = (
  | { commandId: string; ok: true; result: unknown }
  | { commandId: string; ok: false; error: { code: string; detail: string; errors?: Array<{ path: string; message: string }> } }
) & { replayed?: true; dryRun?: true };

/**
 * A command outcome as a reply body; `replayed` when it was answered from an earlier delivery's
 * stored outcome, `dryRun` when the command was a dry run, decided and not applied.
 */
export function replyBodyOf(commandId: string, outcome: { ok: boolean; reply: unknown; replayed?: true; dryRun?: true }): ReplyBody {
  const marks = { ...(outcome.replayed ? { replayed: true as const } : {}), ...(outcome.dryRun ? { dryRun: true as const } : {}) };
  return outcome.ok
    ? { commandId, ok: true, result: outcome.reply, ...marks }
    : { commandId, ok: false, error: outcome.reply as { code: string; detail: string }, ...marks };
}

/**
 * `traceHeaders`: the `traceparent` of the span that handled the command (the caller's span links
 * to it). An answer the broker refuses as its own (too large, invalid) is dropped, logged and
 * counted by the producer (`droppable`), never retried: the command's batch and partition go on,
 * and its caller, unanswered, retries with its Idempotency-Key.
 */
export function sendReply(
  producer: BatchingProducer,
  address: ReplyAddress,
  body: ReplyBody,
  traceHeaders?: Record<string, string>,
): Promise<void> {
  const value: Reply = { ...body, correlationId: address.correlationId } as Reply;
  // Ahead of the events waiting in the producer: the caller waits on this, nobody on those. Packed
  // with the other replies to the same partition when the caller reads packs (and the producer
  // packs this topic: packOn).
  return producer.send(
    address.replyTo,
    {
      ...(address.partition === undefined ? {} : { partition: address.partition }),
      key: address.correlationId,
      value: JSON.stringify(value),
      headers: { ...traceHeaders, [headerNames.correlationId]: address.correlationId, [headerNames.commandId]: body.commandId },
    },
    address.packs ? { ahead: true, pack: true, droppable: true } : { ahead: true, droppable: true },
  );
}
