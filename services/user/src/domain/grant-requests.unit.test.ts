import type { Actor, Role } from '@coin/contracts';
import {
  approverRefusal,
  grantDecisionRefusal,
  grantRequestView,
  newGrantRequest,
  rewardCapRefusal,
  roleChangeNeedsSecondPerson,
  verificationNeedsSecondPerson,
} from './grant-requests';
import { grantKindOf } from './commands/table';
import { requestStatusAt } from './two-person-requests';

const now = new Date('2030-01-02T03:04:05.000Z');
const policy = { expirySeconds: 3600, dailyRewardCapMaxMinor: 1_000_000, testClientsPerOwnerMax: 5 };
const a: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };

describe('grant requests (pure)', () => {
  it('when a role change grants ADMIN or SUPERADMIN or takes SUPERADMIN away, then it needs a second person; any other does not', () => {
    const roles: Role[] = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'];
    const needs = roles.flatMap((from) => roles.filter((to) => roleChangeNeedsSecondPerson(from, to)).map((to) => `${from}->${to}`));
    expect(needs).toEqual([
      'USER->ADMIN',
      'USER->SUPERADMIN',
      'DEVELOPER->ADMIN',
      'DEVELOPER->SUPERADMIN',
      'ADMIN->SUPERADMIN',
      'SUPERADMIN->USER',
      'SUPERADMIN->DEVELOPER',
      'SUPERADMIN->ADMIN',
    ]);
  });

  it('when the same command makes its request twice, then the id is the same; past its expiry it reads EXPIRED', () => {
    const act = { type: 'user.change-role' as const, userId: 7, role: 'ADMIN' as const, previousRole: 'USER' as const };
    const request = newGrantRequest({ commandId: '10000000-0000-4000-8000-000000000001', actor: a, data: {} }, act, policy, now);
    expect(newGrantRequest({ commandId: '10000000-0000-4000-8000-000000000001', actor: a, data: {} }, act, policy, now).id).toBe(
      request.id,
    );
    expect(requestStatusAt(request, now)).toBe('PENDING');
    expect(requestStatusAt(request, request.expiresAt)).toBe('EXPIRED');
  });

  it('when a request holds a new secret’s hash, then its view shows neither the hash nor the request hash, and the cap in coins', () => {
    const act = {
      type: 'user.platform-client.create' as const,
      clientId: 'pc_x',
      name: 'x',
      treasuries: ['REWARDS'],
      dailyRewardCap: 12_345,
      secretHash: 'c'.repeat(64),
      requestHash: 'd'.repeat(64),
    };
    const request = newGrantRequest({ commandId: '10000000-0000-4000-8000-000000000002', actor: a, data: {} }, act, policy, now);
    const view = grantRequestView(request, now, grantKindOf(request.act));
    expect(view.act).toEqual({
      type: 'user.platform-client.create',
      clientId: 'pc_x',
      name: 'x',
      treasuries: ['REWARDS'],
      dailyRewardCap: 123.45,
      cashout: false,
    });
    expect(JSON.stringify(view)).not.toMatch(/cccc|dddd/);
  });

  it('when the approver is no SUPERADMIN, or became one at or after the request, then APPROVER_NOT_ELIGIBLE', () => {
    expect(approverRefusal({ role: 'SUPERADMIN', role_since: new Date(now.getTime() - 1) }, now)).toBeNull();
    expect(approverRefusal({ role: 'SUPERADMIN', role_since: now }, now)?.code).toBe('APPROVER_NOT_ELIGIBLE');
    expect(approverRefusal({ role: 'ADMIN', role_since: new Date(0) }, now)?.code).toBe('APPROVER_NOT_ELIGIBLE');
    expect(approverRefusal(null, now)?.code).toBe('APPROVER_NOT_ELIGIBLE');
  });

  it('when the SUPERADMIN a role change or an API key is about approves it, then SELF_DEALING: no one decides about their own grant', () => {
    const subject: Actor = { kind: 'user', id: '2', role: 'SUPERADMIN' };
    const third: Actor = { kind: 'user', id: '3', role: 'SUPERADMIN' };
    const people = { approver: { role: 'SUPERADMIN' as const, role_since: new Date(0) }, requester: { role: 'SUPERADMIN' as const } };
    const acts = [
      { type: 'user.change-role' as const, userId: 2, role: 'ADMIN' as const, previousRole: 'SUPERADMIN' as const },
      {
        type: 'user.api-key.create' as const,
        apiKeyId: 'k',
        name: 'ops',
        scopes: ['mint' as const],
        keyHash: 'e'.repeat(64),
        ownerUserId: 2,
      },
    ];
    for (const [i, act] of acts.entries()) {
      const request = newGrantRequest({ commandId: `10000000-0000-4000-8000-00000000001${i}`, actor: a, data: {} }, act, policy, now);
      const approve = (actor: Actor) => ({ type: 'user.approve-grant' as const, actor, data: { requestId: request.id } });
      expect({ act: act.type, code: grantDecisionRefusal(approve(subject), request, people, now, grantKindOf)?.code }).toEqual({
        act: act.type,
        code: 'SELF_DEALING',
      });
      expect(grantDecisionRefusal(approve(third), request, people, now, grantKindOf)).toBeNull();
    }
  });

  it('when the SUPERADMIN a role change is about rejects it (their own demotion), then SELF_DEALING; another SUPERADMIN, or its requester withdrawing it, may', () => {
    const subject: Actor = { kind: 'user', id: '2', role: 'SUPERADMIN' };
    const third: Actor = { kind: 'user', id: '3', role: 'SUPERADMIN' };
    const people = { approver: null, requester: null };
    const demotion = { type: 'user.change-role' as const, userId: 2, role: 'ADMIN' as const, previousRole: 'SUPERADMIN' as const };
    const request = newGrantRequest({ commandId: '10000000-0000-4000-8000-000000000020', actor: a, data: {} }, demotion, policy, now);
    const reject = (actor: Actor) => ({ type: 'user.reject-grant' as const, actor, data: { requestId: request.id, reason: 'no' } });
    expect(grantDecisionRefusal(reject(subject), request, people, now, grantKindOf)?.code).toBe('SELF_DEALING');
    expect(grantDecisionRefusal(reject(third), request, people, now, grantKindOf)).toBeNull();
    expect(grantDecisionRefusal(reject(a), request, people, now, grantKindOf)).toBeNull();
  });

  it('when a cap is above the ceiling, then REWARD_CAP_ABOVE_CEILING; at it, or none (the ledger default), it passes', () => {
    expect(rewardCapRefusal(1_000_001, policy)?.code).toBe('REWARD_CAP_ABOVE_CEILING');
    expect(rewardCapRefusal(1_000_000, policy)).toBeNull();
    expect(rewardCapRefusal(null, policy)).toBeNull();
  });
});

describe('a verification of an ADMIN+ account: a second ADMIN+ decides', () => {
  const before = new Date(now.getTime() - 60_000);
  const requester: Actor = { kind: 'user', id: '3', role: 'ADMIN' };
  const act = { type: 'user.set-verification' as const, userId: 7, verified: true as const, reason: 'ID checked' };
  const request = newGrantRequest({ commandId: '10000000-0000-4000-8000-000000000009', actor: requester, data: {} }, act, policy, now);
  const approve = (actor: Actor) => ({ type: 'user.approve-grant' as const, actor, data: { requestId: request.id } });
  const people = (approverRole: Role, since = before, requesterRole: Role = 'ADMIN') => ({
    approver: { role: approverRole, role_since: since },
    requester: { role: requesterRole },
  });
  const later = new Date(now.getTime() + 1000);

  it("when setting verified on an ADMIN or SUPERADMIN account, then it needs a second person; a USER's, or taking it away, does not", () => {
    const roles: Role[] = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'];
    expect(roles.filter((role) => verificationNeedsSecondPerson(role, true))).toEqual(['ADMIN', 'SUPERADMIN']);
    expect(roles.filter((role) => verificationNeedsSecondPerson(role, false))).toEqual([]);
  });

  it('when another ADMIN, an ADMIN since before the request, approves, then it may', () => {
    expect(
      grantDecisionRefusal(approve({ kind: 'user', id: '4', role: 'ADMIN' }), request, people('ADMIN'), later, grantKindOf),
    ).toBeNull();
    expect(
      grantDecisionRefusal(approve({ kind: 'user', id: '1', role: 'SUPERADMIN' }), request, people('SUPERADMIN'), later, grantKindOf),
    ).toBeNull();
  });

  it('when the requester, the verified account, a new ADMIN or a USER approves, or the requester is no ADMIN+ now, then it is refused, typed', () => {
    expect(grantDecisionRefusal(approve(requester), request, people('ADMIN'), later, grantKindOf)).toMatchObject({
      code: 'APPROVAL_BY_REQUESTER',
    });
    expect(
      grantDecisionRefusal(approve({ kind: 'user', id: '7', role: 'ADMIN' }), request, people('ADMIN'), later, grantKindOf),
    ).toMatchObject({
      code: 'SELF_DEALING',
    });
    expect(
      grantDecisionRefusal(approve({ kind: 'user', id: '4', role: 'ADMIN' }), request, people('ADMIN', now), later, grantKindOf),
    ).toMatchObject({
      code: 'APPROVER_NOT_ELIGIBLE',
    });
    expect(
      grantDecisionRefusal(approve({ kind: 'user', id: '5', role: 'USER' }), request, people('USER'), later, grantKindOf),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      grantDecisionRefusal(approve({ kind: 'user', id: '4', role: 'ADMIN' }), request, people('ADMIN', before, 'USER'), later, grantKindOf),
    ).toMatchObject({ code: 'GRANT_REQUEST_OUTDATED' });
  });

  it("when an ADMIN decides any other grant request, then FORBIDDEN: those stay a SUPERADMIN's", () => {
    const roleAct = { type: 'user.change-role' as const, userId: 7, role: 'ADMIN' as const, previousRole: 'USER' as const };
    const roleRequest = newGrantRequest({ commandId: '10000000-0000-4000-8000-00000000000a', actor: a, data: {} }, roleAct, policy, now);
    const admin: Actor = { kind: 'user', id: '4', role: 'ADMIN' };
    for (const type of ['user.approve-grant', 'user.reject-grant'] as const) {
      const decision = { type, actor: admin, data: { requestId: roleRequest.id, reason: 'no' } };
      expect(grantDecisionRefusal(decision, roleRequest, people('ADMIN', before, 'SUPERADMIN'), later, grantKindOf)).toMatchObject({
        code: 'FORBIDDEN',
      });
    }
  });
});
