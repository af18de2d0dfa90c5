import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { type Column, PagedTable } from '../../components/paged-table';
import { Notice } from '../../components/notice';
import { type ConsoleClient, useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { SubmissionKey } from '../../session';
import { Decide } from './decide';
import { PayoutLines } from './payout-lines';
import { approvalsPageSize, type StatusChoice, StatusFilter } from './status-filter';

type PayoutApproval = OperationResult<'listPayoutApprovals'>['payoutApprovals'][number];

/**
 * GET /api/admin/payout-approvals: a person's payouts from REWARDS past the four-eyes window, each
 * waiting whole (docs/DESIGN.md "Payouts"). Approve (every line, all or nothing, with the session's
 * API key of the reward scope) or reject with a reason, as the approvals above.
 */
export function PayoutApprovals() {
  const { session, apiKey } = useConsole();
  const [status, setStatus] = useState<StatusChoice>('PENDING');
  const [offset, setOffset] = useState(0);
  const decision = useMutation();
  const requests = useLoad(
    () =>
      session.client.listPayoutApprovals({
        query: { limit: String(approvalsPageSize), offset: String(offset), ...(status ? { status } : {}) },
      }),
    [status, offset],
  );
  const decide = (id: string, approve: boolean, reason: string) =>
    void decision.run(
      async () => {
        const said = await decidePayout(session.client, apiKey, id, approve, reason);
        requests.reload();
        return said;
      },
      { key: id },
    );
  const columns = payoutApprovalColumns(decision.busyKey, decide);
  return (
    <section aria-labelledby="payouts-waiting" className="panel">
      <h2 id="payouts-waiting">Payouts waiting</h2>
      <p className="muted">
        A person's payout from REWARDS past the four-eyes window waits here whole. Approving pays every line, all or nothing, and needs the
        API key's reward scope; you cannot approve your own payout.
      </p>
      <StatusFilter
        label="Payout status"
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
        caption="Payout approval requests"
        columns={columns}
        rows={(data) => data.payoutApprovals}
        rowKey={(a) => a.id}
        empty="No payout request."
        paging={(_, rows) => ({
          name: 'Pages of payout requests',
          label: `${offset + 1}–${offset + rows.length}`,
          hasPrevious: offset > 0,
          hasNext: rows.length === approvalsPageSize,
          onPrevious: () => setOffset(Math.max(0, offset - approvalsPageSize)),
          onNext: () => setOffset(offset + approvalsPageSize),
        })}
      />
    </section>
  );
}

/** The payout requests' columns, the last one deciding a pending request. */
function payoutApprovalColumns(
  busyKey: string | undefined,
  decide: (id: string, approve: boolean, reason: string) => void,
): readonly Column<PayoutApproval>[] {
  return [
    { key: 'request', header: 'Request', cell: (a) => <code>{a.id.slice(0, 8)}</code> },
    { key: 'status', header: 'Status', cell: (a) => a.status },
    {
      key: 'reference',
      header: 'Reference',
      cell: (a) => (
        <>
          <code>{a.payout.reference}</code> · {a.payout.reason}
        </>
      ),
    },
    { key: 'total', header: 'Total', numeric: true, cell: (a) => coins(a.payout.total) },
    { key: 'lines', header: 'Lines', cell: (a) => <PayoutLines id={a.id} lines={a.payout.lines} /> },
    {
      key: 'requested-by',
      header: 'Requested by',
      cell: (a) => (
        <>
          {a.requestedBy.kind} {a.requestedBy.id}
        </>
      ),
    },
    { key: 'created', header: 'Created (UTC)', cell: (a) => when(a.createdAt) },
    { key: 'expires', header: 'Expires (UTC)', cell: (a) => when(a.expiresAt) },
    {
      key: 'decide',
      header: 'Decide',
      cell: (a) =>
        a.status === 'PENDING' ? (
          <Decide id={a.id} what="payout request" busy={busyKey === a.id} onDecide={decide} />
        ) : (
          (a.decidedBy?.id ?? '—')
        ),
    },
  ];
}

/** Approves a payout request (with the API key, when one is set) or rejects it; what to tell the admin. */
async function decidePayout(
  client: ConsoleClient,
  apiKey: string | undefined,
  id: string,
  approve: boolean,
  reason: string,
): Promise<string> {
  const idempotencyKey = new SubmissionKey().current;
  if (approve) {
    const answer = await client.approvePayoutRequest({
      path: { id },
      idempotencyKey,
      ...(apiKey ? { headers: { 'x-api-key': apiKey } } : {}),
    });
    const { payout } = answer;
    const lines = payout.lines.length === 1 ? '1 line' : `${payout.lines.length} lines`;
    return `Approved: payout ${payout.reference}, ${lines} (${payout.type}) of ${coins(payout.total)} in all.`;
  }
  await client.rejectPayoutRequest({ path: { id }, body: { reason }, idempotencyKey });
  return `Rejected payout ${id}.`;
}
