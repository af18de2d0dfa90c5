import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { scaledBound } from './machine-speed';

/** The run's shared stacks' process ids, noted by ./shared-stack-environment.cjs. */
function pidDirectory(runId: string): string {
  return join(__dirname, '..', '..', '.run', 'shared-stacks', runId);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is still a shared stack's process (./shared-stack-main.ts), not another that took its id. */
function isSharedStack(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('shared-stack-main');
  } catch {
    return false;
  }
}

/**
 * Waits until the run's shared stacks have stopped: each removes its topics and schemas as it
 * ends, and the run's clean-up must not remove them at the same time. Each is told
 * to stop (SIGTERM, which it handles as the end of its channel): a worker that ended closed its
 * stacks' channels already, but a run in band (one file, or `-i`) kept them in jest's own process,
 * whose channels stay open until it exits, after this teardown: they waited out the whole bound and
 * then had their topics removed under them. Bounded: a stack that does not end in time is left to
 * the teardown's removal of the run's prefix.
 */
export async function sharedStacksEnded(runId: string): Promise<void> {
  const directory = pidDirectory(runId);
  let pids: number[];
  try {
    pids = readdirSync(directory).map(Number).filter(Number.isInteger);
  } catch {
    return; // no shared stack in this run
  }
  for (const pid of pids.filter(isSharedStack)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // ended meanwhile
    }
  }
  const deadline = Date.now() + scaledBound(30_000);
  while (pids.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(directory, { recursive: true, force: true });
}
