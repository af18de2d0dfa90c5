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

  it('when the list is refused, then the problem is shown', async () => {
    renderScreen(<MandatesScreen />, { listMandates: async () => Promise.reject(problem(400, 'VALIDATION_FAILED', 'Invalid request')) });
    expect((await screen.findByRole('alert')).textContent).toContain('VALIDATION_FAILED');
  });
});
