// The custom resources of the rendered overlays against the real CRD schemas of a pinned Strimzi
// release (scripts/deploy/strimzi-crds.ts: made from its Maven Central artifacts, pinned by sha256,
// cached in .tools/) and of a pinned Prometheus Operator release (scripts/deploy/prometheus-operator-crds.ts:
// compiled into an npm package pinned by package-lock's integrity) with strict field validation, as
// `kubectl apply` does on a cluster running those operators. kubernetes-validate
// (schemas.int.test.ts) skips custom resources; this covers them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { type Crd, crdsOf, validateCustomResources } from '../../scripts/deploy/crd-validate';
import { prometheusOperatorCrds, prometheusOperatorRelease } from '../../scripts/deploy/prometheus-operator-crds';
import { crdFiles, ensureStrimziCrds, strimziVersion } from '../../scripts/deploy/strimzi-crds';
import { customResourceKinds, k8sDir, kustomizeBuild, type Obj, overlayWith, readYamlDocs, sandboxComponents } from './manifests';

const targets: Record<string, string> = {
  dev: join(k8sDir, 'overlays', 'dev'),
  prod: join(k8sDir, 'overlays', 'prod'),
};

const idOf = (r: Obj) => `${r.kind}/${r.metadata?.name}`;
const isCustom = (r: Obj) => customResourceKinds.some((c) => c.kind === r.kind);

describe(`custom resources against the CRDs of Strimzi ${strimziVersion} and Prometheus Operator ${prometheusOperatorRelease} (strict field validation)`, () => {
  let crds: Crd[];
  beforeAll(async () => {
    // Maven fetches the two pinned jars and Strimzi's generator writes the CRDs the first time.
    await ensureStrimziCrds((line) => process.stderr.write(`[strimzi-crds] ${line}\n`));
    crds = [
      ...crdsOf(crdFiles().flatMap((f) => parseAllDocuments(readFileSync(f, 'utf8')).map((d) => d.toJS() as Obj))),
      ...(await prometheusOperatorCrds()),
    ];
  }, 600_000);

  it('when the CRDs are made, then KafkaTopic and KafkaUser serve kafka.strimzi.io/v1 only', () => {
    const served = (kind: string) =>
      crds
        .find((c) => c.kind === kind)
        ?.versions.filter((v) => v.served)
        .map((v) => v.name);
    expect({ KafkaTopic: served('KafkaTopic'), KafkaUser: served('KafkaUser') }).toEqual({ KafkaTopic: ['v1'], KafkaUser: ['v1'] });
  });

  it.each(Object.keys(targets))(
    'when %s is rendered, then every Strimzi and Prometheus Operator resource validates and none lacks a CRD',
    (name) => {
      const resources = kustomizeBuild(targets[name]!);
      const started = Date.now();
      const result = validateCustomResources(resources, crds);
      process.stderr.write(`${name}: ${result.passed.length} custom resources validated in ${Date.now() - started} ms\n`);
      expect(result.problems).toEqual([]);
      expect(result.passed).toEqual(resources.filter(isCustom).map(idOf));
      expect(result.unmatched.filter(isCustom).map(idOf)).toEqual([]);
      const strimzi = result.passed.filter((id) => id.startsWith('Kafka'));
      const prometheus = result.passed.filter((id) => /^(PrometheusRule|ServiceMonitor)\//.test(id));
      // prod: the one PrometheusRule and a ServiceMonitor per service (monitoring included).
      if (name === 'prod')
        expect([strimzi.length > 20, [...prometheus].sort()]).toEqual([
          true,
          [
            'PrometheusRule/coin-ledger',
            ...['gateway', 'history', 'ledger', 'monitoring', 'user', 'webhooks'].map((s) => `ServiceMonitor/${s}`),
          ],
        ]);
    },
  );

  it('when prod is rendered with the sandbox components, then its KafkaTopics, its KafkaUser, the patched gateway user and its ServiceMonitor validate too', () => {
    const overlay = overlayWith(targets.prod!, sandboxComponents);
    let resources: Obj[];
    try {
      resources = kustomizeBuild(overlay.dir);
    } finally {
      overlay.remove();
    }
    const result = validateCustomResources(resources, crds);
    expect(result.problems).toEqual([]);
    expect(result.passed).toEqual(resources.filter(isCustom).map(idOf));
    expect(result.passed).toEqual(
      expect.arrayContaining([
        'KafkaUser/coin-ledger-sandbox-ledger',
        'KafkaUser/coin-ledger-gateway',
        'KafkaTopic/sandbox-ledger.commands',
        'ServiceMonitor/sandbox-ledger',
      ]),
    );
  });

  it(`when the Prometheus Operator CRDs are loaded, then PrometheusRule and ServiceMonitor serve monitoring.coreos.com/v1 only (${prometheusOperatorRelease})`, () => {
    const served = (kind: string) =>
      crds
        .find((c) => c.group === 'monitoring.coreos.com' && c.kind === kind)
        ?.versions.filter((v) => v.served)
        .map((v) => v.name);
    expect({ PrometheusRule: served('PrometheusRule'), ServiceMonitor: served('ServiceMonitor') }).toEqual({
      PrometheusRule: ['v1'],
      ServiceMonitor: ['v1'],
    });
  });

  it('when a copy of prod has an unknown rule field, a string honorLabels and a v1beta1 ServiceMonitor, then each is named', () => {
    const resources = kustomizeBuild(targets.prod!);
    const find = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name)!;
    // `severity` belongs under the rule's labels; the API server would refuse it beside them.
    find('PrometheusRule', 'coin-ledger').spec.groups[0].rules[0].severity = 'page';
    find('ServiceMonitor', 'gateway').spec.endpoints[0].honorLabels = 'true';
    find('ServiceMonitor', 'history').apiVersion = 'monitoring.coreos.com/v1beta1';
    const result = validateCustomResources(resources, crds);
    expect(result.problems).toEqual([
      'PrometheusRule/coin-ledger: /spec/groups/0/rules/0: unknown field "severity"',
      'ServiceMonitor/gateway: /spec/endpoints/0/honorLabels: must be boolean',
      'ServiceMonitor/history: monitoring.coreos.com/v1beta1 is not served by the CRD servicemonitors.monitoring.coreos.com (it serves v1)',
    ]);
  });

  it('when the consuming-team KafkaUser template is read, then it validates too', () => {
    const template = readYamlDocs(join(k8sDir, 'templates', 'kafkauser-event-consumer.yaml'));
    const result = validateCustomResources(template, crds);
    expect(result).toEqual({ passed: template.map(idOf), problems: [], unmatched: [] });
  });

  it('when a copy of prod has a v1beta2 user, an unknown field, a misspelt operation and a string partition count, then each is named', () => {
    const resources = kustomizeBuild(targets.prod!);
    const find = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name)!;
    find('KafkaUser', 'coin-ledger-gateway').apiVersion = 'kafka.strimzi.io/v1beta2';
    find('KafkaTopic', 'ledger.commands').spec.retentionMs = 1000;
    find('KafkaUser', 'coin-ledger-history').spec.authorization.acls[0].operations = ['Reed'];
    find('KafkaTopic', 'coin.holds').spec.partitions = '6';
    const result = validateCustomResources(resources, crds);
    expect(result.problems).toEqual([
      'KafkaTopic/coin.holds: /spec/partitions: must be integer',
      'KafkaTopic/ledger.commands: /spec: unknown field "retentionMs"',
      'KafkaUser/coin-ledger-gateway: kafka.strimzi.io/v1beta2 is not served by the CRD kafkausers.kafka.strimzi.io (it serves v1)',
      'KafkaUser/coin-ledger-history: /spec/authorization/acls/0/operations/0: must be equal to one of the allowed values (Read, Write, Create, Delete, Alter, Describe, ClusterAction, AlterConfigs, DescribeConfigs, IdempotentWrite, All)',
    ]);
  });
});
