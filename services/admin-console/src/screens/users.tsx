import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { useConsole } from '../context';
import { Link, navigate, useLocation } from '../router';
import type { Role } from '../session';
import { Confirm, coins, Field, Loading, Page, Pager, ProblemView, roles, Table, useLoad, when } from '../ui';
import { TransactionRows } from './transactions';

const pageSize = 20;

/** GET /api/admin/users: search by e-mail or name, filter by role, paging (state in the URL, so back/forward and links work). */
export function UsersScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const q = query.get('q') ?? '';
  const role = (query.get('role') ?? '') as Role | '';
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const { data, error, loading } = useLoad(
    () =>
      session.client.listUsers({
        query: { page: String(page), pageSize: String(pageSize), ...(q ? { q } : {}), ...(role ? { role } : {}) },
      }),
    [q, role, page],
  );
  const go = (next: { q?: string; role?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nq = next.q ?? q;
    const nr = next.role ?? role;
    if (nq) params.set('q', nq);
    if (nr) params.set('role', nr);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    const search = params.toString();
    navigate(`/users${search ? `?${search}` : ''}`);
  };
  const total = data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Page title="Users">
      <form
        className="filters"
        aria-label="Search users"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          go({ q: String(form.get('q') ?? ''), role: String(form.get('role') ?? ''), page: 1 });
        }}
      >
        <Field label="E-mail or name">
          <input name="q" type="search" defaultValue={q} key={q} />
        </Field>
        <Field label="Role">
          <select name="role" defaultValue={role} key={role}>
            <option value="">Any role</option>
            {roles.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        <button type="submit">Search</button>
      </form>
      <ProblemView error={error} />
      <Loading loading={loading} />
      {data ? (
        <>
          <Table caption="Users">
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">E-mail</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Verified</th>
                <th scope="col">Created (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id}>
                  <td>{user.id}</td>
                  <td>
                    <Link to={`/users/${user.id}`}>{user.email}</Link>
                  </td>
                  <td>{user.fullName}</td>
                  <td>{user.role}</td>
                  <td>{user.isVerified ? 'yes' : 'no'}</td>
                  <td>{when(user.createdAt)}</td>
                </tr>
              ))}
              {data.users.length === 0 ? (
                <tr>
                  <td colSpan={6}>No user matches.</td>
                </tr>
              ) : null}
            </tbody>
          </Table>
          <Pager
            label={`Page ${page} of ${pages} · ${total} users`}
            hasPrevious={page > 1}
            hasNext={page < pages}
            onPrevious={() => go({ page: page - 1 })}
            onNext={() => go({ page: page + 1 })}
          />
        </>
      ) : null}
    </Page>
  );
}

/**
 * One user: GET /api/admin/users/{id} (balance, held coins, activeCoins = balance − held), limits and
 * usage, recent transactions, sessions; for a SUPERADMIN, role change, deletion and ending their sessions.
 */
export function UserDetailScreen({ userId }: { userId: number }) {
  const { session } = useConsole();
  const id = String(userId);
  const user = useLoad(() => session.client.getUser({ path: { id } }), [id]);
  const sessions = useLoad(() => session.client.listUserSessions({ path: { id } }), [id]);
  const limits = useLoad(() => session.client.getUserLimits({ path: { id } }), [id]);
  const recent = useLoad(() => session.client.searchTransactions({ query: { userId: id, limit: '10' } }), [id]);
  const balance = user.data?.wallet.balance;
  const reloadAll = () => {
    user.reload();
    recent.reload();
    sessions.reload();
  };
  return (
    <Page title={user.data ? `User ${user.data.email}` : `User ${userId}`}>
      <p>
        <Link to="/users">← All users</Link>
      </p>
      <ProblemView error={user.error} />
      <Loading loading={user.loading} />
      {user.data ? (
        <>
          <dl className="facts">
            <dt>Id</dt>
            <dd>{user.data.id}</dd>
            <dt>Name</dt>
            <dd>{user.data.fullName}</dd>
            <dt>Role</dt>
            <dd data-testid="user-role">{user.data.role}</dd>
            <dt>Verified</dt>
            <dd>{user.data.isVerified ? 'yes' : 'no'}</dd>
            <dt>Created (UTC)</dt>
            <dd>{when(user.data.createdAt)}</dd>
            <dt>Balance</dt>
            <dd data-testid="wallet-balance">{coins(balance)}</dd>
            <dt>Held (pending holds)</dt>
            <dd data-testid="held-coins">{coins(user.data.wallet.held)}</dd>
            <dt>activeCoins</dt>
            <dd data-testid="active-coins">{coins(user.data.wallet.activeCoins)}</dd>
            <dt>Total received</dt>
            <dd data-testid="total-received">{coins(user.data.wallet.totalReceived)}</dd>
            <dt>Total sent</dt>
            <dd data-testid="total-sent">{coins(user.data.wallet.totalSent)}</dd>
          </dl>
          <p className="actions">
            <Link to={`/money?userId=${userId}`}>Mint, burn or reward for this user</Link>
            <Link to={`/transactions?userId=${userId}`}>All their transactions</Link>
            <Link to={`/holds?userId=${userId}`}>Their holds</Link>
            <Link to={`/audit-log?target=user:${userId}`}>Audit log about them</Link>
          </p>
          {session.role === 'SUPERADMIN' ? (
            <SuperadminActions userId={userId} email={user.data.email} role={user.data.role} balance={balance ?? 0} onChanged={reloadAll} />
          ) : null}
        </>
      ) : null}
      <h2>Spending limits (24 h)</h2>
      <ProblemView error={limits.error} />
      {limits.data ? (
        <dl className="facts">
          <dt>Daily amount</dt>
          <dd>
            {coins(limits.data.usage.amount)} used of{' '}
            {limits.data.limits.dailyAmount === null ? 'no limit' : coins(limits.data.limits.dailyAmount)}
          </dd>
          <dt>Daily count</dt>
          <dd>
            {limits.data.usage.count} used of {limits.data.limits.dailyCount === null ? 'no limit' : limits.data.limits.dailyCount}
          </dd>
          <dt>Single operation</dt>
          <dd>{limits.data.limits.singleAmount === null ? 'no limit' : coins(limits.data.limits.singleAmount)}</dd>
        </dl>
      ) : null}
      <h2>Recent transactions</h2>
      <ProblemView error={recent.error} />
      {recent.data ? <TransactionRows caption="Recent transactions" transactions={recent.data.transactions} /> : null}
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted">One per sign-in, kept through its token refreshes. Tokens are never shown.</p>
      <ProblemView error={sessions.error} />
      {sessions.data ? <SessionRows sessions={sessions.data.sessions} /> : null}
      {session.role === 'SUPERADMIN' && user.data ? (
        <EndSessions userId={userId} email={user.data.email} onEnded={sessions.reload} />
      ) : null}
    </Page>
  );
}

function SuperadminActions({
  userId,
  email,
  role,
  balance,
  onChanged,
}: {
  userId: number;
  email: string;
  role: Role;
  balance: number;
  onChanged: () => void;
}) {
  const { session } = useConsole();
  const [newRole, setNewRole] = useState<Role>(role);
  const [confirming, setConfirming] = useState<'role' | 'delete' | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const act = async (what: 'role' | 'delete') => {
    setBusy(true);
    setError(undefined);
    try {
      if (what === 'role') {
        const answer = await session.client.changeUserRole({ path: { id: String(userId) }, body: { role: newRole } });
        setDone(`Role changed to ${answer.user.role}.`);
        onChanged();
      } else {
        const answer = await session.client.deleteUser({ path: { id: String(userId) } });
        // A user holding the threshold or more is not deleted: the request waits for another SUPERADMIN.
        if ('deletionRequest' in answer) {
          setDone(
            `Not deleted yet: ${coins(answer.deletionRequest.balance)} is at or above the threshold, so another SUPERADMIN must approve request ${answer.deletionRequest.id.slice(0, 8)} on the Approvals page.`,
          );
          return;
        }
        navigate('/users');
        return;
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setConfirming(undefined);
    }
  };
  return (
    <section aria-labelledby="superadmin-actions" className="panel">
      <h2 id="superadmin-actions">SUPERADMIN actions</h2>
      <form
        className="filters"
        aria-label="Change role"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(undefined);
          setConfirming('role');
        }}
      >
        <Field label="New role">
          <select value={newRole} onChange={(event) => setNewRole(event.target.value as Role)}>
            {roles.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        <button type="submit" disabled={newRole === role}>
          Change role
        </button>
        <button type="button" className="danger" onClick={() => setConfirming('delete')}>
          Delete user
        </button>
      </form>
      {confirming === 'role' ? (
        <Confirm
          message={`Change the role of ${email} from ${role} to ${newRole}? Their current sessions stop working; they sign in again with the new role.`}
          confirmLabel={`Yes, make ${newRole}`}
          busy={busy}
          onConfirm={() => void act('role')}
          onCancel={() => setConfirming(undefined)}
        />
      ) : null}
      {confirming === 'delete' ? (
        <Confirm
          message={`Delete ${email}? Their balance of ${coins(balance)} coins is burned, their wallet is closed, their pending holds are voided and their sessions end. This cannot be undone.`}
          confirmLabel={`Delete and burn ${coins(balance)} coins`}
          busy={busy}
          onConfirm={() => void act('delete')}
          onCancel={() => setConfirming(undefined)}
        />
      ) : null}
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      <ProblemView error={error} />
    </section>
  );
}

type UserSession = OperationResult<'listUserSessions'>['sessions'][number];

/** GET /api/admin/users/{id}/sessions: most recently used first. */
function SessionRows({ sessions }: { sessions: UserSession[] }) {
  return (
    <Table caption="Sessions">
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Signed in (UTC)</th>
          <th scope="col">Last used (UTC)</th>
          <th scope="col">Expires (UTC)</th>
          <th scope="col">Ended (UTC)</th>
          <th scope="col">Session id</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id} data-testid="session-row">
            <td>{s.status}</td>
            <td>{when(s.createdAt)}</td>
            <td>{when(s.lastUsedAt)}</td>
            <td>{when(s.expiresAt)}</td>
            <td>{when(s.revokedAt)}</td>
            <td>
              <code>{s.id}</code>
            </td>
          </tr>
        ))}
        {sessions.length === 0 ? (
          <tr>
            <td colSpan={6}>No sessions: this user has not signed in.</td>
          </tr>
        ) : null}
      </tbody>
    </Table>
  );
}

/** SUPERADMIN: POST /api/admin/users/{id}/sessions/revoke, behind a confirmation. */
function EndSessions({ userId, email, onEnded }: { userId: number; email: string; onEnded: () => void }) {
  const { session } = useConsole();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const end = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await session.client.revokeUserSessions({ path: { id: String(userId) } });
      setDone(`Every session of ${email} has ended.`);
      onEnded();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="actions">
      <button
        type="button"
        className="danger"
        onClick={() => {
          setDone(undefined);
          setConfirming(true);
        }}
      >
        End all sessions
      </button>
      {confirming ? (
        <Confirm
          message={`End every session of ${email}? Their access and refresh tokens stop working at once; they sign in again.`}
          confirmLabel="End their sessions"
          busy={busy}
          onConfirm={() => void end()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      <ProblemView error={error} />
    </div>
  );
}
