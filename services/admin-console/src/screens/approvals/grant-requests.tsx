import type { GrantRequest } from '@coin/client';
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

/** What a grant request would do once approved, in words. */
function actOf(act: GrantRequest['act']) {
  switch (act.type) {
    case 'user.change-role':
      return (
        <>
          <Link to={`/users/${act.userId}`}>user {act.userId}</Link>: {act.previousRole} → {act.role}
        </>
      );
    case 'user.api-key.create':
      return (
        <>
          API key "{act.name}" ({act.scopes.join(', ')})
        </>
      );
    case 'user.platform-client.create':
      return (
        <>
          platform client "{act.name}" <code>{act.clientId}</code> ({act.treasuries.join(', ') || 'no treasury'}, cap{' '}
          {act.dailyRewardCap === null ? 'default' : coins(act.dailyRewardCap)})
        </>
      );
  }
}

/**
 * SUPERADMIN: GET /api/admin/grant-requests, the two-person acts (role grants, API keys, platform
 * clients) waiting for a second SUPERADMIN; approve (not one's own) or reject with a reason.
 */
export function GrantRequests() {
  const { session } = useConsole();
  const decision = useMutation();
  const requests = useLoad(() => session.client.listGrantRequests({ query: { status: 'PENDING' } }), []);
  const decide = (id: string, approve: boolean, reason: string) =>
    void decision.run(
      async () => {
        const idempotencyKey = new SubmissionKey().current;
        if (approve) await session.client.approveGrantRequest({ path: { id }, idempotencyKey });
        else await session.client.rejectGrantRequest({ path: { id }, body: { reason }, idempotencyKey });
        requests.reload();
        return `${approve ? 'Approved' : 'Rejected'} ${id.slice(0, 8)}.`;
      },
      { key: id },
    );
  return (
    <section aria-labelledby="grant-requests" className="panel">
      <h2 id="grant-requests">Grant requests</h2>
      <p className="muted">
        Role grants, API keys and platform clients wait for a second SUPERADMIN who held the role before the request; you cannot approve
        your own.
      </p>
      <Notice>{decision.result}</Notice>
      <Loaded load={requests} error={decision.error}>
        {(data) => (
          <Table caption="Pending grant requests">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">What</th>
                <th scope="col">Requested by</th>
                <th scope="col">Expires (UTC)</th>
                <th scope="col">Decide</th>
              </tr>
            </thead>
            <tbody>
              {data.grantRequests.map((r) => (
                <tr key={r.id}>
                  <td>
                    <code>{r.id.slice(0, 8)}</code>
                  </td>
                  <td>{actOf(r.act)}</td>
                  <td>
                    {r.requestedBy.kind} {r.requestedBy.id}
                  </td>
                  <td>{when(r.expiresAt)}</td>
                  <td>
                    <Decide id={r.id} busy={decision.busyKey === r.id} onDecide={decide} />
                  </td>
                </tr>
              ))}
              {data.grantRequests.length === 0 ? (
                <tr>
                  <td colSpan={5}>No request.</td>
                </tr>
              ) : null}
            </tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}
