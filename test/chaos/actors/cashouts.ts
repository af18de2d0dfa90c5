/**
 * Cash-outs to XAF (docs/CONTRACT.md "Cash-out"). One payout provider, a platform client granted
 * `cashout` (its callback secret in CASHOUT_CALLBACK_SECRET: see cashoutEnv). `loops` loops, each:
 * a funded user asks to cash out 0.5–10 coins (held at once) naming no provider, the provider
 * claims it (`POST /api/cashouts/{id}/claim`), then confirms it (two in three, dealt in turn as
 * the cash-outs are acknowledged: the first confirmed, the second failed) or fails it by a
 * signed callback (`POST /api/cashouts/callbacks`). The request is retried with its
 * Idempotency-Key until definitive; a claim until definitive (the claimer claiming again is
 * answered 200 with the cash-out as it stands); a callback that got no
 * definitive answer is sent again, signed afresh (a new webhook id: the old one counts as seen),
 * until 200, or 403 (the cash-out is already settled: an earlier one was applied).
 *
 * Checks against the ledger's record and its holds:
 *  - every claim of an acknowledged cash-out is answered 200 (the only provider claims it);
 *  - an acknowledged cash-out ends as the provider said: CONFIRMED (the hold CAPTURED) with one
 *    BURN of exactly its amount from the user naming the hold, or FAILED (VOIDED) with none;
 *  - a rejected request held nothing; every cash-out BURN of the run is one of these;
 *  - so Σ BURN of cash-outs = Σ confirmed amounts: the coins left the supply exactly (the
 *    orchestrator's Σ balances = Σ MINT − Σ BURN then holds with them).
 */
import { randomUUID } from 'node:crypto';
import { newWebhookSecret, standardWebhookHeaders } from '@coin/events';
import type { SeededUser } from '../../../scripts/stack/seed';
import {
  answerShape,
  capped,
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

/** The provider's client id the stack is configured with. */
export const cashoutProviderId = 'pc_chaos_cashout';

/** The stack's cash-out settings for one run: a rate and the provider's callback secret (new each run, never written down). */
export function cashoutEnv(secret: string): Record<string, string> {
  return {
    CASHOUT_RATES: '2020-01-01T00:00:00Z=655',
    CASHOUT_CALLBACK_SECRET: JSON.stringify({ [cashoutProviderId]: secret }),
    CASHOUT_DAILY_COINS_UNVERIFIED: '1000000',
    CASHOUT_DAILY_COINS_VERIFIED: '1000000',
  };
}

/** A configured callback secret of the form the gateway issues (`whsec_`, standard base64). */
export const newCallbackSecret = () => newWebhookSecret();

export interface CashoutsOptions {
  gatewayUrl: string;
  users: SeededUser[];
  secret: string;
  providerToken: () => string;
  loops: number;
  goesOn: () => boolean;
  giveUpAt: () => number;
  requestTimeoutMs: number;
  clock?: AnswerClock;
}

interface Cashout {
  key: string;
  user: SeededUser;
  amountCoins: number;
  attempts: Attempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  code?: string;
  id?: string;
  /** The provider's answer, dealt when the request is acknowledged. */
  verdict?: Verdict;
  claims: Attempt[];
  claimed: 'yes' | 'no' | 'unresolved';
  callbacks: Attempt[];
  settled: 'yes' | 'no' | 'unresolved';
}

type Verdict = 'CONFIRMED' | 'FAILED';
/** The verdicts in turn: a run that acknowledges two cash-outs settles one of each. */
const verdictCycle: Verdict[] = ['CONFIRMED', 'FAILED', 'CONFIRMED'];

/** A callback is done with any definitive answer: 200 applied, 403 when an earlier one was (the cash-out is settled); check() judges the rest. */
const callbackDone = (a: Attempt) => isDefinitive(a);

export class CashoutsActor implements ChaosActor {
  readonly name = 'cashouts';
  private readonly cashouts: Cashout[] = [];
  private readonly loops = new Loops();
  private verdictsDealt = 0;

  constructor(private readonly options: CashoutsOptions) {}

  start(): void {
    this.loops.start(this.options.loops, () => this.loop());
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private tag() {
    return this.options.clock ? { clock: this.options.clock, actor: this.name } : undefined;
  }

  private async loop(): Promise<void> {
    while (this.loops.running && this.options.goesOn()) {
      const c: Cashout = {
        key: randomUUID(),
        user: pick(this.options.users),
        amountCoins: randomCoins(0.5, 10),
        attempts: [],
        outcome: 'unresolved',
        claims: [],
        claimed: 'no',
        callbacks: [],
        settled: 'no',
      };
      this.cashouts.push(c);
      await this.drive(c, this.options.giveUpAt);
      await sleep(200 + Math.random() * 400);
    }
  }

  private request(c: Cashout): Promise<Attempt> {
    return sendMoney(
      this.options.gatewayUrl,
      '/api/cashouts',
      // No provider named: any provider granted cashout may claim it (the one here does).
      { amount: c.amountCoins, msisdn: '+237670000000' },
      { authorization: `Bearer ${c.user.accessToken}`, 'idempotency-key': c.key },
      this.options.requestTimeoutMs,
      this.tag(),
    );
  }

  private claim(c: Cashout): Promise<Attempt> {
    return sendMoney(
      this.options.gatewayUrl,
      `/api/cashouts/${c.id}/claim`,
      {},
      { authorization: `Bearer ${this.options.providerToken()}` },
      this.options.requestTimeoutMs,
      this.tag(),
    );
  }

  private callback(c: Cashout): Promise<Attempt> {
    const body = { cashoutId: c.id, outcome: c.verdict, providerReference: `MOMO-${c.key.slice(0, 8)}` };
    const headers = standardWebhookHeaders({
      id: `msg_${randomUUID()}`,
      timestamp: Math.floor(Date.now() / 1000),
      body: JSON.stringify(body),
      secrets: [this.options.secret],
    });
    return sendMoney(
      this.options.gatewayUrl,
      '/api/cashouts/callbacks',
      body,
      { ...headers, authorization: `Bearer ${this.options.providerToken()}` },
      this.options.requestTimeoutMs,
      this.tag(),
    );
  }

  /** The request until definitive, then (acknowledged) the provider's callback until applied. */
  private async drive(c: Cashout, giveUpAt: () => number): Promise<void> {
    if (c.outcome === 'unresolved') {
      const result = await untilDefinitive(() => this.request(c), c.attempts, giveUpAt);
      if (result?.status === 201) {
        c.outcome = 'acknowledged';
        c.id = result.reply?.cashout?.id;
        c.verdict = verdictCycle[this.verdictsDealt++ % verdictCycle.length];
      } else if (result) {
        c.outcome = 'rejected';
        c.code = result.code;
      }
    }
    if (c.outcome !== 'acknowledged' || c.settled === 'yes') return;
    if (c.claimed !== 'yes') {
      // Claimed before it is settled: an unclaimed cash-out refuses every callback.
      const claimed = await untilDefinitive(() => this.claim(c), c.claims, giveUpAt);
      c.claimed = claimed ? 'yes' : 'unresolved';
      if (!claimed) return;
    }
    const done = await untilDefinitive(() => this.callback(c), c.callbacks, giveUpAt, callbackDone);
    c.settled = done ? 'yes' : 'unresolved';
  }

  /** One cash-out confirmed and one failed, each settled: the cases the run waits for. */
  covered(): boolean {
    const { confirmed, failed } = this.counts();
    return confirmed !== 0 && failed !== 0;
  }

  async settle(): Promise<void> {
    const calm = () => Date.now() + 30_000;
    for (const c of this.cashouts) await this.drive(c, calm);
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    for (const c of this.cashouts) {
      const shapes = new Set(
        c.attempts.filter(isDefinitive).map((a) => (a.status === 201 ? `201:${a.reply?.cashout?.id}` : answerShape(a))),
      );
      if (shapes.size > 1) failures.push(`cash-out key ${c.key} got different definitive answers: ${[...shapes].join(', ')}`);
      if (c.outcome === 'unresolved' || (c.outcome === 'acknowledged' && c.settled !== 'yes'))
        failures.push(`cash-out ${c.key} (${c.outcome}) never got a definitive answer to its request or its callback`);
      // 403 after an attempt without an answer: that one was applied ("already settled"); the hold's state below decides.
      const refusedClaims = c.claims.filter((a) => isDefinitive(a) && a.status !== 200);
      if (refusedClaims.length > 0) failures.push(`cash-out ${c.key}: the provider's claim was refused: ${JSON.stringify(refusedClaims)}`);
      const odd = c.callbacks.filter((a, i) => isDefinitive(a) && a.status !== 200 && !(a.status === 403 && i > 0));
      if (odd.length > 0) failures.push(`cash-out ${c.key}: the provider's callback was refused: ${JSON.stringify(odd)}`);
    }
    const ids = this.cashouts.flatMap((c) => (c.id ? [c.id] : []));
    const holds = await end.ledgerQuery<{
      id: string;
      status: string;
      amount: string;
      from_user_id: string;
      transaction_id: string | null;
    }>('SELECT id::text, status, amount::text, from_user_id::text, transaction_id::text FROM holds WHERE id::text = ANY($1::text[])', [
      ids,
    ]);
    const holdOf = new Map(holds.map((h) => [h.id, h]));
    const burns = end.record.filter((t) => t.type === 'BURN' && t.metadata?.cashoutProvider !== undefined);
    const burnsByTx = new Map(burns.map((b) => [b.id, b]));
    const claimed = new Set<number>();
    let confirmedMinor = 0;
    for (const c of this.cashouts) {
      if (c.outcome !== 'acknowledged' || !c.id) continue;
      const h = holdOf.get(c.id);
      if (!h || Number(h.amount) !== toMinor(c.amountCoins) || Number(h.from_user_id) !== c.user.userId) {
        failures.push(`acknowledged cash-out ${c.id} is not held as asked: ${JSON.stringify(h)}`);
        continue;
      }
      const expected = c.verdict === 'CONFIRMED' ? 'CAPTURED' : 'VOIDED';
      if (c.settled === 'yes' && h.status !== expected)
        failures.push(`cash-out ${c.id} was ${c.verdict} by the provider, its hold is ${h.status}`);
      if (h.status !== 'CAPTURED') continue;
      const burn = h.transaction_id ? burnsByTx.get(Number(h.transaction_id)) : undefined;
      if (!burn || toMinor(burn.amount) !== toMinor(c.amountCoins) || burn.fromUserId !== c.user.userId)
        failures.push(`confirmed cash-out ${c.id} has no BURN of ${c.amountCoins} from user ${c.user.userId}: ${JSON.stringify(burn)}`);
      else {
        claimed.add(burn.id);
        confirmedMinor += toMinor(c.amountCoins);
      }
    }
    const stray = burns.filter((b) => !claimed.has(b.id));
    if (stray.length > 0)
      failures.push(`${stray.length} cash-out BURNs belong to no confirmed cash-out: ${JSON.stringify(stray.slice(0, 3))}`);
    const burnedMinor = burns.reduce((s, b) => s + toMinor(b.amount), 0);
    if (burnedMinor !== confirmedMinor)
      failures.push(`cash-outs burned ${burnedMinor} minor units, the confirmed ones were ${confirmedMinor}`);
    return capped(failures, 50, 'cash-out problems');
  }

  counts(): Record<string, number | Record<string, number>> {
    const rejectionCodes: Record<string, number> = {};
    for (const c of this.cashouts.filter((o) => o.outcome === 'rejected'))
      rejectionCodes[c.code ?? '?'] = (rejectionCodes[c.code ?? '?'] ?? 0) + 1;
    const acknowledged = this.cashouts.filter((c) => c.outcome === 'acknowledged');
    return {
      requests: this.cashouts.reduce((n, c) => n + c.attempts.length + c.callbacks.length, 0),
      cashouts: this.cashouts.length,
      acknowledged: acknowledged.length,
      confirmed: acknowledged.filter((c) => c.settled === 'yes' && c.verdict === 'CONFIRMED').length,
      failed: acknowledged.filter((c) => c.settled === 'yes' && c.verdict === 'FAILED').length,
      rejectionCodes,
    };
  }
}
