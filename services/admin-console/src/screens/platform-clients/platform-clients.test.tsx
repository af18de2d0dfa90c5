import type { OperationResult } from '@coin/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, renderScreen } from '../../../test/fake-console';
import { grantRequest, platformClient } from '../../../test/fixtures';
import { PlatformClientsScreen } from '.';

type Created = OperationResult<'createPlatformClient'>;
const asked = (clientId: string, name: string) =>
  grantRequest('9f1e2d3c-0000-4000-8000-000000000001', {
    type: 'user.platform-client.create',
    clientId,
    name,
    treasuries: ['REWARDS'],
    dailyRewardCap: 250,
    cashout: false,
  });

describe('platform clients screen', () => {
  it('when a client is asked for, then the button is busy, the secret is shown once with the request to approve, and a replayed request says so instead', async () => {
    const first = deferred<Created>();
    const createPlatformClient = jest
      .fn((_input: { body: unknown; idempotencyKey?: string }) => first.promise)
      .mockImplementationOnce(() => first.promise)
      .mockImplementationOnce(async (): Promise<Created> => ({ grantRequest: asked('pc-1', 'tournaments') }));
    const listPlatformClients = jest.fn(async () => ({ platformClients: [platformClient('pc-0', 'shop')] }));
    renderScreen(<PlatformClientsScreen />, { listPlatformClients, createPlatformClient }, { role: 'SUPERADMIN' });
    const ui = userEvent.setup();
    const form = await screen.findByTestId('platform-client-form');
    await ui.type(within(form).getByLabelText(/^Name/), 'tournaments');
    await ui.click(within(form).getByLabelText('REWARDS'));
    await ui.type(within(form).getByLabelText(/^Daily reward cap/), '250');
    await ui.click(within(form).getByRole('button', { name: 'Create client' }));
    expect(within(form).getByRole('button', { name: 'Create client' })).toHaveProperty('disabled', true);
    expect(createPlatformClient.mock.calls[0]?.[0].body).toEqual({ name: 'tournaments', treasuries: ['REWARDS'], dailyRewardCap: 250 });
    await act(async () => first.resolve({ grantRequest: asked('pc-1', 'tournaments'), clientSecret: 'pcs_once' }));
    expect((await screen.findByTestId('platform-client-secret')).textContent).toBe('pcs_once');
    expect(screen.getByTestId('platform-client-id').textContent).toBe('pc-1');
    expect(screen.getByRole('status').textContent).toContain('another SUPERADMIN approves request 9f1e2d3c');

    await ui.type(within(form).getByLabelText(/^Name/), 'tournaments');
    await ui.click(within(form).getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText(/was already asked for by this submission/)).toBeTruthy();
    expect(screen.queryByTestId('platform-client-secret')).toBeNull();
  });

  it('when Revoke is confirmed, then the client is revoked and the list loaded again; Cancel sends nothing', async () => {
    const revokePlatformClient = jest.fn(async () => platformClient('pc-0', 'shop', '2026-03-02T00:00:00.000Z'));
    const listPlatformClients = jest.fn(async () => ({ platformClients: [platformClient('pc-0', 'shop')] }));
    renderScreen(<PlatformClientsScreen />, { listPlatformClients, revokePlatformClient }, { role: 'SUPERADMIN' });
    const ui = userEvent.setup();
    const row = await screen.findByTestId('platform-client-pc-0');
    await ui.click(within(row).getByRole('button', { name: 'Revoke shop' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(revokePlatformClient).not.toHaveBeenCalled();
    await ui.click(within(row).getByRole('button', { name: 'Revoke shop' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke client' }));
    expect(await screen.findByText('Client "shop" revoked: its tokens are refused from the next request.')).toBeTruthy();
    expect(revokePlatformClient).toHaveBeenCalledWith({ path: { id: 'pc-0' } });
    expect(listPlatformClients).toHaveBeenCalledTimes(2);
  });
});
