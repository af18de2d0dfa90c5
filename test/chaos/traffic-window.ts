/**
 * When the bank test's traffic ends, and so when its clients give up on one operation. The load
 * lasts the run's duration AND until every fault has happened at least once AND (for at most
 * `coverWithinMs` more) every actor's asserted cases have each happened once (ChaosActor.covered):
 * the coverage does not depend on how fast a loaded machine restarts processes or answers. A
 * client gives up on one operation `resolveGraceMs` after the traffic ended, however long it went on.
 */
import type { ChaosActor } from './actors/actor';

export class TrafficWindow {
  /** Set by the nemesis once every planned fault has happened. */
  faultsCovered = false;
  private actors: ChaosActor[] = [];
  private endedAt: number | undefined;
  private readonly coverBy: number;

  constructor(
    readonly endAt: number,
    coverWithinMs: number,
    private readonly resolveGraceMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.coverBy = endAt + coverWithinMs;
  }

  /** The actors whose cases the window waits for (they are made with goesOn and giveUpAt, so after it). */
  watch(actors: ChaosActor[]): void {
    this.actors = actors;
  }

  /** The actors, among those watched, whose asserted cases have not all happened yet. */
  uncovered(): string[] {
    return this.actors.filter((a) => a.covered && !a.covered()).map((a) => a.name);
  }

  readonly goesOn = (): boolean => {
    if (this.endedAt !== undefined) return false;
    const t = this.now();
    return t < this.endAt || !this.faultsCovered || (this.uncovered().length > 0 && t < this.coverBy);
  };

  readonly giveUpAt = (): number => (this.endedAt ?? Math.max(this.now(), this.endAt)) + this.resolveGraceMs;

  /** The traffic is over: what it ran past its duration, and which actors it still had not covered (also logged). */
  end(log: (message: string) => void): { pastDurationS: number; notCovered: string[] } {
    this.endedAt = this.now();
    const ended = { pastDurationS: Number(((this.endedAt - this.endAt) / 1000).toFixed(1)), notCovered: this.uncovered() };
    log(`traffic over ${ended.pastDurationS} s past its duration; not covered: ${ended.notCovered.join(', ') || 'none'}`);
    return ended;
  }
}
