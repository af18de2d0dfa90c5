import type { OperationResult } from '@coin/client';
import { useConsole } from '../../context';
import { coins } from '../../format';
import { PendingRequestsPanel } from './request-panel';

type RewardCapRequest = OperationResult<'listRewardCapRequests'>['rewardCapRequests'][number];

/** A cap in words: coins, or the ledger's default. */
function capOf(cap: number | null) {
  return cap === null ? 'the default' : coins(cap);
}

/** What a reward cap request would change once approved. */
function changeOf(request: RewardCapRequest) {
  const { clientId, previousDailyRewardCap, dailyRewardCap } = request.act;
  return (
    <>
      platform client <code>{clientId}</code>: {capOf(previousDailyRewardCap)} → {capOf(dailyRewardCap)} a day
    </>
  );
}

/**
 * SUPERADMIN: GET /api/admin/reward-cap-requests, the changes of a live platform client's daily
 * reward cap waiting for a second SUPERADMIN; approve (not one's own, nor a change of a client one
 * is behind) or reject with a reason.
 */
export function RewardCapRequests() {
  const { session } = useConsole();
  return (
    <PendingRequestsPanel
      id="reward-cap-requests"
      title="Reward cap changes"
      note="A live platform client's daily reward cap changes once a second SUPERADMIN approves; you cannot approve your own request, nor one about a client you asked for or approved."
      caption="Pending reward cap changes"
      list={() => session.client.listRewardCapRequests({ query: { status: 'PENDING' } })}
      rows={(data) => data.rewardCapRequests}
      columns={[{ key: 'change', header: 'Change', cell: (r: RewardCapRequest) => changeOf(r) }]}
      approve={(id, idempotencyKey) => session.client.approveRewardCapRequest({ path: { id }, idempotencyKey })}
      reject={(id, reason, idempotencyKey) => session.client.rejectRewardCapRequest({ path: { id }, body: { reason }, idempotencyKey })}
    />
  );
}
