import { useState } from 'react';
import { ConfirmDialog, useConfirmation } from '../../components/confirm';
import { Field } from '../../components/layout';
import { Notice } from '../../components/notice';
import { ProblemView } from '../../components/problem-view';
import { useConsole } from '../../context';
import { coins, roles } from '../../format';
import { useMutation } from '../../hooks/use-mutation';
import { navigate } from '../../router';
import type { Role } from '../../session';

/** SUPERADMIN: change the role or delete the user, each behind a confirmation that names the consequence. */
export function SuperadminActions({
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
  const confirmation = useConfirmation<'role' | 'delete'>();
  const change = useMutation<string | undefined>();
  const act = async (what: 'role' | 'delete'): Promise<string | undefined> => {
    if (what === 'role') {
      const answer = await session.client.changeUserRole({ path: { id: String(userId) }, body: { role: newRole } });
      // Granting ADMIN or SUPERADMIN, or taking SUPERADMIN away, waits for another SUPERADMIN.
      if ('grantRequest' in answer) {
        return `Not changed yet: another SUPERADMIN must approve request ${answer.grantRequest.id.slice(0, 8)} on the Approvals page.`;
      }
      onChanged();
      return `Role changed to ${answer.user.role}.`;
    }
    const answer = await session.client.deleteUser({ path: { id: String(userId) } });
    // A large balance, a SUPERADMIN, or past the requester's daily deletions: the request waits for another SUPERADMIN.
    if ('deletionRequest' in answer) {
      return `Not deleted yet: another SUPERADMIN must approve request ${answer.deletionRequest.id.slice(0, 8)} (balance ${coins(answer.deletionRequest.balance)}) on the Approvals page.`;
    }
    navigate('/users');
    return undefined;
  };
  return (
    <section aria-labelledby="superadmin-actions" className="panel">
      <h2 id="superadmin-actions">SUPERADMIN actions</h2>
      <RoleForm
        role={role}
        newRole={newRole}
        onNewRole={setNewRole}
        onChangeRole={() => {
          change.reset();
          confirmation.ask('role');
        }}
        onDelete={() => confirmation.ask('delete')}
      />
      <ConfirmDialog
        confirmation={confirmation}
        mutation={change}
        message={(what) =>
          what === 'role'
            ? `Change the role of ${email} from ${role} to ${newRole}? Their current sessions stop working; they sign in again with the new role.`
            : `Delete ${email}? Their balance of ${coins(balance)} coins is burned, their wallet is closed, their pending holds are voided and their sessions end. This cannot be undone.`
        }
        confirmLabel={(what) => (what === 'role' ? `Yes, make ${newRole}` : `Delete and burn ${coins(balance)} coins`)}
        action={act}
      />
      <Notice>{change.result}</Notice>
      <ProblemView error={change.error} />
    </section>
  );
}

/** The new role's choice (submitting asks to confirm the change) and the delete button. */
function RoleForm({
  role,
  newRole,
  onNewRole,
  onChangeRole,
  onDelete,
}: {
  role: Role;
  newRole: Role;
  onNewRole: (role: Role) => void;
  onChangeRole: () => void;
  onDelete: () => void;
}) {
  return (
    <form
      className="filters"
      aria-label="Change role"
      onSubmit={(event) => {
        event.preventDefault();
        onChangeRole();
      }}
    >
      <Field label="New role">
        <select value={newRole} onChange={(event) => onNewRole(event.target.value as Role)}>
          {roles.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={newRole === role}>
        Change role
      </button>
      <button type="button" className="danger" onClick={onDelete}>
        Delete user
      </button>
    </form>
  );
}
