import { LedgerTimeline } from './ledger-timeline';

describe('the Kafka mode timeline of ledger processes', () => {
  const p3 = 'ledger.commands:3';

  it('when processes served other partitions while a command waited, then its line says how many commits and none on its partition', () => {
    const timeline = new LedgerTimeline(0);
    const first = timeline.started(0);
    first.committed({ at: 1_000, partitions: [p3] });
    first.committed({ at: 2_000, partitions: ['ledger.commands:1'] });
    first.ended(4_000, 'outside');
    const second = timeline.started(5_000);
    second.committed({ at: 9_000, partitions: ['ledger.commands:1', 'ledger.commands:2'] });
    expect(timeline.describe(p3, 1_500, 12_000)).toBe(
      'ledger.commands:3 from +1.5 s to +12.0 s of the run; 2 ledger processes lived in it (1 killed from outside, 0 after a commit, 0 exited); ' +
        '2 commits, 0 on ledger.commands:3; the longest stretch without a commit 7.0 s; the last commit on ledger.commands:3 at +1.0 s',
    );
  });

  it('when a process ended inside a window, then endedBetween says so, and not for a window before or after it', () => {
    const timeline = new LedgerTimeline(0);
    timeline.started(0).ended(4_000, 'after-commit');
    expect(timeline.endedBetween(3_000, 5_000)).toBe(true);
    expect(timeline.endedBetween(0, 3_999)).toBe(false);
    expect(timeline.endedBetween(4_001, 9_000)).toBe(false);
  });
});
