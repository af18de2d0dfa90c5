/**
 * The bank test's watch on its services' deaths: every exit the stack did not cause (a crash, or
 * the ledger killing itself right after a mandate charge, ./ledger-charge-killer.ts) is a death,
 * reported and watched until the process that replaces it (the supervisor's restart, or a
 * nemesis restart that came first) is running and ready.
 */
import type { ServiceName } from '../../scripts/stack/services';
import type { ChargeKill } from './charge-kills';
import { sleep } from './client';

export interface ServiceDeath {
  name: ServiceName;
  pid: number | undefined;
  exit: string;
  at: string;
  atS: number;
  /** The service's last log lines before the exit. */
  lastLines: string[];
  recovered?: { afterMs: number; pid: number | undefined; by: 'the supervisor' | 'the nemesis' };
  /** The ledger killed itself right after committing a mandate charge, as the test asked (./ledger-charge-killer.ts): no crash. */
  chargeKill?: true;
}

/** What the watch reads of the stack (scripts/stack/processes.ts ProcessStack). */
export interface WatchedStack {
  readonly unexpectedExits: ReadonlyArray<{
    name: ServiceName;
    pid: number | undefined;
    code: number | null;
    signal: string | null;
    at: string;
  }>;
  pid(name: ServiceName): number | undefined;
  isRunning(name: ServiceName): boolean;
  supervisorCounts(): Record<ServiceName, { supervisorRestarts: number }>;
}

export interface ServiceDeathsOptions {
  /** The ledger's kills of itself so far (its kill log). */
  chargeKills: () => ChargeKill[];
  /** Whether the service answers /readyz 200. */
  isReady: (name: ServiceName) => Promise<boolean>;
  /** Seconds into the run at a Date.now() value. */
  sinceStart: (t: number) => number;
  /** How long a dead service may take to be running and ready again. */
  recoveryMs: number;
  log: (message: string) => void;
}

export class ServiceDeaths {
  readonly deaths: ServiceDeath[] = [];
  private readonly recoveries: Promise<void>[] = [];
  private exitsSeen = 0;

  constructor(
    private readonly stack: WatchedStack,
    private readonly options: ServiceDeathsOptions,
  ) {}

  /** Notes the exits and kills not seen yet; called every 200 ms and once at the end. */
  note(): void {
    const { stack, options } = this;
    while (this.exitsSeen < stack.unexpectedExits.length) {
      const exit = stack.unexpectedExits[this.exitsSeen]!;
      this.exitsSeen += 1;
      const chargeKill = exit.name === 'ledger' && options.chargeKills().some((k) => k.pid === exit.pid);
      const death = this.died(exit.name, exit.pid, exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`, exit.at, chargeKill);
      options.log(
        `service ${chargeKill ? 'kill right after a mandate charge' : 'death'}: ${exit.name} (pid ${exit.pid}) exited (${death.exit}) at ${exit.at}`,
      );
    }
    // A nemesis SIGKILL sent after the ledger killed itself, but before the stack saw that exit,
    // claims it as the stack's own: no unexpected exit. The kill log still names it; once another
    // ledger process runs, the old one's exit has been seen, so it is a charge kill all the same.
    for (const kill of options.chargeKills()) {
      if (this.deaths.some((d) => d.name === 'ledger' && d.pid === kill.pid) || stack.pid('ledger') === kill.pid) continue;
      this.died('ledger', kill.pid, 'signal SIGKILL (its own, crossed by the nemesis)', kill.at, true);
      options.log(
        `service kill right after a mandate charge: ledger (pid ${kill.pid}) at ${kill.at}, its exit claimed by the nemesis' SIGKILL`,
      );
    }
  }

  /** Every recovery watched so far has ended (recovered, or out of time). */
  async settled(): Promise<void> {
    await Promise.all(this.recoveries);
  }

  private died(name: ServiceName, pid: number | undefined, exit: string, at: string, chargeKill: boolean): ServiceDeath {
    const death: ServiceDeath = {
      name,
      pid,
      exit,
      at,
      atS: Number(this.options.sinceStart(Date.parse(at)).toFixed(1)),
      lastLines: [],
      ...(chargeKill ? { chargeKill: true as const } : {}),
    };
    this.deaths.push(death);
    this.recoveries.push(this.recovery(death));
    return death;
  }

  /** Waits until another process of the service runs and is ready, at most recoveryMs from the death. */
  private async recovery(death: ServiceDeath): Promise<void> {
    const { stack, options } = this;
    const restartsBefore = stack.supervisorCounts()[death.name].supervisorRestarts;
    const deadline = Date.parse(death.at) + options.recoveryMs;
    while (Date.now() < deadline) {
      const pid = stack.pid(death.name);
      if (stack.isRunning(death.name) && pid !== death.pid && (await options.isReady(death.name)) && stack.pid(death.name) === pid) {
        const by = stack.supervisorCounts()[death.name].supervisorRestarts > restartsBefore ? 'the supervisor' : 'the nemesis';
        death.recovered = { afterMs: Date.now() - Date.parse(death.at), pid, by };
        options.log(
          `service death: ${death.name} back after ${(death.recovered.afterMs / 1000).toFixed(1)} s (pid ${pid}, restarted by ${by})`,
        );
        return;
      }
      await sleep(200);
    }
  }
}
