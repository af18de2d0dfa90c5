import { z } from 'zod';
import { isoDateTime } from './primitives';

/**
 * The docs/CONTRACT.md "Events" envelope of every event; the payload sits beside the envelope fields. `version` is
 * the schema's version: 1, or the version of a topic's successor (`coin.approvals.v2`: 2).
 */
export function eventSchema<T extends string, P extends z.ZodRawShape, V extends number = 1>(type: T, payload: P, version: V = 1 as V) {
  return z.object({
    eventId: z.uuid(),
    type: z.literal(type),
    version: z.literal(version),
    occurredAt: isoDateTime,
    ...payload,
  });
}
