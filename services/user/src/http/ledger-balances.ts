import { minorUnitsPerCoin } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { type InternalReadOptions, internalReader } from '@coin/http';

/** The ledger's figure for a user's wallet, in minor units, held coins included (a user without a wallet: 0). */
export type BalanceReader = (userId: number) => Promise<number>;

/**
 * Reads a user's balance from the ledger's internal API with this service's own token
 * (docs/DESIGN.md "Deleting a user"): the user service takes no one's word for it. Any failure
 * but "no wallet" is UNAVAILABLE, which the consumer treats as transient: the command is
 * retried, never decided without the figure.
 */
export function ledgerBalanceReader(options: InternalReadOptions): BalanceReader {
  const read = internalReader('ledger', 'The ledger', options);
  return async (userId) => {
    const { status, ok, body: answered } = await read(`/internal/wallets/by-user/${userId}`);
    const body = answered as { balance?: unknown; code?: unknown } | undefined;
    if (status === 404 && body?.code === 'WALLET_NOT_FOUND') return 0;
    const balance = ok && typeof body?.balance === 'number' && body.balance >= 0 ? body.balance : null;
    if (balance === null) throw new AppError('UNAVAILABLE', `The ledger answered ${status} to a balance read`);
    // Coins with 2 decimals: rounding removes the float residue, never a cent.
    return Math.round(balance * minorUnitsPerCoin);
  };
}
