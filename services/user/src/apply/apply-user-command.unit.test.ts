import { newPersonalDataKey, sealPersonalData } from '@coin/security';
import type { Actor, ApiKey, AuditRecord, PlatformClient, UserCommand, UserEventV2 } from '@coin/contracts';
import type { OutboxRow } from '@coin/db';
import type { UserRow } from '../domain/users';
import type { DeletionPolicy, DeletionRequestRow } from '../domain/deletion-requests';
import { applyUserCommand } from './apply-user-command';
import type { StoredOutcome, UserCommandStore, UserCommandTransaction } from './store';

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

function account(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 7,
    email: 'ada@example.com',
    full_name: 'Ada',
    role: 'USER',
    is_verified: false,
    token_version: 3,
    created_at: now,
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
  deletionRequests?: DeletionRequestRow[];
  /** Keys of sealed registrations no account has yet, by id. */
  personalDataKeys?: Map<string, Buffer>;
}

function fakeStore(state: FakeState = {}) {
  const calls: string[] = [];
  const stored = state.outcomes ?? new Map<string, StoredOutcome>();
  const enqueued: UserEventV2[] = [];
  const audited: AuditRecord[] = [];
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
      calls.push(`insertApiKey ${key.id} by ${key.createdBy} for ${key.ownerUserId}`);
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
      calls.push(`insertPlatformClient ${client.id}`);
      if (state.clients?.has(client.id)) return null;
      const inserted = {
        id: client.id,
        name: client.name,
        createdAt: now.toISOString(),
        revokedAt: null,
        treasuries: client.treasuries as PlatformClient['treasuries'],
        dailyRewardCap: client.dailyRewardCap === null ? null : client.dailyRewardCap / 100,
      };
      state.clients?.set(client.id, inserted);
      return inserted;
    },
    revokePlatformClient: async (id, at) => {
      calls.push(`revokePlatformClient ${id}`);
      const found = state.clients?.get(id);
      if (!found) return null;
      if (found.revokedAt) return { client: found, revoked: false };
      const revoked = { ...found, revokedAt: at.toISOString() };
      state.clients?.set(id, revoked);
      return { client: revoked, revoked: true };
    },
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
  it('when the command was applied before (a redelivery), then its stored outcome is the answer and nothing is read or written', async () => {
    const cmd = command('user.delete', superadmin, { userId: 7 });
    const previous: StoredOutcome = { ok: true, reply: { userId: 7, tokenVersion: 4 } };
    const fake = fakeStore({ users: [account()], outcomes: new Map([[cmd.commandId, previous]]) });
    expect(await applyUserCommand(fake.store, cmd, clock)).toEqual({ outcome: previous, outbox: [] });
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
      const applied = await applyUserCommand(fake.store, cmd, clock);
      expect(applied.outcome).toEqual({ ok: false, reply: { code: 'FORBIDDEN', detail: 'Only a SUPERADMIN may do this' } });
      // Nothing written but the refusal's audit record (an admin action attempted and rejected).
      expect(applied.outbox.map((row) => row.topic)).toEqual(['admin.audit']);
      expect(fake.audited).toEqual([expect.objectContaining({ result: 'rejected', errorCode: 'FORBIDDEN', actor: admin })]);
      expect(fake.calls).toEqual(['findOutcome', `storeOutcome ${cmd.type}`]);
    }
  });

  it('when a SUPERADMIN is demoted, then the account is locked before the SUPERADMIN set, and changes, events and outcome are written in that order', async () => {
    const fake = fakeStore({ users: [account({ role: 'SUPERADMIN' })], superadminCount: 2 });
    const applied = await applyUserCommand(fake.store, command('user.change-role', superadmin, { userId: 7, role: 'ADMIN' }), clock);
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
    const applied = await applyUserCommand(fake.store, command('user.delete', operator, { userId: 7 }), clock);
    expect(applied.outcome).toEqual({ ok: false, reply: { code: 'LAST_SUPERADMIN', detail: 'The last SUPERADMIN cannot be deleted' } });
    expect(fake.calls).toEqual(['findOutcome', 'lockUser 7', 'lockSuperadminSet', 'storeOutcome user.delete']);
  });

  it('when no SUPERADMIN would go, then the SUPERADMIN set is not locked', async () => {
    const fake = fakeStore({ users: [account({ role: 'ADMIN' })] });
    await applyUserCommand(fake.store, command('user.delete', operator, { userId: 7 }), clock);
    await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'SUPERADMIN' }), clock);
    expect(fake.calls).not.toContain('lockSuperadminSet');
    expect(fake.calls).toContain('writeChanges erase-user,revoke-refresh-tokens');
  });

  it('when the account does not exist, then USER_NOT_FOUND is stored after the lookup, with no further lock', async () => {
    const fake = fakeStore();
    const applied = await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'USER' }), clock);
    expect(applied.outcome).toEqual({ ok: false, reply: { code: 'USER_NOT_FOUND', detail: 'No such user' } });
    expect(fake.calls).toEqual(['findOutcome', 'lockUser 7', 'storeOutcome user.change-role']);
  });

  it('when the role is unchanged, then the outcome is stored with no write and no event', async () => {
    const fake = fakeStore({ users: [account({ role: 'ADMIN' })] });
    const applied = await applyUserCommand(fake.store, command('user.change-role', operator, { userId: 7, role: 'ADMIN' }), clock);
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
    );
    expect(applied.outcome).toEqual({ ok: true, reply: { userId: 7, tokenVersion: 4 } });
    expect(fake.enqueued.map((e) => e.type)).toEqual(['user.sessions-revoked']);
  });

  describe('user.register', () => {
    const register = (hash: string) =>
      command('user.register', { kind: 'system', id: 'gateway' }, { email: ' Ada@Example.com', passwordHash: hash, fullName: 'Ada' });

    it('when it carries no password hash, then VALIDATION_FAILED is stored and nothing is inserted', async () => {
      const fake = fakeStore();
      const applied = await applyUserCommand(fake.store, register('plaintext-password'), clock);
      expect(applied.outcome).toEqual({
        ok: false,
        reply: { code: 'VALIDATION_FAILED', detail: 'A register command must carry a password hash' },
      });
      expect(fake.calls).toEqual(['findOutcome', 'storeOutcome user.register']);
    });

    it('when the email is taken, then EMAIL_TAKEN is stored, no event is emitted, and the owner gets a notice', async () => {
      const fake = fakeStore({ emailTaken: true });
      const applied = await applyUserCommand(fake.store, register(passwordHash), clock);
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
      const applied = await applyUserCommand(fake.store, register(passwordHash), clock);
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
      const applied = await applyUserCommand(fake.store, sealedRegister(key), clock);
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
      await applyUserCommand(fake.store, sealedRegister(key), clock);
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
      const applied = await applyUserCommand(fake.store, sealedRegister(sealedWith ?? key, data), clock);
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
      await applyUserCommand(fake.store, withGrant(), clock);
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
      await applyUserCommand(fake.store, withGrant(), clock);
      expect(fake.calls).toEqual([
        'findOutcome',
        'insertUser ada@example.com',
        `noteRegistrationAttempt ada@example.com ${now.toISOString()}`,
        'storeOutcome user.register',
      ]);
    });
  });

  describe('API keys', () => {
    it('when a SUPERADMIN issues a key to an ADMIN, then the owner is locked before the insert and the stored key is the reply', async () => {
      const fake = fakeStore({ users: [account({ id: 2, role: 'ADMIN' })] });
      const applied = await applyUserCommand(
        fake.store,
        command('user.api-key.create', superadmin, { name: 'ci', scopes: ['mint'], keyHash, ownerUserId: 2 }),
        clock,
      );
      expect(applied.outcome.ok).toBe(true);
      expect(applied.outcome.reply).toMatchObject({ name: 'ci', scopes: ['mint'], ownerUserId: 2, revokedAt: null });
      expect(fake.calls[1]).toBe('lockUser 2');
      expect(fake.calls[2]).toMatch(/^insertApiKey 20000000-0000-4000-8000-\d{12} by 1 for 2$/);
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
          )
        ).outcome,
      ).toEqual({
        ok: false,
        reply: { code: 'NOT_FOUND', detail: 'No such API key' },
      });
      expect((await applyUserCommand(fake.store, command('user.api-key.revoke', operator, { id: known }), clock)).outcome).toEqual({
        ok: true,
        reply: { id: known, keyHash },
      });
    });
  });

  describe('platform clients', () => {
    const secretHash = 'c'.repeat(64);
    const requestHash = 'd'.repeat(64);

    it('when a SUPERADMIN creates a client, then the reply carries the client, its grants and both hashes, and the audit names the SUPERADMIN, the grants and no secret', async () => {
      const fake = fakeStore({ clients: new Map() });
      const grants = { treasuries: ['REWARDS' as const, 'COURSE_FEES' as const], dailyRewardCap: 500_000 };
      const applied = await applyUserCommand(
        fake.store,
        command('user.platform-client.create', superadmin, { clientId: 'pc_new', name: 'tournaments', secretHash, requestHash, ...grants }),
        clock,
        { requestId: 'req-1' },
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
          },
          secretHash,
          requestHash,
        },
      });
      expect(fake.audited).toEqual([
        expect.objectContaining({
          action: 'platform-client.create',
          target: 'client:pc_new',
          actor: { kind: 'user', id: '1', role: 'SUPERADMIN' },
          summary: { name: 'tournaments', treasuries: ['COURSE_FEES', 'REWARDS'], dailyRewardCapMinor: 500_000 },
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
      );
      const revoke = await applyUserCommand(fake.store, command('user.platform-client.revoke', admin, { clientId: 'pc_new' }), clock);
      expect([create.outcome.ok, revoke.outcome.ok]).toEqual([false, false]);
      expect(fake.calls.filter((c) => c.startsWith('insert') || c.startsWith('revoke'))).toEqual([]);
      expect(fake.audited.map((r) => [r.action, r.result, r.errorCode])).toEqual([
        ['platform-client.create', 'rejected', 'FORBIDDEN'],
        ['platform-client.revoke', 'rejected', 'FORBIDDEN'],
      ]);
    });

    it('when a client is revoked twice, then both answer the client; only the first is an audited action; an unknown id is NOT_FOUND', async () => {
      const clients = new Map([
        [
          'pc_a',
          { id: 'pc_a', name: 'a', createdAt: now.toISOString(), revokedAt: null, treasuries: ['REWARDS' as const], dailyRewardCap: null },
        ],
      ]);
      const fake = fakeStore({ clients });
      const first = await applyUserCommand(fake.store, command('user.platform-client.revoke', superadmin, { clientId: 'pc_a' }), clock);
      const again = await applyUserCommand(fake.store, command('user.platform-client.revoke', superadmin, { clientId: 'pc_a' }), clock);
      const unknown = await applyUserCommand(fake.store, command('user.platform-client.revoke', superadmin, { clientId: 'pc_b' }), clock);
      expect(first.outcome.reply).toEqual({
        client: {
          id: 'pc_a',
          name: 'a',
          createdAt: now.toISOString(),
          revokedAt: now.toISOString(),
          treasuries: ['REWARDS'],
          dailyRewardCap: null,
        },
        revoked: true,
      });
      expect(again.outcome.reply).toEqual({
        client: {
          id: 'pc_a',
          name: 'a',
          createdAt: now.toISOString(),
          revokedAt: now.toISOString(),
          treasuries: ['REWARDS'],
          dailyRewardCap: null,
        },
        revoked: false,
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
  const policy: DeletionPolicy = { approvalMinMinor: 1_000_000, expirySeconds: 24 * 3600 };
  const other: Actor = { kind: 'user', id: '3', role: 'SUPERADMIN' };
  const deleteAt = (balanceMinor: number, actor: Actor = superadmin) =>
    [command('user.delete', actor, { userId: 7 }), clock, { deletionPolicy: policy, balanceMinor }] as const;

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
      applyUserCommand(fake.store, command('user.delete', superadmin, { userId: 7 }), clock, { deletionPolicy: policy }),
    ).rejects.toThrow(/without the ledger balance/);
  });

  async function pendingRequest() {
    const fake = fakeStore({ users: [account()] });
    const applied = await applyUserCommand(fake.store, ...deleteAt(2_000_000));
    const id = (applied.outcome.reply as { deletionRequest: { id: string } }).deletionRequest.id;
    return { fake, id };
  }

  it('when the requester approves their own request, then APPROVAL_BY_REQUESTER and nothing is deleted', async () => {
    const { fake, id } = await pendingRequest();
    const applied = await applyUserCommand(fake.store, command('user.approve-deletion', superadmin, { userId: 7, requestId: id }), clock);
    expect(applied.outcome).toEqual({ ok: false, reply: expect.objectContaining({ code: 'APPROVAL_BY_REQUESTER' }) });
    expect(fake.calls.filter((c) => c.startsWith('writeChanges'))).toEqual([]);
  });

  it('when another SUPERADMIN approves, then the user is deleted as a direct deletion and the request is APPROVED in the same transaction', async () => {
    const { fake, id } = await pendingRequest();
    const applied = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 7, requestId: id }), clock);
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
    const byAdmin = await applyUserCommand(fake.store, command('user.approve-deletion', admin, { userId: 7, requestId: id }), clock);
    expect(byAdmin.outcome.reply).toEqual(expect.objectContaining({ code: 'FORBIDDEN' }));
    const otherUser = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 8, requestId: id }), clock);
    expect(otherUser.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_FOUND' }));
    await applyUserCommand(fake.store, command('user.reject-deletion', superadmin, { userId: 7, requestId: id, reason: 'mistake' }), clock);
    const late = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 7, requestId: id }), clock);
    expect(late.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_PENDING' }));
    expect(fake.audited.at(-1)).toEqual(
      expect.objectContaining({ action: 'approval.approve', result: 'rejected', errorCode: 'APPROVAL_NOT_PENDING' }),
    );
  });

  it('when the request has expired, then an approval is refused and the request is marked EXPIRED', async () => {
    const { fake, id } = await pendingRequest();
    const later = { now: () => new Date(now.getTime() + policy.expirySeconds * 1000), newId: clock.newId };
    const applied = await applyUserCommand(fake.store, command('user.approve-deletion', other, { userId: 7, requestId: id }), later);
    expect(applied.outcome.reply).toEqual(expect.objectContaining({ code: 'APPROVAL_NOT_PENDING' }));
    expect(fake.calls.at(-2)).toBe('updateDeletionRequest EXPIRED');
  });
});
