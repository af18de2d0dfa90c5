import { randomUUID } from 'node:crypto';
import type { Role, UserEventV2 } from '@coin/contracts';
import type { UserRow } from './users';

/**
 * The fields of an account an event carries (docs/CONTRACT.md "Events"): which account by its id,
 * its role and the token version after the change. Never the e-mail address or the name: they
 * live in the users row alone, so erasing the row leaves no copy on a topic (docs/DESIGN.md "Erasure").
 */
type EventSubject = Pick<UserRow, 'id' | 'role' | 'token_version'>;

type UserEventOf<T extends UserEventV2['type']> = Extract<UserEventV2, { type: T }>;

/**
 * The one account-to-event mapping. The event id defaults to a fresh UUID for callers outside a
 * decision (operator actions, seeding); decisions pass their own so that deciding stays pure.
 */
export function userEventOf<T extends Exclude<UserEventV2['type'], 'user.role-changed' | 'user.verification-changed'>>(
  type: T,
  user: EventSubject,
  occurredAt: Date,
  eventId: string = randomUUID(),
): UserEventOf<T> {
  return envelopeOf(type, user, occurredAt, eventId) as UserEventOf<T>;
}

/** A role change also names the role the account had, so consumers need not remember it. */
export function roleChangedEventOf(
  user: EventSubject,
  previousRole: Role,
  occurredAt: Date,
  eventId: string = randomUUID(),
): UserEventOf<'user.role-changed'> {
  return { ...envelopeOf('user.role-changed', user, occurredAt, eventId), previousRole };
}

/** A verification change also says what the account is now. */
export function verificationChangedEventOf(
  user: EventSubject,
  verified: boolean,
  occurredAt: Date,
  eventId: string = randomUUID(),
): UserEventOf<'user.verification-changed'> {
  return { ...envelopeOf('user.verification-changed', user, occurredAt, eventId), verified };
}

function envelopeOf<T extends UserEventV2['type']>(type: T, user: EventSubject, occurredAt: Date, eventId: string) {
  return {
    eventId,
    type,
    version: 2 as const,
    occurredAt: occurredAt.toISOString(),
    user: { id: user.id, role: user.role, tokenVersion: user.token_version },
  };
}
