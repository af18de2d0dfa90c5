/**
 * Purchases split with an affiliate (docs/CONTRACT.md "Affiliate splits"). At set-up a platform
 * client granted COURSE_FEES gets a commission rule of 10 % for it (`PUT
 * /api/admin/commission-rules` by the operator, stepped up, approved by its co-signer), and every
 * user links it (`POST /api/auth/platform-links`, each with their own token). Then
 * `loops` loops, each: the client attests a referral (`POST /api/platform/referrals`) of a funded
 * user by another user, the buyer buys (1–20 coins) carrying it, and every other acknowledged
 * purchase, the first included, is refunded in full by the operator at once: dealt in turn, not
 * by chance, so a short run on a slow machine that acknowledges one purchase still refunds one.
 * Every request has its own Idempotency-Key and is retried with it until a definitive answer,
 * like the transfers.
 *
 * Checks against the ledger's record:
 *  - an acknowledged purchase is there once, as answered: a PURCHASE of `amount − commission`
 *    to COURSE_FEES and one TRANSFER of the commission (floor of 10 %) from the buyer to the
 *    affiliate with `splitOf` = the purchase; a rejected one left nothing;
 *  - an acknowledged refund is one REFUND of the treasury's part and one TRANSFER `splitOf` the
 *    purchase of the commission from COURSE_FEES to the buyer; the affiliate gives back at most
 *    the commission, in at most one TRANSFER; a purchase not refunded has no such transaction;
 *  - all answers to one key are the same.
 */
import { randomUUID } from 'node:crypto';
import type { OperatorLogin } from '../../../bench/lib/admin';
import { requestJson } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import { stepUp } from '../../../scripts/stack/totp';
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
  type LedgerTransaction,
} from '../client';
import { type ChaosActor, type EndState, Loops } from './actor';
import { createPlatformClient, platformToken, type StackAccess } from './platform';

export interface SplitsOptions {
  stack: StackAccess;
  users: SeededUser[];
  operator: OperatorLogin;
  loops: number;
  goesOn: () => boolean;
  giveUpAt: () => number;
  requestTimeoutMs: number;
  clock?: AnswerClock;
}

const treasury = 'COURSE_FEES';
const commissionBps = 1000;

interface Op {
  key: string;
  attempts: Attempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  code?: string;
  transactionId?: number;
}

interface SplitPurchase extends Op {
  reason: string;
  buyer: SeededUser;
  affiliate: SeededUser;
  amountCoins: number;
  /** The platform client's referral the purchase carries (the same on every retry of its key). */
  referral: string;
  refund?: Op & { reason: string };
}

function settle(op: Op, result: Attempt | undefined): void {
  if (!result) return;
  op.outcome = result.status === 201 ? 'acknowledged' : 'rejected';
  if (result.status === 201) op.transactionId = result.transactionId;
  else op.code = result.code;
}

/** What the ledger should hold for a purchase of `amountMinor`: the commission (floor of 10 %) and the treasury's part. */
export function splitOf(amountMinor: number): { commission: number; treasuryPart: number } {
  const commission = Math.floor((amountMinor * commissionBps) / 10_000);
  return { commission, treasuryPart: amountMinor - commission };
}

export class SplitsActor implements ChaosActor {
  readonly name = 'splits';
  private readonly purchases: SplitPurchase[] = [];
  private clientId = '';
  private clientToken = '';
  /** Referrals the platform was definitively refused (none is expected: two different live users, a rule in force). */
  private readonly referralRefusals: string[] = [];
  private readonly loops = new Loops();
  /** Purchases acknowledged so far, across the loops: the even-numbered ones are refunded. */
  private acknowledged = 0;

  constructor(private readonly options: SplitsOptions) {}

  /** The platform client and its rule, before the run. */
  async prepare(): Promise<void> {
    const { stack, operator } = this.options;
    const client = await createPlatformClient(stack, 'chaos affiliate shop', [treasury]);
    this.clientId = client.clientId;
    this.clientToken = await platformToken(stack.gatewayUrl, client);
    const token = await stepUp(stack.gatewayUrl, operator.accessToken, operator.device);
    const asked = await requestJson(stack.gatewayUrl, 'PUT', '/api/admin/commission-rules', {
      body: { treasury, clientId: this.clientId, rule: { bps: commissionBps } },
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    });
    if (asked.status !== 202) throw new Error(`commission rule: ${asked.status} ${JSON.stringify(asked.body)}`);
    // A second person approves it (docs/design/security.md "Powers over money").
    await operator.approveCommissionChange(asked.body.approval.id as string);
    // The shop's users link it themselves: its referrals name only them (docs/CONTRACT.md "Platform links").
    for (const user of this.options.users) {
      const linked = await requestJson(stack.gatewayUrl, 'POST', '/api/auth/platform-links', {
        body: { clientId: this.clientId },
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      if (linked.status !== 201) throw new Error(`platform link of ${user.userId}: ${linked.status} ${JSON.stringify(linked.body)}`);
    }
  }

  /**
   * The platform client's referral of the buyer by the affiliate, retried while a service it needs
   * is down (503); null when the run gives up first or one of the two was deleted (no purchase is
   * made then), or when another refusal comes, which the run reports as a failure.
   */
  private async referralFor(buyer: SeededUser, affiliate: SeededUser): Promise<string | null> {
    const body = { buyerUserId: buyer.userId, affiliateUserId: affiliate.userId, treasury };
    while (Date.now() < this.options.giveUpAt()) {
      const answer = await requestJson(this.options.stack.gatewayUrl, 'POST', '/api/platform/referrals', {
        body,
        headers: { authorization: `Bearer ${this.clientToken}` },
      }).catch(() => null);
      if (answer?.status === 201) return answer.body.referral as string;
      // A user the run deleted meanwhile is no buyer or affiliate any more.
      if (answer?.status === 404) return null;
      if (answer && answer.status < 500) {
        this.referralRefusals.push(`referral for ${buyer.userId} by ${affiliate.userId}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return null;
      }
      await sleep(200);
    }
    return null;
  }

  start(): void {
    this.loops.start(this.options.loops, () => this.loop());
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async loop(): Promise<void> {
    while (this.loops.running && this.options.goesOn()) {
      const buyer = pick(this.options.users);
      let affiliate = pick(this.options.users);
      while (affiliate.userId === buyer.userId) affiliate = pick(this.options.users);
      const referral = await this.referralFor(buyer, affiliate);
      if (referral === null) {
        await sleep(100);
        continue;
      }
      const key = randomUUID();
      const p: SplitPurchase = {
        key,
        reason: `chaos split ${key}`,
        buyer,
        affiliate,
        amountCoins: randomCoins(1, 20),
        referral,
        attempts: [],
        outcome: 'unresolved',
      };
      this.purchases.push(p);
      await this.drive(p, this.options.giveUpAt);
      if (p.outcome === 'acknowledged' && this.acknowledged++ % 2 === 0) {
        const refundKey = randomUUID();
        p.refund = { key: refundKey, reason: `chaos split refund ${refundKey}`, attempts: [], outcome: 'unresolved' };
        await this.drive(p, this.options.giveUpAt);
      }
      await sleep(50 + Math.random() * 200);
    }
  }

  private send(p: SplitPurchase): Promise<Attempt> {
    const tag = this.options.clock ? { clock: this.options.clock, actor: this.name } : undefined;
    const { gatewayUrl } = this.options.stack;
    if (p.refund && p.outcome === 'acknowledged') {
      return sendMoney(
        gatewayUrl,
        '/api/admin/refund',
        { transactionId: p.transactionId, reason: p.refund.reason },
        { ...this.options.operator.headers, 'idempotency-key': p.refund.key },
        this.options.requestTimeoutMs,
        tag,
      );
    }
    return sendMoney(
      gatewayUrl,
      '/api/coins/purchase',
      { treasury, amount: p.amountCoins, reason: p.reason, affiliate: { referral: p.referral } },
      { authorization: `Bearer ${p.buyer.accessToken}`, 'idempotency-key': p.key },
      this.options.requestTimeoutMs,
      tag,
    );
  }

  /** The purchase until definitive, or (once it is acknowledged and has one) its refund. */
  private async drive(p: SplitPurchase, giveUpAt: () => number): Promise<void> {
    const op: Op = p.refund && p.outcome === 'acknowledged' ? p.refund : p;
    settle(op, await untilDefinitive(() => this.send(p), op.attempts, giveUpAt));
  }

  /** A split purchase refunded: the case the run waits for. */
  covered(): boolean {
    return this.purchases.some((p) => p.refund?.outcome === 'acknowledged');
  }

  async settle(): Promise<void> {
    const calm = () => Date.now() + 30_000;
    for (const p of this.purchases) if (p.outcome === 'unresolved' || p.refund?.outcome === 'unresolved') await this.drive(p, calm);
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [...this.referralRefusals];
    const ops = this.purchases.flatMap((p): Op[] => (p.refund ? [p, p.refund] : [p]));
    for (const op of ops) {
      const shapes = new Set(op.attempts.filter(isDefinitive).map(answerShape));
      if (shapes.size > 1) failures.push(`split key ${op.key} got different definitive answers: ${[...shapes].join(', ')}`);
      if (op.outcome === 'unresolved') failures.push(`split key ${op.key} never got a definitive answer`);
    }
    const byReason = new Map<string, LedgerTransaction[]>();
    const bySplit = new Map<number, LedgerTransaction[]>();
    for (const t of end.record) {
      byReason.set(t.reason, [...(byReason.get(t.reason) ?? []), t]);
      if (t.splitOf !== undefined) bySplit.set(t.splitOf, [...(bySplit.get(t.splitOf) ?? []), t]);
    }
    for (const p of this.purchases) {
      const found = (byReason.get(p.reason) ?? []).filter((t) => t.type === 'PURCHASE');
      if (p.outcome !== 'acknowledged') {
        if (found.length > 0) failures.push(`split purchase ${p.key} (${p.outcome} ${p.code ?? ''}) was applied: ${JSON.stringify(found)}`);
        continue;
      }
      const { commission, treasuryPart } = splitOf(toMinor(p.amountCoins));
      const t = found[0];
      if (found.length !== 1 || !t || t.id !== p.transactionId || t.fromUserId !== p.buyer.userId || t.toTreasury !== treasury) {
        failures.push(
          `acknowledged split purchase ${p.key} (tx ${p.transactionId}) is not in the ledger once as answered: ${JSON.stringify(found)}`,
        );
        continue;
      }
      if (toMinor(t.amount) !== treasuryPart)
        failures.push(`split purchase ${p.key}: the treasury got ${t.amount}, not ${treasuryPart / 100}`);
      const legs = bySplit.get(t.id) ?? [];
      const paid = legs.filter((l) => l.fromUserId === p.buyer.userId && l.toUserId === p.affiliate.userId);
      if (paid.length !== 1 || toMinor(paid[0]!.amount) !== commission)
        failures.push(
          `split purchase ${p.key}: the affiliate's commission is not one TRANSFER of ${commission / 100}: ${JSON.stringify(paid)}`,
        );
      const refunds = (p.refund ? (byReason.get(p.refund.reason) ?? []) : []).filter((r) => r.type === 'REFUND');
      const returned = legs.filter((l) => l.fromTreasury === treasury && l.toUserId === p.buyer.userId);
      const clawed = legs.filter((l) => l.fromUserId === p.affiliate.userId && l.toTreasury === treasury);
      if (p.refund?.outcome !== 'acknowledged') {
        if (refunds.length + returned.length + clawed.length > 0)
          failures.push(`split purchase ${p.key} was not refunded, yet: ${JSON.stringify([...refunds, ...returned, ...clawed])}`);
        continue;
      }
      const r = refunds[0];
      if (refunds.length !== 1 || !r || r.id !== p.refund.transactionId || r.refundOf !== t.id || toMinor(r.amount) !== treasuryPart)
        failures.push(`acknowledged split refund ${p.refund.key} is not one REFUND of ${treasuryPart / 100}: ${JSON.stringify(refunds)}`);
      if (returned.length !== 1 || toMinor(returned[0]!.amount) !== commission)
        failures.push(
          `split refund ${p.refund.key}: the commission's part back to the buyer is not one TRANSFER of ${commission / 100}: ${JSON.stringify(returned)}`,
        );
      if (clawed.length > 1 || clawed.reduce((s, c) => s + toMinor(c.amount), 0) > commission)
        failures.push(
          `split refund ${p.refund.key}: the affiliate gave back more than once or more than the commission: ${JSON.stringify(clawed)}`,
        );
    }
    return capped(failures, 50, 'split problems');
  }

  counts(): Record<string, number | Record<string, number>> {
    const refunds = this.purchases.flatMap((p) => (p.refund ? [p.refund] : []));
    const rejectionCodes = rejectionCodesOf([...this.purchases, ...refunds]);
    return {
      requests: [...this.purchases, ...refunds].reduce((n, o) => n + o.attempts.length, 0),
      purchases: this.purchases.length,
      purchasesAcknowledged: this.purchases.filter((p) => p.outcome === 'acknowledged').length,
      refunds: refunds.length,
      refundsAcknowledged: refunds.filter((r) => r.outcome === 'acknowledged').length,
      rejectionCodes,
    };
  }
}
