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
 * A client settles (captures or voids) a hold paying a treasury only when granted that treasury;
 * a hold paying a user is the payer's own choice of recipient, which no client can redirect, so
 * any active client may settle it.
 */
export function clientMaySettle(treasuries: readonly string[] | undefined, holdToTreasury: string | null): boolean {
  return holdToTreasury === null || (treasuries?.includes(holdToTreasury) ?? false);
}

/**
 * A client's webhooks see a movement only when it touches a treasury the client was granted
 * (docs/DESIGN.md "Webhooks"): a reward from REWARDS, a hold or purchase paying a granted
 * treasury. A movement between users names no client, so no client sees it.
 */
export function clientMaySeeTreasuries(treasuries: readonly string[] | undefined, touched: ReadonlyArray<string | null>): boolean {
  return touched.some((code) => code !== null && (treasuries?.includes(code) ?? false));
}
