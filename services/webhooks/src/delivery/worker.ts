import type { Pool } from '@coin/db';
import { webhookDeliveryHeaders } from '@coin/events';
import type { Logger } from '@coin/logger';
import { noTracing, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Tracer } from '@coin/telemetry';
import { endpointSecrets } from '../db/endpoints-repo';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  clientsWithPendingDeliveries,
  markDelivered,
  markFailed,
  markRetry,
  moveSchedulesBack,
  nextDueInMs,
} from '../db/deliveries-repo';
import { disableEndpoint } from '../db/endpoints-repo';
import { deliveryAttempts, retryDelayMs, sandboxRetryFrom } from '../domain/backoff';
import { type DeliveryOutcome, type StatusClass, statusClassOf } from '../domain/delivery-outcome';
import type { SecretBox } from '../domain/secret-box';
import type { OutboundSender } from './outbound';
import type { TestClockOffsets } from './test-clocks';

/** One attempt, as the metrics count it. */
export interface AttemptReport {
  endpointId: string;
  clientId: string;
  outcome: DeliveryOutcome;
  statusClass: StatusClass;
  /** From the request's start to its answer read (at most 4 KB), or to its failure. */
  durationSeconds: number;
}

/** Clients whose test clocks one pass of the sandbox's worker reads at most (the others run on wall time that pass). */
export const testClockClientsPerPassMax = 500;

export interface DeliveryWorkerOptions {
  pool: Pool;
  sender: OutboundSender;
  box: SecretBox;
  logger: Logger;
  /**
   * The pause after a failed pass, after the second pass in a row that claimed nothing while a
   * delivery was due (a transaction holds its row), and between the sandbox's passes (its test
   * clocks move unannounced).
   */
  pollIntervalMs: number;
  /**
   * The longest the live worker sleeps when nothing is due: it is woken by `wake` (a delivery
   * written, an endpoint enabled: the tables' notifications) and at the next retry's due time;
   * this backs a lost notification up.
   */
  idleSweepMs: number;
  concurrency: number;
  /** An attempt's budget; the lease of a claimed delivery is longer, so it is not sent twice at once. */
  timeoutMs: number;
  /** The retry schedule's minute (WEBHOOKS_RETRY_UNIT_MS). */
  retryUnitMs: number;
  /** admin.audit (with the deployment's prefix): where the record of a disabling goes, through the outbox. */
  adminAuditTopic: string;
  /** Told when an endpoint is disabled after its schedule ran out (metrics); its audit record is in the outbox by then. */
  onDisabled?: (endpointId: string, clientId: string) => void;
  /** Told of each attempt once its outcome is recorded (metrics: attempts by outcome, their latency). */
  onAttempt?: (attempt: AttemptReport) => void;
  /**
   * The sandbox's instance only (WEBHOOKS_SPACE=test): the test clocks its clients' schedules run
   * on (docs/decisions/0018-sandbox.md "The test clock"). Absent, as in the live instance: wall time, no offset ever.
   */
  testClocks?: {
    offsetsOf(clientIds: readonly string[]): Promise<TestClockOffsets>;
    /** The clients whose clocks went back since the last call (a reset), by how much (milliseconds). */
    takeWentBack?(): ReadonlyMap<string, number>;
  };
  /**
   * Each attempt is a root span of its own (`deliver webhook`), the parent of its POST's CLIENT
   * span (libs/telemetry's undici instrumentation); a no-op tracer with tracing off.
   */
  tracer?: Tracer;
}

/**
 * Sends due deliveries: each pass claims up to `concurrency` (each the oldest pending one of its
 * endpoint and wallet, so a wallet's deliveries stay in order), signs each with the endpoint's
 * secrets and posts it, then records the outcome: delivered, retried later on the schedule, or,
 * after the last attempt, failed and its endpoint disabled. A pass that sent something is followed
 * by another at once; one that found nothing sleeps until the next delivery is due, `wake`, or
 * `idleSweepMs`, whichever comes first (the sandbox's every `pollIntervalMs`).
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** A pass is between its claim and its next schedule: a wake then asks for one more at once. */
  private passing = false;
  private wakeAsked = false;
  /** Passes in a row that found a delivery due and claimed none. */
  private dueUnclaimedPasses = 0;

  constructor(private readonly options: DeliveryWorkerOptions) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Something may be due now (a delivery written, an endpoint enabled): a pass at once, or right after the one running. */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.wakeAsked = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One pass: what the timer runs; tests call it to send without waiting for the poll. */
  async runOnce(): Promise<number> {
    const { pool, concurrency, timeoutMs, testClocks } = this.options;
    const listed = testClocks ? await clientsWithPendingDeliveries(pool, testClockClientsPerPassMax) : undefined;
    const clocks = testClocks && listed ? await testClocks.offsetsOf(listed) : undefined;
    // A reset moved a clock back: its client's deliveries, due on the clock as it read, move back with it before this claim.
    for (const [clientId, backMs] of testClocks?.takeWentBack?.() ?? []) await moveSchedulesBack(pool, clientId, backMs);
    // Only the clients whose clocks were just read (a delivery written since waits a pass); past the
    // most a pass reads, every client, the unread on wall time, so none waits for ever.
    const onlyClients = listed && listed.length < testClockClientsPerPassMax ? listed : undefined;
    const claimed = await claimDueDeliveries(pool, concurrency, timeoutMs * 2 + 30_000, clocks, onlyClients);
    if (claimed.length === 0) return 0;
    const endpoints = await endpointSecrets(pool, [...new Set(claimed.map((d) => d.endpointId))]);
    await Promise.all(claimed.map((delivery) => this.traced(delivery, endpoints.get(delivery.endpointId))));
    return claimed.length;
  }

  private traced(delivery: ClaimedDelivery, endpoint: Parameters<DeliveryWorker['attempt']>[1]): Promise<void> {
    const tracer = this.options.tracer ?? noTracing.tracer;
    const attributes = { 'coin.webhook.delivery.id': String(delivery.id), 'coin.webhook.event.id': delivery.eventId };
    return tracer.startActiveSpan('deliver webhook', { kind: SpanKind.INTERNAL, attributes }, ROOT_CONTEXT, async (span) => {
      try {
        await this.attempt(delivery, endpoint);
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass();
    }, delayMs);
  }

  private async pass(): Promise<void> {
    this.passing = true;
    this.wakeAsked = false;
    let nextMs: number;
    try {
      const sent = await this.runOnce();
      if (sent > 0) this.dueUnclaimedPasses = 0;
      nextMs = sent > 0 ? 0 : await this.idleMs();
    } catch (err) {
      this.options.logger.warn({ err }, 'webhook delivery pass failed; trying again');
      nextMs = this.options.pollIntervalMs;
    }
    this.passing = false;
    this.schedule(this.wakeAsked ? 0 : nextMs);
  }

  /** How long a pass that sent nothing waits for the next. */
  private async idleMs(): Promise<number> {
    const { pollIntervalMs, idleSweepMs, testClocks } = this.options;
    // The sandbox's due times move with its clients' test clocks, which announce nothing.
    if (testClocks) return pollIntervalMs;
    const dueInMs = await nextDueInMs(this.options.pool);
    if (dueInMs !== null && dueInMs <= 0) {
      // Due now and not claimed: it came due after this pass's claim (a retry milliseconds away),
      // or a transaction holds its row (SKIP LOCKED). Once at once, then at the poll's pace.
      this.dueUnclaimedPasses += 1;
      return this.dueUnclaimedPasses === 1 ? 0 : pollIntervalMs;
    }
    this.dueUnclaimedPasses = 0;
    return dueInMs === null ? idleSweepMs : Math.min(Math.ceil(dueInMs), idleSweepMs);
  }

  private async attempt(
    delivery: ClaimedDelivery,
    endpoint:
      | { url: string; clientId: string; secretSealed: Buffer; previousSecretSealed: Buffer | null; previousSecretExpiresAt: Date | null }
      | undefined,
  ): Promise<void> {
    const { sender, box } = this.options;
    if (!endpoint) return;
    const secrets = [box.open(endpoint.secretSealed, delivery.endpointId)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > Date.now()) {
      secrets.push(box.open(endpoint.previousSecretSealed, delivery.endpointId));
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const startedAt = performance.now();
    // Coin-Signature and the same signature in the Standard Webhooks form, for its libraries in any language.
    const result = await sender.post(endpoint.url, delivery.body, {
      ...webhookDeliveryHeaders({ id: delivery.eventId, timestamp, body: delivery.body, secrets }),
      'coin-delivery-attempt': String(delivery.attempts + 1),
    });
    const durationSeconds = (performance.now() - startedAt) / 1000;
    // Counted as made, whether or not its outcome can be recorded (the database away: it is sent again after its lease).
    this.options.onAttempt?.({
      endpointId: delivery.endpointId,
      clientId: endpoint.clientId,
      outcome: result.outcome,
      statusClass: statusClassOf(result.responseCode),
      durationSeconds,
    });
    await this.recordOutcome(delivery, { responseCode: result.responseCode, error: result.error, outcome: result.outcome });
  }

  /** Records an attempt's outcome: delivered, retried on the schedule, or, after the last, failed and its endpoint disabled. */
  private async recordOutcome(delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
    const { pool, logger } = this.options;
    if (outcome.outcome === 'success') {
      await markDelivered(pool, delivery, outcome);
      return;
    }
    const failedAttempts = delivery.attempts + 1;
    const delay = failedAttempts < deliveryAttempts ? retryDelayMs(failedAttempts, Math.random, this.options.retryUnitMs) : null;
    if (delay !== null) {
      await markRetry(pool, delivery, outcome, delay, this.options.testClocks ? sandboxRetryFrom(delivery, Date.now()) : undefined);
      return;
    }
    await markFailed(pool, delivery, outcome);
    const disabled = await disableEndpoint(
      pool,
      delivery.endpointId,
      `delivery ${delivery.id} failed ${failedAttempts} attempts over the retry schedule`,
      this.options.adminAuditTopic,
      delivery.id,
    );
    if (disabled) {
      logger.warn(
        { endpointId: disabled.id, clientId: disabled.clientId, deliveryId: delivery.id },
        'webhook endpoint disabled after its retry schedule ran out',
      );
      this.options.onDisabled?.(disabled.id, disabled.clientId);
    }
  }
}
