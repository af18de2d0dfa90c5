import type { OperationResult } from '@coin/client';
import { type FormEvent, useState } from 'react';
import { Loaded } from '../../components/busy';
import { ConfirmDialog, useConfirmation } from '../../components/confirm';
import { Field, Page, RevocationCells, Table } from '../../components/layout';
import { useConsole } from '../../context';
import { when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { Link } from '../../router';

const scopes = ['mint', 'burn', 'refund', 'reward'] as const;

/**
 * SUPERADMIN: GET/POST /api/admin/api-keys and DELETE /api/admin/api-keys/{id}; the secret is shown
 * once, here, and kept nowhere. A key is issued to one admin (the one named, else the SUPERADMIN
 * asking for it) and works with that admin's token only, once another SUPERADMIN approves its
 * request (the Approvals page).
 */
export function ApiKeysScreen() {
  const { session } = useConsole();
  const keys = useLoad(() => session.client.listApiKeys(), []);
  const action = useMutation<void>();
  const [created, setCreated] = useState<CreatedKey>();
  const revoking = useConfirmation<{ id: string; name: string }>();

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = scopes.filter((s) => data.get(`scope-${s}`) === 'on');
    const owner = String(data.get('owner') ?? '').trim();
    setCreated(undefined);
    void action.run(async () => {
      const name = String(data.get('name') ?? '').trim();
      const answer = await session.client.createApiKey({
        body: { name, scopes: chosen, ...(owner ? { ownerUserId: Number(owner) } : {}) },
      });
      const act = answer.grantRequest.act;
      setCreated({
        name,
        key: answer.key,
        requestId: answer.grantRequest.id,
        ownerUserId: act.type === 'user.api-key.create' ? act.ownerUserId : Number(owner),
      });
      form.reset();
      keys.reload();
    });
  };
  return (
    <Page title="API keys">
      <section className="panel" aria-labelledby="new-key">
        <h2 id="new-key">New API key</h2>
        <form className="filters" onSubmit={create} aria-labelledby="new-key">
          <NewKeyFields />
          <button type="submit" disabled={action.busy}>
            Create key
          </button>
        </form>
        {created ? <CreatedKeyNotice created={created} onDismiss={() => setCreated(undefined)} /> : null}
      </section>
      <ConfirmDialog
        confirmation={revoking}
        mutation={action}
        message={(key) => `Revoke the key "${key.name}"? Every mint, burn, refund or reward sent with it is refused from now on.`}
        confirmLabel={() => 'Revoke key'}
        action={async (key) => {
          await session.client.revokeApiKey({ path: { id: key.id } });
          keys.reload();
        }}
      />
      <Loaded load={keys} error={action.error}>
        {(data) => <ApiKeysTable apiKeys={data.apiKeys} onRevoke={(k) => revoking.ask({ id: k.id, name: k.name })} />}
      </Loaded>
      <p className="muted">
        Platform clients (the SYSTEM callers of <code>POST /api/auth/token</code>) have their own screen:{' '}
        <Link to="/platform-clients">Platform clients</Link>.
      </p>
    </Page>
  );
}

/** The new key's name, owner and scopes (mint ticked by default). */
function NewKeyFields() {
  return (
    <>
      <Field label="Name">
        <input name="name" required maxLength={100} />
      </Field>
      <Field label="Issued to (user id; empty: you)">
        <input name="owner" inputMode="numeric" pattern="[1-9][0-9]{0,15}" />
      </Field>
      <fieldset>
        <legend>Scopes</legend>
        {scopes.map((s) => (
          <label key={s} className="check">
            <input type="checkbox" name={`scope-${s}`} defaultChecked={s === 'mint'} /> {s}
          </label>
        ))}
      </fieldset>
    </>
  );
}

interface CreatedKey {
  name: string;
  key: string;
  requestId: string;
  ownerUserId: number;
}

/** The secret of the key just asked for, shown this once. */
function CreatedKeyNotice({ created, onDismiss }: { created: CreatedKey; onDismiss: () => void }) {
  return (
    <div className="notice" role="status">
      <p>
        <strong>
          Key "{created.name}" asked for, issued to user {created.ownerUserId}.
        </strong>{' '}
        Copy the secret now: it is shown this once and cannot be read again. It works with that admin's sign-in only, once another
        SUPERADMIN approves request <code>{created.requestId.slice(0, 8)}</code> on the Approvals page.
      </p>
      <p>
        <code className="secret" data-testid="api-key-secret">
          {created.key}
        </code>
      </p>
      <button type="button" onClick={onDismiss}>
        I have copied it
      </button>
    </div>
  );
}

type ApiKey = OperationResult<'listApiKeys'>['apiKeys'][number];

function ApiKeysTable({ apiKeys, onRevoke }: { apiKeys: readonly ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table caption="API keys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Scopes</th>
          <th scope="col">Issued to</th>
          <th scope="col">Created (UTC)</th>
          <th scope="col">Revoked (UTC)</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {apiKeys.map((k) => (
          <tr key={k.id}>
            <td>{k.name}</td>
            <td>{k.scopes.join(', ')}</td>
            <td>{k.ownerUserId === null ? 'no one' : `user ${k.ownerUserId}`}</td>
            <td>{when(k.createdAt)}</td>
            <RevocationCells name={k.name} revokedAt={k.revokedAt} onRevoke={() => onRevoke(k)} />
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
