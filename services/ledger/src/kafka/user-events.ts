import { closeWalletReason, headerNames, walletKeyOfUser, type LedgerCommand, type TopicNames, type UserEvent } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { BatchingProducer, Delivered } from '@coin/kafka';
import { uuidV5 } from '@coin/security';
import { openUserWallets } from '../db/wallets-repo';

export interface UserEventDeps {
  pool: Pool;
  producer: BatchingProducer;
  topics: TopicNames;
  now: () => Date;
}

/** The command id a user.deleted event turns into: the same on every redelivery of the event. */
export function closeWalletCommandId(eventId: string): string {
  return uuidV5(`ledger.close-wallet:${eventId}`);
}

/**
 * Every registered user gets a wallet (seed §1), however the user was created. A deleted user's
 * wallet is closed by a `ledger.close-wallet` command in the wallet's own partition, so the burn
 * of what is left is serialised with every other movement of that wallet (SPEC §6). The gateway's
 * DELETE closes it before it answers; this is the close for deletions that did not come through
 * the gateway, or whose gateway stopped between the deletion and the close (a no-op otherwise).
 */
export function handleUserEvents(deps: UserEventDeps) {
  return async (items: Delivered<UserEvent>[]): Promise<void> => {
    const registered = items.filter((i) => i.value.type === 'user.registered').map((i) => i.value.user.id);
    await openUserWallets(deps.pool, registered);
    const closes = items
      .map((i) => i.value)
      .filter((e) => e.type === 'user.deleted')
      .map((e) => {
        const command: Extract<LedgerCommand, { type: 'ledger.close-wallet' }> = {
          commandId: closeWalletCommandId(e.eventId),
          type: 'ledger.close-wallet',
          issuedAt: deps.now().toISOString(),
          actor: { kind: 'service', id: 'ledger' },
          data: { userId: e.user.id, reason: closeWalletReason(e.user.id) },
        };
        return {
          topic: deps.topics.ledgerCommands,
          message: {
            key: walletKeyOfUser(e.user.id),
            value: JSON.stringify(command),
            headers: { [headerNames.commandId]: command.commandId, [headerNames.type]: command.type },
          },
        };
      });
    await deps.producer.sendMany(closes);
  };
}
