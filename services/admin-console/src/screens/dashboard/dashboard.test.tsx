import { screen, within } from '@testing-library/react';
import { problem, renderScreen } from '../../../test/fake-console';
import { approval, dailyOf, payoutApproval } from '../../../test/fixtures';
import { DashboardScreen } from '.';
import { balanceLine, cashoutsByProvider, daysOfRange, lastDays, supplyAndTreasuries, volumeByClient, volumeByType } from './series';

const volumeDay = (day: string, counts: Record<string, [number, number]>) => ({
  day,
  types: ['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'].map((type) => ({
    type,
    transactions: counts[type]?.[0] ?? 0,
    amount: counts[type]?.[1] ?? 0,
  })),
});

describe('dashboard series (the API’s daily series to chart points)', () => {
  it('when the range is asked for late on a day, then it is the last n UTC days with today’s', () => {
    expect(lastDays(new Date('2030-03-01T23:59:59.999Z'), 3)).toEqual({ from: '2030-02-27', to: '2030-03-01' });
    expect(lastDays(new Date('2032-03-01T00:00:00Z'), 2)).toEqual({ from: '2032-02-29', to: '2032-03-01' });
  });

  it('when the supply and the treasuries load, then there is a line for the supply and one per treasury, day by day', () => {
    const chart = supplyAndTreasuries(dailyOf('2030-03-01', 'supply', [100, 150]), [
      { code: 'REWARDS', daily: dailyOf('2030-03-01', 'balance', [60, 40]) },
      // A treasury that lacks a day draws 0 there instead of shifting its line.
      { code: 'OPERATIONS', daily: { days: [{ day: '2030-03-02', balance: 5 }] } },
    ]);
    expect(chart).toEqual({
      labels: ['2030-03-01', '2030-03-02'],
      series: [
        { label: 'Supply', values: [100, 150] },
        { label: 'REWARDS', values: [60, 40] },
        { label: 'OPERATIONS', values: [0, 5] },
      ],
    });
  });

  it('when some types moved nothing in the range, then they have no bars; the others have a value each day', () => {
    const volume = { days: [volumeDay('2030-03-01', { MINT: [1, 500] }), volumeDay('2030-03-02', { TRANSFER: [3, 7.5], MINT: [2, 10] })] };
    expect(volumeByType(volume, 'amount')).toEqual({
      labels: ['2030-03-01', '2030-03-02'],
      series: [
        { label: 'MINT', values: [500, 10] },
        { label: 'TRANSFER', values: [0, 7.5] },
      ],
    });
    expect(volumeByType(volume, 'transactions').series.map((s) => s.values)).toEqual([
      [1, 2],
      [0, 3],
    ]);
  });

  it('when the clients’ volume loads, then there is a line per client over every day of the range, 0 on days it made none', () => {
    const labels = daysOfRange({ from: '2030-02-27', to: '2030-03-01' });
    expect(labels).toEqual(['2030-02-27', '2030-02-28', '2030-03-01']);
    const volume = {
      clients: [
        { clientId: 'pc_shop', days: [{ day: '2030-02-28', transactions: 2, amount: 12.5 }] },
        { clientId: 'pc_cup', days: [{ day: '2030-03-01', transactions: 1, amount: 3 }] },
      ],
    };
    expect(volumeByClient(labels, volume)).toEqual({
      labels,
      series: [
        { label: 'pc_shop', values: [0, 12.5, 0] },
        { label: 'pc_cup', values: [0, 0, 3] },
      ],
    });
  });

  it('when the reconciliation loads, then each provider that paid is a series of the coins paid by day; unclaimed and unpaid ones are left out', () => {
    const line = (day: string, providerClientId: string | null, confirmedCoins: number) => ({ day, providerClientId, confirmedCoins });
    const chart = cashoutsByProvider(['2030-03-01', '2030-03-02'], {
      lines: [
        line('2030-03-01', 'pc_momo', 20),
        line('2030-03-02', 'pc_momo', 5.5),
        line('2030-03-02', 'pc_orange', 0),
        line('2030-03-01', null, 0),
      ],
    });
    expect(chart).toEqual({ labels: ['2030-03-01', '2030-03-02'], series: [{ label: 'pc_momo', values: [20, 5.5] }] });
  });

  it('when a wallet’s daily balances load, then they are one line', () => {
    expect(balanceLine('Balance', dailyOf('2030-03-01', 'balance', [1, 2.5]))).toEqual({
      labels: ['2030-03-01', '2030-03-02'],
      series: [{ label: 'Balance', values: [1, 2.5] }],
    });
  });
});

const disabled = (id: string) => ({
  id,
  clientId: `pc_${id}`,
  url: `https://shop.example/hooks/${id}`,
  eventTypes: ['coin.transaction.recorded'],
  status: 'DISABLED' as const,
  disabledReason: 'failing for 24 h',
  disabledAt: '2030-03-01T10:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  previousSecretExpiresAt: null,
});

/** A reconciliation line: the coins a provider paid for the cash-outs asked that day, the rest zero. */
const reconciliationLine = (day: string, providerClientId: string | null, confirmedCoins: number) => ({
  day,
  providerClientId,
  requested: 1,
  requestedXaf: 0,
  confirmed: 1,
  confirmedCoins,
  confirmedXaf: 0,
  failed: 0,
  expired: 0,
  released: 0,
  pending: 0,
  claimed: 0,
  overdue: 0,
  frozen: 0,
});

describe('dashboard screen', () => {
  const operations = () => {
    const today = lastDays(new Date(), 30);
    return {
      getDailySupply: jest.fn(async () => ({
        ...today,
        ...dailyOf(
          today.from,
          'supply',
          Array.from({ length: 30 }, (_, i) => 1000 + i),
        ),
      })),
      getTreasuryDailyBalances: jest.fn(async ({ path }: { path: { code: string } }) => ({
        ...today,
        ...dailyOf(
          today.from,
          'balance',
          Array.from({ length: 30 }, () => (path.code === 'REWARDS' ? 400 : 10)),
        ),
      })),
      getDailyVolume: jest.fn(async () => ({
        ...today,
        days: Array.from({ length: 30 }, (_, i) =>
          volumeDay(new Date(Date.parse(`${today.from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), { TRANSFER: [2, 12.5] }),
        ),
      })),
      listApprovals: jest.fn(async () => ({
        approvals: [approval('a-1')],
        pagination: { limit: 1, offset: 0, total: 3 },
        hasMore: true,
        nextCursor: '1',
      })),
      listPayoutApprovals: jest.fn(async (_input: unknown) => ({
        payoutApprovals: [],
        pagination: { limit: 1, offset: 0, total: 0 },
        hasMore: false,
        nextCursor: null,
      })),
      listAllWebhookEndpoints: jest.fn(async () => ({ endpoints: [disabled('e-1')], nextCursor: null, hasMore: false })),
      getClientDailyVolume: jest.fn(async () => ({
        ...today,
        clients: [
          { clientId: 'pc_shop', transactions: 2, amount: 12.5, days: [{ day: today.to, transactions: 2, amount: 12.5 }] },
          { clientId: 'pc_cup', transactions: 1, amount: 3, days: [{ day: today.from, transactions: 1, amount: 3 }] },
        ],
        clientsTotal: 12,
      })),
      getCashoutReconciliation: jest.fn(async () => ({
        ...today,
        lines: [reconciliationLine(today.to, 'pc_momo', 20)],
      })),
    };
  };

  it('when the series load, then each chart is an image named by its title with its numbers in a table, and the waiting approvals link to their screen', async () => {
    const ops = operations();
    renderScreen(<DashboardScreen />, ops as never);
    expect(await screen.findByRole('img', { name: /Supply and treasury balances at each day's end/ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Coins moved each day by transaction type/ })).toBeTruthy();
    const balances = screen.getByRole('table', { name: "Supply and treasury balances at each day's end" });
    const header = within(balances)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(header).toEqual(['Day (UTC)', 'Supply', 'COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS']);
    const rows = within(balances).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[30]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,029.00', '10.00', '10.00', '400.00', '10.00']);
    const volume = screen.getByRole('table', { name: 'Coins moved each day by transaction type' });
    expect(
      within(volume)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day (UTC)', 'TRANSFER']);
    expect((await screen.findByTestId('approvals-waiting')).textContent).toBe('3');
    expect(screen.getByTestId('approvals-waiting').closest('p')!.textContent).toBe('3 approvals wait. Go to approvals');
    expect(screen.getByRole('link', { name: 'Go to approvals' }).getAttribute('href')).toBe('/admin/approvals');
  });

  it('when the clients’ series load, then their volume is a line per client and the cash-outs a bar per provider, each with its numbers', async () => {
    const ops = operations();
    renderScreen(<DashboardScreen />, ops as never);
    expect(await screen.findByRole('img', { name: /Platform clients' volume per day/ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Cash-outs paid per day by provider/ })).toBeTruthy();
    const volume = screen.getByRole('table', { name: "Platform clients' volume per day (coins)" });
    expect(
      within(volume)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day (UTC)', 'pc_shop', 'pc_cup']);
    const rows = within(volume).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[30]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12.50', '0.00']);
    expect(screen.getByText(/The 2 clients that moved the most of 12/)).toBeTruthy();
    const paid = screen.getByRole('table', { name: 'Cash-outs paid per day by provider (coins)' });
    expect(
      within(paid)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day (UTC)', 'pc_momo']);
    const range = lastDays(new Date(), 30);
    expect(ops.getClientDailyVolume).toHaveBeenCalledWith({ query: range });
    expect(ops.getCashoutReconciliation).toHaveBeenCalledWith({ query: range });
  });

  it('when the dashboard loads, then it makes one read per series for the whole 30 days, never one per day', async () => {
    const ops = operations();
    renderScreen(<DashboardScreen />, ops as never);
    await screen.findByRole('img', { name: /Supply and treasury/ });
    const range = lastDays(new Date(), 30);
    expect(ops.getDailySupply).toHaveBeenCalledTimes(1);
    expect(ops.getDailySupply).toHaveBeenCalledWith({ query: range });
    expect(ops.getTreasuryDailyBalances.mock.calls.map(([input]) => input)).toEqual(
      ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'].map((code) => ({ path: { code }, query: range })),
    );
    expect(ops.getDailyVolume).toHaveBeenCalledTimes(1);
    expect(ops.listApprovals).toHaveBeenCalledWith({ query: { status: 'PENDING', limit: '1' } });
    expect(ops.listPayoutApprovals).toHaveBeenCalledWith({ query: { status: 'PENDING', limit: '1' } });
  });

  it('when payouts wait too, then the panel counts them with the approvals and says how many are payouts', async () => {
    const ops = {
      ...operations(),
      listPayoutApprovals: async () => ({
        payoutApprovals: [payoutApproval('p-1')],
        pagination: { limit: 1, offset: 0, total: 2 },
        hasMore: true,
        nextCursor: '1',
      }),
    };
    renderScreen(<DashboardScreen />, ops as never);
    expect((await screen.findByTestId('approvals-waiting')).textContent).toBe('5');
    expect(screen.getByTestId('payouts-waiting').textContent).toBe('2');
    expect(screen.getByTestId('approvals-waiting').closest('p')!.textContent).toBe(
      '5 approvals wait (3 requests, 2 payouts). Go to approvals',
    );
  });

  it('when webhook endpoints were disabled, then the panel counts them and names the first five with when and why', async () => {
    const ops = {
      ...operations(),
      listAllWebhookEndpoints: jest.fn(async () => ({
        endpoints: ['a', 'b', 'c', 'd', 'e', 'f'].map(disabled),
        nextCursor: null,
        hasMore: false,
      })),
    };
    renderScreen(<DashboardScreen />, ops as never);
    expect((await screen.findByTestId('endpoints-failing')).textContent).toBe('6');
    const panel = screen.getByRole('region', { name: 'Webhook endpoints failing' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]!.textContent).toContain('pc_a https://shop.example/hooks/a since 01/03/2030, 10:00:00 · failing for 24 h');
    expect(ops.listAllWebhookEndpoints).toHaveBeenCalledWith({ query: { status: 'disabled', limit: 100 } });
  });

  it('when more endpoints are disabled than one page holds, then the count says "or more"; when none is, the panel says so', async () => {
    const many = { ...operations(), listAllWebhookEndpoints: async () => ({ endpoints: [disabled('a')], nextCursor: 'x', hasMore: true }) };
    const { unmount } = renderScreen(<DashboardScreen />, many as never);
    expect((await screen.findByTestId('endpoints-failing')).textContent).toBe('1 or more');
    unmount();
    const none = { ...operations(), listAllWebhookEndpoints: async () => ({ endpoints: [], nextCursor: null, hasMore: false }) };
    renderScreen(<DashboardScreen />, none as never);
    expect(await screen.findByText('No endpoint is disabled.')).toBeTruthy();
  });

  it('when a series is refused, then its panel shows the problem and the other panels still load', async () => {
    const ops = { ...operations(), getDailyVolume: async () => Promise.reject(problem(403, 'FORBIDDEN', 'Not allowed', 'Admins only')) };
    renderScreen(<DashboardScreen />, ops as never);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(await screen.findByRole('img', { name: /Supply and treasury/ })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Coins moved/ })).toBeNull();
  });

  it('when no transaction moved coins in the range, then the volume panel says so instead of an empty chart', async () => {
    const ops = { ...operations(), getDailyVolume: async () => ({ days: [volumeDay('2030-03-01', {})] }) };
    renderScreen(<DashboardScreen />, ops as never);
    expect(await screen.findByText('No transactions in these days.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Coins moved/ })).toBeNull();
  });
});
