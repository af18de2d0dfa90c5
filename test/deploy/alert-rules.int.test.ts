// The shipped alert rules (deploy/prometheus/alerts.yml) under `promtool test rules`, with the
// series of alerts.promtool.yml: each alert on a counter's increase stays quiet while its series
// sits at zero and fires on the first increment. promtool is Debian's (the prometheus package),
// installed with apt-get the first time as chromium and Redis are.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { aptInstall, isRoot, which } from '../../scripts/infra/common';

const repoRoot = join(__dirname, '..', '..');
const rulesFile = join(repoRoot, 'deploy', 'prometheus', 'alerts.yml');
const testsFile = join(__dirname, 'alerts.promtool.yml');

async function promtool(): Promise<string> {
  const found = which('promtool');
  if (found) return found;
  if (!isRoot())
    throw new Error("the alert rule tests need Debian's promtool and we are not root to install it: apt-get install -y prometheus");
  await aptInstall(['prometheus'], (line) => process.stderr.write(`[promtool] ${line}\n`));
  const installed = which('promtool');
  if (!installed) throw new Error('apt-get install prometheus finished but promtool is not on PATH');
  return installed;
}

interface Rule {
  alert?: string;
  expr: string;
}

/**
 * The alerts on events counted: the increase or rate of one counter (a `_total`, or a histogram's
 * `_count`) above a threshold. Ratios of two series (an error rate) are not events.
 */
function alertsOnCounters(): string[] {
  const rules = (parse(readFileSync(rulesFile, 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((g) => g.rules);
  return rules
    .filter((r) => r.alert && /\b(?:increase|rate)\(coin_\w+_(?:total|count)\b/.test(r.expr))
    .filter((r) => (r.expr.match(/\bcoin_\w+/g) ?? []).length === 1)
    .map((r) => r.alert!);
}

describe('alert rules under promtool test rules', () => {
  let bin: string;
  beforeAll(async () => {
    bin = await promtool();
  }, 300_000);

  it('when the shipped rules are evaluated over the test series, then every alert fires on the first increment and stays quiet at zero', () => {
    const run = spawnSync(bin, ['test', 'rules', testsFile], { encoding: 'utf8', cwd: __dirname });
    expect({ status: run.status, output: `${run.stdout}${run.stderr}`.trim() }).toEqual({
      status: 0,
      output: expect.stringMatching(/SUCCESS$/),
    });
  });

  it('when an alert watches a counter of failures, then alerts.promtool.yml shows it firing', () => {
    const tested = new Set([...readFileSync(testsFile, 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1]));
    const counted = alertsOnCounters();
    expect(counted.length).toBeGreaterThanOrEqual(9);
    expect(counted.filter((alert) => !tested.has(alert))).toEqual([]);
  });
});
