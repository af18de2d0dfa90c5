import { walletKeyOf, type Actor, type Party } from '@coin/contracts';
import { nextResetOf, recordSpend, usageOf, type SpendingWindow } from './limits';

/**
 * Four-eyes by window, not by request (docs/design/ledger.md "Four-eyes windows"). Pure.
 *
 * What one person moves alone is counted in a rolling 24 h, by the hour like spending limits:
 * every MINT, BURN, REFUND and person's REWARD they apply without a second person adds its amount
 * to their window (one window for all four kinds: coins created, destroyed or paid out by one
 * person add up whatever the operation), and every MINT, REWARD or REFUND paid into a wallet adds
 * to that wallet's "received from admins" window. A request that would take either window to its
 * threshold or beyond is not applied: it is stored as an approval request (202) and a second
 * person applies it. Platform clients are not people: their rewards count in their own window
 * against a daily cap, and past it they are refused.
 *
 * The windows live in the ledger's database (four_eyes_windows), a kind of the state table
 * (domain/kinds/four-eyes-windows.ts): read with the batch and written by its one statement
 * against the version they were read at, so two partitions
 * (in two processes) counting the same person at once cannot both pass: the second write fails,
 * its batch is redone from a fresh read and sees the first's amount.
 */

export interface FourEyesPolicy {
  /** Minor units one person may move alone in a rolling day: a movement reaching it waits for a second person; null: no window. */
  actorWindow: number | null;
  /** Minor units one wallet may receive from admins in a rolling day before a second person must approve; null: no window. */
  recipientWindow: number | null;
  /** Every MINT into a treasury waits for a second person, whatever its amount. */
  treasuryMint: boolean;
  /** Minor units a platform client may reward in a rolling day when its token names no cap of its own; null: no cap. */
  clientDailyRewards: number | null;
}

/** No windows: the domain's default (tests of other rules); the service's configuration turns them on. */
export const fourEyesOff: FourEyesPolicy = { actorWindow: null, recipientWindow: null, treasuryMint: false, clientDailyRewards: null };

/** A window a command adds to, by its scope (the row's key): `actor:user:7`, `recipient:user:9`, `client:<id>`. */
export interface WindowCharge {
  scope: string;
  amount: number;
}

export function actorScope(actor: Actor): string {
  return `actor:${actor.kind}:${actor.id}`;
}

export function recipientScope(party: Party): string {
  return `recipient:${walletKeyOf(party)}`;
}

export function clientScope(clientId: string): string {
  return `client:${clientId}`;
}

/** Whether the actor is a person (a user token): the only actors four-eyes counts. */
export function isPerson(actor: Actor): boolean {
  return actor.kind === 'user';
}

/** What a person's movement of `amount` to `recipient` (null: a burn) adds to. */
export function personCharges(actor: Actor, amount: number, recipient: Party | null): WindowCharge[] {
  if (!isPerson(actor)) return [];
  return [{ scope: actorScope(actor), amount }, ...(recipient ? [{ scope: recipientScope(recipient), amount }] : [])];
}

/** Which window a movement would take to its threshold, or null when it stays under every one. */
export function windowReached(
  windows: ReadonlyMap<string, SpendingWindow> | undefined,
  charges: WindowCharge[],
  policy: FourEyesPolicy,
  now: Date,
): { scope: string; used: number; threshold: number } | null {
  for (const { scope, amount } of charges) {
    const threshold = scope.startsWith('actor:') ? policy.actorWindow : scope.startsWith('recipient:') ? policy.recipientWindow : null;
    if (threshold === null) continue;
    const used = usageOf(windows?.get(scope) ?? [], now).amount;
    if (used + amount >= threshold) return { scope, used, threshold };
  }
  return null;
}

/** A platform client's reward past its daily cap: what it used and when enough leaves the window. */
export function clientCapBreach(
  windows: ReadonlyMap<string, SpendingWindow> | undefined,
  clientId: string,
  amount: number,
  cap: number | null,
  now: Date,
): { used: number; cap: number; resetsAt: Date | null } | null {
  if (cap === null) return null;
  const window = windows?.get(clientScope(clientId)) ?? [];
  const used = usageOf(window, now).amount;
  if (used + amount <= cap) return null;
  return { used, cap, resetsAt: amount > cap ? null : nextResetOf(window, now) };
}

/** The windows after the charges of an applied movement. */
export function charge(windows: Map<string, SpendingWindow>, charges: readonly WindowCharge[], now: Date): void {
  for (const { scope, amount } of charges) windows.set(scope, recordSpend(windows.get(scope) ?? [], amount, now));
}
