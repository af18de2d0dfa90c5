import type { Actor } from '@coin/contracts';
import { authorizeUserCommand as authorize, userCommandTable } from './table';
import type { DecideContext } from './types';

const requestHash = 'b'.repeat(64);
const create = (actor: Actor, clientId = 'test_own') => ({
  type: 'user.test-user.create' as const,
  actor,
  data: { clientId, name: 'Ann', requestHash },
});

describe('user.test-user.create', () => {
  // Deleting a client's test users (its sandbox data's deletion, test-users-delete.ts) is judged by the same rule.
  const remove = (actor: Actor, clientId = 'test_own') => ({ type: 'user.test-users.delete' as const, actor, data: { clientId } });
  it.each([
    ['user.test-user.create', create],
    ['user.test-users.delete', remove],
  ] as const)(
    'when anyone but the test-mode client itself sends %s, then FORBIDDEN: a live client, another test client, a person, an operator',
    (_type, command) => {
      for (const actor of [
        { kind: 'system', id: 'pc_live' },
        { kind: 'system', id: 'test_other' },
        { kind: 'user', id: '7', role: 'SUPERADMIN' },
        { kind: 'operator', id: 'ops' },
      ] as Actor[]) {
        expect({ actor, code: authorize(command(actor))?.code }).toEqual({ actor, code: 'FORBIDDEN' });
      }
      // A live client naming itself is still not a test-mode client.
      expect(authorize(command({ kind: 'system', id: 'pc_live' }, 'pc_live'))?.code).toBe('FORBIDDEN');
      expect(authorize(command({ kind: 'system', id: 'test_own' }))).toBeNull();
    },
  );

  it('when the insert finds no active client, then FORBIDDEN; a client at its bound, TEST_USERS_LIMIT; otherwise the user, with the request’s hash', () => {
    const context = { now: new Date('2026-01-01T00:00:00Z') } as DecideContext;
    const decision = userCommandTable['user.test-user.create'].decide(
      { ...create({ kind: 'system', id: 'test_own' }), commandId: 'c', issuedAt: '2026-01-01T00:00:00Z' } as never,
      { users: new Map() },
      context,
    );
    if (decision.ok !== 'finding' || decision.find.write !== 'insert-test-user') throw new Error('expected the insert');
    expect(decision.find).toEqual({ write: 'insert-test-user', clientId: 'test_own', name: 'Ann', at: context.now, max: 1_000 });
    const then = decision.then as (found: unknown) => { ok: unknown; code?: string; result?: unknown };
    expect(then('revoked')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(then('full')).toMatchObject({ ok: false, code: 'TEST_USERS_LIMIT' });
    const testUser = { userId: 8_000_000_000_000_000, name: 'Ann', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(then(testUser)).toMatchObject({ ok: true, result: { testUser, requestHash } });
  });
});
