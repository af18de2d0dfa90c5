/**
 * Refunds racing each other. `buyers` loops, each: a funded user buys from a treasury
 * (`POST /api/coins/purchase`, 1–20 coins), and as soon as the purchase is acknowledged 2–4
 * refunds of it (`POST /api/admin/refund` by the operator: ADMIN+ with an API key of scope
 * refund) are sent at once, each full (no amount) or partial, each with its own Idempotency-Key
 * and retried with it until a definitive answer, like the transfers. Together they usually ask
 * for more than was paid, so the ledger must pick which fit.
 *
 * The treasuries are funded at set-up (fundShopTreasuries), so what is tested is the race on the
 * purchase, not a treasury running dry.
 *
 * Checks:
 *  - every acknowledged purchase is in the ledger once, as acknowledged; none rejected is;
 *  - for every purchase, the acknowledged refunds sum to at most the purchase, and exactly to
 *    what the ledger holds as refunds of it (REFUND transactions with refundOf = its id);
 *  - every acknowledged refund exists exactly once, with its id, amount, payer and treasury;
 *    none rejected is applied; all answers to one key are the same (also a replay of every key).
 */
import { randomUUID } from 'node:crypto';
import { treasuryCodes } from '@coin/contracts';
import type { Operator } from '../../../bench/lib/admin';
import { mapConcurrent } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import {
  answerShape,
  byReason,
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
  type ClockTag,
} from '../client';
import { type ChaosActor, type EndState, Loops } from './actor';

export interface RefundsOptions {
  gatewayUrl: string;
  /** Funded users; they also send and receive random transfers meanwhile. */
  buyers: SeededUser[];
  operator: Operator;
  /** Concurrent buy-then-refund loops. */
  loops: number;
  goesOn: () => boolean;
  giveUpAt: () => number;
  requestTimeoutMs: number;
  /** Where every request's answer time is recorded. */
  clock?: AnswerClock;
}

/** The treasuries purchases pay (REWARDS is left to rewards). */
const shops = treasuryCodes.filter((c) => c !== 'REWARDS');
/** Minted into each shop treasury at set-up, far above what the refunds of one run take. */
const treasuryFundingCoins = 100_000;

interface Operation {
  key: string;
  reason: string;
  attempts: Attempt[];
  outcome: 'acknowledged' | 'rejected' | 'unresolved';
  transactionId?: number;
  /** The amount a 201 answered with. */
  answeredAmount?: number;
  code?: string;
}

interface Purchase extends Operation {
  buyer: SeededUser;
  treasury: string;
  amountCoins: number;
  refunds: Refund[];
}

interface Refund extends Operation {
  purchase: Purchase;
  /** Undefined: a full refund (of what remains). */
  amountCoins?: number;
}

function settleOutcome(op: Operation, result: Attempt | undefined): void {
  if (!result) return;
  if (result.status === 201) {
    op.outcome = 'acknowledged';
    op.transactionId = result.transactionId;
    op.answeredAmount = result.amount;
  } else {
    op.outcome = 'rejected';
    op.code = result.code;
  }
}

/**
 * Funds the shop treasuries through real MINTs (before the run: a refund is then never refused
 * only because its purchase's credit has not reached the treasury yet); returns the minor units.
 */
export async function fundShopTreasuries(
  gatewayUrl: string,
  operator: Operator,
  requestTimeoutMs: number,
  tag?: ClockTag,
): Promise<number> {
  for (const treasury of shops) {
    const key = randomUUID();
    const result = await untilDefinitive(
      () =>
        sendMoney(
          gatewayUrl,
          '/api/admin/mint',
          { treasury, amount: treasuryFundingCoins, reason: 'chaos treasury funding' },
          { ...operator.headers, 'idempotency-key': key },
          requestTimeoutMs,
          tag,
        ),
      [],
      () => Date.now() + 30_000,
    );
    if (result?.status !== 201) throw new Error(`funding treasury ${treasury} failed: ${JSON.stringify(result)}`);
  }
  return shops.length * toMinor(treasuryFundingCoins);
}

export class RefundsActor implements ChaosActor {
  readonly name = 'refunds';
  private readonly purchases: Purchase[] = [];
  private readonly loops = new Loops();
  private replayed = 0;

  constructor(private readonly options: RefundsOptions) {}

  start(): void {
    this.loops.start(this.options.loops, () => this.loop());
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async loop(): Promise<void> {
    while (this.loops.running && this.options.goesOn()) {
      const key = randomUUID();
      const purchase: Purchase = {
        key,
        reason: `chaos purchase ${key}`,
        buyer: pick(this.options.buyers),
        treasury: pick(shops),
        amountCoins: randomCoins(1, 20),
        attempts: [],
        outcome: 'unresolved',
        refunds: [],
      };
      this.purchases.push(purchase);
      await this.drivePurchase(purchase, this.options.giveUpAt);
      if (purchase.outcome === 'acknowledged') {
        const racers = 2 + Math.floor(Math.random() * 3);
        for (let i = 0; i < racers; i += 1) {
          const refundKey = randomUUID();
          purchase.refunds.push({
            key: refundKey,
            reason: `chaos refund ${refundKey}`,
            purchase,
            // One in three full; the others each up to the whole purchase.
            ...(Math.random() < 1 / 3 ? {} : { amountCoins: randomCoins(0.01, purchase.amountCoins) }),
            attempts: [],
            outcome: 'unresolved',
          });
        }
        await Promise.all(
          purchase.refunds.map(async (refund) => {
            await sleep(Math.random() * 20);
            await this.driveRefund(refund, this.options.giveUpAt);
          }),
        );
      }
      await sleep(50 + Math.random() * 200);
    }
  }

  private tag(): ClockTag | undefined {
    return this.options.clock ? { clock: this.options.clock, actor: this.name } : undefined;
  }

  private sendPurchase(p: Purchase): Promise<Attempt> {
    return sendMoney(
      this.options.gatewayUrl,
      '/api/coins/purchase',
      { treasury: p.treasury, amount: p.amountCoins, reason: p.reason, reference: `order-${p.key}` },
      { authorization: `Bearer ${p.buyer.accessToken}`, 'idempotency-key': p.key },
      this.options.requestTimeoutMs,
      this.tag(),
    );
  }

  private sendRefund(r: Refund): Promise<Attempt> {
    return sendMoney(
      this.options.gatewayUrl,
      '/api/admin/refund',
      { transactionId: r.purchase.transactionId, reason: r.reason, ...(r.amountCoins !== undefined ? { amount: r.amountCoins } : {}) },
      { ...this.options.operator.headers, 'idempotency-key': r.key },
      this.options.requestTimeoutMs,
      this.tag(),
    );
  }

  private async drivePurchase(p: Purchase, giveUpAt: () => number): Promise<void> {
    settleOutcome(p, await untilDefinitive(() => this.sendPurchase(p), p.attempts, giveUpAt));
  }

  private async driveRefund(r: Refund, giveUpAt: () => number): Promise<void> {
    settleOutcome(r, await untilDefinitive(() => this.sendRefund(r), r.attempts, giveUpAt));
  }

  private refunds(): Refund[] {
    return this.purchases.flatMap((p) => p.refunds);
  }

  async settle(): Promise<void> {
    const calm = () => Date.now() + 30_000;
    for (const p of this.purchases.filter((o) => o.outcome === 'unresolved')) await this.drivePurchase(p, calm);
    for (const r of this.refunds().filter((o) => o.outcome === 'unresolved')) await this.driveRefund(r, calm);
  }

  /** Every resolved refund and purchase key once more: the original answer. */
  async replay(): Promise<string[]> {
    const failures: string[] = [];
    const again = async (op: Operation, send: () => Promise<Attempt>, what: string) => {
      if (op.outcome === 'unresolved') return;
      const expected = answerShape(op.attempts.filter(isDefinitive).at(-1)!);
      const got = answerShape(await send());
      this.replayed += 1;
      if (got !== expected) failures.push(`replay of ${what} key ${op.key}: expected ${expected}, got ${got}`);
    };
    await mapConcurrent(this.purchases, 8, (p) => again(p, () => this.sendPurchase(p), 'purchase'));
    await mapConcurrent(this.refunds(), 8, (r) => again(r, () => this.sendRefund(r), 'refund'));
    return failures;
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    const ops: Operation[] = [...this.purchases, ...this.refunds()];
    for (const op of ops) {
      const shapes = new Set(op.attempts.filter(isDefinitive).map(answerShape));
      if (shapes.size > 1) failures.push(`key ${op.key} (${op.reason}) got different definitive answers: ${[...shapes].join(', ')}`);
    }
    const unresolved = ops.filter((o) => o.outcome === 'unresolved').length;
    if (unresolved > 0) failures.push(`${unresolved} purchases or refunds never got a definitive answer, even after the faults stopped`);

    const purchasesByReason = byReason(end.record, ['PURCHASE']);
    const refundsByReason = byReason(end.record, ['REFUND']);
    const refundsOf = new Map<number, number[]>();
    for (const t of end.record)
      if (t.type === 'REFUND' && t.refundOf !== null) refundsOf.set(t.refundOf, [...(refundsOf.get(t.refundOf) ?? []), toMinor(t.amount)]);

    for (const p of this.purchases) {
      const found = purchasesByReason.get(p.reason) ?? [];
      if (found.length > 1) failures.push(`purchase ${p.key} applied ${found.length} times`);
      if (p.outcome === 'rejected') {
        if (found.length > 0) failures.push(`rejected purchase ${p.key} (${p.code}) was applied`);
        continue;
      }
      if (p.outcome !== 'acknowledged') continue;
      const t = found[0];
      if (!t) {
        failures.push(`acknowledged purchase ${p.key} (tx ${p.transactionId}) is not in the ledger`);
        continue;
      }
      if (t.id !== p.transactionId || t.fromUserId !== p.buyer.userId || t.toTreasury !== p.treasury || t.amount !== p.amountCoins) {
        failures.push(`acknowledged purchase ${p.key} differs in the ledger: ${JSON.stringify(t)}`);
      }
      const purchaseMinor = toMinor(p.amountCoins);
      let acknowledgedMinor = 0;
      for (const r of p.refunds) {
        const applied = refundsByReason.get(r.reason) ?? [];
        if (applied.length > 1) failures.push(`refund ${r.key} applied ${applied.length} times`);
        if (r.outcome === 'rejected' && applied.length > 0) failures.push(`rejected refund ${r.key} (${r.code}) was applied`);
        if (r.outcome !== 'acknowledged') continue;
        acknowledgedMinor += toMinor(r.answeredAmount ?? NaN);
        const a = applied[0];
        if (!a) failures.push(`acknowledged refund ${r.key} (tx ${r.transactionId}) is not in the ledger`);
        else if (
          a.id !== r.transactionId ||
          a.refundOf !== p.transactionId ||
          a.toUserId !== p.buyer.userId ||
          a.fromTreasury !== p.treasury ||
          a.amount !== r.answeredAmount ||
          (r.amountCoins !== undefined && a.amount !== r.amountCoins)
        ) {
          failures.push(
            `acknowledged refund ${r.key} differs in the ledger: ${JSON.stringify(a)} (asked ${r.amountCoins ?? 'full'}, answered ${r.answeredAmount})`,
          );
        }
      }
      const ledgerMinor = (refundsOf.get(p.transactionId!) ?? []).reduce((s, m) => s + m, 0);
      if (acknowledgedMinor > purchaseMinor)
        failures.push(`purchase ${p.key} (${purchaseMinor} minor) has ${acknowledgedMinor} minor units of acknowledged refunds`);
      if (ledgerMinor !== acknowledgedMinor)
        failures.push(`purchase ${p.key}: refunds acknowledged ${acknowledgedMinor} minor units, the ledger holds ${ledgerMinor}`);
    }
    return capped(failures, 50, 'refund problems');
  }

  counts(): Record<string, number | Record<string, number>> {
    const refunds = this.refunds();
    const rejectionCodes = rejectionCodesOf([...this.purchases, ...refunds]);
    const acknowledgedPurchases = this.purchases.filter((p) => p.outcome === 'acknowledged');
    return {
      requests: [...this.purchases, ...refunds].reduce((n, o) => n + o.attempts.length, 0),
      purchases: this.purchases.length,
      purchasesAcknowledged: acknowledgedPurchases.length,
      purchasesRejected: this.purchases.filter((p) => p.outcome === 'rejected').length,
      refunds: refunds.length,
      refundsAcknowledged: refunds.filter((r) => r.outcome === 'acknowledged').length,
      refundsRejected: refunds.filter((r) => r.outcome === 'rejected').length,
      refundsUnresolved: refunds.filter((r) => r.outcome === 'unresolved').length,
      fullyRefunded: acknowledgedPurchases.filter(
        (p) =>
          p.refunds.filter((r) => r.outcome === 'acknowledged').reduce((s, r) => s + toMinor(r.answeredAmount ?? 0), 0) ===
          toMinor(p.amountCoins),
      ).length,
      retried: [...this.purchases, ...refunds].filter((o) => o.attempts.length > 1).length,
      replayed: this.replayed,
      rejectionCodes,
    };
  }
}
