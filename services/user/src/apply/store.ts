import type {
  ApiKey,
  AuditRecord,
  PlatformClient,
  RefusalRecord,
  SandboxTestUser,
  ServiceActionRecord,
  UserEventV2,
} from '@coin/contracts';
import type { OutboxRow } from '@coin/db';
import type {
  AccountChange,
  NewApiKey,
  NewCallbackSecret,
  NewPlatformClient,
  PeopleBehind,
  PlatformClientGrants,
  RevokedPlatformClient,
} from '../domain/rules';
import type { NewAccount, UserRow } from '../domain/users';
import type { NewSessionGrant } from '../domain/session-grants';
import type { DeletionRequestRow, DeletionWindow } from '../domain/deletion-requests';
import type { GrantRequestRow } from '../domain/grant-requests';

/** A command's answer as processed_commands keeps it: a redelivery is answered with it again. */
export interface StoredOutcome {
  ok: boolean;
  reply: unknown;
}

/** What the user-command use case needs from storage (db/user-command-store.ts: PostgreSQL). */
export interface UserCommandStore {
  /** Runs `work` in one transaction: its changes, outbox rows and outcome commit together or not at all. */
  transaction<T>(work: (tx: UserCommandTransaction) => Promise<T>): Promise<T>;
}

export interface UserCommandTransaction {
  findOutcome(commandId: string): Promise<StoredOutcome | null>;
  storeOutcome(commandId: string, type: string, outcome: StoredOutcome): Promise<void>;
  /** Locks a live account's row until the transaction ends; null when no live account has the id. */
  lockUser(userId: number): Promise<UserRow | null>;
  /** A live account's row, not locked (the people deciding a request); null when no live account has the id. */
  findUser(userId: number): Promise<UserRow | null>;
  /**
   * Takes the lock that serialises every removal of a SUPERADMIN and counts the live ones; taken
   * after the account's row, by every path that removes a SUPERADMIN.
   */
  lockSuperadminSet(): Promise<number>;
  /** The inserted account, or null when its normalised email is taken. */
  insertUser(account: NewAccount): Promise<UserRow | null>;
  /** Tells the owner of the live account with this address, at their next login, that someone tried to register it. */
  noteRegistrationAttempt(emailNormalized: string, at: Date): Promise<void>;
  /** The key of a sealed registration, locked, while no account has it yet; null when unknown, used or erased. */
  lockUnboundPersonalDataKey(keyId: string): Promise<Buffer | null>;
  /** Gives the key to the account that has this address (new, or the one that had it): its erasure destroys the key. */
  bindPersonalDataKey(keyId: string, emailNormalized: string): Promise<void>;
  /** Stores the one-time session grant of a registration (docs/DESIGN.md "Internal HTTP credentials"). */
  insertSessionGrant(grant: NewSessionGrant): Promise<void>;
  /** Writes decided changes in order; a row that does not end as decided is a broken invariant. */
  writeChanges(changes: AccountChange[]): Promise<void>;
  /** The inserted key, or null when its id or hash is taken. */
  insertApiKey(key: NewApiKey): Promise<ApiKey | null>;
  /** Revokes the key (idempotently); null when no key has the id. */
  revokeApiKey(id: string): Promise<{ keyHash: string } | null>;
  /** The inserted client, or null when its id is taken. */
  /**
   * A live platform client making its own test client: its grants as this service holds them and
   * how many unrevoked test clients it made, its row locked; null: no active client of the id.
   */
  lockOwnerClient(id: string): Promise<{ grants: PlatformClientGrants; testClients: number } | null>;
  insertPlatformClient(client: NewPlatformClient): Promise<PlatformClient | null>;
  /** Revokes the client, keeping the first revocation time; null when no client has the id. */
  /**
   * With `ownerClientId`: only a test client that client made (any other id: null, as unknown).
   * Every test client the client made itself is revoked with it (`testClients`, all of them;
   * `testClientsRevoked`, those this call revoked).
   */
  revokePlatformClient(id: string, now: Date, ownerClientId?: string | null): Promise<RevokedPlatformClient | null>;
  /** A live platform client's grants and the people behind them, its row locked; null: no live client of the id. */
  lockLiveClient(id: string): Promise<(PlatformClientGrants & PeopleBehind) | null>;
  /** Sets a live client's daily reward cap (minor units; null: the ledger default); null when no live client has the id. */
  setRewardCap(clientId: string, dailyRewardCap: number | null): Promise<{ clientId: string } | null>;
  /** Issues a payout provider's callback secret; null when no live client of the id is granted `cashout`. */
  insertCallbackSecret(secret: NewCallbackSecret): Promise<{ issuedAt: Date } | null>;
  /** A test-mode client's new test user (docs/decisions/0018-sandbox.md), its id from the test users' range; null: no active client of the id. */
  insertTestUser(clientId: string, name: string, now: Date, max: number): Promise<SandboxTestUser | 'revoked' | 'full'>;
  /** Marks every test user of the client deleted (deleting its sandbox data); how many it marked. */
  deleteTestUsersOf(clientId: string, now: Date): Promise<number>;
  /** Locks the user's PENDING deletion request (expired or not); null when there is none. */
  lockPendingDeletionRequest(userId: number): Promise<DeletionRequestRow | null>;
  /** Locks a deletion request by id; null when none has it. */
  lockDeletionRequest(id: string): Promise<DeletionRequestRow | null>;
  insertDeletionRequest(request: DeletionRequestRow): Promise<void>;
  /** Writes a PENDING request's new status and decision; a request that was not PENDING is a broken invariant. */
  updateDeletionRequest(request: DeletionRequestRow): Promise<void>;
  /** Locks a grant request by id; null when none has it. */
  lockGrantRequest(id: string): Promise<GrantRequestRow | null>;
  insertGrantRequest(request: GrantRequestRow): Promise<void>;
  /** Writes a PENDING request's new status and decision; a request that was not PENDING is a broken invariant. */
  updateGrantRequest(request: GrantRequestRow): Promise<void>;
  /**
   * Locks one requester's deletion window (every deletion of theirs takes it, whatever its
   * partition) and reads what they deleted alone in the rolling day before `now`.
   */
  lockDeletionWindow(requester: string, now: Date): Promise<DeletionWindow>;
  /** Counts a deletion made alone in its requester's window. */
  recordDeletionAlone(deletion: { userId: number; requester: string; balanceMinor: number; at: Date }): Promise<void>;
  /** Puts the events in the outbox; the rows come back to be published as soon as the transaction commits. */
  enqueueEvents(events: UserEventV2[]): Promise<OutboxRow[]>;
  /** Puts admin audit records in the outbox (topic admin.audit), like the events. */
  enqueueAudit(records: Array<AuditRecord | ServiceActionRecord | RefusalRecord>): Promise<OutboxRow[]>;
}
