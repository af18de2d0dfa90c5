/*
 * Server-Sent Events framing (WHATWG HTML, "Server-sent events"): a frame is `field: value` lines
 * and an empty line. Every value here is ours (an event name, a number, JSON without raw line
 * breaks), so no line of a frame can be split or forged by what it carries.
 */

/** One event with its id (what the client sends back as Last-Event-ID) and JSON data. */
export function sseEvent(event: string, id: number, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by clients, it keeps proxies from closing an idle connection. */
export const sseHeartbeat = ': keep-alive\n\n';

/** How long a client waits before it reconnects after the stream ends (sent once, first). */
export function sseRetry(ms: number): string {
  return `retry: ${ms}\n\n`;
}

/**
 * A Last-Event-ID header as the sequence it names: absent or empty is undefined (start with a
 * snapshot); anything but a whole number up to 2^53−1 is null (refused).
 */
export function lastEventIdOf(header: string | string[] | undefined): number | undefined | null {
  if (header === undefined) return undefined;
  if (typeof header !== 'string') return null;
  const text = header.trim();
  if (text === '') return undefined;
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}
