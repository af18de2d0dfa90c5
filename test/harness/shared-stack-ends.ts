import { readdirSync, rmSync } from 'node:fs';
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

/**
 * Waits until the run's shared stacks have stopped: each removes its topics and schemas as it
 * ends, and the run's clean-up must not delete them under services still stopping. Their workers
 * have ended, so each one's channel is closed and it is stopping already. Bounded: a stack that
 * does not end in time is left to the teardown's removal of the run's prefix.
 */
export async function sharedStacksEnded(runId: string): Promise<void> {
  const directory = pidDirectory(runId);
  let pids: number[];
  try {
    pids = readdirSync(directory).map(Number).filter(Number.isInteger);
  } catch {
    return; // no shared stack in this run
  }
  const deadline = Date.now() + scaledBound(30_000);
  while (pids.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(directory, { recursive: true, force: true });
}
