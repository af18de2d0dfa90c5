import { type FormEvent, useMemo, useState } from 'react';
import { encode } from 'uqr';
import { Field } from '../components/layout';
import { ProblemView } from '../components/problem-view';
import { useMutation } from '../hooks/use-mutation';
import type { LoginAnswer, Session } from '../session';

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
  const enrol = useMutation<void>();
  const start = () => enrol.run(async () => setSecret(await session.client.startMfaEnrolment()));
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    // The notices of this account came with the password sign-in that led here: none are left.
    void enrol.run(async () => setConfirmed({ ...(await session.client.confirmMfaEnrolment({ body: { code } })), notices: [] }));
  };
  if (confirmed) {
    const { recoveryCodes, ...answer } = confirmed;
    return <RecoveryCodes recoveryCodes={recoveryCodes} onContinue={() => onEnrolled(answer)} />;
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
            <button type="submit" disabled={enrol.busy}>
              Confirm
            </button>
          </form>
        </>
      ) : (
        <button type="button" onClick={() => void start()} disabled={enrol.busy}>
          Show the QR code
        </button>
      )}{' '}
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
      <ProblemView error={enrol.error} />
    </main>
  );
}

/** The recovery codes the enrolment answered with, shown this once before going on. */
function RecoveryCodes({ recoveryCodes, onContinue }: { recoveryCodes: string[]; onContinue: () => void }) {
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
      <button type="button" onClick={onContinue}>
        I have saved them: continue
      </button>
    </main>
  );
}
