import type { OperationResult } from '@coin/client';
import type { Column } from '../../components/paged-table';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { PayoutLines } from './payout-lines';
import { keyedApproval, RequestTable } from './request-table';

type PayoutApproval = OperationResult<'listPayoutApprovals'>['payoutApprovals'][number];

/**
 * GET /api/admin/payout-approvals: a person's payouts from REWARDS past the four-eyes window, each
 * waiting whole (docs/design/ledger.md "Payouts"). Approve (every line, all or nothing, with the session's
 * API key of the reward scope) or reject with a reason, as the approvals above.
 */
export function PayoutApprovals() {
  const { session, apiKey } = useConsole();
  return (
    <section aria-labelledby="payouts-waiting" className="panel">
      <h2 id="payouts-waiting">Payouts waiting</h2>
      <p className="muted">
        A person's payout from REWARDS past the four-eyes window waits here whole. Approving pays every line, all or nothing, and needs the
        API key's reward scope; you cannot approve your own payout.
      </p>
      <RequestTable
        caption="Payout approval requests"
        empty="No payout request."
        what="payout request"
        filter={{ label: 'Payout status', pagesName: 'Pages of payout requests', exportName: 'payout-approvals' }}
        list={({ status, offset, limit, cursor }) =>
          session.client.listPayoutApprovals({
            query: { limit: String(limit), ...(cursor ? { cursor } : { offset: String(offset) }), ...(status ? { status } : {}) },
          })
        }
        rows={(data) => data.payoutApprovals}
        columns={payoutColumns}
        columnsAfterRequester={[{ key: 'created', header: 'Created (UTC)', cell: (a: PayoutApproval) => when(a.createdAt) }]}
        decisions={{
          approve: async (id, idempotencyKey) => {
            const { payout } = await session.client.approvePayoutRequest(keyedApproval(id, idempotencyKey, apiKey));
            const lines = payout.lines.length === 1 ? '1 line' : `${payout.lines.length} lines`;
            return `Approved: payout ${payout.reference}, ${lines} (${payout.type}) of ${coins(payout.total)} in all.`;
          },
          reject: async (id, reason, idempotencyKey) => {
            await session.client.rejectPayoutRequest({ path: { id }, body: { reason }, idempotencyKey });
            return `Rejected payout ${id}.`;
          },
        }}
      />
    </section>
  );
}

/** A payout's own columns: its reference and reason, its total and its lines. */
const payoutColumns: readonly Column<PayoutApproval>[] = [
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
];
