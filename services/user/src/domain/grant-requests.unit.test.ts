import type { Actor, Role } from '@coin/contracts';
import { approverRefusal, grantRequestView, newGrantRequest, rewardCapRefusal, roleChangeNeedsSecondPerson } from './grant-requests';
import { requestStatusAt } from './two-person-requests';

const now = new Date('2030-01-02T03:04:05.000Z');
const policy = { expirySeconds: 3600, dailyRewardCapMaxMinor: 1_000_000 };
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
    const view = grantRequestView(
      newGrantRequest({ commandId: '10000000-0000-4000-8000-000000000002', actor: a, data: {} }, act, policy, now),
      now,
    );
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

  it('when a cap is above the ceiling, then REWARD_CAP_ABOVE_CEILING; at it, or none (the ledger default), it passes', () => {
    expect(rewardCapRefusal(1_000_001, policy)?.code).toBe('REWARD_CAP_ABOVE_CEILING');
    expect(rewardCapRefusal(1_000_000, policy)).toBeNull();
    expect(rewardCapRefusal(null, policy)).toBeNull();
  });
});
