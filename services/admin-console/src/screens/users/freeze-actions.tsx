import { useState } from 'react';
import { Field } from '../../components/layout';
import { Notice } from '../../components/notice';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { useMutation } from '../../hooks/use-mutation';

/**
 * ADMIN+: a wallet's freeze (docs/CONTRACT.md "Wallet freezes"). Freezing stops its debits at
 * once; lifting it takes two people: one asks (with a reason), a different ADMIN+ approves. The
 * ledger refuses the requester's own approval (UNFREEZE_BY_REQUESTER), shown here as its problem.
 */
export function FreezeActions({ userId, frozen, onChanged }: { userId: number; frozen: boolean; onChanged: () => void }) {
  const { session } = useConsole();
  const [reason, setReason] = useState('');
  const [caseId, setCaseId] = useState('');
  const change = useMutation<string>();
  const path = { id: String(userId) };
  const act = (what: 'freeze' | 'request' | 'approve') =>
    change.run(async () => {
      if (what === 'freeze') {
        await session.client.freezeUserWallet({ path, body: { reason, ...(caseId ? { caseId } : {}) } });
        onChanged();
        return 'Frozen: its debits are refused; coins sent to it still land.';
      }
      if (what === 'request') {
        await session.client.requestUnfreeze({ path, body: { reason } });
        return 'Asked to lift the freeze: a different ADMIN+ must approve it.';
      }
      await session.client.approveUnfreeze({ path });
      onChanged();
      return 'The freeze is lifted.';
    });
  return (
    <section aria-labelledby="freeze-actions" className="panel">
      <h2 id="freeze-actions">Freeze</h2>
      <p data-testid="wallet-frozen">{frozen ? 'This wallet is frozen: nothing leaves it.' : 'This wallet is not frozen.'}</p>
      <form className="filters" aria-label="Freeze" onSubmit={(event) => event.preventDefault()}>
        <Field label="Reason">
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </Field>
        {frozen ? (
          <>
            <button type="button" disabled={!reason || change.busy} onClick={() => act('request')}>
              Ask to unfreeze
            </button>
            <button type="button" disabled={change.busy} onClick={() => act('approve')}>
              Approve unfreeze
            </button>
          </>
        ) : (
          <>
            <Field label="Case (optional)">
              <input value={caseId} maxLength={100} onChange={(event) => setCaseId(event.target.value)} />
            </Field>
            <button type="submit" className="danger" disabled={!reason || change.busy} onClick={() => act('freeze')}>
              Freeze wallet
            </button>
          </>
        )}
      </form>
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </section>
  );
}
