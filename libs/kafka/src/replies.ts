import { headerNames, type Reply } from '@coin/contracts';
import type { BatchingProducer } from './batching-producer';

/** Where and how to answer a delivered command, read from its headers. */
export interface ReplyAddress {
  replyTo: string;
  correlationId: string;
}

export function replyAddressOf(headers: Record<string, string>): ReplyAddress | null {
  const replyTo = headers[headerNames.replyTo];
  const correlationId = headers[headerNames.correlationId];
  return replyTo && correlationId ? { replyTo, correlationId } : null;
}

export type ReplyBody =
  | { commandId: string; ok: true; result: unknown }
  | { commandId: string; ok: false; error: { code: string; detail: string; errors?: Array<{ path: string; message: string }> } };

/** A stored command outcome as a reply body. */
export function replyBodyOf(commandId: string, outcome: { ok: boolean; reply: unknown }): ReplyBody {
  return outcome.ok
    ? { commandId, ok: true, result: outcome.reply }
    : { commandId, ok: false, error: outcome.reply as { code: string; detail: string } };
}

export function sendReply(producer: BatchingProducer, address: ReplyAddress, body: ReplyBody): Promise<void> {
  const value: Reply = { ...body, correlationId: address.correlationId } as Reply;
  return producer.send(address.replyTo, {
    key: address.correlationId,
    value: JSON.stringify(value),
    headers: { [headerNames.correlationId]: address.correlationId, [headerNames.commandId]: body.commandId },
  });
}
