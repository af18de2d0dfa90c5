import type {
  AnyGrantRequest,
  ApiKey,
  AuditAction,
  AuditSummary,
  PlatformClient,
  SandboxTestUser,
  UserCommand,
  UserCommandType,
  UserEventV2,
  UserResult,
} from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import type { DeletionPolicy, DeletionRequestRow, DeletionWindow } from '../deletion-requests';
import type { GrantKind, ShownGrantAct, ShownOf, StoredGrantAct } from '../grant-kinds/types';
import type { GrantPolicy, GrantRequestRow } from '../grant-requests';
import type {
  AccountChange,
  NewApiKey,
  NewCallbackSecret,
  NewPlatformClient,
  PeopleBehind,
  PlatformClientGrants,
  RevokedPlatformClient,
} from '../rules';
import type { NewSessionGrant } from '../session-grants';
import type { NewAccount, UserRow } from '../users';

/**
 * What one user command is, in one module (docs/DESIGN.md "Adding a command"), the shape the
 * ledger's commands have: who may send it, what it reads (in lock order), the pure decider and
 * the admin audit record it leaves. Its contract row (partition key, proof, step-up, result) is in
 * libs/contracts (userCommandContracts). The table (domain/commands/table.ts) holds one module per
 * command type; the use case (apply/apply-user-command.ts) loads, decides and writes through it
 * instead of switching on the type.
 */

export type UserCommandOf<T extends UserCommandType> = Extract<UserCommand, { type: T }>;

/** What a decider is given beside the command and what was read: the clock, fresh ids and the policies. */
export interface DecideContext {
  now: Date;
  newId: () => string;
  /** Two-person acts: how long their requests wait, and the ceiling of a client's cap. */
  grants: GrantPolicy;
  /** Large deletions wait for a second SUPERADMIN; absent: every deletion is immediate (the operator's). */
  deletionPolicy?: DeletionPolicy | undefined;
  /** The ledger's figure for a `user.delete`'s target (minor units, held coins included), read before the transaction. */
  balanceMinor?: number | undefined;
}

/** One read of the command's transaction; the locks are taken in the order a module asks for them. */
export type UserRead =
  /** A live account's row, locked until the transaction ends. */
  | { read: 'lock-user'; userId: number }
  /** A live account's row, not locked (the people deciding a request). */
  | { read: 'find-user'; userId: number }
  /** The lock that serialises every removal of a SUPERADMIN, and the live SUPERADMINs counted under it. */
  | { read: 'superadmin-set' }
  /** The requester's rolling window of deletions made alone (the day before `now`), locked. */
  | { read: 'deletion-window'; requester: string; now: Date }
  /** The user's PENDING deletion request (expired or not), locked. */
  | { read: 'pending-deletion-request'; userId: number }
  | { read: 'deletion-request'; id: string }
  | { read: 'grant-request'; id: string }
  /** The key of a sealed registration, locked, while no account has it yet. */
  | { read: 'personal-data-key'; keyId: string }
  /** A live platform client's own grants, read where it makes a test client (null: none active of the id). */
  | { read: 'owner-client'; id: string }
  /** A live platform client's grants and the people behind them, locked (null: none live of the id). */
  | { read: 'live-client'; id: string };

/** What the reads found; a field is absent when nothing asked for it, null when the row does not exist. */
export interface UserState {
  /** Accounts by id, locked or found. */
  users: Map<number, UserRow | null>;
  superadminCount?: number;
  deletionWindow?: DeletionWindow;
  pendingDeletionRequest?: DeletionRequestRow | null;
  deletionRequest?: DeletionRequestRow | null;
  grantRequest?: GrantRequestRow | null;
  personalDataKey?: Buffer | null;
  /** The grants of the live client making its own test client, as this service holds them. */
  ownerClientGrants?: PlatformClientGrants | null;
  /** How many unrevoked test clients that live client made itself (read with its row locked). */
  ownerTestClients?: number;
  /** The live client a command is about, with the people behind its grant. */
  liveClient?: (PlatformClientGrants & PeopleBehind) | null;
}

/**
 * The next read a command needs, given the command and what was read so far; null: none (this
 * step is skipped). Pure: a module's `loads` say what to read, the apply reads it.
 */
export type LoadStep<T extends UserCommandType> = (command: UserCommandOf<T>, state: UserState, context: DecideContext) => UserRead | null;

/** One write of a decision, made in order in the command's transaction. */
export type UserWrite =
  | { write: 'account-changes'; changes: AccountChange[] }
  | { write: 'registration-attempt'; emailNormalized: string; at: Date }
  | { write: 'session-grant'; grant: NewSessionGrant }
  | { write: 'bind-personal-data-key'; keyId: string; emailNormalized: string }
  | { write: 'insert-deletion-request'; request: DeletionRequestRow }
  | { write: 'update-deletion-request'; request: DeletionRequestRow }
  | { write: 'insert-grant-request'; request: GrantRequestRow }
  | { write: 'update-grant-request'; request: GrantRequestRow }
  | { write: 'deletion-alone'; deletion: { userId: number; requester: string; balanceMinor: number; at: Date } };

/** What a write that may find its row taken or missing finds: the decision goes on from it. */
export interface Findings {
  /** The inserted account; null: its normalised email is taken. */
  'insert-user': UserRow | null;
  /** The inserted key; null: its id or hash is taken. */
  'insert-api-key': ApiKey | null;
  /** The revoked key's hash; null: no key has the id. */
  'revoke-api-key': { keyHash: string } | null;
  /** The inserted client; null: its id is taken. */
  'insert-platform-client': PlatformClient | null;
  /** The client, and whether this revoked it; null: no client has the id. */
  'revoke-platform-client': RevokedPlatformClient | null;
  /** The time the callback secret was issued; null: no live client of the id is granted `cashout`. */
  'insert-callback-secret': { issuedAt: Date } | null;
  /** The client whose daily reward cap was set; null: no live client of the id. */
  'set-reward-cap': { clientId: string } | null;
  /** The new test user, its id from the test users' range; else why none: no active client of the id, or it keeps `max` already. */
  'insert-test-user': SandboxTestUser | 'revoked' | 'full';
  /** How many of the client's test users were marked deleted (never null: a finding is a row, or none). */
  'delete-test-users': { deleted: number } | null;
}

export type FindingWrite =
  | { write: 'insert-user'; account: NewAccount }
  | { write: 'insert-api-key'; key: NewApiKey }
  | { write: 'revoke-api-key'; id: string }
  | { write: 'insert-platform-client'; client: NewPlatformClient }
  | { write: 'revoke-platform-client'; id: string; at: Date; ownerClientId?: string | null }
  | { write: 'insert-callback-secret'; secret: NewCallbackSecret }
  | { write: 'set-reward-cap'; clientId: string; dailyRewardCap: number | null }
  | { write: 'insert-test-user'; clientId: string; name: string; at: Date; max: number }
  | { write: 'delete-test-users'; clientId: string; at: Date };

/** A refusal; `writes` are still made (a request met past its expiry is marked EXPIRED, a taken address's owner is told). */
export type Refused = Rejected & { writes?: UserWrite[] };

export interface Applied<T extends UserCommandType> {
  ok: true;
  result: UserResult<T>;
  writes: UserWrite[];
  events: UserEventV2[];
}

/**
 * A decision that goes on from what a write finds (a unique email, a free id, a row to revoke):
 * `writes`, then `find`, then the decision `then` makes of what it found. Still pure: the apply
 * makes the writes and hands the finding back.
 */
export type Finding<T extends UserCommandType> = {
  [K in keyof Findings]: {
    ok: 'finding';
    writes: UserWrite[];
    find: Extract<FindingWrite, { write: K }>;
    then: (found: Findings[K]) => UserDecision<T>;
  };
}[keyof Findings];

export type UserDecision<T extends UserCommandType> = Refused | Applied<T> | Finding<T>;

/** What a command came to, as the audit log reads it. */
export type Settled = Rejected | { ok: true; result: unknown; events: UserEventV2[] };

/** An administrative command, for the admin audit log: its action, what it acted on and the non-secret fields of the request. */
export interface AuditDescription {
  action: AuditAction;
  target: string;
  summary: AuditSummary;
}

/**
 * A command the audit log records as a service's action (`admin.service-action.recorded`, whose
 * `action` is free text), as the ledger's freezes: its action is not among the closed list of
 * `admin.action.recorded` (adding one would break that event's consumers). Applied, it is that
 * action; refused, a refusal record (`admin.refusal.recorded`) of the same action and target.
 */
export interface ServiceActionDescription {
  serviceAction: string;
  target: string;
  summary: AuditSummary;
}

/**
 * A user command module: its parts, and, for a command that asks for a grant request's act (its
 * type is the act's: a role change, a key, a client, a verification, a callback secret, a reward
 * cap change), what a request of it stores (`S`, its kind's), the act's kind (`grantKind`, its
 * module grant-kinds/<kind>.ts: how a request of it is shown, whom it is about, its audit summary)
 * and what its approval does (`grantApproval`), which the table's `grantKindOf` and approve-grant
 * read by the act's type: required of such a command, so an act without them does not compile,
 * and its line in the command table is the act's one line in this service. The table holds each
 * module with `S` unnamed (`never`): what a request stores is read by its own module alone.
 */
export type UserCommandModule<T extends UserCommandType, S extends { type: T } = never> = UserCommandParts<T> &
  (T extends ShownGrantAct['type'] ? GrantAsking<T, S> : { grantKind?: never; grantApproval?: never });

/** What the module of a command that asks for a grant request's act carries of the act: its kind and its approval. */
export interface GrantAsking<T extends ShownGrantAct['type'], S extends { type: T }> {
  grantKind: GrantKind<S, ShownOf<T>>;
  grantApproval: GrantApproval<T, S>;
}

/** What an approved request of an act is applied with: the act (`S`, as its kind stores it), the request decided and the rows read. */
export interface GrantApprovalInput<S extends StoredGrantAct> {
  act: S;
  command: UserCommandOf<'user.approve-grant'>;
  /** The request marked APPROVED: written after the act (`done`). */
  decided: GrantRequestRow;
  done: UserWrite;
  /** The approved request as the API shows it (the approval's answer). */
  grantRequest: AnyGrantRequest;
  /** Who asked for it and who approves it (null: no person's row, an operator's). */
  people: { requestedBy: number | null; approvedBy: number | null };
  state: UserState;
  context: DecideContext;
}

/** A read an approval makes once it is allowed (after the request and the people), in lock order; null: none. */
export type GrantRead<S extends StoredGrantAct> = (
  act: S,
  command: UserCommandOf<'user.approve-grant'>,
  state: UserState,
) => UserRead | null;

/** What an act's approval does (`S`: the act as its kind stores it), from the module of the command that asks for it (approve-grant.ts reads it by the act's type). */
export interface GrantApproval<T extends ShownGrantAct['type'], S extends { type: T }> {
  /** At most two reads, in lock order (an account, then the SUPERADMIN set when one would go). */
  reads?: readonly [GrantRead<S>] | readonly [GrantRead<S>, GrantRead<S>];
  /** What an approved request does, decided again against the rows as they are now. */
  apply(input: GrantApprovalInput<S>): UserDecision<'user.approve-grant'>;
  /**
   * The approval's second audit record: the act under its own action, with who asked and who
   * approved, so the log reads the same whether an operator or two people did it; absent or null: none.
   */
  auditAct?(act: ShownOf<T>, people: { requestedBy: string; approvedBy: string; grantRequest: string }): AuditDescription | null;
}

interface UserCommandParts<T extends UserCommandType> {
  type: T;
  /**
   * Whether it may revoke (raise a token version, revoke a client or a key; an approved grant may
   * be a role change): its answer waits until the revocation records are in the ledger's partitions.
   */
  revokes: boolean;
  /**
   * The user whose ledger balance the decision is judged on (a deletion's target), read by the
   * consumer before the transaction (`DecideContext.balanceMinor`); absent: none.
   */
  balanceOf?(command: UserCommandOf<T>): number;
  /** Why the actor may not send the command, or null when they may; asked before anything is read, so a refused actor takes no lock. */
  authorize(command: Pick<UserCommandOf<T>, 'type' | 'actor' | 'data'>): Rejected | null;
  /** What the decider reads, in lock order. */
  loads: LoadStep<T>[];
  /** Pure: the decision of the command against what was read. */
  decide(command: UserCommandOf<T>, state: UserState, context: DecideContext): UserDecision<T>;
  /** The admin audit record's description of a settled command, or null: no administrative action. */
  audit(command: UserCommandOf<T>, settled: Settled): AuditDescription | ServiceActionDescription | null;
  /** A second record some commands leave (an approved grant, as the act it applied); null or absent: none. */
  auditAct?(command: UserCommandOf<T>, settled: Settled): AuditDescription | null;
}
