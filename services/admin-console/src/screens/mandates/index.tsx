import type { OperationResult } from '@coin/client';
import { Page } from '../../components/layout';
import type { Column } from '../../components/paged-table';
import { PayerStatusList } from '../../components/payer-status-list';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { Link } from '../../router';

const statuses = ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'ENDED'] as const;

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
  return (
    <Page title="Mandates">
      <PayerStatusList
        noun="mandates"
        statuses={statuses}
        list={(query) => session.client.listMandates({ query })}
        caption="Mandates"
        columns={mandateColumns}
        rows={(data) => data.mandates}
        rowKey={(m) => m.id}
        empty="No mandate."
      />
    </Page>
  );
}
