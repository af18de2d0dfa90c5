import type { OperationResult } from '@coin/client';
import { type FormEvent, useCallback, useState } from 'react';
import { Loaded } from '../../components/busy';
import { ConfirmDialog, useConfirmation } from '../../components/confirm';
import { Field, Page, RevocationCells, Table } from '../../components/layout';
import { Notice } from '../../components/notice';
import { useConsole } from '../../context';
import { treasuries as treasuryCodes, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { useSubmissionKey } from '../../hooks/use-submission-key';
import { Link } from '../../router';

/**
 * SUPERADMIN: GET/POST /api/admin/platform-clients and POST /api/admin/platform-clients/{id}/revoke
 * (the SYSTEM callers of POST /api/auth/token). The secret is shown once, here, and kept nowhere;
 * the client works once another SUPERADMIN approves its request (the Approvals page).
 * Each creation carries its own Idempotency-Key, kept across a retry after a network error or a 5xx,
 * so a double click or a resubmission never registers a second client.
 */
export function PlatformClientsScreen() {
  const { session } = useConsole();
  const clients = useLoad(() => session.client.listPlatformClients(), []);
  const key = useSubmissionKey();
  const action = useMutation<string | undefined>();
  const [created, setCreated] = useState<CreatedClient>();
  const revoking = useConfirmation<{ id: string; name: string }>();

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = newClientBody(new FormData(form));
    const { name } = body;
    if (action.busy) return;
    setCreated(undefined);
    void action.run(async () => {
      const answer = await key.send((idempotencyKey) => session.client.createPlatformClient({ body, idempotencyKey }));
      form.reset();
      clients.reload();
      const act = answer.grantRequest.act;
      const id = act.type === 'user.platform-client.create' ? act.clientId : answer.grantRequest.id;
      if (answer.clientSecret !== undefined) {
        setCreated({ id, name, secret: answer.clientSecret, requestId: answer.grantRequest.id });
        return undefined;
      }
      return `Client "${name}" (${id}) was already asked for by this submission; its secret was shown then only.`;
    });
  };
  return (
    <Page title="Platform clients">
      <p className="muted">
        A platform client (a tournament or shop back end) gets SYSTEM tokens from <code>POST /api/auth/token</code> with its id and secret;
        a SYSTEM token can pay rewards from REWARDS and settle holds paying the treasuries it is granted (holds paying a user: any client),
        up to its daily reward cap, and nothing else. Grants are fixed at creation: to change them, create a new client and revoke this one.
        Creations and revocations show in the <Link to="/audit-log?action=platform-client.create">audit log</Link>.
      </p>
      <section className="panel" aria-labelledby="new-client">
        <h2 id="new-client">New platform client</h2>
        <form className="filters" onSubmit={create} aria-labelledby="new-client" data-testid="platform-client-form">
          <NewClientFields />
          <button type="submit" disabled={action.busy}>
            Create client
          </button>
        </form>
        {created ? <CreatedClientNotice created={created} onDismiss={() => setCreated(undefined)} /> : null}
      </section>
      <Notice>{action.result}</Notice>
      <ConfirmDialog
        confirmation={revoking}
        mutation={action}
        message={(client) =>
          `Revoke the client "${client.name}" (${client.id})? It gets no new tokens, and the tokens it holds are refused from the next request. This cannot be undone.`
        }
        confirmLabel={() => 'Revoke client'}
        action={async (client) => {
          const answer = await session.client.revokePlatformClient({ path: { id: client.id } });
          clients.reload();
          return `Client "${answer.name}" revoked: its tokens are refused from the next request.`;
        }}
      />
      <Loaded load={clients} error={action.error}>
        {(data) => (
          <PlatformClientsTable platformClients={data.platformClients} onRevoke={(c) => revoking.ask({ id: c.id, name: c.name })} />
        )}
      </Loaded>
    </Page>
  );
}

/** The new client's name, treasuries granted and daily reward cap. */
function NewClientFields() {
  return (
    <>
      <Field label="Name" hint="What the client is, e.g. tournaments">
        <input name="name" required maxLength={100} autoComplete="off" />
      </Field>
      <fieldset>
        <legend>Treasuries granted</legend>
        {treasuryCodes.map((code) => (
          <label key={code}>
            <input type="checkbox" name={`treasury-${code}`} /> {code}
          </label>
        ))}
      </fieldset>
      <Field label="Daily reward cap (coins)" hint="Empty: the ledger default">
        <input name="dailyRewardCap" type="number" min="0.01" step="0.01" inputMode="decimal" />
      </Field>
      <label>
        <input type="checkbox" name="cashout" /> Payout provider (the cashout grant: claims and settles cash-outs)
      </label>
    </>
  );
}

interface CreatedClient {
  id: string;
  name: string;
  secret: string;
  requestId: string;
}

/** The id and secret of the client just asked for, shown this once. */
function CreatedClientNotice({ created, onDismiss }: { created: CreatedClient; onDismiss: () => void }) {
  // The secret box takes the focus when it appears, so a keyboard or screen-reader user lands on it.
  const focusSecret = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  return (
    <div className="notice" role="status" tabIndex={-1} ref={focusSecret} aria-labelledby="client-created">
      <p id="client-created">
        <strong>Client "{created.name}" asked for.</strong> Copy the secret now (select it, then Ctrl+C or ⌘C): it is shown this once and
        cannot be read again. The client works once another SUPERADMIN approves request <code>{created.requestId.slice(0, 8)}</code> on the
        Approvals page.
      </p>
      <dl className="facts">
        <dt>Client id</dt>
        <dd>
          <code data-testid="platform-client-id">{created.id}</code>
        </dd>
        <dt>Client secret</dt>
        <dd>
          <code className="secret" data-testid="platform-client-secret">
            {created.secret}
          </code>
        </dd>
      </dl>
      <button type="button" onClick={onDismiss}>
        I have copied it
      </button>
    </div>
  );
}

type PlatformClient = OperationResult<'listPlatformClients'>['platformClients'][number];

function PlatformClientsTable({
  platformClients,
  onRevoke,
}: {
  platformClients: readonly PlatformClient[];
  onRevoke: (client: PlatformClient) => void;
}) {
  return (
    <Table caption="Platform clients">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Client id</th>
          <th scope="col">Treasuries</th>
          <th scope="col">Daily reward cap</th>
          <th scope="col">Created (UTC)</th>
          <th scope="col">Revoked (UTC)</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {platformClients.map((c) => (
          <tr key={c.id} data-testid={`platform-client-${c.id}`}>
            <td>{c.name}</td>
            <td>
              <code>{c.id}</code>
            </td>
            <td>
              {c.treasuries.length > 0 ? c.treasuries.join(', ') : 'none'}
              {c.cashout ? ' · cashout' : ''}
            </td>
            <td>{c.dailyRewardCap === null ? 'default' : c.dailyRewardCap}</td>
            <td>{when(c.createdAt)}</td>
            <RevocationCells name={c.name} revokedAt={c.revokedAt} onRevoke={() => onRevoke(c)} />
          </tr>
        ))}
        {platformClients.length === 0 ? (
          <tr>
            <td colSpan={5}>No platform clients yet.</td>
          </tr>
        ) : null}
      </tbody>
    </Table>
  );
}

/** The creation's body from the form's fields: an empty cap leaves the ledger default. */
function newClientBody(fields: FormData) {
  const name = String(fields.get('name') ?? '').trim();
  const granted = treasuryCodes.filter((code) => fields.get(`treasury-${code}`) === 'on');
  const capText = String(fields.get('dailyRewardCap') ?? '').trim();
  return {
    name,
    treasuries: granted,
    ...(capText !== '' ? { dailyRewardCap: Number(capText) } : {}),
    ...(fields.get('cashout') === 'on' ? { cashout: true } : {}),
  };
}
