import { adminRefusalEvent, headerNames, type Actor, type RefusalRecord, type RefusalSource } from '@coin/contracts';
import type { BatchingProducer } from './batching-producer';
import type { RefusedMessage } from './consumer';

/** What a refused command must have for its record: what the schema of every command guarantees. */
interface RefusableCommand {
  commandId: string;
  type: string;
  actor: Actor;
}

/** The error code of every command refused before apply, in its audit record and its caller's answer. */
export const commandRefusedCode = 'COMMAND_REFUSED';

/**
 * The admin audit record of a command a consumer refused before applying it (docs/DESIGN.md
 * "Admin audit log"): rejected, the actor as the command names it and marked unverified (a
 * forged command names anyone), the command type as the action. `id` must be derived from the
 * topic, partition and offset, so a redelivery is the same record.
 */
export function commandRefusalRecord(
  source: RefusalSource,
  refused: RefusedMessage<RefusableCommand>,
  id: string,
  at: Date,
  errorCode: string = commandRefusedCode,
): RefusalRecord {
  const { value: command } = refused;
  return {
    id,
    at: at.toISOString(),
    source,
    actor: { kind: command.actor.kind, id: command.actor.id, ...(command.actor.role ? { role: command.actor.role } : {}), verified: false },
    address: null,
    action: command.type,
    target: `command:${command.commandId}`,
    summary: { topic: refused.topic, partition: refused.partition, offset: refused.offset },
    result: 'rejected',
    errorCode,
    reason: refused.reason.slice(0, 1000),
    requestId: refused.headers[headerNames.requestId]?.slice(0, 200) || null,
  };
}

/**
 * The admin audit record of a command set aside (libs/kafka consumer.ts applyIsolating): valid
 * and judged, but no apply could take it. Rejected with COMMAND_FAILED, the answer its caller
 * got; the reason is the dead letter's (its failure class, SQLSTATE and error). The actor stays
 * marked unverified: the record says who the command names, not what a proof showed.
 */
export function commandSetAsideRecord(
  source: RefusalSource,
  setAside: RefusedMessage<RefusableCommand>,
  id: string,
  at: Date,
): RefusalRecord {
  return commandRefusalRecord(source, setAside, id, at, 'COMMAND_FAILED');
}

/** The name a set-aside message's record id is derived from: its place in the log, like a refusal's. */
export function setAsideIdName(setAside: Pick<RefusedMessage<unknown>, 'topic' | 'partition' | 'offset' | 'packEntry'>): string {
  return `admin.set-aside:${refusalIdName(setAside).slice('admin.refusal:'.length)}`;
}

/**
 * The name a refused message's record id is derived from: its place in the log, the same on every
 * delivery (for a message of a pack, the pack's place and its entry: each its own record).
 */
export function refusalIdName(refused: Pick<RefusedMessage<unknown>, 'topic' | 'partition' | 'offset' | 'packEntry'>): string {
  const place = `admin.refusal:${refused.topic}:${refused.partition}:${refused.offset}`;
  return refused.packEntry === undefined ? place : `${place}:${refused.packEntry}`;
}

/**
 * Sends a refusal record to admin.audit (the ledger and user services) or admin.refusals (the
 * gateway); test/deploy reads the `topics.x` argument to know who writes which topic. Resolves once the broker has it (the batching
 * producer's send is acknowledged by every in-sync replica), keyed by its id like every record.
 */
export async function sendRefusalRecord(producer: BatchingProducer, topic: string, record: RefusalRecord): Promise<void> {
  const event = adminRefusalEvent(record);
  await producer.send(topic, {
    key: record.id,
    value: JSON.stringify(event),
    headers: { [headerNames.type]: event.type },
  });
}
