import { type FormEvent, useState } from 'react';
import { useConsole } from '../context';
import { Link } from '../router';
import { Confirm, Field, Loading, Page, ProblemView, RevocationCells, Table, useLoad, when } from '../ui';

const scopes = ['mint', 'burn', 'refund', 'reward'] as const;

/** SUPERADMIN: GET/POST /api/admin/api-keys and DELETE /api/admin/api-keys/{id}; the secret is shown once, here, and kept nowhere. */
export function ApiKeysScreen() {
  const { session } = useConsole();
  const { data, error, loading, reload } = useLoad(() => session.client.listApiKeys(), []);
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [actionError, setActionError] = useState<unknown>();
  const [revoking, setRevoking] = useState<{ id: string; name: string }>();
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = scopes.filter((s) => data.get(`scope-${s}`) === 'on');
    setBusy(true);
    setActionError(undefined);
    setCreated(undefined);
    try {
      const answer = await session.client.createApiKey({ body: { name: String(data.get('name') ?? '').trim(), scopes: chosen } });
      setCreated({ name: answer.name, key: answer.key });
      form.reset();
      reload();
    } catch (err) {
      setActionError(err);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (id: string) => {
    setBusy(true);
    setActionError(undefined);
    try {
      await session.client.revokeApiKey({ path: { id } });
      reload();
    } catch (err) {
      setActionError(err);
    } finally {
      setBusy(false);
      setRevoking(undefined);
    }
  };
  return (
    <Page title="API keys">
      <section className="panel" aria-labelledby="new-key">
        <h2 id="new-key">New API key</h2>
        <form className="filters" onSubmit={create} aria-labelledby="new-key">
          <Field label="Name">
            <input name="name" required maxLength={100} />
          </Field>
          <fieldset>
            <legend>Scopes</legend>
            {scopes.map((s) => (
              <label key={s} className="check">
                <input type="checkbox" name={`scope-${s}`} defaultChecked={s === 'mint'} /> {s}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={busy}>
            Create key
          </button>
        </form>
        {created ? (
          <div className="notice" role="status">
            <p>
              <strong>Key "{created.name}" created.</strong> Copy the secret now: it is shown this once and cannot be read again.
            </p>
            <p>
              <code className="secret" data-testid="api-key-secret">
                {created.key}
              </code>
            </p>
            <button type="button" onClick={() => setCreated(undefined)}>
              I have copied it
            </button>
          </div>
        ) : null}
      </section>
      <ProblemView error={actionError ?? error} />
      {revoking ? (
        <Confirm
          message={`Revoke the key "${revoking.name}"? Every mint, burn, refund or reward sent with it is refused from now on.`}
          confirmLabel="Revoke key"
          busy={busy}
          onConfirm={() => void revoke(revoking.id)}
          onCancel={() => setRevoking(undefined)}
        />
      ) : null}
      <Loading loading={loading} />
      {data ? (
        <Table caption="API keys">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created (UTC)</th>
              <th scope="col">Revoked (UTC)</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {data.apiKeys.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>{k.scopes.join(', ')}</td>
                <td>{when(k.createdAt)}</td>
                <RevocationCells name={k.name} revokedAt={k.revokedAt} onRevoke={() => setRevoking({ id: k.id, name: k.name })} />
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      <p className="muted">
        Platform clients (the SYSTEM callers of <code>POST /api/auth/token</code>) have their own screen:{' '}
        <Link to="/platform-clients">Platform clients</Link>.
      </p>
    </Page>
  );
}
