/**
 * Tells the long polls of GET /internal/revocations that a revocation was committed (the
 * `authority_revocations` notification the user service's TableWatch hears), so a gateway learns of
 * it at once instead of at its next poll. `close` answers every poll held and every later one at
 * once: the server is closing and must not wait for them.
 */
export class RevocationSignal {
  private waiters: Array<() => void> = [];
  private closed = false;

  /** Resolves at the next `notify` or `close` (at once when closed). Take it before reading the state. */
  next(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

export interface HeldRead<T> {
  /** The state now (the revoked counts and, where they moved, the ids). */
  read(): Promise<T>;
  /** Whether it has anything the caller did not know. */
  isNews(answer: T): boolean;
  signal: RevocationSignal;
  /** How long the caller lets the answer be held (0: answer now). */
  waitMs: number;
  /**
   * Whether commits are heard right now (the TableWatch's connection is up). When they are not,
   * an answer is held at most `unheardWaitMs`: the caller's poll then comes back as often as it
   * did before polls were held, and a revocation is not missed for the whole wait.
   */
  heard: () => boolean;
  unheardWaitMs: number;
}

/**
 * The answer of a held read: at once when it has news or the caller waits for nothing; otherwise
 * when a revocation is committed (read again: another kind, a token version's rise, is no news to
 * this caller, and the wait goes on) or when the time is up (read once more). The signal is taken
 * before each read, so a commit between the read and the wait is not missed.
 */
export async function heldRead<T>(options: HeldRead<T>): Promise<T> {
  const waitMs = options.heard() ? options.waitMs : Math.min(options.waitMs, options.unheardWaitMs);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const committed = options.signal.next();
    const answer = await options.read();
    const remaining = deadline - Date.now();
    if (options.isNews(answer) || remaining <= 0 || options.signal.isClosed) return answer;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<'time up'>((resolve) => {
      timer = setTimeout(() => resolve('time up'), remaining);
    });
    const woke = await Promise.race([committed, timeUp]);
    clearTimeout(timer);
    // The timer's clock and Date.now() may disagree by a millisecond: once the timer has fired, the
    // wait is over whatever Date.now() says, and one last read answers.
    if (woke === 'time up') return options.read();
  }
}
