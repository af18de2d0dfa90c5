import type { UserCommand } from '@coin/contracts';
import type { UserRow } from '../users';
import { register } from './register';
import type { DecideContext, UserDecision } from './types';

/** The registration's decider alone: no store, only the state it was given and what its insert found. */

const now = new Date('2030-01-02T03:04:05.000Z');
const passwordHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
const context: DecideContext = {
  now,
  newId: () => '20000000-0000-4000-8000-000000000001',
  grants: { expirySeconds: 60, dailyRewardCapMaxMinor: 0, testClientsPerOwnerMax: 5 },
};
const command = {
  commandId: '10000000-0000-4000-8000-000000000001',
  type: 'user.register',
  issuedAt: now.toISOString(),
  actor: { kind: 'system', id: 'gateway' },
  data: { email: 'Ada@Example.com', passwordHash, fullName: 'Ada', sessionGrantHash: 'a'.repeat(64) },
} as Extract<UserCommand, { type: 'user.register' }>;

function found(decision: UserDecision<'user.register'>, inserted: UserRow | null): UserDecision<'user.register'> {
  if (decision.ok !== 'finding' || decision.find.write !== 'insert-user') throw new Error('expected the insert of the account');
  return (decision.then as (row: UserRow | null) => UserDecision<'user.register'>)(inserted);
}

describe('user.register decided alone', () => {
  it('when the insert finds the address taken, then EMAIL_TAKEN, and the owner is told of the attempt; no session grant', () => {
    const decision = found(register.decide(command, { users: new Map() }, context), null);
    expect(decision).toEqual({
      ok: false,
      code: 'EMAIL_TAKEN',
      detail: 'An account with this email already exists',
      writes: [{ write: 'registration-attempt', emailNormalized: 'ada@example.com', at: now }],
    });
  });

  it('when the insert makes the account, then its id is the result, user.registered its event and the session grant its write', () => {
    const row: UserRow = {
      id: 42,
      email: 'Ada@Example.com',
      full_name: 'Ada',
      role: 'USER',
      is_verified: false,
      token_version: 0,
      created_at: now,
      role_since: now,
    };
    const decision = found(register.decide(command, { users: new Map() }, context), row);
    if (decision.ok !== true) throw new Error('expected the account');
    expect(decision.result).toEqual({ user: { id: 42 } });
    expect(decision.events.map((event) => event.type)).toEqual(['user.registered']);
    expect(decision.writes).toEqual([
      { write: 'session-grant', grant: { grantHash: 'a'.repeat(64), userId: 42, expiresAt: new Date(now.getTime() + 60_000) } },
    ]);
  });

  it('when the password is no hash, then it is refused before anything is written', () => {
    const unhashed = { ...command, data: { ...command.data, passwordHash: 'hunter2' } };
    expect(register.decide(unhashed, { users: new Map() }, context)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});
