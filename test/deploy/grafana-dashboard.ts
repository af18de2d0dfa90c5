// deploy/k8s/components/monitoring/grafana-dashboard.yaml is deploy/grafana/coin-ledger.json in a
// ConfigMap for Grafana's dashboard sidecar (kube-prometheus-stack's: the label grafana_dashboard
// "1"). test/deploy fails while the file differs from this rendering. After editing the dashboard:
//   npx tsx test/deploy/grafana-dashboard.ts --write
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
export const dashboardFile = join(repoRoot, 'deploy/grafana/coin-ledger.json');
export const dashboardConfigMapFile = join(repoRoot, 'deploy/k8s/components/monitoring/grafana-dashboard.yaml');

const header = `# GENERATED from deploy/grafana/coin-ledger.json by \`npx tsx test/deploy/grafana-dashboard.ts --write\`:
# edit the dashboard, never this file (test/deploy checks the two hold the same dashboard).
# Grafana's dashboard sidecar (kube-prometheus-stack: grafana.sidecar.dashboards) loads every
# ConfigMap labelled grafana_dashboard: "1" in the namespaces it searches; this one lives in the
# app's namespace, so the sidecar needs searchNamespace: ALL (or this namespace) (docs/operations/observability.md "Dashboard").
apiVersion: v1
kind: ConfigMap
metadata:
  name: coin-ledger-dashboard
  labels:
    app.kubernetes.io/name: coin-ledger
    grafana_dashboard: "1"
data:
  coin-ledger.json: |-
`;

/** The ConfigMap text for the dashboard's JSON text: the file as it is, as a literal block. */
export function renderDashboardConfigMap(dashboardText: string): string {
  const body = dashboardText
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '' : `    ${line}`))
    .join('\n');
  return `${header}${body}\n`;
}

if (require.main === module) {
  const next = renderDashboardConfigMap(readFileSync(dashboardFile, 'utf8'));
  if (process.argv.includes('--write')) {
    writeFileSync(dashboardConfigMapFile, next);
    console.log(`written: ${dashboardConfigMapFile}`);
  } else {
    process.stdout.write(next);
  }
}
