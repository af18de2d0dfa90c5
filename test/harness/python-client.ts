/**
 * The Python client (clients/python) as an integrator runs it: a project-local venv,
 * `.tools/coin-python-client-venv` (gitignored), with the client's dependencies pinned and the
 * official Standard Webhooks library (scripts/infra/python-tool.ts installs them from PyPI the
 * first time). The client itself is not installed there: it is imported from the working tree
 * (PYTHONPATH=clients/python), so a run always uses the files as they are.
 */
import * as path from 'node:path';
import { type Log, type RunResult, repoRoot, run, tail } from '../../scripts/infra/common';
import { pythonTool } from '../../scripts/infra/python-tool';
import { standardWebhooksPythonVersion } from './standard-webhooks-python';

/** The pins (PyPI); httpx's range is the generated package's (clients/python/pyproject.toml). */
export const httpxVersion = '0.28.1';
const tool = pythonTool({
  name: 'httpx',
  module: 'httpx',
  version: httpxVersion,
  venv: 'coin-python-client',
  requirements: ['attrs==26.1.0', 'python-dateutil==4.0.0', `standardwebhooks==${standardWebhooksPythonVersion}`],
  versionMatches: (out) => out.trim() === httpxVersion,
});

export const pythonClientDir = path.join(repoRoot, 'clients', 'python');

/** The venv's python, installing the pinned packages first when needed. */
export function ensureClientPython(log: Log = () => {}): Promise<string> {
  return tool.ensure(log);
}

/** Runs a Python script (or `-m module ...`) with the client importable, in clients/python; the answer as the process gave it. */
export async function runWithClient(args: readonly string[], env: Record<string, string> = {}): Promise<RunResult> {
  const python = await ensureClientPython();
  return run(python, args, {
    cwd: pythonClientDir,
    env: { PATH: process.env.PATH ?? '', PYTHONPATH: pythonClientDir, PYTHONDONTWRITEBYTECODE: '1', ...env },
  });
}

/** Fails with the script's output when it did not exit 0. */
export function expectExitZero(result: RunResult, what: string): void {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}:\n${tail(result.stderr || result.stdout)}`);
}
