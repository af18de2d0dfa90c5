import type { CoinClient } from '@coin/client';
import { forwardEvent } from './forward';

export interface ListenOptions {
  coin: Pick<CoinClient, 'listEvents'>;
  forwardTo: string;
  secret: string;
  /** Events recorded after this instant are relayed (default: from when listen starts). */
  since: Date;
  intervalMs: number;
  /** Only events of this type, when given. */
  type?: string | undefined;
  print: (line: string) => void;
  signal: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Each poll re-reads this much before the previous poll's start: an event's time is when its
 * transaction began, so one that committed late may carry a time the last poll already passed.
 * What was relayed already is skipped by id.
 */
export const pollOverlapMs = 60_000;
/** The ids remembered to skip what the overlap reads again (the oldest are forgotten first). */
const rememberedIds = 10_000;

/** Waits `ms`, or less when `signal` aborts (it never rejects: the caller's loop sees the abort). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * `coin listen`: polls GET /api/events (every page, by its cursor) and POSTs each new event to
 * the local receiver, signed with the local secret, until `signal` aborts. A poll that fails (the
 * API unreachable, a 5xx past the client's retries) is printed and the next one tries again.
 */
export async function listen(options: ListenOptions): Promise<void> {
  const relayed = new Set<string>();
  // Never before the start: the overlap re-reads only what a poll of this run may have missed.
  const floor = options.since.getTime();
  let since = floor;
  while (!options.signal.aborted) {
    const started = Date.now();
    const after = new Date(Math.max(floor, since - pollOverlapMs)).toISOString();
    try {
      let cursor: string | null = null;
      do {
        const query: { limit: number; after: string; cursor?: string; type?: string } = { limit: 100, after };
        if (cursor) query.cursor = cursor;
        if (options.type) query.type = options.type;
        const page = await options.coin.listEvents({ query });
        for (const event of page.events) {
          if (relayed.has(event.id) || options.signal.aborted) continue;
          const result = await forwardEvent(options.forwardTo, event, options.secret, options.fetch);
          options.print(`${event.createdAt}  ${event.type}  ${event.id}  -> ${result.status ?? `unreachable (${result.error})`}`);
          relayed.add(event.id);
          if (relayed.size > rememberedIds) relayed.delete(relayed.values().next().value as string);
        }
        cursor = page.nextCursor;
      } while (cursor !== null && !options.signal.aborted);
      since = started;
    } catch (err) {
      options.print(`polling GET /api/events failed (${err instanceof Error ? err.message : String(err)}); trying again`);
    }
    await sleep(options.intervalMs, options.signal);
  }
}
