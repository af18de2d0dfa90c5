import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Notice } from '../../components/notice';
import { useConsole } from '../../context';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { Link } from '../../router';
import { SubmissionKey } from '../../session';
import { Page } from '../../components/layout';
import { type Column, PagedTable } from '../../components/paged-table';
import { coins, when } from '../../format';
import { Decide } from './decide';
import { DeletionRequests } from './deletion-requests';
import { GrantRequests } from './grant-requests';
import { PayoutApprovals } from './payout-approvals';
import { approvalsPageSize as pageSize, type StatusChoice, StatusFilter } from './status-filter';

type Approval = OperationResult<'listApprovals'>['approvals'][number];

/**
 * GET /api/admin/approvals; approve (with the session's API key of the command's scope) or reject with a reason.
 * Below them the payouts waiting (GET /api/admin/payout-approvals), decided the same way, and for a
 * SUPERADMIN the deletion requests.
 */
export function ApprovalsScreen() {
  const { session, apiKey } = useConsole();
  const [status, setStatus] = useState<StatusChoice>('PENDING');
  const [offset, setOffset] = useState(0);
  const decision = useMutation();
  const requests = useLoad(
    () => session.client.listApprovals({ query: { limit: String(pageSize), offset: String(offset), ...(status ? { status } : {}) } }),
    [status, offset],
  );
  const decide = (id: string, approve: boolean, reason: string) =>
    void decision.run(
      async () => {
        const idempotencyKey = new SubmissionKey().current;
        let said: string;
        if (approve) {
          const answer = await session.client.approveRequest({
            path: { id },
            idempotencyKey,
            ...(apiKey ? { headers: { 'x-api-key': apiKey } } : {}),
          });
          said = `Approved: transaction ${answer.transaction.id} (${answer.transaction.type} ${coins(answer.transaction.amount)}).`;
        } else {
          await session.client.rejectRequest({ path: { id }, body: { reason }, idempotencyKey });
          said = `Rejected ${id}.`;
        }
        requests.reload();
        return said;
      },
      { key: id },
    );
  const columns = approvalColumns(decision.busyKey, decide);
  return (
    <Page title="Approvals">
      <p className="muted">
        Large mints, burns, refunds and rewards, and people's large payouts (below), wait here for a second ADMIN. Approving uses the API
        key entered on the <Link to="/money">Money</Link> page
        {apiKey ? ' (set)' : ' (not set yet)'}; you cannot approve your own request.
      </p>
      <StatusFilter
        label="Status"
        value={status}
        onChange={(next) => {
          setStatus(next);
          setOffset(0);
        }}
      />
      <Notice>{decision.result}</Notice>
      <PagedTable
        load={requests}
        error={decision.error}
        caption="Approval requests"
        columns={columns}
        rows={(data) => data.approvals}
        rowKey={(a) => a.id}
        empty="No request."
        paging={(_, rows) => ({
          label: `${offset + 1}–${offset + rows.length}`,
          hasPrevious: offset > 0,
          hasNext: rows.length === pageSize,
          onPrevious: () => setOffset(Math.max(0, offset - pageSize)),
          onNext: () => setOffset(offset + pageSize),
        })}
      />
      <PayoutApprovals />
      {session.role === 'SUPERADMIN' ? <GrantRequests /> : null}
      {session.role === 'SUPERADMIN' ? <DeletionRequests /> : null}
    </Page>
  );
}

/** The approval requests' columns, the last one deciding a pending request. */
function approvalColumns(
  busyKey: string | undefined,
  decide: (id: string, approve: boolean, reason: string) => void,
): readonly Column<Approval>[] {
  return [
    { key: 'request', header: 'Request', cell: (a) => <code>{a.id.slice(0, 8)}</code> },
    { key: 'status', header: 'Status', cell: (a) => a.status },
    {
      key: 'command',
      header: 'Command',
      cell: (a) => (
        <>
          {a.command.type} {coins(a.command.amount)}{' '}
          {a.command.userId !== null ? <Link to={`/users/${a.command.userId}`}>user {a.command.userId}</Link> : (a.command.treasury ?? '')}
          {a.command.transactionId !== null ? <> of transaction {a.command.transactionId}</> : null} · {a.command.reason}
        </>
      ),
    },
    {
      key: 'requested-by',
      header: 'Requested by',
      cell: (a) => (
        <>
          {a.requestedBy.kind} {a.requestedBy.id}
        </>
      ),
    },
    { key: 'expires', header: 'Expires (UTC)', cell: (a) => when(a.expiresAt) },
    {
      key: 'decide',
      header: 'Decide',
      cell: (a) => (a.status === 'PENDING' ? <Decide id={a.id} busy={busyKey === a.id} onDecide={decide} /> : (a.decidedBy?.id ?? '—')),
    },
  ];
}
