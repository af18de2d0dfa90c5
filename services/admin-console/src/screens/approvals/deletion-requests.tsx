import { Loaded } from '../../components/busy';
import { Notice } from '../../components/notice';
import { useConsole } from '../../context';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { Link } from '../../router';
import { SubmissionKey } from '../../session';
import { Table } from '../../components/layout';
import { coins, when } from '../../format';
import { Decide } from './decide';

/** SUPERADMIN: GET /api/admin/deletion-requests; approve (not one's own) or reject with a reason. */
export function DeletionRequests() {
  const { session } = useConsole();
  const decision = useMutation();
  const requests = useLoad(() => session.client.listDeletionRequests({ query: { status: 'PENDING' } }), []);
  const decide = (id: string, approve: boolean, reason: string) =>
    void decision.run(
      async () => {
        const idempotencyKey = new SubmissionKey().current;
        let said: string;
        if (approve) {
          const answer = await session.client.approveDeletionRequest({ path: { id }, idempotencyKey });
          said = `Approved: user ${answer.deletionRequest.userId} deleted, ${coins(answer.deletionRequest.balance)} burned.`;
        } else {
          await session.client.rejectDeletionRequest({ path: { id }, body: { reason }, idempotencyKey });
          said = `Rejected ${id}.`;
        }
        requests.reload();
        return said;
      },
      { key: id },
    );
  return (
    <section aria-labelledby="deletion-requests" className="panel">
      <h2 id="deletion-requests">Deletion requests</h2>
      <p className="muted">Deletions of users holding the threshold or more wait for a second SUPERADMIN; you cannot approve your own.</p>
      <Notice>{decision.result}</Notice>
      <Loaded load={requests} error={decision.error}>
        {(data) => (
          <Table caption="Pending deletion requests">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">User</th>
                <th scope="col">Balance</th>
                <th scope="col">Requested by</th>
                <th scope="col">Expires (UTC)</th>
                <th scope="col">Decide</th>
              </tr>
            </thead>
            <tbody>
              {data.deletionRequests.map((r) => (
                <tr key={r.id}>
                  <td>
                    <code>{r.id.slice(0, 8)}</code>
                  </td>
                  <td>
                    <Link to={`/users/${r.userId}`}>user {r.userId}</Link>
                  </td>
                  <td>{coins(r.balance)}</td>
                  <td>
                    {r.requestedBy.kind} {r.requestedBy.id}
                  </td>
                  <td>{when(r.expiresAt)}</td>
                  <td>
                    <Decide id={r.id} busy={decision.busyKey === r.id} onDecide={decide} />
                  </td>
                </tr>
              ))}
              {data.deletionRequests.length === 0 ? (
                <tr>
                  <td colSpan={6}>No request.</td>
                </tr>
              ) : null}
            </tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}
