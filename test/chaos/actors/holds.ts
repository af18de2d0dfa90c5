/**
 * Holds under faults. `loops` concurrent loops, each: a funded user places a hold
 * (`POST /api/coins/holds`, 0.01–5 coins, for a shop treasury or another funded user) with its
 * own Idempotency-Key, and the hold's fate is dealt in turn (`fateCycle`) before it is sent:
 *  - capture: the operator (ADMIN+; SYSTEM clients may too) captures all of it a moment later;
 *  - partial: the operator captures part of it (the rest is released);
 *  - void: the operator voids it;
 *  - expire: nobody touches it; it expires after 2–5 s (expiresInSeconds) by the ledger's sweep;
 *  - race: the operator captures it right at its expiry (2 s): the capture or the expiry wins,
 *    never both.
 * Holds to be captured or voided live 10 minutes, so only a race (or a capture left unresolved by
 * the faults until after the expiry) can lose to the expiry. After some captures and voids the
 * opposite operation is sent with a new key (a voided hold captured, a captured one voided): it
 * must be refused with 409 HOLD_NOT_PENDING. Every call goes through the typed client
 * (@coin/client: createHold, captureHold, voidHold, listMyHolds) with its own retries off: like
 * every actor, this one retries with the same key until a definitive answer (docs/CONTRACT.md "Idempotency"), where
 * 409 HOLD_NOT_PENDING is definitive and 409 REQUEST_IN_PROGRESS is not.
 *
 * Checks against the ledger's final state (its holds table and record):
 *  - all answers to one key are the same (also a replay of every key after the run);
 *  - every acknowledged hold exists once, with its id, payer, recipient and amount; none refused does;
 *  - every acknowledged capture: the hold CAPTURED with the amount answered and the transaction
 *    answered, which is in the record exactly once (PURCHASE to a treasury, TRANSFER to a user,
 *    the hold's payer, recipient and reason, the captured amount) and names the hold (hold_id);
 *  - every acknowledged void: the hold VOIDED, no transaction;
 *  - a capture or void refused with HOLD_NOT_PENDING: the hold EXPIRED (nobody else resolves it);
 *    any other refusal of a resolution is a violation; a late opposite operation acknowledged is one;
 *  - every hold left to expire ends EXPIRED, and no hold at all is PENDING past its expiry +
 *    `expiryGraceMs` (the sweep runs every second);
 *  - every wallet answered has 0 <= activeCoins <= balance;
 *  - the payers' own lists (GET /api/wallets/me/holds) show their holds with the final status.
 */
import { randomUUID } from 'node:crypto';
import { CoinProblemError, createCoinClient, type CoinClient } from '@coin/client';
import { treasuryCodes } from '@coin/contracts';
import type { Operator } from '../../../bench/lib/admin';
import { mapConcurrent } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import {
  byReason,
  capped,
  rejectionCodesOf,
  isDefinitive,
  isTimeoutError,
  pick,
  randomCoins,
  sleep,
  toMinor,
  untilDefinitive,
  type AnswerClock,
  type Attempt,
} from '../client';
import { type ChaosActor, type EndState, Loops } from './actor';

export interface HoldsOptions {
  gatewayUrl: string;
  /** Funded users who place holds; they also send and receive random transfers meanwhile. */
  payers: SeededUser[];
  /** Users holds may be for (never deleted during the run). */
  payees: SeededUser[];
  /** ADMIN+ (the SUPERADMIN of the run): captures and voids. */
  operator: Operator;
  /** Concurrent hold loops. */
  loops: number;
  goesOn: () => boolean;
  giveUpAt: () => number;
  requestTimeoutMs: number;
  /** How long past its expiry a hold may still be PENDING at the end (default 10 s; the sweep runs every 1 s). */
  expiryGraceMs?: number;
  /** Where every request's answer time is recorded. */
  clock?: AnswerClock;
}

type Fate = 'capture' | 'partial' | 'void' | 'expire' | 'race';
/**
 * The fates in turn (each loop takes the next): every fate comes within the first holds of even a
 * short run, and the shares stay fixed (capture 3, partial 1, void 2, expire 3, race 1 of 10).
 */
const fateCycle: readonly Fate[] = ['capture', 'expire', 'void', 'partial', 'capture', 'expire', 'race', 'void', 'capture', 'expire'];
/** Holds meant to be captured or voided: long enough that only a race loses to the expiry. */
const longExpirySeconds = 600;
const raceExpirySeconds = 2;
/** Share of resolved holds that also get the opposite operation (with a new key), to be refused. */
const lateShare = 0.3;
/** The treasuries holds may be for (REWARDS is left to rewards). */
const shops = treasuryCodes.filter((c) => c !== 'REWARDS');
/** Payers whose GET /api/wallets/me/holds is compared with the ledger at the end. */
const listedPayersMax = 20;

interface HoldAttempt extends Attempt {
  holdId?: string;
  holdStatus?: string;
  /** The payer's wallet in a 2xx answer. */
  wallet?: { balance: number; activeCoins: number };
}

interface Operation {
  key: string;
  attempts: HoldAttempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  code?: string;
}

interface Resolution extends Operation {
  kind: 'capture' | 'void';
  /** A partial capture's amount; undefined: all of it (or a void). */
  amountCoins?: number;
  transactionId?: number;
  answeredAmount?: number;
  holdStatus?: string;
}

interface HoldOperation extends Operation {
  reason: string;
  payer: SeededUser;
  to: { userId: number } | { treasury: (typeof shops)[number] };
  amountCoins: number;
  expiresInSeconds: number;
  fate: Fate;
  holdId?: string;
  /** When the acknowledgement arrived (Date.now()). */
  acknowledgedAt?: number;
  resolution?: Resolution;
  /** The opposite operation after an acknowledged resolution: must be refused with HOLD_NOT_PENDING. */
  late?: Resolution;
}

interface HoldRow extends Record<string, unknown> {
  id: string;
  reason: string;
  from_user_id: string;
  to_user_id: string | null;
  to_treasury: string | null;
  amount: string;
  status: string;
  captured_amount: string | null;
  transaction_id: string | null;
  captured_by: string[] | null;
}

/** docs/CONTRACT.md "Idempotency" for holds: 409 HOLD_NOT_PENDING is the ledger's decision; 409 REQUEST_IN_PROGRESS is "try again". */
export function isDefinitiveHoldAnswer(a: { status: number; code?: string }): boolean {
  return isDefinitive(a) || (a.status === 409 && a.code === 'HOLD_NOT_PENDING');
}

/** The shape of a definitive answer, for "the same key always gets the same answer". */
function holdAnswerShape(a: HoldAttempt): string {
  return a.status >= 200 && a.status < 300 ? `${a.status}:${a.holdId}:${a.holdStatus}:${a.transactionId ?? '-'}` : `${a.status}:${a.code}`;
}

export class HoldsActor implements ChaosActor {
  readonly name = 'holds';
  private readonly holds: HoldOperation[] = [];
  /** Retries are the actor's own (same key, docs/CONTRACT.md "Idempotency"): the client's are off. */
  private readonly client: CoinClient;
  private readonly loops = new Loops();
  private replayed = 0;
  private fatesDealt = 0;
  private listed = { payers: 0, holds: 0 };
  /** The actor's holds by their status in the ledger at the end (filled by check()). */
  private finalStatuses: Record<string, number> = {};

  constructor(private readonly options: HoldsOptions) {
    this.client = createCoinClient({ baseUrl: options.gatewayUrl, retry: { attempts: 1 } });
  }

  start(): void {
    this.loops.start(this.options.loops, () => this.loop());
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async loop(): Promise<void> {
    while (this.loops.running && this.options.goesOn()) {
      const key = randomUUID();
      const payer = pick(this.options.payers);
      let to: HoldOperation['to'] = { treasury: pick(shops) };
      if (Math.random() < 0.5) {
        let payee = pick(this.options.payees);
        while (payee.userId === payer.userId) payee = pick(this.options.payees);
        to = { userId: payee.userId };
      }
      const fate = fateCycle[this.fatesDealt % fateCycle.length]!;
      this.fatesDealt += 1;
      const op: HoldOperation = {
        key,
        reason: `chaos hold ${key}`,
        payer,
        to,
        amountCoins: randomCoins(0.01, 5),
        expiresInSeconds: fate === 'expire' ? 2 + Math.floor(Math.random() * 4) : fate === 'race' ? raceExpirySeconds : longExpirySeconds,
        fate,
        attempts: [],
        outcome: 'unresolved',
      };
      this.holds.push(op);
      await this.driveCreate(op, this.options.giveUpAt);
      if (op.outcome === 'acknowledged' && fate !== 'expire') {
        // A race captures around the expiry (±0.5 s of it); the others a moment later.
        const sinceAck = Date.now() - (op.acknowledgedAt ?? Date.now());
        await sleep(fate === 'race' ? Math.max(0, raceExpirySeconds * 1000 - sinceAck - 500 + Math.random() * 1000) : Math.random() * 1000);
        await this.resolve(op, this.options.giveUpAt);
      }
      await sleep(50 + Math.random() * 200);
    }
  }

  /** Captures or voids the hold as its fate says, then maybe sends the opposite operation. */
  private async resolve(op: HoldOperation, giveUpAt: () => number): Promise<void> {
    if (!op.resolution) {
      const kind = op.fate === 'void' ? 'void' : 'capture';
      op.resolution = {
        kind,
        key: randomUUID(),
        ...(op.fate === 'partial' ? { amountCoins: randomCoins(0.01, op.amountCoins) } : {}),
        attempts: [],
        outcome: 'unresolved',
      };
    }
    if (op.resolution.outcome === 'unresolved') {
      await this.driveResolution(op, op.resolution, giveUpAt);
      // (The drive above changed the outcome: read it afresh, past the narrowing.)
      if ((op.resolution as Resolution).outcome === 'acknowledged' && Math.random() < lateShare) {
        op.late = { kind: op.resolution.kind === 'void' ? 'capture' : 'void', key: randomUUID(), attempts: [], outcome: 'unresolved' };
      }
    }
    if (op.late?.outcome === 'unresolved') await this.driveResolution(op, op.late, giveUpAt);
  }

  /** One call of the client as an Attempt: the status and code of a problem, 0 for no answer; timed on the run's clock. */
  private async attempt(request: string, call: (signal: AbortSignal) => Promise<unknown>): Promise<HoldAttempt> {
    const startedAt = Date.now();
    let attempt: HoldAttempt;
    try {
      const body = (await call(AbortSignal.timeout(this.options.requestTimeoutMs))) as {
        hold?: { id: string; status: string };
        transaction?: { id: number; amount: number };
        wallet?: { balance: number; activeCoins: number };
      };
      // The client resolves only for a 2xx: 200 for a void, 201 for the others.
      attempt = {
        status: request.endsWith('/void') ? 200 : 201,
        ...(body.hold ? { holdId: body.hold.id, holdStatus: body.hold.status } : {}),
        ...(body.transaction ? { transactionId: body.transaction.id, amount: body.transaction.amount } : {}),
        ...(body.wallet ? { wallet: { balance: body.wallet.balance, activeCoins: body.wallet.activeCoins } } : {}),
      };
    } catch (err) {
      if (err instanceof CoinProblemError) attempt = { status: err.status, code: err.code };
      else {
        const cause = (err as { cause?: unknown }).cause;
        attempt = {
          status: 0,
          error: err instanceof Error ? err.message : String(err),
          ...(isTimeoutError(err) || isTimeoutError(cause) ? { timedOut: true } : {}),
        };
      }
    }
    attempt.ms = Date.now() - startedAt;
    this.options.clock?.record({
      actor: this.name,
      request,
      startedAt,
      ms: attempt.ms,
      status: attempt.status,
      timedOut: attempt.timedOut ?? false,
      timeoutMs: this.options.requestTimeoutMs,
    });
    return attempt;
  }

  private sendCreate(op: HoldOperation): Promise<HoldAttempt> {
    return this.attempt('POST /api/coins/holds', (signal) =>
      this.client.createHold({
        body: {
          ...('userId' in op.to ? { toUserId: op.to.userId } : { toTreasury: op.to.treasury }),
          amount: op.amountCoins,
          reason: op.reason,
          reference: `hold-${op.key}`,
          expiresInSeconds: op.expiresInSeconds,
        },
        idempotencyKey: op.key,
        headers: { authorization: `Bearer ${op.payer.accessToken}` },
        signal,
      }),
    );
  }

  private sendResolution(op: HoldOperation, r: Resolution): Promise<HoldAttempt> {
    const path = { id: op.holdId! };
    // A bearer token of ADMIN+ is all the settle routes ask; no API key scope.
    const common = { path, idempotencyKey: r.key, headers: { authorization: `Bearer ${this.options.operator.accessToken}` } };
    return r.kind === 'capture'
      ? this.attempt('POST /api/coins/holds/{id}/capture', (signal) =>
          this.client.captureHold({ ...common, body: r.amountCoins !== undefined ? { amount: r.amountCoins } : {}, signal }),
        )
      : this.attempt('POST /api/coins/holds/{id}/void', (signal) => this.client.voidHold({ ...common, signal }));
  }

  private async driveCreate(op: HoldOperation, giveUpAt: () => number): Promise<void> {
    const result = await untilDefinitive(() => this.sendCreate(op), op.attempts, giveUpAt, isDefinitiveHoldAnswer);
    if (!result) return;
    if (result.status === 201) {
      op.outcome = 'acknowledged';
      op.holdId = (result as HoldAttempt).holdId;
      op.acknowledgedAt = Date.now();
    } else {
      op.outcome = 'rejected';
      op.code = result.code;
    }
  }

  private async driveResolution(op: HoldOperation, r: Resolution, giveUpAt: () => number): Promise<void> {
    const result = (await untilDefinitive(() => this.sendResolution(op, r), r.attempts, giveUpAt, isDefinitiveHoldAnswer)) as
      | HoldAttempt
      | undefined;
    if (!result) return;
    if (result.status >= 200 && result.status < 300) {
      r.outcome = 'acknowledged';
      r.transactionId = result.transactionId;
      r.answeredAmount = result.amount;
      r.holdStatus = result.holdStatus;
    } else {
      r.outcome = 'rejected';
      r.code = result.code;
    }
  }

  private operations(): Operation[] {
    return this.holds.flatMap((h) => [h, ...(h.resolution ? [h.resolution] : []), ...(h.late ? [h.late] : [])]);
  }

  async settle(): Promise<void> {
    const calm = () => Date.now() + 30_000;
    for (const op of this.holds.filter((h) => h.outcome === 'unresolved')) await this.driveCreate(op, calm);
    // A hold acknowledged only now still gets its capture or void; unresolved ones are driven to an answer.
    for (const op of this.holds.filter((h) => h.outcome === 'acknowledged' && h.fate !== 'expire')) await this.resolve(op, calm);
  }

  /** Every resolved key once more: the original answer. */
  async replay(): Promise<string[]> {
    const failures: string[] = [];
    const again = async (op: Operation, send: () => Promise<HoldAttempt>, what: string) => {
      if (op.outcome === 'unresolved') return;
      const expected = holdAnswerShape(op.attempts.filter(isDefinitiveHoldAnswer).at(-1)!);
      const got = holdAnswerShape(await send());
      this.replayed += 1;
      if (got !== expected) failures.push(`replay of ${what} key ${op.key}: expected ${expected}, got ${got}`);
    };
    await mapConcurrent(this.holds, 8, async (h) => {
      await again(h, () => this.sendCreate(h), 'hold');
      if (h.resolution) await again(h.resolution, () => this.sendResolution(h, h.resolution!), h.resolution.kind);
      if (h.late) await again(h.late, () => this.sendResolution(h, h.late!), `late ${h.late.kind}`);
    });
    return failures;
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    for (const op of this.operations()) {
      const shapes = new Set(op.attempts.filter(isDefinitiveHoldAnswer).map(holdAnswerShape));
      if (shapes.size > 1) failures.push(`hold key ${op.key} got different definitive answers: ${[...shapes].join(', ')}`);
      for (const a of op.attempts) {
        if (a.wallet && !(a.wallet.activeCoins >= 0 && a.wallet.activeCoins <= a.wallet.balance))
          failures.push(`hold key ${op.key} answered a wallet with activeCoins ${a.wallet.activeCoins} and balance ${a.wallet.balance}`);
      }
    }
    const unresolved = this.operations().filter((o) => o.outcome === 'unresolved').length;
    if (unresolved > 0) failures.push(`${unresolved} hold operations never got a definitive answer, even after the faults stopped`);

    // Every hold left to expire is due by now + the grace: wait that long, then nothing may be PENDING past its expiry.
    const graceMs = this.options.expiryGraceMs ?? 10_000;
    const lastDue = Math.max(
      0,
      ...this.holds
        .filter((h) => h.outcome === 'acknowledged' && h.fate !== 'capture' && h.fate !== 'partial' && h.fate !== 'void')
        .map((h) => (h.acknowledgedAt ?? 0) + h.expiresInSeconds * 1000),
    );
    await sleep(Math.max(0, lastDue + graceMs - Date.now()));
    const overdue = await end.ledgerQuery<{ id: string; reason: string; expires_at: Date }>(
      `SELECT id::text, reason, expires_at FROM holds
        WHERE status = 'PENDING' AND expires_at < now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY expires_at`,
      [graceMs],
    );
    failures.push(
      ...capped(
        overdue.map(
          (h) => `hold ${h.id} (${h.reason}) is still PENDING ${graceMs / 1000} s after its expiry at ${h.expires_at.toISOString()}`,
        ),
        20,
        'overdue holds',
      ),
    );

    const rows = await end.ledgerQuery<HoldRow>(
      `SELECT h.id::text, h.reason, h.from_user_id::text, h.to_user_id::text, h.to_treasury, h.amount::text, h.status,
              h.captured_amount::text, h.transaction_id::text,
              (SELECT array_agg(t.id::text ORDER BY t.id) FROM transactions t WHERE t.hold_id = h.id) AS captured_by
         FROM holds h WHERE h.reason LIKE 'chaos hold %'`,
    );
    this.finalStatuses = {};
    for (const row of rows) this.finalStatuses[row.status] = (this.finalStatuses[row.status] ?? 0) + 1;
    const holdsByReason = new Map<string, HoldRow[]>();
    for (const row of rows) holdsByReason.set(row.reason, [...(holdsByReason.get(row.reason) ?? []), row]);
    const paid = byReason(end.record, ['PURCHASE', 'TRANSFER']);
    for (const op of this.holds) failures.push(...this.checkHold(op, holdsByReason.get(op.reason) ?? [], paid.get(op.reason) ?? []));
    failures.push(...(await this.checkLists(rows)));
    return capped(failures, 50, 'hold problems');
  }

  /** One hold against its row(s) in the ledger and the transactions of the record with its reason. */
  private checkHold(op: HoldOperation, found: HoldRow[], transactions: EndState['record']): string[] {
    const failures: string[] = [];
    const what = `hold ${op.key} (${op.fate})`;
    if (found.length > 1) failures.push(`${what} exists ${found.length} times`);
    if (op.outcome === 'rejected') {
      if (found.length > 0) failures.push(`refused ${what} (${op.code}) exists in the ledger`);
      return failures;
    }
    if (op.outcome !== 'acknowledged') return failures;
    const row = found[0];
    if (!row) return [...failures, `acknowledged ${what} (${op.holdId}) is not in the ledger`];
    const toUserId = 'userId' in op.to ? String(op.to.userId) : null;
    const toTreasury = 'treasury' in op.to ? op.to.treasury : null;
    if (
      row.id !== op.holdId ||
      row.from_user_id !== String(op.payer.userId) ||
      row.to_user_id !== toUserId ||
      row.to_treasury !== toTreasury ||
      Number(row.amount) !== toMinor(op.amountCoins)
    ) {
      failures.push(`acknowledged ${what} differs in the ledger: ${JSON.stringify(row)}`);
    }
    const capturedBy = row.captured_by ?? [];
    const r = op.resolution;
    if (r?.outcome === 'acknowledged' && r.kind === 'capture') {
      const t = transactions[0];
      const expectedMinor = r.amountCoins !== undefined ? toMinor(r.amountCoins) : toMinor(op.amountCoins);
      if (row.status !== 'CAPTURED') failures.push(`${what}: capture acknowledged (tx ${r.transactionId}), the hold is ${row.status}`);
      if (r.holdStatus !== 'CAPTURED') failures.push(`${what}: the capture answered the hold as ${r.holdStatus}`);
      if (toMinor(r.answeredAmount ?? NaN) !== expectedMinor || Number(row.captured_amount) !== expectedMinor)
        failures.push(
          `${what}: captured ${expectedMinor} minor units asked, answered ${r.answeredAmount}, the hold says ${row.captured_amount}`,
        );
      if (row.transaction_id !== String(r.transactionId) || capturedBy.length !== 1 || capturedBy[0] !== String(r.transactionId))
        failures.push(
          `${what}: capture answered tx ${r.transactionId}, the hold records ${row.transaction_id}, transactions naming it: [${capturedBy.join(', ')}]`,
        );
      if (transactions.length !== 1)
        failures.push(`${what}: captured once, ${transactions.length} transactions in the record carry its reason`);
      else if (
        t!.id !== r.transactionId ||
        t!.type !== (toTreasury ? 'PURCHASE' : 'TRANSFER') ||
        t!.fromUserId !== op.payer.userId ||
        t!.toUserId !== (toUserId === null ? null : Number(toUserId)) ||
        t!.toTreasury !== toTreasury ||
        toMinor(t!.amount) !== expectedMinor
      ) {
        failures.push(`${what}: the capture's transaction differs in the record: ${JSON.stringify(t)}`);
      }
    } else {
      if (transactions.length > 0 || capturedBy.length > 0)
        failures.push(`${what} ended ${row.status} without an acknowledged capture, yet has transactions [${capturedBy.join(', ')}]`);
      if (r?.outcome === 'acknowledged' && row.status !== 'VOIDED') failures.push(`${what}: void acknowledged, the hold is ${row.status}`);
      if (r?.outcome === 'acknowledged' && r.holdStatus !== 'VOIDED')
        failures.push(`${what}: the void answered the hold as ${r.holdStatus}`);
      if (r?.outcome === 'rejected' && !(r.code === 'HOLD_NOT_PENDING' && row.status === 'EXPIRED'))
        failures.push(`${what}: ${r.kind} refused with ${r.code}, the hold is ${row.status} (only an expiry may beat it)`);
      if (op.fate === 'expire' && row.status !== 'EXPIRED') failures.push(`${what}: left to expire, the hold is ${row.status}`);
    }
    if (op.late && op.late.outcome !== 'unresolved' && op.late.code !== 'HOLD_NOT_PENDING')
      failures.push(
        `${what}: ${op.late.kind} after the ${r?.kind} was answered ${op.late.attempts.at(-1)?.status} ${op.late.code ?? ''} (409 HOLD_NOT_PENDING expected)`,
      );
    return failures;
  }

  /** A sample of payers' own lists (GET /api/wallets/me/holds) against the ledger's rows. */
  private async checkLists(rows: HoldRow[]): Promise<string[]> {
    const failures: string[] = [];
    const statusById = new Map(rows.map((r) => [r.id, r.status]));
    const payers = new Map<number, SeededUser>();
    for (const h of this.holds) if (h.outcome === 'acknowledged' && payers.size < listedPayersMax) payers.set(h.payer.userId, h.payer);
    await mapConcurrent([...payers.values()], 4, async (payer) => {
      const listed = new Map<string, string>();
      for (let offset = 0; offset < 10_000; ) {
        const page = await this.client
          .listMyHolds({
            query: { limit: '100', offset: String(offset) },
            headers: { authorization: `Bearer ${payer.accessToken}` },
            signal: AbortSignal.timeout(this.options.requestTimeoutMs),
          })
          .catch((err: unknown) => err as Error);
        if (page instanceof Error) {
          failures.push(`GET /api/wallets/me/holds of user ${payer.userId} failed: ${page.message}`);
          return;
        }
        for (const h of page.holds) listed.set(h.id, h.status);
        offset += page.holds.length;
        if (page.holds.length === 0 || offset >= page.pagination.total) break;
      }
      this.listed.payers += 1;
      for (const h of this.holds.filter((x) => x.payer.userId === payer.userId && x.outcome === 'acknowledged')) {
        this.listed.holds += 1;
        const status = listed.get(h.holdId!);
        if (status !== statusById.get(h.holdId!))
          failures.push(
            `user ${payer.userId}'s holds list shows hold ${h.holdId} as ${status ?? 'missing'}, the ledger ${statusById.get(h.holdId!)}`,
          );
      }
    });
    return failures;
  }

  counts(): Record<string, number | Record<string, number>> {
    const rejectionCodes = rejectionCodesOf(this.operations());
    const acknowledged = this.holds.filter((h) => h.outcome === 'acknowledged');
    const resolved = (kind: 'capture' | 'void') =>
      acknowledged.filter((h) => h.resolution?.kind === kind && h.resolution.outcome === 'acknowledged').length;
    const fateCounts: Record<string, number> = {};
    for (const h of acknowledged) fateCounts[h.fate] = (fateCounts[h.fate] ?? 0) + 1;
    const races = acknowledged.filter((h) => h.fate === 'race');
    return {
      requests: this.operations().reduce((n, o) => n + o.attempts.length, 0),
      holds: this.holds.length,
      holdsAcknowledged: acknowledged.length,
      holdsRejected: this.holds.filter((h) => h.outcome === 'rejected').length,
      captured: resolved('capture'),
      partlyCaptured: acknowledged.filter((h) => h.fate === 'partial' && h.resolution?.outcome === 'acknowledged').length,
      voided: resolved('void'),
      leftToExpire: acknowledged.filter((h) => h.fate === 'expire').length,
      racesCaptured: races.filter((h) => h.resolution?.outcome === 'acknowledged').length,
      racesLostToExpiry: races.filter((h) => h.resolution?.code === 'HOLD_NOT_PENDING').length,
      lateRefused: this.holds.filter((h) => h.late?.code === 'HOLD_NOT_PENDING').length,
      late: this.holds.filter((h) => h.late).length,
      listedPayers: this.listed.payers,
      listedHolds: this.listed.holds,
      retried: this.operations().filter((o) => o.attempts.length > 1).length,
      unresolved: this.operations().filter((o) => o.outcome === 'unresolved').length,
      replayed: this.replayed,
      fates: fateCounts,
      finalStatuses: this.finalStatuses,
      rejectionCodes,
    };
  }
}
