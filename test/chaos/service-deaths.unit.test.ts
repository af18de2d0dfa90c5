import type { ServiceName } from '../../scripts/stack/services';
import type { ChargeKill } from './charge-kills';
import { ServiceDeaths, type WatchedStack } from './service-deaths';

/** A stack whose processes the test moves by hand: pids, exits the stack did not cause, restarts. */
function fakeStack() {
  const pids: Partial<Record<ServiceName, number>> = { ledger: 10, user: 20 };
  const restarts: Record<string, number> = {};
  const stack: WatchedStack & { unexpectedExits: WatchedStack['unexpectedExits'][number][] } = {
    unexpectedExits: [],
    pid: (name) => pids[name],
    isRunning: (name) => pids[name] !== undefined,
    supervisorCounts: () =>
      new Proxy({} as Record<ServiceName, { supervisorRestarts: number }>, {
        get: (_, name) => ({ supervisorRestarts: restarts[String(name)] ?? 0 }),
      }),
  };
  return { stack, pids, restarts };
}

const kill = (pid: number): ChargeKill => ({ pid, at: new Date(Date.now() - 1000).toISOString(), charges: [] });

function watch(stack: WatchedStack, kills: ChargeKill[]) {
  return new ServiceDeaths(stack, {
    chargeKills: () => kills,
    isReady: async () => true,
    sinceStart: () => 0,
    recoveryMs: 5_000,
    log: () => undefined,
  });
}

describe("the bank test's watch on service deaths", () => {
  it('when the ledger kills itself after a charge and the stack sees the exit, then it is a charge kill, another exit a death, each recovered once restarted', async () => {
    const { stack, pids, restarts } = fakeStack();
    const deaths = watch(stack, [kill(10)]);
    stack.unexpectedExits.push({ name: 'ledger', pid: 10, code: null, signal: 'SIGKILL', at: new Date().toISOString() });
    stack.unexpectedExits.push({ name: 'user', pid: 20, code: 1, signal: null, at: new Date().toISOString() });
    deaths.note();
    deaths.note();
    pids.ledger = 11;
    pids.user = 21;
    restarts.ledger = 1;
    await deaths.settled();
    expect(deaths.deaths.map((d) => [d.name, d.pid, d.exit, d.chargeKill ?? false, d.recovered?.by])).toEqual([
      ['ledger', 10, 'signal SIGKILL', true, 'the supervisor'],
      ['user', 20, 'code 1', false, 'the nemesis'],
    ]);
  });

  it("when a nemesis SIGKILL claims the exit of the ledger's own kill, then it is still a charge kill once another ledger runs, and not before", async () => {
    const { stack, pids } = fakeStack();
    const deaths = watch(stack, [kill(10)]);
    // Killed, its exit not seen yet (or claimed by the stack): the same process is the stack's ledger.
    deaths.note();
    expect(deaths.deaths).toEqual([]);
    // The nemesis started another ledger: no unexpected exit was recorded for pid 10.
    pids.ledger = 11;
    deaths.note();
    deaths.note();
    await deaths.settled();
    expect(deaths.deaths.map((d) => [d.pid, d.chargeKill, d.recovered?.pid])).toEqual([[10, true, 11]]);
  });

  it('when the replacement never becomes ready in time, then the death stays unrecovered', async () => {
    const { stack, pids } = fakeStack();
    const deaths = new ServiceDeaths(stack, {
      chargeKills: () => [],
      isReady: async () => false,
      sinceStart: () => 0,
      recoveryMs: 300,
      log: () => undefined,
    });
    stack.unexpectedExits.push({ name: 'user', pid: 20, code: 1, signal: null, at: new Date().toISOString() });
    pids.user = 21;
    deaths.note();
    await deaths.settled();
    expect(deaths.deaths[0]?.recovered).toBeUndefined();
  });
});
