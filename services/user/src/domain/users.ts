import { normalizeEmail, type Role, type User } from '@coin/contracts';

export { normalizeEmail };

export interface UserRow {
  id: number;
  email: string;
  full_name: string;
  role: Role;
  is_verified: boolean;
  token_version: number;
  created_at: Date;
  /** Since when the account has its role: an approver must have been a SUPERADMIN before the request (docs/DESIGN.md "Two-person acts"). */
  role_since: Date;
}

/** An account to insert: the email is stored as given (trimmed) and compared normalised. */
export interface NewAccount {
  email: string;
  emailNormalized: string;
  fullName: string;
  passwordHash: string;
  role: Role;
}

export function newAccount(input: { email: string; fullName: string; passwordHash: string; role: Role }): NewAccount {
  return {
    email: input.email.trim(),
    emailNormalized: normalizeEmail(input.email),
    fullName: input.fullName,
    passwordHash: input.passwordHash,
    role: input.role,
  };
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    isVerified: row.is_verified,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * docs/CONTRACT.md "Authentication and roles": the last SUPERADMIN cannot be demoted or deleted. `newRole` null means deletion;
 * `superadminCount` counts live SUPERADMINs including the target.
 */
export function removesLastSuperadmin(currentRole: Role, newRole: Role | null, superadminCount: number): boolean {
  return currentRole === 'SUPERADMIN' && newRole !== 'SUPERADMIN' && superadminCount <= 1;
}

/** Whether a change to `currentRole` -> `newRole` (null: deletion) takes a SUPERADMIN away. */
export function removesSuperadmin(currentRole: Role, newRole: Role | null): boolean {
  return currentRole === 'SUPERADMIN' && newRole !== 'SUPERADMIN';
}
