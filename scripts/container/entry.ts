// The container image's one entry point: `<image> gateway|user|ledger|history|migrate|dev-jwt-key`.
// Runs under tini (PID 1 forwards SIGTERM; node then drains and exits, see runUntilSignalled).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isSecretEnvKey } from '@coin/config';
import { positionalArgs, UsageError } from '../cli-args';
import { runMigrate } from '../migrate';
import { generateJwtKey } from '../stack/keys';

/** Each service's process entry, as its package exports it (`./main`). */
const services = {
  gateway: '@coin/gateway/main',
  user: '@coin/user/main',
  ledger: '@coin/ledger/main',
  history: '@coin/history/main',
} as const;

export const entryCommands = [...Object.keys(services), 'migrate', 'dev-jwt-key'] as const;

/**
 * `<KEY>_FILE=/path` sets the secret `<KEY>` (isSecretEnvKey) from that file when `<KEY>` itself
 * is unset (the Docker secrets convention): a multi-line PEM is easier to mount than to put in
 * an env var. Other `_FILE` variables are left alone: they belong to other tools.
 */
export function resolveFileEnv(env: NodeJS.ProcessEnv, read: (path: string) => string = (p) => readFileSync(p, 'utf8')): void {
  for (const [name, path] of Object.entries(env)) {
    if (!name.endsWith('_FILE') || !path) continue;
    const key = name.slice(0, -'_FILE'.length);
    if (!isSecretEnvKey(key)) continue;
    if (env[key] === undefined || env[key] === '') env[key] = read(path);
  }
}

/** Development only (compose): writes a fresh Ed25519 signing key to `path` unless one is there. */
function devJwtKey(path: string | undefined): void {
  if (!path) throw new Error('usage: dev-jwt-key <file>');
  if (existsSync(path)) {
    console.log(`dev-jwt-key: ${path} exists, kept`);
    return;
  }
  writeFileSync(path, generateJwtKey('compose-dev').privateKeyPem, { mode: 0o600 });
  console.log(`dev-jwt-key: wrote ${path}`);
}

const usage = `usage: <image> ${entryCommands.join('|')} (dev-jwt-key <file>)`;

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = positionalArgs(argv, 2, usage);
  if (command !== 'dev-jwt-key' && args.length > 0) throw new UsageError(`${command} takes no arguments\n${usage}`);
  resolveFileEnv(process.env);
  if (command && Object.hasOwn(services, command)) {
    // A service's main.ts starts it on load and installs its own signal handlers.
    require(services[command as keyof typeof services]);
    return;
  }
  if (command === 'migrate') {
    await runMigrate();
    process.exit(0);
  }
  if (command === 'dev-jwt-key') return devJwtKey(args[0]);
  throw new UsageError(usage);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    if (err instanceof UsageError) {
      // 64: EX_USAGE (sysexits.h), what this entry point has always answered to a wrong command.
      console.error(err.message);
      process.exit(64);
    }
    console.error(err);
    process.exit(1);
  });
}
