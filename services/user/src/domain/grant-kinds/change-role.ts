import type { Role } from '@coin/contracts';
import type { GrantKind, ShownOf } from './types';

/** A role change that grants ADMIN or SUPERADMIN, or takes SUPERADMIN away: about the account whose role changes. */
export type StoredRoleChange = { type: 'user.change-role'; userId: number; role: Role; previousRole: Role };

export const roleChangeKind: GrantKind<StoredRoleChange, ShownOf<'user.change-role'>> = {
  view: (act) => act,
  subjects: (act) => [act.userId],
  ownDetail: 'No one approves a change of their own role; another SUPERADMIN must',
  summary: (act) => ({ type: act.type, userId: act.userId, role: act.role, previousRole: act.previousRole }),
};
