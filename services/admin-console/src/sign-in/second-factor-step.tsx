import type { CoinClient } from '@coin/client';
import { type FormEvent, useEffect, useRef } from 'react';
import { Field } from '../components/layout';
import { ProblemView } from '../components/problem-view';
import { useMutation } from '../hooks/use-mutation';
import type { LoginAnswer, SecondFactorChallenge } from '../session';

/**
 * The console's side of admin sign-in (docs/DESIGN.md "Admin sign-in: second factor and
 * step-up"): the code after the password, the enrolment of an authenticator app (QR code, secret
 * shown once, recovery codes shown once), step-up before an operation that needs it, and the
 * password change and reset.
 */

/** The sign-in's second step: the challenge answered with the app's code or a recovery code. */
export function SecondFactorStep({
  challenge,
  client,
  onSignedIn,
  onCancel,
}: {
  challenge: SecondFactorChallenge;
  client: CoinClient;
  onSignedIn: (answer: LoginAnswer) => void;
  onCancel: () => void;
}) {
  const verify = useMutation<void>();
  // The step replaces the password form: the focus goes to its one field, not back to the page's top.
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => codeInput.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    void verify.run(async () => onSignedIn(await client.verifySecondFactor({ body: { challenge: challenge.challenge, code } })));
  };
  return (
    <main className="signin" id="main">
      <h1>Second factor</h1>
      <form onSubmit={submit} aria-label="Second factor">
        <Field label="Authenticator code" hint="The 6 digits your authenticator app shows now, or one of your recovery codes.">
          <input ref={codeInput} name="code" autoComplete="one-time-code" inputMode="text" required maxLength={19} />
        </Field>
        <button type="submit" disabled={verify.busy}>
          {verify.busy ? 'Checking…' : 'Verify'}
        </button>{' '}
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </form>
      <ProblemView error={verify.error} />
    </main>
  );
}
