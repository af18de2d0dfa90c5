import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { Notice } from '../../components/notice';
import type { Column } from '../../components/paged-table';
import { PayerStatusList } from '../../components/payer-status-list';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useMutation } from '../../hooks/use-mutation';
import { Link } from '../../router';

const statuses = ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'ENDED'] as const;

type Mandate = OperationResult<'listMandates'>['mandates'][number];

/** A mandate that may still charge (ACTIVE, or PAST_DUE until cancelled): the ones an ADMIN+ may cancel. */
const cancellable = (m: Mandate) => m.status === 'ACTIVE' || m.status === 'PAST_DUE';

const mandateColumns: readonly Column<Mandate>[] = [
  { key: 'mandate', header: 'Mandate', cell: (m) => <code>{m.id.slice(0, 8)}</code> },
  { key: 'status', header: 'Status', cell: (m) => (m.cancelledBy ? `${m.status} (by ${m.cancelledBy})` : m.status) },
  { key: 'payer', header: 'Payer', cell: (m) => <Link to={`/users/${m.fromUserId}`}>user {m.fromUserId}</Link> },
  { key: 'client', header: 'Platform client', cell: (m) => <code>{m.clientId}</code> },
  { key: 'amount', header: 'Amount', numeric: true, cell: (m) => `${coins(m.amount)} / ${m.period.toLowerCase()}` },
  { key: 'paid', header: 'Periods paid', numeric: true, cell: (m) => String(m.nextPeriod) },
  {
    key: 'next',
    header: 'Next charge (UTC)',
    cell: (m) => (m.nextChargeAt ? `${when(m.nextChargeAt)}${m.failedAttempts > 0 ? ` (retry ${m.failedAttempts})` : ''}` : '—'),
  },
  { key: 'reason', header: 'Reason', cell: (m) => m.reason },
];

/**
 * GET /api/admin/mandates: every payer's subscription mandates, or one's, by status. An ADMIN+
 * cancels one for its payer (POST /api/admin/mandates/{id}/cancel) with a reason the audit log
 * keeps: it never charges again.
 */
export function MandatesScreen() {
  const { session } = useConsole();
  const [chosen, setChosen] = useState<Mandate>();
  const [reloadKey, setReloadKey] = useState(0);
  const columns: readonly Column<Mandate>[] = [
    ...mandateColumns,
    {
      key: 'action',
      header: 'Action',
      cell: (m) =>
        cancellable(m) ? (
          <button type="button" aria-label={`Cancel mandate ${m.id.slice(0, 8)}`} onClick={() => setChosen(m)}>
            Cancel
          </button>
        ) : null,
    },
  ];
  return (
    <Page title="Mandates">
      <PayerStatusList
        noun="mandates"
        statuses={statuses}
        list={(query) => session.client.listMandates({ query })}
        reloadKey={reloadKey}
        caption="Mandates"
        columns={columns}
        rows={(data) => data.mandates}
        rowKey={(m) => m.id}
        empty="No mandate."
      />
      {chosen ? (
        <CancelMandate
          key={chosen.id}
          mandate={chosen}
          onDone={(cancelled) => {
            if (cancelled) setReloadKey((k) => k + 1);
            else setChosen(undefined);
          }}
        />
      ) : null}
    </Page>
  );
}

/** The cancel of one mandate for its payer: a reason is required; the ledger refuses one no longer charging (409). */
function CancelMandate({ mandate, onDone }: { mandate: Mandate; onDone: (cancelled: boolean) => void }) {
  const { session } = useConsole();
  const [reason, setReason] = useState('');
  const cancel = useMutation<string>();
  const short = mandate.id.slice(0, 8);
  const submit = () =>
    cancel.run(async () => {
      await session.client.cancelMandate({ path: { id: mandate.id }, body: { reason } });
      onDone(true);
      return `Mandate ${short} is cancelled: it never charges user ${mandate.fromUserId} again.`;
    });
  return (
    <section aria-labelledby="cancel-mandate" className="panel">
      <h2 id="cancel-mandate">
        Cancel mandate {short} of user {mandate.fromUserId} ({coins(mandate.amount)} / {mandate.period.toLowerCase()} to {mandate.clientId})
      </h2>
      <form className="filters" aria-label="Cancel mandate" onSubmit={(event) => event.preventDefault()}>
        <Field label="Reason">
          <input value={reason} required maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <button type="submit" className="danger" disabled={!reason.trim() || cancel.busy || cancel.result !== undefined} onClick={submit}>
          Cancel mandate
        </button>
        <button type="button" onClick={() => onDone(false)}>
          Close
        </button>
      </form>
      <Notice>{cancel.result}</Notice>
      <ProblemView error={cancel.error} />
    </section>
  );
}
