import { createCoinClient } from '@coin/client';
import { type FormEvent, useMemo } from 'react';
import { Field } from '../components/layout';
import { ProblemView } from '../components/problem-view';
import { useMutation } from '../hooks/use-mutation';

/** A new password with the one-time code an operator issued (`npm run admin -- reset-password`). */
export function PasswordReset({ baseUrl, onDone }: { baseUrl: string; onDone: (message: string) => void }) {
  const client = useMemo(() => createCoinClient({ baseUrl, retry: { attempts: 1 } }), [baseUrl]);
  const reset = useMutation<void>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void reset.run(async () => {
      await client.resetPassword({ body: { code: String(form.get('code')).trim(), newPassword: String(form.get('newPassword')) } });
      onDone('Password changed: sign in with it.');
    });
  };
  return (
    <main className="signin" id="main">
      <h1>Reset the password</h1>
      <form onSubmit={submit} aria-label="Reset the password">
        <Field label="Reset code" hint="The code an operator gave you (XXXX-XXXX-XXXX-XXXX-XXXX).">
          <input name="code" required autoComplete="off" />
        </Field>
        <Field label="New password" hint="8 to 128 characters.">
          <input name="newPassword" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />
        </Field>
        <button type="submit" disabled={reset.busy}>
          Set the password
        </button>{' '}
        <button type="button" onClick={() => onDone('')}>
          Back
        </button>
      </form>
      <ProblemView error={reset.error} />
    </main>
  );
}
