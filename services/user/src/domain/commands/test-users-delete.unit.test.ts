import type { Actor } from '@coin/contracts';
import { userCommandTable } from './table';
import type { DecideContext } from './types';

const remove = (actor: Actor, clientId = 'test_own') => ({ type: 'user.test-users.delete' as const, actor, data: { clientId } });

describe('user.test-users.delete (docs/decisions/0018-sandbox.md "Deleting a client\'s test data"; who may: test-user-create.unit.test.ts)', () => {
  it('when it applies, then it marks the client’s own test users deleted and answers how many', () => {
    const context = { now: new Date('2026-01-01T00:00:00Z') } as DecideContext;
    const decision = userCommandTable['user.test-users.delete'].decide(
      { ...remove({ kind: 'system', id: 'test_own' }), commandId: 'c', issuedAt: '2026-01-01T00:00:00Z' } as never,
      { users: new Map() },
      context,
    );
    if (decision.ok !== 'finding' || decision.find.write !== 'delete-test-users') throw new Error('expected the deletion');
    expect(decision.find).toEqual({ write: 'delete-test-users', clientId: 'test_own', at: context.now });
    const then = decision.then as (found: unknown) => { ok: unknown; result?: unknown };
    expect(then({ deleted: 2 })).toMatchObject({ ok: true, result: { deleted: 2 } });
    expect(then({ deleted: 0 })).toMatchObject({ ok: true, result: { deleted: 0 } });
  });
});
