import { randomUUID } from 'node:crypto';
import { sandboxTestUserIdMin, topicNames, type Actor, type UserCommand } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { migratedUserPool } from '../../../test/harness/user-db';
import { applyUserCommand } from './apply/apply-user-command';
import type { UserCommandStore } from './apply/store';
import { linkedUsersOf } from './db/platform-links-repo';
import { deleteTestUsersOf, insertTestUser, listTestUsers } from './db/test-users-repo';
import { userCommandStore } from './db/user-command-store';

/**
 * A test-mode client's own test users against real PostgreSQL (docs/decisions/0018-sandbox.md
 * "Test users of a client's own"): ids from their own range, a creation applied once however often
 * it is delivered, the one read that judges which users a client may name, and their deletion.
 */
describe('sandbox test users against PostgreSQL', () => {
  let pool: Pool;
  let store: UserCommandStore;
  const clock = { now: () => new Date(), newId: randomUUID };
  const meta = { grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 10_000_000, testClientsPerOwnerMax: 5 } };
  const hash = 'c'.repeat(64);

  const create = (clientId: string, name: string, commandId = randomUUID()) => {
    const actor: Actor = { kind: 'system', id: clientId };
    const command = {
      commandId,
      type: 'user.test-user.create',
      issuedAt: new Date().toISOString(),
      actor,
      data: { clientId, name, requestHash: hash },
    };
    return applyUserCommand(store, command as UserCommand, clock, meta);
  };
  const userIdOf = (applied: Awaited<ReturnType<typeof create>>) =>
    (applied.outcome.reply as { testUser: { userId: number } }).testUser.userId;
  const addClient = (id: string, revoked = false) =>
    pool.query('INSERT INTO platform_clients (id, name, secret_hash, revoked_at) VALUES ($1, $1, $2, $3)', [
      id,
      hash,
      revoked ? new Date() : null,
    ]);

  beforeAll(async () => {
    const migrated = await migratedUserPool('test-users-int-test');
    pool = migrated.pool;
    store = userCommandStore(pool, topicNames(migrated.prefix));
    await Promise.all([addClient('test_a'), addClient('test_b'), addClient('test_gone', true)]);
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('when a client makes test users, then their ids are in the test range, and a redelivered command makes no second one', async () => {
    const commandId = randomUUID();
    const first = await create('test_a', 'Ann', commandId);
    const again = await create('test_a', 'Ann', commandId);
    expect(again.outcome).toMatchObject({ ok: true, replayed: true, reply: first.outcome.reply });
    expect(userIdOf(first)).toBeGreaterThanOrEqual(sandboxTestUserIdMin);
    expect(userIdOf(first)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    const page = await listTestUsers(pool, 'test_a', { limit: 100, offset: 0 });
    expect(page.testUsers.filter((u) => u.userId === userIdOf(first))).toHaveLength(1);
    // No outbox event: a test user is no account, so no live consumer (the live ledger) hears of it.
    expect(first.outbox).toEqual([]);
  });

  it('when a revoked client’s command arrives, then it makes none', async () => {
    const refused = await create('test_gone', 'Late');
    expect(refused.outcome).toMatchObject({ ok: false, reply: { code: 'FORBIDDEN' } });
    expect((await listTestUsers(pool, 'test_gone', { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('when the clients’ users are judged, then each names its own test users only, until they are deleted', async () => {
    const ann = userIdOf(await create('test_a', 'Ann'));
    const bea = userIdOf(await create('test_b', 'Bea'));
    expect([...(await linkedUsersOf(pool, 'test_a', [ann, bea, 42]))]).toEqual([ann]);
    expect([...(await linkedUsersOf(pool, 'test_b', [ann, bea]))]).toEqual([bea]);
    expect(await deleteTestUsersOf(pool, 'test_a', new Date())).toBeGreaterThanOrEqual(1);
    expect([...(await linkedUsersOf(pool, 'test_a', [ann]))]).toEqual([]);
    expect((await listTestUsers(pool, 'test_a', { limit: 10, offset: 0 })).total).toBe(0);
    // Another client's are untouched.
    expect([...(await linkedUsersOf(pool, 'test_b', [bea]))]).toEqual([bea]);
    expect(await deleteTestUsersOf(pool, 'test_a', new Date())).toBe(0);
  });

  it('when a client’s reset sends user.test-users.delete, then its own are deleted once (a redelivery is the stored answer); another client’s command deletes none', async () => {
    const remove = (actorId: string, clientId: string, commandId = randomUUID()) =>
      applyUserCommand(
        store,
        {
          commandId,
          type: 'user.test-users.delete',
          issuedAt: new Date().toISOString(),
          actor: { kind: 'system', id: actorId },
          data: { clientId },
        } as UserCommand,
        clock,
        meta,
      );
    const bea = userIdOf(await create('test_b', 'Bea again'));
    expect((await remove('test_a', 'test_b')).outcome).toMatchObject({ ok: false, reply: { code: 'FORBIDDEN' } });
    expect([...(await linkedUsersOf(pool, 'test_b', [bea]))]).toEqual([bea]);
    const commandId = randomUUID();
    const first = await remove('test_b', 'test_b', commandId);
    expect(first.outcome).toMatchObject({ ok: true, reply: { deleted: expect.any(Number) } });
    expect((first.outcome.reply as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    expect((await remove('test_b', 'test_b', commandId)).outcome).toMatchObject({ replayed: true, reply: first.outcome.reply });
    expect([...(await linkedUsersOf(pool, 'test_b', [bea]))]).toEqual([]);
    expect(first.outbox).toEqual([]);
  });
  it('when a client keeps as many test users as it may, then the next is refused (full) until its test users are deleted; a revoked client makes none', async () => {
    await addClient('test_cap');
    const insert = () => insertTestUser(pool, 'test_cap', 'Cap', new Date(), 2);
    expect(await insert()).toMatchObject({ name: 'Cap' });
    expect(await insert()).toMatchObject({ name: 'Cap' });
    expect(await insert()).toBe('full');
    expect((await listTestUsers(pool, 'test_cap', { limit: 10, offset: 0 })).total).toBe(2);
    expect(await deleteTestUsersOf(pool, 'test_cap', new Date())).toBe(2);
    expect(await insert()).toMatchObject({ name: 'Cap' });
    expect(await insertTestUser(pool, 'test_gone', 'Gone', new Date(), 2)).toBe('revoked');
  });
});
