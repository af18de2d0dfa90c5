/**
 * What every client of the bank test shares: how an answer is judged definitive, the retry loop
 * SPEC §4 allows (same request, same Idempotency-Key, until a definitive answer), and the
 * ledger's whole record, read back at the end to match against the clients' logs.
 */
import { requestJson } from '../../bench/lib/http';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
}

/**
 * SPEC §4: 2xx and every 4xx except 408, 409 (REQUEST_IN_PROGRESS) and 429 are definitive; a
 * 5xx, a dropped connection (status 0) or a timeout is not, and is retried with the same key.
 */
export function isDefinitive(a: { status: number }): boolean {
  return (a.status >= 200 && a.status < 300) || (a.status >= 400 && a.status < 500 && a.status !== 409 && a.status !== 429 && a.status !== 408);
}

/** The shape of a definitive answer, for "the same key always gets the same answer". */
export function answerShape(a: Attempt): string {
  return a.status >= 200 && a.status < 300 ? `${a.status}:${a.transactionId}` : `${a.status}:${a.code}`;
}

/** One request of a money command; a transport failure is status 0. */
export async function sendMoney(
  gatewayUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Attempt> {
  try {
    const response = await requestJson(gatewayUrl, 'POST', path, { body, headers, timeoutMs });
    if (response.status === 201) {
      return { status: 201, transactionId: response.body?.transaction?.id as number, amount: response.body?.transaction?.amount as number };
    }
    return { status: response.status, code: (response.body?.code as string | undefined) ?? 'NO_CODE' };
  } catch (err) {
    return { status: 0, error: err instanceof Error ? err.message : String(err) };
  }
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
}

/** The ledger's whole record, through its internal API (what history:rebuild replays). */
export async function ledgerTransactions(ledgerUrl: string): Promise<LedgerTransaction[] | null> {
  const all: LedgerTransaction[] = [];
  let afterId = 0;
  for (;;) {
    const page = await requestJson(ledgerUrl, 'GET', `/internal/transactions?afterId=${afterId}&limit=1000`).catch(() => null);
    if (!page || page.status !== 200) return all.length > 0 ? all : null;
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

/** At most `max` lines of a list of failures, with a count of the rest. */
export function capped(failures: string[], max = 50, what = 'problems'): string[] {
  return failures.length <= max ? failures : [...failures.slice(0, max), `… and ${failures.length - max} more ${what}`];
}
