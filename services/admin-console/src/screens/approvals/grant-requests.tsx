import type { GrantRequest } from '@coin/client';
import { useConsole } from '../../context';
import { coins } from '../../format';
import { Link } from '../../router';
import { PendingRequestsPanel } from './request-panel';

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
  return (
    <PendingRequestsPanel
      id="grant-requests"
      title="Grant requests"
      note="Role grants, API keys and platform clients wait for a second SUPERADMIN who held the role before the request; you cannot approve your own."
      caption="Pending grant requests"
      list={() => session.client.listGrantRequests({ query: { status: 'PENDING' } })}
      rows={(data) => data.grantRequests}
      columns={[{ key: 'what', header: 'What', cell: (r: GrantRequest) => actOf(r.act) }]}
      approve={(id, idempotencyKey) => session.client.approveGrantRequest({ path: { id }, idempotencyKey })}
      reject={(id, reason, idempotencyKey) => session.client.rejectGrantRequest({ path: { id }, body: { reason }, idempotencyKey })}
    />
  );
}
