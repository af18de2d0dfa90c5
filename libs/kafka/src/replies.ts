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

export function sendReply(producer: BatchingProducer, address: ReplyAddress, body: Omit<Reply, 'correlationId'>): Promise<void> {
  const value: Reply = { ...body, correlationId: address.correlationId } as Reply;
  return producer.send(address.replyTo, {
    key: address.correlationId,
    value: JSON.stringify(value),
    headers: { [headerNames.correlationId]: address.correlationId, [headerNames.commandId]: body.commandId },
  });
}
