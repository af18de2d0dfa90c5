import { callbackSecretRequestList, fourEyesActs, type AnyGrantRequest, type CallbackSecretRequest } from '@coin/contracts';
import { exampleGrantRequest } from '../examples';
import type { ActPart } from './kit';
import { approveGrant, decided, grantRequestsOfKind, ofUserPart, rejectGrant } from './user-kit';

/** Whether a stored grant request is a payout provider's callback secret. */
export function isCallbackSecretRequest(found: AnyGrantRequest): found is CallbackSecretRequest {
  return found.act.type === 'user.platform-client.callback-secret';
}

const exampleCallbackSecret = exampleGrantRequest({ type: 'user.platform-client.callback-secret' as const, clientId: 'pc_Xk3v9QmT2bLw' });

/** A payout provider's new callback secret, asked for with POST /api/admin/platform-clients/{id}/callback-secret. */
export const callbackSecretPart: ActPart = ofUserPart<CallbackSecretRequest>('callback-secret', {
  summaries: {
    list: "Payout providers' callback secrets waiting for a second SUPERADMIN (never a secret), newest first, optionally of one status",
    approve:
      "Approve a payout provider's new callback secret: it signs the provider's callbacks from now on, and the previous one verifies for the configured overlap more. By a SUPERADMIN other than the requester who held the role before the request was made (403 APPROVAL_BY_REQUESTER, APPROVER_NOT_ELIGIBLE); a client revoked or not granted cashout since is 409 GRANT_REQUEST_OUTDATED",
    reject:
      "Reject a payout provider's pending callback secret with a reason: it never signs anything; any SUPERADMIN, the requester included",
  },
  ...grantRequestsOfKind({
    is: isCallbackSecretRequest,
    items: 'callbackSecretRequests',
    answer: callbackSecretRequestList,
    example: exampleCallbackSecret as CallbackSecretRequest,
    what: 'callback secret request',
  }),
  approve: async (deps, request, found, commandId) => ({
    callbackSecretRequest: (await approveGrant(request, deps, found.id, commandId)) as CallbackSecretRequest,
  }),
  approvedExample: (example) => ({ callbackSecretRequest: { ...decided(example), status: 'APPROVED' as const } }),
  reject: async (deps, request, found, reason, commandId) => ({
    callbackSecretRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as CallbackSecretRequest,
  }),
  rejectedExample: (example, reason) => ({
    callbackSecretRequest: { ...decided(example), status: 'REJECTED' as const, rejectionReason: reason },
  }),
  rejectResult: fourEyesActs['callback-secret'].result,
});
