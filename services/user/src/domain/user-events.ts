import { randomUUID } from 'node:crypto';
import type { Role, UserEvent } from '@coin/contracts';
import type { UserRow } from './users';

/** The fields of an account an event carries (docs/CONTRACT.md "Events"): who, and the token version after the change. */
type EventSubject = Pick<UserRow, 'id' | 'email' | 'role' | 'token_version'>;

type UserEventOf<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>;

/**
 * The one account-to-event mapping. The event id defaults to a fresh UUID for callers outside a
 * decision (operator actions, seeding); decisions pass their own so that deciding stays pure.
 */
export function userEventOf<T extends Exclude<UserEvent['type'], 'user.role-changed'>>(
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

function envelopeOf<T extends UserEvent['type']>(type: T, user: EventSubject, occurredAt: Date, eventId: string) {
  return {
    eventId,
    type,
    version: 1 as const,
    occurredAt: occurredAt.toISOString(),
    user: { id: user.id, email: user.email, role: user.role, tokenVersion: user.token_version },
  };
}
