import type { UserEvent } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { Delivered } from '@coin/kafka';
import { openUserWallets } from '../db/wallets-repo';

/** Every registered user gets a wallet (seed §1), however the user was created. */
export function handleUserEvents(deps: { pool: Pool }) {
  return async (items: Delivered<UserEvent>[]): Promise<void> => {
    const registered = items.filter((i) => i.value.type === 'user.registered').map((i) => i.value.user.id);
    await openUserWallets(deps.pool, registered);
  };
}
