import type {
  Actor,
  ApiKeyScopeName,
  PlatformClient,
  RegistrationPersonalData,
  Role,
  UserCommand,
  UserEventV2,
  UserResult,
} from '@coin/contracts';
import { InvariantViolation, rejected, type Rejected } from '@coin/errors';
import { credentialModeOf, isPasswordHash } from '@coin/security';
import { roleChangedEventOf, userEventOf } from './user-events';
import { newAccount, removesLastSuperadmin, removesSuperadmin, type NewAccount, type UserRow } from './users';

/**
 * The rules the user commands share (docs/CONTRACT.md "Authentication and roles"), as pure
 * decisions; each command's module (domain/commands/) composes them. Who may send a command is
 * asked before anything is loaded, so a refused actor takes no lock; an account command is then
 * decided from the locked account, plus the SUPERADMIN count when it would remove a SUPERADMIN
 * (`needsSuperadminSet`). A registration and the API-key and client commands depend on what a
 * write finds (the unique email, the key's row), so their modules decide on that finding.
 */

/** A command as the rules read it: operator actions build one without an envelope. */
type Request<C> = C extends UserCommand ? Pick<C, 'type' | 'actor' | 'data'> : never;
type RequestOf<T extends UserCommand['type']> = Request<Extract<UserCommand, { type: T }>>;

export type AccountCommand = RequestOf<'user.change-role' | 'user.delete' | 'user.revoke-sessions'>;

/** The clock and fresh ids come from the caller, so a decision is a function of its inputs. */
export interface DecisionContext {
  now: Date;
  newId: () => string;
}

/**
 * A change to an account as decided; db/ writes it. `tokenVersion` is the version the row has
 * after the write: the locked row's plus one, which the writer checks.
 */
export type AccountChange =
  | { type: 'set-role'; userId: number; role: Role; tokenVersion: number; at: Date }
  | { type: 'set-verified'; userId: number; verified: boolean; tokenVersion: number }
  | { type: 'erase-user'; userId: number; tokenVersion: number }
  | { type: 'bump-token-version'; userId: number; tokenVersion: number }
  | { type: 'revoke-refresh-tokens'; userId: number };

/**
 * What a decision answers; a decided deletion or role change is the immediate one (its module
 * turns one that waits for a second SUPERADMIN into a request).
 */
type DecidedResult<T extends UserCommand['type']> = T extends 'user.delete' | 'user.change-role'
  ? Extract<UserResult<T>, { tokenVersion: number }>
  : UserResult<T>;

export type Decision<T extends UserCommand['type']> =
  | Rejected
  | { ok: true; result: DecidedResult<T>; changes: AccountChange[]; events: UserEventV2[] };

export interface AccountState {
  /** The command's account, locked; null when no live account has the id. */
  user: UserRow | null;
  /** Live SUPERADMINs counted under the SUPERADMIN-set lock; loaded only when `needsSuperadminSet`. */
  superadminCount?: number;
}

/** An API key to insert; the gateway generated the secret and sent only its hash. */
export interface NewApiKey {
  id: string;
  name: string;
  scopes: ApiKeyScopeName[];
  keyHash: string;
  createdBy: number | null;
  /** The ADMIN+ the key is issued to: it works with their token only. */
  ownerUserId: number;
  /** The SUPERADMIN who approved its request; null for an operator's key. */
  approvedBy?: number | null;
}

/** A user id as actors carry it (text); other actors (operators, services) have other ids. */
const userIdText = /^[1-9][0-9]{0,15}$/;

/** The gateway checked roles before sending; the user service checks again (defence in depth). */
function isSuperadminOrOperator(actor: Actor): boolean {
  return actor.kind === 'operator' || (actor.kind === 'user' && actor.role === 'SUPERADMIN');
}

/** Anyone may send it: a registration, which the gateway's public route sends on behalf of a stranger. */
export function anyone(): null {
  return null;
}

/** The rule of every command but a registration and "log out everywhere": a SUPERADMIN or an operator. */
export function superadminOrOperator(command: { actor: Actor }): Rejected | null {
  return isSuperadminOrOperator(command.actor) ? null : forbidden();
}

/**
 * An ADMIN+ (or an operator): verifying an account, which an ADMIN does alone, as they set a
 * user's spending limits (docs/CONTRACT.md "Verification").
 */
export function adminOrOperator(command: { actor: Actor }): Rejected | null {
  const { actor } = command;
  return isSuperadminOrOperator(actor) || (actor.kind === 'user' && actor.role === 'ADMIN')
    ? null
    : forbidden('Only an ADMIN+ may do this');
}

/** "Log out everywhere": the account's own user (a user, never a service of the same id), or a SUPERADMIN or an operator. */
export function selfOrSuperadmin(command: { actor: Actor; data: { userId: number } }): Rejected | null {
  const self = command.actor.kind === 'user' && command.actor.id === String(command.data.userId);
  return self ? null : superadminOrOperator(command);
}

/**
 * Whether the client a creation makes is a test-mode one (its id's prefix, credentialModeOf): one
 * person's act, since the live gateway and ledger refuse it everywhere real money is, so it grants
 * nothing a second person would need to check (docs/decisions/0018-sandbox.md).
 */
export function isTestModeCreation(command: RequestOf<'user.platform-client.create'>): boolean {
  return credentialModeOf('system', command.data.clientId) === 'test';
}

/**
 * A live platform client acting for itself (docs/decisions/0018-sandbox.md "Self-serve test
 * clients"): it makes and revokes its own test-mode clients, and nothing else here.
 */
export function liveClientActor(actor: Actor): string | null {
  return actor.kind === 'system' && credentialModeOf('system', actor.id) === 'live' ? actor.id : null;
}

/**
 * A platform client's creation: a test-mode one any ADMIN+ (or an operator) or a live platform
 * client for itself, a live one a SUPERADMIN or an operator.
 */
export function platformClientCreator(command: RequestOf<'user.platform-client.create'>): Rejected | null {
  if (!isTestModeCreation(command)) return superadminOrOperator(command);
  const { actor } = command;
  return isSuperadminOrOperator(actor) || (actor.kind === 'user' && actor.role === 'ADMIN') || liveClientActor(actor) !== null
    ? null
    : forbidden('Only an ADMIN+ or a live platform client may do this');
}

/** A platform client's revocation: a SUPERADMIN or an operator, or a live client (of its own test clients only: the write's filter). */
export function platformClientRevoker(command: RequestOf<'user.platform-client.revoke'>): Rejected | null {
  return liveClientActor(command.actor) !== null ? null : superadminOrOperator(command);
}

/**
 * A test user's creation (docs/decisions/0018-sandbox.md "Test users of a client's own"): a
 * test-mode client's for itself only, so no live credential makes one and no client another's.
 */
export function testUserCreator(command: RequestOf<'user.test-user.create'>): Rejected | null {
  return ownTestUsersRefusal(command, 'Only a test-mode platform client makes test users, and only its own');
}

/** Deleting a client's test users (its sandbox data's deletion): the test-mode client's own, by itself only. */
export function testUsersDeleter(command: RequestOf<'user.test-users.delete'>): Rejected | null {
  return ownTestUsersRefusal(command, 'Only a test-mode platform client deletes test users, and only its own');
}

function ownTestUsersRefusal(command: { actor: RequestOf<'user.test-user.create'>['actor']; data: { clientId: string } }, refusal: string) {
  const { actor, data } = command;
  return actor.kind === 'system' && credentialModeOf('system', actor.id) === 'test' && actor.id === data.clientId
    ? null
    : forbidden(refusal);
}

/** The person who asked (a user id), null for an operator or a service. */
export function personIdOf(actor: Actor): number | null {
  return actor.kind === 'user' && userIdText.test(actor.id) ? Number(actor.id) : null;
}

function forbidden(detail = 'Only a SUPERADMIN may do this'): Rejected {
  return rejected('FORBIDDEN', detail);
}

/** The role the account has after the command; null when the command deletes it. */
function roleAfter(command: AccountCommand, current: Role): Role | null {
  switch (command.type) {
    case 'user.change-role':
      return command.data.role;
    case 'user.delete':
      return null;
    case 'user.revoke-sessions':
      return current;
  }
}

/** Whether deciding needs the SUPERADMIN set locked and counted: only when a SUPERADMIN would go. */
export function needsSuperadminSet(command: AccountCommand, user: UserRow): boolean {
  return removesSuperadmin(user.role, roleAfter(command, user.role));
}

export function decideAccountCommand(
  command: AccountCommand,
  state: AccountState,
  context: DecisionContext,
): Decision<AccountCommand['type']> {
  const refusal = command.type === 'user.revoke-sessions' ? selfOrSuperadmin(command) : superadminOrOperator(command);
  if (refusal) return refusal;
  const current = state.user;
  if (!current) return rejected('USER_NOT_FOUND', 'No such user');
  switch (command.type) {
    case 'user.change-role':
      return changeRole(current, command.data.role, state, context);
    case 'user.delete':
      return deleteAccount(current, state, context);
    case 'user.revoke-sessions':
      return revokeSessions(current, context);
  }
}

/** docs/CONTRACT.md "Authentication and roles": the last SUPERADMIN cannot be demoted or deleted. */
function removesTheLastSuperadmin(current: UserRow, newRole: Role | null, state: AccountState): boolean {
  if (!removesSuperadmin(current.role, newRole)) return false;
  if (state.superadminCount === undefined) {
    throw new InvariantViolation('a SUPERADMIN is being removed but the SUPERADMIN set was not locked and counted');
  }
  return removesLastSuperadmin(current.role, newRole, state.superadminCount);
}

function changeRole(current: UserRow, role: Role, state: AccountState, context: DecisionContext): Decision<'user.change-role'> {
  if (current.role === role) {
    // Nothing changes, so the tokens already issued stay valid: no new version, no event.
    return { ok: true, result: { user: { id: current.id, role }, tokenVersion: current.token_version }, changes: [], events: [] };
  }
  if (removesTheLastSuperadmin(current, role, state)) {
    return rejected('LAST_SUPERADMIN', 'The last SUPERADMIN cannot be demoted');
  }
  const updated = { ...current, role, token_version: current.token_version + 1 };
  return {
    ok: true,
    result: { user: { id: updated.id, role: updated.role }, tokenVersion: updated.token_version },
    changes: [{ type: 'set-role', userId: current.id, role, tokenVersion: updated.token_version, at: context.now }],
    events: [roleChangedEventOf(updated, current.role, context.now, context.newId())],
  };
}

function deleteAccount(current: UserRow, state: AccountState, context: DecisionContext): Decision<'user.delete'> {
  if (removesTheLastSuperadmin(current, null, state)) {
    return rejected('LAST_SUPERADMIN', 'The last SUPERADMIN cannot be deleted');
  }
  const tokenVersion = current.token_version + 1;
  return {
    ok: true,
    result: { userId: current.id, tokenVersion },
    changes: [
      { type: 'erase-user', userId: current.id, tokenVersion },
      { type: 'revoke-refresh-tokens', userId: current.id },
    ],
    // The event names the account by its id: the e-mail it had goes with the row (docs/DESIGN.md "Erasure").
    events: [userEventOf('user.deleted', { ...current, token_version: tokenVersion }, context.now, context.newId())],
  };
}

function revokeSessions(current: UserRow, context: DecisionContext): Decision<'user.revoke-sessions'> {
  const tokenVersion = current.token_version + 1;
  return {
    ok: true,
    result: { userId: current.id, tokenVersion },
    changes: [
      { type: 'bump-token-version', userId: current.id, tokenVersion },
      { type: 'revoke-refresh-tokens', userId: current.id },
    ],
    events: [userEventOf('user.sessions-revoked', { ...current, token_version: tokenVersion }, context.now, context.newId())],
  };
}

/** The account a registration asks for, or why it is refused before anything is written. */
export function accountToRegister(data: RegistrationPersonalData): Rejected | { ok: true; account: NewAccount } {
  const { email, passwordHash, fullName } = data;
  // Only the gateway hashes passwords; anything else on the topic is refused, not retried.
  if (!isPasswordHash(passwordHash)) {
    return rejected('VALIDATION_FAILED', 'A register command must carry a password hash');
  }
  return { ok: true, account: newAccount({ email, fullName, passwordHash, role: 'USER' }) };
}

/** The registration once the store tried to insert the account: null means the email was taken. */
export function decideRegistration(inserted: UserRow | null, context: DecisionContext): Decision<'user.register'> {
  if (!inserted) return rejected('EMAIL_TAKEN', 'An account with this email already exists');
  return {
    ok: true,
    // The id only: the reply is stored (processed_commands) and travels on gateway.replies, where
    // the e-mail address and name would outlive the account's erasure.
    result: { user: { id: inserted.id } },
    changes: [],
    events: [userEventOf('user.registered', inserted, context.now, context.newId())],
  };
}

/**
 * Who a key is issued to: the user the command names, or (a command of a gateway from before
 * owners) its actor; null when neither is a user.
 */
export function apiKeyOwnerOf(command: RequestOf<'user.api-key.create'>): number | null {
  if (command.data.ownerUserId !== undefined) return command.data.ownerUserId;
  return userIdText.test(command.actor.id) ? Number(command.actor.id) : null;
}

/**
 * The key an authorised `user.api-key.create` inserts, decided once its owner's account is locked
 * (`owner`: null when no live account has the owner's id): a key is issued to an ADMIN or
 * SUPERADMIN, the only people whose money routes take one. The stored key is the command's result.
 */
export function decideApiKeyCreation(
  command: RequestOf<'user.api-key.create'>,
  owner: UserRow | null,
  context: DecisionContext,
): Rejected | { ok: true; key: NewApiKey } {
  if (!owner || owner.id !== apiKeyOwnerOf(command)) {
    return rejected('USER_NOT_FOUND', 'An API key is issued to an existing admin: no live user has this id');
  }
  if (owner.role !== 'ADMIN' && owner.role !== 'SUPERADMIN') {
    return rejected('API_KEY_OWNER_NOT_ADMIN', `An API key is issued to an ADMIN or SUPERADMIN; user ${owner.id} is a ${owner.role}`);
  }
  // An actor id shaped like a user id is recorded as the creator; an operator's name or a
  // platform client's id names no row of users.
  const createdBy = userIdText.test(command.actor.id) ? Number(command.actor.id) : null;
  const { name, scopes, keyHash } = command.data;
  return { ok: true, key: { id: context.newId(), name, scopes, keyHash, createdBy, ownerUserId: owner.id } };
}

/** An authorised revocation once the store tried it: null means no key has this id. */
export function decideApiKeyRevocation(id: string, revoked: { keyHash: string } | null): Decision<'user.api-key.revoke'> {
  if (!revoked) return rejected('NOT_FOUND', 'No such API key');
  return { ok: true, result: { id, keyHash: revoked.keyHash }, changes: [], events: [] };
}

/** What a platform client may do with money: the claims of its SYSTEM tokens. */
export interface PlatformClientGrants {
  /** Treasury codes it may reward from (REWARDS) and settle holds for. */
  treasuries: string[];
  /** Minor units it may reward in a rolling 24 h; null: the ledger default. */
  dailyRewardCap: number | null;
  /** The `cashout` grant: a payout provider (docs/CONTRACT.md "Cash-out"). */
  cashout: boolean;
}

/**
 * The people behind a client or key: who asked for it and who approved it (null: an operator, or
 * made before approvals). No payment made with it goes to them (docs/DESIGN.md "Two-person acts").
 */
export interface PeopleBehind {
  createdBy: number | null;
  approvedBy: number | null;
}

/** A platform client to insert; the gateway made its id and secret and sent only the secret's hash. */
export interface NewPlatformClient extends PlatformClientGrants, Partial<PeopleBehind> {
  id: string;
  name: string;
  secretHash: string;
  /** The live client that made this test-mode client itself; absent: an operator's or a person's. */
  ownerClientId?: string | null;
}

/**
 * A payout provider's new callback secret, as an approval issues it: sealed by the gateway (the
 * user service cannot open it), with its hash, the grant request and the people behind it.
 */
export interface NewCallbackSecret {
  clientId: string;
  sealedSecret: string;
  secretHash: string;
  grantRequestId: string;
  requestedBy: number | null;
  approvedBy: number | null;
  issuedAt: Date;
}

/** The client an authorised `user.platform-client.create` inserts; a command without grants grants none. */
export function platformClientToCreate(command: RequestOf<'user.platform-client.create'>): NewPlatformClient {
  const { clientId, name, secretHash, treasuries, dailyRewardCap, cashout } = command.data;
  return {
    id: clientId,
    name,
    secretHash,
    treasuries: treasuries ?? [],
    dailyRewardCap: dailyRewardCap ?? null,
    cashout: cashout ?? false,
  };
}

/**
 * A live client's own test client, checked where it is inserted and against the owner's grants as
 * this service holds them, not the gateway's word: at most the treasuries the owner holds, no
 * reward cap (a test coin needs none) and no cash-out grant; an owner revoked meanwhile makes none.
 */
export function ownTestClientRefusal(client: PlatformClientGrants, owner: PlatformClientGrants | null | undefined): Rejected | null {
  if (!owner) return forbidden('This platform client is not active');
  const held = new Set(owner.treasuries);
  const wider = client.treasuries.find((treasury) => !held.has(treasury));
  if (wider !== undefined) return forbidden(`This client holds no ${wider} treasury grant to give its test client`);
  if (client.cashout || client.dailyRewardCap !== null)
    return forbidden('A test client of a platform client is granted no reward cap and no cash-out');
  return null;
}

/**
 * The creation once the store tried the insert: null means the id was taken (72 random bits, so
 * practically never). The hashes go back to the gateway, which tells by them whether its secret
 * is the stored one (a first answer) or a retry's (a replay, answered without a secret).
 */
export function decidePlatformClientCreation(
  command: RequestOf<'user.platform-client.create'>,
  inserted: PlatformClient | null,
): Decision<'user.platform-client.create'> {
  if (!inserted) return rejected('COMMAND_FAILED', 'The new client id is taken; retry with another Idempotency-Key');
  return {
    ok: true,
    result: { client: inserted, secretHash: command.data.secretHash, requestHash: command.data.requestHash },
    changes: [],
    events: [],
  };
}

/**
 * A platform client's revocation as the store made it: the client, whether this revoked it, and
 * the test clients it made itself, revoked with it (all of them; those this call revoked).
 */
export interface RevokedPlatformClient {
  client: PlatformClient;
  revoked: boolean;
  testClients: string[];
  testClientsRevoked: string[];
}

/** An authorised client revocation once the store tried it: null means no client has this id. */
export function decidePlatformClientRevocation(found: RevokedPlatformClient | null): Decision<'user.platform-client.revoke'> {
  if (!found) return rejected('NOT_FOUND', 'No such platform client');
  return { ok: true, result: found, changes: [], events: [] };
}
