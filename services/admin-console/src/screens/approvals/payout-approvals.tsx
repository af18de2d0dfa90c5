import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { Pager, Table } from '../../components/layout';
import { Notice } from '../../components/notice';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { SubmissionKey } from '../../session';
import { Decide } from './decide';
import { PayoutLines } from './payout-lines';
import { approvalsPageSize, type StatusChoice, StatusFilter } from './status-filter';

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
        const idempotencyKey = new SubmissionKey().current;
        let said: string;
        if (approve) {
          const answer = await session.client.approvePayoutRequest({
            path: { id },
            idempotencyKey,
            ...(apiKey ? { headers: { 'x-api-key': apiKey } } : {}),
          });
          const { payout } = answer;
          const lines = payout.lines.length === 1 ? '1 line' : `${payout.lines.length} lines`;
          said = `Approved: payout ${payout.reference}, ${lines} (${payout.type}) of ${coins(payout.total)} in all.`;
        } else {
          await session.client.rejectPayoutRequest({ path: { id }, body: { reason }, idempotencyKey });
          said = `Rejected payout ${id}.`;
        }
        requests.reload();
        return said;
      },
      { key: id },
    );
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
      <Loaded load={requests} error={decision.error}>
        {(data) => (
          <>
            <Table caption="Payout approval requests">
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reference</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Lines</th>
                  <th scope="col">Requested by</th>
                  <th scope="col">Created (UTC)</th>
                  <th scope="col">Expires (UTC)</th>
                  <th scope="col">Decide</th>
                </tr>
              </thead>
              <tbody>
                {data.payoutApprovals.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <code>{a.id.slice(0, 8)}</code>
                    </td>
                    <td>{a.status}</td>
                    <td>
                      <code>{a.payout.reference}</code> · {a.payout.reason}
                    </td>
                    <td className="num">{coins(a.payout.total)}</td>
                    <td>
                      <PayoutLines id={a.id} lines={a.payout.lines} />
                    </td>
                    <td>
                      {a.requestedBy.kind} {a.requestedBy.id}
                    </td>
                    <td>{when(a.createdAt)}</td>
                    <td>{when(a.expiresAt)}</td>
                    <td>
                      {a.status === 'PENDING' ? (
                        <Decide id={a.id} what="payout request" busy={decision.busyKey === a.id} onDecide={decide} />
                      ) : (
                        (a.decidedBy?.id ?? '—')
                      )}
                    </td>
                  </tr>
                ))}
                {data.payoutApprovals.length === 0 ? (
                  <tr>
                    <td colSpan={9}>No payout request.</td>
                  </tr>
                ) : null}
              </tbody>
            </Table>
            <Pager
              name="Pages of payout requests"
              label={`${offset + 1}–${offset + data.payoutApprovals.length}`}
              hasPrevious={offset > 0}
              hasNext={data.payoutApprovals.length === approvalsPageSize}
              onPrevious={() => setOffset(Math.max(0, offset - approvalsPageSize))}
              onNext={() => setOffset(offset + approvalsPageSize)}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
