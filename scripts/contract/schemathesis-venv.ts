/**
 * Schemathesis (the OpenAPI contract checker, a Python tool) in a project-local virtual
 * environment, `.tools/schemathesis-venv` (gitignored), the same way on every machine: `python3 -m
 * venv`, then pip installs the one pinned version from PyPI. Idempotent: a venv that already has
 * the pinned version is used as it is. Python 3 and its venv module come from apt-get when they
 * are missing and we are root (as scripts/infra installs Redis and PostgreSQL).
 *
 *   npx tsx scripts/contract/schemathesis-venv.ts   # prints the path of the schemathesis command
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { aptInstall, isRoot, type Log, rel, repoRoot, run, tail, which } from '../infra/common';

/** The pinned release (PyPI); change it here only, the venv is rebuilt on the next run. */
export const schemathesisVersion = '4.32.5';
export const venvDir = path.join(repoRoot, '.tools', 'schemathesis-venv');
/** Written last, once pip succeeded: a venv without it is a half-built one and is rebuilt. */
const markerFile = path.join(venvDir, 'installed-version');
const lockDir = `${venvDir}.lock`;
const lockWaitMs = 10 * 60_000;

export function schemathesisBin(): string {
  return path.join(venvDir, 'bin', 'schemathesis');
}

function installedVersion(): string | undefined {
  try {
    return fs.readFileSync(markerFile, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function isReady(): boolean {
  return installedVersion() === schemathesisVersion && fs.existsSync(schemathesisBin());
}

/** python3 with a working venv module (Debian splits it into python3-venv), installed if missing. */
async function python(log: Log): Promise<string> {
  const hasVenv = async (bin: string) => (await run(bin, ['-c', 'import venv, ensurepip'])).code === 0;
  const found = which('python3');
  if (found && (await hasVenv(found))) return found;
  if (!isRoot()) {
    throw new Error(
      'Schemathesis needs python3 with its venv module, and we are not root to install them: apt-get install -y python3 python3-venv',
    );
  }
  await aptInstall(['python3', 'python3-venv'], log);
  const installed = which('python3');
  if (!installed || !(await hasVenv(installed)))
    throw new Error('apt-get installed python3 and python3-venv, but python3 -m venv still fails');
  return installed;
}

/** One installer at a time across processes (two test runs may start together). */
async function withLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock older than the wait is a crashed installer's.
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > lockWaitMs) fs.rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${rel(lockDir)} is held by another installer for too long`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** The path of the pinned `schemathesis` command, installing it first when needed. */
export async function ensureSchemathesis(log: Log = () => {}): Promise<string> {
  if (isReady()) return schemathesisBin();
  return withLock(async () => {
    if (isReady()) return schemathesisBin();
    const python3 = await python(log);
    log(`creating ${rel(venvDir)} with schemathesis ${schemathesisVersion} from PyPI`);
    // A venv is not relocatable (its scripts name their own path), so it is built in place;
    // the marker written last tells a complete one from an interrupted one.
    fs.rmSync(venvDir, { recursive: true, force: true });
    const venv = await run(python3, ['-m', 'venv', venvDir]);
    if (venv.code !== 0) throw new Error(`python3 -m venv ${rel(venvDir)} failed:\n${tail(venv.stderr || venv.stdout)}`);
    const pip = await run(
      path.join(venvDir, 'bin', 'python'),
      ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', `schemathesis==${schemathesisVersion}`],
      { env: { ...process.env, PIP_REQUIRE_VIRTUALENV: '1' } },
    );
    if (pip.code !== 0) throw new Error(`pip install schemathesis==${schemathesisVersion} failed:\n${tail(pip.stderr || pip.stdout)}`);
    const version = await run(schemathesisBin(), ['--version']);
    if (version.code !== 0 || !version.stdout.includes(schemathesisVersion)) {
      throw new Error(`the installed schemathesis does not run: ${tail(version.stderr || version.stdout)}`);
    }
    fs.writeFileSync(markerFile, `${schemathesisVersion}\n`);
    return schemathesisBin();
  });
}

if (require.main === module) {
  ensureSchemathesis((line) => process.stderr.write(`[schemathesis] ${line}\n`)).then(
    (bin) => process.stdout.write(`${bin}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
