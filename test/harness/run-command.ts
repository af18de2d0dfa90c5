import { spawnSync } from 'node:child_process';

/**
 * Runs a command to completion and returns its stdout, or throws with both outputs: for the
 * packaging tests, which drive npm, node and tsc in a throwaway project (npm's audit and fund
 * notices off).
 */
export function runOrThrow(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
