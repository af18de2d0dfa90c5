import type { KafkaMessage } from 'kafkajs';
import type { Logger } from '@coin/logger';

/**
 * Records the patched kafkajs decoder refused (patches/README.md "Records decoded in linear time,
 * within bounds"): one with more headers or header bytes than `decodeLimits` allow, decoded up to
 * the bound, or a batch whose records could not be decoded (lengths that lie, a codec this client
 * lacks, a compressed batch that inflates past its bound), given as one record at the batch's last
 * offset. Each carries `decodeRefusal`, the reason; its key, value and headers are what was read
 * before the bound (none for a batch). Every consumer treats it as that record's failure: the kit's
 * consumers dead-letter it and answer its caller when its address holds, the others pass over it,
 * and the partition goes on.
 */
export type DecodeLimits = { maxHeaders: number; maxHeaderBytes: number; maxRecordsPerBatch: number; maxInflatedBatchBytes: number };

/** The decoder's bounds: read from the patched module, so what is documented is what runs. */
export const decodeLimits: Readonly<DecodeLimits> = require('kafkajs/src/protocol/recordBatch/record/v0/limits') as DecodeLimits;

/** Why the decoder refused `message`, or null when it decoded it whole. */
export function decodeRefusalOf(message: KafkaMessage): string | null {
  const refusal = (message as { decodeRefusal?: unknown }).decodeRefusal;
  return typeof refusal === 'string' ? refusal : null;
}

/**
 * The records of a fetched batch that the decoder took whole, for a consumer that sets nothing
 * aside (replies, token versions, live balances): each refused one is logged once, by its place and
 * reason (never its content), and passed over.
 */
export function decodedWhole(messages: KafkaMessage[], place: { topic: string; partition: number }, log: Logger): KafkaMessage[] {
  if (!messages.some((message) => decodeRefusalOf(message) !== null)) return messages;
  return messages.filter((message) => {
    const refusal = decodeRefusalOf(message);
    if (refusal !== null) log.warn({ ...place, offset: message.offset, error: refusal }, 'passing over a record the decoder refused');
    return refusal === null;
  });
}
