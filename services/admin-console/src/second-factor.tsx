import { type CoinClient, createCoinClient } from '@coin/client';
import { type FormEvent, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { encode } from 'uqr';
import { Console } from './context';
import type { LoginAnswer, SecondFactorChallenge, Session } from './session';
import { Field, ProblemView } from './ui';

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
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  // The step replaces the password form: the focus goes to its one field, not back to the page's top.
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => codeInput.current?.focus(), []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await client.verifySecondFactor({ body: { challenge: challenge.challenge, code } }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="signin" id="main">
      <h1>Second factor</h1>
      <form onSubmit={submit} aria-label="Second factor">
        <Field label="Authenticator code" hint="The 6 digits your authenticator app shows now, or one of your recovery codes.">
          <input ref={codeInput} name="code" autoComplete="one-time-code" inputMode="text" required maxLength={19} />
        </Field>
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>{' '}
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </form>
      <ProblemView error={error} />
    </main>
  );
}

/** A QR code of the otpauth:// URI, drawn as one SVG path (no inline style: the console's CSP forbids it). */
function QrCode({ text }: { text: string }) {
  const { data, size } = useMemo(() => encode(text, { ecc: 'M', border: 2 }), [text]);
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${size} ${size}`}
      width={size * 6}
      height={size * 6}
      role="img"
      aria-label="QR code for the authenticator app"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * Enrolment, for an admin whose session has no second factor yet: the app's secret (QR code and
 * text), then its first code; the answer is a new session and the recovery codes, shown once.
 */
export function Enrolment({
  session,
  onEnrolled,
  onSignOut,
}: {
  session: Session;
  onEnrolled: (answer: LoginAnswer) => void;
  onSignOut: () => void;
}) {
  const [secret, setSecret] = useState<{ otpauthUri: string; secret: string } | undefined>();
  const [confirmed, setConfirmed] = useState<(LoginAnswer & { recoveryCodes: string[] }) | undefined>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setSecret(await session.client.startMfaEnrolment()));
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    // The notices of this account came with the password sign-in that led here: none are left.
    void run(async () => setConfirmed({ ...(await session.client.confirmMfaEnrolment({ body: { code } })), notices: [] }));
  };
  if (confirmed) {
    const { recoveryCodes, ...answer } = confirmed;
    return (
      <main className="signin" id="main">
        <h1>Recovery codes</h1>
        <p>Each works once, instead of a code from the app, if the phone is lost. They are shown this once: keep them somewhere safe.</p>
        <ul className="recovery-codes" aria-label="Recovery codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => onEnrolled(answer)}>
          I have saved them: continue
        </button>
      </main>
    );
  }
  return (
    <main className="signin" id="main">
      <h1>Set up your authenticator</h1>
      <p>
        {session.user.email} is an {session.role}: admin operations need a second factor (TOTP). Add this account to an authenticator app,
        then enter the code it shows.
      </p>
      {secret ? (
        <>
          <QrCode text={secret.otpauthUri} />
          <p>
            Or type the secret: <code id="totp-secret">{secret.secret}</code>
          </p>
          <form onSubmit={confirm} aria-label="Confirm the authenticator">
            <Field label="Code from the app">
              <input name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]{6}" required maxLength={6} />
            </Field>
            <button type="submit" disabled={busy}>
              Confirm
            </button>
          </form>
        </>
      ) : (
        <button type="button" onClick={() => void start()} disabled={busy}>
          Show the QR code
        </button>
      )}{' '}
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
      <ProblemView error={error} />
    </main>
  );
}

/**
 * Step-up in place: shown where an operation was refused with STEP_UP_REQUIRED. A current code
 * refreshes the session's second factor; the operation is then submitted again. Not a <form>: it
 * sits inside the problem of the operation's own form, and forms do not nest.
 */
export function StepUpForm() {
  const consoleContext = useContext(Console);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState(false);
  const [code, setCode] = useState('');
  if (!consoleContext) return null;
  if (done) {
    return (
      <p className="notice" role="status">
        Confirmed: submit the operation again.
      </p>
    );
  }
  const confirm = async () => {
    setError(undefined);
    try {
      await consoleContext.session.stepUp(code.trim());
      setDone(true);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <fieldset className="step-up">
      <legend>Confirm with your authenticator</legend>
      <Field label="Code to confirm" hint="This operation needs a fresh second factor: the code your authenticator app shows now.">
        <input
          name="step-up-code"
          autoComplete="one-time-code"
          maxLength={19}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter confirms the code here instead of submitting the operation's form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirm();
            }
          }}
        />
      </Field>
      <button type="button" onClick={() => void confirm()}>
        Confirm code
      </button>
      <ProblemView error={error} />
    </fieldset>
  );
}

/** The caller's own account: change the password (every other session ends). */
export function AccountScreen() {
  const consoleContext = useContext(Console);
  const [error, setError] = useState<unknown>();
  const [message, setMessage] = useState<string | undefined>();
  if (!consoleContext) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(undefined);
    setMessage(undefined);
    try {
      await consoleContext.session.changePassword(String(form.get('currentPassword')), String(form.get('newPassword')));
      setMessage('Password changed; every other session of this account has ended.');
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section>
      <h1 tabIndex={-1}>Account</h1>
      <p>
        {consoleContext.session.user.email} · {consoleContext.session.role} · second factor{' '}
        {consoleContext.session.hasSecondFactor ? 'in use' : 'not in use'}
      </p>
      <form onSubmit={submit} aria-label="Change password">
        <Field label="Current password">
          <input name="currentPassword" type="password" autoComplete="current-password" required />
        </Field>
        <Field label="New password" hint="8 to 128 characters.">
          <input name="newPassword" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />
        </Field>
        <button type="submit">Change password</button>
      </form>
      {message ? (
        <p className="notice" role="status">
          {message}
        </p>
      ) : null}
      <ProblemView error={error} />
    </section>
  );
}

/** A new password with the one-time code an operator issued (`npm run admin -- reset-password`). */
export function PasswordReset({ baseUrl, onDone }: { baseUrl: string; onDone: (message: string) => void }) {
  const client = useMemo(() => createCoinClient({ baseUrl, retry: { attempts: 1 } }), [baseUrl]);
  const [error, setError] = useState<unknown>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(undefined);
    try {
      await client.resetPassword({ body: { code: String(form.get('code')).trim(), newPassword: String(form.get('newPassword')) } });
      onDone('Password changed: sign in with it.');
    } catch (err) {
      setError(err);
    }
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
        <button type="submit">Set the password</button>{' '}
        <button type="button" onClick={() => onDone('')}>
          Back
        </button>
      </form>
      <ProblemView error={error} />
    </main>
  );
}
