import type { Actor, Role } from './common';

/**
 * The second person of a four-eyes act (docs/DESIGN.md "Two-person acts"), one rule for every act
 * of four-eyes-acts.ts, pure: whoever decides a request is another eligible person than the one
 * who asked, is not paid by it, is not one of the people behind the key or client it is made
 * with, held the deciding role since before the request was made, decides it before it expires,
 * and gave a fresh second factor. Each act says which of these facts it has (a fact left out is
 * not judged: a rejection, for one, needs only the request to be pending) and, where its answers
 * name them so, its own codes and words; the order of the checks is the rule's, never the act's.
 */

/** The parts of the rule, in the order they are judged. */
export const secondPersonChecks = ['expired', 'requester', 'self-dealing', 'people-behind', 'not-eligible', 'stale-second-factor'] as const;
export type SecondPersonCheck = (typeof secondPersonChecks)[number];

/** The code each part answers with, unless the act names its own (the API's codes, docs/CONTRACT.md). */
export const secondPersonCodes = {
  expired: 'APPROVAL_NOT_PENDING',
  requester: 'APPROVAL_BY_REQUESTER',
  'self-dealing': 'SELF_DEALING',
  'people-behind': 'SELF_DEALING',
  'not-eligible': 'APPROVER_NOT_ELIGIBLE',
  'stale-second-factor': 'STEP_UP_REQUIRED',
} as const;

/** A code the rule may answer with: its own, or one an act names for a part (a freeze's requester: UNFREEZE_BY_REQUESTER). */
export type SecondPersonCode = (typeof secondPersonCodes)[SecondPersonCheck] | 'UNFREEZE_BY_REQUESTER';

const defaultDetails: Record<SecondPersonCheck, string> = {
  expired: 'The request expired',
  requester: 'The person who asked cannot approve their own request; another ADMIN+ must',
  'self-dealing': 'No one decides a request that pays them; another ADMIN+ must',
  'people-behind': 'No payment made with an API key goes to the SUPERADMINs who asked for or approved the key',
  'not-eligible': 'Only an ADMIN+ who held the role before the request was made may approve it',
  'stale-second-factor': 'Confirm with a fresh TOTP code (POST /api/auth/mfa/step-up)',
};

/** What is known of one decision: each fact that is given is judged, the others are not. */
export interface SecondPersonCase {
  /** Who decides. */
  decider: Actor;
  /** When they decide. */
  now: Date;
  /**
   * Who asked; always judged: the decider is not them. The one fact no act may leave out (a
   * request nobody is known to have made cannot be told apart from the decider's own).
   */
  requester: Actor;
  /** When the request lapses; judged: `now` is before it. */
  expiresAt?: Date;
  /** The people (user ids) the act pays or is about; judged: the decider is none of them. */
  paid?: ReadonlyArray<string | number | null>;
  /** The people (user ids) behind the key or client the decision is made with; judged: none of them is paid. */
  peopleBehind?: ReadonlyArray<string | number>;
  /**
   * Since when the decider has held a role that may decide the act (null: they hold none); judged
   * with `requestedAt`: since strictly before it, so nobody made an ADMIN for the occasion decides.
   */
  eligibleSince?: Date | null;
  requestedAt?: Date;
  /** When the decider last gave their second factor (null: never) and how old it may be; judged: no older. */
  secondFactorAt?: Date | null;
  secondFactorMaxAgeMs?: number;
}

/** An act's own codes and words for the parts its answers name differently. */
export type SecondPersonWording = Partial<Record<SecondPersonCheck, { code?: SecondPersonCode; detail: string }>>;

export interface SecondPersonRefusal {
  check: SecondPersonCheck;
  code: SecondPersonCode;
  detail: string;
}

const userIdOf = (actor: Actor): string | null => (actor.kind === 'user' ? actor.id : null);

/** Whether two actors are the same person (or client or operator). */
export function sameActor(a: Actor, b: Actor): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** Whether a second factor given at `at` is fresh at `now`: at most `maxAgeMs` old. */
export function secondFactorFresh(at: Date | null | undefined, now: Date, maxAgeMs: number): boolean {
  return at !== null && at !== undefined && now.getTime() - at.getTime() <= maxAgeMs;
}

/** Whether the act pays (or is about) the person `actor` is: self-dealing, also where no second person is asked for. */
export function paysPerson(actor: Actor, paid: ReadonlyArray<string | number | null>): boolean {
  const person = userIdOf(actor);
  return person !== null && paid.some((id) => id !== null && String(id) === person);
}

/** Whether the act pays one of the people behind the key or client it is made with. */
export function paysPeopleBehindOf(peopleBehind: ReadonlyArray<string | number>, paid: ReadonlyArray<string | number | null>): boolean {
  const behind = new Set(peopleBehind.map(String));
  return paid.some((id) => id !== null && behind.has(String(id)));
}

/** Whether a person who has held a deciding role since `since` (null: holds none) was eligible before a request made at `requestedAt`. */
export function eligibleBefore(since: Date | null, requestedAt: Date): boolean {
  return since !== null && since.getTime() < requestedAt.getTime();
}

/** Who may decide an act's requests (its contract row's `deciders`): any ADMIN or SUPERADMIN, or only a SUPERADMIN. */
export type FourEyesDeciders = 'ADMIN+' | 'SUPERADMIN';

/** The roles a row's `deciders` name. */
export function decidingRoles(deciders: FourEyesDeciders): readonly Role[] {
  return deciders === 'SUPERADMIN' ? ['SUPERADMIN'] : ['ADMIN', 'SUPERADMIN'];
}

/**
 * Since when a decider has held a role the act's row lets decide (null: the role they hold now is
 * not one of them, or when they took it is not known): the `eligibleSince` of the rule, so that
 * every service judges who may decide from the same row. `role` is the decider's role now and
 * `since` when they took it (the user service's row, or the `role_since` claim of the token the
 * service verified).
 */
export function eligibleSinceFor(deciders: FourEyesDeciders, held: { role: string | undefined; since: Date | null } | null): Date | null {
  if (held === null || held.since === null) return null;
  return (decidingRoles(deciders) as readonly string[]).includes(held.role ?? '') ? held.since : null;
}

/** The words of the rule's `not-eligible` for a row's deciders. */
export function notEligibleDetailFor(deciders: FourEyesDeciders): string {
  const who = deciders === 'SUPERADMIN' ? 'a SUPERADMIN' : 'an ADMIN+';
  return `Only ${who} who held the role before the request was made may decide it`;
}

/**
 * The `role_since` claim of a person's access token (seconds since the epoch, fractions allowed:
 * when the account took the role it holds, which the user service signs from its row) as a time;
 * null when the token carries none (an older token: the holder signs in again to decide).
 */
export function roleSinceOfClaim(claim: unknown): Date | null {
  return typeof claim === 'number' && Number.isFinite(claim) && claim > 0 ? new Date(Math.round(claim * 1000)) : null;
}

/** The `role_since` claim the user service signs from a role's start: seconds, to the millisecond (the row's time as read). */
export function roleSinceClaimOf(since: Date): number {
  return since.getTime() / 1000;
}

/** Whether the part `check` of the rule refuses this decision (false when its facts are not given). */
function breaks(check: SecondPersonCheck, c: SecondPersonCase): boolean {
  switch (check) {
    case 'expired':
      return c.expiresAt !== undefined && c.now.getTime() >= c.expiresAt.getTime();
    case 'requester':
      return sameActor(c.requester, c.decider);
    case 'self-dealing':
      return paysPerson(c.decider, c.paid ?? []);
    case 'people-behind':
      return paysPeopleBehindOf(c.peopleBehind ?? [], c.paid ?? []);
    case 'not-eligible':
      return c.eligibleSince !== undefined && !eligibleBefore(c.eligibleSince, c.requestedAt ?? c.now);
    case 'stale-second-factor':
      return c.secondFactorMaxAgeMs !== undefined && !secondFactorFresh(c.secondFactorAt, c.now, c.secondFactorMaxAgeMs);
  }
}

/** Why this person may not decide this request (the first part of the rule it breaks), or null when they may. */
export function secondPersonRefusal(c: SecondPersonCase, wording: SecondPersonWording = {}): SecondPersonRefusal | null {
  const check = secondPersonChecks.find((part) => breaks(part, c));
  if (check === undefined) return null;
  const own = wording[check];
  return { check, code: own?.code ?? secondPersonCodes[check], detail: own?.detail ?? defaultDetails[check] };
}
