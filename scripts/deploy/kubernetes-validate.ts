/**
 * kubernetes-validate (a Python tool: Kubernetes manifests against the API's JSON schemas, which
 * its wheel bundles for each release, so validating needs no network) in a project-local virtual
 * environment, `.tools/kubernetes-validate-venv` (gitignored), the same way on every machine, as
 * scripts/contract/schemathesis-venv.ts installs Schemathesis: `python3 -m venv`, then pip installs
 * the one pinned version from PyPI. Idempotent: a venv that already has the pinned version is used
 * as it is. Python 3 and its venv module come from apt-get when they are missing and we are root.
 * Used by test/deploy/schemas.int.test.ts.
 *
 *   npx tsx scripts/deploy/kubernetes-validate.ts   # prints the path of the kubernetes-validate command
 */
import { type Log, run } from '../infra/common';
import { printToolPath, pythonTool } from '../infra/python-tool';

/** The pinned release (PyPI); change it here only, the venv is rebuilt on the next run. */
export const kubernetesValidateVersion = '1.37.0';
const tool = pythonTool({
  name: 'kubernetes-validate',
  version: kubernetesValidateVersion,
  versionMatches: (out) => out.trim() === kubernetesValidateVersion,
});
export const venvDir = tool.venvDir;

export function kubernetesValidateBin(): string {
  return tool.bin();
}

/** The path of the pinned `kubernetes-validate` command, installing it first when needed. */
export function ensureKubernetesValidate(log: Log = () => {}): Promise<string> {
  return tool.ensure(log);
}

export interface KubernetesValidateRun {
  exitCode: number;
  /** stdout and stderr: one line per resource (INFO passed, ERROR did not validate, WARN no schema). */
  output: string;
  /** The command as run, for messages. */
  command: string;
}

/**
 * `kubernetes-validate --strict --kubernetes-version <version> <file>` over a multi-document YAML
 * file: every resource against the bundled schema of its kind and apiVersion, unknown fields
 * refused (--strict). A kind with no bundled schema (a custom resource, or a typo) is not an error
 * for the tool: it prints a WARN line and exits 0, so callers must read the output (see
 * parseKubernetesValidateOutput).
 */
export async function runKubernetesValidate(file: string, kubernetesVersion: string, log: Log = () => {}): Promise<KubernetesValidateRun> {
  const bin = await ensureKubernetesValidate(log);
  // Options before the file names: the tool takes everything after the first file name as files.
  const args = ['--strict', '--kubernetes-version', kubernetesVersion, file];
  const result = await run(bin, args);
  return { exitCode: result.code, output: `${result.stdout}${result.stderr}`, command: `kubernetes-validate ${args.join(' ')}` };
}

export interface KubernetesValidateReport {
  /** Resources validated against a schema, as the tool names them: lower-case kind, name, and the schema version used. */
  passed: Array<{ kind: string; name: string; version: string }>;
  /** Resources that failed validation: lower-case kind, name, and the tool's message (path: reason). */
  failed: Array<{ kind: string; name: string; message: string }>;
  /** Resources skipped for want of a schema: their kind and apiVersion (the tool names no resource). */
  skipped: Array<{ kind: string; apiVersion: string }>;
  /** Any other line (a file it could not parse, a version it does not support…). */
  other: string[];
}

/** The tool's output (version 1.37.0's line formats, utils.validate_resource), line by line. */
export function parseKubernetesValidateOutput(output: string): KubernetesValidateReport {
  const report: KubernetesValidateReport = { passed: [], failed: [], skipped: [], other: [] };
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const passed = /^INFO \S+ passed for resource ([^/\s]+)\/(\S+) against version (\S+)$/.exec(line);
    if (passed) {
      report.passed.push({ kind: passed[1]!, name: passed[2]!, version: passed[3]! });
      continue;
    }
    const failed = /^ERROR \S+ did not validate for resource ([^/\s]+)\/(\S+) against version \S+: (.*)$/.exec(line);
    if (failed) {
      report.failed.push({ kind: failed[1]!, name: failed[2]!, message: failed[3]! });
      continue;
    }
    const skipped = /^WARN \S+ Couldn't find schema for kind (\S+) with api version (\S+) for kubernetes version \S+$/.exec(line);
    if (skipped) {
      report.skipped.push({ kind: skipped[1]!, apiVersion: skipped[2]! });
      continue;
    }
    report.other.push(line);
  }
  return report;
}

if (require.main === module) printToolPath(tool, 'kubernetes-validate');
