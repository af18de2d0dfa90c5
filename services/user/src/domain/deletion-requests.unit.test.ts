import type { Actor } from '@coin/contracts';
import { deletionDecisionRefusal, deletionNeedsApproval, deletionWait, newDeletionRequest, type DeletionPolicy } from './deletion-requests';
import { requestStatusAt } from './two-person-requests';

const now = new Date('2030-01-02T03:04:05.000Z');
const policy: DeletionPolicy = { approvalMinMinor: 1_000_000, expirySeconds: 3600, windowMinor: 500_000, windowCountMax: 3 };
const a: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };
const b: Actor = { kind: 'user', id: '2', role: 'SUPERADMIN' };
const request = newDeletionRequest(
  { commandId: '10000000-0000-4000-8000-000000000001', actor: a, data: { userId: 7 } },
  1_000_000,
  policy,
  now,
);
const requestId = request.id;

describe('deletion requests (pure)', () => {
  it('when the balance is at or above the threshold, then the deletion waits; below it, or with the policy off, it does not', () => {
    expect(deletionNeedsApproval(1_000_000, policy)).toBe(true);
    expect(deletionNeedsApproval(999_999, policy)).toBe(false);
    expect(deletionNeedsApproval(10 ** 12, { ...policy, approvalMinMinor: 0 })).toBe(false);
  });

  it('when the same command makes its request twice, then the id is the same', () => {
    const again = newDeletionRequest({ commandId: '10000000-0000-4000-8000-000000000001', actor: a, data: { userId: 7 } }, 1, policy, now);
    expect(again.id).toBe(request.id);
    expect(request.expiresAt.getTime() - now.getTime()).toBe(3_600_000);
  });

  it('when a PENDING request passes its expiry, then it reads EXPIRED', () => {
    expect(requestStatusAt(request, now)).toBe('PENDING');
    expect(requestStatusAt(request, request.expiresAt)).toBe('EXPIRED');
  });

  it('when approved by its requester, an ADMIN, for another user, or too late, then refused; by another SUPERADMIN, admitted; the requester may reject', () => {
    const approve = (actor: Actor, userId = 7) => ({ type: 'user.approve-deletion' as const, actor, data: { userId, requestId } });
    const b1 = { role: 'SUPERADMIN' as const, role_since: new Date(now.getTime() - 1) };
    expect(deletionDecisionRefusal(approve(a), request, now, b1)?.code).toBe('APPROVAL_BY_REQUESTER');
    expect(deletionDecisionRefusal(approve({ kind: 'user', id: '3', role: 'ADMIN' }), request, now, b1)?.code).toBe('FORBIDDEN');
    expect(deletionDecisionRefusal(approve(b, 8), request, now, b1)?.code).toBe('APPROVAL_NOT_FOUND');
    expect(deletionDecisionRefusal(approve(b), null, now, b1)?.code).toBe('APPROVAL_NOT_FOUND');
    expect(deletionDecisionRefusal(approve(b), request, request.expiresAt, b1)?.code).toBe('APPROVAL_NOT_PENDING');
    expect(deletionDecisionRefusal(approve(b), { ...request, status: 'APPROVED' }, now, b1)?.code).toBe('APPROVAL_NOT_PENDING');
    expect(deletionDecisionRefusal(approve(b), request, now, b1)).toBeNull();
    const reject = { type: 'user.reject-deletion' as const, actor: a, data: { userId: 7, requestId, reason: 'mistake' } };
    expect(deletionDecisionRefusal(reject, request, now, null)).toBeNull();
  });

  it('when the SUPERADMIN whose deletion was asked for approves it, then SELF_DEALING: no one decides about their own account', () => {
    const own = newDeletionRequest({ commandId: '10000000-0000-4000-8000-000000000003', actor: a, data: { userId: 2 } }, 0, policy, now);
    const approve = { type: 'user.approve-deletion' as const, actor: b, data: { userId: 2, requestId: own.id } };
    const b1 = { role: 'SUPERADMIN' as const, role_since: new Date(now.getTime() - 1) };
    expect(deletionDecisionRefusal(approve, own, now, b1)?.code).toBe('SELF_DEALING');
    const third = { kind: 'user' as const, id: '3', role: 'SUPERADMIN' as const };
    expect(deletionDecisionRefusal({ ...approve, actor: third }, own, now, b1)).toBeNull();
  });

  it('when the SUPERADMIN whose deletion was asked for rejects it, then SELF_DEALING; another SUPERADMIN, or its requester withdrawing it, may', () => {
    const own = newDeletionRequest({ commandId: '10000000-0000-4000-8000-000000000004', actor: a, data: { userId: 2 } }, 0, policy, now);
    const reject = (actor: Actor) => ({
      type: 'user.reject-deletion' as const,
      actor,
      data: { userId: 2, requestId: own.id, reason: 'no' },
    });
    expect(deletionDecisionRefusal(reject(b), own, now, null)?.code).toBe('SELF_DEALING');
    expect(deletionDecisionRefusal(reject({ kind: 'user', id: '3', role: 'SUPERADMIN' }), own, now, null)).toBeNull();
    expect(deletionDecisionRefusal(reject(a), own, now, null)).toBeNull();
  });

  it('when the approver became a SUPERADMIN at or after the request, or is no longer one, then APPROVER_NOT_ELIGIBLE', () => {
    const approve = { type: 'user.approve-deletion' as const, actor: b, data: { userId: 7, requestId } };
    expect(deletionDecisionRefusal(approve, request, now, { role: 'SUPERADMIN', role_since: now })?.code).toBe('APPROVER_NOT_ELIGIBLE');
    expect(deletionDecisionRefusal(approve, request, now, { role: 'ADMIN', role_since: new Date(0) })?.code).toBe('APPROVER_NOT_ELIGIBLE');
    expect(deletionDecisionRefusal(approve, request, now, null)?.code).toBe('APPROVER_NOT_ELIGIBLE');
  });

  it('when a deletion would take the requester’s rolling day to the window’s sum or past its count, or deletes a SUPERADMIN, then it waits', () => {
    const user = { role: 'USER' };
    expect(deletionWait(user, 100, { balanceMinor: 499_899, count: 0 }, policy)).toBeNull();
    expect(deletionWait(user, 101, { balanceMinor: 499_899, count: 0 }, policy)).toBe('window');
    expect(deletionWait(user, 0, { balanceMinor: 0, count: 2 }, policy)).toBeNull();
    expect(deletionWait(user, 0, { balanceMinor: 0, count: 3 }, policy)).toBe('window');
    expect(deletionWait({ role: 'SUPERADMIN' }, 0, { balanceMinor: 0, count: 0 }, policy)).toBe('superadmin');
    expect(deletionWait(user, 1_000_000, { balanceMinor: 0, count: 0 }, policy)).toBe('balance');
    expect(
      deletionWait(
        user,
        10 ** 9,
        { balanceMinor: 10 ** 9, count: 10 ** 6 },
        { ...policy, approvalMinMinor: 0, windowMinor: 0, windowCountMax: 0 },
      ),
    ).toBeNull();
  });
});
