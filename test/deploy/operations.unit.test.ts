import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxBacklogMetricName, outboxSetAsideMetricName } from '@coin/db';
import { httpDurationMetricName } from '@coin/http';
import { kafkaMetricNames } from '@coin/kafka';
import { configurationDoc, renderConfigReference, withCurrentReference } from '../../scripts/docs/config-reference';
import { configuredWorkloads, envKeysOf } from '../../scripts/docs/config-schemas';
import { headingAnchors } from '../../scripts/docs/citations';
import { readYaml, registeredMetrics, repoRoot, type Obj } from './manifests';

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

  it('when parsed, then every rule has a name, an expression, a severity, a summary, a row in OPERATIONS.md and a runbook link (runbook_url too) to a heading of the operations docs', () => {
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^Coin[A-Za-z]+$/),
        expr: expect.any(String),
        labels: { severity: expect.stringMatching(/^(page|ticket)$/) },
      });
      expect(rule.annotations.summary).toEqual(expect.any(String));
      // runbook_url is the name Alertmanager's and Grafana's templates look for; runbook stays for the rules' readers.
      expect({ alert: rule.alert, runbook_url: rule.annotations.runbook_url }).toEqual({
        alert: rule.alert,
        runbook_url: rule.annotations.runbook,
      });
      const [, page, anchor] = runbookLink.exec(rule.annotations.runbook) ?? [];
      expect({ alert: rule.alert, page }).toEqual({ alert: rule.alert, page: expect.any(String) });
      expect(headingAnchors(readFileSync(join(repoRoot, 'docs', `${page}.md`), 'utf8'))).toContain(anchor);
      expect(readFileSync(operationsDoc, 'utf8')).toContain(`| ${rule.alert} |`);
    }
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
