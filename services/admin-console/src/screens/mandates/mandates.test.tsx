import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { MandatesScreen } from '.';

const mandate = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  status: 'ACTIVE' as const,
  fromUserId: 7,
  clientId: 'pc_stream',
  amount: 9.99,
  maxPerPeriod: 9.99,
  period: 'MONTH' as const,
  reason: 'StreamCo Premium',
  startsAt: '2026-02-01T00:00:00.000Z',
  endsAt: null,
  nextPeriod: 2,
  nextChargeAt: '2026-04-01T00:00:00.000Z',
  failedAttempts: 0,
  cancelledBy: null,
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-03-01T00:00:01.000Z',
  ...over,
});
const page = (mandates: ReturnType<typeof mandate>[], total: number) => ({
  mandates,
  pagination: { limit: 25, offset: 0, total },
  hasMore: total > mandates.length,
  nextCursor: null,
});

describe('mandates screen', () => {
  it('when mandates load, then each is a row with its payer, client, amount a period and who cancelled it; the payer from the address filters', async () => {
    const listMandates = jest.fn(async (_input: unknown) =>
      page([mandate('m1234567-x'), mandate('m2', { status: 'CANCELLED', cancelledBy: 'client', nextChargeAt: null, fromUserId: 9 })], 30),
    );
    renderScreen(<MandatesScreen />, { listMandates }, { path: '/mandates?userId=7' });
    const table = await screen.findByRole('table', { name: 'Mandates' });
    expect(within(table).getByText('m1234567')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'user 9' })).toBeTruthy();
    expect(within(table).getByText('CANCELLED (by client)')).toBeTruthy();
    expect(within(table).getAllByText('9.99 / month')).toHaveLength(2);
    expect(screen.getByText('1–2 of 30')).toBeTruthy();
    expect(listMandates).toHaveBeenCalledWith({ query: { limit: '25', offset: '0', userId: '7' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next →' }));
    expect(listMandates).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '25', userId: '7' } });
  });

  it('when an ADMIN cancels an ACTIVE mandate, then a reason is required, it is sent with the reason and the list reloads', async () => {
    const id = '0c1f2e3d-4b5a-8697-8000-000000000007';
    let cancelled = false;
    const listMandates = jest.fn(async (_input: unknown) =>
      page(
        [
          cancelled ? mandate(id, { status: 'CANCELLED', cancelledBy: 'admin', nextChargeAt: null }) : mandate(id),
          mandate('m2', { status: 'ENDED', nextChargeAt: null }),
        ],
        2,
      ),
    );
    const cancelMandate = jest.fn(async (_input: unknown) => {
      cancelled = true;
      return { mandate: mandate(id, { status: 'CANCELLED', cancelledBy: 'admin', nextChargeAt: null }) };
    });
    renderScreen(<MandatesScreen />, { listMandates, cancelMandate });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Mandates' });
    // Only a mandate that still charges has a Cancel button.
    expect(within(table).getAllByRole('button', { name: /^Cancel mandate/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Cancel mandate 0c1f2e3d' }));
    const form = screen.getByRole('form', { name: 'Cancel mandate' });
    const confirm = within(form).getByRole('button', { name: 'Cancel mandate' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(form).getByLabelText('Reason'), '   ');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(form).getByLabelText('Reason'));
    await user.type(within(form).getByLabelText('Reason'), 'The payer asked support');
    await user.click(confirm);
    expect(cancelMandate).toHaveBeenCalledTimes(1);
    expect(cancelMandate).toHaveBeenCalledWith({ path: { id }, body: { reason: 'The payer asked support' } });
    expect((await screen.findByRole('status')).textContent).toContain('Mandate 0c1f2e3d is cancelled');
    expect(await within(table).findByText('CANCELLED (by admin)')).toBeTruthy();
    expect(listMandates).toHaveBeenCalledTimes(2);
    expect(within(table).queryAllByRole('button', { name: /^Cancel mandate/ })).toHaveLength(0);
  });

  it('when the ledger refuses the cancel (it no longer charges), then the problem is shown and nothing reloads', async () => {
    const listMandates = jest.fn(async (_input: unknown) => page([mandate('0c1f2e3d-x')], 1));
    const cancelMandate = jest.fn(async () => Promise.reject(problem(409, 'MANDATE_NOT_ACTIVE', 'The mandate is CANCELLED')));
    renderScreen(<MandatesScreen />, { listMandates, cancelMandate });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel mandate 0c1f2e3d' }));
    const form = screen.getByRole('form', { name: 'Cancel mandate' });
    await user.type(within(form).getByLabelText('Reason'), 'Support ticket 12');
    await user.click(within(form).getByRole('button', { name: 'Cancel mandate' }));
    expect((await screen.findByRole('alert')).textContent).toContain('MANDATE_NOT_ACTIVE');
    expect(listMandates).toHaveBeenCalledTimes(1);
  });

  it('when the list is refused, then the problem is shown', async () => {
    renderScreen(<MandatesScreen />, { listMandates: async () => Promise.reject(problem(400, 'VALIDATION_FAILED', 'Invalid request')) });
    expect((await screen.findByRole('alert')).textContent).toContain('VALIDATION_FAILED');
  });
});
