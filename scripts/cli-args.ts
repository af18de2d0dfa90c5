/**
 * Command-line parsing for every CLI under scripts/, bench/ and test/chaos/: `node:util`
 * parseArgs in strict mode, so an unknown flag, a flag without its value or an unexpected
 * positional argument is refused instead of silently ignored, with the command's usage line
 * after the reason. `--help` (or `-h`) anywhere before a `--` prints the usage line on stdout and
 * exits 0 before the command does anything, so every CLI can be asked how to call it.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Wrong arguments: the message says which and ends with the usage line; callers exit non-zero. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** True when `args` ask for the usage line: `--help` or `-h` before any `--` terminator. */
export function helpRequested(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** On `--help`: the usage line on stdout and exit 0, before the command parses or does anything else. */
function answerHelp(args: readonly string[], usage: string): void {
  if (!helpRequested(args)) return;
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

/**
 * `parseArgs(config)` with `strict: true`; any parse failure becomes a UsageError naming `usage`.
 * `--help` answers with `usage` and exits (see the top of this file).
 */
export function parseCliArgs<T extends Omit<ParseArgsConfig, 'strict'>>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  answerHelp(config.args ?? process.argv.slice(2), usage);
  try {
    return parseArgs<T>({ ...config, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${usage}`);
  }
}

/**
 * A whole-number argument (`--wait-ms 5000`, a positional count): `fallback` when absent,
 * a UsageError when it is not an integer of at least `min`.
 */
export function integerArg(text: string | undefined, name: string, fallback: number, usage: string, min = 1): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${name} must be an integer of at least ${min} (got '${text}')\n${usage}`);
  }
  return value;
}

/** Positional arguments only (a command, a count…), at most `countMax` of them; no flags but `--help`. */
export function positionalArgs(args: string[], countMax: number, usage: string): string[] {
  answerHelp(args, usage);
  const { positionals } = parseCliArgs({ args, options: {}, allowPositionals: true }, usage);
  if (positionals.length > countMax) {
    throw new UsageError(
      `at most ${countMax} argument${countMax === 1 ? '' : 's'}, got ${positionals.length}: ${positionals.join(' ')}\n${usage}`,
    );
  }
  return positionals;
}

/** For a CLI's top level: `parse()`, or, on a UsageError, its message on stderr and exit code 2. */
export function argsOrExit<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}
