import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { type Column, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link, useLocation } from '../../router';

const statuses = ['PENDING', 'CAPTURED', 'VOIDED', 'EXPIRED'] as const;
const pageSize = 25;

type Hold = OperationResult<'listHolds'>['holds'][number];

const holdColumns: readonly Column<Hold>[] = [
  { key: 'hold', header: 'Hold', cell: (h) => <code>{h.id.slice(0, 8)}</code> },
  {
    key: 'status',
    header: 'Status',
    cell: (h) => (
      <>
        {h.status}
        {h.transactionId !== null ? (
          <>
            {' '}
            (<Link to={`/transactions/${h.transactionId}`}>{h.transactionId}</Link>)
          </>
        ) : null}
      </>
    ),
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (h) => coins(h.amount) },
  { key: 'payer', header: 'Payer', cell: (h) => <Link to={`/users/${h.fromUserId}`}>user {h.fromUserId}</Link> },
  {
    key: 'to',
    header: 'To',
    cell: (h) => (h.toUserId !== null ? <Link to={`/users/${h.toUserId}`}>user {h.toUserId}</Link> : h.toTreasury),
  },
  { key: 'reason', header: 'Reason', cell: (h) => h.reason },
  { key: 'expires', header: 'Expires (UTC)', cell: (h) => when(h.expiresAt) },
];

/** GET /api/admin/holds: every payer's holds, or one's, by status. */
export function HoldsScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const [userId, setUserId] = useState(query.get('userId') ?? '');
  const [status, setStatus] = useState<(typeof statuses)[number] | ''>('');
  const [offset, setOffset] = useState(0);
  const holds = useLoad(
    () =>
      session.client.listHolds({
        query: { limit: String(pageSize), offset: String(offset), ...(userId ? { userId } : {}), ...(status ? { status } : {}) },
      }),
    [userId, status, offset],
  );
  const total = holds.data?.pagination.total ?? 0;
  return (
    <Page title="Holds">
      <form
        className="filters"
        aria-label="Filter holds"
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
        load={holds}
        caption="Holds"
        columns={holdColumns}
        rows={(data) => data.holds}
        rowKey={(h) => h.id}
        empty="No hold."
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
