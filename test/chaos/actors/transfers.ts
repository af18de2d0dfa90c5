/**
 * The bank test's main load: `clients` concurrent clients, each with one random transfer in
 * flight between funded users (0.01–30 coins of 100, so some senders run dry and rejections are
 * exercised too). Every transfer has its own Idempotency-Key, carried in its reason so the
 * ledger's record can be matched to this log, and is retried with that key until a definitive
 * answer. A share of the transfers pays extra recipients instead (the users the deletions actor
 * deletes during the run), before and after their deletion.
 *
 * Checks: every retry of a key got the same definitive answer (also a replay after the run);
 * every acknowledged transfer is in the ledger exactly once as acknowledged and in both parties'
 * histories exactly once (a deleted party's history excepted); nothing rejected is applied.
 */
import { randomUUID } from 'node:crypto';
import { requestJson } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import {
  answerShape,
  byReason,
  capped,
  rejectionCodesOf,
  isDefinitive,
  isTimeoutError,
  pick,
  sendMoney,
  sleep,
  untilDefinitive,
  type AnswerClock,
  type Attempt,
} from '../client';
import { type ChaosActor, type EndState, Loops } from './actor';

export interface TransferOperation {
  key: string;
  from: SeededUser;
  toUserId: number;
  amountCoins: number;
  reason: string;
  /** When the first attempt left (Date.now()). */
  sentAt: number;
  attempts: Attempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  transactionId?: number;
  /** The status and code of a definitive rejection. */
  status?: number;
  code?: string;
}

export interface ExtraRecipients {
  /** Share of the transfers that pay one of them (0..1). */
  share: number;
  pick(): SeededUser;
  /** Their histories are not checked (a deleted user's tokens are revoked). */
  has(userId: number): boolean;
}

export interface TransfersOptions {
  gatewayUrl: string;
  users: SeededUser[];
  clients: number;
  /** The load goes on while this is true. */
  goesOn: () => boolean;
  /** Clients give up on an operation after this (it stays unresolved until settle()). */
  giveUpAt: () => number;
  extraRecipients?: ExtraRecipients;
  requestTimeoutMs: number;
  replaySampleMax: number;
  /** History is eventually consistent (docs/CONTRACT.md "Paging": within 1 s); after chaos much more is allowed. */
  historySettleMs: number;
  /** Where every request's answer time is recorded. */
  clock?: AnswerClock;
}

/** A history page read after the run; longer than a command's timeout, still bounded. */
const historyTimeoutMs = 15_000;

async function historyOf(gatewayUrl: string, user: SeededUser, clock?: AnswerClock): Promise<Array<{ id: number }> | null> {
  const items: Array<{ id: number }> = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const query: string = cursor ? `?limit=1000&cursor=${encodeURIComponent(cursor)}` : '?limit=1000';
    const read = () =>
      requestJson(gatewayUrl, 'GET', `/api/coins/history${query}`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
        timeoutMs: historyTimeoutMs,
      }).then(
        (r) => ({ response: r, timedOut: false }),
        (err: unknown) => ({ response: null, timedOut: isTimeoutError(err) }),
      );
    const { response } = clock
      ? await clock.time('transfers', 'GET /api/coins/history', historyTimeoutMs, read, (r) => ({
          status: r.response?.status ?? 0,
          timedOut: r.timedOut,
        }))
      : await read();
    if (response?.status !== 200) return null;
    items.push(...(response.body.transactions as Array<{ id: number }>));
    cursor = response.body.nextCursor as string | null;
    if (!cursor) return items;
  }
  return items;
}

export class TransfersActor implements ChaosActor {
  readonly name = 'transfers';
  readonly operations: TransferOperation[] = [];
  private readonly loops = new Loops();
  private replayed = 0;

  constructor(private readonly options: TransfersOptions) {}

  start(): void {
    this.loops.start(this.options.clients, () => this.client());
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async client(): Promise<void> {
    const { users, extraRecipients } = this.options;
    while (this.loops.running && this.options.goesOn()) {
      const from = pick(users);
      let to = extraRecipients && Math.random() < extraRecipients.share ? extraRecipients.pick() : pick(users);
      while (to.userId === from.userId) to = pick(users);
      const key = randomUUID();
      const op: TransferOperation = {
        key,
        from,
        toUserId: to.userId,
        amountCoins: (1 + Math.floor(Math.random() * 3000)) / 100,
        reason: `chaos ${key}`,
        sentAt: Date.now(),
        attempts: [],
        outcome: 'unresolved',
      };
      this.operations.push(op);
      await this.drive(op, this.options.giveUpAt);
    }
  }

  private send(op: TransferOperation): Promise<Attempt> {
    return sendMoney(
      this.options.gatewayUrl,
      '/api/coins/transfer',
      { toUserId: op.toUserId, amount: op.amountCoins, reason: op.reason },
      { authorization: `Bearer ${op.from.accessToken}`, 'idempotency-key': op.key },
      this.options.requestTimeoutMs,
      this.options.clock ? { clock: this.options.clock, actor: this.name } : undefined,
    );
  }

  private async drive(op: TransferOperation, giveUpAt: () => number): Promise<void> {
    const result = await untilDefinitive(() => this.send(op), op.attempts, giveUpAt);
    if (!result) return;
    if (result.status === 201) {
      op.outcome = 'acknowledged';
      op.transactionId = result.transactionId;
    } else {
      op.outcome = 'rejected';
      op.status = result.status;
      op.code = result.code;
    }
  }

  async settle(): Promise<void> {
    for (const op of this.operations.filter((o) => o.outcome === 'unresolved')) {
      await this.drive(op, () => Date.now() + 30_000);
    }
  }

  async replay(): Promise<string[]> {
    const failures: string[] = [];
    const resolved = this.operations.filter((o) => o.outcome !== 'unresolved');
    const sample = [...resolved].sort(() => Math.random() - 0.5).slice(0, this.options.replaySampleMax);
    for (const op of sample) {
      const again = await this.send(op);
      const expected = answerShape(op.attempts.filter(isDefinitive).at(-1)!);
      if (answerShape(again) !== expected)
        failures.push(`replay of transfer key ${op.key}: expected ${expected}, got ${answerShape(again)}`);
    }
    this.replayed = sample.length;
    return failures;
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    // Every retry of a key answered the same once it was definitive.
    for (const op of this.operations) {
      const shapes = new Set(op.attempts.filter(isDefinitive).map(answerShape));
      if (shapes.size > 1) failures.push(`transfer key ${op.key} got different definitive answers: ${[...shapes].join(', ')}`);
    }

    // The ledger's record against the clients' log.
    const applied = byReason(end.record, ['TRANSFER']);
    for (const op of this.operations) {
      const found = applied.get(op.reason) ?? [];
      if (found.length > 1) failures.push(`transfer ${op.key} applied ${found.length} times`);
      if (op.outcome === 'acknowledged') {
        const t = found[0];
        if (!t) failures.push(`acknowledged transfer ${op.key} (tx ${op.transactionId}) is not in the ledger`);
        else if (
          t.id !== op.transactionId ||
          t.fromUserId !== op.from.userId ||
          t.toUserId !== op.toUserId ||
          t.amount !== op.amountCoins
        ) {
          failures.push(`acknowledged transfer ${op.key} differs in the ledger: ${JSON.stringify(t)}`);
        }
      }
      if (op.outcome === 'rejected' && found.length > 0) failures.push(`rejected transfer ${op.key} (${op.code}) was applied`);
    }
    const unresolved = this.operations.filter((o) => o.outcome === 'unresolved').length;
    if (unresolved > 0) failures.push(`${unresolved} transfers never got a definitive answer, even after the faults stopped`);

    failures.push(...(await this.checkHistories()));
    return failures;
  }

  /** Both parties' histories, allowing for eventual consistency; a deleted recipient's is not readable. */
  private async checkHistories(): Promise<string[]> {
    const acknowledged = this.operations.filter((o) => o.outcome === 'acknowledged');
    const readable = (userId: number) => !this.options.extraRecipients?.has(userId);
    const byId = new Map(this.options.users.map((u) => [u.userId, u]));
    const involved = new Map<number, SeededUser>();
    for (const op of acknowledged) {
      involved.set(op.from.userId, op.from);
      if (readable(op.toUserId)) involved.set(op.toUserId, byId.get(op.toUserId)!);
    }
    const deadline = Date.now() + this.options.historySettleMs;
    let problems: string[] = [];
    for (;;) {
      problems = [];
      const histories = new Map<number, Map<number, number>>();
      let unavailable = false;
      for (const user of involved.values()) {
        const items = await historyOf(this.options.gatewayUrl, user, this.options.clock);
        if (items === null) {
          unavailable = true;
          break;
        }
        const counts = new Map<number, number>();
        for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
        histories.set(user.userId, counts);
      }
      if (unavailable) {
        problems.push('GET /api/coins/history is not available');
      } else {
        for (const op of acknowledged) {
          for (const party of [op.from.userId, op.toUserId].filter(readable)) {
            const n = histories.get(party)?.get(op.transactionId!) ?? 0;
            if (n !== 1) problems.push(`tx ${op.transactionId} appears ${n} times in user ${party}'s history`);
          }
        }
      }
      if (problems.length === 0 || Date.now() > deadline) break;
      await sleep(2000);
    }
    return capped(problems, 50, 'history problems');
  }

  counts(): Record<string, number | Record<string, number>> {
    const rejectionCodes = rejectionCodesOf(this.operations);
    return {
      requests: this.operations.reduce((n, o) => n + o.attempts.length, 0),
      operations: this.operations.length,
      acknowledged: this.operations.filter((o) => o.outcome === 'acknowledged').length,
      rejected: this.operations.filter((o) => o.outcome === 'rejected').length,
      retried: this.operations.filter((o) => o.attempts.length > 1).length,
      unresolved: this.operations.filter((o) => o.outcome === 'unresolved').length,
      replayed: this.replayed,
      rejectionCodes,
    };
  }
}
