import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { ChoiceField, FilterForm, formChoice, formText } from '../../components/filters';
import { Field, Page } from '../../components/layout';
import { type Column, ColumnTable, cursorPaging, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { reconciliationCsv } from '@coin/contracts/csv';
import { csvHref } from '../../csv';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { CashoutDecision, RatesPanel } from './rates';

const statuses = ['REQUESTED', 'CLAIMED', 'CLAIM_OVERDUE', 'CONFIRMED', 'FAILED', 'RELEASED', 'EXPIRED'] as const;
const pageSize = 25;
/** The queue's largest page: an export reads it in as few requests as the API allows. */
const exportPageSize = 100;
const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

type Cashout = OperationResult<'listCashouts'>['cashouts'][number];
type Reconciliation = OperationResult<'getCashoutReconciliation'>;
type ReconciliationLine = Reconciliation['lines'][number];

/** The queue's columns; the last one decides a cash-out waiting for its second person, then reloads the queue. */
const cashoutColumns = (reload: () => void): readonly Column<Cashout>[] => [
  { key: 'id', header: 'Cash-out', cell: (c) => <code>{c.id.slice(0, 8)}</code> },
  { key: 'status', header: 'Status', cell: (c) => c.status },
  { key: 'user', header: 'User', cell: (c) => <Link to={`/users/${c.userId}`}>user {c.userId}</Link> },
  // The provider the user named; none: any provider granted cashout may claim it.
  { key: 'provider', header: 'Provider', cell: (c) => (c.providerClientId === null ? 'any' : <code>{c.providerClientId}</code>) },
  {
    key: 'claimed',
    header: 'Claimed by',
    cell: (c) =>
      c.claimedBy === null ? (
        '—'
      ) : (
        <>
          <code>{c.claimedBy}</code>
          {c.claimedAt ? ` ${when(c.claimedAt)}` : ''}
        </>
      ),
  },
  { key: 'amount', header: 'Coins', numeric: true, cell: (c) => coins(c.amount) },
  { key: 'xaf', header: 'XAF', numeric: true, cell: (c) => integer.format(c.xafAmount) },
  { key: 'msisdn', header: 'Account', cell: (c) => c.msisdn ?? 'erased' },
  { key: 'reference', header: 'Provider reference', cell: (c) => c.providerReference ?? '—' },
  {
    key: 'burn',
    header: 'Burn',
    cell: (c) => (c.transactionId === null ? '—' : <Link to={`/transactions/${c.transactionId}`}>#{c.transactionId}</Link>),
  },
  {
    key: 'expires',
    header: 'Expires (UTC)',
    cell: (c) => (c.status === 'REQUESTED' || c.status === 'CLAIMED' || c.status === 'CLAIM_OVERDUE' ? when(c.expiresAt) : '—'),
  },
  { key: 'created', header: 'Asked (UTC)', cell: (c) => when(c.createdAt) },
  { key: 'second', header: 'Second person', cell: (c) => <CashoutDecision cashout={c} onDecided={reload} /> },
];

// The report as CSV is the API's own (format=csv): reconciliationCsv, from the one CSV writer.
export { reconciliationCsv };

const lineColumns: readonly Column<ReconciliationLine>[] = [
  { key: 'day', header: 'Day', cell: (l) => l.day },
  // Claimed ones count under their claimer; null: unclaimed, naming no provider.
  { key: 'provider', header: 'Provider', cell: (l) => (l.providerClientId === null ? 'unclaimed' : <code>{l.providerClientId}</code>) },
  { key: 'requested', header: 'Asked', numeric: true, cell: (l) => String(l.requested) },
  { key: 'requestedXaf', header: 'Asked XAF', numeric: true, cell: (l) => integer.format(l.requestedXaf) },
  { key: 'confirmed', header: 'Paid', numeric: true, cell: (l) => String(l.confirmed) },
  { key: 'confirmedCoins', header: 'Paid coins', numeric: true, cell: (l) => coins(l.confirmedCoins) },
  { key: 'confirmedXaf', header: 'Paid XAF', numeric: true, cell: (l) => integer.format(l.confirmedXaf) },
  { key: 'failed', header: 'Failed', numeric: true, cell: (l) => String(l.failed) },
  { key: 'expired', header: 'Expired', numeric: true, cell: (l) => String(l.expired) },
  { key: 'released', header: 'Released', numeric: true, cell: (l) => String(l.released) },
  { key: 'pending', header: 'Pending', numeric: true, cell: (l) => String(l.pending) },
  { key: 'claimed', header: 'Of which claimed', numeric: true, cell: (l) => String(l.claimed) },
  // Claimed and past their window, or claimed once the payer was frozen: the provider and an operator resolve them.
  { key: 'overdue', header: 'Of which overdue', numeric: true, cell: (l) => String(l.overdue) },
  { key: 'frozen', header: 'Claimed once frozen', numeric: true, cell: (l) => String(l.frozen) },
];

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** GET /api/admin/cashouts/reconciliation: per provider and day, what was asked and paid; the same as a CSV file. */
function ReconciliationPanel({ providerClientId }: { providerClientId: string }) {
  const { session } = useConsole();
  const [range, setRange] = useState({ from: daysAgo(6), to: today() });
  const report = useLoad(
    () =>
      session.client.getCashoutReconciliation({
        query: { from: range.from, to: range.to, ...(providerClientId ? { providerClientId } : {}) },
      }),
    [range, providerClientId],
  );
  return (
    <section aria-labelledby="reconciliation" className="panel">
      <h2 id="reconciliation">Reconciliation</h2>
      <form
        className="filters"
        aria-label="Reconciliation period"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setRange({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
        }}
      >
        <Field label="From (UTC day)">
          <input name="from" type="date" required defaultValue={range.from} />
        </Field>
        <Field label="To (UTC day)">
          <input name="to" type="date" required defaultValue={range.to} />
        </Field>
        <button type="submit">Show</button>
      </form>
      <Loaded load={report}>
        {(data) => (
          <>
            <ColumnTable
              caption={`Reconciliation ${data.from} – ${data.to}`}
              columns={lineColumns}
              rows={data.lines}
              rowKey={(l) => `${l.day} ${l.providerClientId}`}
              empty="No cash-out in this period."
            />
            <a href={csvHref(reconciliationCsv(data))} download={`cashouts-${data.from}-${data.to}.csv`}>
              Download CSV
            </a>
          </>
        )}
      </Loaded>
    </section>
  );
}

/**
 * GET /api/admin/cashouts: the cash-out queue by status and provider, newest first (a big one waiting
 * for its second person is approved or rejected in its row), the rate versions, and the reconciliation.
 */
export function CashoutsScreen() {
  const { session } = useConsole();
  const [status, setStatus] = useState<(typeof statuses)[number] | ''>('REQUESTED');
  const [providerClientId, setProvider] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const read = (limit: number, at: string | undefined) =>
    session.client.listCashouts({
      query: {
        limit: String(limit),
        ...(status ? { status } : {}),
        ...(providerClientId ? { providerClientId } : {}),
        ...(waiting ? { approval: 'PENDING' as const } : {}),
        ...(at ? { cursor: at } : {}),
      },
    });
  const cashouts = useLoad(() => read(pageSize, cursor), [status, providerClientId, waiting, cursor]);
  return (
    <Page title="Cash-outs">
      <FilterForm
        label="Filter cash-outs"
        onFilter={(form) => {
          setStatus(formChoice(form, 'status', statuses));
          setProvider(formText(form, 'provider'));
          setWaiting(form.get('waiting') === 'on');
          setCursors([]);
        }}
      >
        <ChoiceField label="Status" name="status" choices={statuses} value={status} />
        <Field label="Provider (platform client id)">
          <input name="provider" maxLength={100} defaultValue={providerClientId} />
        </Field>
        <Field label="Waiting for a second person">
          <input name="waiting" type="checkbox" defaultChecked={waiting} />
        </Field>
      </FilterForm>
      <PagedTable
        load={cashouts}
        caption="Cash-outs"
        columns={cashoutColumns(cashouts.reload)}
        rows={(data) => data.cashouts}
        rowKey={(c) => c.id}
        empty="No cash-out."
        paging={(data) => cursorPaging(cursors, data.nextCursor, setCursors)}
        csv={{ name: 'cashouts', read: (at) => read(exportPageSize, at) }}
      />
      <RatesPanel />
      <ReconciliationPanel providerClientId={providerClientId} />
    </Page>
  );
}
