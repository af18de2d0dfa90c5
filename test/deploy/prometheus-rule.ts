// deploy/k8s/components/monitoring/prometheus-rule.yaml is deploy/prometheus/alerts.yml wrapped in a
// PrometheusRule: its `groups:` block, comments included, indented under `spec:`. test/deploy fails
// while the file differs from this rendering. After editing alerts.yml:
//   npx tsx test/deploy/prometheus-rule.ts --write
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
export const alertsFile = join(repoRoot, 'deploy/prometheus/alerts.yml');
export const prometheusRuleFile = join(repoRoot, 'deploy/k8s/components/monitoring/prometheus-rule.yaml');

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
  const next = renderPrometheusRule(readFileSync(alertsFile, 'utf8'));
  if (process.argv.includes('--write')) {
    writeFileSync(prometheusRuleFile, next);
    console.log(`written: ${prometheusRuleFile}`);
  } else {
    process.stdout.write(next);
  }
}
