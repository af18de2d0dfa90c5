#!/usr/bin/env node
import { runCoinCommand, UsageError, usage } from './command';

/** The `coin` executable: the command line and environment in, lines out; Ctrl-C (or SIGTERM) stops `listen`. */
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
process.once('SIGTERM', () => stop.abort());
/** Standard input whole, for a secret piped in; null from a terminal, which is never waited on. */
async function readStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

runCoinCommand(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`), stop.signal, readStdin).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`coin: ${err.message}\n\n${usage}\n`);
      process.exit(2);
    }
    process.stderr.write(`coin: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
