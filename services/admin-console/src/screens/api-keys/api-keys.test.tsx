import type { OperationResult } from '@coin/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, problem, renderScreen } from '../../../test/fake-console';
import { apiKey, grantRequest } from '../../../test/fixtures';
import { ApiKeysScreen } from '.';

describe('API keys screen', () => {
  it('when the keys load, then each is a row, and a live one has a Revoke button named after it', async () => {
    renderScreen(<ApiKeysScreen />, {
      listApiKeys: async () => ({ apiKeys: [apiKey('k1', 'ops'), apiKey('k2', 'old', '2026-03-02T00:00:00.000Z')] }),
    });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Revoke ops' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Revoke old' })).toBeNull();
  });

  it('when a key is asked for, then the button is busy until the answer and the secret is shown once, with the request another SUPERADMIN approves', async () => {
    const answer = deferred<OperationResult<'createApiKey'>>();
    const createApiKey = jest.fn((_input: unknown) => answer.promise);
    const listApiKeys = jest.fn(async () => ({ apiKeys: [] }));
    renderScreen(<ApiKeysScreen />, { listApiKeys, createApiKey });
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Name'), 'payments');
    await ui.click(screen.getByLabelText('burn'));
    await ui.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('button', { name: 'Create key' })).toHaveProperty('disabled', true);
    expect(createApiKey).toHaveBeenCalledWith({ body: { name: 'payments', scopes: ['mint', 'burn'] } });
    const request = grantRequest('7a6b5c4d-0000-4000-8000-000000000001', {
      type: 'user.api-key.create',
      apiKeyId: '7a6b5c4d-0000-4000-8000-000000000002',
      name: 'payments',
      scopes: ['mint', 'burn'],
      ownerUserId: 7,
    });
    await act(async () => answer.resolve({ grantRequest: request, key: 'ck_secret_once' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe('ck_secret_once');
    expect(screen.getByRole('status').textContent).toContain('another SUPERADMIN approves request 7a6b5c4d');
    expect(listApiKeys).toHaveBeenCalledTimes(2);
    await ui.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it('when a key is created for another admin, then the body names them, and the list shows whom each key is issued to', async () => {
    const createApiKey = jest.fn(async (_input: unknown) => ({
      grantRequest: grantRequest('7a6b5c4d-0000-4000-8000-000000000003', {
        type: 'user.api-key.create',
        apiKeyId: '7a6b5c4d-0000-4000-8000-000000000004',
        name: 'back office',
        scopes: ['mint'],
        ownerUserId: 42,
      }),
      key: 'ck_secret',
    }));
    renderScreen(<ApiKeysScreen />, { listApiKeys: async () => ({ apiKeys: [apiKey('k1', 'ops')] }), createApiKey });
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByRole('cell', { name: 'user 7' })).toBeTruthy();
    await ui.type(screen.getByLabelText('Name'), 'back office');
    await ui.type(screen.getByLabelText('Issued to (user id; empty: you)'), '42');
    await ui.click(screen.getByRole('button', { name: 'Create key' }));
    expect(createApiKey).toHaveBeenCalledWith({ body: { name: 'back office', scopes: ['mint'], ownerUserId: 42 } });
    expect((await screen.findByRole('status')).textContent).toContain('issued to user 42');
  });

  it('when Revoke is pressed, then nothing is revoked until it is confirmed; a refusal is shown', async () => {
    const revokeApiKey = jest.fn(async () => Promise.reject(problem(404, 'NOT_FOUND', 'Not found')));
    renderScreen(<ApiKeysScreen />, { listApiKeys: async () => ({ apiKeys: [apiKey('k1', 'ops')] }), revokeApiKey });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Revoke ops' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Revoke the key "ops"?');
    expect(revokeApiKey).not.toHaveBeenCalled();
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Revoke ops' }));
    await ui.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(revokeApiKey).toHaveBeenCalledWith({ path: { id: 'k1' } });
    expect((await screen.findByRole('alert')).textContent).toContain('NOT_FOUND');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
