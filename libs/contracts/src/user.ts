import { z } from 'zod';
import { commandSchema, eventSchema } from './messaging';
import { email, fullName, isoDateTime, password, role, userId } from './common';

/** The seed's User (2.4), without the wallet (list form). */
export const user = z.object({
  id: userId,
  email: z.string(),
  fullName: z.string(),
  role,
  isVerified: z.boolean(),
  createdAt: isoDateTime,
});
export type User = z.infer<typeof user>;

// ---- HTTP bodies (gateway) ----
export const registerBody = z.strictObject({ email, password, fullName });
export const loginBody = z.strictObject({ email: z.string().min(1).max(254), password: z.string().min(1).max(128) });
export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(512) });
export const tokenPair = z.object({
  user,
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
});

// ---- Kafka commands on user.commands ----
/**
 * Registration travels through Kafka, so the gateway hashes the password first: no plaintext
 * credential is ever written to a topic (topics are retained and replicated).
 */
export const registerUserCommand = commandSchema(
  'user.register',
  z.object({ email, passwordHash: z.string().min(1).max(500), fullName }),
);

export const userCommand = z.discriminatedUnion('type', [registerUserCommand]);
export type UserCommand = z.infer<typeof userCommand>;

// ---- Internal HTTP of the user service (gateway only) ----
export const sessionRequest = z.strictObject({ userId });

// ---- Events on user.events (SPEC §8) ----
export const userEventUser = z.object({ id: userId, email: z.string(), role, tokenVersion: z.number().int().nonnegative() });
export const userRegistered = eventSchema('user.registered', { user: userEventUser });
export const userRoleChanged = eventSchema('user.role-changed', { user: userEventUser, previousRole: role });
export const userDeleted = eventSchema('user.deleted', { user: userEventUser });
export const userEvent = z.discriminatedUnion('type', [userRegistered, userRoleChanged, userDeleted]);
export type UserEvent = z.infer<typeof userEvent>;
