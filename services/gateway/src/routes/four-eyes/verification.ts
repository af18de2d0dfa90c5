import { fourEyesActs, verificationRequestList, type AnyGrantRequest, type VerificationRequest } from '@coin/contracts';
import { exampleGrantRequest } from '../examples';
import type { ActPart } from './kit';
import { approveGrant, grantRequestsOfKind, ofUserPart, rejectGrant } from './user-kit';

/** Whether a stored grant request is the verification of an ADMIN+ account. */
export function isVerification(found: AnyGrantRequest): found is VerificationRequest {
  return found.act.type === 'user.set-verification';
}

export const exampleVerificationRequest = {
  ...exampleGrantRequest({
    type: 'user.set-verification' as const,
    userId: 42,
    verified: true as const,
    reason: 'Identity document checked',
  }),
  requestedBy: { kind: 'user' as const, id: '3', role: 'ADMIN' as const },
};
/** A verification is decided by an ADMIN+, not only a SUPERADMIN: its examples show one. */
const verifiedBy = { decidedBy: { kind: 'user' as const, id: '4', role: 'ADMIN' as const }, decidedAt: '2026-01-15T10:02:00.000Z' };

/**
 * The verification of an ADMIN or SUPERADMIN account (docs/CONTRACT.md "Verification"), asked for
 * with POST /api/admin/users/{id}/verification-requests (routes/verification-requests.ts).
 */
export const verificationPart: ActPart = ofUserPart<VerificationRequest>('verification', {
  summaries: {
    list: 'Verification requests of ADMIN+ accounts waiting for a second ADMIN+, newest first, optionally of one status',
    read: 'One verification request',
    approve:
      'Approve a verification request: the account is verified (its current access tokens end). By an ADMIN+ other than the requester (403 APPROVAL_BY_REQUESTER) and the account (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE)',
    reject: 'Reject a pending verification request with a reason: nothing changes; any ADMIN+, the requester included',
  },
  ...grantRequestsOfKind({
    is: isVerification,
    items: 'verificationRequests',
    answer: verificationRequestList,
    example: exampleVerificationRequest as VerificationRequest,
    what: 'verification request',
  }),
  // The account's older tokens (without the verified claim) are refused from the very next request.
  approve: async (deps, request, found, commandId) => ({
    verificationRequest: (await approveGrant(request, deps, found.id, commandId, () => found.act.userId)) as VerificationRequest,
  }),
  approvedExample: (example) => ({ verificationRequest: { ...example, ...verifiedBy, status: 'APPROVED' as const } }),
  reject: async (deps, request, found, reason, commandId) => ({
    verificationRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as VerificationRequest,
  }),
  rejectedExample: (example, reason) => ({
    verificationRequest: { ...example, ...verifiedBy, status: 'REJECTED' as const, rejectionReason: reason },
  }),
  rejectResult: fourEyesActs.verification.result,
});
