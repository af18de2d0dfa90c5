import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './generate-client';

/*
 * The committed OpenAPI document (libs/client/openapi.json, what GET /openapi.json serves) linted
 * with Spectral's `spectral:oas` ruleset, as .spectral.yaml extends it: no warning, no error. A
 * rule the document does not follow is overridden in .spectral.yaml with the reason, never here.
 */
interface SpectralResult {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

const severities = ['error', 'warning', 'information', 'hint'];

function spectralLint(document: string): SpectralResult[] {
  const cli = require.resolve('@stoplight/spectral-cli/dist/index.js');
  const result = spawnSync(
    process.execPath,
    [cli, 'lint', '--ruleset', join(repoRoot, '.spectral.yaml'), '--format', 'json', '--quiet', '--fail-severity', 'hint', document],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // Exit 1 only says that something was found; the findings are the JSON on stdout.
  if (result.status !== 0 && result.status !== 1) throw new Error(`spectral failed (${result.status}):\n${result.stderr}`);
  const text = result.stdout.trim();
  return text === '' ? [] : (JSON.parse(text) as SpectralResult[]);
}

describe('the OpenAPI document under Spectral (spectral:oas, .spectral.yaml)', () => {
  it('then libs/client/openapi.json has no warning and no error', () => {
    const findings = spectralLint('libs/client/openapi.json').map(
      (r) => `${severities[r.severity] ?? r.severity} ${r.code} at ${r.path.join('.')}: ${r.message}`,
    );
    expect(findings).toEqual([]);
  }, 60_000);
});
