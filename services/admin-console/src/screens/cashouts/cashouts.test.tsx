import type { OperationResult } from '@coin/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { CashoutsScreen, reconciliationCsv } from '.';

const cashout = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  userId: 7,
  amount: 10,
  xafAmount: 6550,
  xafPerCoin: 655,
  rateEffectiveFrom: '2026-11-01T00:00:00.000Z',
  msisdn: '+237670000000',
  providerClientId: 'pc_momo' as string | null,
  claimedBy: null as string | null,
  claimedAt: null as string | null,
  status: 'REQUESTED' as OperationResult<'listCashouts'>['cashouts'][number]['status'],
  providerReference: null,
  transactionId: null,
  approval: {
    status: 'NOT_REQUIRED' as 'NOT_REQUIRED' | 'PENDING' | 'APPROVED',
    approvedBy: null as number | null,
    approvedAt: null as string | null,
  },
  expiresAt: '2026-11-24T12:00:00.000Z',
  createdAt: '2026-11-24T11:00:00.000Z',
  updatedAt: '2026-11-24T11:00:00.000Z',
  ...over,
});
const line = (over: Record<string, unknown> = {}) => ({
  day: '2026-11-23',
  providerClientId: 'pc_momo',
  requested: 3,
  requestedXaf: 19650,
  confirmed: 2,
  confirmedCoins: 20,
  confirmedXaf: 13100,
  failed: 0,
  expired: 1,
  released: 0,
  pending: 0,
  claimed: 0,
  overdue: 0,
  frozen: 0,
  ...over,
});
const rateVersion = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  xafPerCoin: 700,
  effectiveFrom: '2026-12-01T00:00:00.000Z',
  status: 'PROPOSED' as 'PROPOSED' | 'APPROVED' | 'REJECTED' | 'EXPIRED',
  proposedBy: { kind: 'user' as const, id: '11' },
  proposedAt: '2026-11-24T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  expiresAt: '2026-11-25T10:00:00.000Z',
  ...over,
});
const rates =
  (versions: ReturnType<typeof rateVersion>[] = []) =>
  async () => ({
    configured: [{ xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z' }],
    versions,
    inForce: { xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z', id: null },
  });
const report = (lines: ReturnType<typeof line>[]) => ({ from: '2026-11-18', to: '2026-11-24', lines });

describe('cash-outs screen', () => {
  it('when the queue loads, then each cash-out is a row with its user, provider, coins, XAF and burn; filters and cursor paging ask the API', async () => {
    const listCashouts = jest.fn(async (_input: unknown) => ({
      cashouts: [
        cashout('c1234567-x'),
        cashout('c2', { status: 'CONFIRMED', transactionId: 1049, providerReference: 'MOMO-77', userId: 9 }),
      ],
      pagination: { limit: 25, offset: 0, total: 40 },
      hasMore: true,
      nextCursor: 'next-1',
    }));
    const getCashoutReconciliation = jest.fn(async (_input: unknown) => report([line()]));
    renderScreen(<CashoutsScreen />, { listCashouts, getCashoutReconciliation, listCashoutRates: rates() });
    const table = await screen.findByRole('table', { name: 'Cash-outs' });
    expect(within(table).getByText('c1234567')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'user 9' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: '#1049' })).toBeTruthy();
    expect(within(table).getByText('MOMO-77')).toBeTruthy();
    expect(within(table).getAllByText('6,550')).toHaveLength(2);
    expect(listCashouts).toHaveBeenCalledWith({ query: { limit: '25', status: 'REQUESTED' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(listCashouts).toHaveBeenLastCalledWith({ query: { limit: '25', status: 'REQUESTED', cursor: 'next-1' } });
    const filters = screen.getByRole('form', { name: 'Filter cash-outs' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'FAILED');
    await user.type(within(filters).getByLabelText('Provider (platform client id)'), 'pc_momo');
    await user.click(within(filters).getByRole('button', { name: 'Filter' }));
    expect(listCashouts).toHaveBeenLastCalledWith({ query: { limit: '25', status: 'FAILED', providerClientId: 'pc_momo' } });
    expect(getCashoutReconciliation).toHaveBeenLastCalledWith({ query: expect.objectContaining({ providerClientId: 'pc_momo' }) });
  });

  it('when the reconciliation loads, then its lines are a table and a link downloads them as the CSV the API writes', async () => {
    const getCashoutReconciliation = jest.fn(async (_input: unknown) =>
      report([line(), line({ providerClientId: 'pc_orange', day: '2026-11-24' })]),
    );
    renderScreen(<CashoutsScreen />, {
      listCashouts: async () => ({ cashouts: [], pagination: { limit: 25, offset: 0, total: 0 }, hasMore: false, nextCursor: null }),
      getCashoutReconciliation,
      listCashoutRates: rates(),
    });
    const table = await screen.findByRole('table', { name: 'Reconciliation 2026-11-18 – 2026-11-24' });
    expect(within(table).getByText('pc_orange')).toBeTruthy();
    expect(within(table).getAllByText('13,100')).toHaveLength(2);
    expect(screen.getByText('No cash-out.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('download')).toBe('cashouts-2026-11-18-2026-11-24.csv');
    const csv = decodeURIComponent((link.getAttribute('href') ?? '').replace('data:text/csv;charset=utf-8,', ''));
    expect(csv.split('\r\n')).toEqual([
      'day,providerClientId,requested,requestedXaf,confirmed,confirmedCoins,confirmedXaf,failed,expired,released,pending,claimed,overdue,frozen',
      '2026-11-23,pc_momo,3,19650,2,20,13100,0,1,0,0,0,0,0',
      '2026-11-24,pc_orange,3,19650,2,20,13100,0,1,0,0,0,0,0',
      '',
    ]);
  });

  it('when a provider id would be a spreadsheet formula or breaks the row, then its cell is defused and quoted', () => {
    const csv = reconciliationCsv(report([line({ providerClientId: '=HYPERLINK("x"),1' })]));
    expect(csv.split('\r\n')[1]).toBe(`2026-11-23,"'=HYPERLINK(""x""),1",3,19650,2,20,13100,0,1,0,0,0,0,0`);
  });

  it('when a cash-out is claimed, then the queue shows CLAIMED and by whom; one naming no provider shows any; the CLAIMED filter asks the API', async () => {
    const listCashouts = jest.fn(async (_input: unknown) => ({
      cashouts: [
        cashout('c3', { status: 'CLAIMED', providerClientId: null, claimedBy: 'pc_orange', claimedAt: '2026-11-24T11:05:00.000Z' }),
      ],
      pagination: { limit: 25, offset: 0, total: 1 },
      hasMore: false,
      nextCursor: null,
    }));
    renderScreen(<CashoutsScreen />, {
      listCashouts,
      getCashoutReconciliation: async () => report([line({ providerClientId: null, pending: 1 })]),
    });
    const table = await screen.findByRole('table', { name: 'Cash-outs' });
    const row = within(table).getByText('c3').closest('tr')!;
    expect(within(row).getByText('CLAIMED')).toBeTruthy();
    expect(within(row).getByText('pc_orange')).toBeTruthy();
    expect(within(row).getByText('any')).toBeTruthy();
    expect(await screen.findByText('unclaimed')).toBeTruthy();
    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Filter cash-outs' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'CLAIMED');
    await user.click(within(filters).getByRole('button', { name: 'Filter' }));
    expect(listCashouts).toHaveBeenLastCalledWith({ query: { limit: '25', status: 'CLAIMED' } });
  });

  it('when the queue is refused, then the problem is shown', async () => {
    renderScreen(<CashoutsScreen />, {
      listCashouts: async () => Promise.reject(problem(403, 'FORBIDDEN', 'Forbidden')),
      getCashoutReconciliation: async () => report([]),
      listCashoutRates: rates(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('FORBIDDEN');
  });

  it('when an ADMIN proposes a rate, then it is sent as XAF per coin from a UTC time, and a proposed version is approved from its row until it expires', async () => {
    const proposeCashoutRate = jest.fn(async (_input: unknown) => ({ rate: rateVersion('r9') }));
    const approveCashoutRate = jest.fn(async (_input: unknown) => ({
      rate: rateVersion('r1', { status: 'APPROVED' }),
      approval: rateVersion('r1', { status: 'APPROVED' }),
    }));
    renderScreen(<CashoutsScreen />, {
      listCashouts: async () => ({ cashouts: [], pagination: { limit: 25, offset: 0, total: 0 }, hasMore: false, nextCursor: null }),
      getCashoutReconciliation: async () => report([]),
      listCashoutRates: rates([
        rateVersion('r1'),
        rateVersion('r2', { status: 'APPROVED', decidedBy: { kind: 'user', id: '12' }, decidedAt: '2026-11-24T10:05:00.000Z' }),
        rateVersion('r3', { status: 'EXPIRED' }),
      ]),
      proposeCashoutRate,
      approveCashoutRate,
    });
    const table = await screen.findByRole('table', { name: 'Rate versions' });
    expect(screen.getByText(/In force: 655 XAF per coin/)).toBeTruthy();
    // The proposed one says until when; the expired one is decided by nobody.
    expect(within(table).getByText(/^PROPOSED until/)).toBeTruthy();
    expect(within(table).getByText('EXPIRED')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Approve rate' })).toHaveLength(1);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Propose a rate' });
    await user.type(within(form).getByLabelText('XAF per coin'), '700');
    await user.type(within(form).getByLabelText('Effective from (UTC)'), '2026-12-01T00:00');
    await user.click(within(form).getByRole('button', { name: 'Propose rate' }));
    expect(proposeCashoutRate).toHaveBeenCalledWith({
      body: { xafPerCoin: 700, effectiveFrom: '2026-12-01T00:00:00.000Z' },
      idempotencyKey: expect.any(String),
    });
    await user.click(within(table).getByRole('button', { name: 'Approve rate' }));
    expect(approveCashoutRate).toHaveBeenCalledWith({ path: { id: 'r1' }, idempotencyKey: expect.any(String) });
    expect((await screen.findByText('Approved rate r1.')).textContent).toBeTruthy();
  });

  it('when a big cash-out waits for its second person, then its row approves or rejects it; the refusal of the payer is shown', async () => {
    const approveCashout = jest.fn(async (_input: unknown) => Promise.reject(problem(403, 'SELF_DEALING', 'Self-dealing')));
    const listCashouts = jest.fn(async (_input: unknown) => ({
      cashouts: [cashout('big1', { amount: 60000, approval: { status: 'PENDING', approvedBy: null, approvedAt: null } }), cashout('small')],
      pagination: { limit: 25, offset: 0, total: 2 },
      hasMore: false,
      nextCursor: null,
    }));
    renderScreen(<CashoutsScreen />, {
      listCashouts,
      getCashoutReconciliation: async () => report([]),
      listCashoutRates: rates(),
      approveCashout,
    });
    const table = await screen.findByRole('table', { name: 'Cash-outs' });
    expect(within(table).getAllByRole('button', { name: 'Approve cash-out' })).toHaveLength(1);
    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Filter cash-outs' });
    await user.click(within(filters).getByLabelText('Waiting for a second person'));
    await user.click(within(filters).getByRole('button', { name: 'Filter' }));
    expect(listCashouts).toHaveBeenLastCalledWith({ query: { limit: '25', status: 'REQUESTED', approval: 'PENDING' } });
    await user.click(within(await screen.findByRole('table', { name: 'Cash-outs' })).getByRole('button', { name: 'Approve cash-out' }));
    expect(approveCashout).toHaveBeenCalledWith({ path: { id: 'big1' }, idempotencyKey: expect.any(String) });
    expect((await screen.findByRole('alert')).textContent).toContain('SELF_DEALING');
  });
});
