import type { OperationResult } from '@coin/client';
import { Loaded } from '../../components/busy';
import { Page } from '../../components/layout';
import { StatementExport } from '../../components/statement-export';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { LiveBalanceLine } from '../../live-balance/live-balance';
import { Link } from '../../router';
import { TransactionRows } from '../transactions/transaction-rows';
import { UserBalanceChart } from './balance-chart';
import { FreezeActions } from './freeze-actions';
import { EndSessions, SessionRows } from './sessions';
import { SuperadminActions } from './superadmin-actions';
import { VerificationActions } from './verification-actions';

/**
 * One user: GET /api/admin/users/{id} (balance, held coins, activeCoins = balance − held), the balance
 * over the last days (a chart), limits and usage, recent transactions, their statement as CSV, sessions; for an ADMIN+, verification and freezes;
 * for a SUPERADMIN, role change, deletion and ending their sessions.
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
      <LiveBalanceLine path={`/api/admin/users/${userId}/wallet/stream`} label="Balance now" />
      <Loaded load={user}>
        {(data) => (
          <>
            <UserFacts user={data} />
            <p className="actions">
              <Link to={`/money?userId=${userId}`}>Mint, burn or reward for this user</Link>
              <Link to={`/transactions?userId=${userId}`}>All their transactions</Link>
              <Link to={`/holds?userId=${userId}`}>Their holds</Link>
              <Link to={`/audit-log?target=user:${userId}`}>Audit log about them</Link>
            </p>
            <VerificationActions userId={userId} verified={data.isVerified} onChanged={reloadAll} />
            <FreezeActions userId={userId} frozen={data.wallet.frozen} onChanged={reloadAll} />
            {session.role === 'SUPERADMIN' ? (
              <SuperadminActions userId={userId} email={data.email} role={data.role} balance={balance ?? 0} onChanged={reloadAll} />
            ) : null}
          </>
        )}
      </Loaded>
      <UserBalanceChart userId={userId} />
      <h2>Spending limits (24 h)</h2>
      <Loaded load={limits}>{(data) => <LimitFacts limits={data} />}</Loaded>
      <h2>Recent transactions</h2>
      <Loaded load={recent}>{(data) => <TransactionRows caption="Recent transactions" transactions={data.transactions} />}</Loaded>
      <StatementExport party={{ kind: 'user', id: userId }} />
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted">One per sign-in, kept through its token refreshes. Tokens are never shown.</p>
      <Loaded load={sessions}>{(data) => <SessionRows sessions={data.sessions} />}</Loaded>
      {session.role === 'SUPERADMIN' && user.data ? (
        <EndSessions userId={userId} email={user.data.email} onEnded={sessions.reload} />
      ) : null}
    </Page>
  );
}

/** Who the user is and their wallet: balance, held, activeCoins and totals. */
function UserFacts({ user }: { user: OperationResult<'getUser'> }) {
  return (
    <dl className="facts">
      <dt>Id</dt>
      <dd>{user.id}</dd>
      <dt>Name</dt>
      <dd>{user.fullName}</dd>
      <dt>Role</dt>
      <dd data-testid="user-role">{user.role}</dd>
      <dt>Verified</dt>
      <dd data-testid="is-verified">{user.isVerified ? 'yes' : 'no'}</dd>
      <dt>Created (UTC)</dt>
      <dd>{when(user.createdAt)}</dd>
      <dt>Balance</dt>
      <dd data-testid="wallet-balance">{coins(user.wallet.balance)}</dd>
      <dt>Held (pending holds)</dt>
      <dd data-testid="held-coins">{coins(user.wallet.held)}</dd>
      <dt>activeCoins</dt>
      <dd data-testid="active-coins">{coins(user.wallet.activeCoins)}</dd>
      <dt>Total received</dt>
      <dd data-testid="total-received">{coins(user.wallet.totalReceived)}</dd>
      <dt>Total sent</dt>
      <dd data-testid="total-sent">{coins(user.wallet.totalSent)}</dd>
      <dt>Frozen</dt>
      <dd data-testid="frozen">{user.wallet.frozen ? 'yes: its debits are refused' : 'no'}</dd>
    </dl>
  );
}

/** The user's spending limits and what the last 24 h used of them. */
function LimitFacts({ limits }: { limits: OperationResult<'getUserLimits'> }) {
  return (
    <dl className="facts">
      <dt>Daily amount</dt>
      <dd>
        {coins(limits.usage.amount)} used of {limits.limits.dailyAmount === null ? 'no limit' : coins(limits.limits.dailyAmount)}
      </dd>
      <dt>Daily count</dt>
      <dd>
        {limits.usage.count} used of {limits.limits.dailyCount === null ? 'no limit' : limits.limits.dailyCount}
      </dd>
      <dt>Single operation</dt>
      <dd>{limits.limits.singleAmount === null ? 'no limit' : coins(limits.limits.singleAmount)}</dd>
    </dl>
  );
}
