// The alert rules' generated parts, in one place:
// - every alert's runbook_url: DOCS_BASE_URL (the address the repository's files are read at, one
//   setting) followed by its `runbook` annotation (the section's path in this repository), in
//   deploy/prometheus/alerts.yml and in the expected alerts of test/deploy/alerts.promtool.yml;
// - deploy/k8s/components/monitoring/prometheus-rule.yaml, which is alerts.yml wrapped in a
//   PrometheusRule: its `groups:` block, comments included, indented under `spec:`.
// test/deploy fails while a file differs from this rendering. After editing alerts.yml:
//   npx tsx test/deploy/prometheus-rule.ts --write
// or, for documents published elsewhere than the placeholder below:
//   DOCS_BASE_URL=https://github.com/<org>/<repo>/blob/main npx tsx test/deploy/prometheus-rule.ts --write
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
export const alertsFile = join(repoRoot, 'deploy/prometheus/alerts.yml');
export const promtoolTestsFile = join(__dirname, 'alerts.promtool.yml');
export const prometheusRuleFile = join(repoRoot, 'deploy/k8s/components/monitoring/prometheus-rule.yaml');

/**
 * DOCS_BASE_URL when unset: a placeholder, as this repository names no public address for its
 * documents. An operator sets it to where people read the repository's files (a forge's
 * `…/blob/<branch>` address, or a site serving docs/ as they are) and regenerates.
 */
export const defaultDocsBaseUrl = 'https://git.example.com/coin-ledger/blob/main';

/** The docs base URL of the alerts: an absolute https address without a trailing slash, query or fragment. */
export function docsBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.DOCS_BASE_URL || defaultDocsBaseUrl;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`DOCS_BASE_URL must be an absolute https address, not ${JSON.stringify(base)}`);
  }
  if (url.protocol !== 'https:' || url.search || url.hash)
    throw new Error(`DOCS_BASE_URL must be an https address without query or fragment, not ${JSON.stringify(base)}`);
  return base.replace(/\/+$/, '');
}

/**
 * A rules (or promtool test) file's text with each `runbook_url:` line set to `base` followed by the
 * `runbook:` line just above it at the same indentation; a runbook_url without one is an error.
 */
export function withRunbookUrls(text: string, base: string): string {
  const lines = text.split('\n');
  return lines
    .map((line, i) => {
      const url = /^(\s*)runbook_url:/.exec(line);
      if (!url) return line;
      const runbook = new RegExp(`^${url[1]}runbook: (docs/\\S+)$`).exec(lines[i - 1] ?? '');
      if (!runbook) throw new Error(`line ${i + 1}: runbook_url without a runbook: line just above it`);
      return `${url[1]}runbook_url: ${base}/${runbook[1]}`;
    })
    .join('\n');
}

const header = `# GENERATED from deploy/prometheus/alerts.yml by \`npx tsx test/deploy/prometheus-rule.ts --write\`:
# edit alerts.yml, never this file (test/deploy checks the two are the same rules).
# The label release: prometheus is what kube-prometheus-stack's default ruleSelector picks; patch it
# to match your Prometheus resource's ruleSelector (docs/operations/observability.md "Monitoring on Kubernetes").
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: coin-ledger
  labels:
    app.kubernetes.io/name: coin-ledger
    release: prometheus
spec:
`;

/** The PrometheusRule text for an alerts file's text: everything from its `groups:` line, indented by two spaces. */
export function renderPrometheusRule(alertsText: string): string {
  const lines = alertsText.split('\n');
  const start = lines.findIndex((line) => line.startsWith('groups:'));
  if (start < 0) throw new Error('alerts.yml has no top-level groups: line');
  const body = lines
    .slice(start)
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
  return `${header}${body.endsWith('\n') ? body : `${body}\n`}`;
}

if (require.main === module) {
  const base = docsBaseUrl();
  const alerts = withRunbookUrls(readFileSync(alertsFile, 'utf8'), base);
  const outputs: Array<[string, string]> = [
    [alertsFile, alerts],
    [promtoolTestsFile, withRunbookUrls(readFileSync(promtoolTestsFile, 'utf8'), base)],
    [prometheusRuleFile, renderPrometheusRule(alerts)],
  ];
  if (process.argv.includes('--write')) {
    for (const [file, text] of outputs) writeFileSync(file, text);
    console.log(`written with DOCS_BASE_URL=${base}: ${outputs.map(([file]) => file).join(', ')}`);
  } else {
    process.stdout.write(renderPrometheusRule(alerts));
  }
}
