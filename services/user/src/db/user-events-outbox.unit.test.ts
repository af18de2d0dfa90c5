import { topicNames, userEventV2 } from '@coin/contracts';
import { readdressedUserEventRow, userEventMessage } from './user-events-outbox';
import { roleChangedEventOf, userEventOf } from '../domain/user-events';
import type { UserRow } from '../domain/users';

/**
 * What the user service publishes about an account (docs/DESIGN.md "Erasure"): the pseudonymous
 * id, the role and the token version, on user.events.v2; never the e-mail address or the name,
 * which live in the users row only, so erasing the row erases the person.
 */
describe('the events of an account', () => {
  const account: UserRow = {
    id: 42,
    email: 'Ada.Lovelace@example.com',
    full_name: 'Ada Lovelace',
    role: 'USER',
    is_verified: false,
    token_version: 3,
    created_at: new Date('2030-01-01T00:00:00Z'),
    role_since: new Date('2030-01-01T00:00:00Z'),
  };
  const at = new Date('2030-05-01T10:00:00Z');
  const events = [
    userEventOf('user.registered', account, at),
    userEventOf('user.deleted', account, at),
    userEventOf('user.sessions-revoked', account, at),
    roleChangedEventOf({ ...account, role: 'ADMIN' }, 'USER', at),
  ];

  it.each(events.map((e) => [e.type, e] as const))('when %s is made, then it carries no e-mail address or name', (_type, event) => {
    const text = JSON.stringify(event);
    expect(text).not.toMatch(/lovelace/i);
    expect(Object.keys(event.user).sort()).toEqual(['id', 'role', 'tokenVersion']);
  });

  it.each(events.map((e) => [e.type, e] as const))(
    'when %s is made, then it is a version 2 event user.events.v2 accepts',
    (_type, event) => {
      expect(event.version).toBe(2);
      expect(userEventV2.safeParse(event).success).toBe(true);
    },
  );

  it('when an event is put in the outbox, then it goes to user.events.v2 under the user id', () => {
    const topics = topicNames('t-');
    const message = userEventMessage(topics, events[0]!);
    expect([message.topic, message.key, message.headers]).toEqual(['t-user.events.v2', '42', { type: 'user.registered' }]);
  });

  it('when a row an older version addressed to user.events is sent, then it goes to user.events.v2 as version 2 without the e-mail, with its eventId', () => {
    const topics = topicNames('t-');
    const v1 = { eventId: 'd2b6f8a4-0c3e-4a71-9f5d-1e7b3c9a2d48', type: 'user.deleted', version: 1, occurredAt: at.toISOString() };
    const row = { id: 7, topic: 't-user.events', key: '42', headers: { type: 'user.deleted' } };
    const sent = readdressedUserEventRow(topics, {
      ...row,
      payload: { ...v1, user: { id: 42, email: 'ada@example.com', role: 'USER', tokenVersion: 4 } },
    });
    expect(sent).toEqual({
      ...row,
      topic: 't-user.events.v2',
      payload: { ...v1, version: 2, user: { id: 42, role: 'USER', tokenVersion: 4 } },
    });
    expect(userEventV2.safeParse(sent.payload).success).toBe(true);
    const other = { ...row, topic: 't-admin.audit', payload: { any: 'thing' } };
    expect(readdressedUserEventRow(topics, other)).toBe(other);
  });
});
