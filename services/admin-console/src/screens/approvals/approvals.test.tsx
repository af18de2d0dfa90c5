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
/** The payouts section of a screen about something else: none waits. */
const noPayouts = { listPayoutApprovals: async () => payouts() };

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
