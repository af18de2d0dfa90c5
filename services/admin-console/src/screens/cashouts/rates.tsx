import type { OperationResult } from '@coin/client';
import { Loaded } from '../../components/busy';
import { Field } from '../../components/layout';
import { Notice } from '../../components/notice';
import { type Column, ColumnTable } from '../../components/paged-table';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { useSubmissionKey } from '../../hooks/use-submission-key';

type RateVersion = OperationResult<'listCashoutRates'>['versions'][number];
type Cashout = OperationResult<'listCashouts'>['cashouts'][number];

const who = (actor: RateVersion['proposedBy'] | null) => (actor ? `${actor.kind} ${actor.id}` : '—');

/** The versions' columns; a PROPOSED one (until it expires) is approved or rejected from its row. */
function rateColumns(busy: boolean, decide: (id: string, approve: boolean) => void): readonly Column<RateVersion>[] {
  return [
    { key: 'rate', header: 'XAF per coin', numeric: true, cell: (r) => String(r.xafPerCoin) },
    { key: 'from', header: 'From (UTC)', cell: (r) => when(r.effectiveFrom) },
    { key: 'status', header: 'Status', cell: (r) => (r.status === 'PROPOSED' ? `PROPOSED until ${when(r.expiresAt)}` : r.status) },
    { key: 'proposed', header: 'Proposed by', cell: (r) => `${who(r.proposedBy)}, ${when(r.proposedAt)}` },
    { key: 'decided', header: 'Decided by', cell: (r) => (r.decidedAt ? `${who(r.decidedBy)}, ${when(r.decidedAt)}` : '—') },
    {
      key: 'actions',
      header: 'Decision',
      cell: (r) =>
        r.status === 'PROPOSED' ? (
          <>
            <button type="button" disabled={busy} onClick={() => decide(r.id, true)}>
              Approve rate
            </button>{' '}
            <button type="button" className="danger" disabled={busy} onClick={() => decide(r.id, false)}>
              Reject rate
            </button>
          </>
        ) : (
          '—'
        ),
    },
  ];
}

/**
 * GET /api/admin/cashout-rates and its two people: an ADMIN+ proposes a rate version (XAF per
 * coin from a time at least a minute ahead), a different ADMIN+ approves it (a fresh second
 * factor); the ledger refuses the proposer approving their own.
 */
export function RatesPanel() {
  const { session } = useConsole();
  const rates = useLoad(() => session.client.listCashoutRates(), []);
  const change = useMutation<string>();
  const submission = useSubmissionKey();
  const propose = (xafPerCoin: number, effectiveFrom: string) =>
    change.run(async () => {
      const { rate } = await submission.send((idempotencyKey) =>
        session.client.proposeCashoutRate({ body: { xafPerCoin, effectiveFrom }, idempotencyKey }),
      );
      rates.reload();
      return `Proposed ${rate.xafPerCoin} XAF per coin from ${when(rate.effectiveFrom)}: another ADMIN+ approves it.`;
    });
  const decide = (id: string, approve: boolean) =>
    change.run(
      async () => {
        const call = approve ? session.client.approveCashoutRate : session.client.rejectCashoutRate;
        await submission.send((idempotencyKey) => call({ path: { id }, idempotencyKey }));
        rates.reload();
        return `${approve ? 'Approved' : 'Rejected'} rate ${id.slice(0, 8)}.`;
      },
      { key: id },
    );
  const columns = rateColumns(change.busy, (id, approve) => void decide(id, approve));
  return (
    <section aria-labelledby="rates" className="panel">
      <h2 id="rates">Rates</h2>
      <form
        className="filters"
        aria-label="Propose a rate"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const at = new Date(`${String(form.get('effectiveFrom'))}Z`);
          void propose(Number(form.get('xafPerCoin')), Number.isNaN(at.getTime()) ? '' : at.toISOString());
        }}
      >
        <Field label="XAF per coin">
          <input name="xafPerCoin" inputMode="numeric" required pattern="[1-9][0-9]{0,6}" />
        </Field>
        <Field label="Effective from (UTC)">
          <input name="effectiveFrom" type="datetime-local" required />
        </Field>
        <button type="submit" disabled={change.busy}>
          Propose rate
        </button>
      </form>
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
      <Loaded load={rates}>
        {(data) => (
          <>
            <p>
              In force:{' '}
              {data.inForce
                ? `${data.inForce.xafPerCoin} XAF per coin since ${when(data.inForce.effectiveFrom)}`
                : 'none (cash-out is refused)'}
            </p>
            <ColumnTable caption="Rate versions" columns={columns} rows={data.versions} rowKey={(r) => r.id} empty="No rate proposed." />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** A cash-out above the four-eyes threshold waiting for its second person: approve (a provider may claim and pay it) or reject (released). */
export function CashoutDecision({ cashout, onDecided }: { cashout: Cashout; onDecided: () => void }) {
  const { session } = useConsole();
  const change = useMutation<string>();
  const submission = useSubmissionKey();
  if (cashout.approval.status !== 'PENDING' || cashout.status !== 'REQUESTED') {
    return <>{cashout.approval.status === 'APPROVED' ? `approved by user ${cashout.approval.approvedBy}` : '—'}</>;
  }
  const decide = (approve: boolean) =>
    change.run(async () => {
      const call = approve ? session.client.approveCashout : session.client.rejectCashout;
      await submission.send((idempotencyKey) => call({ path: { id: cashout.id }, idempotencyKey }));
      onDecided();
      return approve ? 'Approved.' : 'Rejected.';
    });
  return (
    <>
      <button type="button" disabled={change.busy} onClick={() => void decide(true)}>
        Approve cash-out
      </button>{' '}
      <button type="button" className="danger" disabled={change.busy} onClick={() => void decide(false)}>
        Reject cash-out
      </button>
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </>
  );
}
