import { screen, within } from '@testing-library/react';
import { problem, renderScreen } from '../../../test/fake-console';
import { transaction } from '../../../test/fixtures';
import { TransactionDetailScreen, TransactionsScreen } from '.';
import { metadataPairs } from './index';
import userEvent from '@testing-library/user-event';
import { exportedCsv } from '../../../test/export';

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

  it('when finance searches by e-mail, reference, platform client, amount range and metadata, then each is sent as the API names it', async () => {
    const searchTransactions = jest.fn(async (_input: unknown) => ({ transactions: [transaction(41)], nextCursor: null, hasMore: false }));
    renderScreen(<TransactionsScreen />, { searchTransactions }, { path: '/transactions' });
    await screen.findByRole('table', { name: 'Transactions found' });
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('E-mail'), 'ada@example.test');
    await ui.type(screen.getByLabelText('Reference'), 'order-1');
    await ui.type(screen.getByLabelText('Platform client'), 'pc_shop');
    await ui.type(screen.getByLabelText('Amount from'), '10');
    await ui.type(screen.getByLabelText('Amount to'), '20.5');
    await ui.type(screen.getByLabelText(/^Metadata/), 'order=A=1{Enter}channel = web');
    await ui.click(screen.getByRole('button', { name: 'Search' }));
    expect(searchTransactions).toHaveBeenLastCalledWith({
      query: {
        limit: '25',
        email: 'ada@example.test',
        reference: 'order-1',
        clientId: 'pc_shop',
        amountMin: '10',
        amountMax: '20.5',
        metadata: { order: 'A=1', channel: 'web' },
      },
    });
    expect(metadataPairs('  \n')).toBeUndefined();
    expect(metadataPairs('key')).toEqual({ key: '' });
  });

  it('when the search is exported, then every page is read at the largest page size with the same filters, and the file holds each row', async () => {
    const searchTransactions = jest.fn(async (input: { query: { cursor?: string } }) =>
      input.query.cursor === 'p2'
        ? { transactions: [transaction(40, { reason: '=cmd|calc', amount: 0.07 })], nextCursor: null, hasMore: false }
        : { transactions: [transaction(42, { metadata: { order: 'A,1' } }), transaction(41)], nextCursor: 'p2', hasMore: true },
    );
    renderScreen(<TransactionsScreen />, { searchTransactions } as never, { path: '/transactions?type=MINT&amount=5' });
    await screen.findByRole('table', { name: 'Transactions found' });
    const { lines } = await exportedCsv('transactions');
    expect(searchTransactions).toHaveBeenCalledWith({ query: { limit: '1000', type: 'MINT', amount: '5' } });
    expect(searchTransactions).toHaveBeenLastCalledWith({ query: { limit: '1000', type: 'MINT', amount: '5', cursor: 'p2' } });
    expect(lines[0]).toBe('id,type,amount,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,createdAt,metadata');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['42', '41', '40']);
    expect(lines[1]).toContain(',"{""order"":""A,1""}"');
    expect(lines[3]).toContain(',0.07,');
    expect(lines[3]).toContain(",'=cmd|calc,");
  });
});
