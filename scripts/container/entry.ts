// The container image's one entry point: `<image> gateway|user|ledger|history|webhooks|monitoring|migrate|dev-jwt-key|dev-service-keys`,
// and the operator commands `<image> audit|rebuild|dlq|redrive|restore-rewind|admin [args...]`.
// Runs under tini (PID 1 forwards SIGTERM; node then drains and exits, see runUntilSignalled).
import { spawn } from 'node:child_process';
import { createPublicKey, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { isFileEnvKey } from '@coin/config';
import { positionalArgs, UsageError } from '../cli-args';
import { runMigrate } from '../migrate';
import { generateAuditCheckpointKey, generateJwtKey, generateServiceKeys, monitoringCommandKeyId, trustedKeysOf } from '../stack/keys';

/** Each service's process entry, as its package exports it (`./main`). */
const services = {
  gateway: '@coin/gateway/main',
  user: '@coin/user/main',
  ledger: '@coin/ledger/main',
  history: '@coin/history/main',
  webhooks: '@coin/webhooks/main',
  monitoring: '@coin/monitoring/main',
} as const;

/**
 * The operator CLIs, as `npm run <script>` runs them in a checkout (package.json): the same files
 * (in scripts/, compiled in the image, TypeScript under tsx), their own flags after the command
 * (`<image> redrive --topic coin.transactions`).
 */
export const operatorCommands = {
  audit: 'audit',
  rebuild: 'history-rebuild',
  // `<image> dlq list`, `<image> dlq show --topic T`: npm run dlq:list and dlq:show.
  dlq: 'inspect-dlq',
  redrive: 'redrive-dlq',
  'restore-rewind': 'restore-rewind',
  admin: 'admin',
} as const;

/** An operator CLI's file, compiled (`.js`) beside this compiled entry point, TypeScript beside this `.ts` one. */
export function operatorScriptPath(script: string): string {
  return join(__dirname, '..', `${script}${extname(__filename)}`);
}

export const entryCommands = [
  ...Object.keys(services),
  'migrate',
  'dev-jwt-key',
  'dev-service-keys',
  ...Object.keys(operatorCommands),
] as const;

/**
 * `<KEY>_FILE=/path` sets the secret `<KEY>` (isFileEnvKey: every secret, the trusted token keys of the ledger and monitoring and the
 * callers' public service keys) from that file when `<KEY>` itself is unset (the Docker secrets convention): a
 * multi-line PEM is easier to mount than to put in an env var. Other `_FILE` variables are left alone: they belong
 * to other tools.
 */
export function resolveFileEnv(env: NodeJS.ProcessEnv, read: (path: string) => string = (p) => readFileSync(p, 'utf8')): void {
  for (const [name, path] of Object.entries(env)) {
    if (!name.endsWith('_FILE') || !path) continue;
    const key = name.slice(0, -'_FILE'.length);
    if (!isFileEnvKey(key)) continue;
    if (env[key] === undefined || env[key] === '') env[key] = read(path);
  }
}

/** Development only (compose): writes a fresh Ed25519 signing key to `path` unless one is there. */
function devJwtKey(path: string | undefined): void {
  if (!path) throw new Error('usage: dev-jwt-key <file>');
  const existing = existsSync(path);
  const key = existing ? { kid: 'compose-dev', privateKeyPem: readFileSync(path, 'utf8') } : generateJwtKey('compose-dev');
  if (!existing) writeFileSync(path, key.privateKeyPem, { mode: 0o600 });
  // The public half, as the ledger trusts it for commands' proofs (AUTHORITY_PUBLIC_KEYS_FILE).
  writeFileSync(`${path}.authority.json`, trustedKeysOf(key), { mode: 0o644 });
  console.log(`dev-jwt-key: ${existing ? 'kept' : 'wrote'} ${path}, wrote ${path}.authority.json`);
}

/** Development only (compose): writes a fresh gateway CACHE_MAC_SECRET (32 random bytes, base64url) to `path` unless one is there. */
function devCacheMacSecret(path: string): void {
  if (existsSync(path)) {
    console.log(`dev-jwt-key: ${path} exists, kept`);
    return;
  }
  writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600 });
  console.log(`dev-jwt-key: wrote ${path}`);
}

/**
 * Development only (compose): the service-token keys (docs/operations/procedures.md "Service keys") in `dir`:
 * each service's private key (`gateway.pem`, `history.pem`, `user.pem`, `ledger.pem`,
 * `webhooks.pem`, `monitoring.pem`), made once and kept (a volume from an older release gets the ones it lacks);
 * each callee's callers (`callers-<service>.json`, SERVICE_TOKEN_PUBLIC_KEYS) and the audit log's
 * writers (`audit-signers.json`, the history service's AUDIT_SIGNER_PUBLIC_KEYS), written again
 * from the kept keys on every run; the audit checkpoint key and the webhooks service's
 * WEBHOOKS_ENCRYPTION_SECRET (`webhooks-encryption-secret`).
 */
export function devServiceKeys(dir: string | undefined): void {
  if (!dir) throw new Error('usage: dev-service-keys <directory>');
  // The audit checkpoint key is kept once made: checkpoints it signed must still verify.
  if (!existsSync(join(dir, 'audit-checkpoint.pem'))) {
    writeFileSync(join(dir, 'audit-checkpoint.pem'), generateAuditCheckpointKey(), { mode: 0o600 });
    console.log(`dev-service-keys: wrote ${join(dir, 'audit-checkpoint.pem')}`);
  }
  // Kept once made too: it seals the endpoints' signing secrets, which another key cannot open.
  const webhooksSecret = join(dir, 'webhooks-encryption-secret');
  if (!existsSync(webhooksSecret)) {
    writeFileSync(webhooksSecret, randomBytes(32).toString('base64url'), { mode: 0o600 });
    console.log(`dev-service-keys: wrote ${webhooksSecret}`);
  }
  const fresh = generateServiceKeys();
  const services = Object.keys(fresh) as Array<keyof typeof fresh>;
  for (const service of services) {
    const file = join(dir, `${service}.pem`);
    if (existsSync(file)) continue;
    writeFileSync(file, fresh[service].privateKeyPem, { mode: 0o600 });
    console.log(`dev-service-keys: wrote ${file}`);
  }
  const publicOf = (service: keyof typeof fresh) =>
    createPublicKey(readFileSync(join(dir, `${service}.pem`), 'utf8'))
      .export({ type: 'spki', format: 'pem' })
      .toString();
  const keysOf = (...names: Array<keyof typeof fresh>) => JSON.stringify(Object.fromEntries(names.map((n) => [n, publicOf(n)])));
  writeFileSync(join(dir, 'callers-user.json'), keysOf('gateway', 'ledger', 'user', 'webhooks', 'monitoring'));
  writeFileSync(join(dir, 'callers-ledger.json'), keysOf('gateway', 'history', 'user', 'ledger'));
  writeFileSync(join(dir, 'callers-history.json'), keysOf('gateway'));
  writeFileSync(join(dir, 'callers-webhooks.json'), keysOf('gateway'));
  writeFileSync(join(dir, 'callers-monitoring.json'), keysOf('gateway'));
  writeFileSync(join(dir, 'audit-signers.json'), keysOf('gateway', 'user', 'ledger', 'webhooks', 'monitoring'));
  // The monitoring service signs its freezes with monitoring.pem; the ledger trusts this (docs/operations/procedures.md "Monitoring command key").
  writeFileSync(
    join(dir, 'monitoring-commands.json'),
    JSON.stringify([{ kid: monitoringCommandKeyId, publicKeyPem: publicOf('monitoring') }]),
  );
  console.log(`dev-service-keys: ${dir} has its keys; callers and audit signers written`);
}

/**
 * Runs an operator CLI as a child node process (with this one's node flags: `--conditions=compiled`
 * in the image, `--import tsx` in a checkout), stdin, stdout and
 * stderr passed through (`echo pw | docker run -i <image> admin ... --password-stdin`), SIGTERM
 * and SIGINT forwarded; resolves with its exit code, so each CLI keeps its own codes and messages.
 */
export function runOperatorCommand(script: string, args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, operatorScriptPath(script), ...args], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', forward).on('SIGINT', forward);
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(err);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGINT', forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
}

const usage = `usage: <image> ${entryCommands.join('|')} (dev-jwt-key <file> [<cache MAC secret file> [<MFA secret key file>]]; dev-service-keys <directory>; audit, rebuild, dlq, redrive, restore-rewind and admin take their own flags)`;

async function main(argv: string[]): Promise<void> {
  const operator = argv[0];
  if (operator && Object.hasOwn(operatorCommands, operator)) {
    resolveFileEnv(process.env);
    process.exit(await runOperatorCommand(operatorCommands[operator as keyof typeof operatorCommands], argv.slice(1)));
  }
  const [command, ...args] = positionalArgs(argv, 3, usage);
  if (command !== 'dev-jwt-key' && command !== 'dev-service-keys' && args.length > 0)
    throw new UsageError(`${command} takes no arguments\n${usage}`);
  resolveFileEnv(process.env);
  if (command && Object.hasOwn(services, command)) {
    // A service's main starts it on load and installs its own signal handlers.
    require(services[command as keyof typeof services]);
    return;
  }
  if (command === 'migrate') {
    await runMigrate();
    process.exit(0);
  }
  if (command === 'dev-jwt-key') {
    devJwtKey(args[0]);
    if (args[1]) devCacheMacSecret(args[1]);
    // The user service's MFA_ENCRYPTION_SECRET (docs/DESIGN.md "Admin sign-in"): also 32 random bytes, made once.
    if (args[2]) devCacheMacSecret(args[2]);
    return;
  }
  if (command === 'dev-service-keys') return devServiceKeys(args[0]);
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
