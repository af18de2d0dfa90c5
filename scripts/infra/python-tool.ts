/**
 * A pinned Python command-line tool from PyPI in a project-local virtual environment,
 * `.tools/<name>-venv` (gitignored), the same way on every machine: `python3 -m venv`, then pip
 * installs the one pinned version. Idempotent: a venv that already has the pinned version is used
 * as it is. Python 3 and its venv module come from apt-get when they are missing and we are root
 * (as scripts/infra installs Redis and PostgreSQL). Schemathesis (scripts/contract),
 * kubernetes-validate and hadolint (scripts/deploy) are installed this way, and so is a library a
 * test runs with the venv's python (the Standard Webhooks verifier, test/harness/standard-webhooks-python.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { aptInstall, isRoot, type Log, rel, repoRoot, run, tail, which } from './common';

export interface PythonToolSpec {
  /** The PyPI package, which is also the command's name unless `command` says otherwise (a library's: see `module`). */
  name: string;
  /** The command the package installs, when it is not named as the package. */
  command?: string;
  /** The pinned release; change it in one place, the venv is rebuilt on the next run. */
  version: string;
  /** Whether `<command> --version` printed this version (each tool prints it its own way), or a library's probe did. */
  versionMatches: (output: string) => boolean;
  /**
   * Set for a library, which has no command: the module its users import. `bin()` is then the
   * venv's python, and the probe imports the module and prints the package's installed version.
   */
  module?: string;
  /**
   * Further pinned packages (`name==version`) installed with it in the same venv: the companions
   * whose version changes the tool's output (a formatter it calls) or a test's (the libraries a
   * script imports). Part of what the venv is checked against: change one, the venv is rebuilt.
   */
  requirements?: readonly string[];
  /** The venv's folder name under .tools, `<venv>-venv` (default: the package's name). */
  venv?: string;
}

export interface PythonTool {
  venvDir: string;
  /** The pinned command, or the venv's python for a library. */
  bin(): string;
  /** The path of the pinned command, installing it first when needed. */
  ensure(log?: Log): Promise<string>;
}

/** One installer at a time across processes (two test runs may start together). */
export async function withLock<T>(lockDir: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock older than the wait is a crashed installer's.
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > waitMs) fs.rmSync(lockDir, { recursive: true, force: true });
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

/** python3 with a working venv module (Debian splits it into python3-venv), installed if missing. */
async function python(tool: string, log: Log): Promise<string> {
  const hasVenv = async (bin: string) => (await run(bin, ['-c', 'import venv, ensurepip'])).code === 0;
  const found = which('python3');
  if (found && (await hasVenv(found))) return found;
  if (!isRoot()) {
    throw new Error(
      `${tool} needs python3 with its venv module, and we are not root to install them: apt-get install -y python3 python3-venv`,
    );
  }
  await aptInstall(['python3', 'python3-venv'], log);
  const installed = which('python3');
  if (!installed || !(await hasVenv(installed)))
    throw new Error('apt-get installed python3 and python3-venv, but python3 -m venv still fails');
  return installed;
}

export function pythonTool(spec: PythonToolSpec): PythonTool {
  const venvDir = path.join(repoRoot, '.tools', `${spec.venv ?? spec.name}-venv`);
  const pins = [`${spec.name}==${spec.version}`, ...(spec.requirements ?? [])];
  /** What the marker holds: the tool's version alone when it has no companions (as venvs built before them have it). */
  const markerText = spec.requirements?.length ? pins.join(' ') : spec.version;
  /** Written last, once pip succeeded: a venv without it is a half-built one and is rebuilt. */
  const markerFile = path.join(venvDir, 'installed-version');
  const command = spec.command ?? spec.name;
  const bin = () => path.join(venvDir, 'bin', spec.module ? 'python' : command);
  // A script of the venv whose first line names its interpreter: the command's own, pip's for a library.
  const script = path.join(venvDir, 'bin', spec.module ? 'pip' : command);
  const versionProbe = spec.module
    ? ['-c', `import ${spec.module}, importlib.metadata; print(importlib.metadata.version(${JSON.stringify(spec.name)}))`]
    : ['--version'];
  const isReady = () => {
    try {
      // A venv's scripts name the interpreter by the path it was built at: one built elsewhere (a
      // worktree sharing .tools through a link, a moved checkout) has files that no longer run.
      const interpreter = (fs.readFileSync(script, 'utf8').split('\n', 1)[0] ?? '').replace(/^#!/, '').trim();
      const builtHere =
        fs.existsSync(interpreter) && fs.realpathSync(path.dirname(interpreter)) === fs.realpathSync(path.join(venvDir, 'bin'));
      return fs.readFileSync(markerFile, 'utf8').trim() === markerText && builtHere;
    } catch {
      return false;
    }
  };
  const ensure = async (log: Log = () => {}): Promise<string> => {
    if (isReady()) return bin();
    return withLock(`${venvDir}.lock`, 10 * 60_000, async () => {
      if (isReady()) return bin();
      const python3 = await python(spec.name, log);
      log(`creating ${rel(venvDir)} with ${pins.join(', ')} from PyPI`);
      // A venv is not relocatable (its scripts name their own path), so it is built in place;
      // the marker written last tells a complete one from an interrupted one.
      fs.rmSync(venvDir, { recursive: true, force: true });
      const venv = await run(python3, ['-m', 'venv', venvDir]);
      if (venv.code !== 0) throw new Error(`python3 -m venv ${rel(venvDir)} failed:\n${tail(venv.stderr || venv.stdout)}`);
      const pip = await run(
        path.join(venvDir, 'bin', 'python'),
        ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', ...pins],
        { env: { ...process.env, PIP_REQUIRE_VIRTUALENV: '1' } },
      );
      if (pip.code !== 0) throw new Error(`pip install ${pins.join(' ')} failed:\n${tail(pip.stderr || pip.stdout)}`);
      const version = await run(bin(), versionProbe);
      if (version.code !== 0 || !spec.versionMatches(version.stdout)) {
        throw new Error(`the installed ${spec.name} does not run: ${tail(version.stderr || version.stdout)}`);
      }
      fs.writeFileSync(markerFile, `${markerText}\n`);
      return bin();
    });
  };
  return { venvDir, bin, ensure };
}

/** The CLI entry of a tool module: prints the command's path, installing it first. */
export function printToolPath(tool: PythonTool, tag: string): void {
  tool
    .ensure((line) => process.stderr.write(`[${tag}] ${line}\n`))
    .then(
      (bin) => process.stdout.write(`${bin}\n`),
      (err: unknown) => {
        process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 1;
      },
    );
}
