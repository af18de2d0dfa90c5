import { roles, type Actor, type Role } from '@coin/contracts';
import { InvariantViolation, wireOf, type Rejected, type WireError } from '@coin/errors';
import {
  accountToRegister,
  decideAccountCommand,
  decideApiKeyCreation,
  decideApiKeyRevocation,
  decideRegistration,
  liveClientActor,
  needsSuperadminSet,
  type AccountCommand,
  type DecisionContext,
} from './rules';
import { authorizeUserCommand as authorize, userCommandTable } from './commands/table';
import type { UserRow } from './users';

const now = new Date('2030-01-02T03:04:05.000Z');
const createdAt = new Date('2029-12-31T00:00:00.000Z');
const passwordHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
const keyHash = 'a'.repeat(64);

function context(): DecisionContext {
  let next = 0;
  return { now, newId: () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}` };
}

function account(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 7,
    email: 'Ada@Example.com',
    full_name: 'Ada',
    role: 'USER',
    is_verified: false,
    token_version: 3,
    created_at: createdAt,
    role_since: createdAt,
    ...overrides,
  };
}

const operator: Actor = { kind: 'operator', id: 'admin-cli' };
const superadmin: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };
const refusedActors: Actor[] = [
  ...roles.filter((r) => r !== 'SUPERADMIN').map((role): Actor => ({ kind: 'user', id: '1', role })),
  { kind: 'user', id: '1' },
  { kind: 'system', id: 'pc_client' },
  { kind: 'service', id: 'ledger' },
];

const changeRole = (actor: Actor, role: Role, userId = 7): AccountCommand => ({ type: 'user.change-role', actor, data: { userId, role } });
const deleteUser = (actor: Actor, userId = 7): AccountCommand => ({ type: 'user.delete', actor, data: { userId } });
const revokeSessions = (actor: Actor, userId = 7): AccountCommand => ({ type: 'user.revoke-sessions', actor, data: { userId } });

function errorOf(decision: { ok: true } | Rejected): WireError {
  if (decision.ok) throw new Error('expected a rejection');
  return wireOf(decision);
}

function accepted<T extends { ok: true } | Rejected>(decision: T): Exclude<T, Rejected> {
  if (!decision.ok) throw new Error(`expected acceptance, got ${JSON.stringify(wireOf(decision))}`);
  return decision as Exclude<T, Rejected>;
}

describe('who may send a user command', () => {
  const adminCommands = (actor: Actor) => [
    changeRole(actor, 'ADMIN'),
    deleteUser(actor),
    revokeSessions(actor, 99),
    { type: 'user.api-key.create' as const, actor, data: { name: 'ci', scopes: ['mint' as const], keyHash } },
    { type: 'user.api-key.revoke' as const, actor, data: { id: '00000000-0000-4000-8000-000000000001' } },
  ];

  it.each(refusedActors)('when %o sends an admin command, then FORBIDDEN', (actor) => {
    for (const command of adminCommands(actor)) expect(authorize(command)?.code).toBe('FORBIDDEN');
  });

  it('when an operator or a SUPERADMIN sends an admin command, then it is allowed', () => {
    for (const command of [...adminCommands(operator), ...adminCommands(superadmin)]) expect(authorize(command)).toBeNull();
  });

  it('when a user of any role revokes their own sessions, then it is allowed; another user’s, then FORBIDDEN', () => {
    for (const role of roles) {
      const self: Actor = { kind: 'user', id: '7', role };
      expect(authorize(revokeSessions(self, 7))).toBeNull();
      if (role !== 'SUPERADMIN') expect(authorize(revokeSessions(self, 8))?.code).toBe('FORBIDDEN');
    }
  });

  it('when a service whose id matches the user id revokes sessions, then FORBIDDEN: only a user is "self"', () => {
    expect(authorize(revokeSessions({ kind: 'service', id: '7' }, 7))?.code).toBe('FORBIDDEN');
  });

  it('when anyone registers, then it is allowed', () => {
    const register = {
      type: 'user.register' as const,
      actor: { kind: 'system' as const, id: 'gateway' },
      data: { email: 'a@b.test', passwordHash, fullName: 'A' },
    };
    expect(authorize(register)).toBeNull();
  });
});

describe('deciding a command about an account', () => {
  it.each(refusedActors)('when %o sends it, then FORBIDDEN even with the account loaded', (actor) => {
    for (const command of [changeRole(actor, 'ADMIN'), deleteUser(actor), revokeSessions(actor, 99)]) {
      expect(errorOf(decideAccountCommand(command, { user: account({ id: 99 }), superadminCount: 2 }, context())).code).toBe('FORBIDDEN');
    }
  });

  it('when no live account has the id, then USER_NOT_FOUND', () => {
    for (const command of [changeRole(operator, 'ADMIN'), deleteUser(superadmin), revokeSessions({ kind: 'user', id: '7' })]) {
      expect(errorOf(decideAccountCommand(command, { user: null }, context()))).toEqual({ code: 'USER_NOT_FOUND', detail: 'No such user' });
    }
  });

  describe('user.change-role', () => {
    it('when the account already has the role, then it is accepted with the current token version, no change and no event', () => {
      const decision = accepted(decideAccountCommand(changeRole(superadmin, 'ADMIN'), { user: account({ role: 'ADMIN' }) }, context()));
      expect(decision).toEqual({ ok: true, result: { user: { id: 7, role: 'ADMIN' }, tokenVersion: 3 }, changes: [], events: [] });
    });

    it('when the role changes, then the role is set, the token version goes up and user.role-changed names the previous role', () => {
      const decision = accepted(decideAccountCommand(changeRole(operator, 'DEVELOPER'), { user: account() }, context()));
      expect(decision.result).toEqual({ user: { id: 7, role: 'DEVELOPER' }, tokenVersion: 4 });
      expect(decision.changes).toEqual([{ type: 'set-role', userId: 7, role: 'DEVELOPER', tokenVersion: 4, at: context().now }]);
      expect(decision.events).toEqual([
        {
          eventId: '00000000-0000-4000-8000-000000000001',
          type: 'user.role-changed',
          version: 2,
          occurredAt: now.toISOString(),
          user: { id: 7, role: 'DEVELOPER', tokenVersion: 4 },
          previousRole: 'USER',
        },
      ]);
    });

    it('when the last SUPERADMIN would be demoted, then LAST_SUPERADMIN and nothing changes', () => {
      const user = account({ role: 'SUPERADMIN' });
      for (const role of roles.filter((r) => r !== 'SUPERADMIN')) {
        expect(errorOf(decideAccountCommand(changeRole(superadmin, role), { user, superadminCount: 1 }, context()))).toEqual({
          code: 'LAST_SUPERADMIN',
          detail: 'The last SUPERADMIN cannot be demoted',
        });
      }
    });

    it('when another SUPERADMIN remains, then a SUPERADMIN may be demoted', () => {
      const decision = accepted(
        decideAccountCommand(changeRole(superadmin, 'ADMIN'), { user: account({ role: 'SUPERADMIN' }), superadminCount: 2 }, context()),
      );
      expect(decision.changes).toEqual([{ type: 'set-role', userId: 7, role: 'ADMIN', tokenVersion: 4, at: context().now }]);
    });

    it('when a SUPERADMIN is promoted to SUPERADMIN or someone else is promoted, then the SUPERADMIN count is not needed', () => {
      expect(
        accepted(decideAccountCommand(changeRole(operator, 'SUPERADMIN'), { user: account({ role: 'SUPERADMIN' }) }, context())).changes,
      ).toEqual([]);
      expect(
        accepted(decideAccountCommand(changeRole(operator, 'SUPERADMIN'), { user: account({ role: 'ADMIN' }) }, context())).events,
      ).toHaveLength(1);
    });
  });

  describe('user.delete', () => {
    it('when an account is deleted, then it is erased, its refresh tokens revoked, and user.deleted names it by id', () => {
      const decision = accepted(decideAccountCommand(deleteUser(operator), { user: account({ role: 'ADMIN' }) }, context()));
      expect(decision.result).toEqual({ userId: 7, tokenVersion: 4 });
      expect(decision.changes).toEqual([
        { type: 'erase-user', userId: 7, tokenVersion: 4 },
        { type: 'revoke-refresh-tokens', userId: 7 },
      ]);
      expect(decision.events).toEqual([
        {
          eventId: '00000000-0000-4000-8000-000000000001',
          type: 'user.deleted',
          version: 2,
          occurredAt: now.toISOString(),
          user: { id: 7, role: 'ADMIN', tokenVersion: 4 },
        },
      ]);
    });

    it('when the last SUPERADMIN would be deleted, then LAST_SUPERADMIN', () => {
      expect(
        errorOf(decideAccountCommand(deleteUser(superadmin), { user: account({ role: 'SUPERADMIN' }), superadminCount: 1 }, context())),
      ).toEqual({
        code: 'LAST_SUPERADMIN',
        detail: 'The last SUPERADMIN cannot be deleted',
      });
    });

    it('when another SUPERADMIN remains, then a SUPERADMIN may be deleted', () => {
      expect(
        decideAccountCommand(deleteUser(superadmin), { user: account({ role: 'SUPERADMIN' }), superadminCount: 2 }, context()).ok,
      ).toBe(true);
    });
  });

  describe('user.revoke-sessions', () => {
    it('when a user logs out everywhere, then the token version goes up, refresh tokens are revoked and user.sessions-revoked is emitted', () => {
      const decision = accepted(
        decideAccountCommand(revokeSessions({ kind: 'user', id: '7', role: 'USER' }), { user: account() }, context()),
      );
      expect(decision.result).toEqual({ userId: 7, tokenVersion: 4 });
      expect(decision.changes).toEqual([
        { type: 'bump-token-version', userId: 7, tokenVersion: 4 },
        { type: 'revoke-refresh-tokens', userId: 7 },
      ]);
      expect(decision.events.map((e) => [e.type, e.user])).toEqual([['user.sessions-revoked', { id: 7, role: 'USER', tokenVersion: 4 }]]);
    });

    it('when the last SUPERADMIN logs out everywhere, then it is allowed without the SUPERADMIN count', () => {
      const user = account({ id: 1, role: 'SUPERADMIN' });
      expect(needsSuperadminSet(revokeSessions(superadmin, 1), user)).toBe(false);
      expect(decideAccountCommand(revokeSessions(superadmin, 1), { user }, context()).ok).toBe(true);
    });
  });

  it('when a SUPERADMIN would be removed but the SUPERADMIN set was not counted, then it is a broken invariant, never a guess', () => {
    const user = account({ role: 'SUPERADMIN' });
    expect(() => decideAccountCommand(changeRole(operator, 'USER'), { user }, context())).toThrow(InvariantViolation);
    expect(() => decideAccountCommand(deleteUser(operator), { user }, context())).toThrow(InvariantViolation);
  });

  it('when a command would take a SUPERADMIN away, and only then, the SUPERADMIN set is needed', () => {
    for (const from of roles) {
      const user = account({ role: from });
      expect(needsSuperadminSet(deleteUser(operator), user)).toBe(from === 'SUPERADMIN');
      expect(needsSuperadminSet(revokeSessions(operator), user)).toBe(false);
      for (const to of roles) expect(needsSuperadminSet(changeRole(operator, to), user)).toBe(from === 'SUPERADMIN' && to !== 'SUPERADMIN');
    }
  });
});

describe('registration', () => {
  const register = (data: { email: string; passwordHash: string; fullName: string }) => ({
    type: 'user.register' as const,
    actor: { kind: 'system' as const, id: 'gateway' },
    data,
  });

  it('when the command carries no password hash (a plaintext password, say), then VALIDATION_FAILED', () => {
    for (const notAHash of ['correct horse battery', 'scrypt$1$2', `${passwordHash} `]) {
      expect(errorOf(accountToRegister(register({ email: 'a@b.test', passwordHash: notAHash, fullName: 'A' }).data))).toEqual({
        code: 'VALIDATION_FAILED',
        detail: 'A register command must carry a password hash',
      });
    }
  });

  it('when it carries a hash, then the account keeps the email as given (trimmed), compares it normalised, and is a USER', () => {
    expect(accepted(accountToRegister(register({ email: '  Ada@Example.COM ', passwordHash, fullName: 'Ada' }).data)).account).toEqual({
      email: 'Ada@Example.COM',
      emailNormalized: 'ada@example.com',
      fullName: 'Ada',
      passwordHash,
      role: 'USER',
    });
  });

  it('when the insert found the email taken, then EMAIL_TAKEN', () => {
    expect(errorOf(decideRegistration(null, context()))).toEqual({
      code: 'EMAIL_TAKEN',
      detail: 'An account with this email already exists',
    });
  });

  it('when the account was inserted, then the reply is its id and user.registered is emitted, neither naming the person', () => {
    const decision = accepted(decideRegistration(account(), context()));
    expect(decision.result).toEqual({ user: { id: 7 } });
    expect(decision.events).toEqual([
      {
        eventId: '00000000-0000-4000-8000-000000000001',
        type: 'user.registered',
        version: 2,
        occurredAt: now.toISOString(),
        user: { id: 7, role: 'USER', tokenVersion: 3 },
      },
    ]);
  });
});

describe('API keys', () => {
  const create = (actor: Actor, ownerUserId?: number) => ({
    type: 'user.api-key.create' as const,
    actor,
    data: { name: 'ci', scopes: ['mint' as const], keyHash, ...(ownerUserId !== undefined ? { ownerUserId } : {}) },
  });
  const admin = account({ id: 7, role: 'ADMIN' });

  it('when a SUPERADMIN issues a key to an ADMIN, then it gets a fresh id and records its creator and its owner', () => {
    expect(accepted(decideApiKeyCreation(create(superadmin, 7), admin, context())).key).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'ci',
      scopes: ['mint'],
      keyHash,
      createdBy: 1,
      ownerUserId: 7,
    });
  });

  it('when the command names no owner (a gateway from before owners), then the key is its creator’s', () => {
    const creator = account({ id: 1, role: 'SUPERADMIN' });
    expect(accepted(decideApiKeyCreation(create(superadmin), creator, context())).key).toMatchObject({ createdBy: 1, ownerUserId: 1 });
  });

  it('when the owner is no live user, or not the account read, then USER_NOT_FOUND; when not an ADMIN+, then API_KEY_OWNER_NOT_ADMIN', () => {
    expect(errorOf(decideApiKeyCreation(create(superadmin, 7), null, context())).code).toBe('USER_NOT_FOUND');
    expect(errorOf(decideApiKeyCreation(create(superadmin, 8), admin, context())).code).toBe('USER_NOT_FOUND');
    for (const role of ['USER', 'DEVELOPER'] as const) {
      expect(errorOf(decideApiKeyCreation(create(superadmin, 7), account({ id: 7, role }), context()))).toEqual({
        code: 'API_KEY_OWNER_NOT_ADMIN',
        detail: `An API key is issued to an ADMIN or SUPERADMIN; user 7 is a ${role}`,
      });
    }
  });

  it('when the actor id is not a user id (an operator’s name), then no creator is recorded', () => {
    expect(accepted(decideApiKeyCreation(create(operator, 7), admin, context())).key.createdBy).toBeNull();
    expect(errorOf(decideApiKeyCreation(create(operator), null, context())).code).toBe('USER_NOT_FOUND');
  });

  it('when a revocation finds no key, then NOT_FOUND; when it finds one, then its hash is returned for caches to drop', () => {
    const id = '00000000-0000-4000-8000-000000000009';
    expect(errorOf(decideApiKeyRevocation(id, null))).toEqual({ code: 'NOT_FOUND', detail: 'No such API key' });
    expect(decideApiKeyRevocation(id, { keyHash })).toEqual({ ok: true, result: { id, keyHash }, changes: [], events: [] });
  });
});

describe('self-serve test clients (a live platform client makes and revokes its own)', () => {
  const secretHash = 'b'.repeat(64);
  const create = (actor: Actor, clientId: string) => ({
    commandId: '00000000-0000-4000-8000-000000000001',
    issuedAt: '2026-11-28T00:00:00.000Z',
    type: 'user.platform-client.create' as const,
    actor,
    data: { clientId, name: 'sandbox', secretHash, requestHash: secretHash, treasuries: [], idNonce: 'n'.repeat(16) },
  });
  const revoke = (actor: Actor) => ({ type: 'user.platform-client.revoke' as const, actor, data: { clientId: 'test_owned' } });
  const liveClient: Actor = { kind: 'system', id: 'pc_owner' };
  const testClient: Actor = { kind: 'system', id: 'test_child' };

  it('when a live client makes a test-mode client, then it is allowed; a live client, or a test client making any, then FORBIDDEN', () => {
    expect(authorize(create(liveClient, 'test_new'))).toBeNull();
    expect(authorize(create(liveClient, 'pc_new'))?.code).toBe('FORBIDDEN');
    expect(authorize(create(testClient, 'test_new'))?.code).toBe('FORBIDDEN');
  });

  it('when a live client revokes, then the command is allowed with its own id as the owner filter; a test client, then FORBIDDEN', () => {
    expect(authorize(revoke(liveClient))).toBeNull();
    expect(liveClientActor(liveClient)).toBe('pc_owner');
    expect(authorize(revoke(testClient))?.code).toBe('FORBIDDEN');
    expect(liveClientActor(testClient)).toBeNull();
    // A person or an operator is never an owner: their revocation is unfiltered (a SUPERADMIN's, an operator's).
    expect(liveClientActor(superadmin)).toBeNull();
    expect(liveClientActor(operator)).toBeNull();
    expect(authorize(revoke({ kind: 'user', id: '1', role: 'ADMIN' }))?.code).toBe('FORBIDDEN');
  });

  it('when a live client makes one, then the client inserted records it as the owner and no person as creator', () => {
    const { decide } = userCommandTable['user.platform-client.create'];
    // A cap of null reads no more of the grant policy than the owner's bound on its test clients.
    const state = { users: new Map(), ownerClientGrants: ownerGrants, ownerTestClients: 0 };
    const withPolicy = { ...context(), grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 0, testClientsPerOwnerMax: 5 } } as never;
    const decision = decide(create(liveClient, 'test_new'), state, withPolicy) as { find?: { client?: object } };
    expect(decision.find?.client).toMatchObject({ id: 'test_new', ownerClientId: 'pc_owner', createdBy: null });
  });

  // The owner's grants as the user service holds them: REWARDS only, a cap, no cash-out.
  const ownerGrants = { treasuries: ['REWARDS'], dailyRewardCap: 5000, cashout: false, createdBy: 1, approvedBy: 2 };

  it('when a live client already keeps as many test clients as it may, then TEST_CLIENTS_LIMIT and nothing is inserted; one fewer, then it is made', () => {
    const { decide } = userCommandTable['user.platform-client.create'];
    const withPolicy = { ...context(), grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 0, testClientsPerOwnerMax: 5 } } as never;
    const full = decide(
      create(liveClient, 'test_new'),
      { users: new Map(), ownerClientGrants: ownerGrants, ownerTestClients: 5 },
      withPolicy,
    );
    expect(full).toMatchObject({ ok: false, code: 'TEST_CLIENTS_LIMIT' });
    expect((full as { find?: unknown }).find).toBeUndefined();
    const room = decide(
      create(liveClient, 'test_new'),
      { users: new Map(), ownerClientGrants: ownerGrants, ownerTestClients: 4 },
      withPolicy,
    );
    expect((room as { find?: { client?: object } }).find?.client).toMatchObject({ id: 'test_new', ownerClientId: 'pc_owner' });
  });

  it('when a live client makes one, then the apply reads its own grants from this service (never the gateway’s word)', () => {
    const { loads } = userCommandTable['user.platform-client.create'];
    const reads = loads.map((step) => step(create(liveClient, 'test_new'), { users: new Map() }, context() as never));
    expect(reads).toEqual([{ read: 'owner-client', id: 'pc_owner' }]);
    // A person's test client, or an operator's, has no owner to read.
    const byAdmin = loads.map((step) =>
      step(create({ kind: 'user', id: '1', role: 'ADMIN' }, 'test_new'), { users: new Map() }, context() as never),
    );
    expect(byAdmin).toEqual([null]);
  });

  it.each([
    ['a treasury the owner does not hold', { treasuries: ['REWARDS', 'COURSE_FEES'] }, ownerGrants, 'COURSE_FEES'],
    ['a cash-out grant', { treasuries: ['REWARDS'], cashout: true }, ownerGrants, 'no cash-out'],
    ['a reward cap', { treasuries: [], dailyRewardCap: 100 }, ownerGrants, 'no reward cap'],
    ['an owner revoked meanwhile', { treasuries: [] }, null, 'not active'],
  ])(
    'when a live client’s command (sent past the gateway’s check) asks for %s, then FORBIDDEN and nothing is inserted',
    (_case, grants, owner, detail) => {
      const { decide } = userCommandTable['user.platform-client.create'];
      // As decoded off the wire: the treasuries are the command schema's codes, the rest as asked.
      const command = { ...create(liveClient, 'test_new'), data: { ...create(liveClient, 'test_new').data, ...grants } } as never;
      const decision = decide(command, { users: new Map(), ownerClientGrants: owner }, context() as never) as Rejected & { find?: unknown };
      expect(decision.find).toBeUndefined();
      expect(decision.code).toBe('FORBIDDEN');
      expect(decision.detail).toContain(detail);
    },
  );
});
