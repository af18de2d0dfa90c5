import type { OperationResult } from '@coin/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/fake-console';
import { WebhooksScreen } from '.';

type Endpoint = OperationResult<'listAllWebhookEndpoints'>['endpoints'][number];
type Delivery = OperationResult<'listClientWebhookDeliveries'>['deliveries'][number];

const endpoint = (id: string, clientId: string, overrides: Partial<Endpoint> = {}): Endpoint => ({
  id,
  clientId,
  url: `https://${clientId}.example.com/hooks`,
  eventTypes: ['coin.transaction.recorded'],
  status: 'ENABLED',
  disabledReason: null,
  disabledAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  previousSecretExpiresAt: null,
  maxDeliveriesPerSecond: null,
  deliveryHealth: { attempts24h: 0, succeeded24h: 0, successRate: null, oldestPendingAgeSeconds: null },
  ...overrides,
});
const disabled = (id: string, clientId: string) =>
  endpoint(id, clientId, {
    status: 'DISABLED',
    disabledReason: 'delivery 7 failed 13 attempts over the retry schedule',
    disabledAt: '2026-03-02T10:00:00.000Z',
  });
const delivery = (id: number, overrides: Partial<Delivery> = {}): Delivery => ({
  id,
  eventId: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083',
  eventType: 'coin.transaction.recorded',
  status: 'FAILED',
  attempts: 13,
  nextAttemptAt: null,
  lastAttemptAt: '2026-03-02T10:00:00.000Z',
  lastResponseCode: 500,
  lastError: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  deliveredAt: null,
  endpointDisabled: null,
  payload: { eventId: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083', type: 'coin.transaction.recorded' },
  ...overrides,
});
const page = (endpoints: Endpoint[]) => ({ endpoints, nextCursor: null, hasMore: false });

describe('webhooks screen', () => {
  it('when an ADMIN opens it, then every client’s endpoints show by client with the disabled one’s reason and time highlighted, and no actions', async () => {
    const listAllWebhookEndpoints = jest.fn(async () => page([endpoint('e-2', 'pc_shop'), disabled('e-1', 'pc_games')]));
    renderScreen(<WebhooksScreen />, { listAllWebhookEndpoints }, { path: '/webhooks' });
    const row = await screen.findByTestId('webhook-endpoint-e-1');
    expect(row.className).toBe('attention');
    expect(row.textContent).toContain('Disabled');
    expect(row.textContent).toContain('delivery 7 failed 13 attempts');
    expect(screen.getByTestId('webhook-endpoint-e-2').className).toBe('');
    // By client: pc_games before pc_shop.
    const rows = screen.getAllByTestId(/^webhook-endpoint-/).map((r) => r.dataset.testid);
    expect(rows).toEqual(['webhook-endpoint-e-1', 'webhook-endpoint-e-2']);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(listAllWebhookEndpoints).toHaveBeenCalledWith({ query: { limit: 100 } });
  });

  it('when an enabled endpoint’s receiver fails, then its row shows its success rate and oldest pending delivery and asks for attention; a healthy one does not', async () => {
    const failing = endpoint('e-1', 'pc_games', {
      deliveryHealth: { attempts24h: 12, succeeded24h: 3, successRate: 0.25, oldestPendingAgeSeconds: 7_530 },
    });
    const healthy = endpoint('e-2', 'pc_shop', {
      deliveryHealth: { attempts24h: 240, succeeded24h: 240, successRate: 1, oldestPendingAgeSeconds: 2 },
    });
    const quiet = endpoint('e-3', 'pc_tools');
    renderScreen(
      <WebhooksScreen />,
      { listAllWebhookEndpoints: jest.fn(async () => page([failing, healthy, quiet])) },
      { path: '/webhooks' },
    );
    const row = await screen.findByTestId('webhook-endpoint-e-1');
    expect(row.className).toBe('attention');
    expect(screen.getByTestId('webhook-health-e-1').textContent).toBe('25.00 % of 12 attempts succeeded; oldest waiting 2 h 5 min');
    expect(screen.getByTestId('webhook-endpoint-e-2').className).toBe('');
    expect(screen.getByTestId('webhook-health-e-2').textContent).toBe('100.00 % of 240 attempts succeeded; oldest waiting 2 s');
    expect(screen.getByTestId('webhook-health-e-3').textContent).toBe('No attempts in 24 h; none waiting');
  });

  it('when a delivery has waited over 5 minutes, then the row asks for attention even though its attempts mostly succeed', async () => {
    const waiting = endpoint('e-1', 'pc_games', {
      deliveryHealth: { attempts24h: 10, succeeded24h: 9, successRate: 0.9, oldestPendingAgeSeconds: 301 },
    });
    renderScreen(<WebhooksScreen />, { listAllWebhookEndpoints: jest.fn(async () => page([waiting])) }, { path: '/webhooks' });
    expect((await screen.findByTestId('webhook-endpoint-e-1')).className).toBe('attention');
    expect(screen.getByTestId('webhook-health-e-1').textContent).toBe('90.00 % of 10 attempts succeeded; oldest waiting 5 min');
  });

  it('when the status filter says disabled, then only the disabled ones are asked for', async () => {
    const listAllWebhookEndpoints = jest.fn(async () => page([disabled('e-1', 'pc_games')]));
    renderScreen(<WebhooksScreen />, { listAllWebhookEndpoints }, { path: '/webhooks?status=disabled' });
    await screen.findByTestId('webhook-endpoint-e-1');
    expect(listAllWebhookEndpoints).toHaveBeenCalledWith({ query: { limit: 100, status: 'disabled' } });
  });

  it('when a SUPERADMIN confirms Re-enable, then the endpoint of that client is re-enabled and the list loaded again; Cancel sends nothing', async () => {
    const listAllWebhookEndpoints = jest.fn(async () => page([disabled('e-1', 'pc_games')]));
    const enableClientWebhookEndpoint = jest.fn(async () => endpoint('e-1', 'pc_games'));
    renderScreen(<WebhooksScreen />, { listAllWebhookEndpoints, enableClientWebhookEndpoint }, { role: 'SUPERADMIN', path: '/webhooks' });
    const ui = userEvent.setup();
    const row = await screen.findByTestId('webhook-endpoint-e-1');
    await ui.click(within(row).getByRole('button', { name: 'Re-enable https://pc_games.example.com/hooks' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(enableClientWebhookEndpoint).not.toHaveBeenCalled();
    await ui.click(within(row).getByRole('button', { name: 'Re-enable https://pc_games.example.com/hooks' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-enable endpoint' }));
    expect(await screen.findByText('Endpoint https://pc_games.example.com/hooks re-enabled.')).toBeTruthy();
    expect(enableClientWebhookEndpoint).toHaveBeenCalledWith({ path: { clientId: 'pc_games', id: 'e-1' } });
    expect(listAllWebhookEndpoints).toHaveBeenCalledTimes(2);
  });

  it('when a SUPERADMIN opens the deliveries and redelivers one, then that delivery of that endpoint is sent again and the log reloaded', async () => {
    const listAllWebhookEndpoints = jest.fn(async () => page([disabled('e-1', 'pc_games')]));
    const listClientWebhookDeliveries = jest.fn(async () => ({ deliveries: [delivery(7)], nextCursor: null, hasMore: false }));
    const redeliverClientWebhookDelivery = jest.fn(async () => ({ status: 'PENDING' as const }));
    renderScreen(
      <WebhooksScreen />,
      { listAllWebhookEndpoints, listClientWebhookDeliveries, redeliverClientWebhookDelivery },
      { role: 'SUPERADMIN', path: '/webhooks' },
    );
    const ui = userEvent.setup();
    const row = await screen.findByTestId('webhook-endpoint-e-1');
    await ui.click(within(row).getByRole('button', { name: 'Deliveries of https://pc_games.example.com/hooks' }));
    const logged = await screen.findByTestId('webhook-delivery-7');
    expect(logged.textContent).toContain('FAILED');
    expect(logged.textContent).toContain('500');
    expect(listClientWebhookDeliveries).toHaveBeenCalledWith({ path: { clientId: 'pc_games', id: 'e-1' }, query: { limit: 50 } });
    await ui.click(within(logged).getByRole('button', { name: 'Redeliver delivery 7' }));
    expect(await screen.findByText('Delivery 7 queued again.')).toBeTruthy();
    expect(redeliverClientWebhookDelivery).toHaveBeenCalledWith({ path: { clientId: 'pc_games', id: 'e-1', deliveryId: 7 } });
    expect(listClientWebhookDeliveries).toHaveBeenCalledTimes(2);
  });
});
