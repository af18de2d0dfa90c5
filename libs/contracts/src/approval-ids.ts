import { treasuryCodes } from './common';
import { cashoutRatesKey, walletKeyOfTreasury, walletKeyOfUser } from './ledger';
import { payerOfHoldId } from './holds';

/** What an approval request's id names: the wallet key of the partition that keeps it, and whether it holds a payout. */
export interface ApprovalRoute {
  walletKey: string;
  payout: boolean;
}

/**
 * An approval request's id names its route (docs/CONTRACT.md "Holds, limits and approvals",
 * docs/decisions/0005): a UUIDv8 (RFC 9562) `xxxxxxxx-xxxx-8xxx-8Kpp-pppppppppppp`. The digit `K` is 8 for a payout's
 * request plus 0 when its partition is a user's wallet (the 14 digits `p` are the user id in
 * hexadecimal), 1 + the treasury's index in `treasuryCodes`, or 1 + 4 + the key's index in
 * `otherKeys` (the rate table's; the digits `p` are 0); the 16 digits `x` are random. Ids issued
 * before (UUIDv5, version digit 5) name nothing.
 */
/** The keys of partitions that keep requests and are neither a user's wallet nor a treasury's: the cash-out rate table's. */
const otherKeys = [cashoutRatesKey] as const;
/** The key a digit `K` (less its payout bit) names beside a user's: a treasury's or another key's. */
const keyOfOwnerDigit = (owner: number): string | undefined => {
  const treasury = treasuryCodes[owner - 1];
  return treasury === undefined ? otherKeys[owner - 1 - treasuryCodes.length] : walletKeyOfTreasury(treasury);
};

const routedApprovalId = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/;

/** The route an approval request's id names, or null when it names none (an id issued before, or not of this layout). */
export function routeOfApprovalId(id: string): ApprovalRoute | null {
  const lower = id.toLowerCase();
  if (!routedApprovalId.test(lower)) return null;
  const kind = Number.parseInt(lower[20]!, 16);
  const payout = kind >= 8;
  const owner = kind % 8;
  const p = Number.parseInt(lower.slice(21, 23) + lower.slice(24), 16);
  if (owner === 0) return p >= 1 && p <= Number.MAX_SAFE_INTEGER ? { walletKey: walletKeyOfUser(p), payout } : null;
  const walletKey = keyOfOwnerDigit(owner);
  return walletKey !== undefined && p === 0 ? { walletKey, payout } : null;
}

/**
 * The id of an approval request kept under `walletKey` (a user's, a treasury's or the rate table's), its random
 * digits taken from `seed` (32 hexadecimal digits, e.g. a hash of the command id and the
 * gateway's nonce: 64 of its bits are used).
 */
export function approvalIdNamingRoute(route: ApprovalRoute, seed: string): string {
  if (!/^[0-9a-f]{32}$/.test(seed)) throw new RangeError('an approval id seed must be 32 lowercase hexadecimal digits');
  const [kind, owner] = route.walletKey.split(':') as [string, string | undefined];
  let ownerDigit: number;
  let p: number;
  if (kind === 'user' && owner !== undefined && /^[1-9][0-9]*$/.test(owner) && Number.isSafeInteger(Number(owner))) {
    [ownerDigit, p] = [0, Number(owner)];
  } else {
    const digit = [1, 2, 3, 4, 5, 6, 7].find((owner) => keyOfOwnerDigit(owner) === route.walletKey);
    if (digit === undefined) {
      throw new RangeError(`an approval request is kept under a user's, a treasury's or the rate table's key, not ${route.walletKey}`);
    }
    [ownerDigit, p] = [digit, 0];
  }
  const k = ((route.payout ? 8 : 0) + ownerDigit).toString(16);
  const digits = p.toString(16).padStart(14, '0');
  return `${seed.slice(0, 8)}-${seed.slice(8, 12)}-8${seed.slice(12, 15)}-8${k}${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/**
 * The id of the request a cash-out above the four-eyes threshold makes for its second person: its
 * cash-out's id with the digit `R` read as `K` = 0 (a request kept in the payer's partition,
 * holding no payout), so it names its route as every request's id does and the cash-out's id alone
 * finds it (POST /api/admin/cashouts/{id}/approve). Null for a cash-out id naming no payer (issued
 * before, docs/decisions/0005): no such cash-out waits for a second person.
 */
export function cashoutApprovalIdOf(cashoutId: string): string | null {
  const lower = cashoutId.toLowerCase();
  if (payerOfHoldId(lower) === null) return null;
  return `${lower.slice(0, 20)}0${lower.slice(21)}`;
}
