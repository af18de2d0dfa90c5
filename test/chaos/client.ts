/**
 * What every client of the bank test shares: how an answer is judged definitive, the retry loop
 * docs/CONTRACT.md "Idempotency" allows (same request, same Idempotency-Key, until a definitive answer), and the
 * ledger's whole record, read back at the end to match against the clients' logs.
 */
import { readFileSync } from 'node:fs';
import { requestJson } from '../../bench/lib/http';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Host names that mean this machine: only servers here are restarted by the nemesis. */
export const localHosts: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** A JSON file's object, or {} when it is missing or unreadable (the infra's pid records). */
export function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** Coins (at most 2 decimals) to the ledger's integer minor units. */
export const toMinor = (coins: number) => Math.round(coins * 100);

/** Random coins with cents in [min, max]. */
export function randomCoins(min: number, max: number): number {
  return (toMinor(min) + Math.floor(Math.random() * (toMinor(max) - toMinor(min) + 1))) / 100;
}

export interface Attempt {
  status: number;
  code?: string;
  transactionId?: number;
  /** The amount a 201 answered with (coins). */
  amount?: number;
  error?: string;
  /** The body of a 2xx answer, for actors that read more than the transaction. */
  reply?: Record<string, any>;
  /** How long the request took, answer or not (ms). */
  ms?: number;
  /** No answer within the client's timeout: the service hung (status is 0 then). */
  timedOut?: boolean;
}

/** One HTTP request of an actor, timed. */
export interface AnswerTime {
  actor: string;
  /** Method and path (without the query). */
  request: string;
  /** Date.now() when it left. */
  startedAt: number;
  ms: number;
  /** 0: no answer (refused, dropped, or the timeout). */
  status: number;
  timedOut: boolean;
  timeoutMs: number;
}

interface ActorAnswerTimes {
  requests: number;
  maxMs: number;
  slowest?: AnswerTime;
  over1s: number;
  over5s: number;
  timeouts: number;
}

/**
 * The answer time of every HTTP request of every actor ("no hang"): per actor the count, the
 * longest, how many took over 1 s and 5 s, and every request that got no answer within its
 * client timeout — each of those is a violation (a hang), whatever happened afterwards.
 */
export class AnswerClock {
  private readonly perActor = new Map<string, ActorAnswerTimes>();
  private readonly all: AnswerTime[] = [];
  readonly timeouts: AnswerTime[] = [];

  constructor(private readonly runStartedAt: () => number | undefined = () => undefined) {}

  record(time: AnswerTime): void {
    const a = this.perActor.get(time.actor) ?? { requests: 0, maxMs: 0, over1s: 0, over5s: 0, timeouts: 0 };
    a.requests += 1;
    if (time.ms > 1000) a.over1s += 1;
    if (time.ms > 5000) a.over5s += 1;
    if (time.timedOut) {
      a.timeouts += 1;
      this.timeouts.push(time);
    }
    if (!a.slowest || time.ms > a.maxMs) {
      a.maxMs = time.ms;
      a.slowest = time;
    }
    this.perActor.set(time.actor, a);
    this.all.push(time);
  }

  /**
   * The requests in flight at some moment of [from, to] (Date.now() values): how many, the
   * longest answer, and their statuses ("0": no answer, "timeout").
   */
  during(from: number, to: number): { requests: number; maxMs: number; statuses: Record<string, number> } {
    const sent = this.all.filter((t) => t.startedAt <= to && t.startedAt + t.ms >= from);
    const statuses: Record<string, number> = {};
    for (const t of sent) {
      const key = t.timedOut ? 'timeout' : String(t.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return { requests: sent.length, maxMs: sent.reduce((m, t) => Math.max(m, t.ms), 0), statuses };
  }

  /** Times `send` and records it; `judge` reads the status and whether it timed out. */
  async time<T>(
    actor: string,
    request: string,
    timeoutMs: number,
    send: () => Promise<T>,
    judge: (result: T) => { status: number; timedOut: boolean },
  ): Promise<T> {
    const startedAt = Date.now();
    const result = await send();
    const { status, timedOut } = judge(result);
    this.record({ actor, request, startedAt, ms: Date.now() - startedAt, status, timedOut, timeoutMs });
    return result;
  }

  /** The slowest request of all, or undefined before any. */
  slowest(): AnswerTime | undefined {
    let worst: AnswerTime | undefined;
    for (const a of this.perActor.values()) if (a.slowest && (!worst || a.slowest.ms > worst.ms)) worst = a.slowest;
    return worst;
  }

  requests(): number {
    return [...this.perActor.values()].reduce((n, a) => n + a.requests, 0);
  }

  /** "POST /api/coins/transfer (transfers) at +16.2 s, answered 504": where a time happened. */
  describe(time: AnswerTime): string {
    const start = this.runStartedAt();
    const at =
      start === undefined ? new Date(time.startedAt).toISOString() : `${((time.startedAt - start) / 1000).toFixed(1)} s into the run`;
    const answer = time.timedOut
      ? `no answer within ${time.timeoutMs} ms`
      : time.status === 0
        ? 'no answer (connection refused or dropped)'
        : `answered ${time.status}`;
    return `${time.request} (${time.actor}) sent ${at}, ${answer}`;
  }

  report(): Record<string, { requests: number; maxMs: number; slowest?: string; over1s: number; over5s: number; timeouts: number }> {
    return Object.fromEntries(
      [...this.perActor.entries()].map(([actor, a]) => [
        actor,
        {
          requests: a.requests,
          maxMs: a.maxMs,
          ...(a.slowest ? { slowest: this.describe(a.slowest) } : {}),
          over1s: a.over1s,
          over5s: a.over5s,
          timeouts: a.timeouts,
        },
      ]),
    );
  }
}

/** Whether an error thrown by fetch (requestJson) is its AbortSignal.timeout firing. */
export function isTimeoutError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || (err as { cause?: Error }).cause?.name === 'TimeoutError');
}

/** Where a request is recorded: the run's clock and the actor's name. */
export interface ClockTag {
  clock: AnswerClock;
  actor: string;
}

/**
 * docs/CONTRACT.md "Idempotency": 2xx and every 4xx except 408, 409 (REQUEST_IN_PROGRESS) and 429 are definitive; a
 * 5xx, a dropped connection (status 0) or a timeout is not, and is retried with the same key.
 */
export function isDefinitive(a: { status: number }): boolean {
  return (
    (a.status >= 200 && a.status < 300) || (a.status >= 400 && a.status < 500 && a.status !== 409 && a.status !== 429 && a.status !== 408)
  );
}

/** The shape of a definitive answer, for "the same key always gets the same answer". */
export function answerShape(a: Attempt): string {
  return a.status >= 200 && a.status < 300 ? `${a.status}:${a.transactionId}` : `${a.status}:${a.code}`;
}

/**
 * One request of a money command; a transport failure is status 0, and the client's timeout
 * (no answer within `timeoutMs`: a hang) is status 0 with `timedOut`. Recorded on `tag`'s clock.
 */
export async function sendMoney(
  gatewayUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
  tag?: ClockTag,
): Promise<Attempt> {
  const startedAt = Date.now();
  let attempt: Attempt;
  try {
    const response = await requestJson(gatewayUrl, 'POST', path, { body, headers, timeoutMs });
    attempt =
      response.status === 201
        ? { status: 201, transactionId: response.body?.transaction?.id as number, amount: response.body?.transaction?.amount as number }
        : { status: response.status, code: (response.body?.code as string | undefined) ?? 'NO_CODE' };
    if (response.status >= 200 && response.status < 300) attempt.reply = response.body;
  } catch (err) {
    const error = err as Error & { cause?: Error };
    attempt = {
      status: 0,
      error: err instanceof Error ? `${error.message}${error.cause ? `: ${error.cause.message}` : ''}` : String(err),
      ...(isTimeoutError(err) ? { timedOut: true } : {}),
    };
  }
  attempt.ms = Date.now() - startedAt;
  tag?.clock.record({
    actor: tag.actor,
    request: `POST ${path}`,
    startedAt,
    ms: attempt.ms,
    status: attempt.status,
    timedOut: attempt.timedOut ?? false,
    timeoutMs,
  });
  return attempt;
}

/**
 * Sends until a definitive answer or `giveUpAt()` has passed; every attempt is appended to
 * `attempts`. Returns the definitive attempt, or undefined (the operation stays unresolved).
 */
export async function untilDefinitive(
  send: () => Promise<Attempt>,
  attempts: Attempt[],
  giveUpAt: () => number,
  definitive: (a: Attempt) => boolean = isDefinitive,
): Promise<Attempt | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await send();
    attempts.push(result);
    if (definitive(result)) return result;
    if (Date.now() > giveUpAt()) return undefined;
    await sleep(Math.min(1000, 50 * attempt) + Math.random() * 100);
  }
}

export interface LedgerTransaction {
  id: number;
  type: string;
  amount: number;
  fromUserId: number | null;
  toUserId: number | null;
  fromTreasury: string | null;
  toTreasury: string | null;
  reason: string;
  reference: string | null;
  refundOf: number | null;
  /** The purchase an affiliate's commission (or its return) belongs to. */
  splitOf?: number;
  metadata?: Record<string, string>;
}

/** The ledger's whole record, through its internal API (what history:rebuild replays). */
export async function ledgerTransactions(ledgerUrl: string, headers: Record<string, string>): Promise<LedgerTransaction[] | null> {
  const all: LedgerTransaction[] = [];
  let afterId = 0;
  for (;;) {
    const page = await requestJson(ledgerUrl, 'GET', `/internal/transactions?afterId=${afterId}&limit=1000`, { headers }).catch(() => null);
    if (page?.status !== 200) return all.length > 0 ? all : null;
    all.push(...(page.body.transactions as LedgerTransaction[]));
    if (page.body.nextAfterId === null || page.body.nextAfterId === undefined) return all;
    afterId = page.body.nextAfterId as number;
  }
}

/** Groups the record's transactions of some types by reason (each client op's reason names its key). */
export function byReason(record: LedgerTransaction[], types: string[]): Map<string, LedgerTransaction[]> {
  const map = new Map<string, LedgerTransaction[]>();
  for (const t of record) {
    if (!types.includes(t.type)) continue;
    const list = map.get(t.reason) ?? [];
    list.push(t);
    map.set(t.reason, list);
  }
  return map;
}

/** How many of the operations were refused, by the refusal's code (`?` when it had none). */
export function rejectionCodesOf(operations: ReadonlyArray<{ outcome?: string; code?: string }>): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const op of operations.filter((o) => o.outcome === 'rejected')) codes[op.code ?? '?'] = (codes[op.code ?? '?'] ?? 0) + 1;
  return codes;
}

/** At most `max` lines of a list of failures, with a count of the rest. */
export function capped(failures: string[], max = 50, what = 'problems'): string[] {
  return failures.length <= max ? failures : [...failures.slice(0, max), `… and ${failures.length - max} more ${what}`];
}
