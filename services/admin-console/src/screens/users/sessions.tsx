import type { OperationResult } from '@coin/client';
import { ConfirmButton } from '../../components/confirm';
import { Table } from '../../components/layout';
import { Notice } from '../../components/notice';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { when } from '../../format';
import { useMutation } from '../../hooks/use-mutation';

type UserSession = OperationResult<'listUserSessions'>['sessions'][number];

/** GET /api/admin/users/{id}/sessions: most recently used first. */
export function SessionRows({ sessions }: { sessions: UserSession[] }) {
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
export function EndSessions({ userId, email, onEnded }: { userId: number; email: string; onEnded: () => void }) {
  const { session } = useConsole();
  const end = useMutation();
  return (
    <div className="actions">
      <ConfirmButton
        label="End all sessions"
        mutation={end}
        message={`End every session of ${email}? Their access and refresh tokens stop working at once; they sign in again.`}
        confirmLabel="End their sessions"
        action={async () => {
          await session.client.revokeUserSessions({ path: { id: String(userId) } });
          onEnded();
          return `Every session of ${email} has ended.`;
        }}
      />
      <Notice>{end.result}</Notice>
      <ProblemView error={end.error} />
    </div>
  );
}
