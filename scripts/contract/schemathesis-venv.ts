/**
 * Schemathesis (the OpenAPI contract checker, a Python tool) in a project-local virtual
 * environment, `.tools/schemathesis-venv` (gitignored), the same way on every machine: `python3 -m
 * venv`, then pip installs the one pinned version from PyPI. Idempotent: a venv that already has
 * the pinned version is used as it is. Python 3 and its venv module come from apt-get when they
 * are missing and we are root (as scripts/infra installs Redis and PostgreSQL).
 *
 *   npx tsx scripts/contract/schemathesis-venv.ts   # prints the path of the schemathesis command
 */
import type { Log } from '../infra/common';
import { printToolPath, pythonTool } from '../infra/python-tool';

/** The pinned release (PyPI); change it here only, the venv is rebuilt on the next run. */
export const schemathesisVersion = '4.32.5';
const tool = pythonTool({ name: 'schemathesis', version: schemathesisVersion, versionMatches: (out) => out.includes(schemathesisVersion) });
export const venvDir = tool.venvDir;

export function schemathesisBin(): string {
  return tool.bin();
}

/** The path of the pinned `schemathesis` command, installing it first when needed. */
export function ensureSchemathesis(log: Log = () => {}): Promise<string> {
  return tool.ensure(log);
}

if (require.main === module) printToolPath(tool, 'schemathesis');
