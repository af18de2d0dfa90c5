import type { FormEvent } from 'react';
import { Field } from '../../components/layout';
import { Notice } from '../../components/notice';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { useMutation } from '../../hooks/use-mutation';
import { LiveBalanceLine } from '../../live-balance/live-balance';

/** The caller's own account: its balance, live, and a change of password (every other session ends). */
export function AccountScreen() {
  const { session } = useConsole();
  const change = useMutation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void change.run(async () => {
      await session.changePassword(String(form.get('currentPassword')), String(form.get('newPassword')));
      return 'Password changed; every other session of this account has ended.';
    });
  };
  return (
    <section>
      <h1 tabIndex={-1}>Account</h1>
      <p>
        {session.user.email} · {session.role} · second factor {session.hasSecondFactor ? 'in use' : 'not in use'}
      </p>
      <LiveBalanceLine path="/api/wallets/me/stream" label="Your balance" />
      <form onSubmit={submit} aria-label="Change password">
        <Field label="Current password">
          <input name="currentPassword" type="password" autoComplete="current-password" required />
        </Field>
        <Field label="New password" hint="8 to 128 characters.">
          <input name="newPassword" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />
        </Field>
        <button type="submit" disabled={change.busy}>
          Change password
        </button>
      </form>
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </section>
  );
}
