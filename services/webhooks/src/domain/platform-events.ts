import { type WebhookEndpointDisabledEvent, webhookEndpointDisabledEventType } from '@coin/contracts';

/** The event that tells a platform one of its endpoints was disabled (in its events, and to its other enabled endpoints). */
export function endpointDisabledEvent(
  eventId: string,
  endpoint: { id: string; clientId: string; url: string },
  reason: string,
  disabledAt: Date,
): WebhookEndpointDisabledEvent {
  return {
    eventId,
    type: webhookEndpointDisabledEventType,
    version: 1,
    occurredAt: disabledAt.toISOString(),
    data: { endpointId: endpoint.id, clientId: endpoint.clientId, url: endpoint.url, reason, disabledAt: disabledAt.toISOString() },
  };
}

/** The keyset cursor of a client's events list: base64url of `{v, k: 'events', s: <seq>}` (docs/DESIGN.md "Webhooks"). */
export const eventCursorList = 'events';

export function encodeEventCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ v: 1, k: eventCursorList, s: seq }), 'utf8').toString('base64url');
}

/**
 * The position a cursor of this list names; `other-list` for a cursor that names another list
 * (another list's cursor, a CURSOR_MISMATCH), `invalid` for anything encodeEventCursor did not make.
 */
export function decodeEventCursor(cursor: string): { ok: true; seq: number } | { ok: false; reason: 'invalid' | 'other-list' } {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'invalid' };
  const { k, s } = json as Record<string, unknown>;
  if (typeof k === 'string' && k !== eventCursorList) return { ok: false, reason: 'other-list' };
  if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 1 || encodeEventCursor(s) !== cursor)
    return { ok: false, reason: 'invalid' };
  return { ok: true, seq: s };
}
