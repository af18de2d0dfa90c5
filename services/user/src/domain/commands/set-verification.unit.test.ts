import type { Actor, UserCommand } from '@coin/contracts';
import type { UserRow } from '../users';
import { auditRecordOfCommand } from './audit';
import { setVerification } from './set-verification';
import type { DecideContext } from './types';

/** The verification's decider and its audit records alone: no store, only the locked account it was given. */

const now = new Date('2030-01-02T03:04:05.000Z');
const context: DecideContext = {
  now,
  newId: () => '20000000-0000-4000-8000-000000000001',
  grants: { expirySeconds: 60, dailyRewardCapMaxMinor: 0, testClientsPerOwnerMax: 5 },
};
const admin: Actor = { kind: 'user', id: '3', role: 'ADMIN' };
const row: UserRow = {
  id: 42,
  email: 'ada@example.com',
  full_name: 'Ada',
  role: 'USER',
  is_verified: false,
  token_version: 4,
  created_at: now,
  role_since: now,
};
type SetVerification = Extract<UserCommand, { type: 'user.set-verification' }>;
const command = (verified: boolean, actor: Actor = admin, userId = 42): SetVerification => ({
  commandId: '10000000-0000-4000-8000-000000000001',
  type: 'user.set-verification',
  issuedAt: now.toISOString(),
  actor,
  data: { userId, verified, reason: 'ID checked' },
});
const stateOf = (user: UserRow | null, userId = 42) => ({ users: new Map([[userId, user]]) });

describe('user.set-verification decided alone', () => {
  it('when an ADMIN verifies an unverified account, then it is verified with a new token version and user.verification-changed', () => {
    const decision = setVerification.decide(command(true), stateOf(row), context);
    if (decision.ok !== true) throw new Error('expected the change');
    expect(decision.result).toEqual({ user: { id: 42, isVerified: true }, tokenVersion: 5 });
    expect(decision.writes).toEqual([
      { write: 'account-changes', changes: [{ type: 'set-verified', userId: 42, verified: true, tokenVersion: 5 }] },
    ]);
    expect(decision.events).toEqual([
      expect.objectContaining({ type: 'user.verification-changed', verified: true, user: { id: 42, role: 'USER', tokenVersion: 5 } }),
    ]);
  });

  it('when the account already has the value, then nothing is written, no event, and the token version stays', () => {
    const decision = setVerification.decide(command(true), stateOf({ ...row, is_verified: true }), context);
    expect(decision).toEqual({ ok: true, result: { user: { id: 42, isVerified: true }, tokenVersion: 4 }, writes: [], events: [] });
  });

  it('when a verified account loses it, then its token version rises too (the old verified claim stops working)', () => {
    const decision = setVerification.decide(command(false), stateOf({ ...row, is_verified: true }), context);
    expect(decision).toMatchObject({ ok: true, result: { user: { id: 42, isVerified: false }, tokenVersion: 5 } });
  });

  it.each([true, false])(
    'when an ADMIN sets the verification of their own account (verified %s), then SELF_DEALING and nothing is written',
    (verified) => {
      const self = { ...row, id: 3, role: 'ADMIN' as const };
      const decision = setVerification.decide(command(verified, admin, 3), stateOf(self, 3), context);
      expect(decision).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    },
  );

  it('when no live account has the id, then USER_NOT_FOUND', () => {
    expect(setVerification.decide(command(true, admin, 9), stateOf(null, 9), context)).toMatchObject({ ok: false, code: 'USER_NOT_FOUND' });
  });

  it('when a USER, a DEVELOPER or a platform client sends it, then FORBIDDEN; an ADMIN, a SUPERADMIN and an operator may', () => {
    for (const actor of [
      { kind: 'user', id: '42', role: 'USER' },
      { kind: 'user', id: '5', role: 'DEVELOPER' },
      { kind: 'system', id: 'pc_x' },
    ] as Actor[]) {
      expect(setVerification.authorize(command(true, actor))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    for (const actor of [admin, { kind: 'user', id: '1', role: 'SUPERADMIN' }, { kind: 'operator', id: 'ops' }] as Actor[]) {
      expect(setVerification.authorize(command(true, actor))).toBeNull();
    }
  });

  it('when applied, then the audit log has a service action with the reason; when refused, a refusal with its code', () => {
    const audit = { at: now, requestId: 'req-1' };
    const applied = setVerification.decide(command(true), stateOf(row), context);
    if (applied.ok !== true) throw new Error('expected the change');
    expect(auditRecordOfCommand(command(true), { ok: true, result: applied.result, events: applied.events }, audit)).toMatchObject({
      source: 'user',
      action: 'user.set-verification',
      target: 'user:42',
      actor: admin,
      summary: { verified: true, reason: 'ID checked', changed: true },
      result: 'applied',
      errorCode: null,
      requestId: 'req-1',
    });
    const refused = auditRecordOfCommand(command(true), { ok: false, code: 'USER_NOT_FOUND', detail: 'No such user' }, audit);
    expect(refused).toMatchObject({
      source: 'user',
      action: 'user.set-verification',
      target: 'user:42',
      actor: { ...admin, verified: true },
      result: 'rejected',
      errorCode: 'USER_NOT_FOUND',
      reason: 'No such user',
    });
  });
});

describe('user.set-verification of an ADMIN+ account: a two-person act', () => {
  it.each(['ADMIN', 'SUPERADMIN'] as const)(
    'when an ADMIN verifies an unverified %s account, then nothing changes yet: a grant request waits for another ADMIN+',
    (role) => {
      const colleague = { ...row, id: 7, role };
      const asked = { ...command(true, admin, 7), data: { userId: 7, verified: true, reason: 'ID checked', asRequest: true as const } };
      // Set directly, it is refused: the second person is asked for on its own route.
      expect(setVerification.decide(command(true, admin, 7), stateOf(colleague, 7), context)).toMatchObject({
        ok: false,
        code: 'FOUR_EYES_REQUIRED',
      });
      const decision = setVerification.decide(asked, stateOf(colleague, 7), context);
      if (decision.ok !== true) throw new Error('expected a request');
      expect(decision.events).toEqual([]);
      expect(decision.writes).toEqual([expect.objectContaining({ write: 'insert-grant-request' })]);
      expect(decision.result).toMatchObject({
        grantRequest: {
          status: 'PENDING',
          act: { type: 'user.set-verification', userId: 7, verified: true, reason: 'ID checked' },
          requestedBy: admin,
        },
      });
    },
  );

  it("when a request names a USER, then GRANT_REQUEST_OUTDATED: a USER's verification is one ADMIN's", () => {
    const asked = { ...command(true), data: { userId: 42, verified: true, reason: 'ID checked', asRequest: true as const } };
    expect(setVerification.decide(asked, stateOf(row), context)).toMatchObject({ ok: false, code: 'GRANT_REQUEST_OUTDATED' });
  });

  it("when an ADMIN takes an ADMIN's verification away, or verifies a USER, or an operator verifies an ADMIN, then it applies at once", () => {
    const colleague = { ...row, id: 7, role: 'ADMIN' as const };
    expect(setVerification.decide(command(false, admin, 7), stateOf({ ...colleague, is_verified: true }, 7), context)).toMatchObject({
      ok: true,
      result: { user: { id: 7, isVerified: false }, tokenVersion: 5 },
    });
    expect(setVerification.decide(command(true), stateOf(row), context)).toMatchObject({ ok: true, result: { tokenVersion: 5 } });
    const operator: Actor = { kind: 'operator', id: 'ops' };
    expect(setVerification.decide(command(true, operator, 7), stateOf(colleague, 7), context)).toMatchObject({
      ok: true,
      result: { user: { id: 7, isVerified: true }, tokenVersion: 5 },
    });
  });
});
