import { createCoinClient } from '@coin/client';
import { type FormEvent, useMemo, useState } from 'react';
import { Field } from '../components/layout';
import { ProblemView } from '../components/problem-view';
import { useMutation } from '../hooks/use-mutation';
import type { LoginAnswer, SecondFactorChallenge, Session, SignedInUser } from '../session';
import { PasswordReset } from './password-reset';
import { SecondFactorStep } from './second-factor-step';

export function SignIn({
  onSignedIn,
  makeSession,
  notice,
  apiBase,
}: {
  apiBase: string;
  onSignedIn: (session: Session) => void;
  makeSession: (answer: LoginAnswer) => Session;
  notice: string | undefined;
}) {
  const signIn = useMutation<void>();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | undefined>();
  const [resetting, setResetting] = useState(false);
  const [message, setMessage] = useState<string | undefined>(notice);
  const client = useMemo(() => createCoinClient({ baseUrl: apiBase, retry: { attempts: 1 } }), [apiBase]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void signIn.run(async () => {
      const answer = await client.login({ body: { email: String(form.get('email')), password: String(form.get('password')) } });
      if ('mfaRequired' in answer) setChallenge(answer);
      else onSignedIn(makeSession(answer));
    });
  };
  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        client={client}
        onSignedIn={(answer) => onSignedIn(makeSession(answer))}
        onCancel={() => setChallenge(undefined)}
      />
    );
  }
  if (resetting) {
    return (
      <PasswordReset
        baseUrl={apiBase}
        onDone={(done) => {
          setResetting(false);
          setMessage(done || undefined);
        }}
      />
    );
  }
  return (
    <main className="signin" id="main">
      <h1>Coin ledger admin console</h1>
      {message ? (
        <p className="notice" role="status">
          {message}
        </p>
      ) : null}
      <SignInForm busy={signIn.busy} onSubmit={submit} />
      <ProblemView error={signIn.error} />
      <p>
        <button type="button" className="link" onClick={() => setResetting(true)}>
          I have a password-reset code
        </button>
      </p>
      <p className="muted">Tokens are kept in this tab's memory only: reloading the page signs you out.</p>
    </main>
  );
}

/** The e-mail and password form. */
function SignInForm({ busy, onSubmit }: { busy: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form onSubmit={onSubmit} aria-label="Sign in">
      <Field label="E-mail">
        <input name="email" type="email" autoComplete="username" required />
      </Field>
      <Field label="Password">
        <input name="password" type="password" autoComplete="current-password" required />
      </Field>
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

export function NotAllowed({ user, onBack }: { user: SignedInUser; onBack: () => void }) {
  return (
    <main className="signin" id="main">
      <h1>Not allowed</h1>
      <p className="problem" role="alert">
        {user.email} is signed in with the role <strong>{user.role}</strong>: the admin console is for ADMIN and SUPERADMIN accounts only.
        You have been signed out.
      </p>
      <button type="button" onClick={onBack}>
        Sign in with another account
      </button>
    </main>
  );
}
