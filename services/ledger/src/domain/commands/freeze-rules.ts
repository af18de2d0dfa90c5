import { walletKeyOfUser } from '@coin/contracts';
import { InvariantViolation, type Rejected } from '@coin/errors';
import { freezeChangesOf } from '../kinds/freezes';
import type { WalletState } from '../state';
import { reject } from './rules';
import type { DecideContext, ReplyInput } from './types';

/** What the freeze commands share (freeze-wallet.ts, lift-freeze.ts). */

type FreezeCommandType = 'ledger.freeze-wallet' | 'ledger.lift-freeze';

/** The open wallet of a user a freeze command names, or why there is none. */
export function userWalletOf(context: DecideContext, userId: number): { ok: true; wallet: WalletState } | Rejected {
  const wallet = context.wallet(walletKeyOfUser(userId));
  if (!wallet) return reject('WALLET_NOT_FOUND', `User ${userId} has no wallet`);
  if (wallet.status === 'CLOSED') return reject('WALLET_NOT_FOUND', `User ${userId}'s wallet is closed`);
  return { ok: true, wallet };
}

/** The frozen wallet an unfreeze command names, or why it cannot be unfrozen. */
export function frozenWalletOf(context: DecideContext, userId: number): { ok: true; wallet: WalletState } | Rejected {
  const found = userWalletOf(context, userId);
  if (!found.ok) return found;
  if (!found.wallet.freeze) return reject('WALLET_NOT_FROZEN', `User ${userId}'s wallet is not frozen`);
  return found;
}

/** Every freeze command's reply: the wallet's freeze as the decision left it. */
export function freezeReply<T extends FreezeCommandType>(input: ReplyInput<T>) {
  const [change] = freezeChangesOf(input.decision);
  if (!change) throw new InvariantViolation('a freeze command accepted without its freeze');
  return { userId: change.userId, frozen: change.freeze !== null, freeze: input.views.freeze(change.userId, change.freeze) };
}
