import type { Actor } from '@coin/contracts';
import { deletionDecisionRefusal, deletionNeedsApproval, newDeletionRequest, statusAt, type DeletionPolicy } from './deletion-requests';

const now = new Date('2030-01-02T03:04:05.000Z');
const policy: DeletionPolicy = { approvalMinMinor: 1_000_000, expirySeconds: 3600 };
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
    expect(statusAt(request, now)).toBe('PENDING');
    expect(statusAt(request, request.expiresAt)).toBe('EXPIRED');
  });

  it('when approved by its requester, an ADMIN, for another user, or too late, then refused; by another SUPERADMIN, admitted; the requester may reject', () => {
    const approve = (actor: Actor, userId = 7) => ({ type: 'user.approve-deletion' as const, actor, data: { userId, requestId } });
    expect(deletionDecisionRefusal(approve(a), request, now)?.code).toBe('APPROVAL_BY_REQUESTER');
    expect(deletionDecisionRefusal(approve({ kind: 'user', id: '3', role: 'ADMIN' }), request, now)?.code).toBe('FORBIDDEN');
    expect(deletionDecisionRefusal(approve(b, 8), request, now)?.code).toBe('APPROVAL_NOT_FOUND');
    expect(deletionDecisionRefusal(approve(b), null, now)?.code).toBe('APPROVAL_NOT_FOUND');
    expect(deletionDecisionRefusal(approve(b), request, request.expiresAt)?.code).toBe('APPROVAL_NOT_PENDING');
    expect(deletionDecisionRefusal(approve(b), { ...request, status: 'APPROVED' }, now)?.code).toBe('APPROVAL_NOT_PENDING');
    expect(deletionDecisionRefusal(approve(b), request, now)).toBeNull();
    const reject = { type: 'user.reject-deletion' as const, actor: a, data: { userId: 7, requestId, reason: 'mistake' } };
    expect(deletionDecisionRefusal(reject, request, now)).toBeNull();
  });
});
