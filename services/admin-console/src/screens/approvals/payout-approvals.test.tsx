import type { OperationResult } from '@coin/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, problem, renderScreen } from '../../../test/fake-console';
import { type PayoutApproval, payoutApproval, treasury } from '../../../test/fixtures';

import { ApprovalsScreen } from '.';

const page = (...requests: PayoutApproval[]) => ({
  payoutApprovals: requests,
  pagination: { limit: 25, offset: 0, total: requests.length },
  hasMore: false,
  nextCursor: null,
});
/** No Approval waits: the screen's first table is empty, the payouts are below it. */
const listApprovals = async () => ({ approvals: [], pagination: { limit: 25, offset: 0, total: 0 }, hasMore: false, nextCursor: null });
/** The unfreeze requests section: none waits. */
const noUnfreezes = async () => ({ unfreezes: [], pagination: { limit: 100, offset: 0, total: 0 }, hasMore: false, nextCursor: null });

const approved = (request: PayoutApproval): OperationResult<'approvePayoutRequest'> => ({
  payout: {
    type: 'REWARD',
    reference: request.payout.reference,
    total: request.payout.total,
    lines: request.payout.lines.map((l) => ({ index: l.index, toUserId: l.toUserId, amount: l.amount, transactionId: 100 + l.index })),
  },
  wallet: treasury('REWARDS', 1_000),
  approval: { ...request, status: 'APPROVED', decidedBy: { kind: 'user', id: '1', role: 'ADMIN' }, transactionId: 100 },
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('approvals screen: payouts waiting', () => {
  it('when payout requests load, then each row says who asked, when, the status, total, lines and reference, and its lines show on asking', async () => {
    const listPayoutApprovals = jest.fn(async (_input: unknown) =>
      page(
        payoutApproval('pppppppp-1', [50, 25]),
        payoutApproval('qqqqqqqq-2', [10], { status: 'APPROVED', decidedBy: { kind: 'user', id: '9', role: 'ADMIN' } }),
      ),
    );
    renderScreen(<ApprovalsScreen />, { listUnfreezeRequests: noUnfreezes, listApprovals, listPayoutApprovals });
    const section = await screen.findByRole('region', { name: 'Payouts waiting' });
    const table = await within(section).findByRole('table', { name: 'Payout approval requests' });
    expect(listPayoutApprovals).toHaveBeenCalledWith({ query: { limit: '25', offset: '0', status: 'PENDING' } });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Request', 'Status', 'Reference', 'Total', 'Lines', 'Requested by', 'Created (UTC)', 'Expires (UTC)', 'Decide']);
    const [, pendingRow, approvedRow] = within(table).getAllByRole('row');
    expect(cellsOf(pendingRow!).slice(0, 8)).toEqual([
      'pppppppp',
      'PENDING',
      'spring-cup · Spring cup: prizes',
      '75.00',
      'Show 2 lines of payout request pppppppp',
      'user 2',
      '01/03/2026, 10:00:00',
      '02/03/2026, 10:00:00',
    ]);
    // A PENDING one is decided here; a decided one says by whom, with no buttons.
    expect(within(pendingRow!).getByRole('button', { name: 'Approve payout request pppppppp' })).toBeTruthy();
    expect(within(pendingRow!).getByRole('button', { name: 'Reject payout request pppppppp' })).toHaveProperty('disabled', true);
    expect(cellsOf(approvedRow!)[1]).toBe('APPROVED');
    expect(cellsOf(approvedRow!)[4]).toBe('Show 1 line of payout request qqqqqqqq');
    expect(cellsOf(approvedRow!)[8]).toBe('9');
    expect(within(approvedRow!).queryByRole('button', { name: /Approve/ })).toBeNull();

    // The lines are not drawn until asked for; then each line's recipient, amount and reason.
    expect(screen.queryByRole('table', { name: 'Lines of payout request pppppppp' })).toBeNull();
    const ui = userEvent.setup();
    const show = within(pendingRow!).getByRole('button', { name: 'Show 2 lines of payout request pppppppp' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await ui.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    const lines = within(pendingRow!).getByRole('table', { name: 'Lines of payout request pppppppp' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['#', 'Recipient', 'Amount', 'Reason']);
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cellsOf(r)),
    ).toEqual([
      ['0', 'user 41', '50.00', 'first place'],
      ['1', 'user 42', '25.00', '—'],
    ]);
    expect(within(lines).getByRole('link', { name: 'user 41' }).getAttribute('href')).toBe('/admin/users/41');
    await ui.click(within(pendingRow!).getByRole('button', { name: 'Hide 2 lines of payout request pppppppp' }));
    expect(screen.queryByRole('table', { name: 'Lines of payout request pppppppp' })).toBeNull();
  });

  it('when another status is chosen, then the payouts are listed again of that status from the first page, and the approvals above are not', async () => {
    const listPayoutApprovals = jest.fn(async (_input: unknown) => page(payoutApproval('pppppppp-1')));
    const approvals = jest.fn(listApprovals);
    renderScreen(<ApprovalsScreen />, { listUnfreezeRequests: noUnfreezes, listApprovals: approvals, listPayoutApprovals });
    await screen.findByRole('table', { name: 'Payout approval requests' });
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByLabelText('Payout status'), 'Any');
    expect(listPayoutApprovals).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '0' } });
    await ui.selectOptions(screen.getByLabelText('Payout status'), 'EXPIRED');
    expect(listPayoutApprovals).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '0', status: 'EXPIRED' } });
    expect(approvals).toHaveBeenCalledTimes(1);
  });

  it('when a payout request is approved, then the call carries the API key and an Idempotency-Key, the row is busy until the answer, which is said, and the list is loaded again', async () => {
    const request = payoutApproval('pppppppp-1', [50, 25]);
    const answer = deferred<OperationResult<'approvePayoutRequest'>>();
    const approvePayoutRequest = jest.fn((_input: unknown) => answer.promise);
    const listPayoutApprovals = jest.fn(async (_input: unknown) => page(request));
    renderScreen(
      <ApprovalsScreen />,
      { listUnfreezeRequests: noUnfreezes, listApprovals, listPayoutApprovals, approvePayoutRequest },
      { apiKey: 'ck_reward' },
    );
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Approve payout request pppppppp' }));
    expect(screen.getByRole('button', { name: 'Approve payout request pppppppp' })).toHaveProperty('disabled', true);
    expect(approvePayoutRequest).toHaveBeenCalledTimes(1);
    expect(approvePayoutRequest).toHaveBeenCalledWith({
      path: { id: 'pppppppp-1' },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      headers: { 'x-api-key': 'ck_reward' },
    });
    expect(listPayoutApprovals).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(approved(request)));
    const section = screen.getByRole('region', { name: 'Payouts waiting' });
    expect((await within(section).findByRole('status')).textContent).toBe('Approved: payout spring-cup, 2 lines (REWARD) of 75.00 in all.');
    expect(listPayoutApprovals).toHaveBeenCalledTimes(2);
  });

  it('when its requester approves a payout, then the 403 is shown as a problem in the payouts section and nothing is reloaded', async () => {
    const approvePayoutRequest = jest.fn(async (_input: unknown) =>
      Promise.reject(problem(403, 'APPROVAL_BY_REQUESTER', 'You cannot approve your own request', 'Another ADMIN+ must approve it.')),
    );
    const listPayoutApprovals = jest.fn(async (_input: unknown) => page(payoutApproval('pppppppp-1')));
    // No API key typed yet: the call goes without one, and the API says what is wrong.
    renderScreen(<ApprovalsScreen />, { listUnfreezeRequests: noUnfreezes, listApprovals, listPayoutApprovals, approvePayoutRequest });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Approve payout request pppppppp' }));
    const section = screen.getByRole('region', { name: 'Payouts waiting' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('APPROVAL_BY_REQUESTER');
    expect(alert.textContent).toContain('Another ADMIN+ must approve it.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(approvePayoutRequest.mock.calls[0]![0]).not.toHaveProperty('headers');
    expect(listPayoutApprovals).toHaveBeenCalledTimes(1);
    // The row is still there, its buttons usable again.
    expect(screen.getByRole('button', { name: 'Approve payout request pppppppp' })).toHaveProperty('disabled', false);
  });

  it('when approving needs a fresh second factor, then the code is asked in place and the approval goes through when submitted again', async () => {
    const request = payoutApproval('pppppppp-1');
    const approvePayoutRequest = jest
      .fn((_input: unknown) => Promise.resolve(approved(request)))
      .mockImplementationOnce(async () => Promise.reject(problem(403, 'STEP_UP_REQUIRED', 'Confirm with your second factor')));
    const stepUp = jest.fn(async (_code: string) => undefined);
    renderScreen(
      <ApprovalsScreen />,
      { listApprovals, listPayoutApprovals: async () => page(request), approvePayoutRequest },
      { apiKey: 'ck_reward', stepUp },
    );
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Approve payout request pppppppp' }));
    const section = screen.getByRole('region', { name: 'Payouts waiting' });
    await ui.type(await within(section).findByLabelText(/Code to confirm/), '123456');
    await ui.click(within(section).getByRole('button', { name: 'Confirm code' }));
    expect(stepUp).toHaveBeenCalledWith('123456');
    await ui.click(screen.getByRole('button', { name: 'Approve payout request pppppppp' }));
    expect(await within(section).findByText('Approved: payout spring-cup, 2 lines (REWARD) of 75.00 in all.')).toBeTruthy();
    expect(approvePayoutRequest).toHaveBeenCalledTimes(2);
    // Two submissions, two keys: the first was refused (4xx), so the second is a new request.
    const [first, second] = approvePayoutRequest.mock.calls.map(([input]) => (input as { idempotencyKey: string }).idempotencyKey);
    expect(first).not.toBe(second);
  });

  it('when a payout request is rejected with a reason, then the reason is sent, it is said, and the list is loaded again', async () => {
    const rejectPayoutRequest = jest.fn(async (_input: unknown) => ({}) as OperationResult<'rejectPayoutRequest'>);
    const approvePayoutRequest = jest.fn();
    const listPayoutApprovals = jest.fn(async (_input: unknown) => page(payoutApproval('pppppppp-1')));
    renderScreen(<ApprovalsScreen />, {
      listUnfreezeRequests: noUnfreezes,
      listApprovals,
      listPayoutApprovals,
      rejectPayoutRequest,
      approvePayoutRequest,
    });
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Payout approval requests' });
    await ui.type(within(table).getByLabelText('Reason for rejecting pppppppp-1'), '  not budgeted ');
    await ui.click(within(table).getByRole('button', { name: 'Reject payout request pppppppp' }));
    expect(await screen.findByText('Rejected payout pppppppp-1.')).toBeTruthy();
    expect(rejectPayoutRequest).toHaveBeenCalledWith({
      path: { id: 'pppppppp-1' },
      body: { reason: 'not budgeted' },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(approvePayoutRequest).not.toHaveBeenCalled();
    expect(listPayoutApprovals).toHaveBeenCalledTimes(2);
  });
});
