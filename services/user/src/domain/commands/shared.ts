import type { AnyGrantRequest, GrantRequest, UserCommandType, UserResult } from '@coin/contracts';
import { InvariantViolation, type Rejected } from '@coin/errors';
import type { GrantKind, ShownGrantAct } from '../grant-kinds/types';
import { grantRequestView, newGrantRequest, type StoredGrantAct } from '../grant-requests';
import { decideAccountCommand, needsSuperadminSet, type AccountCommand, type Decision } from '../rules';
import { requestStatusAt, type RequestingCommand, type TwoPersonRequest } from '../two-person-requests';
import type { UserRow } from '../users';
import type { Applied, DecideContext, Findings, FindingWrite, Refused, UserDecision, UserRead, UserState, UserWrite } from './types';

/**
 * What the user command modules share: the reads of an account command (its account, then the
 * SUPERADMIN set only when a SUPERADMIN would go) and the decisions they build alike. Pure.
 */

/** Reads the command's account, locked. */
function lockTargetUser(command: { data: { userId: number } }): UserRead {
  return { read: 'lock-user', userId: command.data.userId };
}

/** After the account's row, and only when the command would remove a SUPERADMIN: the SUPERADMIN set. */
export function superadminSetFor(change: AccountCommand, user: UserRow | null | undefined): { read: 'superadmin-set' } | null {
  return user && needsSuperadminSet(change, user) ? { read: 'superadmin-set' } : null;
}

/** An account command's reads: its account, locked, then the SUPERADMIN set only when a SUPERADMIN would go. */
export const accountLoads = [
  lockTargetUser,
  (command: AccountCommand, state: UserState) => superadminSetFor(command, state.users.get(command.data.userId)),
];

/** The locked account of a read, which the module's loads asked for. */
export function lockedUser(state: UserState, userId: number): UserRow | null {
  const user = state.users.get(userId);
  if (user === undefined) throw new InvariantViolation(`user ${userId} was decided on without being read`);
  return user;
}

/** An account command decided against its locked row (and the SUPERADMIN count, when read). */
export function decideAccount<C extends AccountCommand>(change: C, state: UserState, context: DecideContext): Decision<C['type']> {
  const user = lockedUser(state, change.data.userId);
  const counted = state.superadminCount !== undefined ? { superadminCount: state.superadminCount } : {};
  return decideAccountCommand(change, { user, ...counted }, context) as Decision<C['type']>;
}

/** A decided account command as applied: its changes written, its events emitted. */
export function appliedAccount<T extends UserCommandType>(
  decision: Extract<Decision<AccountCommand['type']>, { ok: true }>,
  result: UserResult<T>,
  writes: UserWrite[] = [],
): Applied<T> {
  return { ok: true, result, writes: [{ write: 'account-changes', changes: decision.changes }, ...writes], events: decision.events };
}

/** Applied with nothing written and no event. */
export function answered<T extends UserCommandType>(result: UserResult<T>, writes: UserWrite[] = []): Applied<T> {
  return { ok: true, result, writes, events: [] };
}

/**
 * A person's act stored as a request for a second SUPERADMIN (docs/DESIGN.md "Two-person acts"),
 * or for a second ADMIN+ (a verification); its view is the answer, as the act's own kind (`kind`,
 * the asking command's) shows it.
 */
export function requestedGrant<A extends StoredGrantAct>(
  kind: GrantKind<A, ShownGrantAct>,
  command: RequestingCommand,
  act: A,
  context: DecideContext,
) {
  const request = newGrantRequest(command, act, context.grants, context.now);
  // A grant's own view where its act is one of the grant act's (a role, a key, a client); any other kind's, the wider one.
  type View = A['type'] extends GrantRequest['act']['type'] ? GrantRequest : AnyGrantRequest;
  return { view: grantRequestView(request, context.now, kind) as View, write: { write: 'insert-grant-request', request } as const };
}

/** An approval that applied its act with nothing more to answer: the request approved, no token version, no event. */
export function approvedRequest(input: { grantRequest: AnyGrantRequest; done: UserWrite }): Applied<'user.approve-grant'> {
  return { ok: true, result: { grantRequest: input.grantRequest, tokenVersion: null }, writes: [input.done], events: [] };
}

/**
 * A refusal of a decision on a two-person request: a PENDING request met past its expiry is
 * marked EXPIRED (`expire` names the write), any other is left as it is.
 */
export function refusedOnRequest<R extends TwoPersonRequest>(
  refusal: Rejected,
  request: R | null,
  now: Date,
  expire: (expired: R) => UserWrite,
): Refused {
  const expired = request?.status === 'PENDING' && requestStatusAt(request, now) === 'EXPIRED';
  return expired ? { ...refusal, writes: [expire({ ...request, status: 'EXPIRED' })] } : refusal;
}

/** A decision that goes on from what `find` finds: `then` decides on the finding. */
export function finding<K extends keyof Findings, T extends UserCommandType>(
  find: Extract<FindingWrite, { write: K }>,
  then: (found: Findings[K]) => UserDecision<T>,
): UserDecision<T> {
  // K ties `find` to what `then` takes, which the mapped Finding cannot see through a generic K.
  return { ok: 'finding', writes: [], find, then } as unknown as UserDecision<T>;
}
