import type { Pool } from '@coin/db';
import type { Logger } from '@coin/logger';
import { runRecoveryBatch } from '../db/recoveries-repo';

export interface RecoveryRunnerOptions {
  pool: Pool;
  logger: Logger;
  /** Failed deliveries one batch puts back in the queue (one transaction). */
  batch: number;
  /** The longest between two looks when nothing woke it: backs a lost notification, and a task another instance left. */
  sweepMs: number;
}

/**
 * The background task of the recoveries ("recover since T", docs/DESIGN.md "Webhooks"): woken when
 * a recovery is written (the table's notification) and every `sweepMs`, it runs batches of the
 * running recoveries until none is left; a failed run is logged and the next look tries again.
 * Several instances share the work: each batch holds its recovery's row (SKIP LOCKED).
 */
export class RecoveryRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;
  private again = false;
  private stopped = false;

  constructor(private readonly options: RecoveryRunnerOptions) {}

  start(): void {
    this.wake();
    this.timer = setInterval(() => this.wake(), this.options.sweepMs);
    this.timer.unref();
  }

  /** A recovery may be waiting: run now, or once more right after the run in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.running = this.drain().finally(() => {
      this.busy = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      let more = true;
      while (more && !this.stopped) more = (await runRecoveryBatch(this.options.pool, this.options.batch)) !== null;
    } catch (err) {
      this.options.logger.warn({ err }, 'a webhook recovery batch failed; trying again at the next look');
    }
  }
}
