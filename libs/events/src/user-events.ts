import { z } from 'zod';
import { eventSchema } from './envelope';
import { role, userId } from './primitives';

/** The topic (before any deployment prefix); the record key is the user id as a decimal string. */
export const userEventsTopic = 'user.events';

export const userEventUser = z.object({ id: userId, email: z.string(), role, tokenVersion: z.number().int().nonnegative() });
export const userRegistered = eventSchema('user.registered', { user: userEventUser });
export const userRoleChanged = eventSchema('user.role-changed', { user: userEventUser, previousRole: role });
export const userDeleted = eventSchema('user.deleted', { user: userEventUser });
/** "Log out everywhere": the token version went up; consumers other than the gateway may ignore it. */
export const userSessionsRevoked = eventSchema('user.sessions-revoked', { user: userEventUser });

/** Every event type of user.events, discriminated by `type`. */
export const userEvent = z.discriminatedUnion('type', [userRegistered, userRoleChanged, userDeleted, userSessionsRevoked]);
export type UserEvent = z.infer<typeof userEvent>;
export const userEventTypes = userEvent.options.map((o) => o.shape.type.value);
