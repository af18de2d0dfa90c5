import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxBacklogMetricName, outboxSetAsideMetricName } from '@coin/db';
import { httpDurationMetricName } from '@coin/http';
import { kafkaMetricNames } from '@coin/kafka';
import { configurationDoc, renderConfigReference, withCurrentReference } from '../../scripts/docs/config-reference';
import { configuredWorkloads, envKeysOf } from '../../scripts/docs/config-schemas';
import { headingAnchors } from '../../scripts/docs/citations';
import { readYaml, registeredMetrics, repoRoot, type Obj } from './manifests';
import { alertsFile, defaultDocsBaseUrl, docsBaseUrl, promtoolTestsFile, withRunbookUrls } from './prometheus-rule';

const libMetricNames = [httpDurationMetricName, outboxBacklogMetricName, outboxSetAsideMetricName, ...Object.values(kafkaMetricNames)];
const codeMetricNames = [...registeredMetrics().keys()];

const operationsDoc = join(repoRoot, 'docs/OPERATIONS.md');
/** A runbook link: a section of OPERATIONS.md (the runbooks) or of a page of docs/operations/. */
const runbookLink = /^docs\/(OPERATIONS|operations\/[a-z]+)\.md#([\w-]+)$/;

describe('docs/OPERATIONS.md and docs/operations/', () => {
  const doc = readFileSync(configurationDoc, 'utf8');
  const observability = readFileSync(join(repoRoot, 'docs/operations/observability.md'), 'utf8');

  it('when the configuration reference is generated from the schemas, then the document already holds exactly that block', () => {
    // On failure: npx tsx scripts/docs/config-reference.ts --write
    expect(withCurrentReference(doc)).toBe(doc);
    const reference = renderConfigReference();
    for (const workload of configuredWorkloads) {
      for (const key of envKeysOf(workload)) expect(reference).toContain(`\`${key}\``);
    }
  });

  it('when the document lost its markers, then the generator refuses instead of appending', () => {
    expect(() => withCurrentReference('# Operations\nno markers here\n')).toThrow(/lacks the markers/);
  });

  it('when the metrics table is read, then it names every metric the code registers', () => {
    for (const name of codeMetricNames) expect(observability).toContain(`\`${name}\``);
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  const alerts = readYaml(join(repoRoot, 'deploy/prometheus/alerts.yml'));
  const allRules = (alerts.groups as Obj[]).flatMap((g) => g.rules as Obj[]);
  const rules = allRules.filter((r) => r.alert !== undefined);
  const recordingRules = allRules.filter((r) => r.alert === undefined);

  it('when parsed, then every rule has a name, an expression, a severity, a summary, a description, a row in OPERATIONS.md and a runbook link (runbook_url too, absolute) to a heading of the operations docs', () => {
    expect(rules.length).toBeGreaterThan(5);
    const base = docsBaseUrl();
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^Coin[A-Za-z]+$/),
        expr: expect.any(String),
        labels: { severity: expect.stringMatching(/^(page|ticket)$/) },
      });
      expect(rule.annotations.summary).toEqual(expect.any(String));
      // runbook_url is the name Alertmanager's and Grafana's templates look for, and they open it
      // as it is: the docs base URL (DOCS_BASE_URL) and the section's path; runbook stays for the rules' readers.
      expect({ alert: rule.alert, runbook_url: rule.annotations.runbook_url }).toEqual({
        alert: rule.alert,
        runbook_url: `${base}/${rule.annotations.runbook}`,
      });
      expect(new URL(rule.annotations.runbook_url).protocol).toBe('https:');
      const [, page, anchor] = runbookLink.exec(rule.annotations.runbook) ?? [];
      expect({ alert: rule.alert, page }).toEqual({ alert: rule.alert, page: expect.any(String) });
      expect(headingAnchors(readFileSync(join(repoRoot, 'docs', `${page}.md`), 'utf8'))).toContain(anchor);
      expect(readFileSync(operationsDoc, 'utf8')).toContain(`| ${rule.alert} |`);
    }
  });

  it('when an alert fires, then its description names the series it fired for: every label its expression keeps (by …)', () => {
    for (const rule of rules) {
      const description = String(rule.annotations.description ?? '');
      const kept = new Set([...String(rule.expr).matchAll(/\bby \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(/,\s*/)));
      kept.delete('le');
      const missing = [...kept].filter((label) => !description.includes(`$labels.${label}`));
      expect({ alert: rule.alert, description: description.length > 20, missing }).toEqual({
        alert: rule.alert,
        description: true,
        missing: [],
      });
    }
  });

  it('when the runbook URLs are generated from DOCS_BASE_URL, then alerts.yml and the promtool tests already hold them', () => {
    // On failure: npx tsx test/deploy/prometheus-rule.ts --write (with the DOCS_BASE_URL the files were made with).
    for (const file of [alertsFile, promtoolTestsFile]) {
      const text = readFileSync(file, 'utf8');
      expect(withRunbookUrls(text, docsBaseUrl())).toBe(text);
    }
    expect(docsBaseUrl({})).toBe(defaultDocsBaseUrl);
    expect(docsBaseUrl({ DOCS_BASE_URL: 'https://github.com/acme/coin/blob/main/' })).toBe('https://github.com/acme/coin/blob/main');
    for (const bad of ['docs/', 'http://docs.internal', 'https://docs.example.com/x#y', 'not a url'])
      expect(() => docsBaseUrl({ DOCS_BASE_URL: bad })).toThrow(/DOCS_BASE_URL must be/);
    expect(() => withRunbookUrls('      runbook_url: x\n', 'https://a.example')).toThrow(/without a runbook/);
  });

  it('when the recording rules are read, then each is named level:metric:operation with the coin: level, and is recording or alerting, never both', () => {
    expect(recordingRules.length).toBeGreaterThan(0);
    for (const rule of recordingRules) {
      expect(rule).toEqual({ record: expect.stringMatching(/^coin:[a-z_]+:[a-z0-9_]+$/), expr: expect.any(String) });
    }
    expect(new Set(allRules.map((r) => r.alert ?? r.record)).size).toBe(allRules.length);
  });

  it('when the rules are read, then each metric the libs export is used by at least one of them', () => {
    const text = JSON.stringify(rules);
    for (const name of libMetricNames) expect({ name, used: text.includes(name) }).toEqual({ name, used: true });
  });
});
