import { judgeConsumer, type WatchdogView } from './consumer-watchdog';
import type { StalledPartition } from './progress-watch';

const relaunchAfterMs = 30_000;
const t0 = 1_000_000;

const stall = (stalledForMs: number, partition = 3): StalledPartition => ({
  group: 'gateway-token-versions',
  topic: 'user.events.v2',
  partition,
  committed: 89,
  lag: 1,
  stalledForMs,
});

/** A consumer joined long ago, idle, nothing stalled: the healthy case each test changes one thing of. */
const healthy = (change: Partial<WatchdogView> = {}): WatchdogView => ({
  nowMs: t0 + 600_000,
  joined: true,
  waitingSinceMs: t0,
  launchedAtMs: t0,
  unjoinedRelaunches: 0,
  busy: false,
  idleSinceMs: t0,
  stalled: [],
  ...change,
});

describe('judgeConsumer (the consumer watchdog)', () => {
  it('when the consumer is joined and nothing it holds is stalled, then it is kept', () => {
    expect(judgeConsumer(healthy(), relaunchAfterMs)).toEqual({ relaunch: false });
  });

  it('when a partition it holds has stood still for the bound while no batch is in its handler, then it is relaunched, and the reason names the partition', () => {
    const verdict = judgeConsumer(healthy({ stalled: [stall(relaunchAfterMs)] }), relaunchAfterMs);
    expect(verdict.relaunch).toBe(true);
    expect(verdict.relaunch && verdict.reason).toContain(
      'group gateway-token-versions, topic user.events.v2, partition 3: committed offset 89',
    );
  });

  it('when the stall is shorter than the bound, then it is kept (the progress watch reports it meanwhile)', () => {
    expect(judgeConsumer(healthy({ stalled: [stall(relaunchAfterMs - 1)] }), relaunchAfterMs)).toEqual({ relaunch: false });
  });

  it('when a batch is in its handler (a backing service away, retried in place), then a stall however long is not a reason to relaunch', () => {
    expect(judgeConsumer(healthy({ busy: true, stalled: [stall(10 * relaunchAfterMs)] }), relaunchAfterMs)).toEqual({ relaunch: false });
  });

  it('when a batch left its handler less than the bound ago (a retry in place just ended, its offset not yet committed), then the stall still read is not a reason to relaunch; idle for the bound, it is', () => {
    const view = healthy({ idleSinceMs: t0 + 600_000 - relaunchAfterMs + 1, stalled: [stall(5 * relaunchAfterMs)] });
    expect(judgeConsumer(view, relaunchAfterMs)).toEqual({ relaunch: false });
    expect(judgeConsumer({ ...view, idleSinceMs: view.idleSinceMs - 1 }, relaunchAfterMs).relaunch).toBe(true);
  });

  it('when the consumer was started less than the bound ago, then an older stall is not held against it (no relaunch loop while the new one catches up)', () => {
    const view = healthy({ launchedAtMs: t0 + 600_000 - relaunchAfterMs + 1, stalled: [stall(5 * relaunchAfterMs)] });
    expect(judgeConsumer(view, relaunchAfterMs)).toEqual({ relaunch: false });
    expect(judgeConsumer({ ...view, launchedAtMs: view.launchedAtMs - 1 }, relaunchAfterMs).relaunch).toBe(true);
  });

  it('when it has not joined within the bound of its start or of losing its group, then it is relaunched; before the bound it is kept', () => {
    const waiting = healthy({ joined: false, waitingSinceMs: t0 + 600_000 - relaunchAfterMs });
    expect(judgeConsumer(waiting, relaunchAfterMs)).toEqual({
      relaunch: true,
      reason: 'not joined its group 30 s after it started or lost it',
    });
    expect(judgeConsumer({ ...waiting, waitingSinceMs: waiting.waitingSinceMs + 1 }, relaunchAfterMs)).toEqual({ relaunch: false });
  });

  it('when relaunches in a row never joined, then each doubles the join bound, up to eight times it', () => {
    const waitedFor = (ms: number, unjoinedRelaunches: number) =>
      judgeConsumer(healthy({ joined: false, waitingSinceMs: t0 + 600_000 - ms, unjoinedRelaunches }), relaunchAfterMs).relaunch;
    expect([waitedFor(59_999, 1), waitedFor(60_000, 1)]).toEqual([false, true]);
    expect([waitedFor(119_999, 2), waitedFor(120_000, 2)]).toEqual([false, true]);
    expect([waitedFor(239_999, 3), waitedFor(240_000, 3)]).toEqual([false, true]);
    expect([waitedFor(239_999, 9), waitedFor(240_000, 9)]).toEqual([false, true]);
  });

  it('when it is not joined, then a stall reading (stale: it holds no partition) does not matter, only the join bound', () => {
    expect(
      judgeConsumer(healthy({ joined: false, waitingSinceMs: t0 + 600_000 - 1, stalled: [stall(10 * relaunchAfterMs)] }), relaunchAfterMs),
    ).toEqual({
      relaunch: false,
    });
  });
});
