/**
 * Gateways and ledgers beyond a ProcessStack's own (bench:scale-out, and the best-topology step of
 * `npm run bench`): the same environment, their own ports, supervised without restarts; the
 * ledger command group's state; the load split over several gateways.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { AssignerProtocol } from 'kafkajs';
import type { createKafka } from '@coin/kafka';
import { freePort, type ProcessStack, waitForReady } from '../../scripts/stack/processes';
import { repoRoot, serviceNodeArgs } from '../../scripts/stack/services';
import { Supervisor } from '../../scripts/stack/supervisor';
import type { LedgerGroupState } from './scale-out-report';

/** How long an extra instance may take to answer /readyz, and to stop gracefully. */
const readyTimeoutMs = 90_000;
export const stopGraceMs = 20_000;

export type Role = 'gateway' | 'ledger';

/** A gateway or ledger beyond the stack's own: the same environment, its own port. */
export interface Extra {
  label: string;
  role: Role;
  url: string;
  /** Its /readyz and /metrics (METRICS_PORT). */
  metricsUrl: string;
  supervisor: Supervisor;
}

const portVariable: Record<Role, string> = { gateway: 'GATEWAY_PORT', ledger: 'LEDGER_HTTP_PORT' };

export async function startExtra(stack: ProcessStack, role: Role, label: string, logDir: string, exits: string[]): Promise<Extra> {
  const port = await freePort();
  const metricsPort = await freePort();
  const log = createWriteStream(join(logDir, `${label}.log`), { flags: 'a' });
  const note = (line: string) => log.write(`--- ${new Date().toISOString()} ${line}\n`);
  const supervisor = new Supervisor({
    name: label,
    spec: {
      command: process.execPath,
      args: [...serviceNodeArgs[role], '--import', 'tsx', join(repoRoot, `services/${role}/src/main.ts`)],
      cwd: repoRoot,
      env: { ...process.env, ...stack.env(role), [portVariable[role]]: String(port), METRICS_PORT: String(metricsPort) },
    },
    // A crash is a finding of the run, not something to paper over with a restart.
    restart: false,
    log: note,
    onSpawn: (child) => {
      note(`start pid ${child.pid}`);
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    },
    onUnexpectedExit: (exit) => exits.push(`${label} (pid ${exit.pid}) exited on its own: code ${exit.code}, signal ${exit.signal}`),
  });
  const child = supervisor.start();
  const url = `http://127.0.0.1:${port}`;
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  await waitForReady(metricsUrl, readyTimeoutMs, { isAlive: () => supervisor.child === child && supervisor.isRunning() });
  return { label, role, url, metricsUrl, supervisor };
}

/** The ledger command group: its state and, per member, the command partitions it was assigned. */
export async function ledgerGroup(admin: ReturnType<ReturnType<typeof createKafka>['admin']>, groupId: string): Promise<LedgerGroupState> {
  const { groups } = await admin.describeGroups([groupId]);
  const group = groups[0];
  if (!group) return { state: 'unknown', members: [] };
  return {
    state: group.state,
    members: group.members.map((m) => {
      const assignment = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
      const partitions = Object.values(assignment?.assignment ?? {})
        .flat()
        .sort((a, b) => a - b);
      return { clientHost: m.clientHost, partitions };
    }),
  };
}

/** Waits until the group is Stable with `members` members that hold every partition between them. */
export async function waitForLedgerGroup(
  admin: Parameters<typeof ledgerGroup>[0],
  groupId: string,
  members: number,
  timeoutMs: number,
): Promise<LedgerGroupState> {
  const deadline = Date.now() + timeoutMs;
  let last = await ledgerGroup(admin, groupId);
  while (Date.now() < deadline) {
    if (last.state === 'Stable' && last.members.length === members && last.members.every((m) => m.partitions.length > 0)) return last;
    await new Promise((r) => setTimeout(r, 500));
    last = await ledgerGroup(admin, groupId);
  }
  throw new Error(`ledger group ${groupId} did not settle at ${members} members: ${JSON.stringify(last)}`);
}

/** Connections split evenly: the first gateways get the remainder, one each. */
export function split(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}
