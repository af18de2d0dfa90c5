import { useState } from 'react';
import { Field } from '../../components/layout';
import { Notice } from '../../components/notice';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { useMutation } from '../../hooks/use-mutation';

/**
 * ADMIN+: a user's verification (docs/CONTRACT.md "Verification"), what the cash-out daily amount
 * reads. One ADMIN+ sets it with a reason and a fresh second factor (a stale one shows the
 * step-up form, as every step-up act does); the user's current tokens end with the change.
 */
export function VerificationActions({ userId, verified, onChanged }: { userId: number; verified: boolean; onChanged: () => void }) {
  const { session } = useConsole();
  const [reason, setReason] = useState('');
  const change = useMutation<string>();
  const set = (next: boolean) =>
    change.run(async () => {
      await session.client.setUserVerification({ path: { id: String(userId) }, body: { verified: next, reason } });
      setReason('');
      onChanged();
      return next
        ? 'Verified: the verified cash-out amount applies from their next token.'
        : 'No longer verified: their tokens saying otherwise no longer work.';
    });
  return (
    <section aria-labelledby="verification-actions" className="panel">
      <h2 id="verification-actions">Verification</h2>
      <p data-testid="user-verified">
        {verified ? 'Verified: may cash out the verified daily amount.' : 'Not verified: may cash out the unverified daily amount.'}
      </p>
      <form className="filters" aria-label="Verification" onSubmit={(event) => event.preventDefault()}>
        <Field label="Why">
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <button type="submit" disabled={!reason || change.busy} onClick={() => set(!verified)}>
          {verified ? 'Take verification away' : 'Verify user'}
        </button>
      </form>
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </section>
  );
}
