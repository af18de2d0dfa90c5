import type { OperationResult } from '@coin/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportedCsv } from '../../../test/export';
import { deferred, problem, renderScreen } from '../../../test/fake-console';
import { dailyOf, grantRequest, limits, transaction, user, userDetail, userSession } from '../../../test/fixtures';
import { lastDays } from '../dashboard/series';
import { UserDetailScreen, UsersScreen } from '.';

const usersPage = (users: ReturnType<typeof user>[], total = users.length): OperationResult<'listUsers'> => ({
  users,
  pagination: { page: 1, pageSize: 20, total },
  hasMore: false,
  nextCursor: null,
});

const detailOperations = <T extends object>(overrides: T) => ({
  getUser: jest.fn(async () => userDetail(7, 10)),
  listUserSessions: jest.fn(async () => ({ sessions: [userSession('s-1'), userSession('s-2', 'REVOKED')] })),
  getUserLimits: jest.fn(async () => limits()),
  searchTransactions: jest.fn(async () => ({ transactions: [transaction(41)], nextCursor: null, hasMore: false })),
  getUserDailyBalances: jest.fn(async () => {
    const range = lastDays(new Date(), 30);
    return {
      ...range,
      ...dailyOf(
        range.from,
        'balance',
        Array.from({ length: 30 }, (_, i) => (i < 29 ? 4 : 10)),
      ),
    };
  }),
  ...overrides,
});

describe('users screen', () => {
  it('when the list loads, then each user is a row linking to their page, with the search from the address', async () => {
    const listUsers = jest.fn(async () => usersPage([user(7), user(8, { role: 'ADMIN' })], 41));
    renderScreen(<UsersScreen />, { listUsers }, { path: '/users?q=ann&page=2' });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('link', { name: 'user7@example.test' }).getAttribute('href')).toBe('/admin/users/7');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Page 2 of 3 · 41 users')).toBeTruthy();
    expect(listUsers).toHaveBeenCalledWith({ query: { page: '2', pageSize: '20', q: 'ann' } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('when the search names a role, then the list asks for it; a role in the address the list does not offer is not asked for', async () => {
    const listUsers = jest.fn(async (_input: unknown) => usersPage([user(7)]));
    renderScreen(<UsersScreen />, { listUsers }, { path: '/users?role=ROOT' });
    const form = await screen.findByRole('form', { name: 'Search users' });
    expect(listUsers).toHaveBeenLastCalledWith({ query: { page: '1', pageSize: '20' } });
    const ui = userEvent.setup();
    await ui.type(within(form).getByLabelText('E-mail or name'), 'ann');
    await ui.selectOptions(within(form).getByLabelText('Role'), 'ADMIN');
    await ui.click(within(form).getByRole('button', { name: 'Search' }));
    expect(listUsers).toHaveBeenLastCalledWith({ query: { page: '1', pageSize: '20', q: 'ann', role: 'ADMIN' } });
  });

  it('when the users found are exported, then every page of the search is read by cursor and each user is a row', async () => {
    const listUsers = jest.fn(async (input: { query: { cursor?: string } }) =>
      input.query.cursor
        ? { ...usersPage([user(8, { fullName: '+Grace, H.' })]), nextCursor: null }
        : { ...usersPage([user(7)]), hasMore: true, nextCursor: 'u2' },
    );
    renderScreen(<UsersScreen />, { listUsers } as never, { path: '/users?q=ada&role=ADMIN' });
    await screen.findByRole('table', { name: 'Users' });
    const { lines } = await exportedCsv('users');
    expect(listUsers).toHaveBeenCalledWith({ query: { pageSize: '100', page: '1', q: 'ada', role: 'ADMIN' } });
    expect(listUsers).toHaveBeenLastCalledWith({ query: { pageSize: '100', cursor: 'u2', q: 'ada', role: 'ADMIN' } });
    expect(lines[0]?.startsWith('id,email,fullName,role')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['7', '8']);
    expect(lines[2]).toContain(`,"'+Grace, H.",`);
  });

  it("when a user's statement is exported for the days chosen, then its pages are read from the first day's start to the last day's end, a row per line", async () => {
    const line = (id: number, change: number, runningBalance: number) => ({ transaction: transaction(id), change, runningBalance });
    const getUserStatement = jest.fn(async (input: { query: { cursor?: string } }) =>
      input.query.cursor
        ? { from: 'f', to: 't', openingBalance: 0, closingBalance: 2.5, lines: [line(42, -2.5, 2.5)], nextCursor: null, hasMore: false }
        : { from: 'f', to: 't', openingBalance: 0, closingBalance: 2.5, lines: [line(41, 5, 5)], nextCursor: 's2', hasMore: true },
    );
    renderScreen(<UserDetailScreen userId={7} />, detailOperations({ getUserStatement }));
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To (UTC day, included)'), { target: { value: '2026-03-31' } });
    const { lines, link } = await exportedCsv('statement-user-7-2026-03-01-2026-03-31');
    expect(getUserStatement).toHaveBeenCalledWith({
      path: { id: '7' },
      query: { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z', limit: '1000' },
    });
    expect(getUserStatement).toHaveBeenLastCalledWith({
      path: { id: '7' },
      query: { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z', limit: '1000', cursor: 's2' },
    });
    expect(lines[0]?.startsWith('transaction.id,transaction.type,transaction.amount,')).toBe(true);
    expect(lines[0]?.endsWith(',change,runningBalance')).toBe(true);
    expect(lines.slice(1).map((row) => [row.split(',')[0], row.split(',').slice(-2).join(',')])).toEqual([
      ['41', '5,5'],
      ['42', '-2.5,2.5'],
    ]);
    expect(link.getAttribute('download')).toBe('statement-user-7-2026-03-01-2026-03-31.csv');
  });

  it('when the list is refused, then the problem is shown with its title, code and request id', async () => {
    renderScreen(<UsersScreen />, { listUsers: async () => Promise.reject(problem(403, 'FORBIDDEN', 'Not allowed', 'Admins only')) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not allowed');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(alert.textContent).toContain('Admins only');
    expect(alert.textContent).toContain('req-1');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('user detail screen', () => {
  it("when the user's page loads, then their balance over the last 30 days is a chart with its numbers, from one read", async () => {
    const operations = detailOperations({});
    renderScreen(<UserDetailScreen userId={7} />, operations);
    expect(await screen.findByRole('img', { name: /Balance at each day's end/ })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: /Balance at each day's end/ })).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(rows[30]!).getByRole('cell').textContent).toBe('10.00');
    expect(operations.getUserDailyBalances).toHaveBeenCalledTimes(1);
    expect(operations.getUserDailyBalances).toHaveBeenCalledWith({ path: { id: '7' }, query: lastDays(new Date(), 30) });
  });

  it('when the user loads, then balance, held, activeCoins, limits, recent transactions and sessions are shown', async () => {
    renderScreen(<UserDetailScreen userId={7} />, detailOperations({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'User user7@example.test' })).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('10.00');
    expect(screen.getByTestId('held-coins').textContent).toBe('2.50');
    expect(screen.getByTestId('active-coins').textContent).toBe('7.50');
    expect(await screen.findByText('12.50 used of 1,000.00')).toBeTruthy();
    expect(await screen.findAllByTestId('session-row')).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: 'Recent transactions' })).getByRole('link', { name: '41' })).toBeTruthy();
    // An ADMIN sees no SUPERADMIN action.
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
  });

  it('when an ADMIN freezes the wallet with a reason and a case, then it is sent, said, and the user read again', async () => {
    const operations = detailOperations({
      freezeUserWallet: jest.fn(async () => ({ userId: 7, frozen: true, freeze: null })),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations);
    const ui = userEvent.setup();
    expect((await screen.findByTestId('wallet-frozen')).textContent).toBe('This wallet is not frozen.');
    expect(screen.getByRole('button', { name: 'Freeze wallet' })).toHaveProperty('disabled', true);
    await ui.type(screen.getByLabelText('Reason'), 'fan-in from new accounts');
    await ui.type(screen.getByLabelText('Case (optional)'), 'case-7');
    const reads = operations.getUser.mock.calls.length;
    await ui.click(screen.getByRole('button', { name: 'Freeze wallet' }));
    expect(operations.freezeUserWallet).toHaveBeenCalledWith({
      path: { id: '7' },
      body: { reason: 'fan-in from new accounts', caseId: 'case-7' },
    });
    expect(await screen.findByText('Frozen: its debits are refused; coins sent to it still land.')).toBeTruthy();
    expect(operations.getUser.mock.calls.length).toBe(reads + 1);
  });

  it('when an ADMIN verifies an unverified user with a reason, then it is sent, said, and the user read again', async () => {
    const unverified = { ...userDetail(7, 10), isVerified: false };
    const operations = detailOperations({
      getUser: jest.fn(async () => unverified),
      setUserVerification: jest.fn(async () => ({ user: { ...user(7), isVerified: true } })),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations);
    const ui = userEvent.setup();
    expect((await screen.findByTestId('user-verified')).textContent).toBe('Not verified: may cash out the unverified daily amount.');
    expect(screen.getByTestId('is-verified').textContent).toBe('no');
    // A reason is required before anything can be sent.
    expect(screen.getByRole('button', { name: 'Verify user' })).toHaveProperty('disabled', true);
    await ui.type(screen.getByLabelText('Why'), 'ID card checked');
    const reads = operations.getUser.mock.calls.length;
    await ui.click(screen.getByRole('button', { name: 'Verify user' }));
    expect(operations.setUserVerification).toHaveBeenCalledWith({ path: { id: '7' }, body: { verified: true, reason: 'ID card checked' } });
    expect(await screen.findByText('Verified: the verified cash-out amount applies from their next token.')).toBeTruthy();
    expect(operations.getUser.mock.calls.length).toBe(reads + 1);
  });

  it('when an ADMIN takes verification away and it needs a fresh second factor, then the code is asked in place and it is sent again', async () => {
    const setUserVerification = jest
      .fn(async (_input: unknown) => ({ user: { ...user(7), isVerified: false } }))
      .mockImplementationOnce(async () => Promise.reject(problem(403, 'STEP_UP_REQUIRED', 'Confirm with your second factor')));
    const stepUp = jest.fn(async (_code: string) => undefined);
    renderScreen(<UserDetailScreen userId={7} />, detailOperations({ setUserVerification }), { stepUp });
    const ui = userEvent.setup();
    expect((await screen.findByTestId('user-verified')).textContent).toBe('Verified: may cash out the verified daily amount.');
    await ui.type(screen.getByLabelText('Why'), 'document expired');
    await ui.click(screen.getByRole('button', { name: 'Take verification away' }));
    await ui.type(await screen.findByLabelText(/Code to confirm/), '123456');
    await ui.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(stepUp).toHaveBeenCalledWith('123456');
    await ui.click(screen.getByRole('button', { name: 'Take verification away' }));
    expect(await screen.findByText('No longer verified: their tokens saying otherwise no longer work.')).toBeTruthy();
    expect(setUserVerification).toHaveBeenCalledTimes(2);
    expect(setUserVerification).toHaveBeenLastCalledWith({ path: { id: '7' }, body: { verified: false, reason: 'document expired' } });
  });

  it('when the ADMIN who asked to unfreeze approves it, then the refusal (UNFREEZE_BY_REQUESTER) is shown', async () => {
    const frozen = userDetail(7, 10);
    const operations = detailOperations({
      getUser: jest.fn(async () => ({ ...frozen, wallet: { ...frozen.wallet, frozen: true } })),
      approveUnfreeze: jest.fn(async () =>
        Promise.reject(problem(403, 'UNFREEZE_BY_REQUESTER', 'The requester cannot approve their own unfreeze')),
      ),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations);
    const ui = userEvent.setup();
    expect((await screen.findByTestId('wallet-frozen')).textContent).toBe('This wallet is frozen: nothing leaves it.');
    expect(screen.getByTestId('frozen').textContent).toBe('yes: its debits are refused');
    await ui.click(screen.getByRole('button', { name: 'Approve unfreeze' }));
    expect(operations.approveUnfreeze).toHaveBeenCalledWith({ path: { id: '7' } });
    expect((await screen.findByRole('alert')).textContent).toContain('UNFREEZE_BY_REQUESTER');
  });

  it('when an ADMIN+ rejects the request to lift a freeze with a reason, then the rejection is sent and said, and the wallet stays frozen', async () => {
    const frozen = userDetail(7, 10);
    const operations = detailOperations({
      getUser: jest.fn(async () => ({ ...frozen, wallet: { ...frozen.wallet, frozen: true } })),
      rejectUnfreeze: jest.fn(async () => ({
        approval: {
          id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a72',
          status: 'REJECTED' as const,
          unfreeze: { userId: 7, reason: 'cleared' },
          requestedBy: { kind: 'user' as const, id: '42', role: 'ADMIN' as const },
          createdAt: '2026-01-15T09:30:00.000Z',
          expiresAt: '2026-01-16T09:30:00.000Z',
          updatedAt: '2026-01-15T09:40:00.000Z',
          decidedBy: { kind: 'user' as const, id: '10', role: 'ADMIN' as const },
          rejectionReason: 'The case is still open',
          transactionId: null,
        },
      })),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations);
    const ui = userEvent.setup();
    await screen.findByTestId('wallet-frozen');
    expect((screen.getByRole('button', { name: 'Reject unfreeze' }) as HTMLButtonElement).disabled).toBe(true);
    await ui.type(screen.getByLabelText('Reason'), 'The case is still open');
    await ui.click(screen.getByRole('button', { name: 'Reject unfreeze' }));
    expect(operations.rejectUnfreeze).toHaveBeenCalledWith({ path: { id: '7' }, body: { reason: 'The case is still open' } });
    expect(await screen.findByText('The request to lift the freeze is rejected: the wallet stays frozen.')).toBeTruthy();
  });

  it('when a SUPERADMIN ends the sessions, then nothing is sent before the confirmation, the dialog is busy while it is sent, and the result is said', async () => {
    const answer = deferred<undefined>();
    const operations = detailOperations({ revokeUserSessions: jest.fn(() => answer.promise) });
    renderScreen(<UserDetailScreen userId={7} />, operations, { role: 'SUPERADMIN' });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'End all sessions' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('End every session of user7@example.test?');
    expect(operations.revokeUserSessions).not.toHaveBeenCalled();
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(operations.revokeUserSessions).not.toHaveBeenCalled();

    await ui.click(screen.getByRole('button', { name: 'End all sessions' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End their sessions' }));
    expect(operations.revokeUserSessions).toHaveBeenCalledWith({ path: { id: '7' } });
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End their sessions' })).toHaveProperty('disabled', true);
    const sessionLoads = operations.listUserSessions.mock.calls.length;
    await act(async () => answer.resolve(undefined));
    expect(await screen.findByText('Every session of user7@example.test has ended.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(operations.listUserSessions.mock.calls.length).toBe(sessionLoads + 1);
  });

  it('when a deletion is refused, then the problem is shown and the user stays', async () => {
    const operations = detailOperations({
      deleteUser: jest.fn(async () => Promise.reject(problem(409, 'USER_HAS_HOLDS', 'User has pending holds'))),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations, { role: 'SUPERADMIN', path: '/users/7' });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Delete user' }));
    expect(operations.deleteUser).not.toHaveBeenCalled();
    await ui.click(screen.getByRole('button', { name: 'Delete and burn 10.00 coins' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('USER_HAS_HOLDS');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(window.location.pathname).toBe('/admin/users/7');
  });

  it('when a role change is confirmed, then the new role is sent and the user is loaded again', async () => {
    const operations = detailOperations({
      changeUserRole: jest.fn(async () => ({ message: 'Role changed', user: { id: 7, role: 'ADMIN' as const } })),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations, { role: 'SUPERADMIN' });
    const ui = userEvent.setup();
    await ui.selectOptions(await screen.findByRole('combobox', { name: 'New role' }), 'ADMIN');
    await ui.click(screen.getByRole('button', { name: 'Change role' }));
    expect(operations.changeUserRole).not.toHaveBeenCalled();
    await ui.click(screen.getByRole('button', { name: 'Yes, make ADMIN' }));
    expect(await screen.findByText('Role changed to ADMIN.')).toBeTruthy();
    expect(operations.changeUserRole).toHaveBeenCalledWith({ path: { id: '7' }, body: { role: 'ADMIN' } });
    expect(operations.getUser).toHaveBeenCalledTimes(2);
  });

  it('when a role grant waits for another SUPERADMIN (202), then the console says so and the user is not loaded again', async () => {
    const operations = detailOperations({
      changeUserRole: jest.fn(async () => ({
        grantRequest: grantRequest('5e4d3c2b-0000-4000-8000-000000000001', {
          type: 'user.change-role',
          userId: 7,
          role: 'ADMIN',
          previousRole: 'USER',
        }),
      })),
    });
    renderScreen(<UserDetailScreen userId={7} />, operations, { role: 'SUPERADMIN' });
    const ui = userEvent.setup();
    await ui.selectOptions(await screen.findByRole('combobox', { name: 'New role' }), 'ADMIN');
    await ui.click(screen.getByRole('button', { name: 'Change role' }));
    await ui.click(screen.getByRole('button', { name: 'Yes, make ADMIN' }));
    expect(await screen.findByText(/another SUPERADMIN must approve request 5e4d3c2b/)).toBeTruthy();
    expect(operations.getUser).toHaveBeenCalledTimes(1);
  });
});
