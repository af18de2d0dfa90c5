import type { KafkaMessage } from 'kafkajs';

/** How old the set may grow before a batch reads it again: a monitor made on another replica watches from at most this long after its creation. */
export const monitoredWalletsMaxAgeMs = 1000;

const passNothing = (): boolean => false;

/**
 * The wallets some live balance monitor watches, held in memory so the monitors' consumer passes
 * over every other change of coin.balances by its key, before parsing it (docs/DESIGN.md
 * "Balance monitors"). Read again by the first batch after `maxAgeMs`, and at once after this
 * replica itself created, changed or deleted a monitor (`invalidate`). Monitors are few
 * (`WEBHOOKS_MAX_BALANCE_MONITORS`), so the set is small; the batch's handler still reads the
 * monitors of the wallets that pass, as before.
 */
export class MonitoredWallets {
  private keys: ReadonlySet<string> = new Set();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly read: () => Promise<readonly string[]>,
    private readonly maxAgeMs = monitoredWalletsMaxAgeMs,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The next batch reads the set again (a monitor changed here). */
  invalidate(): void {
    this.readAt = Number.NEGATIVE_INFINITY;
  }

  /** Whether a record of this wallet key is wanted, by the set as last read. */
  has(walletKey: string): boolean {
    return this.keys.has(walletKey);
  }

  /**
   * The consumer's `passOver`: once per batch, the set (read again if stale), then per record
   * whether its key names no monitored wallet. A record without a key is not passed over: it is
   * parsed, and the schema and key checks refuse it. When the set is stale and cannot be read
   * (PostgreSQL away), nothing is passed over: the batch goes to the handler, whose own read
   * fails and is retried in place like any transient failure, so no record is skipped by an
   * out-of-date set.
   */
  passOver = async (): Promise<(message: KafkaMessage) => boolean> => {
    try {
      await this.fresh();
    } catch {
      return passNothing;
    }
    const keys = this.keys;
    return (message) => message.key !== null && message.key !== undefined && !keys.has(message.key.toString());
  };

  private async fresh(): Promise<void> {
    if (this.now() - this.readAt < this.maxAgeMs) return;
    // Batches of several partitions at once share one read.
    this.reading ??= this.reread().finally(() => {
      this.reading = null;
    });
    await this.reading;
  }

  private async reread(): Promise<void> {
    const startedAt = this.now();
    this.keys = new Set(await this.read());
    this.readAt = startedAt;
  }
}
