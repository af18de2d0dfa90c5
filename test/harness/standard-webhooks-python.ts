/**
 * The official Python verifier of Standard Webhooks (PyPI `standardwebhooks`, pinned) in a
 * project-local virtual environment, `.tools/standardwebhooks-venv` (gitignored), made the first
 * time the way Schemathesis's is (scripts/infra/python-tool.ts: `python3 -m venv`, then pip
 * installs the pinned version) and used as it is after. A test hands it the deliveries a receiver
 * captured, with the secret the API returned, and reads back which of them verified: what an
 * integrator's Python receiver would conclude.
 */
import * as path from 'node:path';
import { type Log, run, tail } from '../../scripts/infra/common';
import { pythonTool } from '../../scripts/infra/python-tool';

/** The pinned release (PyPI); change it here only, the venv is rebuilt on the next run. */
export const standardWebhooksPythonVersion = '1.1.0';
const tool = pythonTool({
  name: 'standardwebhooks',
  module: 'standardwebhooks',
  version: standardWebhooksPythonVersion,
  versionMatches: (out) => out.trim() === standardWebhooksPythonVersion,
});
const script = path.join(__dirname, 'verify_standard_webhooks.py');

/** One delivery as received: the raw body, its headers, and the secret to verify it with. */
export interface CapturedDelivery {
  /** Names the delivery in the results. */
  name: string;
  body: string;
  headers: Record<string, string>;
  secret: string;
}

export interface PythonVerification {
  name: string;
  verified: boolean;
  /** Why the library refused it (its exception), when it did. */
  error?: string;
}

/** The venv's python with the pinned library, installing it first when needed. */
export function ensureStandardWebhooksPython(log: Log = () => {}): Promise<string> {
  return tool.ensure(log);
}

/** Each delivery as the PyPI library's `Webhook(secret).verify(body, headers)` judges it. */
export async function verifyWithPython(deliveries: readonly CapturedDelivery[]): Promise<PythonVerification[]> {
  const python = await ensureStandardWebhooksPython();
  const result = await run(python, [script], { input: JSON.stringify(deliveries) });
  if (result.code !== 0) throw new Error(`${path.basename(script)} exited ${result.code}:\n${tail(result.stderr || result.stdout)}`);
  return JSON.parse(result.stdout) as PythonVerification[];
}
