import type { Pool } from '@coin/db';
import type { BatchingProducer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { revocationRecordKey, signRevocation } from '@coin/security';
import { markRevocationsPublished, unpublishedRevocations } from '../db/revocations-repo';
import type { SigningKeys } from '../domain/tokens';

export interface RevocationRelayDeps {
  pool: Pool;
  producer: BatchingProducer;
  /** ledger.commands: the topic whose partitions carry the ledger's revocation floors. */
  topic: string;
  /** Its partition count, read at start: a record goes to each. */
  partitions: number;
  keys: Pick<SigningKeys, 'kid' | 'privateKey'>;
  issuer: string;
  logger: Logger;
  /**
   * How often rows are looked for anyway (REVOCATION_SWEEP_INTERVAL_MS). Rows written elsewhere
   * (the operator CLI) wake the relay through `wake` as their transaction commits (a TableWatch);
   * this sweep only backs up a notification lost with the listening connection.
   */
  sweepIntervalMs: number;
  /** After a failed pass, the wait before the next (1 s). */
  failedPassRetryMs?: number;
}

/** Rows published per pass: revocations are rare; a pass of more is a backlog the next pass takes. */
const rowsPerPassMax = 500;

/**
 * Writes the revocations the triggers recorded (a token version's rise, a client's revocation)
 * into every partition of ledger.commands, signed with the access-token key, then marks them
 * published (docs/DESIGN.md "Who asks", revocation floors). Whoever answers the caller of a
 * revocation calls `flush` first, so nothing the caller does after the answer can reach a
 * partition before the record. A row is written before it is marked: a crash in between writes
 * it again, which the ledger's floors take as the same floor (max semantics). What the operator
 * CLI recorded (it has no Kafka of its own) is taken when its commit is announced (`wake`), and
 * by a slow sweep behind that.
 */
export class RevocationRelay {
  private pass: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly deps: RevocationRelayDeps) {
    if (!Number.isInteger(deps.partitions) || deps.partitions < 1) throw new Error(`${deps.topic} has no partitions`);
  }

  /**
   * Resolves once every revocation committed before the call is in every partition; rejects
   * (a transient failure) while Kafka does not take them. Passes run one at a time.
   */
  flush(): Promise<void> {
    const next = this.pass.catch(() => undefined).then(() => this.publishAll());
    this.pass = next;
    return next;
  }

  /**
   * A pass now: rows were committed. A pass that fails (Kafka away) is tried again every
   * `failedPassRetryMs` until one succeeds, so the records follow within a second of Kafka's return
   * although no further commit wakes the relay.
   */
  wake(): void {
    this.flush().catch((err: unknown) => {
      this.deps.logger.warn({ err }, 'revocation relay: pass failed; retried in a second');
      if (this.retry || this.stopped) return;
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.wake();
      }, this.deps.failedPassRetryMs ?? 1000);
      this.retry.unref();
    });
  }

  start(): void {
    this.timer ??= setInterval(() => this.wake(), this.deps.sweepIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.retry);
    this.timer = undefined;
    await this.pass.catch(() => undefined);
  }

  private async publishAll(): Promise<void> {
    for (;;) {
      const rows = await unpublishedRevocations(this.deps.pool, rowsPerPassMax);
      if (rows.length === 0) return;
      const messages = [];
      for (const row of rows) {
        const value = await signRevocation({ kid: this.deps.keys.kid, privateKey: this.deps.keys.privateKey }, this.deps.issuer, {
          subject: row.subject,
          ...(row.versionAfter !== null ? { minTokenVersion: row.versionAfter } : {}),
          at: row.at,
        });
        for (let partition = 0; partition < this.deps.partitions; partition += 1) {
          messages.push({ topic: this.deps.topic, message: { key: revocationRecordKey, value, partition } });
        }
      }
      await this.deps.producer.sendMany(messages);
      await markRevocationsPublished(
        this.deps.pool,
        rows.map((r) => r.id),
      );
      if (rows.length < rowsPerPassMax) return;
    }
  }
}
