import { useRef, useState } from 'react';
import { Console } from './context';
import { Link, navigate, useFocusOnNavigate, useLocation } from './router';
import { AccountScreen } from './screens/account';
import { ApiKeysScreen } from './screens/api-keys';
import { ApprovalsScreen } from './screens/approvals';
import { AuditLogScreen } from './screens/audit-log';
import { CashoutsScreen } from './screens/cashouts';
import { CommissionRulesScreen } from './screens/commission-rules';
import { DashboardScreen } from './screens/dashboard';
import { HoldsScreen } from './screens/holds';
import { MandatesScreen } from './screens/mandates';
import { MonitoringCaseScreen, MonitoringCasesScreen } from './screens/monitoring';
import { MoneyScreen } from './screens/money';
import { PlatformClientsScreen } from './screens/platform-clients';
import { TransactionDetailScreen, TransactionsScreen } from './screens/transactions';
import { TreasuriesScreen } from './screens/treasuries';
import { UserDetailScreen, UsersScreen } from './screens/users';
import { WebhooksScreen } from './screens/webhooks';
import { consoleRoles, type Role, Session, type SignedInUser } from './session';
import { Enrolment } from './sign-in/enrolment';
import { NotAllowed, SignIn } from './sign-in/sign-in';

const apiBase = window.location.origin;

interface NavItem {
  to: string;
  label: string;
  roles: readonly Role[];
}
const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', roles: consoleRoles },
  { to: '/users', label: 'Users', roles: consoleRoles },
  { to: '/transactions', label: 'Transactions', roles: consoleRoles },
  { to: '/money', label: 'Money', roles: consoleRoles },
  { to: '/treasuries', label: 'Treasuries & supply', roles: consoleRoles },
  { to: '/approvals', label: 'Approvals', roles: consoleRoles },
  { to: '/holds', label: 'Holds', roles: consoleRoles },
  { to: '/mandates', label: 'Mandates', roles: consoleRoles },
  { to: '/cashouts', label: 'Cash-outs', roles: consoleRoles },
  { to: '/commission-rules', label: 'Commission rules', roles: consoleRoles },
  { to: '/monitoring', label: 'Monitoring cases', roles: consoleRoles },
  { to: '/audit-log', label: 'Audit log', roles: consoleRoles },
  { to: '/webhooks', label: 'Webhooks', roles: consoleRoles },
  // The label stays as the console's other tests and the screenshot script know it; the screen links to platform clients.
  { to: '/api-keys', label: 'API keys', roles: ['SUPERADMIN'] },
  { to: '/platform-clients', label: 'Platform clients', roles: ['SUPERADMIN'] },
  { to: '/account', label: 'Account', roles: consoleRoles },
];

export function App() {
  const [session, setSession] = useState<Session | undefined>();
  const [refused, setRefused] = useState<SignedInUser | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [apiKey, setApiKey] = useState('');

  const end = (message?: string) => {
    setSession(undefined);
    setApiKey('');
    setNotice(message);
  };

  if (refused) return <NotAllowed user={refused} onBack={() => setRefused(undefined)} />;
  if (session && !session.hasSecondFactor) {
    // An admin signed in with the password alone: the API refuses every admin route (MFA_REQUIRED) until it enrols.
    return (
      <Enrolment
        session={session}
        onEnrolled={(answer) => setSession(new Session(answer, apiBase, (reason) => end(reason)))}
        onSignOut={() => void session.signOut().finally(() => end('Signed out.'))}
      />
    );
  }
  if (!session) {
    return (
      <SignIn
        apiBase={apiBase}
        notice={notice}
        onSignedIn={(s) => {
          setNotice(undefined);
          if (!consoleRoles.includes(s.role)) {
            // The console is for ADMIN+; the API would refuse each of its calls anyway. The session is given back.
            void s.signOut().catch(() => undefined);
            setRefused(s.user);
            return;
          }
          setSession(s);
        }}
        makeSession={(answer) => new Session(answer, apiBase, (reason) => end(reason))}
      />
    );
  }
  return (
    <Console.Provider value={{ session, apiKey, setApiKey }}>
      <Shell session={session} onSignedOut={end} />
    </Console.Provider>
  );
}

function Shell({ session, onSignedOut }: { session: Session; onSignedOut: (message?: string) => void }) {
  const { path } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(path, () => mainRef.current?.querySelector<HTMLElement>('h1') ?? null);
  const items = navItems.filter((item) => item.roles.includes(session.role));
  // /admin itself shows the dashboard, so its link is the current one there.
  const current = path === '/' ? '/dashboard' : path;
  // The tokens are forgotten here whatever the API answers; a failed call is said, not hidden.
  const signOut = async (everywhere: boolean) => {
    let message = everywhere ? 'Signed out on every device.' : 'Signed out.';
    try {
      if (everywhere) await session.signOutEverywhere();
      else await session.signOut();
    } catch (err) {
      message = `Signed out in this tab, but the API did not confirm it (${err instanceof Error ? err.message : String(err)}).`;
    }
    onSignedOut(message);
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Coin ledger · admin</span>
        <span className="who">
          {session.user.email} <span className="badge">{session.role}</span>
        </span>
        <button type="button" onClick={() => void signOut(false)}>
          Sign out
        </button>
        <button type="button" onClick={() => void signOut(true)}>
          Sign out everywhere
        </button>
      </header>
      <nav className="sidenav" aria-label="Sections">
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} aria-current={current === item.to || current.startsWith(`${item.to}/`) ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={mainRef}>
        <Screen path={path} role={session.role} />
      </main>
    </div>
  );
}

function Screen({ path, role }: { path: string; role: Role }) {
  const segments = path.split('/').filter(Boolean);
  const [section, id] = segments;
  switch (section) {
    // The landing screen: every console user is ADMIN+, whom the dashboard is for.
    case undefined:
    case 'dashboard':
      return <DashboardScreen />;
    case 'users':
      return id ? <UserDetailScreen key={id} userId={Number(id)} /> : <UsersScreen />;
    case 'transactions':
      return id ? <TransactionDetailScreen key={id} transactionId={Number(id)} /> : <TransactionsScreen />;
    case 'money':
      return <MoneyScreen />;
    case 'treasuries':
      return <TreasuriesScreen />;
    case 'approvals':
      return <ApprovalsScreen />;
    case 'holds':
      return <HoldsScreen />;
    case 'mandates':
      return <MandatesScreen />;
    case 'cashouts':
      return <CashoutsScreen />;
    case 'commission-rules':
      return <CommissionRulesScreen />;
    case 'monitoring':
      return id ? <MonitoringCaseScreen key={id} caseId={id} /> : <MonitoringCasesScreen />;
    case 'audit-log':
      return <AuditLogScreen />;
    case 'webhooks':
      return <WebhooksScreen />;
    case 'api-keys':
      return role === 'SUPERADMIN' ? <ApiKeysScreen /> : <NotFound message="API keys are managed by a SUPERADMIN." />;
    case 'account':
      return <AccountScreen />;
    case 'platform-clients':
      return role === 'SUPERADMIN' ? <PlatformClientsScreen /> : <NotFound message="Platform clients are managed by a SUPERADMIN." />;
    default:
      return <NotFound message={`No page at /admin${path}.`} />;
  }
}

function NotFound({ message }: { message: string }) {
  return (
    <section>
      <h1 tabIndex={-1}>Not found</h1>
      <p>{message}</p>
      <button type="button" onClick={() => navigate('/users')}>
        Go to users
      </button>
    </section>
  );
}
