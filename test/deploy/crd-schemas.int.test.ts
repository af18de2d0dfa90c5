// The custom resources of the rendered overlays against the real CRD schemas of a pinned Strimzi
// release (scripts/deploy/strimzi-crds.ts: made from its Maven Central artifacts, pinned by sha256,
// cached in .tools/) with strict field validation, as `kubectl apply` does on a cluster running
// that operator. kubernetes-validate (schemas.int.test.ts) skips custom resources; this covers them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { type Crd, crdsOf, validateCustomResources } from '../../scripts/deploy/crd-validate';
import { crdFiles, ensureStrimziCrds, strimziVersion } from '../../scripts/deploy/strimzi-crds';
import { customResourceKinds, k8sDir, kustomizeBuild, type Obj, readYamlDocs } from './manifests';

const targets: Record<string, string> = {
  dev: join(k8sDir, 'overlays', 'dev'),
  prod: join(k8sDir, 'overlays', 'prod'),
};

/**
 * Custom resource kinds no registry serves the CRD of (see docs/OPERATIONS.md "Kubernetes"): the
 * Prometheus operator publishes its CRDs only with its Go sources and its release files. They are
 * checked elsewhere (the PrometheusRule against deploy/prometheus/alerts.yml and promtool); here
 * they are the only custom resources allowed to go unvalidated.
 */
const withoutPinnedCrd = ['monitoring.coreos.com/v1 PrometheusRule', 'monitoring.coreos.com/v1 ServiceMonitor'];

const idOf = (r: Obj) => `${r.kind}/${r.metadata?.name}`;
const isCustom = (r: Obj) => customResourceKinds.some((c) => c.kind === r.kind);

describe(`custom resources against the CRDs of Strimzi ${strimziVersion} (strict field validation)`, () => {
  let crds: Crd[];
  beforeAll(async () => {
    // Maven fetches the two pinned jars and Strimzi's generator writes the CRDs the first time.
    await ensureStrimziCrds((line) => process.stderr.write(`[strimzi-crds] ${line}\n`));
    crds = crdsOf(crdFiles().flatMap((f) => parseAllDocuments(readFileSync(f, 'utf8')).map((d) => d.toJS() as Obj)));
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
    'when %s is rendered, then every Strimzi resource validates and only the Prometheus ones lack a CRD',
    (name) => {
      const resources = kustomizeBuild(targets[name]!);
      const started = Date.now();
      const result = validateCustomResources(resources, crds);
      process.stderr.write(`${name}: ${result.passed.length} custom resources validated in ${Date.now() - started} ms\n`);
      expect(result.problems).toEqual([]);
      const strimzi = resources.filter((r) => String(r.apiVersion).startsWith('kafka.strimzi.io/')).map(idOf);
      expect(result.passed).toEqual(strimzi);
      const unvalidated = [...new Set(result.unmatched.filter(isCustom).map((r) => `${r.apiVersion} ${r.kind}`))].sort();
      expect(unvalidated).toEqual(name === 'prod' ? withoutPinnedCrd : []);
      if (name === 'prod') expect(strimzi.length).toBeGreaterThan(20);
    },
  );

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
