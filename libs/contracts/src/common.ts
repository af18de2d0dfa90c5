import { z } from 'zod';

export const roles = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

const roleRank: Record<Role, number> = { USER: 0, DEVELOPER: 1, ADMIN: 2, SUPERADMIN: 3 };
export function roleAtLeast(actual: Role, required: Role): boolean {
  return roleRank[actual] >= roleRank[required];
}

export const treasuryCodes = ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'] as const;
export const treasuryCode = z.enum(treasuryCodes);
export type TreasuryCode = z.infer<typeof treasuryCode>;

/** What an API key may be used for (SPEC §5). */
export const apiKeyScopes = ['mint', 'burn', 'refund'] as const;
export const apiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScopeName = z.infer<typeof apiKeyScope>;

export const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Path parameter form of a user id: digits only, so "1e3" or "0x10" are 400s. */
export const userIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer')
  .transform(Number);

export const isoDateTime = z.iso.datetime({ offset: true });
/** Text the caller gives as the reason of a movement: data, stored as given. */
export const reasonText = z.string().min(1).max(500);
export const email = z.email().max(254);
export const fullName = z.string().trim().min(1).max(200);
export const password = z.string().min(8).max(128);

/** Who asked for a command; carried in every command so services can audit and authorise. */
export const actor = z.object({
  kind: z.enum(['user', 'system', 'service', 'operator']),
  id: z.string().min(1).max(100),
  role: role.optional(),
});
export type Actor = z.infer<typeof actor>;
