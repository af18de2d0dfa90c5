import { scaledBound } from './machine-speed';

/** One Server-Sent Event as a browser would dispatch it (a frame with data), and its parsed data. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/**
 * A test's reader of a `text/event-stream` answer: fetch (so that it can send the Authorization
 * header, as EventSource cannot), the body parsed into events as the WHATWG SSE rules frame them,
 * queued for `next()`. `close()` drops the connection as a client going away does.
 */
export class EventStreamReader {
  private readonly queue: StreamEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private buffer = '';
  private done = false;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    if (response.ok && response.body) void this.pump(response.body);
    else this.done = true;
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    const controller = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    return new EventStreamReader(response, controller);
  }

  /**
   * The next event, waiting up to `timeoutMs` for it (set on the 2-core machine, scaled to this one:
   * a safety net, machine-speed.ts); fails if the stream ends first.
   */
  async next(timeoutMs = 10_000): Promise<StreamEvent> {
    const withinMs = scaledBound(timeoutMs);
    const deadline = Date.now() + withinMs;
    for (;;) {
      const event = this.queue.shift();
      if (event) return event;
      if (this.done) throw new Error('the event stream ended before the next event');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${withinMs} ms`);
      await this.changed(left);
    }
  }

  /** The events received and not yet taken by next(). */
  pending(): StreamEvent[] {
    return [...this.queue];
  }

  /** Waits for the server to end the stream, up to `timeoutMs` scaled as next()'s (the events before the end stay readable). */
  async ended(timeoutMs = 10_000): Promise<void> {
    const withinMs = scaledBound(timeoutMs);
    const deadline = Date.now() + withinMs;
    while (!this.done) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the event stream did not end within ${withinMs} ms`);
      await this.changed(left);
    }
  }

  close(): void {
    this.controller.abort();
  }

  private changed(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.waiters.add(wake);
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        this.buffer += decoder.decode(chunk, { stream: true });
        this.frames();
      }
    } catch {
      // Aborted by close() or cut by the server: either way the stream is over.
    } finally {
      this.done = true;
      this.wake();
    }
  }

  private frames(): void {
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      // A frame without data (retry:, a comment) dispatches nothing, as in a browser.
      if (data.length > 0) this.queue.push({ id, event, data: JSON.parse(data.join('\n')) });
    }
    this.wake();
  }
}
