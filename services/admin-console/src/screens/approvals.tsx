import { useState } from 'react';
import { useConsole } from '../context';
import { Link } from '../router';
import { SubmissionKey } from '../session';
import { coins, Field, Loading, Page, Pager, ProblemView, Table, useLoad, when } from '../ui';

const statuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
const pageSize = 25;

/** GET /api/admin/approvals; approve (with the session's API key of the command's scope) or reject with a reason. */
export function ApprovalsScreen() {
  const { session, apiKey } = useConsole();
  const [status, setStatus] = useState<(typeof statuses)[number] | ''>('PENDING');
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const {
    data,
    error: loadError,
    loading,
    reload,
  } = useLoad(
    () => session.client.listApprovals({ query: { limit: String(pageSize), offset: String(offset), ...(status ? { status } : {}) } }),
    [status, offset],
  );
  const decide = async (id: string, approve: boolean, reason: string) => {
    if (busy) return;
    setBusy(id);
    setError(undefined);
    setDone(undefined);
    try {
      const idempotencyKey = new SubmissionKey().current;
      if (approve) {
        const answer = await session.client.approveRequest({
          path: { id },
          idempotencyKey,
          ...(apiKey ? { headers: { 'x-api-key': apiKey } } : {}),
        });
        setDone(`Approved: transaction ${answer.transaction.id} (${answer.transaction.type} ${coins(answer.transaction.amount)}).`);
      } else {
        await session.client.rejectRequest({ path: { id }, body: { reason }, idempotencyKey });
        setDone(`Rejected ${id}.`);
      }
      reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Page title="Approvals">
      <p className="muted">
        Large mints, burns and refunds wait here for a second ADMIN. Approving uses the API key entered on the{' '}
        <Link to="/money">Money</Link> page
        {apiKey ? ' (set)' : ' (not set yet)'}; you cannot approve your own request.
      </p>
      <div className="filters">
        <Field label="Status">
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as typeof status);
              setOffset(0);
            }}
          >
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
      </div>
      <ProblemView error={loadError ?? error} />
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      <Loading loading={loading} />
      {data ? (
        <>
          <Table caption="Approval requests">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Command</th>
                <th scope="col">Requested by</th>
                <th scope="col">Expires (UTC)</th>
                <th scope="col">Decide</th>
              </tr>
            </thead>
            <tbody>
              {data.approvals.map((a) => (
                <tr key={a.id}>
                  <td>
                    <code>{a.id.slice(0, 8)}</code>
                  </td>
                  <td>{a.status}</td>
                  <td>
                    {a.command.type} {coins(a.command.amount)}{' '}
                    {a.command.userId !== null ? (
                      <Link to={`/users/${a.command.userId}`}>user {a.command.userId}</Link>
                    ) : (
                      (a.command.treasury ?? '')
                    )}
                    {a.command.transactionId !== null ? <> of transaction {a.command.transactionId}</> : null} · {a.command.reason}
                  </td>
                  <td>
                    {a.requestedBy.kind} {a.requestedBy.id}
                  </td>
                  <td>{when(a.expiresAt)}</td>
                  <td>{a.status === 'PENDING' ? <Decide id={a.id} busy={busy === a.id} onDecide={decide} /> : (a.decidedBy?.id ?? '—')}</td>
                </tr>
              ))}
              {data.approvals.length === 0 ? (
                <tr>
                  <td colSpan={6}>No request.</td>
                </tr>
              ) : null}
            </tbody>
          </Table>
          <Pager
            label={`${offset + 1}–${offset + data.approvals.length}`}
            hasPrevious={offset > 0}
            hasNext={data.approvals.length === pageSize}
            onPrevious={() => setOffset(Math.max(0, offset - pageSize))}
            onNext={() => setOffset(offset + pageSize)}
          />
        </>
      ) : null}
      {session.role === 'SUPERADMIN' ? <DeletionRequests /> : null}
    </Page>
  );
}

/** SUPERADMIN: GET /api/admin/deletion-requests; approve (not one's own) or reject with a reason. */
function DeletionRequests() {
  const { session } = useConsole();
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const {
    data,
    error: loadError,
    loading,
    reload,
  } = useLoad(() => session.client.listDeletionRequests({ query: { status: 'PENDING' } }), []);
  const decide = async (id: string, approve: boolean, reason: string) => {
    if (busy) return;
    setBusy(id);
    setError(undefined);
    setDone(undefined);
    try {
      const idempotencyKey = new SubmissionKey().current;
      if (approve) {
        const answer = await session.client.approveDeletionRequest({ path: { id }, idempotencyKey });
        setDone(`Approved: user ${answer.deletionRequest.userId} deleted, ${coins(answer.deletionRequest.balance)} burned.`);
      } else {
        await session.client.rejectDeletionRequest({ path: { id }, body: { reason }, idempotencyKey });
        setDone(`Rejected ${id}.`);
      }
      reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-labelledby="deletion-requests" className="panel">
      <h2 id="deletion-requests">Deletion requests</h2>
      <p className="muted">Deletions of users holding the threshold or more wait for a second SUPERADMIN; you cannot approve your own.</p>
      <ProblemView error={loadError ?? error} />
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      <Loading loading={loading} />
      {data ? (
        <Table caption="Pending deletion requests">
          <thead>
            <tr>
              <th scope="col">Request</th>
              <th scope="col">User</th>
              <th scope="col">Balance</th>
              <th scope="col">Requested by</th>
              <th scope="col">Expires (UTC)</th>
              <th scope="col">Decide</th>
            </tr>
          </thead>
          <tbody>
            {data.deletionRequests.map((r) => (
              <tr key={r.id}>
                <td>
                  <code>{r.id.slice(0, 8)}</code>
                </td>
                <td>
                  <Link to={`/users/${r.userId}`}>user {r.userId}</Link>
                </td>
                <td>{coins(r.balance)}</td>
                <td>
                  {r.requestedBy.kind} {r.requestedBy.id}
                </td>
                <td>{when(r.expiresAt)}</td>
                <td>
                  <Decide id={r.id} busy={busy === r.id} onDecide={decide} />
                </td>
              </tr>
            ))}
            {data.deletionRequests.length === 0 ? (
              <tr>
                <td colSpan={6}>No request.</td>
              </tr>
            ) : null}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}

function Decide({ id, busy, onDecide }: { id: string; busy: boolean; onDecide: (id: string, approve: boolean, reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <div className="inline-actions">
      {/* The name says which request: a table of "Approve" buttons reads the same to a screen reader otherwise. */}
      <button type="button" disabled={busy} onClick={() => onDecide(id, true, '')} aria-label={`Approve request ${id.slice(0, 8)}`}>
        Approve
      </button>
      <label className="visually-hidden" htmlFor={`reject-${id}`}>
        Reason for rejecting {id}
      </label>
      <input id={`reject-${id}`} placeholder="reason to reject" value={reason} onChange={(event) => setReason(event.target.value)} />
      <button
        type="button"
        className="danger"
        disabled={busy || reason.trim() === ''}
        onClick={() => onDecide(id, false, reason.trim())}
        aria-label={`Reject request ${id.slice(0, 8)}`}
      >
        Reject
      </button>
    </div>
  );
}
