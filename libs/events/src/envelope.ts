import { z } from 'zod';
import { isoDateTime } from './primitives';

/** The SPEC §8 envelope of every event; the payload sits beside the envelope fields. */
export function eventSchema<T extends string, P extends z.ZodRawShape>(type: T, payload: P) {
  return z.object({
    eventId: z.uuid(),
    type: z.literal(type),
    version: z.literal(1),
    occurredAt: isoDateTime,
    ...payload,
  });
}
