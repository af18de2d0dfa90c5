import type { GrantRequest } from '@coin/client';
import { useConsole } from '../../context';
import { coins } from '../../format';
import { Link } from '../../router';
import { RequestTable } from './request-table';

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
  const decided = (approve: boolean, id: string) => `${approve ? 'Approved' : 'Rejected'} ${id.slice(0, 8)}.`;
  return (
    <section aria-labelledby="grant-requests" className="panel">
      <h2 id="grant-requests">Grant requests</h2>
      <p className="muted">
        Role grants, API keys and platform clients wait for a second SUPERADMIN who held the role before the request; you cannot approve
        your own.
      </p>
      <RequestTable
        caption="Pending grant requests"
        empty="No request."
        list={() => session.client.listGrantRequests({ query: { status: 'PENDING' } })}
        rows={(data) => data.grantRequests}
        columns={[{ key: 'what', header: 'What', cell: (r: GrantRequest) => actOf(r.act) }]}
        decisions={{
          approve: async (id, idempotencyKey) => {
            await session.client.approveGrantRequest({ path: { id }, idempotencyKey });
            return decided(true, id);
          },
          reject: async (id, reason, idempotencyKey) => {
            await session.client.rejectGrantRequest({ path: { id }, body: { reason }, idempotencyKey });
            return decided(false, id);
          },
        }}
      />
    </section>
  );
}
