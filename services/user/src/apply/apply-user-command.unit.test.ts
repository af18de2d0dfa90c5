import { newPersonalDataKey, sealPersonalData, uuidV5 } from '@coin/security';
import type { Actor, ApiKey, PlatformClient, UserCommand, UserEventV2 } from '@coin/contracts';
import type { OutboxRow } from '@coin/db';
import type { UserRow } from '../domain/users';
import type { NewPlatformClient } from '../domain/rules';
import type { DeletionPolicy, DeletionRequestRow } from '../domain/deletion-requests';
import type { GrantPolicy, GrantRequestRow } from '../domain/grant-requests';
import { applyUserCommand, type ApplyMeta } from './apply-user-command';
import type { StoredOutcome, UserCommandStore, UserCommandTransaction } from './store';
import type { UserAuditRecord } from '../domain/commands/audit';

/**
 * The use case against an in-memory store that records every call: what is loaded, in which
 * order (the locks), what is written, and what outcome is stored.
 */

const now = new Date('2030-01-02T03:04:05.000Z');
const passwordHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
const keyHash = 'b'.repeat(64);
const operator: Actor = { kind: 'operator', id: 'admin-cli' };
const superadmin: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };
const admin: Actor = { kind: 'user', id: '2', role: 'ADMIN' };
/** Every SUPERADMIN of these tests has held the role for a day. */
const longAgo = new Date(now.getTime() - 24 * 3600 * 1000);
const grants: GrantPolicy = { expirySeconds: 24 * 3600, dailyRewardCapMaxMinor: 10_000_000, testClientsPerOwnerMax: 5 };
const meta: ApplyMeta = { grants };

function account(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 7,
    email: 'ada@example.com',
    full_name: 'Ada',
    role: 'USER',
    is_verified: false,
    token_version: 3,
    created_at: longAgo,
    role_since: longAgo,
    ...overrides,
  };
}

let nextCommand = 0;
function command<T extends UserCommand['type']>(type: T, actor: Actor, data: Extract<UserCommand, { type: T }>['data']): UserCommand {
  nextCommand += 1;
  return {
    commandId: `10000000-0000-4000-8000-${String(nextCommand).padStart(12, '0')}`,
    type,
    issuedAt: now.toISOString(),
    actor,
    data,
  } as UserCommand;
}

interface FakeState {
  users?: UserRow[];
  superadminCount?: number;
  outcomes?: Map<string, StoredOutcome>;
  emailTaken?: boolean;
  apiKeyHashes?: Map<string, string>;
  /** Platform clients by id, with whether each is revoked. */
  clients?: Map<string, PlatformClient>;
  /** The live client that made each self-serve test client, by the test client's id. */
  owners?: Map<string, string>;
  deletionRequests?: DeletionRequestRow[];
  grantRequests?: GrantRequestRow[];
  /** What each requester deleted alone in the window, by `kind:id`. */
  deletionWindows?: Map<string, { balanceMinor: number; count: number }>;
  /** Keys of sealed registrations no account has yet, by id. */
  personalDataKeys?: Map<string, Buffer>;
}

/** A client as the store answers its insert: the cap in coins. */
function insertedClient(client: NewPlatformClient): PlatformClient {
  return {
    id: client.id,
    name: client.name,
    createdAt: now.toISOString(),
    revokedAt: null,
    treasuries: client.treasuries as PlatformClient['treasuries'],
    dailyRewardCap: client.dailyRewardCap === null ? null : client.dailyRewardCap / 100,
    cashout: client.cashout,
  };
}

/** The fake store's writes on existing clients: a revocation, and a payout provider's callback secret (issued to a live provider only). */
function fakeClientWrites(
  state: FakeState,
  calls: string[],
): Pick<
  UserCommandTransaction,
  | 'lockOwnerClient'
  | 'revokePlatformClient'
  | 'insertCallbackSecret'
  | 'insertTestUser'
  | 'deleteTestUsersOf'
  | 'lockLiveClient'
  | 'setRewardCap'
> {
  return {
    deleteTestUsersOf: async (clientId) => {
      calls.push(`deleteTestUsersOf ${clientId}`);
      return 0;
    },
    insertTestUser: async (clientId, name, now) => {
      calls.push(`insertTestUser ${clientId}`);
      return { userId: 8_000_000_000_000_000, name, createdAt: now.toISOString() };
    },
    // A live client's grants, made by no one this file names (the reward cap's people are its int and e2e tests').
    lockLiveClient: async (id) => {
      calls.push(`lockLiveClient ${id}`);
      const found = state.clients?.get(id);
      if (!found || found.revokedAt) return null;
      const cap = found.dailyRewardCap === null ? null : Math.round(found.dailyRewardCap * 100);
      return { treasuries: found.treasuries, dailyRewardCap: cap, cashout: found.cashout, createdBy: null, approvedBy: null };
    },
    setRewardCap: async (clientId, dailyRewardCap) => {
      calls.push(`setRewardCap ${clientId} ${dailyRewardCap}`);
      const found = state.clients?.get(clientId);
      if (!found || found.revokedAt) return null;
      state.clients?.set(clientId, { ...found, dailyRewardCap: dailyRewardCap === null ? null : dailyRewardCap / 100 });
      return { clientId };
    },
    // No live client owns a test client here: the owner's grants are the rules' unit tests'.
    lockOwnerClient: async (id) => {
      calls.push(`lockOwnerClient ${id}`);
      return null;
    },
    revokePlatformClient: async (id, at) => {
      calls.push(`revokePlatformClient ${id}`);
      const found = state.clients?.get(id);
      if (!found) return null;
      const testClients = [...(state.owners ?? [])].filter(([, owner]) => owner === id).map(([child]) => child);
      const testClientsRevoked = testClients.filter((child) => state.clients?.get(child)?.revokedAt === null);
      for (const child of testClientsRevoked) state.clients?.set(child, { ...state.clients.get(child)!, revokedAt: at.toISOString() });
      if (found.revokedAt) return { client: found, revoked: false, testClients, testClientsRevoked };
      const revoked = { ...found, revokedAt: at.toISOString() };
      state.clients?.set(id, revoked);
      return { client: revoked, revoked: true, testClients, testClientsRevoked };
    },
    insertCallbackSecret: async (secret) => {
      calls.push(`insertCallbackSecret ${secret.clientId} by ${secret.requestedBy} approved by ${secret.approvedBy}`);
      const client = state.clients?.get(secret.clientId);
      return client && !client.revokedAt && client.cashout ? { issuedAt: secret.issuedAt } : null;
    },
  };
}

function fakeStore(state: FakeState = {}) {
  const calls: string[] = [];
  const stored = state.outcomes ?? new Map<string, StoredOutcome>();
  const enqueued: UserEventV2[] = [];
  const audited: UserAuditRecord[] = [];
  let nextOutboxId = 100;
  const tx: UserCommandTransaction = {
    findOutcome: async (commandId) => {
      calls.push('findOutcome');
      return stored.get(commandId) ?? null;
    },
    storeOutcome: async (commandId, type, outcome) => {
      calls.push(`storeOutcome ${type}`);
      stored.set(commandId, outcome);
    },
    lockUser: async (userId) => {
      calls.push(`lockUser ${userId}`);
      return state.users?.find((u) => u.id === userId) ?? null;
    },
    // Reads of the people deciding a request are not locks: left out of `calls`.
    findUser: async (userId) => state.users?.find((u) => u.id === userId) ?? null,
    lockSuperadminSet: async () => {
      calls.push('lockSuperadminSet');
      return state.superadminCount ?? 0;
    },
    insertUser: async (newAccount) => {
      calls.push(`insertUser ${newAccount.emailNormalized}`);
      if (state.emailTaken) return null;
      return account({ id: 42, email: newAccount.email, full_name: newAccount.fullName, role: newAccount.role, token_version: 0 });
    },
    lockUnboundPersonalDataKey: async (keyId) => {
      calls.push(`lockUnboundPersonalDataKey ${keyId}`);
      return state.personalDataKeys?.get(keyId) ?? null;
    },
    bindPersonalDataKey: async (keyId, emailNormalized) => void calls.push(`bindPersonalDataKey ${keyId} ${emailNormalized}`),
    noteRegistrationAttempt: async (emailNormalized, at) =>
      void calls.push(`noteRegistrationAttempt ${emailNormalized} ${at.toISOString()}`),
    insertSessionGrant: async (grant) =>
      void calls.push(`insertSessionGrant ${grant.userId} ${grant.grantHash.slice(0, 8)} ${grant.expiresAt.toISOString()}`),
    writeChanges: async (changes) => void calls.push(`writeChanges ${changes.map((c) => c.type).join(',') || '(none)'}`),
    insertApiKey: async (key): Promise<ApiKey> => {
      calls.push(
        `insertApiKey ${key.id} by ${key.createdBy} for ${key.ownerUserId}${key.approvedBy ? ` approved by ${key.approvedBy}` : ''}`,
      );
      return {
        id: key.id,
        name: key.name,
        scopes: key.scopes,
        ownerUserId: key.ownerUserId,
        createdAt: now.toISOString(),
        revokedAt: null,
      };
    },
    revokeApiKey: async (id) => {
      calls.push(`revokeApiKey ${id}`);
      const hash = state.apiKeyHashes?.get(id);
      return hash ? { keyHash: hash } : null;
    },
    insertPlatformClient: async (client) => {
      calls.push(`insertPlatformClient ${client.id}${client.approvedBy ? ` by ${client.createdBy} approved by ${client.approvedBy}` : ''}`);
      if (state.clients?.has(client.id)) return null;
      const inserted = insertedClient(client);
      state.clients?.set(client.id, inserted);
      return inserted;
    },
    ...fakeClientWrites(state, calls),
    lockPendingDeletionRequest: async (userId) => {
      calls.push(`lockPendingDeletionRequest ${userId}`);
      return state.deletionRequests?.find((r) => r.userId === userId && r.status === 'PENDING') ?? null;
    },
    lockDeletionRequest: async (id) => {
      calls.push('lockDeletionRequest');
      return state.deletionRequests?.find((r) => r.id === id) ?? null;
    },
    insertDeletionRequest: async (request) => {
      calls.push(`insertDeletionRequest ${request.userId} ${request.balanceMinor}`);
      state.deletionRequests = [...(state.deletionRequests ?? []), request];
    },
    updateDeletionRequest: async (request) => {
      calls.push(`updateDeletionRequest ${request.status}`);
      state.deletionRequests = (state.deletionRequests ?? []).map((r) => (r.id === request.id ? request : r));
    },
    lockGrantRequest: async (id) => {
      calls.push('lockGrantRequest');
      return state.grantRequests?.find((r) => r.id === id) ?? null;
    },
    insertGrantRequest: async (request) => {
      calls.push(`insertGrantRequest ${request.act.type}`);
      state.grantRequests = [...(state.grantRequests ?? []), request];
    },
    updateGrantRequest: async (request) => {
      calls.push(`updateGrantRequest ${request.status}`);
      state.grantRequests = (state.grantRequests ?? []).map((r) => (r.id === request.id ? request : r));
    },
    lockDeletionWindow: async (requester) => {
      calls.push(`lockDeletionWindow ${requester}`);
      return state.deletionWindows?.get(requester) ?? { balanceMinor: 0, count: 0 };
    },
    recordDeletionAlone: async ({ userId, requester, balanceMinor }) => {
      calls.push(`recordDeletionAlone ${userId} ${requester} ${balanceMinor}`);
      const window = state.deletionWindows?.get(requester) ?? { balanceMinor: 0, count: 0 };
      state.deletionWindows?.set(requester, { balanceMinor: window.balanceMinor + balanceMinor, count: window.count + 1 });
    },
    enqueueEvents: async (events): Promise<OutboxRow[]> => {
      calls.push(`enqueueEvents ${events.map((e) => e.type).join(',') || '(none)'}`);
      enqueued.push(...events);
      return events.map((e) => ({ id: nextOutboxId++, topic: 'user.events.v2', key: String(e.user.id), payload: e }));
    },
    // Audit records are kept apart from `calls`: the order tests below are about locks and writes.
    enqueueAudit: async (records): Promise<OutboxRow[]> => {
      audited.push(...records);
      return records.map((r) => ({ id: nextOutboxId++, topic: 'admin.audit', key: r.id, payload: r }));
    },
  };
  let transactions = 0;
  const store: UserCommandStore = {
    transaction: async (work) => {
      transactions += 1;
      return work(tx);
    },
  };
  return { store, calls, stored, enqueued, audited, transactions: () => transactions };
}

let nextId = 0;
const clock = { now: () => now, newId: () => `20000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}` };

describe('applying a user command', () => {
  it('when the command was applied before (a redelivery), then its stored outcome is the answer, marked replayed, and nothing is read or written', async () => {
    const cmd = command('user.delete', superadmin, { userId: 7 });
    const previous: StoredOutcome = { ok: true, reply: { userId: 7, tokenVersion: 4 } };
    const fake = fakeStore({ users: [account()], outcomes: new Map([[cmd.commandId, previous]]) });
    expect(await applyUserCommand(fake.store, cmd, clock, meta)).toEqual({ outcome: { ...previous, replayed: true }, outbox: [] });
    expect(fake.calls).toEqual(['findOutcome']);
  });

  it('when the actor may not send the command, then FORBIDDEN is stored without a lock taken or anything written', async () => {
    for (const cmd of [
      command('user.change-role', admin, { userId: 7, role: 'ADMIN' }),
      command('user.delete', admin, { userId: 7 }),
      command('user.revoke-sessions', admin, { userId: 7 }),
      command('user.api-key.create', admin, { name: 'ci', scopes: ['mint'], keyHash }),
      command('user.api-key.revoke', admin, { id: '30000000-0000-4000-8000-000000000001' }),
    ]) {
      const fake = fakeStore({ users: [account()] });
      const applied = await applyUserCommand(fake.store, cmd, clock, meta);
      expect(applied.outcome).toEqual({ ok: false, reply: { code: 'FORBIDDEN', detail: 'Only a SUPERADMIN may do this' } });
      // Nothing written but the refusal's audit record (an admin action attempted and rejected).
      expect(applied.outbox.map((row) => row.topic)).toEqual(['admin.audit']);
      expect(fake.audited).toEqual([expect.objectContaining({ result: 'rejected', errorCode: 'FORBIDDEN', actor: admin })]);
      expect(fake.calls).toEqual(['findOutcome', `storeOutcome ${cmd.type}`]);
    }
  });

  it('when an operator demotes a SUPERADMIN, then the account is locked before the SUPERADMIN set, and changes, events and outcome are written in that order', async () => {
    const fake = fakeStore({ users: [account({ role: 'SUPERADMIN' })], superadminCount: 2 });
    const applied = await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'ADMIN' }), clock, meta);
    expect(fake.calls).toEqual([
      'findOutcome',
      'lockUser 7',
      'lockSuperadminSet',
      'writeChanges set-role',
      'enqueueEvents user.role-changed',
      'storeOutcome user.change-role',
    ]);
    expect(applied.outcome).toEqual({ ok: true, reply: { user: { id: 7, role: 'ADMIN' }, tokenVersion: 4 } });
    expect(applied.outbox.map((row) => [row.id, row.topic])).toEqual([
      [100, 'user.events.v2'],
      [101, 'admin.audit'],
    ]);
    expect(fake.audited).toEqual([
      expect.objectContaining({ action: 'user.change-role', target: 'user:7', summary: { role: 'ADMIN', previousRole: 'SUPERADMIN' } }),
    ]);
    expect(fake.transactions()).toBe(1);
  });

  it('when the last SUPERADMIN would be deleted, then LAST_SUPERADMIN is stored and nothing is written', async () => {
    const fake = fakeStore({ users: [account({ role: 'SUPERADMIN' })], superadminCount: 1 });
    const applied = await applyUserCommand(fake.store, command('user.delete', operator, { userId: 7 }), clock, meta);
    expect(applied.outcome).toEqual({ ok: false, reply: { code: 'LAST_SUPERADMIN', detail: 'The last SUPERADMIN cannot be deleted' } });
    expect(fake.calls).toEqual(['findOutcome', 'lockUser 7', 'lockSuperadminSet', 'storeOutcome user.delete']);
  });

  it('when no SUPERADMIN would go, then the SUPERADMIN set is not locked', async () => {
    const fake = fakeStore({ users: [account({ role: 'ADMIN' })] });
    await applyUserCommand(fake.store, command('user.delete', operator, { userId: 7 }), clock, meta);
    await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'SUPERADMIN' }), clock, meta);
    expect(fake.calls).not.toContain('lockSuperadminSet');
    expect(fake.calls).toContain('writeChanges erase-user,revoke-refresh-tokens');
  });

  it('when the account does not exist, then USER_NOT_FOUND is stored after the lookup, with no further lock', async () => {
    const fake = fakeStore();
    const applied = await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'USER' }), clock, meta);
    expect(applied.outcome).toEqual({ ok: false, reply: { code: 'USER_NOT_FOUND', detail: 'No such user' } });
    expect(fake.calls).toEqual(['findOutcome', 'lockUser 7', 'storeOutcome user.change-role']);
  });

  it('when the role is unchanged, then the outcome is stored with no write and no event', async () => {
    const fake = fakeStore({ users: [account({ role: 'ADMIN' })] });
    const applied = await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'ADMIN' }), clock, meta);
    expect(applied.outcome).toEqual({ ok: true, reply: { user: { id: 7, role: 'ADMIN' }, tokenVersion: 3 } });
    // No event; the action itself is still recorded (applied, nothing changed).
    expect(applied.outbox.map((row) => row.topic)).toEqual(['admin.audit']);
    expect(fake.calls).toEqual([
      'findOutcome',
      'lockUser 7',
      'writeChanges (none)',
      'enqueueEvents (none)',
      'storeOutcome user.change-role',
    ]);
  });

  it('when a user logs out everywhere, then their own command is applied', async () => {
    const fake = fakeStore({ users: [account()] });
    const applied = await applyUserCommand(
      fake.store,
      command('user.revoke-sessions', { kind: 'user', id: '7', role: 'USER' }, { userId: 7 }),
      clock,
      meta,
    );
    expect(applied.outcome).toEqual({ ok: true, reply: { userId: 7, tokenVersion: 4 } });
    expect(fake.enqueued.map((e) => e.type)).toEqual(['user.sessions-revoked']);
  });

  describe('user.register', () => {
    const register = (hash: string) =>
      command('user.register', { kind: 'system', id: 'gateway' }, { email: ' Ada@Example.com', passwordHash: hash, fullName: 'Ada' });

    it('when it carries no password hash, then VALIDATION_FAILED is stored and nothing is inserted', async () => {
      const fake = fakeStore();
      const applied = await applyUserCommand(fake.store, register('plaintext-password'), clock, meta);
      expect(applied.outcome).toEqual({
        ok: false,
        reply: { code: 'VALIDATION_FAILED', detail: 'A register command must carry a password hash' },
      });
      expect(fake.calls).toEqual(['findOutcome', 'storeOutcome user.register']);
    });

    it('when the email is taken, then EMAIL_TAKEN is stored, no event is emitted, and the owner gets a notice', async () => {
      const fake = fakeStore({ emailTaken: true });
      const applied = await applyUserCommand(fake.store, register(passwordHash), clock, meta);
      expect(applied).toEqual({
        outcome: { ok: false, reply: { code: 'EMAIL_TAKEN', detail: 'An account with this email already exists' } },
        outbox: [],
      });
      expect(fake.calls).toEqual([
        'findOutcome',
        'insertUser ada@example.com',
        `noteRegistrationAttempt ada@example.com ${now.toISOString()}`,
        'storeOutcome user.register',
      ]);
    });

    it('when the account is inserted, then user.registered is queued and the new id alone is the stored reply (no personal data)', async () => {
      const fake = fakeStore();
      const applied = await applyUserCommand(fake.store, register(passwordHash), clock, meta);
      expect(applied.outcome).toEqual({ ok: true, reply: { user: { id: 42 } } });
      expect(fake.calls).toEqual([
        'findOutcome',
        'insertUser ada@example.com',
        'enqueueEvents user.registered',
        'storeOutcome user.register',
      ]);
    });

    const keyId = '3c8e5a1f-7b2d-4f6e-9a0c-5d1b7e3f9a24';
    const sealedRegister = (key: Buffer, data: unknown = { email: 'Ada@Example.com', passwordHash, fullName: 'Ada' }) =>
      command('user.register', { kind: 'user', id: 'anonymous' }, { sealed: sealPersonalData(keyId, key, data) });

    it('when the data is sealed under a key the service made, then it is opened, the account inserted, and the key given to it', async () => {
      const key = newPersonalDataKey();
      const fake = fakeStore({ personalDataKeys: new Map([[keyId, key]]) });
      const applied = await applyUserCommand(fake.store, sealedRegister(key), clock, meta);
      expect(applied.outcome).toEqual({ ok: true, reply: { user: { id: 42 } } });
      expect(fake.calls).toEqual([
        'findOutcome',
        `lockUnboundPersonalDataKey ${keyId}`,
        'insertUser ada@example.com',
        `bindPersonalDataKey ${keyId} ada@example.com`,
        'enqueueEvents user.registered',
        'storeOutcome user.register',
      ]);
    });

    it('when the address is taken, then the key goes to the account that has it (its erasure destroys it)', async () => {
      const key = newPersonalDataKey();
      const fake = fakeStore({ emailTaken: true, personalDataKeys: new Map([[keyId, key]]) });
      await applyUserCommand(fake.store, sealedRegister(key), clock, meta);
      expect(fake.calls).toContain(`bindPersonalDataKey ${keyId} ada@example.com`);
    });

    it.each([
      ['its key is unknown, used or erased', undefined, undefined],
      ['it was sealed under another key', newPersonalDataKey(), undefined],
      ['what it seals is no registration', undefined, { email: 'ada@example.com' }],
    ])('when %s, then VALIDATION_FAILED is stored and nothing is inserted', async (_case, sealedWith, data) => {
      const key = newPersonalDataKey();
      const known = _case.startsWith('its key') ? new Map<string, Buffer>() : new Map([[keyId, key]]);
      const fake = fakeStore({ personalDataKeys: known });
      const applied = await applyUserCommand(fake.store, sealedRegister(sealedWith ?? key, data), clock, meta);
      expect(applied.outcome).toEqual({ ok: false, reply: { code: 'VALIDATION_FAILED', detail: 'The registration data cannot be read' } });
      expect(fake.calls).toEqual(['findOutcome', `lockUnboundPersonalDataKey ${keyId}`, 'storeOutcome user.register']);
    });
  });

  describe('session grants', () => {
    const grantHash = 'ab'.repeat(32);
    const withGrant = () =>
      command(
        'user.register',
        { kind: 'system', id: 'gateway' },
        { email: ' Ada@Example.com', passwordHash, fullName: 'Ada', sessionGrantHash: grantHash },
      );

    it('when a registration carries a session grant hash, then the grant is stored with the account, expiring 60 s later', async () => {
      const fake = fakeStore();
      await applyUserCommand(fake.store, withGrant(), clock, meta);
      expect(fake.calls).toEqual([
        'findOutcome',
        'insertUser ada@example.com',
        `insertSessionGrant 42 abababab ${new Date(now.getTime() + 60_000).toISOString()}`,
        'enqueueEvents user.registered',
        'storeOutcome user.register',
      ]);
    });

    it('when the email is taken, then no grant is stored (nothing to grant a session to)', async () => {
      const fake = fakeStore({ emailTaken: true });
      await applyUserCommand(fake.store, withGrant(), clock, meta);
      expect(fake.calls).toEqual([
        'findOutcome',
        'insertUser ada@example.com',
        `noteRegistrationAttempt ada@example.com ${now.toISOString()}`,
        'storeOutcome user.register',
      ]);
    });
  });

  describe('API keys', () => {
    it('when an operator issues a key to an ADMIN, then the owner is locked before the insert and the stored key is the reply', async () => {
      const fake = fakeStore({ users: [account({ id: 2, role: 'ADMIN' })] });
      const applied = await applyUserCommand(
        fake.store,
        command('user.api-key.create', operator, { name: 'ci', scopes: ['mint'], keyHash, ownerUserId: 2 }),
        clock,
        meta,
      );
      expect(applied.outcome.ok).toBe(true);
      expect(applied.outcome.reply).toMatchObject({ name: 'ci', scopes: ['mint'], ownerUserId: 2, revokedAt: null });
      expect(fake.calls[1]).toBe('lockUser 2');
      expect(fake.calls[2]).toMatch(/^insertApiKey 20000000-0000-4000-8000-\d{12} by null for 2$/);
    });

    it('when the owner is a USER or no live account, then the key is refused and nothing is inserted', async () => {
      for (const [users, code] of [
        [[account({ id: 2, role: 'USER' })], 'API_KEY_OWNER_NOT_ADMIN'],
        [[], 'USER_NOT_FOUND'],
      ] as const) {
        const fake = fakeStore({ users: [...users] });
        const applied = await applyUserCommand(
          fake.store,
          command('user.api-key.create', superadmin, { name: 'ci', scopes: ['mint'], keyHash, ownerUserId: 2 }),
          clock,
          meta,
        );
        expect(applied.outcome).toMatchObject({ ok: false, reply: { code } });
        expect(fake.calls).toEqual(['findOutcome', 'lockUser 2', 'storeOutcome user.api-key.create']);
      }
    });

    it('when a revocation names no key, then NOT_FOUND; when it names one, then its id and hash', async () => {
      const known = '30000000-0000-4000-8000-000000000002';
      const fake = fakeStore({ apiKeyHashes: new Map([[known, keyHash]]) });
      expect(
        (
          await applyUserCommand(
            fake.store,
            command('user.api-key.revoke', operator, { id: '30000000-0000-4000-8000-000000000003' }),
            clock,
            meta,
          )
        ).outcome,
      ).toEqual({
        ok: false,
        reply: { code: 'NOT_FOUND', detail: 'No such API key' },
      });
      expect((await applyUserCommand(fake.store, command('user.api-key.revoke', operator, { id: known }), clock, meta)).outcome).toEqual({
        ok: true,
        reply: { id: known, keyHash },
      });
    });
  });

  describe('platform clients', () => {
    const secretHash = 'c'.repeat(64);
    const requestHash = 'd'.repeat(64);

    it('when an operator creates a client, then the reply carries the client, its grants and both hashes, and the audit names the operator, the grants and no secret', async () => {
      const fake = fakeStore({ clients: new Map() });
      const grants = { treasuries: ['REWARDS' as const, 'COURSE_FEES' as const], dailyRewardCap: 500_000, cashout: true };
      const applied = await applyUserCommand(
        fake.store,
        command('user.platform-client.create', operator, { clientId: 'pc_new', name: 'tournaments', secretHash, requestHash, ...grants }),
        clock,
        { ...meta, requestId: 'req-1' },
      );
      expect(applied.outcome).toEqual({
        ok: true,
        reply: {
          client: {
            id: 'pc_new',
            name: 'tournaments',
            createdAt: now.toISOString(),
            revokedAt: null,
            treasuries: ['REWARDS', 'COURSE_FEES'],
            dailyRewardCap: 5000,
            cashout: true,
          },
          secretHash,
          requestHash,
        },
      });
      expect(fake.audited).toEqual([
        expect.objectContaining({
          action: 'platform-client.create',
          target: 'client:pc_new',
          actor: operator,
          summary: { name: 'tournaments', treasuries: ['COURSE_FEES', 'REWARDS'], dailyRewardCapMinor: 500_000, cashout: true },
          result: 'applied',
          requestId: 'req-1',
        }),
      ]);
      expect(JSON.stringify(fake.audited)).not.toContain(secretHash);
    });

    it('when an ADMIN creates or revokes a client, then FORBIDDEN before anything is written, and the refusal is audited', async () => {
      const fake = fakeStore({ clients: new Map() });
      const create = await applyUserCommand(
        fake.store,
        command('user.platform-client.create', admin, { clientId: 'pc_new', name: 'x', secretHash, requestHash }),
        clock,
        meta,
      );
      const revoke = await applyUserCommand(fake.store, command('user.platform-client.revoke', admin, { clientId: 'pc_new' }), clock, meta);
      expect([create.outcome.ok, revoke.outcome.ok]).toEqual([false, false]);
      expect(fake.calls.filter((c) => c.startsWith('insert') || c.startsWith('revoke'))).toEqual([]);
      expect(fake.audited.map((r) => [r.action, r.result, r.errorCode])).toEqual([
        ['platform-client.create', 'rejected', 'FORBIDDEN'],
        ['platform-client.revoke', 'rejected', 'FORBIDDEN'],
      ]);
    });

    it('when an ADMIN registers a test-mode client (a test_ id), then it is made at once, with no second person, and audited as theirs (docs/decisions/0018-sandbox.md)', async () => {
      const fake = fakeStore({ clients: new Map() });
      const applied = await applyUserCommand(
        fake.store,
        command('user.platform-client.create', admin, {
          clientId: 'test_new',
          name: 'sandbox',
          secretHash,
          requestHash,
          treasuries: ['REWARDS'],
        }),
        clock,
        meta,
      );
      expect(applied.outcome).toEqual({
        ok: true,
        reply: { client: expect.objectContaining({ id: 'test_new', name: 'sandbox', revokedAt: null }), secretHash, requestHash },
      });
      expect(fake.calls.filter((c) => c.startsWith('insertGrantRequest'))).toEqual([]);
      expect(fake.audited).toEqual([
        expect.objectContaining({ action: 'platform-client.create', target: 'client:test_new', actor: admin, result: 'applied' }),
      ]);
    });

    it('when a USER registers a test-mode client, or an ADMIN a live one, then FORBIDDEN and nothing is written', async () => {
      const fake = fakeStore({ clients: new Map() });
      const asUser = await applyUserCommand(
        fake.store,
        command(
          'user.platform-client.create',
          { kind: 'user', id: '3', role: 'USER' },
          { clientId: 'test_new', name: 'x', secretHash, requestHash },
        ),
        clock,
        meta,
      );
      const live = await applyUserCommand(
        fake.store,
        command('user.platform-client.create', admin, { clientId: 'pc_new', name: 'x', secretHash, requestHash }),
        clock,
        meta,
      );
      expect([asUser.outcome.reply, live.outcome.reply]).toEqual([
        expect.objectContaining({ code: 'FORBIDDEN' }),
        expect.objectContaining({ code: 'FORBIDDEN' }),
      ]);
      expect(fake.calls.filter((c) => c.startsWith('insert'))).toEqual([]);
    });

    it('when a live client that made test clients is revoked, then they are revoked with it, in the answer and in its one audit record', async () => {
      const live = (id: string): PlatformClient => ({
        id,
        name: id,
        createdAt: now.toISOString(),
        revokedAt: null,
        treasuries: ['REWARDS'],
        dailyRewardCap: null,
        cashout: false,
      });
      const clients = new Map(['pc_owner', 'test_one', 'test_two', 'test_other'].map((id) => [id, live(id)]));
      const owners = new Map([
        ['test_one', 'pc_owner'],
        ['test_two', 'pc_owner'],
        ['test_other', 'pc_stranger'],
      ]);
      const fake = fakeStore({ clients, owners });
      const applied = await applyUserCommand(
        fake.store,
        command('user.platform-client.revoke', superadmin, { clientId: 'pc_owner' }),
        clock,
        meta,
      );
      expect(applied.outcome.reply).toMatchObject({
        revoked: true,
        testClients: ['test_one', 'test_two'],
        testClientsRevoked: ['test_one', 'test_two'],
      });
      expect([...clients.values()].filter((c) => c.revokedAt !== null).map((c) => c.id)).toEqual(['pc_owner', 'test_one', 'test_two']);
      expect(fake.audited.map((r) => [r.action, r.target, r.summary])).toEqual([
        [
          'platform-client.revoke',
          'client:pc_owner',
          { name: 'pc_owner', testClientsRevoked: ['test_one', 'test_two'], testClientsRevokedCount: 2 },
        ],
      ]);
    });

    it('when a client is revoked twice, then both answer the client; only the first is an audited action; an unknown id is NOT_FOUND', async () => {
      const clients = new Map([
        [
          'pc_a',
          {
            id: 'pc_a',
            name: 'a',
            createdAt: now.toISOString(),
            revokedAt: null,
            treasuries: ['REWARDS' as const],
            dailyRewardCap: null,
            cashout: false,
          },
        ],
      ]);
      const fake = fakeStore({ clients });
      const first = await applyUserCommand(
        fake.store,
        command('user.platform-client.revoke', superadmin, { clientId: 'pc_a' }),
        clock,
        meta,
      );
      const again = await applyUserCommand(
        fake.store,
        command('user.platform-client.revoke', superadmin, { clientId: 'pc_a' }),
        clock,
        meta,
      );
      const unknown = await applyUserCommand(
        fake.store,
        command('user.platform-client.revoke', superadmin, { clientId: 'pc_b' }),
        clock,
        meta,
      );
      expect(first.outcome.reply).toEqual({
        client: {
          id: 'pc_a',
          name: 'a',
          createdAt: now.toISOString(),
          revokedAt: now.toISOString(),
          treasuries: ['REWARDS'],
          dailyRewardCap: null,
          cashout: false,
        },
        revoked: true,
        testClients: [],
        testClientsRevoked: [],
      });
      expect(again.outcome.reply).toEqual({
        client: {
          id: 'pc_a',
          name: 'a',
          createdAt: now.toISOString(),
          revokedAt: now.toISOString(),
          treasuries: ['REWARDS'],
          dailyRewardCap: null,
          cashout: false,
        },
        revoked: false,
        testClients: [],
        testClientsRevoked: [],
      });
      expect(unknown.outcome).toEqual({ ok: false, reply: { code: 'NOT_FOUND', detail: 'No such platform client' } });
      expect(fake.audited.map((r) => [r.action, r.target, r.result])).toEqual([
        ['platform-client.revoke', 'client:pc_a', 'applied'],
        ['platform-client.revoke', 'client:pc_b', 'rejected'],
      ]);
    });
  });
});

describe('large deletions wait for a second SUPERADMIN', () => {
  const policy: DeletionPolicy = { approvalMinMinor: 1_000_000, expirySeconds: 24 * 3600, windowMinor: 0, windowCountMax: 0 };
  const other: Actor = { kind: 'user', id: '3', role: 'SUPERADMIN' };
  const deleteAt = (balanceMinor: number, actor: Actor = superadmin) =>
    [command('user.delete', actor, { userId: 7 }), clock, { grants, deletionPolicy: policy, balanceMinor }] as const;

  it('when the balance is below the threshold, then the user is deleted at once', async () => {
    const fake = fakeStore({ users: [account()] });
    const applied = await applyUserCommand(fake.store, ...deleteAt(999_999));
    expect(applied.outcome).toEqual({ ok: true, reply: { userId: 7, tokenVersion: 4 } });
    expect(fake.calls).toContain('writeChanges erase-user,revoke-refresh-tokens');
  });

  it('when the balance is at the threshold, then a PENDING request is stored instead, nothing else is written, and the request is audited', async () => {
    const fake = fakeStore({ users: [account()] });
    const applied = await applyUserCommand(fake.store, ...deleteAt(1_000_000));
    expect(applied.outcome.reply).toEqual({
      deletionRequest: expect.objectContaining({ userId: 7, status: 'PENDING', balance: 10_000, requestedBy: superadmin, decidedBy: null }),
    });
    expect(fake.calls).toEqual([
      'findOutcome',
      'lockUser 7',
      'lockDeletionWindow user:1',
      'lockPendingDeletionRequest 7',
      'insertDeletionRequest 7 1000000',
      'enqueueEvents (none)',
      'storeOutcome user.delete',
    ]);
    expect(fake.audited).toEqual([
      expect.objectContaining({
        action: 'approval.request',
        result: 'applied',
        summary: { type: 'user.delete', userId: 7, balance: 10_000 },
      }),
    ]);
  });

  it('when a keyed deletion becomes a request, then its id is not the one the actor and the Idempotency-Key name; a retry with the key answers the same request', async () => {
    const fake = fakeStore({ users: [account()] });
    // What anyone knowing the actor and the key computes: the gateway's command id, then the request id from it alone.
    const commandId = uuidV5(`user:1:DELETE /api/admin/users/7:order-7`);
    const keyed = (idNonce: string) => ({ ...command('user.delete', superadmin, { userId: 7, idNonce }), commandId });
    const options = { grants, deletionPolicy: policy, balanceMinor: 2_000_000 };
    const first = await applyUserCommand(fake.store, keyed('q0W9vJ3nL8xR2tY6uI1oPa'), clock, options);
    const id = (first.outcome.reply as { deletionRequest: { id: string } }).deletionRequest.id;
    expect(id).not.toBe(uuidV5(`user.deletion-request:${commandId}`));
    // The retry is a new command with the same id and another nonce: answered from the stored outcome.
    const retry = await applyUserCommand(fake.store, keyed('Zz0W9vJ3nL8xR2tY6uI1oP'), clock, options);
    expect(retry.outcome).toEqual({ ...first.outcome, replayed: true });
    expect(fake.calls.filter((c) => c.startsWith('insertDeletionRequest'))).toHaveLength(1);
  });

  it('when a request is pending, then a second deletion answers it and stores no other', async () => {
    const fake = fakeStore({ users: [account()] });
    const first = await applyUserCommand(fake.store, ...deleteAt(2_000_000));
    const second = await applyUserCommand(fake.store, ...deleteAt(2_000_000, other));
    expect(second.outcome.reply).toEqual(first.outcome.reply);
    expect(fake.calls.filter((c) => c.startsWith('insertDeletionRequest'))).toHaveLength(1);
  });

  it('when the deletion would be refused anyway (the last SUPERADMIN), then it is refused at once, not stored as a request', async () => {
    const fake = fakeStore({ users: [account({ role: 'SUPERADMIN' })], superadminCount: 1 });
    const applied = await applyUserCommand(fake.store, ...deleteAt(5_000_000));
    expect(applied.outcome.ok).toBe(false);
    expect(fake.calls).not.toContain('insertDeletionRequest 7 5000000');
  });

  it('when the policy is on but the consumer read no balance, then it is a broken invariant (never decided without the figure)', async () => {
    const fake = fakeStore({ users: [account()] });
    await expect(
      applyUserCommand(fake.store, command('user.delete', superadmin, { userId: 7 }), clock, { grants, deletionPolicy: policy }),
    ).rejects.toThrow(/without the ledger balance/);
  });

  async function pendingRequest() {
    const fake = fakeStore({ users: [account(), account({ id: 1, role: 'SUPERADMIN' }), account({ id: 3, role: 'SUPERADMIN' })] });
    const applied = await applyUserCommand(fake.store, ...deleteAt(2_000_000));
    const id = (applied.outcome.reply as { deletionRequest: { id: string } }).deletionRequest.id;
    return { fake, id };
  }

  it('when the requester approves their own request, then APPROVAL_BY_REQUESTER and nothing is deleted', async () => {
    const { fake, id } = await pendingRequest();
    const applied = await applyUserCommand(
      fake.store,
      command('user.approve-deletion', superadmin, { userId: 7, requestId: id }),
      clock,
      meta,
    );
    expect(applied.outcome).toEqual({ ok: false, reply: expect.objectContaining({ code: 'APPROVAL_BY_REQUESTER' }) });
    expect(fake.calls.filter((c) => c.startsWith('writeChanges'))).toEqual([]);
  });

  it('when another SUPERADMIN approves, then the user is deleted as a direct deletion and the request is APPROVED in the same transaction', async () => {
    const { fake, id } = await pendingRequest();
    const applied = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 7, requestId: id }), clock, meta);
    expect(applied.outcome).toEqual({
      ok: true,
      reply: { userId: 7, tokenVersion: 4, deletionRequest: expect.objectContaining({ id, status: 'APPROVED', decidedBy: other }) },
    });
    expect(fake.calls.slice(-6)).toEqual([
      'lockUser 7',
      'lockDeletionRequest',
      'writeChanges erase-user,revoke-refresh-tokens',
      'updateDeletionRequest APPROVED',
      'enqueueEvents user.deleted',
      'storeOutcome user.approve-deletion',
    ]);
    expect(fake.audited.at(-1)).toEqual(
      expect.objectContaining({ action: 'approval.approve', target: `deletion-request:${id}`, actor: other }),
    );
  });

  it('when an ADMIN approves, or the request names another user, or it is decided already, then it is refused', async () => {
    const { fake, id } = await pendingRequest();
    const byAdmin = await applyUserCommand(fake.store, command('user.approve-deletion', admin, { userId: 7, requestId: id }), clock, meta);
    expect(byAdmin.outcome.reply).toEqual(expect.objectContaining({ code: 'FORBIDDEN' }));
    const otherUser = await applyUserCommand(
      fake.store,
      command('user.approve-deletion', other, { userId: 8, requestId: id }),
      clock,
      meta,
    );
    expect(otherUser.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_FOUND' }));
    await applyUserCommand(
      fake.store,
      command('user.reject-deletion', superadmin, { userId: 7, requestId: id, reason: 'mistake' }),
      clock,
      meta,
    );
    const late = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 7, requestId: id }), clock, meta);
    expect(late.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_PENDING' }));
    expect(fake.audited.at(-1)).toEqual(
      expect.objectContaining({ action: 'approval.approve', result: 'rejected', errorCode: 'APPROVAL_NOT_PENDING' }),
    );
  });

  it('when the request has expired, then an approval is refused and the request is marked EXPIRED', async () => {
    const { fake, id } = await pendingRequest();
    const later = { now: () => new Date(now.getTime() + policy.expirySeconds * 1000), newId: clock.newId };
    const applied = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 7, requestId: id }), later, meta);
    expect(applied.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_PENDING' }));
    expect(fake.calls.at(-2)).toBe('updateDeletionRequest EXPIRED');
  });
});

describe('two-person acts', () => {
  const other: Actor = { kind: 'user', id: '3', role: 'SUPERADMIN' };
  const people = () => [account(), account({ id: 1, role: 'SUPERADMIN' }), account({ id: 3, role: 'SUPERADMIN' })];
  const secretHash = 'c'.repeat(64);
  const requestHash = 'd'.repeat(64);
  const requestIdOf = (applied: { outcome: StoredOutcome }) => (applied.outcome.reply as { grantRequest: { id: string } }).grantRequest.id;

  it('when a SUPERADMIN grants ADMIN, then a request is stored instead, nothing about the account changes, and the request is audited', async () => {
    const fake = fakeStore({ users: people() });
    const applied = await applyUserCommand(fake.store, command('user.change-role', superadmin, { userId: 7, role: 'ADMIN' }), clock, meta);
    expect(applied.outcome.reply).toEqual({
      grantRequest: expect.objectContaining({
        status: 'PENDING',
        act: { type: 'user.change-role', userId: 7, role: 'ADMIN', previousRole: 'USER' },
        requestedBy: superadmin,
        expiresAt: new Date(now.getTime() + grants.expirySeconds * 1000).toISOString(),
      }),
    });
    expect(fake.calls).toEqual([
      'findOutcome',
      'lockUser 7',
      'insertGrantRequest user.change-role',
      'enqueueEvents (none)',
      'storeOutcome user.change-role',
    ]);
    expect(fake.audited).toEqual([
      expect.objectContaining({
        action: 'approval.request',
        target: `grant-request:${requestIdOf(applied)}`,
        summary: { type: 'user.change-role', userId: 7, role: 'ADMIN', previousRole: 'USER' },
      }),
    ]);
  });

  it('when a keyed request for a client is made, then its id is not the one the actor and the Idempotency-Key name; a retry with the key answers the same request', async () => {
    const fake = fakeStore({ users: people(), clients: new Map() });
    const commandId = uuidV5(`user:1:POST /api/admin/platform-clients:client-7`);
    const keyed = (idNonce: string) => ({
      ...command('user.platform-client.create', superadmin, { clientId: 'pc_seven', name: 'seven', secretHash, requestHash, idNonce }),
      commandId,
    });
    const first = await applyUserCommand(fake.store, keyed('q0W9vJ3nL8xR2tY6uI1oPa'), clock, meta);
    expect(requestIdOf(first)).not.toBe(uuidV5(`user.grant-request:${commandId}`));
    const retry = await applyUserCommand(fake.store, keyed('Zz0W9vJ3nL8xR2tY6uI1oP'), clock, meta);
    expect(requestIdOf(retry)).toBe(requestIdOf(first));
    expect(fake.calls.filter((c) => c.startsWith('insertGrantRequest'))).toHaveLength(1);
  });

  it('when two role grants carry other nonces, then their requests have other ids; the same command redelivered names the same', async () => {
    const data = { userId: 7, role: 'ADMIN' as const };
    const first = command('user.change-role', superadmin, { ...data, idNonce: 'q0W9vJ3nL8xR2tY6uI1oPa' });
    const other = { ...first, data: { ...data, idNonce: 'Zz0W9vJ3nL8xR2tY6uI1oP' } } as UserCommand;
    const [a, b, c] = await Promise.all(
      [first, first, other].map((sent) => applyUserCommand(fakeStore({ users: people() }).store, sent, clock, meta)),
    );
    expect(requestIdOf(b!)).toBe(requestIdOf(a!));
    expect(requestIdOf(c!)).not.toBe(requestIdOf(a!));
  });

  it('when a SUPERADMIN demotes another SUPERADMIN, then it waits too; taking ADMIN away or moving between USER and DEVELOPER does not', async () => {
    const fake = fakeStore({
      users: [account({ role: 'SUPERADMIN' }), account({ id: 8, role: 'ADMIN' }), account({ id: 9 })],
      superadminCount: 2,
    });
    const demotion = await applyUserCommand(fake.store, command('user.change-role', superadmin, { userId: 7, role: 'ADMIN' }), clock, meta);
    expect(demotion.outcome.reply).toEqual({
      grantRequest: expect.objectContaining({ act: expect.objectContaining({ previousRole: 'SUPERADMIN' }) }),
    });
    const fromAdmin = await applyUserCommand(fake.store, command('user.change-role', superadmin, { userId: 8, role: 'USER' }), clock, meta);
    const toDeveloper = await applyUserCommand(
      fake.store,
      command('user.change-role', superadmin, { userId: 9, role: 'DEVELOPER' }),
      clock,
      meta,
    );
    expect([fromAdmin.outcome.reply, toDeveloper.outcome.reply]).toEqual([
      { user: { id: 8, role: 'USER' }, tokenVersion: 4 },
      { user: { id: 9, role: 'DEVELOPER' }, tokenVersion: 4 },
    ]);
    expect(fake.calls.filter((c) => c.startsWith('insertGrantRequest'))).toHaveLength(1);
  });

  it('when the last SUPERADMIN would be demoted, then LAST_SUPERADMIN at once, no request', async () => {
    const fake = fakeStore({ users: [account({ role: 'SUPERADMIN' })], superadminCount: 1 });
    const applied = await applyUserCommand(fake.store, command('user.change-role', superadmin, { userId: 7, role: 'USER' }), clock, meta);
    expect(applied.outcome.reply).toEqual(expect.objectContaining({ code: 'LAST_SUPERADMIN' }));
    expect(fake.calls).not.toContain('insertGrantRequest user.change-role');
  });

  it('when a SUPERADMIN asks for a key, then only a request is stored: the hash is kept for the approval, never shown or audited', async () => {
    const fake = fakeStore({ users: people() });
    const applied = await applyUserCommand(
      fake.store,
      command('user.api-key.create', superadmin, { name: 'ci', scopes: ['mint'], keyHash }),
      clock,
      meta,
    );
    expect(applied.outcome.reply).toEqual({
      grantRequest: expect.objectContaining({
        act: { type: 'user.api-key.create', apiKeyId: expect.any(String), name: 'ci', scopes: ['mint'], ownerUserId: 1 },
      }),
    });
    expect(fake.calls.filter((c) => c.startsWith('insertApiKey'))).toEqual([]);
    expect(JSON.stringify(applied.outcome)).not.toContain(keyHash);
    expect(JSON.stringify(fake.audited)).not.toContain(keyHash);
  });

  it('when a client is asked for with a cap above the ceiling, then REWARD_CAP_ABOVE_CEILING and nothing is stored; within it, a request whose answer carries the hashes', async () => {
    const fake = fakeStore({ users: people(), clients: new Map() });
    const data = { clientId: 'pc_new', name: 'jackpot', secretHash, requestHash, treasuries: ['REWARDS' as const] };
    const huge = await applyUserCommand(
      fake.store,
      command('user.platform-client.create', superadmin, { ...data, dailyRewardCap: grants.dailyRewardCapMaxMinor + 1 }),
      clock,
      meta,
    );
    expect(huge.outcome.reply).toEqual(expect.objectContaining({ code: 'REWARD_CAP_ABOVE_CEILING' }));
    expect(fake.audited.at(-1)).toEqual(expect.objectContaining({ action: 'platform-client.create', result: 'rejected' }));
    const modest = await applyUserCommand(
      fake.store,
      command('user.platform-client.create', superadmin, { ...data, dailyRewardCap: grants.dailyRewardCapMaxMinor }),
      clock,
      meta,
    );
    expect(modest.outcome.reply).toEqual({
      grantRequest: expect.objectContaining({
        act: {
          type: 'user.platform-client.create',
          clientId: 'pc_new',
          name: 'jackpot',
          treasuries: ['REWARDS'],
          dailyRewardCap: 100_000,
          cashout: false,
        },
      }),
      secretHash,
      requestHash,
    });
    expect(fake.calls.filter((c) => c.startsWith('insertPlatformClient'))).toEqual([]);
  });

  describe("a payout provider's callback secret", () => {
    const sealedSecret = `v1.${'A'.repeat(16)}.${'B'.repeat(66)}.${'C'.repeat(22)}`;
    const provider = (revokedAt: string | null = null, cashout = true): PlatformClient => ({
      id: 'pc_payer',
      name: 'mobile money',
      createdAt: now.toISOString(),
      revokedAt,
      treasuries: [],
      dailyRewardCap: null,
      cashout,
    });
    async function askedSecret(client: PlatformClient) {
      const fake = fakeStore({ users: people(), clients: new Map([[client.id, client]]) });
      const data = { clientId: client.id, sealedSecret, secretHash, requestHash };
      const applied = await applyUserCommand(fake.store, command('user.platform-client.callback-secret', superadmin, data), clock, meta);
      return { fake, applied, id: requestIdOf(applied) };
    }

    it('when one SUPERADMIN asks for a new callback secret, then only a request naming the client is stored: nothing is issued, and neither the sealed secret nor its hash is shown or audited', async () => {
      const { fake, applied } = await askedSecret(provider());
      expect(applied.outcome.reply).toEqual({
        grantRequest: expect.objectContaining({
          status: 'PENDING',
          act: { type: 'user.platform-client.callback-secret', clientId: 'pc_payer' },
          requestedBy: superadmin,
        }),
        secretHash,
        requestHash,
      });
      expect(fake.calls.filter((c) => c.startsWith('insertCallbackSecret'))).toEqual([]);
      expect(JSON.stringify((applied.outcome.reply as { grantRequest: unknown }).grantRequest)).not.toContain(sealedSecret);
      expect(JSON.stringify(fake.audited)).not.toContain(sealedSecret);
      expect(JSON.stringify(fake.audited)).not.toContain(secretHash);
      expect(fake.audited.map((r) => [r.action, r.summary])).toEqual([
        ['approval.request', { type: 'user.platform-client.callback-secret', clientId: 'pc_payer' }],
      ]);
    });

    it('when an ADMIN asks for a new callback secret, then refused, nothing stored, and the refusal audited naming the client only: never the sealed secret or its hash', async () => {
      const fake = fakeStore({ users: people(), clients: new Map([['pc_payer', provider()]]) });
      const data = { clientId: 'pc_payer', sealedSecret, secretHash, requestHash };
      const applied = await applyUserCommand(fake.store, command('user.platform-client.callback-secret', admin, data), clock, meta);
      expect((applied.outcome.reply as { code: string }).code).toBe('FORBIDDEN');
      expect(fake.calls.filter((c) => c.startsWith('insertGrantRequest') || c.startsWith('insertCallbackSecret'))).toEqual([]);
      expect(fake.audited.map((r) => [r.action, r.result, r.errorCode, r.summary])).toEqual([
        ['approval.request', 'rejected', 'FORBIDDEN', { type: 'user.platform-client.callback-secret', clientId: 'pc_payer' }],
      ]);
      expect(JSON.stringify(fake.audited)).not.toContain(sealedSecret);
      expect(JSON.stringify(fake.audited)).not.toContain(secretHash);
    });

    it("when the requester approves their own callback secret, or an ADMIN, then refused and nothing is issued; another SUPERADMIN's approval issues it with who asked and who approved, audited", async () => {
      const { fake, id } = await askedSecret(provider());
      const own = await applyUserCommand(fake.store, approve(superadmin, id), clock, meta);
      const byAdmin = await applyUserCommand(fake.store, approve(admin, id), clock, meta);
      expect([own, byAdmin].map((a) => (a.outcome.reply as { code: string }).code)).toEqual(['APPROVAL_BY_REQUESTER', 'FORBIDDEN']);
      expect(fake.calls.filter((c) => c.startsWith('insertCallbackSecret'))).toEqual([]);
      const approved = await applyUserCommand(fake.store, approve(other, id), clock, meta);
      expect(approved.outcome.reply).toEqual({ grantRequest: expect.objectContaining({ status: 'APPROVED' }), tokenVersion: null });
      expect(fake.calls.filter((c) => c.startsWith('insertCallbackSecret'))).toEqual(['insertCallbackSecret pc_payer by 1 approved by 3']);
      // The approval's own record names the act and the client; no secret, no hash.
      expect(fake.audited.at(-1)).toEqual(
        expect.objectContaining({
          action: 'approval.approve',
          target: `grant-request:${id}`,
          summary: { type: 'user.platform-client.callback-secret', clientId: 'pc_payer' },
        }),
      );
      expect(JSON.stringify(fake.audited)).not.toContain(sealedSecret);
    });

    it('when the client was revoked or is no payout provider when the approval comes, then GRANT_REQUEST_OUTDATED and no secret is issued', async () => {
      for (const client of [provider(now.toISOString()), provider(null, false)]) {
        const { fake, id } = await askedSecret(client);
        const approved = await applyUserCommand(fake.store, approve(other, id), clock, meta);
        expect(approved.outcome.reply).toEqual(expect.objectContaining({ code: 'GRANT_REQUEST_OUTDATED' }));
        expect(fake.calls.filter((c) => c.startsWith('updateGrantRequest'))).toEqual([]);
      }
    });
  });

  /** The requests a fake store holds, to start another (whose accounts changed since) with them. */
  async function storedRequests(fake: ReturnType<typeof fakeStore>): Promise<GrantRequestRow[]> {
    const ids = fake.audited.filter((r) => r.action === 'approval.request').map((r) => r.target.replace('grant-request:', ''));
    return fake.store.transaction(async (tx) => (await Promise.all(ids.map((id) => tx.lockGrantRequest(id)))).filter((r) => r !== null));
  }

  async function askedKey() {
    const fake = fakeStore({ users: people() });
    const applied = await applyUserCommand(
      fake.store,
      command('user.api-key.create', superadmin, { name: 'ci', scopes: ['mint'], keyHash }),
      clock,
      meta,
    );
    return { fake, id: requestIdOf(applied) };
  }
  const approve = (actor: Actor, requestId: string) => command('user.approve-grant', actor, { requestId });

  it('when the requester approves, or an ADMIN, or a SUPERADMIN made after the request, then refused and nothing is made', async () => {
    const { fake, id } = await askedKey();
    const own = await applyUserCommand(fake.store, approve(superadmin, id), clock, meta);
    const byAdmin = await applyUserCommand(fake.store, approve(admin, id), clock, meta);
    // Promoted at the request's very moment: not before it.
    const fresh = fakeStore({ users: [...people(), account({ id: 4, role: 'SUPERADMIN', role_since: now })], grantRequests: [] });
    const asked = await applyUserCommand(
      fresh.store,
      command('user.api-key.create', superadmin, { name: 'ci', scopes: ['mint'], keyHash }),
      clock,
      meta,
    );
    const latecomer = await applyUserCommand(
      fresh.store,
      approve({ kind: 'user', id: '4', role: 'SUPERADMIN' }, requestIdOf(asked)),
      clock,
      meta,
    );
    expect([own, byAdmin, latecomer].map((a) => (a.outcome.reply as { code: string }).code)).toEqual([
      'APPROVAL_BY_REQUESTER',
      'FORBIDDEN',
      'APPROVER_NOT_ELIGIBLE',
    ]);
    expect([...fake.calls, ...fresh.calls].filter((c) => c.startsWith('insertApiKey') || c.startsWith('updateGrantRequest'))).toEqual([]);
    expect(fake.audited.map((r) => [r.action, r.result, r.errorCode])).toEqual([
      ['approval.request', 'applied', null],
      ['approval.approve', 'rejected', 'APPROVAL_BY_REQUESTER'],
      ['approval.approve', 'rejected', 'FORBIDDEN'],
    ]);
  });

  it('when another SUPERADMIN approves, then the key is made with who asked and who approved, the request APPROVED, and both the approval and the key are audited', async () => {
    const { fake, id } = await askedKey();
    const applied = await applyUserCommand(fake.store, approve(other, id), clock, meta);
    expect(applied.outcome).toEqual({
      ok: true,
      reply: { grantRequest: expect.objectContaining({ id, status: 'APPROVED', decidedBy: other }), tokenVersion: null },
    });
    // The owner is locked and still an ADMIN+ when the key comes to exist.
    expect(fake.calls.slice(-5)).toEqual([
      'lockUser 1',
      expect.stringMatching(/^insertApiKey \S+ by 1 for 1 approved by 3$/),
      'updateGrantRequest APPROVED',
      'enqueueEvents (none)',
      'storeOutcome user.approve-grant',
    ]);
    expect(fake.audited.slice(-2)).toEqual([
      expect.objectContaining({ action: 'approval.approve', target: `grant-request:${id}`, actor: other, result: 'applied' }),
      expect.objectContaining({ action: 'api-key.create', summary: expect.objectContaining({ requestedBy: '1', approvedBy: '3' }) }),
    ]);
    const again = await applyUserCommand(fake.store, approve(other, id), clock, meta);
    expect(again.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_PENDING' }));
  });

  it('when an approval is audited with the service’s keyed ids, then the act’s record takes its id from the key too, not from the command id alone', async () => {
    const { fake, id } = await askedKey();
    const keyed = { ...clock, auditRecordIdOf: (name: string) => uuidV5(`keyed:${name}`) };
    const sent = approve(other, id);
    await applyUserCommand(fake.store, sent, keyed, meta);
    const act = fake.audited.find((record) => record.action === 'api-key.create' && record.summary.grantRequest === id);
    expect(act?.id).toBe(uuidV5(`keyed:admin.audit:${sent.commandId}:api-key.create`));
    expect(act?.id).not.toBe(uuidV5(`admin.audit:${sent.commandId}:api-key.create`));
  });

  it('when a role grant is approved, then the role is set as a direct change would, with its event; if the role changed meanwhile, GRANT_REQUEST_OUTDATED', async () => {
    const fake = fakeStore({ users: people() });
    const asked = await applyUserCommand(fake.store, command('user.change-role', superadmin, { userId: 7, role: 'ADMIN' }), clock, meta);
    const applied = await applyUserCommand(fake.store, approve(other, requestIdOf(asked)), clock, meta);
    expect(applied.outcome.reply).toEqual({ grantRequest: expect.objectContaining({ status: 'APPROVED' }), tokenVersion: 4 });
    expect(fake.enqueued.map((e) => e.type)).toEqual(['user.role-changed']);

    // Asked against USER; approved once the account is ADMIN (another request got there first).
    const second = await applyUserCommand(
      fake.store,
      command('user.change-role', superadmin, { userId: 7, role: 'SUPERADMIN' }),
      clock,
      meta,
    );
    const users = people().map((u) => (u.id === 7 ? { ...u, role: 'ADMIN' as const } : u));
    const outdated = fakeStore({ users, grantRequests: await storedRequests(fake) });
    const refused = await applyUserCommand(outdated.store, approve(other, requestIdOf(second)), clock, meta);
    expect(refused.outcome.reply).toEqual(expect.objectContaining({ code: 'GRANT_REQUEST_OUTDATED' }));
    expect(outdated.calls.filter((c) => c.startsWith('writeChanges') || c.startsWith('updateGrantRequest'))).toEqual([]);
  });

  it('when the requester is no longer a SUPERADMIN, then their request cannot be approved', async () => {
    const { fake, id } = await askedKey();
    const demoted = fakeStore({
      users: [account(), account({ id: 1, role: 'ADMIN' }), account({ id: 3, role: 'SUPERADMIN' })],
      grantRequests: await storedRequests(fake),
    });
    const refused = await applyUserCommand(demoted.store, approve(other, id), clock, meta);
    expect(refused.outcome.reply).toEqual(expect.objectContaining({ code: 'GRANT_REQUEST_OUTDATED' }));
  });

  it('when a request has expired, then its approval is refused and it is marked EXPIRED; the requester may reject a pending one', async () => {
    const { fake, id } = await askedKey();
    const later = { now: () => new Date(now.getTime() + grants.expirySeconds * 1000), newId: clock.newId };
    const late = await applyUserCommand(fake.store, approve(other, id), later, meta);
    expect(late.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_PENDING' }));
    expect(fake.calls.at(-2)).toBe('updateGrantRequest EXPIRED');

    const pending = await askedKey();
    const withdrawn = await applyUserCommand(
      pending.fake.store,
      command('user.reject-grant', superadmin, { requestId: pending.id, reason: 'mistake' }),
      clock,
      meta,
    );
    expect(withdrawn.outcome.reply).toEqual({ grantRequest: expect.objectContaining({ status: 'REJECTED', rejectionReason: 'mistake' }) });
    expect(pending.fake.audited.at(-1)).toEqual(
      expect.objectContaining({ action: 'approval.reject', summary: expect.objectContaining({ reason: 'mistake' }) }),
    );
  });
});

describe('deletions counted in a rolling window per requester', () => {
  const policy: DeletionPolicy = { approvalMinMinor: 1_000_000, expirySeconds: 24 * 3600, windowMinor: 1_000_000, windowCountMax: 3 };
  const remove = (userId: number, balanceMinor: number, actor: Actor = superadmin) =>
    [command('user.delete', actor, { userId }), clock, { grants, deletionPolicy: policy, balanceMinor }] as const;

  it('when a deletion would take the requester’s day to the window, then it waits, though under the single threshold; below it, it is counted', async () => {
    const fake = fakeStore({
      users: [account(), account({ id: 8 })],
      deletionWindows: new Map([['user:1', { balanceMinor: 900_000, count: 1 }]]),
    });
    const first = await applyUserCommand(fake.store, ...remove(7, 99_999));
    expect(first.outcome.reply).toEqual({ userId: 7, tokenVersion: 4 });
    expect(fake.calls).toContain('recordDeletionAlone 7 user:1 99999');
    const second = await applyUserCommand(fake.store, ...remove(8, 1));
    expect(second.outcome.reply).toEqual({ deletionRequest: expect.objectContaining({ userId: 8, status: 'PENDING', balance: 0.01 }) });
    expect(fake.calls.indexOf('lockDeletionWindow user:1')).toBeLessThan(fake.calls.indexOf('recordDeletionAlone 7 user:1 99999'));
  });

  it('when the requester deleted the window’s count already, then the next waits even with nothing to burn; another SUPERADMIN’s window is their own', async () => {
    const fake = fakeStore({
      users: [account(), account({ id: 8 })],
      deletionWindows: new Map([['user:1', { balanceMinor: 0, count: 3 }]]),
    });
    const waits = await applyUserCommand(fake.store, ...remove(7, 0));
    expect(waits.outcome.reply).toEqual({ deletionRequest: expect.objectContaining({ status: 'PENDING' }) });
    const another = await applyUserCommand(fake.store, ...remove(8, 0, { kind: 'user', id: '3', role: 'SUPERADMIN' }));
    expect(another.outcome.reply).toEqual({ userId: 8, tokenVersion: 4 });
  });

  it('when a SUPERADMIN is deleted by one person, then it waits whatever the balance', async () => {
    const fake = fakeStore({ users: [account({ role: 'SUPERADMIN' })], superadminCount: 3, deletionWindows: new Map() });
    const applied = await applyUserCommand(fake.store, ...remove(7, 0));
    expect(applied.outcome.reply).toEqual({ deletionRequest: expect.objectContaining({ userId: 7, balance: 0 }) });
    expect(fake.calls.filter((c) => c.startsWith('writeChanges'))).toEqual([]);
  });

  it('when an operator deletes, then no window is taken or counted (an operator acts alone by design)', async () => {
    const fake = fakeStore({ users: [account()], deletionWindows: new Map() });
    await applyUserCommand(fake.store, ...remove(7, 5_000_000, operator));
    expect(fake.calls.some((c) => c.startsWith('lockDeletionWindow') || c.startsWith('recordDeletionAlone'))).toBe(false);
    expect(fake.calls).toContain('writeChanges erase-user,revoke-refresh-tokens');
  });
});
