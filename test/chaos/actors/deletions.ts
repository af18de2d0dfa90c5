/**
 * Deletions of users who are being paid. The targets are extra users that the transfers actor
 * also pays (a share of its transfers, before and after the deletion); each is deleted by the
 * SUPERADMIN (`DELETE /api/admin/users/{id}`) at a random moment of the run. A DELETE that gets
 * no definitive answer (5xx, a dropped connection, a timeout) is sent again, as any client would;
 * a 404 on such a retry counts as deleted (the earlier attempt did it), a 404 on the first
 * attempt does not.
 *
 * Checks ("deleted means closed at once"):
 *  - every target was deleted;
 *  - every transfer to a target whose first attempt left after the DELETE's 200 arrived was
 *    refused with 404/422 (USER_NOT_FOUND / RECIPIENT_CLOSED), never acknowledged;
 *  - each deleted user's wallet ends CLOSED with balance 0; what it received is burned by exactly
 *    one BURN whose reason names the user (`closeWalletReason`), none when it received nothing;
 *  - every BURN of the run is such a close, or a cash-out's (./cashouts.ts checks those): no one else's coin is burned.
 *  - the same after a 404 on a retry (the earlier, unconfirmed attempt deleted the user): the
 *    gateway closes the wallet before it answers 404 too, so "gone" also means closed.
 */
import { closeWalletReason } from '@coin/contracts';
import { requestJson } from '../../../bench/lib/http';
import type { SeededUser } from '../../../scripts/stack/seed';
import { capped, isTimeoutError, pick, sleep, toMinor, untilDefinitive, type AnswerClock, type Attempt } from '../client';
import type { ChaosActor, EndState } from './actor';
import type { TransferOperation } from './transfers';

export interface DeletionsOptions {
  gatewayUrl: string;
  /** The users to delete; the transfers actor pays them too. */
  targets: SeededUser[];
  /** A SUPERADMIN's access token. */
  superadminToken: string;
  /** Each target is deleted at a random moment in [from, to] (Date.now() values). */
  window: [number, number];
  giveUpAt: () => number;
  requestTimeoutMs: number;
  /** Every transfer of the run (the transfers actor's log). */
  payments: () => readonly TransferOperation[];
  /** Where every request's answer time is recorded. */
  clock?: AnswerClock;
}

interface Deletion {
  user: SeededUser;
  scheduledAt: number;
  attempts: Attempt[];
  /** deleted: 200; deleted-on-retry: 404 after an attempt without a definitive answer. */
  outcome: 'pending' | 'deleted' | 'deleted-on-retry' | 'refused' | 'unresolved';
  /** When the definitive answer arrived. */
  answeredAt?: number;
}

/** What a transfer to a closed or deleted wallet may be answered. */
const refusalCodes = new Set(['USER_NOT_FOUND', 'RECIPIENT_CLOSED', 'WALLET_NOT_FOUND']);

export class DeletionsActor implements ChaosActor {
  readonly name = 'deletions';
  private readonly deletions: Deletion[];
  private readonly byUser: Map<number, Deletion>;
  private running = false;
  private scheduler: Promise<void> = Promise.resolve();
  private readonly tasks: Promise<void>[] = [];
  private figures: Record<string, number> = {};

  constructor(private readonly options: DeletionsOptions) {
    const [from, to] = options.window;
    this.deletions = options.targets
      .map((user) => ({ user, scheduledAt: from + Math.random() * (to - from), attempts: [], outcome: 'pending' as const }))
      .sort((a, b) => a.scheduledAt - b.scheduledAt);
    this.byUser = new Map(this.deletions.map((d) => [d.user.userId, d]));
  }

  /** For the transfers actor: a target to pay, deleted or not. */
  pick(): SeededUser {
    return pick(this.options.targets);
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  start(): void {
    this.running = true;
    this.scheduler = (async () => {
      for (const deletion of this.deletions) {
        while (this.running && Date.now() < deletion.scheduledAt) await sleep(Math.min(100, deletion.scheduledAt - Date.now()));
        // Stopped early: the rest are deleted at once, so every target ends deleted.
        this.tasks.push(this.drive(deletion, this.options.giveUpAt));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.scheduler;
    await Promise.all(this.tasks);
  }

  private async send(deletion: Deletion): Promise<Attempt> {
    const startedAt = Date.now();
    let attempt: Attempt;
    try {
      const response = await requestJson(this.options.gatewayUrl, 'DELETE', `/api/admin/users/${deletion.user.userId}`, {
        headers: { authorization: `Bearer ${this.options.superadminToken}` },
        timeoutMs: this.options.requestTimeoutMs,
      });
      attempt = {
        status: response.status,
        ...(response.status !== 200 ? { code: (response.body?.code as string | undefined) ?? 'NO_CODE' } : {}),
      };
    } catch (err) {
      attempt = { status: 0, error: err instanceof Error ? err.message : String(err), ...(isTimeoutError(err) ? { timedOut: true } : {}) };
    }
    attempt.ms = Date.now() - startedAt;
    this.options.clock?.record({
      actor: this.name,
      request: 'DELETE /api/admin/users/{id}',
      startedAt,
      ms: attempt.ms,
      status: attempt.status,
      timedOut: attempt.timedOut ?? false,
      timeoutMs: this.options.requestTimeoutMs,
    });
    return attempt;
  }

  private async drive(deletion: Deletion, giveUpAt: () => number): Promise<void> {
    const result = await untilDefinitive(() => this.send(deletion), deletion.attempts, giveUpAt);
    if (!result) {
      deletion.outcome = 'unresolved';
      return;
    }
    deletion.answeredAt = Date.now();
    if (result.status === 200) deletion.outcome = 'deleted';
    else if (result.status === 404 && deletion.attempts.length > 1) deletion.outcome = 'deleted-on-retry';
    else deletion.outcome = 'refused';
  }

  async settle(): Promise<void> {
    for (const deletion of this.deletions.filter((d) => d.outcome === 'unresolved' || d.outcome === 'pending')) {
      await this.drive(deletion, () => Date.now() + 30_000);
    }
  }

  async check(end: EndState): Promise<string[]> {
    const failures: string[] = [];
    for (const d of this.deletions) {
      if (d.outcome !== 'deleted' && d.outcome !== 'deleted-on-retry') {
        failures.push(`deletion of user ${d.user.userId} ended ${d.outcome}: ${JSON.stringify(d.attempts).slice(0, 300)}`);
      }
    }

    const payments = this.paymentsToTargets();
    failures.push(...capped(payments.refusals, 30, 'transfers accepted after a deletion'));
    failures.push(...capped(payments.acceptedAfterRetried404, 30, "transfers accepted after a deletion's 404-on-retry"));
    const { closeBurns, burnedMinor } = await this.checkClosedWallets(end, failures);

    this.figures = {
      paymentsToTargets: payments.paidTargets,
      sentAfterDeletion: payments.sentAfterDeletion,
      refusedAfterDeletion: payments.refusedAfterDeletion,
      sentAfterRetried404: payments.sentAfterRetried404,
      acceptedAfterRetried404: payments.acceptedAfterRetried404.length,
      closeBurns: [...closeBurns.values()].reduce((n, b) => n + b.length, 0),
      burnedMinor,
    };
    return failures;
  }

  /** The transfers to the targets: those sent after a DELETE's 200 must be refused (and after a 404-on-retry, never accepted). */
  private paymentsToTargets() {
    let paidTargets = 0;
    let sentAfterDeletion = 0;
    let refusedAfterDeletion = 0;
    let sentAfterRetried404 = 0;
    const acceptedAfterRetried404: string[] = [];
    const refusals: string[] = [];
    for (const op of this.options.payments()) {
      const d = this.byUser.get(op.toUserId);
      if (!d) continue;
      paidTargets += 1;
      if (d.answeredAt === undefined || op.sentAt <= d.answeredAt) continue;
      if (d.outcome === 'deleted-on-retry') {
        sentAfterRetried404 += 1;
        if (op.outcome === 'acknowledged')
          acceptedAfterRetried404.push(
            `transfer ${op.key} to deleted user ${op.toUserId} (tx ${op.transactionId}) sent ${op.sentAt - d.answeredAt} ms after the DELETE's 404-on-retry was accepted`,
          );
        continue;
      }
      if (d.outcome !== 'deleted') continue;
      sentAfterDeletion += 1;
      if (op.outcome === 'acknowledged') {
        refusals.push(
          `transfer ${op.key} to deleted user ${op.toUserId} sent ${op.sentAt - d.answeredAt} ms after the DELETE answered 200 was accepted (tx ${op.transactionId})`,
        );
      } else if (op.outcome === 'rejected') {
        if ((op.status === 404 || op.status === 422) && refusalCodes.has(op.code ?? '')) refusedAfterDeletion += 1;
        else
          refusals.push(
            `transfer ${op.key} to deleted user ${op.toUserId} sent after the DELETE's 200 was answered ${op.status} ${op.code}, not a refusal for a closed wallet`,
          );
      }
    }
    return { paidTargets, sentAfterDeletion, refusedAfterDeletion, sentAfterRetried404, acceptedAfterRetried404, refusals };
  }

  /**
   * Each deleted user's wallet: CLOSED, balance 0, what it received burned once, with its audit
   * record; every other BURN is a stray. Failures go to `failures`.
   */
  private async checkClosedWallets(end: EndState, failures: string[]): Promise<{ closeBurns: Map<number, number[]>; burnedMinor: number }> {
    const deleted = this.deletions.filter((d) => d.outcome === 'deleted' || d.outcome === 'deleted-on-retry').map((d) => d.user.userId);
    const wallets = await end.ledgerQuery<{ user_id: string; status: string; balance: string; total_received: string; total_sent: string }>(
      'SELECT user_id, status, balance, total_received, total_sent FROM wallets WHERE user_id = ANY($1::bigint[])',
      [deleted],
    );
    const walletOf = new Map(wallets.map((w) => [Number(w.user_id), w]));
    const closeBurns = new Map<number, number[]>();
    const strayBurns: string[] = [];
    for (const t of end.record) {
      // A cash-out's BURN (its metadata names the provider) is the cash-outs actor's to check.
      if (t.type !== 'BURN' || t.metadata?.cashoutProvider !== undefined) continue;
      if (t.fromUserId !== null && this.byUser.has(t.fromUserId) && t.reason === closeWalletReason(t.fromUserId)) {
        closeBurns.set(t.fromUserId, [...(closeBurns.get(t.fromUserId) ?? []), toMinor(t.amount)]);
      } else {
        strayBurns.push(`BURN tx ${t.id} is not the close of a deleted user: ${JSON.stringify(t)}`);
      }
    }
    failures.push(...capped(strayBurns, 10, 'stray burns'));
    let burnedMinor = 0;
    for (const userId of deleted) {
      const w = walletOf.get(userId);
      const burns = closeBurns.get(userId) ?? [];
      burnedMinor += burns.reduce((s, b) => s + b, 0);
      if (!w) {
        failures.push(`deleted user ${userId} has no wallet row in the ledger`);
        continue;
      }
      const [balance, received, sent] = [Number(w.balance), Number(w.total_received), Number(w.total_sent)];
      if (w.status !== 'CLOSED' || balance !== 0)
        failures.push(`deleted user ${userId}'s wallet is ${w.status} with balance ${balance} minor units (expected CLOSED, 0)`);
      if (received > 0 && (burns.length !== 1 || burns[0] !== received || sent !== received)) {
        failures.push(
          `deleted user ${userId} received ${received} minor units (sent ${sent}) but its close burns are [${burns.join(', ')}]`,
        );
      }
      if (received === 0 && burns.length > 0) failures.push(`deleted user ${userId} received nothing but was burned [${burns.join(', ')}]`);
    }
    return { closeBurns, burnedMinor };
  }

  counts(): Record<string, number | Record<string, number>> {
    const outcomes: Record<string, number> = {};
    for (const d of this.deletions) outcomes[d.outcome] = (outcomes[d.outcome] ?? 0) + 1;
    // Every answer a DELETE got (code for 4xx/5xx, "0" for no answer): why retries were needed.
    const attemptStatuses: Record<string, number> = {};
    for (const a of this.deletions.flatMap((d) => d.attempts)) {
      const shape = a.status === 0 ? '0' : a.code ? `${a.status} ${a.code}` : String(a.status);
      attemptStatuses[shape] = (attemptStatuses[shape] ?? 0) + 1;
    }
    return {
      targets: this.deletions.length,
      requests: this.deletions.reduce((n, d) => n + d.attempts.length, 0),
      deleted: outcomes.deleted ?? 0,
      deletedOnRetry404: outcomes['deleted-on-retry'] ?? 0,
      retried: this.deletions.filter((d) => d.attempts.length > 1).length,
      ...this.figures,
      outcomes,
      attemptStatuses,
    };
  }
}
