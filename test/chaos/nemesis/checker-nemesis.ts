/**
 * The checker run's nemesis. Between faults it sleeps `intervalMs`; every kind comes once (in a
 * shuffled order) before any repeats, and one fault is active at a time:
 *  - latency: 250 ± 150 ms added to one (service, dependency) proxy, for 2–4 s;
 *  - reset_peer: every connection through one proxy reset as soon as data moves, for 1–2 s;
 *  - cut: one proxy disabled (its connections closed, new ones refused): one service cut off
 *    from one dependency, for 3–5 s;
 *  - pause: SIGSTOP of one service process, SIGCONT 2–4 s later;
 *  - kill: SIGKILL of one service process, started again up to 1.5 s later;
 *  - kafka: the Kafka broker restarted, once, half-way (only when asked; the broker is shared);
 *  - postgres: the PostgreSQL server restarted (every service's connections ended), once, at
 *    three quarters (only when asked; the server is shared).
 * Every fault is put in the timeline: when it began (s into the run), what, how long it lasted.
 */
import type { ProcessStack } from '../../../scripts/stack/processes';
import type { ServiceName } from '../../../scripts/stack/services';
import { pick, sleep } from '../client';
import type { Toxiproxy } from './toxiproxy';

export interface FaultRecord {
  atS: number;
  what: string;
  durationS: number;
  kind: FaultKind;
  error?: string;
}

export type FaultKind = 'latency' | 'reset_peer' | 'cut' | 'pause' | 'kill' | 'kafka' | 'postgres';

export interface CheckerNemesisOptions {
  stack: ProcessStack;
  toxiproxy: Toxiproxy;
  /** Proxy name → what it connects ("ledger → PostgreSQL"). */
  proxies: Record<string, string>;
  startedAt: number;
  intervalMs: [number, number];
  /** Whether a fault may still begin. */
  goesOn: () => boolean;
  /** Restart the Kafka broker once at this moment (Date.now()), if given. */
  kafkaRestartAt?: number;
  restartKafka?: () => Promise<unknown>;
  /** Restart the PostgreSQL server once at this moment (Date.now()), if given. */
  postgresRestartAt?: number;
  restartPostgres?: () => Promise<unknown>;
  log: (message: string) => void;
}

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const services: ServiceName[] = ['gateway', 'ledger', 'user', 'history'];

export class CheckerNemesis {
  readonly timeline: FaultRecord[] = [];
  private readonly kinds: FaultKind[] = (['latency', 'reset_peer', 'cut', 'pause', 'kill'] as FaultKind[]).sort(() => Math.random() - 0.5);
  private done: Promise<void> | undefined;
  private kafkaPending: boolean;
  private postgresPending: boolean;

  constructor(private readonly options: CheckerNemesisOptions) {
    this.kafkaPending = options.kafkaRestartAt !== undefined && options.restartKafka !== undefined;
    this.postgresPending = options.postgresRestartAt !== undefined && options.restartPostgres !== undefined;
  }

  start(): void {
    this.done = this.loop();
  }

  /** Resolves when the last fault has been healed. */
  async stop(): Promise<void> {
    await this.done;
  }

  /** Every kind injected at least once (and the broker and database restarts, when planned). */
  covered(): boolean {
    return this.kinds.length === 0 && !this.kafkaPending && !this.postgresPending;
  }

  private async loop(): Promise<void> {
    const { goesOn, intervalMs } = this.options;
    while (goesOn()) {
      await sleep(between(...intervalMs));
      if (!goesOn()) break;
      if (this.kafkaPending && Date.now() >= this.options.kafkaRestartAt!) {
        this.kafkaPending = false;
        await this.fault('kafka', 'Kafka broker restarted', async () => void (await this.options.restartKafka!()));
        continue;
      }
      if (this.postgresPending && Date.now() >= this.options.postgresRestartAt!) {
        this.postgresPending = false;
        await this.fault('postgres', 'PostgreSQL server restarted', async () => void (await this.options.restartPostgres!()));
        continue;
      }
      const kind = this.kinds.shift() ?? pick(['latency', 'reset_peer', 'cut', 'pause', 'kill'] as FaultKind[]);
      await this.inject(kind);
    }
  }

  private async inject(kind: FaultKind): Promise<void> {
    const { toxiproxy, proxies, stack } = this.options;
    const proxy = pick(Object.keys(proxies));
    switch (kind) {
      case 'latency': {
        const ms = between(2000, 4000);
        return this.fault(kind, `latency 250±150 ms on ${proxies[proxy]}`, async () => {
          await toxiproxy.addToxic(proxy, { name: 'latency', type: 'latency', attributes: { latency: 250, jitter: 150 } });
          await sleep(ms);
          await toxiproxy.removeToxic(proxy, 'latency');
        });
      }
      case 'reset_peer': {
        const ms = between(1000, 2000);
        return this.fault(kind, `reset_peer on ${proxies[proxy]}`, async () => {
          await toxiproxy.addToxic(proxy, { name: 'reset', type: 'reset_peer', stream: 'upstream', attributes: { timeout: 0 } });
          await sleep(ms);
          await toxiproxy.removeToxic(proxy, 'reset');
        });
      }
      case 'cut': {
        const ms = between(3000, 5000);
        return this.fault(kind, `cut ${proxies[proxy]}`, async () => {
          await toxiproxy.setEnabled(proxy, false);
          await sleep(ms);
          await toxiproxy.setEnabled(proxy, true);
        });
      }
      case 'pause': {
        const victim = pick(services);
        const ms = between(2000, 4000);
        return this.fault(kind, `SIGSTOP ${victim}, SIGCONT after ${(ms / 1000).toFixed(1)} s`, async () => {
          if (stack.pause(victim, true) === undefined) throw new Error(`${victim} is not running`);
          try {
            await sleep(ms);
          } finally {
            stack.pause(victim, false);
          }
        });
      }
      case 'kill': {
        const victim = pick(services);
        return this.fault(kind, `SIGKILL ${victim}, started again`, async () => {
          await stack.kill(victim);
          await sleep(Math.random() * 1500);
          await stack.restart(victim);
        });
      }
      default:
        return;
    }
  }

  private async fault(kind: FaultKind, what: string, run: () => Promise<void>): Promise<void> {
    const began = Date.now();
    const record: FaultRecord = { atS: Number(((began - this.options.startedAt) / 1000).toFixed(1)), what, durationS: 0, kind };
    this.timeline.push(record);
    this.options.log(`nemesis at ${record.atS} s: ${what}`);
    try {
      await run();
    } catch (err) {
      record.error = err instanceof Error ? err.message : String(err);
      this.options.log(`nemesis: ${what} failed: ${record.error}`);
    }
    record.durationS = Number(((Date.now() - began) / 1000).toFixed(1));
  }
}

/** "   3.2 s  cut ledger → PostgreSQL (4.1 s)" lines. */
export function formatTimeline(timeline: readonly FaultRecord[]): string[] {
  return timeline.map(
    (f) => `${f.atS.toFixed(1).padStart(6)} s  ${f.what} (${f.durationS.toFixed(1)} s)${f.error ? ` FAILED: ${f.error}` : ''}`,
  );
}
