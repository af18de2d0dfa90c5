import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { ConfirmDialog, useConfirmation } from '../../components/confirm';
import { Field, Page, Table } from '../../components/layout';
import { Notice } from '../../components/notice';
import { useConsole } from '../../context';
import { when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { navigate, useLocation } from '../../router';
import { DeliveryLog } from './delivery-log';

type Endpoint = OperationResult<'listAllWebhookEndpoints'>['endpoints'][number];
type DeliveryHealth = Endpoint['deliveryHealth'];

/**
 * When an enabled endpoint's row asks for attention, as the alerts judge it (deploy/prometheus/alerts.yml,
 * CoinWebhookDeliveriesFailing and CoinWebhookBacklogOld): most of its attempts fail, or a delivery waits long.
 */
const failingRateBelow = 0.5;
const waitingSecondsOver = 300;

/** An enabled endpoint whose deliveries fail or wait (a disabled one is flagged by its status). */
function struggling(health: DeliveryHealth): boolean {
  return (
    (health.successRate !== null && health.successRate < failingRateBelow) ||
    (health.oldestPendingAgeSeconds !== null && health.oldestPendingAgeSeconds > waitingSecondsOver)
  );
}

/** "3 s", "7 min", "2 h 5 min": how long the oldest pending delivery has waited. */
function waited(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** The success rate of the last 24 hours and the oldest pending delivery, in words. */
function deliveryHealthText(health: DeliveryHealth): string {
  const rate =
    health.successRate === null
      ? 'No attempts in 24 h'
      : `${(health.successRate * 100).toFixed(2)} % of ${health.attempts24h} attempts succeeded`;
  const oldest = health.oldestPendingAgeSeconds === null ? 'none waiting' : `oldest waiting ${waited(health.oldestPendingAgeSeconds)}`;
  return `${rate}; ${oldest}`;
}
const statuses = ['all', 'disabled', 'active'] as const;
type StatusFilter = (typeof statuses)[number];

/**
 * ADMIN+: every platform client's webhook endpoints (GET /api/admin/webhooks/endpoints), by
 * client, with the disabled ones (after persistent failure: why and when) highlighted. A
 * SUPERADMIN also opens an endpoint's delivery log, redelivers one delivery and re-enables a
 * disabled endpoint (the admin routes that name the client; re-enabling is audited and asks for a
 * fresh second factor, like the other SUPERADMIN writes).
 */
export function WebhooksScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const given = query.get('status');
  const status: StatusFilter = given === 'disabled' || given === 'active' ? given : 'all';
  const endpoints = useLoad(
    () => session.client.listAllWebhookEndpoints({ query: { limit: 100, ...(status !== 'all' ? { status } : {}) } }),
    [status],
  );
  const superadmin = session.role === 'SUPERADMIN';
  const action = useMutation<string>();
  const enabling = useConfirmation<Endpoint>();
  const [open, setOpen] = useState<Endpoint>();

  return (
    <Page title="Webhooks">
      <p className="muted">
        The endpoints platform clients registered for signed webhooks, each with the share of its delivery attempts that succeeded over the
        last 24 hours and how long its oldest pending delivery has waited (highlighted when most attempts fail or a delivery waits over 5
        minutes). An endpoint whose delivery failed every attempt of its retry schedule (about 26.5 hours) is disabled: nothing more is sent
        to it until it is re-enabled. Disablings and re-enablings are in the service actions of the audit log.
      </p>
      <EndpointStatusFilter status={status} />
      <Notice>{action.result}</Notice>
      <ConfirmDialog
        confirmation={enabling}
        mutation={action}
        message={(e) =>
          `Re-enable the endpoint ${e.url} of ${e.clientId}? Its pending deliveries go out again; the failed one only if redelivered.`
        }
        confirmLabel={() => 'Re-enable endpoint'}
        action={async (e) => {
          const answer = await session.client.enableClientWebhookEndpoint({ path: { clientId: e.clientId, id: e.id } });
          endpoints.reload();
          return `Endpoint ${answer.url} re-enabled.`;
        }}
      />
      <Loaded load={endpoints} error={action.error}>
        {(data) => {
          const rows = [...data.endpoints].sort((a, b) => a.clientId.localeCompare(b.clientId) || a.createdAt.localeCompare(b.createdAt));
          return (
            <EndpointsTable
              rows={rows}
              status={status}
              superadmin={superadmin}
              onDeliveries={setOpen}
              onReenable={(e) => {
                action.reset();
                enabling.ask(e);
              }}
            />
          );
        }}
      </Loaded>
      {superadmin && open ? <DeliveryLog key={open.id} endpoint={open} onClose={() => setOpen(undefined)} /> : null}
    </Page>
  );
}

/** The endpoints, a row each; a SUPERADMIN also gets each row's deliveries and re-enable buttons. */
function EndpointsTable({
  rows,
  status,
  superadmin,
  onDeliveries,
  onReenable,
}: {
  rows: readonly Endpoint[];
  status: StatusFilter;
  superadmin: boolean;
  onDeliveries: (endpoint: Endpoint) => void;
  onReenable: (endpoint: Endpoint) => void;
}) {
  return (
    <Table caption="Webhook endpoints">
      <thead>
        <tr>
          <th scope="col">Client</th>
          <th scope="col">URL</th>
          <th scope="col">Event types</th>
          <th scope="col">Status</th>
          <th scope="col">Deliveries (24 h)</th>
          <th scope="col">Disabled (UTC) and why</th>
          {superadmin ? <th scope="col">Action</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr
            key={e.id}
            data-testid={`webhook-endpoint-${e.id}`}
            className={e.status === 'DISABLED' || struggling(e.deliveryHealth) ? 'attention' : undefined}
          >
            <td>
              <code>{e.clientId}</code>
            </td>
            <td>
              <code>{e.url}</code>
            </td>
            <td>{e.eventTypes.join(', ')}</td>
            <td>
              <span className="badge">{e.status === 'DISABLED' ? 'Disabled' : 'Active'}</span>
            </td>
            <td data-testid={`webhook-health-${e.id}`}>{deliveryHealthText(e.deliveryHealth)}</td>
            <td>{e.status === 'DISABLED' ? `${when(e.disabledAt)}: ${e.disabledReason ?? 'no reason recorded'}` : '—'}</td>
            {superadmin ? (
              <td>
                <button type="button" aria-label={`Deliveries of ${e.url}`} onClick={() => onDeliveries(e)}>
                  Deliveries
                </button>{' '}
                {e.status === 'DISABLED' ? (
                  <button type="button" aria-label={`Re-enable ${e.url}`} onClick={() => onReenable(e)}>
                    Re-enable
                  </button>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
        {rows.length === 0 ? (
          <tr>
            <td colSpan={superadmin ? 7 : 6}>No webhook endpoints{status === 'all' ? '' : ` ${status}`}.</td>
          </tr>
        ) : null}
      </tbody>
    </Table>
  );
}

/** The status filter, kept in the address (`?status=`). */
function EndpointStatusFilter({ status }: { status: StatusFilter }) {
  return (
    <form className="filters" aria-label="Filter endpoints" onSubmit={(event) => event.preventDefault()}>
      <Field label="Status">
        <select
          name="status"
          value={status}
          onChange={(event) => navigate(event.target.value === 'all' ? '/webhooks' : `/webhooks?status=${event.target.value}`)}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? 'All' : s === 'disabled' ? 'Disabled' : 'Active'}
            </option>
          ))}
        </select>
      </Field>
    </form>
  );
}
