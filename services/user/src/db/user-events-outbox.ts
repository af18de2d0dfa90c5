import type { TopicNames, UserEvent } from '@coin/contracts';
import { insertOutbox, type OutboxMessage, type OutboxRow, type PoolClient } from '@coin/db';

/**
 * The one user-event-to-message mapping. Keyed by the user's id, so one account's events stay in
 * order on one partition; the type header lets consumers skip events without parsing them.
 */
export function userEventMessage(topics: Pick<TopicNames, 'userEvents'>, event: UserEvent): OutboxMessage {
  return { topic: topics.userEvents, key: String(event.user.id), headers: { type: event.type }, payload: event };
}

/** Puts the events in the outbox in the caller's transaction; the rows are what the relay publishes. */
export async function insertUserEvents(
  client: PoolClient,
  topics: Pick<TopicNames, 'userEvents'>,
  events: UserEvent[],
): Promise<OutboxRow[]> {
  const messages = events.map((event) => userEventMessage(topics, event));
  const ids = await insertOutbox(client, messages);
  return messages.map((message, i) => ({ id: ids[i]!, ...message }));
}
