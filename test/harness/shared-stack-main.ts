/**
 * The process of one shared test stack (./stack.ts): started by a jest worker's test environment
 * (./shared-stack-environment.cjs) with the stack's options in COIN_TEST_STACK_OPTIONS, it starts
 * the stack, sends what a test file needs of it over the IPC channel, and keeps it until the
 * worker lets it go or exits (the channel closes either way) or the run's teardown tells it to stop
 * (SIGTERM): then it removes the stack's topics and schemas and exits, its services with it
 * (./own-stack.ts: a worker's stack's close mutes their logs and stops none of them one by one).
 */
import type { StackDescription, TestStackOptions } from './stack';
import { startOwnStack } from './own-stack';

export type SharedStackMessage = { description: StackDescription } | { error: string };

async function main(): Promise<void> {
  const options = JSON.parse(process.env.COIN_TEST_STACK_OPTIONS ?? '{}') as TestStackOptions;
  const send = (message: SharedStackMessage) => process.send?.(message);
  let stack: Awaited<ReturnType<typeof startOwnStack>>;
  try {
    stack = await startOwnStack(options, 'worker');
  } catch (err) {
    send({ error: (err as Error).stack ?? String(err) });
    process.exit(1);
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stack
      .close()
      .catch((err: unknown) => process.stderr.write(`[test] shared stack ${stack.prefix}: stop failed: ${(err as Error).message}\n`))
      .finally(() => process.exit(0));
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const { whileLedgerStopped: _restart, close: _close, ...description } = stack;
  send({ description });
  // A worker that died before this process was up left no channel to close.
  if (!process.connected) stop();
}

void main();
