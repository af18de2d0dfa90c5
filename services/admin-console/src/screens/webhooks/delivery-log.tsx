import type { OperationResult } from '@coin/client';
import { Loaded } from '../../components/busy';
import { Table } from '../../components/layout';
import { Notice } from '../../components/notice';
import { useConsole } from '../../context';
import { when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';

/**
 * SUPERADMIN: one endpoint's delivery log, newest first (each event's attempts, last answer and
 * status), and redelivering one delivery, sent again at once with a fresh retry schedule.
 */
export function DeliveryLog({ endpoint, onClose }: { endpoint: { id: string; clientId: string; url: string }; onClose: () => void }) {
  const { session } = useConsole();
  const path = { clientId: endpoint.clientId, id: endpoint.id };
  const log = useLoad(() => session.client.listClientWebhookDeliveries({ path, query: { limit: 50 } }), [endpoint.id]);
  const action = useMutation<string>();
  return (
    <section className="panel" aria-labelledby="delivery-log">
      <h2 id="delivery-log">
        Deliveries to <code>{endpoint.url}</code>
      </h2>
      <button type="button" onClick={onClose}>
        Close deliveries
      </button>
      <Notice>{action.result}</Notice>
      <Loaded load={log} error={action.error}>
        {(data) => (
          <Table caption={`Deliveries to ${endpoint.url}`}>
            <thead>
              <tr>
                <th scope="col">Delivery</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Last attempt (UTC)</th>
                <th scope="col">Delivered (UTC)</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  busy={action.busy}
                  onRedeliver={() =>
                    void action.run(async () => {
                      await session.client.redeliverClientWebhookDelivery({ path: { ...path, deliveryId: d.id } });
                      log.reload();
                      return `Delivery ${d.id} queued again.`;
                    })
                  }
                />
              ))}
              {data.deliveries.length === 0 ? (
                <tr>
                  <td colSpan={8}>No deliveries yet.</td>
                </tr>
              ) : null}
            </tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}

type Delivery = OperationResult<'listClientWebhookDeliveries'>['deliveries'][number];

/** One delivery: its event, status, attempts and last answer, and the button sending it again. */
function DeliveryRow({ delivery, busy, onRedeliver }: { delivery: Delivery; busy: boolean; onRedeliver: () => void }) {
  return (
    <tr data-testid={`webhook-delivery-${delivery.id}`} className={delivery.status === 'FAILED' ? 'attention' : undefined}>
      <td>{delivery.id}</td>
      <td>
        {delivery.eventType} <code>{delivery.eventId}</code>
      </td>
      <td>
        <span className="badge">{delivery.status}</span>
      </td>
      <td>{delivery.attempts}</td>
      <td>{delivery.lastResponseCode ?? delivery.lastError ?? '—'}</td>
      <td>{when(delivery.lastAttemptAt)}</td>
      <td>{when(delivery.deliveredAt)}</td>
      <td>
        <button type="button" aria-label={`Redeliver delivery ${delivery.id}`} disabled={busy} onClick={onRedeliver}>
          Redeliver
        </button>
      </td>
    </tr>
  );
}
