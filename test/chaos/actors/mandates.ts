/**
 * Subscription mandates charged by the ledger's own scheduler while the nemesis kills it
 * (docs/CONTRACT.md "Mandates"), and by the ledger killing itself right after it commits a charge
 * (../ledger-charge-killer.ts). `loops` loops, each: a funded user grants a platform client a DAY
 * mandate of 0.5–30 coins. Dealt in turn, not by chance (a short run on a slow machine meets each
 * case from its first grants): every fifth grant, the first included, asks more than any payer
 * holds, so its charge fails, is retried and the mandate goes past due (the stack runs with
 * MANDATE_SWEEP_INTERVAL_MS, MANDATE_RETRY_S and MANDATE_GRACE_S short), and the traffic goes on
 * until one has (covered: the payer's list of mandates shows it PAST_DUE after more than one failed
 * attempt), so a slow machine lengthens the run instead of failing it; of the others, the
 * odd-numbered start one to three days ago (the stack allows it, MANDATE_BACKDATE_FOR_TESTS_S), so
 * two to four periods are due at once and charged one after the other within the run, and every
 * other one starting now is cancelled by the user soon after, racing the charges. Every request
 * has its own Idempotency-Key, retried until definitive.
 *
 * Checks against the ledger's record and its mandates table:
 *  - no (mandate, period) is ever charged twice: at most one PURCHASE referenced
 *    `mandate:<id>:<period>`, and the periods charged are exactly 0 … next_period − 1, each of the
 *    mandate's amount from the payer to SUBSCRIPTIONS;
 *  - an acknowledged grant is there once, a rejected one is not; a mandate whose cancel was
 *    acknowledged is CANCELLED and charged no period past the one its cancel answered;
 *  - a mandate granted long before the end and still ACTIVE has been charged every period due
 *    (the schedule survived the kills);
 *  - every charge an apply committed right before the ledger killed itself is in the record once,
 *    as committed (the kill log names them: charges across a kill at the moment of charging);
 *  - a mandate no payer can pay is never charged and ends PAST_DUE (its failed attempts counted:
 *    more than one is a retry).
 */
import { randomUUID } from 'node:crypto';
import type { SeededUser } from '../../../scripts/stack/seed';
import {
  answerShape,
  capped,
  rejectionCodesOf,
  isDefinitive,
  pick,
  randomCoins,
  sendMoney,
  sleep,
  toMinor,
  untilDefinitive,
  type AnswerClock,
  type Attempt,
} from '../client';
import type { ChargeKill } from '../charge-kills';
import { scaledBound } from '../../harness/machine-speed';
import { type ChaosActor, type EndState, Loops } from './actor';

export interface MandatesOptions {
  gatewayUrl: string;
  users: SeededUser[];
  /** The platform client the mandates are granted to. */
  clientId: () => string;
  loops: number;
  goesOn: () => boolean;
  giveUpAt: () => number;
  requestTimeoutMs: number;
  clock?: AnswerClock;
  /** The ledger's kills right after committing a charge, so far (../charge-kills.ts). */
  chargeKills: () => ChargeKill[];
}

/**
 * A mandate still ACTIVE and not charged every period due, or an unpayable one not yet PAST_DUE,
 * this long after its grant was answered is a schedule that stopped (30 s on the 2-core machine).
 */
const chargeWithinMs = scaledBound(30_000);
/**
 * Every this-many-th grant asks more than any payer holds: more than every coin the run mints
 * (100 coins a wallet, the shops' treasuries, the insider's split mints of 300,000 each, which
 * can land three times on one user).
 */
const unpayableEvery = 5;
const unpayableCoins = 100_000_000;
const dayMs = 24 * 3600 * 1000;

interface Op {
  key: string;
  attempts: Attempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  code?: string;
  reply?: Record<string, any>;
}

interface Grant extends Op {
  reason: string;
  payer: SeededUser;
  amountCoins: number;
  startsAt: string;
  /** Its periods due at its grant (1 when it starts now; up to 4 when it started three days ago). */
  duePeriods: number;
  unpayable: boolean;
  answeredAt?: number;
  cancel?: Op;
}

interface MandateRow extends Record<string, unknown> {
  id: string;
  reason: string;
  status: string;
  next_period: string;
  amount: string;
  failed_attempts: string;
}

interface ChargeRow {
  id: number;
  amount: number;
  from: number | null;
  to: string | null;
}

/** Per mandate and period, the PURCHASEs of the record that charged it (`mandate:<id>:<period>`). */
type Charges = Map<string, Map<number, ChargeRow[]>>;

function chargesOf(record: EndState['record']): Charges {
  const charges: Charges = new Map();
  for (const t of record) {
    const m = t.type === 'PURCHASE' && t.reference ? /^mandate:([0-9a-f-]{36}):(\d+)$/.exec(t.reference) : null;
    if (!m) continue;
    const periods = charges.get(m[1]!) ?? new Map<number, ChargeRow[]>();
    charges.set(m[1]!, periods);
    const row = { id: t.id, amount: t.amount, from: t.fromUserId, to: t.toTreasury };
    periods.set(Number(m[2]), [...(periods.get(Number(m[2])) ?? []), row]);
  }
  return charges;
}

function settleOp(op: Op, result: Attempt | undefined): void {
  if (!result) return;
  op.outcome = result.status >= 200 && result.status < 300 ? 'acknowledged' : 'rejected';
  if (op.outcome === 'acknowledged') op.reply = result.reply;
  else op.code = result.code;
}

export class MandatesActor implements ChaosActor {
  readonly name = 'mandates';
  private readonly grants: Grant[] = [];
  private readonly loops = new Loops();
  private charged = 0;
  private readonly figures = { chargesAcrossKills: 0, pastDue: 0, pastDueAfterRetries: 0, backdated: 0, mostPeriodsOfOne: 0 };
  /** How each unpayable mandate ended (`<status> after <failed attempts>`): what a missing retry says about the run. */
  private readonly unpayableEnds: Record<string, number> = {};
  /** Seen during the traffic: an unpayable mandate PAST_DUE after a retry (covered). */
  private retriedPastDueSeen = false;

  constructor(private readonly options: MandatesOptions) {}

  start(): void {
    this.loops.start(this.options.loops, () => this.loop());
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async loop(): Promise<void> {
    while (this.loops.running && this.options.goesOn()) {
      const key = randomUUID();
      const index = this.grants.length;
      const unpayable = index % unpayableEvery === 0;
      const backdated = !unpayable && index % 2 === 1;
      const daysBack = backdated ? 1 + Math.floor(Math.random() * 3) : 0;
      const g: Grant = {
        key,
        reason: `chaos mandate ${key}`,
        payer: pick(this.options.users),
        amountCoins: unpayable ? unpayableCoins : randomCoins(0.5, 30),
        startsAt: new Date(Date.now() - daysBack * dayMs).toISOString(),
        duePeriods: daysBack + 1,
        unpayable,
        attempts: [],
        outcome: 'unresolved',
      };
      this.grants.push(g);
      await this.drive(g, g, this.options.giveUpAt);
      if (g.outcome === 'acknowledged' && !unpayable && !backdated && index % 4 === 2) {
        await sleep(Math.random() * 300);
        g.cancel = { key: randomUUID(), attempts: [], outcome: 'unresolved' };
        await this.drive(g, g.cancel, this.options.giveUpAt);
      }
      if (!this.retriedPastDueSeen) this.retriedPastDueSeen = await this.anyRetriedPastDue();
      await sleep(200 + Math.random() * 400);
    }
  }

  /** An unpayable mandate past due after a retry: the case the run waits for. */
  covered(): boolean {
    return this.retriedPastDueSeen;
  }

  /**
   * Whether a payer's list of mandates shows an acknowledged unpayable one PAST_DUE after more than
   * one failed attempt. A request that fails (a service killed meanwhile) is no answer: asked again
   * after the next grant.
   */
  private async anyRetriedPastDue(): Promise<boolean> {
    for (const g of this.grants) {
      const id = g.reply?.mandate?.id;
      if (!g.unpayable || g.outcome !== 'acknowledged' || !id) continue;
      try {
        const res = await fetch(`${this.options.gatewayUrl}/api/wallets/me/mandates?status=PAST_DUE`, {
          headers: { authorization: `Bearer ${g.payer.accessToken}` },
          signal: AbortSignal.timeout(this.options.requestTimeoutMs),
        });
        if (!res.ok) continue;
        const body = (await res.json()) as { mandates?: Array<{ id: string; status: string; failedAttempts: number }> };
        const m = body.mandates?.find((x) => x.id === id);
        if (m?.status === 'PAST_DUE' && m.failedAttempts > 1) return true;
      } catch {
        // No answer now; the next look asks again.
      }
    }
    return false;
  }

  private send(g: Grant, op: Op): Promise<Attempt> {
    const tag = this.options.clock ? { clock: this.options.clock, actor: this.name } : undefined;
    const headers = { authorization: `Bearer ${g.payer.accessToken}`, 'idempotency-key': op.key };
    if (op === g.cancel)
      return sendMoney(
        this.options.gatewayUrl,
        `/api/wallets/me/mandates/${g.reply?.mandate?.id}/cancel`,
        {},
        headers,
        this.options.requestTimeoutMs,
        tag,
      );
    const body = {
      clientId: this.options.clientId(),
      amount: g.amountCoins,
      period: 'DAY',
      // Fixed at the first attempt: a different body under the key would be IDEMPOTENCY_KEY_REUSED.
      startsAt: g.startsAt,
      reason: g.reason,
    };
    return sendMoney(this.options.gatewayUrl, '/api/wallets/me/mandates', body, headers, this.options.requestTimeoutMs, tag);
  }

  private async drive(g: Grant, op: Op, giveUpAt: () => number): Promise<void> {
    settleOp(op, await untilDefinitive(() => this.send(g, op), op.attempts, giveUpAt));
    if (op === g && g.outcome === 'acknowledged') g.answeredAt = Date.now();
  }

  async settle(): Promise<void> {
    const calm = () => Date.now() + 30_000;
    for (const g of this.grants) {
      if (g.outcome === 'unresolved') await this.drive(g, g, calm);
      if (g.cancel?.outcome === 'unresolved') await this.drive(g, g.cancel, calm);
    }
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    const ops = this.grants.flatMap((g): Op[] => (g.cancel ? [g, g.cancel] : [g]));
    for (const op of ops) {
      // A grant's replay may come back with the mandate as it is now; the status is what must not change.
      const shapes = new Set(op.attempts.filter(isDefinitive).map((a) => (a.status < 300 ? String(a.status) : answerShape(a))));
      if (shapes.size > 1) failures.push(`mandate key ${op.key} got different definitive answers: ${[...shapes].join(', ')}`);
      if (op.outcome === 'unresolved') failures.push(`mandate key ${op.key} never got a definitive answer`);
    }
    const charges = chargesOf(end.record);
    failures.push(...this.killedCharges(charges));
    const rows = await end.ledgerQuery<MandateRow>(
      'SELECT id::text, reason, status, next_period::text, amount::text, failed_attempts::text FROM mandates WHERE reason = ANY($1::text[])',
      [this.grants.map((g) => g.reason)],
    );
    const byReason = new Map<string, MandateRow[]>();
    for (const r of rows) byReason.set(r.reason, [...(byReason.get(r.reason) ?? []), r]);
    for (const g of this.grants) {
      const found = byReason.get(g.reason) ?? [];
      if (g.outcome !== 'acknowledged') {
        if (found.length > 0) failures.push(`mandate grant ${g.key} (${g.outcome} ${g.code ?? ''}) was stored`);
        continue;
      }
      const row = found[0];
      if (found.length !== 1 || !row || row.id !== g.reply?.mandate?.id) {
        failures.push(`acknowledged mandate grant ${g.key} is not stored once as answered: ${JSON.stringify(found)}`);
        continue;
      }
      failures.push(...this.checkMandate(g, row, charges.get(row.id) ?? new Map()));
    }
    return capped(failures, 50, 'mandate problems');
  }

  /** Each charge a killed apply had committed is in the record once, with the id it was committed under. */
  private killedCharges(charges: Charges): string[] {
    const failures: string[] = [];
    for (const kill of this.options.chargeKills()) {
      for (const c of kill.charges) {
        const found = charges.get(c.mandateId)?.get(c.period) ?? [];
        if (found.length === 1 && found[0]!.id === c.transactionId) this.figures.chargesAcrossKills += 1;
        else
          failures.push(
            `mandate ${c.mandateId} period ${c.period}, charged as transaction ${c.transactionId} right before the ledger (pid ${kill.pid}) was killed, is in the record as ${JSON.stringify(found)}`,
          );
      }
    }
    return failures;
  }

  /** One acknowledged grant against its row and its charges in the record. */
  private checkMandate(g: Grant, row: MandateRow, periods: Map<number, ChargeRow[]>): string[] {
    const failures: string[] = [];
    this.charged += periods.size;
    this.figures.mostPeriodsOfOne = Math.max(this.figures.mostPeriodsOfOne, periods.size);
    if (g.duePeriods > 1) this.figures.backdated += 1;
    for (const [period, list] of periods) {
      if (list.length > 1) failures.push(`mandate ${row.id} period ${period} charged ${list.length} times: ${JSON.stringify(list)}`);
      const c = list[0]!;
      if (toMinor(c.amount) !== Number(row.amount) || c.from !== g.payer.userId || c.to !== 'SUBSCRIPTIONS')
        failures.push(`mandate ${row.id} period ${period} charged wrong: ${JSON.stringify(c)}`);
    }
    const nextPeriod = Number(row.next_period);
    const paid = [...periods.keys()].sort((a, b) => a - b);
    if (paid.length !== nextPeriod || paid.some((p, i) => p !== i))
      failures.push(`mandate ${row.id}: next period ${nextPeriod}, yet periods charged ${JSON.stringify(paid)}`);
    if (g.cancel?.outcome === 'acknowledged') {
      const atCancel = Number(g.cancel.reply?.mandate?.nextPeriod);
      if (row.status !== 'CANCELLED') failures.push(`mandate ${row.id}: cancel acknowledged, yet ${row.status}`);
      if (paid.some((p) => !(p < atCancel)))
        failures.push(`mandate ${row.id} charged ${JSON.stringify(paid)} after its cancel at period ${atCancel}`);
    }
    const long = g.answeredAt !== undefined && Date.now() - g.answeredAt > chargeWithinMs;
    if (g.unpayable) {
      const end = `${row.status} after ${row.failed_attempts}`;
      this.unpayableEnds[end] = (this.unpayableEnds[end] ?? 0) + 1;
    }
    if (row.status === 'PAST_DUE') {
      this.figures.pastDue += 1;
      if (Number(row.failed_attempts) > 1) this.figures.pastDueAfterRetries += 1;
    }
    if (g.unpayable && paid.length > 0)
      failures.push(`mandate ${row.id} of ${g.amountCoins} coins, more than any payer holds, was charged`);
    if (g.unpayable && long && row.status !== 'PAST_DUE') failures.push(`unpayable mandate ${row.id} is ${row.status}, not PAST_DUE`);
    if (row.status === 'ACTIVE' && nextPeriod < g.duePeriods && long)
      failures.push(`mandate ${row.id} is ACTIVE with ${g.duePeriods} periods due at its grant, yet only ${nextPeriod} charged`);
    return failures;
  }

  counts(): Record<string, number | Record<string, number>> {
    const cancels = this.grants.flatMap((g) => (g.cancel ? [g.cancel] : []));
    const rejectionCodes = rejectionCodesOf([...this.grants, ...cancels]);
    return {
      requests: [...this.grants, ...cancels].reduce((n, o) => n + o.attempts.length, 0),
      grants: this.grants.length,
      grantsAcknowledged: this.grants.filter((g) => g.outcome === 'acknowledged').length,
      cancels: cancels.length,
      cancelsAcknowledged: cancels.filter((c) => c.outcome === 'acknowledged').length,
      periodsCharged: this.charged,
      ...this.figures,
      unpayableEnds: this.unpayableEnds,
      chargeKills: this.options.chargeKills().length,
      rejectionCodes,
    };
  }
}
