/**
 * What a platform client's grants allow (docs/DESIGN.md "Platform clients and their grants"): one
 * rule, read by the gateway (403 at the edge) and by the ledger (which verified the token itself).
 * `treasuries` is the SYSTEM token's claim; a token without it grants no treasury.
 */

/** A client rewards from REWARDS only when granted it. */
export function clientMayReward(treasuries: readonly string[] | undefined): boolean {
  return treasuries?.includes('REWARDS') ?? false;
}

/**
 * A client is a payout provider when granted `cashout` (docs/CONTRACT.md "Cash-out"): the SYSTEM
 * token's claim `cashout: true`, which the user service signs from the client's grant. Only the
 * literal `true` grants it.
 */
export function clientMayCashout(cashout: unknown): boolean {
  return cashout === true;
}

/** What the settlement rules read of a hold: the treasury it pays (null: a user) and the client its payer named (null: none). */
export interface HoldSettlers {
  toTreasury: string | null;
  settlerClientId: string | null;
}

/**
 * Why a platform client may not capture or void a hold, or null when it may (docs/design/ledger.md
 * "Holds", who settles a hold). A hold names its settler when it is placed: the client its payer
 * named settles it alone; with none named, a hold paying a treasury is settled by the clients
 * granted that treasury, and a hold paying a user by no client. A client settling a treasury's
 * hold is granted that treasury, named or not.
 */
export function clientSettleRefusal(clientId: string, treasuries: readonly string[] | undefined, hold: HoldSettlers): string | null {
  if (hold.settlerClientId !== null && hold.settlerClientId !== clientId) {
    return 'This hold is settled by the platform client its payer named, not this one';
  }
  if (hold.toTreasury !== null) {
    return (treasuries?.includes(hold.toTreasury) ?? false)
      ? null
      : `This platform client is not granted ${hold.toTreasury}: it may not settle holds paying it`;
  }
  return hold.settlerClientId === clientId
    ? null
    : 'A hold paying a user is settled only by the platform client its payer named, and this one names none';
}

/**
 * Why an ADMIN+ may not settle a hold, or null when they may. Voiding returns the coins to their
 * payer, which support may always do; capturing moves them, which the client a payer named
 * decides alone. (A capture paying the admin is refused by the ledger too: SELF_DEALING.)
 */
export function adminSettleRefusal(action: 'capture' | 'void', hold: HoldSettlers): string | null {
  return action === 'capture' && hold.settlerClientId !== null
    ? 'The payer named a platform client to settle this hold: an ADMIN+ may void it, not capture it'
    : null;
}

/**
 * The one rule of what a platform client sees of money (docs/DESIGN.md "Platform read-back"): what
 * names it as party, the client on a transaction, a hold (its settler), a mandate or a cash-out.
 * The transaction read-back, the events list (GET /api/events) and webhooks all judge by it; a
 * treasury grant lets a client move money, never read another platform's. Nothing named: no
 * platform sees it.
 */
export function clientIsParty(clientId: string, named: string | null | undefined): boolean {
  return named !== undefined && named !== null && named === clientId;
}

/**
 * A treasury's balance crossings (balance monitors) go to the clients granted that treasury: a
 * treasury's balance names no person. Movements are judged by {@link clientIsParty}, not by this.
 */
export function clientMaySeeTreasuries(treasuries: readonly string[] | undefined, touched: ReadonlyArray<string | null>): boolean {
  return touched.some((code) => code !== null && (treasuries?.includes(code) ?? false));
}
