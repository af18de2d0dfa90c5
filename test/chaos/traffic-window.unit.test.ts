import type { ChaosActor } from './actors/actor';
import { TrafficWindow } from './traffic-window';

/** An actor whose coverage the test sets by hand; only its name and covered() matter here. */
function actor(name: string, state: { covered: boolean }): ChaosActor {
  const nothing = async () => undefined;
  return {
    name,
    start: () => undefined,
    stop: nothing,
    settle: nothing,
    check: async () => [],
    counts: () => ({}),
    covered: () => state.covered,
  };
}

describe('the bank test traffic window', () => {
  const endAt = 10_000;
  const setUp = () => {
    let now = 0;
    const window = new TrafficWindow(endAt, 5_000, 60_000, () => now);
    const splits = { covered: false };
    window.watch([actor('splits', splits), { ...actor('transfers', { covered: true }), covered: undefined }]);
    return { window, splits, at: (t: number) => (now = t) };
  };

  it('goes on through its duration, then until every fault has happened', () => {
    const { window, splits, at } = setUp();
    splits.covered = true;
    at(9_999);
    expect(window.goesOn()).toBe(true);
    at(10_000);
    expect(window.goesOn()).toBe(true);
    window.faultsCovered = true;
    expect(window.goesOn()).toBe(false);
  });

  it('goes on past its duration while an actor has not met its cases, up to its cover time, and names that actor', () => {
    const { window, at } = setUp();
    window.faultsCovered = true;
    at(14_999);
    expect(window.goesOn()).toBe(true);
    expect(window.uncovered()).toEqual(['splits']);
    at(15_000);
    expect(window.goesOn()).toBe(false);
    expect(window.end(() => undefined)).toEqual({ pastDurationS: 5, notCovered: ['splits'] });
  });

  it('stops as soon as the last actor is covered, and a client gives up a grace after the traffic ended, not after its duration', () => {
    const { window, splits, at } = setUp();
    window.faultsCovered = true;
    at(12_000);
    expect(window.giveUpAt()).toBe(72_000);
    splits.covered = true;
    expect(window.goesOn()).toBe(false);
    const lines: string[] = [];
    expect(window.end((m) => lines.push(m))).toEqual({ pastDurationS: 2, notCovered: [] });
    expect(lines).toEqual(['traffic over 2 s past its duration; not covered: none']);
    at(20_000);
    expect(window.giveUpAt()).toBe(72_000);
    expect(window.goesOn()).toBe(false);
  });
});
