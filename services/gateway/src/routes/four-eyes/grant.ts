import { fourEyesActs, grantRequestActOf, grantRequestList, type AnyGrantRequest, type GrantRequest } from '@coin/contracts';
import { exampleGrantRequest } from '../examples';
import type { ActPart } from './kit';
import { approveGrant, decided, grantRequestsOfKind, ofUserPart, rejectGrant } from './user-kit';

/** Whether a stored grant request is a role grant, an API key or a platform client: of the grant act's row, not of another act kept as a grant request, which has its own routes. */
function isGrant(found: AnyGrantRequest): found is GrantRequest {
  return grantRequestActOf(found.act.type) === 'grant';
}

/** The account whose role an approved grant changed (its tokens then say another role), or null for a key or a client. */
function roleChanged(approved: AnyGrantRequest): number | null {
  return approved.act.type === 'user.change-role' ? approved.act.userId : null;
}

const exampleGrant = exampleGrantRequest({
  type: 'user.change-role' as const,
  userId: 42,
  role: 'ADMIN' as const,
  previousRole: 'USER' as const,
});

/** Role grants, API keys and platform clients, asked for by a SUPERADMIN (202 with the request). */
export const grantPart: ActPart = ofUserPart<GrantRequest>('grant', {
  summaries: {
    list: 'Grant requests (role grants, API keys and platform clients waiting for a second SUPERADMIN), newest first, optionally of one status',
    read: 'One grant request',
    approve:
      "Approve a grant request: the role change, key or client is applied as asked. By a SUPERADMIN other than the requester and the person it is about (the account whose role changes, the key's owner) who held the role before the request was made (403 APPROVAL_BY_REQUESTER, SELF_DEALING, APPROVER_NOT_ELIGIBLE)",
    reject: 'Reject a pending grant request with a reason: nothing is granted; any SUPERADMIN, the requester included',
  },
  ...grantRequestsOfKind({
    is: isGrant,
    items: 'grantRequests',
    answer: grantRequestList,
    example: exampleGrant as GrantRequest,
    what: 'grant request',
  }),
  approve: async (deps, request, found, commandId) => ({
    message: 'Approved',
    grantRequest: (await approveGrant(request, deps, found.id, commandId, roleChanged)) as GrantRequest,
  }),
  approvedExample: (example) => ({ message: 'Approved', grantRequest: { ...decided(example), status: 'APPROVED' as const } }),
  reject: async (deps, request, found, reason, commandId) => ({
    grantRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as GrantRequest,
  }),
  rejectedExample: (example, reason) => ({ grantRequest: { ...decided(example), status: 'REJECTED' as const, rejectionReason: reason } }),
  rejectResult: fourEyesActs.grant.result.pick({ grantRequest: true }),
});
