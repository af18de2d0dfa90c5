import { Field, Page } from '../../components/layout';
import { useConsole } from '../../context';
import { useLocation } from '../../router';
import { MoneyForm } from './money-form';

/** The money forms: POST /api/admin/mint, burn, refund and reward, each with the session's API key of that scope. */
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
