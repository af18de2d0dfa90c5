import { closeWalletReason, ledgerCommandMessage, type LedgerCommand, type TopicNames, type UserEvent } from '@coin/contracts';
import type { BatchingProducer, Delivered } from '@coin/kafka';
import { uuidV5 } from '@coin/security';

export interface UserEventDeps {
  producer: BatchingProducer;
  topics: TopicNames;
  now: () => Date;
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
function commandOf(event: UserEvent, now: Date): LedgerCommand | null {
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
 * Every registered user gets a wallet (docs/CONTRACT.md "Resources"), however the user was created, and a deleted
 * user's wallet is closed, its balance burned (docs/CONTRACT.md "Deletion"). Both travel as commands in the wallet's
 * own partition, the only writer of that wallet, so they are serialised with every other
 * movement of it. The gateway opens and closes wallets itself before it answers; these commands
 * cover users created or deleted elsewhere (the admin CLI) and a gateway that stopped halfway
 * (a no-op otherwise: opening an existing wallet or closing a closed one changes nothing).
 */
export function handleUserEvents(deps: UserEventDeps) {
  return async (items: Delivered<UserEvent>[]): Promise<void> => {
    const now = deps.now();
    const commands = items.flatMap((item) => commandOf(item.value, now) ?? []);
    await deps.producer.sendMany(
      commands.map((command) => ({ topic: deps.topics.ledgerInternal, message: ledgerCommandMessage(command) })),
    );
  };
}
