import type { OperationResult } from '@coin/client';
import { useConsole } from '../../context';
import { coins } from '../../format';
import { Link } from '../../router';
import { RequestTable } from './request-table';

type DeletionRequest = OperationResult<'listDeletionRequests'>['deletionRequests'][number];

/** SUPERADMIN: GET /api/admin/deletion-requests; approve (not one's own) or reject with a reason. */
export function DeletionRequests() {
  const { session } = useConsole();
  return (
    <section aria-labelledby="deletion-requests" className="panel">
      <h2 id="deletion-requests">Deletion requests</h2>
      <p className="muted">Deletions of users holding the threshold or more wait for a second SUPERADMIN; you cannot approve your own.</p>
      <RequestTable
        caption="Pending deletion requests"
        empty="No request."
        list={() => session.client.listDeletionRequests({ query: { status: 'PENDING' } })}
        rows={(data) => data.deletionRequests}
        columns={[
          { key: 'user', header: 'User', cell: (r: DeletionRequest) => <Link to={`/users/${r.userId}`}>user {r.userId}</Link> },
          { key: 'balance', header: 'Balance', cell: (r: DeletionRequest) => coins(r.balance) },
        ]}
        decisions={{
          approve: async (id, idempotencyKey) => {
            const { deletionRequest } = await session.client.approveDeletionRequest({ path: { id }, idempotencyKey });
            return `Approved: user ${deletionRequest.userId} deleted, ${coins(deletionRequest.balance)} burned.`;
          },
          reject: async (id, reason, idempotencyKey) => {
            await session.client.rejectDeletionRequest({ path: { id }, body: { reason }, idempotencyKey });
            return `Rejected ${id}.`;
          },
        }}
      />
    </section>
  );
}
