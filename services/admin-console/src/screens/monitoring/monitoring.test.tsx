import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { userDetail } from '../../../test/fixtures';
import { MonitoringCaseScreen, MonitoringCasesScreen } from '.';
import { transactionIdsOf } from './case-detail';
import { circularLayout } from './flow-graph';
import { exportedCsv } from '../../../test/export';

const aCase = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  subject: 'user:7',
  status: 'OPEN' as const,
  score: 70,
  rules: ['velocity', 'ring'],
  assignee: null as number | null,
  openedAt: '2026-11-24T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolution: null as 'CONFIRMED' | 'FALSE_POSITIVE' | null,
  reason: null as string | null,
  freezeRequestedAt: null,
  freezeOutcome: null,
  ...over,
});
const detail = (over: Record<string, unknown> = {}) => ({
  case: aCase('ca5e0001-0000-4000-8000-000000000001', over),
  transactions: [
    {
      transactionId: 1049,
      type: 'TRANSFER',
      amountMinor: 125050,
      from: 'user:7',
      to: 'user:8',
      at: '2026-11-24T09:59:00.000Z',
      score: 70,
      hits: [{ ruleId: 'ring', mode: 'ACTIVE', score: 70, subject: 'user:7', detail: 'a cycle of 3 wallets' }],
      linkedBy: null,
    },
  ],
  notes: [{ id: 1, author: 3, body: 'Three accounts made the same day', createdAt: '2026-11-24T10:05:00.000Z' }],
  flows: [
    { from: 'user:7', to: 'user:8', amountMinor: 125050, count: 2 },
    { from: 'user:8', to: 'user:9', amountMinor: 120000, count: 1 },
    { from: 'user:9', to: 'user:7', amountMinor: 115000, count: 1 },
    { from: null, to: 'user:7', amountMinor: 5000, count: 1 },
  ],
});

describe('monitoring cases screen', () => {
  it('when cases load, then each is a row linking to its page and its subject, open ones asked for first; the status filter and cursor paging ask again', async () => {
    const listMonitoringCases = jest.fn(async (_input: unknown) => ({
      cases: [
        aCase('ca5e0001-x'),
        aCase('ca5e0002-x', { subject: 'treasury:REWARDS', assignee: 4, status: 'RESOLVED', resolution: 'FALSE_POSITIVE' }),
      ],
      hasMore: true,
      nextCursor: 'c-2',
    }));
    renderScreen(<MonitoringCasesScreen />, { listMonitoringCases });
    const table = await screen.findByRole('table', { name: 'Monitoring cases' });
    expect(within(table).getByRole('link', { name: 'ca5e0001' }).getAttribute('href')).toBe('/admin/monitoring/ca5e0001-x');
    expect(within(table).getByRole('link', { name: 'user:7' }).getAttribute('href')).toBe('/admin/users/7');
    expect(within(table).getByText('treasury:REWARDS')).toBeTruthy();
    expect(within(table).getByText('RESOLVED (FALSE_POSITIVE)')).toBeTruthy();
    expect(within(table).getByText('user 4')).toBeTruthy();
    expect(listMonitoringCases).toHaveBeenCalledWith({ query: { limit: 25, status: 'OPEN' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(listMonitoringCases).toHaveBeenLastCalledWith({ query: { limit: 25, status: 'OPEN', cursor: 'c-2' } });
    await user.selectOptions(screen.getByLabelText('Status'), 'RESOLVED');
    expect(listMonitoringCases).toHaveBeenLastCalledWith({ query: { limit: 25, status: 'RESOLVED' } });
  });

  it('when the list is refused, then the problem is shown', async () => {
    renderScreen(<MonitoringCasesScreen />, {
      listMonitoringCases: async () => Promise.reject(problem(503, 'UNAVAILABLE', 'Unavailable')),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('UNAVAILABLE');
  });

  it('when the cases are exported, then both pages of the status shown are read and each case is a row', async () => {
    const listMonitoringCases = jest.fn(async (input: { query: { cursor?: string } }) =>
      input.query.cursor
        ? { cases: [aCase('ca5e0002-x', { rules: ['ring'] })], hasMore: false, nextCursor: null }
        : { cases: [aCase('ca5e0001-x')], hasMore: true, nextCursor: 'c-2' },
    );
    renderScreen(<MonitoringCasesScreen />, { listMonitoringCases } as never);
    await screen.findByRole('table', { name: 'Monitoring cases' });
    const { lines } = await exportedCsv('monitoring-cases');
    expect(listMonitoringCases).toHaveBeenLastCalledWith({ query: { limit: 25, status: 'OPEN', cursor: 'c-2' } });
    expect(lines[0]?.startsWith('id,subject,status,score,rules,')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      'ca5e0001-x,user:7,OPEN,70',
      'ca5e0002-x,user:7,OPEN,70',
    ]);
    expect(lines[1]).toContain(',"[""velocity"",""ring""]",');
  });
});

describe('monitoring case page', () => {
  it('when a case loads, then its score, rules, transactions, notes and flows show, and the flows are drawn: a node per wallet, an arrow per flow with its amount', async () => {
    renderScreen(<MonitoringCaseScreen caseId="ca5e0001-0000-4000-8000-000000000001" />, {
      getMonitoringCase: async () => detail(),
      getUser: async () => userDetail(7, 10),
    });
    expect((await screen.findByTestId('case-score')).textContent).toBe('70');
    expect(screen.getByText('velocity, ring')).toBeTruthy();
    const transactions = screen.getByRole('table', { name: 'Transactions' });
    expect(within(transactions).getByRole('link', { name: '#1049' })).toBeTruthy();
    expect(within(transactions).getByText('ring (70): a cycle of 3 wallets')).toBeTruthy();
    expect(within(transactions).getByText('1,250.50')).toBeTruthy();
    expect(screen.getByText(/Three accounts made the same day/).textContent).toContain('user 3');
    const graph = screen.getByRole('img', { name: 'Flows between 4 wallets' });
    expect([...graph.querySelectorAll('[data-wallet]')].map((n) => n.getAttribute('data-wallet'))).toEqual([
      'user:7',
      'user:8',
      'user:9',
      'outside',
    ]);
    expect(graph.querySelectorAll('[data-flow] line')).toHaveLength(4);
    expect(graph.querySelector('[data-flow="user:7→user:8"]')?.textContent).toBe('1,250.50 (2×)');
    expect(graph.querySelector('[data-flow="outside→user:7"]')?.textContent).toBe('50.00 (1×)');
    const flows = screen.getByRole('table', { name: 'Flows' });
    expect(within(flows).getByText('outside')).toBeTruthy();
  });

  it('a circular layout puts each wallet at its own place on one circle', () => {
    const places = circularLayout(['a', 'b', 'c', 'd']);
    const points = [...places.values()];
    expect(new Set(points.map((p) => `${p.x},${p.y}`)).size).toBe(4);
    for (const p of points) expect(Math.round(Math.hypot(p.x - 210, p.y - 210))).toBe(150);
    expect(circularLayout(['alone']).get('alone')).toEqual({ x: 210, y: 210 });
  });

  it('when an ADMIN assigns, comments and resolves, then each is asked of the API with the case id and the page loads again', async () => {
    let current = detail();
    const getMonitoringCase = jest.fn(async (_input: unknown) => current);
    const assignMonitoringCase = jest.fn(async (input: { body: { assignee: number | null } }) => {
      current = detail({ assignee: input.body.assignee });
      return current.case;
    });
    const commentMonitoringCase = jest.fn(async (_input: unknown) => current.case);
    const resolveMonitoringCase = jest.fn(async (input: { body: { resolution: 'CONFIRMED' | 'FALSE_POSITIVE'; reason: string } }) => {
      current = detail({ status: 'RESOLVED', resolution: input.body.resolution, reason: input.body.reason });
      return current.case;
    });
    renderScreen(<MonitoringCaseScreen caseId="ca5e0001-0000-4000-8000-000000000001" />, {
      getMonitoringCase,
      getUser: async () => userDetail(7, 10),
      assignMonitoringCase: assignMonitoringCase as never,
      commentMonitoringCase,
      resolveMonitoringCase: resolveMonitoringCase as never,
    });
    const user = userEvent.setup();
    const path = { id: 'ca5e0001-0000-4000-8000-000000000001' };
    const assign = await screen.findByRole('form', { name: 'Assign' });
    await user.click(within(assign).getByRole('button', { name: 'Me' }));
    await user.click(within(assign).getByRole('button', { name: 'Assign' }));
    expect(assignMonitoringCase).toHaveBeenCalledWith({ path, body: { assignee: 1 } });
    expect(await screen.findByText('Assigned to user 1.')).toBeTruthy();
    expect((await screen.findByTestId('case-assignee')).textContent).toBe('user 1');
    const comment = screen.getByRole('form', { name: 'Comment' });
    await user.type(within(comment).getByLabelText('Note'), 'Called the user');
    await user.click(within(comment).getByRole('button', { name: 'Comment' }));
    expect(commentMonitoringCase).toHaveBeenCalledWith({ path, body: { body: 'Called the user' } });
    const resolve = screen.getByRole('form', { name: 'Resolve' });
    expect((within(resolve).getByRole('button', { name: 'Resolve' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(within(resolve).getByLabelText('Resolution'), 'FALSE_POSITIVE');
    await user.type(within(resolve).getByLabelText('Reason'), 'A family paying rent');
    await user.click(within(resolve).getByRole('button', { name: 'Resolve' }));
    expect(resolveMonitoringCase).toHaveBeenCalledWith({ path, body: { resolution: 'FALSE_POSITIVE', reason: 'A family paying rent' } });
    expect((await screen.findByTestId('case-status')).textContent).toBe('RESOLVED (FALSE_POSITIVE): A family paying rent');
    expect(screen.queryByRole('form', { name: 'Resolve' })).toBeNull();
    expect(getMonitoringCase.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('when an action is refused, then its problem is shown and the case stays as it was', async () => {
    renderScreen(<MonitoringCaseScreen caseId="ca5e0001-0000-4000-8000-000000000001" />, {
      getMonitoringCase: async () => detail(),
      getUser: async () => userDetail(7, 10),
      commentMonitoringCase: async () => Promise.reject(problem(409, 'CASE_NOT_OPEN', 'Case not open')),
    });
    const user = userEvent.setup();
    const comment = await screen.findByRole('form', { name: 'Comment' });
    await user.type(within(comment).getByLabelText('Note'), 'late');
    await user.click(within(comment).getByRole('button', { name: 'Comment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('CASE_NOT_OPEN');
    expect(screen.getByTestId('case-status').textContent).toBe('OPEN');
  });
  const caseId = 'ca5e0001-0000-4000-8000-000000000001';

  it('when an ADMIN links transactions, then the ids typed are sent once each and the page loads again; a wrong id keeps the button off', async () => {
    const getMonitoringCase = jest.fn(async (_input: unknown) => detail());
    const linkMonitoringCaseTransactions = jest.fn(async (_input: unknown) => detail().case);
    renderScreen(<MonitoringCaseScreen caseId={caseId} />, {
      getMonitoringCase,
      getUser: async () => userDetail(7, 10),
      linkMonitoringCaseTransactions,
    });
    const user = userEvent.setup();
    const link = await screen.findByRole('form', { name: 'Link transactions' });
    const ids = within(link).getByLabelText(/Transaction ids/);
    await user.type(ids, '1050, 12a');
    expect((within(link).getByRole('button', { name: 'Link' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(ids);
    await user.type(ids, '1050, 1051 1050');
    const reads = getMonitoringCase.mock.calls.length;
    await user.click(within(link).getByRole('button', { name: 'Link' }));
    expect(linkMonitoringCaseTransactions).toHaveBeenCalledWith({ path: { id: caseId }, body: { transactionIds: [1050, 1051] } });
    expect(await screen.findByText('Linked 2 transactions.')).toBeTruthy();
    expect(getMonitoringCase.mock.calls.length).toBe(reads + 1);
    expect((within(link).getByLabelText(/Transaction ids/) as HTMLInputElement).value).toBe('');
  });

  it('reads typed transaction ids: commas or spaces, each once; anything else, none or more than 100 is no list', () => {
    expect(transactionIdsOf(' 3,4  5,3 ')).toEqual([3, 4, 5]);
    expect(transactionIdsOf('')).toBeNull();
    expect(transactionIdsOf('0')).toBeNull();
    expect(transactionIdsOf('-1')).toBeNull();
    expect(transactionIdsOf('1.5')).toBeNull();
    expect(transactionIdsOf('99999999999999999')).toBeNull();
    expect(transactionIdsOf(Array.from({ length: 101 }, (_, i) => i + 1).join(' '))).toBeNull();
  });

  it("when an ADMIN freezes the case's wallet from the case, then the freeze names the case, the step is noted on the case, and the wallet shows frozen", async () => {
    let frozen = false;
    const getUser = jest.fn(async (_input: unknown) => {
      const read = userDetail(7, 10);
      return { ...read, wallet: { ...read.wallet, frozen } };
    });
    const freezeUserWallet = jest.fn(async (_input: unknown) => {
      frozen = true;
      return { userId: 7, frozen: true, freeze: null };
    });
    const commentMonitoringCase = jest.fn(async (_input: unknown) => detail().case);
    renderScreen(<MonitoringCaseScreen caseId={caseId} />, {
      getMonitoringCase: async () => detail(),
      getUser,
      freezeUserWallet: freezeUserWallet as never,
      commentMonitoringCase,
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('case-wallet-frozen')).textContent).toContain('Not frozen now.');
    expect(getUser).toHaveBeenCalledWith({ path: { id: '7' } });
    // The case is the page's own: no free-text case to type.
    expect(screen.queryByLabelText('Case (optional)')).toBeNull();
    const freeze = screen.getByRole('form', { name: 'Freeze' });
    await user.type(within(freeze).getByLabelText('Reason'), 'fan-in from new accounts');
    await user.click(within(freeze).getByRole('button', { name: 'Freeze wallet' }));
    expect(freezeUserWallet).toHaveBeenCalledWith({ path: { id: '7' }, body: { reason: 'fan-in from new accounts', caseId } });
    expect(commentMonitoringCase).toHaveBeenCalledWith({
      path: { id: caseId },
      body: { body: 'Froze the wallet of user 7: fan-in from new accounts' },
    });
    expect(await screen.findByText('Frozen: its debits are refused; coins sent to it still land.')).toBeTruthy();
    expect((await screen.findByTestId('case-wallet-frozen')).textContent).toContain('Frozen now: its debits are refused.');
  });

  it('when the wallet was frozen elsewhere, then the case shows it, and asking to unfreeze from the case is sent and noted on the case', async () => {
    const read = userDetail(7, 10);
    const requestUnfreeze = jest.fn(async (_input: unknown) => ({ userId: 7, frozen: true, freeze: null }));
    const commentMonitoringCase = jest.fn(async (_input: unknown) => detail().case);
    renderScreen(<MonitoringCaseScreen caseId={caseId} />, {
      getMonitoringCase: async () => detail(),
      getUser: async () => ({ ...read, wallet: { ...read.wallet, frozen: true } }),
      requestUnfreeze: requestUnfreeze as never,
      commentMonitoringCase,
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('case-wallet-frozen')).textContent).toContain('Frozen now: its debits are refused.');
    const freeze = screen.getByRole('form', { name: 'Freeze' });
    await user.type(within(freeze).getByLabelText('Reason'), 'cleared by the platform');
    await user.click(within(freeze).getByRole('button', { name: 'Ask to unfreeze' }));
    expect(requestUnfreeze).toHaveBeenCalledWith({ path: { id: '7' }, body: { reason: 'cleared by the platform' } });
    expect(commentMonitoringCase).toHaveBeenCalledWith({
      path: { id: caseId },
      body: { body: "Asked to lift the freeze of user 7's wallet: cleared by the platform" },
    });
    expect(await screen.findByText('Asked to lift the freeze: a different ADMIN+ must approve it.')).toBeTruthy();
  });

  it('when the case is resolved, then its wallet shows without freeze actions; a case about a client has no wallet part', async () => {
    const read = userDetail(7, 10);
    const { unmount } = renderScreen(<MonitoringCaseScreen caseId={caseId} />, {
      getMonitoringCase: async () => detail({ status: 'RESOLVED', resolution: 'CONFIRMED', reason: 'a ring' }),
      getUser: async () => ({ ...read, wallet: { ...read.wallet, frozen: true } }),
    });
    expect((await screen.findByTestId('case-wallet-frozen')).textContent).toContain('Frozen now');
    expect(screen.queryByRole('form', { name: 'Freeze' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Link transactions' })).toBeNull();
    unmount();
    renderScreen(<MonitoringCaseScreen caseId={caseId} />, { getMonitoringCase: async () => detail({ subject: 'client:acme' }) });
    expect((await screen.findByTestId('case-score')).textContent).toBe('70');
    expect(screen.queryByTestId('case-wallet-frozen')).toBeNull();
    expect(screen.getByRole('form', { name: 'Link transactions' })).toBeTruthy();
  });
});
