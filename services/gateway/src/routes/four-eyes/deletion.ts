import {
  closeWalletReason,
  deletionRequestList,
  deletionRequestsQuery,
  fourEyesActs,
  ledgerDraft,
  userDraft,
  type DeletionRequest,
} from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { answered } from '../command-route';
import { exampleUndecided } from '../examples';
import type { ActPart } from './kit';
import { ofUserPart, sentAs, type Status } from './user-kit';

export const exampleDeletionRequest = {
  id: '5d1f0c3a-2b4e-5f6a-8b9c-0d1e2f3a4b5c',
  userId: 42,
  status: 'PENDING' as const,
  balance: 25000,
  ...exampleUndecided,
};

/**
 * Large deletions (docs/DESIGN.md "Deleting a user"): DELETE /api/admin/users/{id} of a user holding
 * DELETION_APPROVAL_MIN_COINS or more answers 202 with a request. The command is keyed by the user
 * it deletes, so it is applied in that user's order; the user service checks the request names them.
 */
export const deletionPart: ActPart = ofUserPart<DeletionRequest>('deletion', {
  summaries: {
    list: 'Deletion requests (deletions of users holding DELETION_APPROVAL_MIN_COINS or more), newest first, optionally of one status',
    approve:
      'Approve a deletion request: the user is deleted as a direct deletion would (data erased, tokens revoked, wallet closed and its coins burned before it answers). By a SUPERADMIN other than the requester (403 APPROVAL_BY_REQUESTER) and the user to delete (403 SELF_DEALING)',
    reject: 'Reject a pending deletion request with a reason: the user stays; any SUPERADMIN, the requester included',
  },
  list: { query: deletionRequestsQuery, answer: deletionRequestList, example: { deletionRequests: [exampleDeletionRequest] } },
  example: exampleDeletionRequest as DeletionRequest,
  listOf: (deps, request, status) => deps.internal.read('users.deletion-requests', { status: status as Status }, String(request.id)),
  find: (deps, request, id) => deps.internal.read('users.deletion-request', { id }, String(request.id)),
  approve: async (deps, request, found, commandId) => {
    const { userId } = found;
    const result = await answered(request, () =>
      deps.commands.user(userDraft('user.approve-deletion', { userId, requestId: found.id }), sentAs(request, commandId)),
    );
    await deps.tokenVersions.rememberDeleted(userId);
    // Deleted means closed when this answers, exactly as DELETE /api/admin/users/{id} does it.
    await deps.commands.ledger(
      ledgerDraft('ledger.close-wallet', { userId, reason: closeWalletReason(userId) }),
      sentAs(request, uuidV5(`ledger.close-wallet:${commandId}`)),
    );
    return { message: 'User deleted', deletionRequest: result.deletionRequest };
  },
  approvedExample: (example) => ({ message: 'User deleted', deletionRequest: { ...example, status: 'APPROVED' as const } }),
  reject: (deps, request, found, reason, commandId) =>
    answered(request, () =>
      deps.commands.user(
        userDraft('user.reject-deletion', { userId: found.userId, requestId: found.id, reason }),
        sentAs(request, commandId),
      ),
    ),
  rejectedExample: (example, reason) => ({ deletionRequest: { ...example, status: 'REJECTED' as const, rejectionReason: reason } }),
  rejectResult: fourEyesActs.deletion.result.pick({ deletionRequest: true }),
});
