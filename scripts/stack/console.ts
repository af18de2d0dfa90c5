// The admin console's build (services/admin-console): Vite bundles it into its dist/www,
// which the gateway serves at /admin. `npm start` and `npm test` call ensureConsoleBuilt() during
// their set-up; it builds only when dist is missing or older than a source it is built from.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { argsOrExit, parseCliArgs } from '../cli-args';
import { repoRoot } from './services';

export const consoleDir = join(repoRoot, 'services', 'admin-console');
export const consoleDist = join(consoleDir, 'dist', 'www');
const builtMarker = join(consoleDist, 'index.html');

/** What the bundle is made of: the console's sources and config, and the client and the CSV writer it bundles from source. */
const sources = [
  join(consoleDir, 'src'),
  join(consoleDir, 'index.html'),
  join(consoleDir, 'vite.config.mts'),
  join(consoleDir, 'package.json'),
  join(repoRoot, 'libs', 'client', 'src'),
  join(repoRoot, 'libs', 'contracts', 'src', 'csv.ts'),
  join(repoRoot, 'package-lock.json'),
];

function newestMtimeMs(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtimeMs(join(path, name)));
  return newest;
}

/** True when dist/www/index.html exists and is newer than every source. */
export function consoleIsFresh(): boolean {
  if (!existsSync(builtMarker)) return false;
  const builtAt = statSync(builtMarker).mtimeMs;
  return sources.every((source) => newestMtimeMs(source) <= builtAt);
}

/** Runs `vite build` in the console's package on this Node (process.execPath), its output on ours prefixed. */
export function buildConsole(log: (message: string) => void): Promise<void> {
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: consoleDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        for (const line of output.trimEnd().split('\n').slice(-30)) log(`admin console build: ${line}`);
        reject(new Error(`the admin console build (vite build in services/admin-console) failed with exit ${code}`));
      }
    });
  });
}

/** Builds the console unless its dist is newer than its sources. */
export async function ensureConsoleBuilt(log: (message: string) => void): Promise<void> {
  if (consoleIsFresh()) {
    log('admin console: dist is up to date (services/admin-console/dist/www)');
    return;
  }
  const started = Date.now();
  log('admin console: building with Vite (services/admin-console -> dist/www)');
  await buildConsole(log);
  log(`admin console: built in ${Date.now() - started} ms`);
}

// `npm run console:build`: the same build, whatever the timestamps say.
if (require.main === module) {
  argsOrExit(() => parseCliArgs({ args: process.argv.slice(2), options: {} }, 'usage: npm run console:build'));
  buildConsole((message) => process.stdout.write(`${message}\n`)).then(
    () => process.stdout.write(`[console] built into ${consoleDist}\n`),
    (err: Error) => {
      process.stderr.write(`[console] ${err.message}\n`);
      process.exit(1);
    },
  );
}
