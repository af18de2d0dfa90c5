import type { OperationResult } from '@coin/client';
import { Page } from '../../components/layout';
import type { Column } from '../../components/paged-table';
import { PayerStatusList } from '../../components/payer-status-list';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { Link } from '../../router';

const statuses = ['PENDING', 'CAPTURED', 'VOIDED', 'EXPIRED'] as const;

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
  return (
    <Page title="Holds">
      <PayerStatusList
        noun="holds"
        statuses={statuses}
        list={(query) => session.client.listHolds({ query })}
        caption="Holds"
        columns={holdColumns}
        rows={(data) => data.holds}
        rowKey={(h) => h.id}
        empty="No hold."
      />
    </Page>
  );
}
