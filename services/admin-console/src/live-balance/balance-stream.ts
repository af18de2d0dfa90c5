import { type EventSourceMessage, fetchEventSource } from '@microsoft/fetch-event-source';

/** A balance as the live stream states it: coins, and the last balance change it includes. */
export interface LiveBalance {
  balance: number;
  sequence: number;
}

/** `stopped`: the API refused the stream (no right to it, no such wallet, session over); nothing is retried. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface BalanceStreamOptions {
  /** The stream's absolute URL (GET /api/wallets/me/stream or an admin's /api/admin/users/{id}/wallet/stream). */
  url: string;
  /** The current access token, refreshed when it is about to expire: asked again on every reconnect. */
  token: () => Promise<string>;
  onBalance: (balance: LiveBalance) => void;
  onState: (state: LiveState) => void;
  /** Wait before a reconnect after the stream ended or the network failed. */
  retryMs?: number;
  fetch?: typeof fetch;
}

/** The stream answered something other than an event stream (a problem). */
class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`the balance stream was refused with ${status}`);
  }
}

/** The server ended the stream (a gateway restarting): reconnect where it stopped. */
class StreamEnded extends Error {}

/** Worth a retry: too many streams now (429), or this gateway instance full or failing (5xx). */
const retried = (status: number) => status === 429 || status >= 500;

/** A `snapshot` or `balance` event's balance, or undefined for anything else (ignored, never shown). */
export function liveBalanceOf(message: EventSourceMessage): LiveBalance | undefined {
  if (message.event !== 'snapshot' && message.event !== 'balance') return undefined;
  try {
    const data = JSON.parse(message.data) as { balance?: unknown; sequence?: unknown };
    const { balance, sequence } = data;
    if (typeof balance !== 'number' || !Number.isFinite(balance)) return undefined;
    if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 0) return undefined;
    return { balance, sequence };
  } catch {
    return undefined;
  }
}

/**
 * Follows a live balance stream (docs/DESIGN.md "Live balance") until the returned function is
 * called. fetch-event-source, not EventSource: the stream needs the Authorization header, which
 * EventSource cannot send. Its own retry is turned off (it would resend the first token): this loop
 * reconnects with a fresh token and the Last-Event-ID of the last event seen, so nothing is missed
 * or shown twice.
 */
export function openBalanceStream(options: BalanceStreamOptions): () => void {
  const controller = new AbortController();
  const retryMs = options.retryMs ?? 2000;
  let lastEventId: string | undefined;
  const follow = async () => {
    const token = await options.token();
    await fetchEventSource(options.url, {
      signal: controller.signal,
      headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      // The reconnect on visibility would reuse this request's headers; this loop owns reconnects.
      openWhenHidden: true,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      onopen: async (response) => {
        if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream'))
          throw new StreamRefused(response.status);
        options.onState('live');
      },
      onmessage: (message) => {
        if (message.id) lastEventId = message.id;
        const live = liveBalanceOf(message);
        if (live) options.onBalance(live);
      },
      onclose: () => {
        throw new StreamEnded();
      },
      onerror: (err) => {
        throw err;
      },
    });
  };
  const run = async () => {
    options.onState('connecting');
    while (!controller.signal.aborted) {
      try {
        await follow();
      } catch (err) {
        if (err instanceof StreamRefused && !retried(err.status)) {
          options.onState('stopped');
          return;
        }
      }
      if (controller.signal.aborted) return;
      options.onState('reconnecting');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        controller.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  void run();
  return () => controller.abort();
}
