import { minorUnitsPerCoin } from '@coin/contracts';
import { AppError, callFailureOf } from '@coin/errors';
import type { ServiceTokenSigner } from '@coin/http';

/** The ledger's figure for a user's wallet, in minor units, held coins included (a user without a wallet: 0). */
export type BalanceReader = (userId: number) => Promise<number>;

/**
 * Reads a user's balance from the ledger's internal API with this service's own token
 * (docs/DESIGN.md "Deleting a user"): the user service takes no one's word for it. Any failure
 * but "no wallet" is UNAVAILABLE, which the consumer treats as transient: the command is
 * retried, never decided without the figure.
 */
export function ledgerBalanceReader(options: {
  baseUrl: string;
  timeoutMs: number;
  signer: Pick<ServiceTokenSigner, 'authorizationFor'>;
  /** The HTTP client; tests pass a stub. */
  fetch?: typeof fetch;
}): BalanceReader {
  const authorization = options.signer.authorizationFor('ledger');
  const send = options.fetch ?? fetch;
  return async (userId) => {
    let response: Response;
    try {
      response = await send(new URL(`/internal/wallets/by-user/${userId}`, options.baseUrl), {
        headers: { authorization: await authorization() },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `The ledger is unavailable: ${callFailureOf(err)}`);
    }
    const body = (await response.json().catch(() => undefined)) as { balance?: unknown; code?: unknown } | undefined;
    if (response.status === 404 && body?.code === 'WALLET_NOT_FOUND') return 0;
    const balance = response.ok && typeof body?.balance === 'number' && body.balance >= 0 ? body.balance : null;
    if (balance === null) throw new AppError('UNAVAILABLE', `The ledger answered ${response.status} to a balance read`);
    // Coins with 2 decimals: rounding removes the float residue, never a cent.
    return Math.round(balance * minorUnitsPerCoin);
  };
}
