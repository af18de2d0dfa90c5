import type { OperationResult } from '@coin/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, problem, renderScreen } from '../../../test/fake-console';
import { approval, deletionRequest, grantRequest, type PayoutApproval, payoutApproval, transaction } from '../../../test/fixtures';

import { ApprovalsScreen } from '.';
import { exportedCsv } from '../../../test/export';

const pending = (ids: string[]) => ({
  approvals: ids.map((id) => approval(id)),
  pagination: { limit: 25, offset: 0, total: ids.length },
  hasMore: false,
  nextCursor: null,
});

const payouts = (...requests: PayoutApproval[]) => ({
  payoutApprovals: requests,
  pagination: { limit: 25, offset: 0, total: requests.length },
  hasMore: false,
  nextCursor: null,
});
const unfreezes = (...requests: Array<{ id: string; userId: number }>) => ({
  unfreezes: requests.map(({ id, userId }) => {
    const { command: _command, ...members } = approval(id);
    return { ...members, unfreeze: { userId, reason: 'the case was closed' } };
  }),
  pagination: { limit: 100, offset: 0, total: requests.length },
  hasMore: false,
  nextCursor: null,
});
/** The payouts and unfreezes sections of a screen about something else: none waits. */
const noPayouts = { listPayoutApprovals: async () => payouts(), listUnfreezeRequests: async () => unfreezes() };

describe('approvals screen', () => {
  it('when the requests load, then each pending one has Approve and Reject buttons named after it', async () => {
    const listApprovals = jest.fn(async () => pending(['aaaaaaaa-1', 'bbbbbbbb-2']));
    renderScreen(<ApprovalsScreen />, { listApprovals, ...noPayouts });
    const table = await screen.findByRole('table', { name: 'Approval requests' });
    expect(within(table).getByRole('button', { name: 'Approve request aaaaaaaa' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Reject request bbbbbbbb' })).toHaveProperty('disabled', true);
    expect(listApprovals).toHaveBeenCalledWith({ query: { limit: '25', offset: '0', status: 'PENDING' } });
    // Deletion requests are a SUPERADMIN's.
    expect(screen.queryByRole('table', { name: 'Pending deletion requests' })).toBeNull();
  });

  it('when a request is approved, then its buttons are busy until the answer, which is said, and the list is loaded again', async () => {
    const answer = deferred<OperationResult<'approveRequest'>>();
    const approveRequest = jest.fn((_input: unknown) => answer.promise);
    const listApprovals = jest.fn(async () => pending(['aaaaaaaa-1']));
    renderScreen(<ApprovalsScreen />, { listApprovals, approveRequest, ...noPayouts }, { apiKey: 'ck_test' });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Approve request aaaaaaaa' }));
    expect(screen.getByRole('button', { name: 'Approve request aaaaaaaa' })).toHaveProperty('disabled', true);
    expect(approveRequest).toHaveBeenCalledWith(
      expect.objectContaining({ path: { id: 'aaaaaaaa-1' }, headers: { 'x-api-key': 'ck_test' } }),
    );
    await act(async () => answer.resolve({ transaction: transaction(60, { amount: 50_000 }) } as OperationResult<'approveRequest'>));
    expect((await screen.findByRole('status')).textContent).toBe('Approved: transaction 60 (MINT 50,000.00).');
    expect(listApprovals).toHaveBeenCalledTimes(2);
  });

  it('when one approves their own request, then the refusal is shown', async () => {
    renderScreen(<ApprovalsScreen />, {
      listApprovals: async () => pending(['aaaaaaaa-1']),
      ...noPayouts,
      approveRequest: async () => Promise.reject(problem(403, 'SELF_APPROVAL', 'You cannot approve your own request')),
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Approve request aaaaaaaa' }));
    expect((await screen.findByRole('alert')).textContent).toContain('SELF_APPROVAL');
  });

  it('when a SUPERADMIN rejects a deletion request with a reason, then the reason is sent', async () => {
    const rejectDeletionRequest = jest.fn(async () => ({}) as OperationResult<'rejectDeletionRequest'>);
    renderScreen(
      <ApprovalsScreen />,
      {
        listApprovals: async () => pending([]),
        ...noPayouts,
        listDeletionRequests: async () => ({ deletionRequests: [deletionRequest('dddddddd-1', 9, 20_000)] }),
        listGrantRequests: async () => ({ grantRequests: [] }),
        listRewardCapRequests: async () => ({ rewardCapRequests: [] }),
        rejectDeletionRequest,
      },
      { role: 'SUPERADMIN' },
    );
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Pending deletion requests' });
    await ui.type(within(table).getByLabelText('Reason for rejecting dddddddd-1'), 'keeps studying');
    await ui.click(within(table).getByRole('button', { name: 'Reject request dddddddd' }));
    expect(await screen.findByText('Rejected dddddddd-1.')).toBeTruthy();
    expect(rejectDeletionRequest).toHaveBeenCalledWith(
      expect.objectContaining({ path: { id: 'dddddddd-1' }, body: { reason: 'keeps studying' } }),
    );
  });

  it('when a SUPERADMIN approves a grant request, then it is sent with its own Idempotency-Key, said, and the list loaded again', async () => {
    const approveGrantRequest = jest.fn(async () => ({}) as OperationResult<'approveGrantRequest'>);
    const listGrantRequests = jest.fn(async () => ({
      grantRequests: [grantRequest('gggggggg-1', { type: 'user.change-role', userId: 9, role: 'ADMIN', previousRole: 'USER' })],
    }));
    renderScreen(
      <ApprovalsScreen />,
      {
        listApprovals: async () => pending([]),
        ...noPayouts,
        listDeletionRequests: async () => ({ deletionRequests: [] }),
        listGrantRequests,
        listRewardCapRequests: async () => ({ rewardCapRequests: [] }),
        approveGrantRequest,
      },
      { role: 'SUPERADMIN' },
    );
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Pending grant requests' });
    expect(within(table).getByText(/USER → ADMIN/)).toBeTruthy();
    await ui.click(within(table).getByRole('button', { name: 'Approve request gggggggg' }));
    expect(await screen.findByText('Approved gggggggg.')).toBeTruthy();
    expect(approveGrantRequest).toHaveBeenCalledWith({ path: { id: 'gggggggg-1' }, idempotencyKey: expect.any(String) });
    expect(listGrantRequests).toHaveBeenCalledTimes(2);
  });

  it("when a SUPERADMIN approves a reward cap change, then it is shown as the client's cap before and after, sent with its own Idempotency-Key, and the list loaded again; a rejection sends its reason", async () => {
    const approveRewardCapRequest = jest.fn(async () => ({}) as OperationResult<'approveRewardCapRequest'>);
    const rejectRewardCapRequest = jest.fn(async () => ({}) as OperationResult<'rejectRewardCapRequest'>);
    const cap = (id: string, dailyRewardCap: number | null) => ({
      ...grantRequest(id, { type: 'user.change-role', userId: 9, role: 'ADMIN', previousRole: 'USER' }),
      act: { type: 'user.platform-client.set-reward-cap' as const, clientId: 'pc_shop', dailyRewardCap, previousDailyRewardCap: 500 },
    });
    const listRewardCapRequests = jest.fn(async () => ({ rewardCapRequests: [cap('cccccccc-1', 2_000), cap('eeeeeeee-2', null)] }));
    renderScreen(
      <ApprovalsScreen />,
      {
        listApprovals: async () => pending([]),
        ...noPayouts,
        listDeletionRequests: async () => ({ deletionRequests: [] }),
        listGrantRequests: async () => ({ grantRequests: [] }),
        listRewardCapRequests,
        approveRewardCapRequest,
        rejectRewardCapRequest,
      },
      { role: 'SUPERADMIN' },
    );
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Pending reward cap changes' });
    expect(within(table).getAllByText(/pc_shop/)).toHaveLength(2);
    expect(within(table).getByText(/→ the default a day/)).toBeTruthy();
    await ui.click(within(table).getByRole('button', { name: 'Approve request cccccccc' }));
    expect(await screen.findByText('Approved cccccccc.')).toBeTruthy();
    expect(approveRewardCapRequest).toHaveBeenCalledWith({ path: { id: 'cccccccc-1' }, idempotencyKey: expect.any(String) });
    expect(listRewardCapRequests).toHaveBeenCalledTimes(2);
    const reloaded = await screen.findByRole('table', { name: 'Pending reward cap changes' });
    await ui.type(within(reloaded).getByLabelText('Reason for rejecting eeeeeeee-2'), 'no campaign needs it');
    await ui.click(within(reloaded).getByRole('button', { name: 'Reject request eeeeeeee' }));
    expect(rejectRewardCapRequest).toHaveBeenCalledWith(
      expect.objectContaining({ path: { id: 'eeeeeeee-2' }, body: { reason: 'no campaign needs it' } }),
    );
  });

  it("when an ADMIN decides unfreeze requests, then each wallet's standing request is offered once and decided by its wallet", async () => {
    const approveUnfreeze = jest.fn(async () => ({}) as OperationResult<'approveUnfreeze'>);
    const rejectUnfreeze = jest.fn(async () => ({}) as OperationResult<'rejectUnfreeze'>);
    // Newest first: user 7's newer request stands, its older one beside it is not offered.
    const listUnfreezeRequests = jest.fn(async () =>
      unfreezes({ id: 'ffffffff-3', userId: 7 }, { id: 'eeeeeeee-2', userId: 8 }, { id: 'dddddddd-1', userId: 7 }),
    );
    renderScreen(<ApprovalsScreen />, {
      listApprovals: async () => pending([]),
      listPayoutApprovals: async () => payouts(),
      listUnfreezeRequests,
      approveUnfreeze,
      rejectUnfreeze,
    });
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Pending unfreeze requests' });
    expect(within(table).queryByRole('button', { name: 'Approve request dddddddd' })).toBeNull();
    expect(listUnfreezeRequests).toHaveBeenCalledWith({ query: { status: 'PENDING', limit: '100' } });
    await ui.click(within(table).getByRole('button', { name: 'Approve request ffffffff' }));
    expect(await screen.findByText('Approved ffffffff.')).toBeTruthy();
    expect(approveUnfreeze).toHaveBeenCalledWith({ path: { id: '7' }, idempotencyKey: expect.any(String) });
    const reloaded = await screen.findByRole('table', { name: 'Pending unfreeze requests' });
    await ui.type(within(reloaded).getByLabelText('Reason for rejecting eeeeeeee-2'), 'the case is still open');
    await ui.click(within(reloaded).getByRole('button', { name: 'Reject request eeeeeeee' }));
    expect(rejectUnfreeze).toHaveBeenCalledWith(expect.objectContaining({ path: { id: '8' }, body: { reason: 'the case is still open' } }));
  });

  it('when the approval requests are exported, then the first page from offset 0 and the next by cursor are read, a row per request', async () => {
    const listApprovals = jest.fn(async (input: { query: { cursor?: string } }) =>
      input.query.cursor
        ? { ...pending(['bbbbbbbb-2']), nextCursor: null }
        : { ...pending(['aaaaaaaa-1']), hasMore: true, nextCursor: 'n2' },
    );
    renderScreen(<ApprovalsScreen />, { listApprovals, ...noPayouts } as never);
    await screen.findByRole('table', { name: 'Approval requests' });
    const { lines } = await exportedCsv('approvals');
    expect(listApprovals).toHaveBeenCalledWith({ query: { limit: '100', offset: '0', status: 'PENDING' } });
    expect(listApprovals).toHaveBeenLastCalledWith({ query: { limit: '100', cursor: 'n2', status: 'PENDING' } });
    expect(lines[0]).toBe(
      'id,status,command.type,command.userId,command.treasury,command.transactionId,command.amount,command.reason,requestedBy.kind,requestedBy.id,requestedBy.role,createdAt,expiresAt,updatedAt,decidedBy,rejectionReason,transactionId',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 7).join(','))).toEqual([
      'aaaaaaaa-1,PENDING,MINT,7,,,50000',
      'bbbbbbbb-2,PENDING,MINT,7,,,50000',
    ]);
  });

  it('when the payout requests are exported, then each is a row with its lines as one JSON cell', async () => {
    renderScreen(<ApprovalsScreen />, {
      listApprovals: async () => pending([]),
      listPayoutApprovals: async () => payouts(payoutApproval('cccccccc-3')),
    });
    await screen.findByRole('table', { name: 'Payout approval requests' });
    const { lines } = await exportedCsv('payout-approvals');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith('cccccccc-3,PENDING,')).toBe(true);
    expect(lines[0]).toContain('payout.lines');
  });
});
