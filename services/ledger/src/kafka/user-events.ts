import {
  closeWalletReason,
  headerNames,
  ledgerCommandMessage,
  type LedgerCommand,
  type RefusalRecord,
  type TopicNames,
  type ConsumedUserEvent,
} from '@coin/contracts';
import { deadLetter, originalMessageOf, refusalIdName, sendRefusalRecord, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { uuidV5 } from '@coin/security';
import type { UserDeletionReader } from './user-deletions';

export interface UserEventDeps {
  producer: BatchingProducer;
  topics: TopicNames;
  now: () => Date;
  /** Asks the user service whether a user is deleted (userDeletionReader). */
  deletionOf: UserDeletionReader;
  /** The keyed derivation of audit record ids (AuditRecordSigner.recordId). */
  auditRecordIdOf: (name: string) => string;
  logger: Logger;
}

/** The error code of an event refused before the ledger acted on it (its record in the admin audit log). */
export const eventRefusedCode = 'EVENT_REFUSED';

/**
 * The admin audit record of a user event the ledger refused to act on: the writer it claims (the
 * user service) as an unverified actor, the event type as the action.
 */
export function eventRefusalRecord(item: Delivered<ConsumedUserEvent>, reason: string, id: string, at: Date): RefusalRecord {
  return {
    id,
    at: at.toISOString(),
    source: 'ledger',
    actor: { kind: 'service', id: 'user', verified: false },
    address: null,
    action: item.value.type,
    target: `event:${item.value.eventId}`,
    summary: { topic: item.topic, partition: item.partition, offset: item.offset, userId: item.value.user.id },
    result: 'rejected',
    errorCode: eventRefusedCode,
    reason: reason.slice(0, 1000),
    requestId: item.headers[headerNames.requestId]?.slice(0, 200) || null,
  };
}

/** The command id a user.deleted event turns into: the same on every redelivery of the event. */
export function closeWalletCommandId(eventId: string): string {
  return uuidV5(`ledger.close-wallet:${eventId}`);
}

/** The command id a user.registered event turns into: the same on every redelivery of the event. */
export function openWalletCommandId(eventId: string): string {
  return uuidV5(`ledger.open-wallet:${eventId}`);
}

/** The ledger command a user event asks for, if any. */
function commandOf(event: ConsumedUserEvent, now: Date): LedgerCommand | null {
  const envelope = { issuedAt: now.toISOString(), actor: { kind: 'service', id: 'ledger' } } as const;
  switch (event.type) {
    case 'user.registered':
      return { ...envelope, commandId: openWalletCommandId(event.eventId), type: 'ledger.open-wallet', data: { userId: event.user.id } };
    case 'user.deleted':
      return {
        ...envelope,
        commandId: closeWalletCommandId(event.eventId),
        type: 'ledger.close-wallet',
        data: { userId: event.user.id, reason: closeWalletReason(event.user.id) },
      };
    default:
      return null;
  }
}

/**
 * A user.deleted event burns a balance, so it is acted on only when the user service confirms the
 * user is deleted: anyone who can write user.events.v2 (or its retired v1) could otherwise close
 * a live user's wallet. Confirmed: kept. Not (a live user, or no such user): dead-lettered,
 * recorded in the admin audit log, nothing happens. The user service out of reach: thrown as
 * UNAVAILABLE, so the batch is retried, never decided on the event's word. Deletions are rare:
 * one question each.
 */
async function confirmedDeletions(items: Delivered<ConsumedUserEvent>[], deps: UserEventDeps): Promise<Delivered<ConsumedUserEvent>[]> {
  const kept: Delivered<ConsumedUserEvent>[] = [];
  for (const item of items) {
    if (item.value.type !== 'user.deleted') {
      kept.push(item);
      continue;
    }
    const status = await deps.deletionOf(item.value.user.id);
    if (status === 'deleted') {
      kept.push(item);
      continue;
    }
    const reason = `user.deleted refused: the user service says user ${item.value.user.id} is ${status === 'live' ? 'not deleted' : 'unknown'}`;
    deps.logger.warn({ topic: item.topic, partition: item.partition, offset: item.offset, eventId: item.value.eventId }, reason);
    await deadLetter(deps.producer, item.topic, item.partition, originalMessageOf(item), reason);
    const id = deps.auditRecordIdOf(refusalIdName(item));
    await sendRefusalRecord(deps.producer, deps.topics.adminAudit, eventRefusalRecord(item, reason, id, deps.now()));
  }
  return kept;
}

/**
 * Every registered user gets a wallet (docs/CONTRACT.md "Resources"), however the user was created, and a deleted
 * user's wallet is closed, its balance burned (docs/CONTRACT.md "Deletion"). Both travel as commands in the wallet's
 * own partition, the only writer of that wallet, so they are serialised with every other
 * movement of it. The gateway opens and closes wallets itself before it answers; these commands
 * cover users created or deleted elsewhere (the admin CLI) and a gateway that stopped halfway
 * (a no-op otherwise: opening an existing wallet or closing a closed one changes nothing).
 */
export function handleUserEvents(deps: UserEventDeps) {
  return async (items: Delivered<ConsumedUserEvent>[]): Promise<void> => {
    const confirmed = await confirmedDeletions(items, deps);
    const now = deps.now();
    const commands = confirmed.flatMap((item) => commandOf(item.value, now) ?? []);
    await deps.producer.sendMany(
      commands.map((command) => ({ topic: deps.topics.ledgerInternal, message: ledgerCommandMessage(command) })),
    );
  };
}
