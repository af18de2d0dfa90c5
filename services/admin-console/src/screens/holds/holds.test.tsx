import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { hold } from '../../../test/fixtures';
import { HoldsScreen } from '.';

const page = (holds: ReturnType<typeof hold>[], total: number) => ({
  holds,
  pagination: { limit: 25, offset: 0, total },
  hasMore: total > holds.length,
  nextCursor: null,
});

describe('holds screen', () => {
  it('when holds load, then each is a row with its payer and where it pays; the payer from the address filters', async () => {
    const listHolds = jest.fn(async (_input: unknown) => page([hold('h1234567-x'), hold('h2', { toUserId: 9, toTreasury: null })], 30));
    renderScreen(<HoldsScreen />, { listHolds }, { path: '/holds?userId=7' });
    const table = await screen.findByRole('table', { name: 'Holds' });
    expect(within(table).getByText('h1234567')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'user 9' })).toBeTruthy();
    expect(screen.getByText('1–2 of 30')).toBeTruthy();
    expect(listHolds).toHaveBeenCalledWith({ query: { limit: '25', offset: '0', userId: '7' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next →' }));
    expect(listHolds).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '25', userId: '7' } });
  });

  it('when the list is refused, then the problem is shown', async () => {
    renderScreen(<HoldsScreen />, { listHolds: async () => Promise.reject(problem(400, 'VALIDATION_FAILED', 'Invalid request')) });
    expect((await screen.findByRole('alert')).textContent).toContain('VALIDATION_FAILED');
  });
});
