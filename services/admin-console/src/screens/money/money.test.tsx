import type { OperationResult } from '@coin/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, networkError, problem, renderScreen } from '../../../test/fake-console';
import { transaction } from '../../../test/fixtures';
import { MoneyScreen } from '.';

type Mint = OperationResult<'mintCoins'>;
const minted = (amount: number): Mint => ({ transaction: transaction(51, { amount }), wallet: { balance: 15 } }) as Mint;

async function fillMint(ui: ReturnType<typeof userEvent.setup>, amount: string) {
  const form = screen.getByTestId('mint-form');
  await ui.type(within(form).getByLabelText('User id'), '7');
  await ui.type(within(form).getByLabelText('Amount (coins)'), amount);
  await ui.type(within(form).getByLabelText('Reason'), 'welcome');
  return form;
}

describe('money screen', () => {
  it('when a mint is sent, then the button is busy until the answer, which is then shown; the API key and one Idempotency-Key go with it', async () => {
    const answer = deferred<Mint>();
    const mintCoins = jest.fn((_input: unknown) => answer.promise);
    renderScreen(<MoneyScreen />, { mintCoins }, { apiKey: 'ck_test' });
    const ui = userEvent.setup();
    const form = await fillMint(ui, '5');
    await ui.click(within(form).getByRole('button', { name: 'Mint' }));
    const busy = within(form).getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(mintCoins).toHaveBeenCalledTimes(1);
    const sent = mintCoins.mock.calls[0]?.[0] as { body: unknown; idempotencyKey: string; headers: Record<string, string> };
    expect(sent.body).toEqual({ userId: 7, amount: 5, reason: 'welcome' });
    expect(sent.headers).toEqual({ 'x-api-key': 'ck_test' });
    expect(screen.getByText(sent.idempotencyKey)).toBeTruthy();
    await act(async () => answer.resolve(minted(5)));
    const result = await screen.findByTestId('money-result');
    expect(result.textContent).toContain('MINT of 5.00');
    expect(result.textContent).toContain('wallet balance now 15.00');
    expect(within(form).getByRole('button', { name: 'Mint' })).toHaveProperty('disabled', false);
  });

  it('when a mint gets no answer, then the problem is shown and sending again reuses its Idempotency-Key; after a refusal the next one is new', async () => {
    const mintCoins = jest
      .fn((_input: { idempotencyKey?: string }) => Promise.resolve(minted(5)))
      .mockRejectedValueOnce(networkError('k'))
      .mockRejectedValueOnce(problem(422, 'VALIDATION_FAILED', 'Invalid request'));
    renderScreen(<MoneyScreen />, { mintCoins });
    const ui = userEvent.setup();
    const form = await fillMint(ui, '5');
    await ui.click(within(form).getByRole('button', { name: 'Mint' }));
    expect((await within(form.parentElement as HTMLElement).findByRole('alert')).textContent).toContain('No answer from the API');
    await ui.click(within(form).getByRole('button', { name: 'Mint' }));
    expect((await within(form.parentElement as HTMLElement).findByRole('alert')).textContent).toContain('VALIDATION_FAILED');
    await ui.click(within(form).getByRole('button', { name: 'Mint' }));
    await screen.findByTestId('money-result');
    const keys = mintCoins.mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('when a mint waits for approval, then the 202 answer says nothing moved and links the request', async () => {
    const pending = { approval: { id: 'ap-1', expiresAt: '2026-03-01T10:00:00.000Z' } } as unknown as Mint;
    renderScreen(<MoneyScreen />, { mintCoins: async () => pending });
    const ui = userEvent.setup();
    const form = await fillMint(ui, '50000');
    await ui.click(within(form).getByRole('button', { name: 'Mint' }));
    const notice = await screen.findByText(/202 Accepted: waiting for approval/);
    expect(within(notice.closest('[role=status]') as HTMLElement).getByRole('link', { name: 'ap-1' })).toBeTruthy();
  });
});
