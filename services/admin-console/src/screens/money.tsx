import type { OperationResult } from '@coin/client';
import { type FormEvent, useRef, useState } from 'react';
import { useConsole } from '../context';
import { Link, useLocation } from '../router';
import { SubmissionKey } from '../session';
import { coins, Field, Page, ProblemView, treasuries, when } from '../ui';

type Kind = 'mint' | 'burn' | 'refund' | 'reward';
type MoneyAnswer = OperationResult<'mintCoins'> | OperationResult<'rewardUser'>;

const titles: Record<Kind, string> = { mint: 'Mint', burn: 'Burn', refund: 'Refund a purchase', reward: 'Reward' };
// A person's reward needs a reward-scoped API key too (issue 29): only a platform client's token stands alone.
const needsKey: Record<Kind, boolean> = { mint: true, burn: true, refund: true, reward: true };

/** The money forms: POST /api/admin/mint, burn, refund (API key of that scope) and reward. */
export function MoneyScreen() {
  const { apiKey, setApiKey } = useConsole();
  const { query } = useLocation();
  return (
    <Page title="Money">
      <section className="panel" aria-labelledby="api-key-title">
        <h2 id="api-key-title">API key</h2>
        <Field
          label="API key (scope mint, burn, refund or reward)"
          hint="Kept in this tab's memory for this session only; never stored. Reward needs none."
        >
          <input
            type="password"
            name="apiKey"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value.trim())}
          />
        </Field>
      </section>
      <div className="grid">
        <MoneyForm kind="mint" defaultUserId={query.get('userId') ?? ''} />
        <MoneyForm kind="burn" defaultUserId={query.get('userId') ?? ''} />
        <MoneyForm kind="reward" defaultUserId={query.get('userId') ?? ''} />
        <MoneyForm kind="refund" defaultTransactionId={query.get('refund') ?? ''} />
      </div>
    </Page>
  );
}

/**
 * One money form. Its Idempotency-Key is made when the form is shown and sent with every submission
 * of that content: a double click (also blocked while a request is out) or a retry after a lost
 * answer reaches the API with the same key, which moves the money once. A new key is made after an
 * answer, for the next payment.
 */
function MoneyForm({
  kind,
  defaultUserId = '',
  defaultTransactionId = '',
}: {
  kind: Kind;
  defaultUserId?: string;
  defaultTransactionId?: string;
}) {
  const { session, apiKey } = useConsole();
  const key = useRef(new SubmissionKey());
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [answer, setAnswer] = useState<MoneyAnswer>();
  const [sentKey, setSentKey] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    setAnswer(undefined);
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const amount = text('amount') ? Number(text('amount')) : undefined;
    const reason = text('reason');
    const idempotencyKey = key.current.current;
    setSentKey(idempotencyKey);
    const headers = needsKey[kind] && apiKey ? { 'x-api-key': apiKey } : undefined;
    const target = text('userId') ? { userId: Number(text('userId')) } : { treasury: text('treasury') as (typeof treasuries)[number] };
    try {
      let result: MoneyAnswer;
      if (kind === 'mint')
        result = await session.client.mintCoins({
          body: { ...target, amount: amount ?? 0, reason },
          idempotencyKey,
          ...(headers ? { headers } : {}),
        });
      else if (kind === 'burn')
        result = await session.client.burnCoins({
          body: { ...target, amount: amount ?? 0, reason },
          idempotencyKey,
          ...(headers ? { headers } : {}),
        });
      else if (kind === 'reward')
        result = await session.client.rewardUser({
          body: { userId: Number(text('userId')), amount: amount ?? 0, reason },
          idempotencyKey,
          ...(headers ? { headers } : {}),
        });
      else
        result = await session.client.refundTransaction({
          body: { transactionId: Number(text('transactionId')), ...(amount !== undefined ? { amount } : {}), reason },
          idempotencyKey,
          ...(headers ? { headers } : {}),
        });
      setAnswer(result);
      key.current.next();
      form.reset();
    } catch (err) {
      setError(err);
      // A refusal (4xx) is final: the next submission is a new one. After a network error or a 5xx
      // the key stays, so submitting again asks about the same payment instead of paying twice.
      const status = (err as { status?: number }).status;
      if (status !== undefined && status < 500) key.current.next();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const id = `money-${kind}`;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{titles[kind]}</h2>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} data-testid={`${kind}-form`}>
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
        <Field label="Reason">
          <input name="reason" required maxLength={500} />
        </Field>
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : titles[kind]}
        </button>
      </form>
      {sentKey ? (
        <p className="muted">
          Idempotency-Key <code>{sentKey}</code>
        </p>
      ) : null}
      <ProblemView error={error} />
      {answer ? <MoneyResult answer={answer} /> : null}
    </section>
  );
}

function MoneyResult({ answer }: { answer: MoneyAnswer }) {
  if ('approval' in answer && answer.approval && !('transaction' in answer)) {
    const a = answer.approval;
    return (
      <div className="notice" role="status">
        <p>
          <strong>202 Accepted: waiting for approval.</strong> Nothing has moved yet: another ADMIN must approve request{' '}
          <Link to="/approvals">{a.id}</Link> with an API key of the same scope before {when(a.expiresAt)} UTC.
        </p>
      </div>
    );
  }
  if ('transaction' in answer) {
    const t = answer.transaction;
    return (
      <div className="notice" role="status" data-testid="money-result">
        <p>
          <strong>Done:</strong> transaction <Link to={`/transactions/${t.id}`}>{t.id}</Link>, {t.type} of {coins(t.amount)}
          {answer.wallet && 'balance' in answer.wallet ? (
            <> · wallet balance now {coins((answer.wallet as { balance: number }).balance)}</>
          ) : null}
        </p>
      </div>
    );
  }
  return null;
}
