import type { OperationResult } from '@coin/client';
import { Page } from '../../components/layout';
import { useConsole } from '../../context';
import { coins } from '../../format';
import { Link } from '../../router';
import { DeletionRequests } from './deletion-requests';
import { GrantRequests } from './grant-requests';
import { PayoutApprovals } from './payout-approvals';
import { RewardCapRequests } from './reward-cap-requests';
import { UnfreezeRequests } from './unfreeze-requests';
import { keyedApproval, RequestTable } from './request-table';

type Approval = OperationResult<'listApprovals'>['approvals'][number];

/**
 * GET /api/admin/approvals; approve (with the session's API key of the command's scope) or reject with a reason.
 * Below them the payouts waiting (GET /api/admin/payout-approvals), decided the same way, the
 * requests to lift a freeze, and for a SUPERADMIN the grant, deletion and reward cap requests.
 */
export function ApprovalsScreen() {
  const { session, apiKey } = useConsole();
  return (
    <Page title="Approvals">
      <p className="muted">
        Large mints, burns, refunds and rewards, and people's large payouts (below), wait here for a second ADMIN. Approving uses the API
        key entered on the <Link to="/money">Money</Link> page
        {apiKey ? ' (set)' : ' (not set yet)'}; you cannot approve your own request.
      </p>
      <RequestTable
        caption="Approval requests"
        empty="No request."
        filter={{ label: 'Status', exportName: 'approvals' }}
        list={({ status, offset, limit, cursor }) =>
          session.client.listApprovals({
            query: { limit: String(limit), ...(cursor ? { cursor } : { offset: String(offset) }), ...(status ? { status } : {}) },
          })
        }
        rows={(data) => data.approvals}
        columns={[{ key: 'command', header: 'Command', cell: commandOf }]}
        decisions={{
          approve: async (id, idempotencyKey) => {
            const { transaction } = await session.client.approveRequest(keyedApproval(id, idempotencyKey, apiKey));
            return `Approved: transaction ${transaction.id} (${transaction.type} ${coins(transaction.amount)}).`;
          },
          reject: async (id, reason, idempotencyKey) => {
            await session.client.rejectRequest({ path: { id }, body: { reason }, idempotencyKey });
            return `Rejected ${id}.`;
          },
        }}
      />
      <PayoutApprovals />
      <UnfreezeRequests />
      {session.role === 'SUPERADMIN' ? <GrantRequests /> : null}
      {session.role === 'SUPERADMIN' ? <DeletionRequests /> : null}
      {session.role === 'SUPERADMIN' ? <RewardCapRequests /> : null}
    </Page>
  );
}

/** What an approval would do once approved: the command, its amount, whom, and why. */
function commandOf(a: Approval) {
  return (
    <>
      {a.command.type} {coins(a.command.amount)}{' '}
      {a.command.userId !== null ? <Link to={`/users/${a.command.userId}`}>user {a.command.userId}</Link> : (a.command.treasury ?? '')}
      {a.command.transactionId !== null ? <> of transaction {a.command.transactionId}</> : null} · {a.command.reason}
    </>
  );
}
