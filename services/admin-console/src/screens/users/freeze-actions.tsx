import { useState } from 'react';
import { Field } from '../../components/layout';
import { Notice } from '../../components/notice';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { useMutation } from '../../hooks/use-mutation';

/** Where the freeze actions are: a user's page (a case may be named), or a case's page (the case is named, each step noted on it). */
export interface FreezeFromCase {
  caseId: string;
  /** After each step: what was done, in a sentence (the case page notes it on the case). */
  noted(said: string): Promise<unknown>;
}

/** The four steps of a freeze, sent through the API; each said, and noted on the case when acted from one. */
function useFreezeSteps(userId: number, reason: string, caseId: string, onChanged: () => void, fromCase?: FreezeFromCase) {
  const { session } = useConsole();
  const change = useMutation<string>();
  const path = { id: String(userId) };
  const step = async (said: string, noted: string, changed = true) => {
    await fromCase?.noted(noted);
    if (changed) onChanged();
    return said;
  };
  const act = (what: 'freeze' | 'request' | 'approve' | 'reject') =>
    change.run(async () => {
      if (what === 'freeze') {
        await session.client.freezeUserWallet({ path, body: { reason, ...(caseId ? { caseId } : {}) } });
        return step('Frozen: its debits are refused; coins sent to it still land.', `Froze the wallet of user ${userId}: ${reason}`);
      }
      if (what === 'request') {
        await session.client.requestUnfreeze({ path, body: { reason } });
        return step(
          'Asked to lift the freeze: a different ADMIN+ must approve it.',
          `Asked to lift the freeze of user ${userId}'s wallet: ${reason}`,
          false,
        );
      }
      if (what === 'reject') {
        await session.client.rejectUnfreeze({ path, body: { reason } });
        return step(
          'The request to lift the freeze is rejected: the wallet stays frozen.',
          `Rejected the request to lift the freeze of user ${userId}'s wallet: ${reason}`,
        );
      }
      await session.client.approveUnfreeze({ path });
      return step('The freeze is lifted.', `Lifted the freeze of user ${userId}'s wallet (approved by a second person).`);
    });
  return { change, act };
}

/**
 * ADMIN+: a wallet's freeze (docs/CONTRACT.md "Wallet freezes"). Freezing stops its debits at
 * once; lifting it takes two people: one asks (with a reason), a different ADMIN+ approves, or any
 * ADMIN+ but the owner rejects it (with a reason). The ledger refuses the requester's own approval
 * (UNFREEZE_BY_REQUESTER), shown here as its problem.
 */
export function FreezeActions({
  userId,
  frozen,
  onChanged,
  fromCase,
}: {
  userId: number;
  frozen: boolean;
  onChanged: () => void;
  fromCase?: FreezeFromCase;
}) {
  const [reason, setReason] = useState('');
  const [typedCaseId, setCaseId] = useState('');
  const { change, act } = useFreezeSteps(userId, reason, fromCase?.caseId ?? typedCaseId, onChanged, fromCase);
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
            <button type="button" disabled={!reason || change.busy} onClick={() => act('reject')}>
              Reject unfreeze
            </button>
          </>
        ) : (
          <>
            {fromCase ? null : (
              <Field label="Case (optional)">
                <input value={typedCaseId} maxLength={100} onChange={(event) => setCaseId(event.target.value)} />
              </Field>
            )}
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
