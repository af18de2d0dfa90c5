import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { type Column, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link, useLocation } from '../../router';

const statuses = ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'ENDED'] as const;
const pageSize = 25;

type Mandate = OperationResult<'listMandates'>['mandates'][number];

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

/** GET /api/admin/mandates: every payer's subscription mandates, or one's, by status. */
export function MandatesScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const [userId, setUserId] = useState(query.get('userId') ?? '');
  const [status, setStatus] = useState<(typeof statuses)[number] | ''>('');
  const [offset, setOffset] = useState(0);
  const mandates = useLoad(
    () =>
      session.client.listMandates({
        query: { limit: String(pageSize), offset: String(offset), ...(userId ? { userId } : {}), ...(status ? { status } : {}) },
      }),
    [userId, status, offset],
  );
  const total = mandates.data?.pagination.total ?? 0;
  return (
    <Page title="Mandates">
      <form
        className="filters"
        aria-label="Filter mandates"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setUserId(String(form.get('userId') ?? '').trim());
          setStatus(String(form.get('status') ?? '') as typeof status);
          setOffset(0);
        }}
      >
        <Field label="Payer's user id">
          <input name="userId" inputMode="numeric" pattern="[0-9]*" defaultValue={userId} />
        </Field>
        <Field label="Status">
          <select name="status" defaultValue={status}>
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <button type="submit">Filter</button>
      </form>
      <PagedTable
        load={mandates}
        caption="Mandates"
        columns={mandateColumns}
        rows={(data) => data.mandates}
        rowKey={(m) => m.id}
        empty="No mandate."
        paging={(_, rows) => ({
          label: `${total === 0 ? 0 : offset + 1}–${offset + rows.length} of ${total}`,
          hasPrevious: offset > 0,
          hasNext: offset + pageSize < total,
          onPrevious: () => setOffset(Math.max(0, offset - pageSize)),
          onNext: () => setOffset(offset + pageSize),
        })}
      />
    </Page>
  );
}
