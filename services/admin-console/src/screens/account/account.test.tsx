import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, problem, renderScreen } from '../../../test/fake-console';
import { AccountScreen } from '.';
import { ProblemView } from '../../components/problem-view';

describe('account screen', () => {
  it('when the password is changed, then the button is busy until the answer and the result is said', async () => {
    const answer = deferred<void>();
    const changePassword = jest.fn((_current: string, _next: string) => answer.promise);
    renderScreen(<AccountScreen />, {}, { changePassword, email: 'me@example.test' });
    expect(screen.getByText(/me@example.test · ADMIN · second factor in use/)).toBeTruthy();
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Current password'), 'old-password');
    await ui.type(screen.getByLabelText(/^New password/), 'new-password');
    await ui.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty('disabled', true);
    expect(changePassword).toHaveBeenCalledWith('old-password', 'new-password');
    await act(async () => answer.resolve());
    expect((await screen.findByRole('status')).textContent).toBe('Password changed; every other session of this account has ended.');
  });

  it('when the current password is wrong, then the problem is shown', async () => {
    renderScreen(
      <AccountScreen />,
      {},
      { changePassword: async () => Promise.reject(problem(401, 'INVALID_CREDENTIALS', 'Wrong password')) },
    );
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Current password'), 'wrong-one');
    await ui.type(screen.getByLabelText(/^New password/), 'new-password');
    await ui.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('INVALID_CREDENTIALS');
  });
});

describe('problem view', () => {
  it('when an operation needs a fresh second factor, then the step-up form is inside its problem and a code confirms it', async () => {
    const stepUp = jest.fn(async (_code: string) => undefined);
    renderScreen(<ProblemView error={problem(403, 'STEP_UP_REQUIRED', 'Second factor too old')} />, {}, { stepUp });
    const ui = userEvent.setup();
    const alert = screen.getByRole('alert');
    await ui.type(within(alert).getByLabelText(/^Code to confirm/), '123456{Enter}');
    expect(stepUp).toHaveBeenCalledWith('123456');
    expect((await screen.findByRole('status')).textContent).toBe('Confirmed: submit the operation again.');
  });
});
