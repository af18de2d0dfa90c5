import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { CommissionRulesScreen } from '.';

const rules = [
  { treasury: 'COURSE_FEES' as const, clientId: 'pc_course_shop', rule: { kind: 'bps' as const, bps: 1000 }, setBy: 7, approvedBy: 8 },
  {
    treasury: 'SUBSCRIPTIONS' as const,
    clientId: 'pc_stream',
    rule: { kind: 'fixed' as const, amount: 1.5 },
    setBy: null,
    approvedBy: null,
  },
];
/** The request PUT /api/admin/commission-rules answers 202 with (its members that matter here). */
const pending = (id: string) => ({ approval: { id, status: 'PENDING' } }) as never;

describe('commission rules screen', () => {
  it('when the rules load, then each is a row with its treasury, client, share or fixed amount, who asked for it and who approved it; the treasury filter asks again', async () => {
    const listCommissionRules = jest.fn(async (_input: unknown) => ({ rules }));
    renderScreen(<CommissionRulesScreen />, { listCommissionRules });
    const table = await screen.findByRole('table', { name: 'Commission rules' });
    expect(within(table).getByText('10.00% (1000 bps)')).toBeTruthy();
    expect(within(table).getByText('1.50 fixed')).toBeTruthy();
    expect(within(table).getByText('user 7')).toBeTruthy();
    expect(within(table).getByText('user 8')).toBeTruthy();
    expect(within(table).getByText('an operator')).toBeTruthy();
    expect(listCommissionRules).toHaveBeenCalledWith({ query: {} });
    await userEvent.setup().selectOptions(screen.getByLabelText('Treasury filter'), 'SUBSCRIPTIONS');
    expect(listCommissionRules).toHaveBeenLastCalledWith({ query: { treasury: 'SUBSCRIPTIONS' } });
  });

  it('when an ADMIN asks for a rule and it needs a fresh second factor, then the code is asked in place, the change is sent again with a new key, the request is named and the list reloads', async () => {
    const listCommissionRules = jest.fn(async (_input: unknown) => ({ rules }));
    const setCommissionRule = jest
      .fn(async (_input: { body: { treasury: string; clientId: string; rule: unknown } }) => pending('req-1'))
      .mockImplementationOnce(async () => Promise.reject(problem(403, 'STEP_UP_REQUIRED', 'Confirm with your second factor')));
    const stepUp = jest.fn(async (_code: string) => undefined);
    renderScreen(<CommissionRulesScreen />, { listCommissionRules, setCommissionRule: setCommissionRule as never }, { stepUp });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Commission rule' });
    await user.selectOptions(within(form).getByLabelText('Treasury'), 'REWARDS');
    await user.type(within(form).getByLabelText('Platform client id'), 'pc_affiliates');
    await user.type(within(form).getByLabelText('Value'), '250');
    await user.click(within(form).getByRole('button', { name: 'Ask to set rule' }));
    await user.type(await screen.findByLabelText(/Code to confirm/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(stepUp).toHaveBeenCalledWith('123456');
    await user.click(within(form).getByRole('button', { name: 'Ask to set rule' }));
    expect(
      await screen.findByText('Asked to set the rule of pc_affiliates for REWARDS: request req-1 waits for a second ADMIN+.'),
    ).toBeTruthy();
    const calls = setCommissionRule.mock.calls.map(([input]) => input as unknown as { body: unknown; idempotencyKey: string });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ treasury: 'REWARDS', clientId: 'pc_affiliates', rule: { bps: 250 } });
    expect(calls[0]?.idempotencyKey).not.toBe(calls[1]?.idempotencyKey);
    expect(listCommissionRules).toHaveBeenCalledTimes(2);
  });

  it('when an ADMIN changes a listed rule to a fixed amount or removes it, then the form starts from that rule and sends the fixed amount in coins, or null', async () => {
    const setCommissionRule = jest.fn(async (_input: { body: unknown }) => pending('req-2'));
    renderScreen(<CommissionRulesScreen />, {
      listCommissionRules: async () => ({ rules }),
      setCommissionRule: setCommissionRule as never,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the rule of pc_stream for SUBSCRIPTIONS' }));
    const form = screen.getByRole('form', { name: 'Commission rule' });
    expect((within(form).getByLabelText('Platform client id') as HTMLInputElement).value).toBe('pc_stream');
    const value = within(form).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, '2.25');
    await user.click(within(form).getByRole('button', { name: 'Ask to set rule' }));
    expect(setCommissionRule).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: { amount: 2.25 } } }),
    );
    await user.click(within(form).getByRole('button', { name: 'Ask to remove rule' }));
    expect(setCommissionRule).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: null } }),
    );
    expect(
      await screen.findByText('Asked to remove the rule of pc_stream for SUBSCRIPTIONS: request req-2 waits for a second ADMIN+.'),
    ).toBeTruthy();
  });

  it('when a second ADMIN approves or rejects a change by its id, then each is sent and its answer is shown; the requester approving is shown as its problem', async () => {
    const listCommissionRules = jest.fn(async (_input: unknown) => ({ rules }));
    const approveCommissionChange = jest
      .fn(async (_input: unknown) => ({ ...rules[0], approval: { id: 'req-3', status: 'APPROVED' } }) as never)
      .mockImplementationOnce(async () => Promise.reject(problem(403, 'APPROVAL_BY_REQUESTER', 'Another ADMIN+ must approve it')));
    const rejectCommissionChange = jest.fn(async (_input: unknown) => pending('req-4'));
    renderScreen(<CommissionRulesScreen />, {
      listCommissionRules,
      approveCommissionChange: approveCommissionChange as never,
      rejectCommissionChange: rejectCommissionChange as never,
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Commission change' });
    await user.type(within(form).getByLabelText('Request id'), 'req-3');
    await user.click(within(form).getByRole('button', { name: 'Approve change' }));
    expect((await screen.findByRole('alert')).textContent).toContain('APPROVAL_BY_REQUESTER');
    await user.click(within(form).getByRole('button', { name: 'Approve change' }));
    expect(await screen.findByText('Approved req-3: the rule of pc_course_shop for COURSE_FEES is in force.')).toBeTruthy();
    expect(approveCommissionChange).toHaveBeenLastCalledWith(expect.objectContaining({ path: { id: 'req-3' } }));
    await user.clear(within(form).getByLabelText('Request id'));
    await user.type(within(form).getByLabelText('Request id'), 'req-4');
    await user.type(within(form).getByLabelText('Reason (to reject)'), 'Not agreed');
    await user.click(within(form).getByRole('button', { name: 'Reject change' }));
    expect(await screen.findByText('Rejected req-4.')).toBeTruthy();
    expect(rejectCommissionChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ path: { id: 'req-4' }, body: { reason: 'Not agreed' } }),
    );
  });

  it('when the list is refused, then the problem is shown', async () => {
    renderScreen(<CommissionRulesScreen />, { listCommissionRules: async () => Promise.reject(problem(403, 'FORBIDDEN', 'Forbidden')) });
    expect((await screen.findByRole('alert')).textContent).toContain('FORBIDDEN');
  });
});
