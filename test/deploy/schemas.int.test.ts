import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Document, parseAllDocuments } from 'yaml';
import {
  ensureKubernetesValidate,
  type KubernetesValidateReport,
  kubernetesValidateVersion,
  parseKubernetesValidateOutput,
  runKubernetesValidate,
} from '../../scripts/deploy/kubernetes-validate';
import {
  checkSchemaValidation,
  customResourceKinds,
  k8sDir,
  kustomizeBuildText,
  type Obj,
  overlayWith,
  sandboxComponents,
} from './manifests';

/** The Kubernetes release the manifests must validate against (its schemas are in the pinned wheel). */
const kubernetesVersion = '1.31.0';
const schemaVersion = '1.31';
const targets: Record<string, string> = {
  base: join(k8sDir, 'base'),
  dev: join(k8sDir, 'overlays', 'dev'),
  prod: join(k8sDir, 'overlays', 'prod'),
};

const docsOf = (text: string): Obj[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);

/** The rendered text with `change` applied to the one document of that kind and name (formatting kept). */
function editedCopy(text: string, edits: Array<{ kind: string; name: string; change: (doc: Document) => void }>): string {
  const docs = parseAllDocuments(text) as Document[];
  for (const edit of edits) {
    const doc = docs.find((d) => d.get('kind') === edit.kind && d.getIn(['metadata', 'name']) === edit.name);
    if (!doc) throw new Error(`no ${edit.kind} ${edit.name} in the rendered manifests`);
    edit.change(doc);
  }
  return docs.map((d) => d.toString({ directives: false })).join('---\n');
}

/** "a ×2, b ×1": how often each item occurs, in order of first occurrence. */
function counts(items: string[]): string {
  const n = new Map<string, number>();
  for (const item of items) n.set(item, (n.get(item) ?? 0) + 1);
  return [...n].map(([item, count]) => `${item} ×${count}`).join(', ');
}

/*
 * Strict schema validation of what `kubectl apply -k` would send: each overlay and the base,
 * rendered by kubectl kustomize, through kubernetes-validate (pinned, .tools/kubernetes-validate-venv,
 * schemas bundled in its wheel: no network) with --strict (unknown fields refused). Custom resources
 * have no schema there; the tool skips them with a warning and exit 0, so the test accounts for every
 * resource: validated, or skipped as one of the custom resource kinds of customResourceKinds.
 */
describe(`the Kubernetes manifests against the Kubernetes ${kubernetesVersion} JSON schemas (kubernetes-validate ${kubernetesValidateVersion} --strict)`, () => {
  let dir: string;
  const validate = async (name: string, text: string) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, text);
    const started = Date.now();
    const result = await runKubernetesValidate(file, kubernetesVersion);
    const report = parseKubernetesValidateOutput(result.output);
    return {
      ...result,
      report,
      ms: Date.now() - started,
      problems: checkSchemaValidation(docsOf(text), result.exitCode, report, schemaVersion),
    };
  };
  const summary = (report: KubernetesValidateReport) =>
    `validated: ${counts(report.passed.map((p) => p.kind))}; skipped (no schema): ${counts(report.skipped.map((s) => `${s.kind} ${s.apiVersion}`)) || 'none'}`;

  beforeAll(async () => {
    // Installed from PyPI into .tools/kubernetes-validate-venv the first time.
    await ensureKubernetesValidate((line) => process.stderr.write(`[kubernetes-validate] ${line}\n`));
    dir = mkdtempSync(join(tmpdir(), 'coin-k8s-schemas-'));
  }, 600_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(Object.keys(targets))(
    'when %s is rendered, then every resource validates strictly and only the custom resources are skipped',
    async (name) => {
      const result = await validate(name, kustomizeBuildText(targets[name]!));
      process.stderr.write(`${name}: ${result.command}: exit ${result.exitCode} in ${result.ms} ms\n  ${summary(result.report)}\n`);
      expect({ exitCode: result.exitCode, problems: result.problems }).toEqual({ exitCode: 0, problems: [] });
      expect(result.report.passed.length).toBeGreaterThan(0);
      if (name === 'prod') {
        // prod includes the three components: every custom resource kind is there, and skipped.
        const skipped = [...new Set(result.report.skipped.map((s) => `${s.kind} ${s.apiVersion}`))].sort();
        expect(skipped).toEqual(customResourceKinds.map((c) => `${c.kind} ${c.apiVersion}`).sort());
      }
    },
  );

  it('when prod is rendered with the sandbox components, then every resource, the sandbox ledger’s included, validates strictly', async () => {
    const overlay = overlayWith(targets.prod!, sandboxComponents);
    let text: string;
    try {
      text = kustomizeBuildText(overlay.dir);
    } finally {
      overlay.remove();
    }
    const result = await validate('prod-sandbox', text);
    expect({ exitCode: result.exitCode, problems: result.problems }).toEqual({ exitCode: 0, problems: [] });
    expect(result.report.passed.map((p) => `${p.kind}/${p.name}`)).toEqual(
      expect.arrayContaining(['deployment/sandbox-ledger', 'service/sandbox-ledger', 'networkpolicy/sandbox-ledger-egress']),
    );
  });

  it('when a copy of prod has replicas "two" and an unknown field in a container, then the tool exits non-zero naming both', async () => {
    const broken = editedCopy(kustomizeBuildText(targets.prod!), [
      { kind: 'Deployment', name: 'gateway', change: (d) => d.setIn(['spec', 'replicas'], 'two') },
      {
        kind: 'Deployment',
        name: 'ledger',
        change: (d) => d.setIn(['spec', 'template', 'spec', 'containers', 0, 'imagePullPolcy'], 'Always'),
      },
    ]);
    const result = await validate('prod-broken', broken);
    process.stderr.write(
      `prod, broken: exit ${result.exitCode}\n  ${result.report.failed.map((f) => `${f.kind}/${f.name}: ${f.message}`).join('\n  ')}\n`,
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.problems).toEqual([
      `deployment/gateway: spec.replicas: 'two' is not of type 'integer', 'null'`,
      `deployment/ledger: spec.template.spec.containers.0: Additional properties are not allowed ('imagePullPolcy' was unexpected)`,
    ]);
  });

  it('when a copy of prod has a misspelt kind or a wrong apiVersion, then the tool passes them as "no schema" but the check names each', async () => {
    const broken = editedCopy(kustomizeBuildText(targets.prod!), [
      { kind: 'Deployment', name: 'user', change: (d) => d.set('kind', 'Deploymnet') },
      { kind: 'Service', name: 'gateway', change: (d) => d.set('apiVersion', 'v2') },
      { kind: 'KafkaUser', name: 'coin-ledger-gateway', change: (d) => d.set('apiVersion', 'kafka.strimzi.io/v1beta2') },
    ]);
    const result = await validate('prod-misnamed', broken);
    process.stderr.write(`prod, misnamed kinds: exit ${result.exitCode}\n  ${result.problems.join('\n  ')}\n`);
    // The tool alone would let these through: a kind it has no schema for is a warning, exit 0.
    expect(result.exitCode).toBe(0);
    expect(result.problems.sort()).toEqual(
      [
        'deploymnet/user: not validated against a schema',
        'service/gateway: not validated against a schema',
        'kafkauser/coin-ledger-gateway: not validated against a schema',
        `kind Deploymnet (apiVersion apps/v1): skipped, no schema in Kubernetes ${schemaVersion}, and not one of customResourceKinds (a misspelt kind or apiVersion?)`,
        `kind Service (apiVersion v2): skipped, no schema in Kubernetes ${schemaVersion}, and not one of customResourceKinds (a misspelt kind or apiVersion?)`,
        `kind KafkaUser (apiVersion kafka.strimzi.io/v1beta2): skipped, no schema in Kubernetes ${schemaVersion}, and not one of customResourceKinds (a misspelt kind or apiVersion?)`,
      ].sort(),
    );
  });
});
