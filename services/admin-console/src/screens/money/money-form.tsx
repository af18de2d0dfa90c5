import { type FormEvent, useState } from 'react';
import { Field } from '../../components/layout';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { treasuries } from '../../format';
import { useMutation } from '../../hooks/use-mutation';
import { useSubmissionKey } from '../../hooks/use-submission-key';
import { type MoneyAnswer, MoneyResult } from './money-result';

export type Kind = 'mint' | 'burn' | 'refund' | 'reward';

const titles: Record<Kind, string> = { mint: 'Mint', burn: 'Burn', refund: 'Refund a purchase', reward: 'Reward' };
// A person's reward needs a key of the reward scope too: only a platform client's token suffices alone.
const needsKey: Record<Kind, boolean> = { mint: true, burn: true, refund: true, reward: true };

/**
 * One money form. Its Idempotency-Key is made when the form is shown and sent with every submission
 * of that content: a double click (also blocked while a request is out) or a retry after a lost
 * answer reaches the API with the same key, which moves the money once. A new key is made after an
 * answer, for the next payment.
 */
export function MoneyForm({
  kind,
  defaultUserId = '',
  defaultTransactionId = '',
}: {
  kind: Kind;
  defaultUserId?: string;
  defaultTransactionId?: string;
}) {
  const { session, apiKey } = useConsole();
  const key = useSubmissionKey();
  const send = useMutation<MoneyAnswer>();
  const [sentKey, setSentKey] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const amount = text('amount') ? Number(text('amount')) : undefined;
    const reason = text('reason');
    setSentKey(key.current());
    const headers = needsKey[kind] && apiKey ? { 'x-api-key': apiKey } : undefined;
    const target = text('userId') ? { userId: Number(text('userId')) } : { treasury: text('treasury') as (typeof treasuries)[number] };
    const call = (idempotencyKey: string): Promise<MoneyAnswer> => {
      const options = { idempotencyKey, ...(headers ? { headers } : {}) };
      if (kind === 'mint') return session.client.mintCoins({ body: { ...target, amount: amount ?? 0, reason }, ...options });
      if (kind === 'burn') return session.client.burnCoins({ body: { ...target, amount: amount ?? 0, reason }, ...options });
      if (kind === 'reward')
        return session.client.rewardUser({ body: { userId: Number(text('userId')), amount: amount ?? 0, reason }, ...options });
      return session.client.refundTransaction({
        body: { transactionId: Number(text('transactionId')), ...(amount !== undefined ? { amount } : {}), reason },
        ...options,
      });
    };
    void send.run(async () => {
      const answer = await key.send(call);
      form.reset();
      return answer;
    });
  };

  const id = `money-${kind}`;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{titles[kind]}</h2>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} data-testid={`${kind}-form`}>
        <MoneyFields kind={kind} defaultUserId={defaultUserId} defaultTransactionId={defaultTransactionId} />
        <Field label="Reason">
          <input name="reason" required maxLength={500} />
        </Field>
        <button type="submit" disabled={send.busy}>
          {send.busy ? 'Sending…' : titles[kind]}
        </button>
      </form>
      {sentKey ? (
        <p className="muted">
          Idempotency-Key <code>{sentKey}</code>
        </p>
      ) : null}
      <ProblemView error={send.error} />
      {send.result ? <MoneyResult answer={send.result} /> : null}
    </section>
  );
}

/** The form's target (a user, a treasury or a purchase, by kind) and amount. */
function MoneyFields({ kind, defaultUserId, defaultTransactionId }: { kind: Kind; defaultUserId: string; defaultTransactionId: string }) {
  return (
    <>
      {kind === 'refund' ? (
        <Field label="Purchase transaction id">
          <input name="transactionId" inputMode="numeric" pattern="[0-9]+" required defaultValue={defaultTransactionId} />
        </Field>
      ) : (
        <Field label="User id">
          <input name="userId" inputMode="numeric" pattern="[0-9]+" required={kind === 'reward'} defaultValue={defaultUserId} />
        </Field>
      )}
      {kind === 'mint' || kind === 'burn' ? (
        <Field label="Or a treasury (instead of a user)">
          <select name="treasury" defaultValue="">
            <option value="">—</option>
            {treasuries.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field label={kind === 'refund' ? 'Amount (empty: what is left of the purchase)' : 'Amount (coins)'}>
        <input name="amount" type="number" min="0.01" step="0.01" required={kind !== 'refund'} />
      </Field>
    </>
  );
}
