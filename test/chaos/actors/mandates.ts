/**
 * Subscription mandates charged by the ledger's own scheduler while the nemesis kills it
 * (docs/CONTRACT.md "Mandates"). `loops` loops, each: a funded user grants a platform client a
 * DAY mandate starting now (0.5–30 coins: some users cannot pay, so charges fail, are retried and
 * the mandate goes past due; the stack runs with MANDATE_SWEEP_INTERVAL_MS, MANDATE_RETRY_S and
 * MANDATE_GRACE_S short), and a third of the granted mandates are cancelled by the user soon
 * after, racing the charge. Every request has its own Idempotency-Key, retried until definitive.
 *
 * Checks against the ledger's record and its mandates table:
 *  - no (mandate, period) is ever charged twice: at most one PURCHASE referenced
 *    `mandate:<id>:<period>`, and the periods charged are exactly 0 … next_period − 1, each of the
 *    mandate's amount from the payer to SUBSCRIPTIONS;
 *  - an acknowledged grant is there once, a rejected one is not; a mandate whose cancel was
 *    acknowledged is CANCELLED and charged no period past the one its cancel answered;
 *  - a mandate granted long before the end and still ACTIVE has been charged (the schedule
 *    survived the kills).
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
}

/** A mandate still ACTIVE and never charged this long after its grant was answered is a schedule that stopped. */
const chargeWithinMs = 30_000;

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
  answeredAt?: number;
  cancel?: Op;
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
      const g: Grant = {
        key,
        reason: `chaos mandate ${key}`,
        payer: pick(this.options.users),
        amountCoins: randomCoins(0.5, 30),
        startsAt: new Date().toISOString(),
        attempts: [],
        outcome: 'unresolved',
      };
      this.grants.push(g);
      await this.drive(g, g, this.options.giveUpAt);
      if (g.outcome === 'acknowledged' && Math.random() < 1 / 3) {
        await sleep(Math.random() * 300);
        g.cancel = { key: randomUUID(), attempts: [], outcome: 'unresolved' };
        await this.drive(g, g.cancel, this.options.giveUpAt);
      }
      await sleep(200 + Math.random() * 400);
    }
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
    const charges = new Map<string, Map<number, Array<{ id: number; amount: number; from: number | null; to: string | null }>>>();
    for (const t of end.record) {
      const m = t.type === 'PURCHASE' && t.reference ? /^mandate:([0-9a-f-]{36}):(\d+)$/.exec(t.reference) : null;
      if (!m) continue;
      const periods = charges.get(m[1]!) ?? new Map();
      charges.set(m[1]!, periods);
      periods.set(Number(m[2]), [
        ...(periods.get(Number(m[2])) ?? []),
        { id: t.id, amount: t.amount, from: t.fromUserId, to: t.toTreasury },
      ]);
    }
    const rows = await end.ledgerQuery<{ id: string; reason: string; status: string; next_period: string; amount: string }>(
      'SELECT id::text, reason, status, next_period::text, amount::text FROM mandates WHERE reason = ANY($1::text[])',
      [this.grants.map((g) => g.reason)],
    );
    const byReason = new Map<string, typeof rows>();
    for (const r of rows) byReason.set(r.reason, [...(byReason.get(r.reason) ?? []), r]);
    const now = Date.now();
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
      const periods = charges.get(row.id) ?? new Map();
      this.charged += periods.size;
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
      if (row.status === 'ACTIVE' && nextPeriod === 0 && g.answeredAt !== undefined && now - g.answeredAt > chargeWithinMs)
        failures.push(`mandate ${row.id} granted ${Math.round((now - g.answeredAt) / 1000)} s ago is ACTIVE and never charged`);
    }
    return capped(failures, 50, 'mandate problems');
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
      rejectionCodes,
    };
  }
}
