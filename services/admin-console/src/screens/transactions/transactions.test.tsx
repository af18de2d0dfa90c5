import { screen, within } from '@testing-library/react';
import { problem, renderScreen } from '../../../test/fake-console';
import { transaction } from '../../../test/fixtures';
import { TransactionDetailScreen, TransactionsScreen } from '.';

describe('transactions screens', () => {
  it('when transactions load, then each is a row whose parties link to users or treasuries; the filters come from the address', async () => {
    const searchTransactions = jest.fn(async (_input: unknown) => ({
      transactions: [transaction(41), transaction(42, { type: 'BURN', fromUserId: null, fromTreasury: 'OPERATIONS', toUserId: null })],
      nextCursor: null,
      hasMore: false,
    }));
    renderScreen(<TransactionsScreen />, { searchTransactions }, { path: '/transactions?type=MINT&userId=7' });
    const table = await screen.findByRole('table', { name: 'Transactions found' });
    expect(within(table).getByRole('link', { name: '41' }).getAttribute('href')).toBe('/admin/transactions/41');
    expect(within(table).getByRole('link', { name: 'OPERATIONS' })).toBeTruthy();
    expect(searchTransactions).toHaveBeenCalledWith({ query: { limit: '25', userId: '7', type: 'MINT' } });
  });

  it('when a purchase is shown, then its facts and a refund link are there', async () => {
    renderScreen(<TransactionDetailScreen transactionId={43} />, {
      getTransaction: async () =>
        transaction(43, { type: 'PURCHASE', fromUserId: 7, toUserId: null, toTreasury: 'COURSE_FEES', amount: 12 }),
    });
    expect((await screen.findByRole('link', { name: 'Refund this purchase' })).getAttribute('href')).toBe('/admin/money?refund=43');
    expect(screen.getByText('12.00')).toBeTruthy();
  });

  it('when the transaction does not exist, then the 404 problem is shown', async () => {
    renderScreen(<TransactionDetailScreen transactionId={44} />, {
      getTransaction: async () => Promise.reject(problem(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found')),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('TRANSACTION_NOT_FOUND');
  });
});
