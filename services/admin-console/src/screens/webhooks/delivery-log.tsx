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
                <tr key={d.id} data-testid={`webhook-delivery-${d.id}`} className={d.status === 'FAILED' ? 'attention' : undefined}>
                  <td>{d.id}</td>
                  <td>
                    {d.eventType} <code>{d.eventId}</code>
                  </td>
                  <td>
                    <span className="badge">{d.status}</span>
                  </td>
                  <td>{d.attempts}</td>
                  <td>{d.lastResponseCode ?? d.lastError ?? '—'}</td>
                  <td>{when(d.lastAttemptAt)}</td>
                  <td>{when(d.deliveredAt)}</td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Redeliver delivery ${d.id}`}
                      disabled={action.busy}
                      onClick={() =>
                        void action.run(async () => {
                          await session.client.redeliverClientWebhookDelivery({ path: { ...path, deliveryId: d.id } });
                          log.reload();
                          return `Delivery ${d.id} queued again.`;
                        })
                      }
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
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
