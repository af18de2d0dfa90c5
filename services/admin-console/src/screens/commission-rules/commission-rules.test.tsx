import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { CommissionRulesScreen } from '.';

const rules = [
  { treasury: 'COURSE_FEES' as const, clientId: 'pc_course_shop', rule: { kind: 'bps' as const, bps: 1000 }, setBy: 7 },
  { treasury: 'SUBSCRIPTIONS' as const, clientId: 'pc_stream', rule: { kind: 'fixed' as const, amount: 1.5 }, setBy: null },
];

describe('commission rules screen', () => {
  it('when the rules load, then each is a row with its treasury, client, share or fixed amount and who set it; the treasury filter asks again', async () => {
    const listCommissionRules = jest.fn(async (_input: unknown) => ({ rules }));
    renderScreen(<CommissionRulesScreen />, { listCommissionRules });
    const table = await screen.findByRole('table', { name: 'Commission rules' });
    expect(within(table).getByText('10.00% (1000 bps)')).toBeTruthy();
    expect(within(table).getByText('1.50 fixed')).toBeTruthy();
    expect(within(table).getByText('user 7')).toBeTruthy();
    expect(within(table).getByText('an operator')).toBeTruthy();
    expect(listCommissionRules).toHaveBeenCalledWith({ query: {} });
    await userEvent.setup().selectOptions(screen.getByLabelText('Treasury filter'), 'SUBSCRIPTIONS');
    expect(listCommissionRules).toHaveBeenLastCalledWith({ query: { treasury: 'SUBSCRIPTIONS' } });
  });

  it('when an ADMIN sets a rule and it needs a fresh second factor, then the code is asked in place, the rule is sent again with a new key and the list reloads', async () => {
    const listCommissionRules = jest.fn(async (_input: unknown) => ({ rules }));
    const setCommissionRule = jest
      .fn(async (input: { body: { treasury: string; clientId: string; rule: unknown } }) => ({ ...input.body, setBy: 1 }) as never)
      .mockImplementationOnce(async () => Promise.reject(problem(403, 'STEP_UP_REQUIRED', 'Confirm with your second factor')));
    const stepUp = jest.fn(async (_code: string) => undefined);
    renderScreen(<CommissionRulesScreen />, { listCommissionRules, setCommissionRule: setCommissionRule as never }, { stepUp });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Commission rule' });
    await user.selectOptions(within(form).getByLabelText('Treasury'), 'REWARDS');
    await user.type(within(form).getByLabelText('Platform client id'), 'pc_affiliates');
    await user.type(within(form).getByLabelText('Value'), '250');
    await user.click(within(form).getByRole('button', { name: 'Set rule' }));
    await user.type(await screen.findByLabelText(/Code to confirm/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(stepUp).toHaveBeenCalledWith('123456');
    await user.click(within(form).getByRole('button', { name: 'Set rule' }));
    expect(await screen.findByText('Set the rule of pc_affiliates for REWARDS.')).toBeTruthy();
    const calls = setCommissionRule.mock.calls.map(([input]) => input as unknown as { body: unknown; idempotencyKey: string });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ treasury: 'REWARDS', clientId: 'pc_affiliates', rule: { bps: 250 } });
    expect(calls[0]?.idempotencyKey).not.toBe(calls[1]?.idempotencyKey);
    expect(listCommissionRules).toHaveBeenCalledTimes(2);
  });

  it('when an ADMIN changes a listed rule to a fixed amount or removes it, then the form starts from that rule and sends the fixed amount in coins, or null', async () => {
    const setCommissionRule = jest.fn(async (input: { body: unknown }) => input.body as never);
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
    await user.click(within(form).getByRole('button', { name: 'Set rule' }));
    expect(setCommissionRule).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: { amount: 2.25 } } }),
    );
    await user.click(within(form).getByRole('button', { name: 'Remove rule' }));
    expect(setCommissionRule).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { treasury: 'SUBSCRIPTIONS', clientId: 'pc_stream', rule: null } }),
    );
    expect(await screen.findByText('Removed the rule of pc_stream for SUBSCRIPTIONS.')).toBeTruthy();
  });

  it('when the list is refused, then the problem is shown', async () => {
    renderScreen(<CommissionRulesScreen />, { listCommissionRules: async () => Promise.reject(problem(403, 'FORBIDDEN', 'Forbidden')) });
    expect((await screen.findByRole('alert')).textContent).toContain('FORBIDDEN');
  });
});
