import {
  eligibleBefore,
  grantRequestActOf,
  type FourEyesAct,
  type GrantRequestAct,
  fourEyesActs,
  minorUnitsToCoins,
  paysPerson,
  secondPersonRefusal,
  type Actor,
  type AnyGrantRequest as GrantRequest,
  type Role,
  type UserCommand,
} from '@coin/contracts';
import { rejected, type Rejected } from '@coin/errors';
import {
  decidedRequestOf,
  pendingRequest,
  requestStatusAt,
  sameActor,
  type RequestingCommand,
  type TwoPersonRequest,
} from './two-person-requests';
import type { GrantKind, GrantKindOf, ShownGrantAct, StoredGrantAct } from './grant-kinds/types';
import type { UserRow } from './users';

/**
 * Two-person acts (docs/DESIGN.md "Two-person acts"). Every act that creates the means to move
 * coins, when a person asks for it, waits as a request until a different SUPERADMIN, who held the
 * role before the request was made, approves it: granting ADMIN or SUPERADMIN, demoting a
 * SUPERADMIN, issuing an API key, registering a platform client (whose grants never change, but
 * for its daily reward cap, changed the same way: more is a new client). An operator of the CLI acts alone (the first SUPERADMIN, break-glass): they
 * hold the database already. Pure: rows come from the caller, `now` is given.
 */

/** The policy of grant requests, from the user service's configuration; minor units. */
export interface GrantPolicy {
  expirySeconds: number;
  /** The highest daily reward cap a platform client may be given (PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS). */
  dailyRewardCapMaxMinor: number;
  /** How many unrevoked test clients a live client keeps of those it made itself (TEST_CLIENTS_PER_OWNER_MAX). */
  testClientsPerOwnerMax: number;
}

/**
 * What an approval applies, as stored (the hashes of new secrets included: never shown, never a
 * secret), seen here by its type only: its fields are its kind's (grant-kinds/<kind>.ts), read by
 * the kind and by the module of the command that asks for it.
 */
export type { StoredGrantAct };

/** A row of grant_requests: a two-person request for `act`. */
export interface GrantRequestRow extends TwoPersonRequest {
  act: StoredGrantAct;
}

/** The roles that may approve, decide and ask for two-person acts. */
const grantingRoles: ReadonlySet<Role> = new Set(['ADMIN', 'SUPERADMIN']);
const superadmins: ReadonlySet<Role> = new Set(['SUPERADMIN']);

/**
 * The four-eyes act (of the contract's table) a grant request is: a verification, a callback
 * secret, a reward cap change, or a grant (a role, an API key, a platform client), as the acts'
 * rows name their requests' types (@coin/contracts grantRequestActOf).
 */
export function fourEyesActOf(act: StoredGrantAct | GrantRequest['act']): GrantRequestAct {
  return grantRequestActOf(act.type);
}

/**
 * Who decides a request of this act, and who must still hold their role for it to be approved:
 * the roles its contract row's `deciders` name (a SUPERADMIN for every grant, an ADMIN+ for the
 * verification of an ADMIN+ account: an ADMIN verifies accounts alone, but not a colleague's,
 * docs/CONTRACT.md "Verification").
 */
export function decidingRolesOf(act: StoredGrantAct | GrantRequest['act']): ReadonlySet<Role> {
  return rolesOfRow(fourEyesActOf(act));
}

/** The roles the contract row of `act` lets decide it. */
export function rolesOfRow(act: FourEyesAct): ReadonlySet<Role> {
  return fourEyesActs[act].deciders === 'SUPERADMIN' ? superadmins : grantingRoles;
}

/**
 * Whether a verification needs a second ADMIN+: setting `verified` on an ADMIN or SUPERADMIN
 * account (it opens cash-out limits to a colleague). Verifying a USER, and taking verification
 * away from anyone (it only tightens), are one ADMIN's.
 */
export function verificationNeedsSecondPerson(role: Role, verified: boolean): boolean {
  return verified && grantingRoles.has(role);
}

/**
 * Whether a role change needs a second SUPERADMIN: it grants ADMIN or SUPERADMIN (the power to
 * move coins or to grant it), or it takes a SUPERADMIN away (one of the two people every other act
 * needs). Taking ADMIN away, or moving between USER and DEVELOPER, grants nothing: immediate.
 */
export function roleChangeNeedsSecondPerson(from: Role, to: Role): boolean {
  if (from === to) return false;
  return grantingRoles.has(to) || from === 'SUPERADMIN';
}

/** Whether the actor acts alone by design: an operator of the CLI (never on Kafka: no proof). */
export function actsAlone(actor: Actor): boolean {
  return actor.kind === 'operator';
}

/** The request an act becomes (its id: requestIdOf, from the command id and the gateway's nonce). */
export function newGrantRequest<A extends StoredGrantAct>(
  command: RequestingCommand,
  act: A,
  policy: GrantPolicy,
  now: Date,
): GrantRequestRow & { act: A } {
  return { ...pendingRequest('grant-request', command, policy.expirySeconds, now), act };
}

/** The API's view, as the act's kind shows it (grant-kinds/): the act without its hashes, a cap in coins. */
export function grantRequestView<A extends StoredGrantAct>(
  row: GrantRequestRow & { act: A },
  now: Date,
  kind: GrantKind<A, ShownGrantAct>,
): GrantRequest {
  return {
    id: row.id,
    status: requestStatusAt(row, now),
    act: kind.view(row.act),
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

/** A cap above the configured ceiling is refused, when asked for and again when approved (the ceiling may have come down). */
export function rewardCapRefusal(dailyRewardCap: number | null, policy: GrantPolicy): Rejected | null {
  if (dailyRewardCap === null || dailyRewardCap <= policy.dailyRewardCapMaxMinor) return null;
  return rejected(
    'REWARD_CAP_ABOVE_CEILING',
    `A platform client may be given a daily reward cap of at most ${minorUnitsToCoins(policy.dailyRewardCapMaxMinor)} coins`,
  );
}

/**
 * Whether `approver` (their live row, read in the deciding transaction) may approve a request
 * made at `requestedAt`: a SUPERADMIN now, and since before the request, so that one person cannot
 * promote an accomplice (or a second account) and have them approve what was already asked. The
 * same rule holds for deletion requests.
 */
export function approverRefusal(
  approver: Pick<UserRow, 'role' | 'role_since'> | null,
  requestedAt: Date,
  roles: ReadonlySet<Role> = superadmins,
): Rejected | null {
  return eligibleBefore(eligibleSinceOf(approver, roles), requestedAt) ? null : rejected('APPROVER_NOT_ELIGIBLE', notEligibleDetail(roles));
}

/** Since when `approver` (their live row) has held one of `roles`, for the second person's rule; null: they hold none now. */
export function eligibleSinceOf(
  approver: Pick<UserRow, 'role' | 'role_since'> | null,
  roles: ReadonlySet<Role> = superadmins,
): Date | null {
  return approver && roles.has(approver.role) ? approver.role_since : null;
}

export function notEligibleDetail(roles: ReadonlySet<Role> = superadmins): string {
  const who = roles === superadmins ? 'a SUPERADMIN' : 'an ADMIN+';
  return `Only ${who} who held the role before the request was made may approve it`;
}

type DecideGrant = Pick<Extract<UserCommand, { type: 'user.approve-grant' | 'user.reject-grant' }>, 'type' | 'actor' | 'data'>;

/** Why whom a request is about may not reject it (its requester may withdraw it). */
const aboutThemselvesDetail = 'No one decides a request about themselves, either way; another ADMIN+ must';

/**
 * Why this approval or rejection cannot apply to the (locked) request, or null when it may, its act
 * judged by its kind (`kindOf`: the command table's grantKindOf). Both
 * need a SUPERADMIN and the request PENDING and unexpired; an approval also someone other than
 * the requester, eligible by `approverRefusal` (`approver`: their row), while the requester
 * (`requester`: their row) is still a SUPERADMIN. A rejection may come from any SUPERADMIN but whom the
 * request is about, the requester withdrawing included.
 */
export function grantDecisionRefusal(
  command: DecideGrant,
  request: GrantRequestRow | null,
  people: { approver: Pick<UserRow, 'role' | 'role_since'> | null; requester: Pick<UserRow, 'role'> | null },
  now: Date,
  kindOf: GrantKindOf,
): Rejected | null {
  const { actor } = command;
  if (!(actor.kind === 'user' && actor.role !== undefined && grantingRoles.has(actor.role))) {
    return rejected('FORBIDDEN', 'Only an ADMIN+ may decide a grant request');
  }
  if (!request) return rejected('APPROVAL_NOT_FOUND', 'No such grant request');
  const roles = decidingRolesOf(request.act);
  if (!roles.has(actor.role)) return rejected('FORBIDDEN', 'Only a SUPERADMIN may decide this grant request');
  const status = requestStatusAt(request, now);
  if (status !== 'PENDING') return rejected('APPROVAL_NOT_PENDING', `The grant request is ${status}`);
  // The people the grant is about (its kind names them: the account whose role or verification
  // changes, the owner of a key, the people behind a client whose reward cap changes; none for a
  // new client or a callback secret, about no person) decide it neither way: an ADMIN does not
  // reject their own demotion. Its requester may always withdraw it.
  const kind = kindOf(request.act);
  const subjects = kind.subjects(request.act);
  if (command.type === 'user.reject-grant')
    return paysPerson(actor, subjects) && !sameActor(actor, request.requestedBy) ? rejected('SELF_DEALING', aboutThemselvesDetail) : null;
  // The second person's rule: not the requester, not the people the grant is about, and eligible since before the request.
  const second = secondPersonRefusal(
    {
      decider: actor,
      now,
      requester: request.requestedBy,
      paid: subjects,
      eligibleSince: eligibleSinceOf(people.approver, roles),
      requestedAt: request.createdAt,
    },
    {
      requester: { detail: 'The person who asked cannot approve their own request' },
      'self-dealing': { detail: kind.ownDetail },
      'not-eligible': { detail: notEligibleDetail(roles) },
    },
  );
  if (second) return rejected(second.code, second.detail);
  if (!people.requester || !roles.has(people.requester.role)) {
    return rejected('GRANT_REQUEST_OUTDATED', 'The person who asked no longer holds the role to ask: the request cannot be approved');
  }
  return null;
}

/** The request once decided. */
export function decidedGrant(request: GrantRequestRow, command: DecideGrant, now: Date): GrantRequestRow {
  return decidedRequestOf(request, { approved: command.type === 'user.approve-grant', ...command }, now);
}

/** The user id an actor names, when it is a person's (operators and clients name no row of users). */
export function personIdOf(actor: Actor): number | null {
  return actor.kind === 'user' && /^[1-9][0-9]{0,15}$/.test(actor.id) ? Number(actor.id) : null;
}
