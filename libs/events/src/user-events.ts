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

/**
 * user.events.v2 (docs/EVENTS.md): the same four facts about an account, and its verification, naming it by its id
 * only. The e-mail address of version 1 is gone: no consumer needs it, and a copy of it on a
 * retained topic outlives the account's erasure (docs/DESIGN.md "Erasure"). A removed field is a
 * breaking change, hence a new topic and version 2; user.events (version 1) is no longer produced.
 */
export const userEventsV2Topic = 'user.events.v2';

export const userEventUserV2 = z.object({ id: userId, role, tokenVersion: z.number().int().nonnegative() });
export const userRegisteredV2 = eventSchema('user.registered', { user: userEventUserV2 }, 2);
export const userRoleChangedV2 = eventSchema('user.role-changed', { user: userEventUserV2, previousRole: role }, 2);
export const userDeletedV2 = eventSchema('user.deleted', { user: userEventUserV2 }, 2);
export const userSessionsRevokedV2 = eventSchema('user.sessions-revoked', { user: userEventUserV2 }, 2);
/**
 * An ADMIN+ verified the account or took its verification away (`verified`: what it is now). The
 * token version went up with it, so the account's earlier tokens, which carry the old `verified`
 * claim, stop working; consumers other than the gateway may ignore it. Only on user.events.v2.
 */
export const userVerificationChangedV2 = eventSchema('user.verification-changed', { user: userEventUserV2, verified: z.boolean() }, 2);

/** Every event type of user.events.v2, discriminated by `type`. */
export const userEventV2 = z.discriminatedUnion('type', [
  userRegisteredV2,
  userRoleChangedV2,
  userDeletedV2,
  userSessionsRevokedV2,
  userVerificationChangedV2,
]);
export type UserEventV2 = z.infer<typeof userEventV2>;
export const userEventTypesV2 = userEventV2.options.map((o) => o.shape.type.value);
