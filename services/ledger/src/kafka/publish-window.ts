/**
 * The outbox publishes a partition handler has started and not waited for. A partition goes on to
 * its next fetch once its batch is committed and its callers answered: the events of the batch are
 * in the outbox, published in commit order (the producer keeps one request in flight, so one
 * wallet's events stay in order), and a publish that fails is left to the outbox sweeper, which
 * republishes it (docs/EVENTS.md: a late copy of an older batch can arrive after a newer one).
 * What bounds them is this window: past `max` unsettled publishes a handler waits for the oldest
 * to settle, so a broker that stops acknowledging slows the partitions down instead of letting
 * the producer's queue grow without end.
 */
export class PublishWindow {
  private readonly unsettled: Promise<void>[] = [];

  constructor(private readonly max: number) {}

  /** Publishes started and not yet settled. */
  get size(): number {
    return this.unsettled.length;
  }

  /**
   * Takes a publish that has started; resolves at once while the window has room, else once
   * enough earlier publishes have settled. Never rejects: a failure is the caller's to report.
   */
  async admit(published: Promise<void>): Promise<void> {
    const settled: Promise<void> = published.then(
      () => this.forget(settled),
      () => this.forget(settled),
    );
    this.unsettled.push(settled);
    while (this.unsettled.length > this.max) await this.unsettled[0];
  }

  /** Resolves once every publish admitted so far has settled (a stop, a test). */
  async drain(): Promise<void> {
    await Promise.all([...this.unsettled]);
  }

  private forget(settled: Promise<void>): void {
    const at = this.unsettled.indexOf(settled);
    if (at >= 0) this.unsettled.splice(at, 1);
  }
}
