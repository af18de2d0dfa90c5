/**
 * The CustomResourceDefinitions of a pinned Prometheus Operator release, as the npm package
 * `@kubernetes-models/prometheus-operator` carries them. The operator publishes its CRD YAML only
 * with its sources and release files; that package is built (its package.json `crd-generate`
 * input) from the release's `stripped-down-crds.yaml` (the CRDs without their descriptions): each
 * served version's openAPIV3Schema, apiVersion and kind pinned, compiled by Ajv into a standalone
 * validator. The schemas as data are not in the package, so crd-validate's compiledCheck makes
 * those validators strict.
 *
 * Pinned: the exact version in package.json, its tarball by package-lock.json's integrity (sha512),
 * and here the version and the release it was generated from, checked against the installed
 * package (fail closed when they differ). Used by test/deploy/crd-schemas.int.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CompiledSchema, Crd } from './crd-validate';

export const prometheusOperatorPackage = '@kubernetes-models/prometheus-operator';
/** Change with package.json and package-lock.json (npm install --save-dev --save-exact). */
export const prometheusOperatorPackageVersion = '5.0.1';
/** The release whose CRDs that version was generated from. */
export const prometheusOperatorRelease = 'v0.90.1';

const group = 'monitoring.coreos.com';

/** The release in the package's crd-generate input (`…/releases/download/<release>/stripped-down-crds.yaml`). */
export function releaseOfInput(inputs: unknown): string | undefined {
  const all = Array.isArray(inputs) ? inputs.map(String) : [];
  const releases = all.map((i) => /\/releases\/download\/(v\d+\.\d+\.\d+)\/stripped-down-crds\.yaml$/.exec(i)?.[1]);
  return releases.length === 1 ? releases[0] : undefined;
}

/** A kind's plural, the first part of its CRD's name (Prometheus → prometheuses, ServiceMonitor → servicemonitors). */
export const pluralOf = (kind: string) => `${kind.toLowerCase()}${kind.endsWith('s') ? 'es' : 's'}`;

interface ModelClass {
  kind: string;
  apiVersion: string;
  prototype: { validate(this: unknown): void };
}

const isModelClass = (value: unknown): value is ModelClass =>
  typeof value === 'function' &&
  typeof (value as Partial<ModelClass>).kind === 'string' &&
  typeof (value as Partial<ModelClass>).apiVersion === 'string' &&
  typeof (value as Partial<ModelClass>).prototype?.validate === 'function';

/** A model's validator as a CompiledSchema: it throws a ValidationError carrying Ajv's errors. */
function compiledOf(model: ModelClass): CompiledSchema {
  return (resource) => {
    try {
      model.prototype.validate.call(resource);
      return null;
    } catch (err) {
      const errors = (err as { errors?: unknown }).errors;
      if (Array.isArray(errors)) return errors;
      throw err;
    }
  };
}

/** Every kind the package models, with the versions it has a validator for (the ones its CRD serves). */
export async function prometheusOperatorCrds(): Promise<Crd[]> {
  // The package is ES modules exported under the `import` condition only: its files are imported
  // by path (under jest, transformed to CommonJS as jest.config.ts says).
  const manifestFile = require.resolve(`${prometheusOperatorPackage}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version?: string; 'crd-generate'?: { input?: unknown } };
  const release = releaseOfInput(manifest['crd-generate']?.input);
  if (manifest.version !== prometheusOperatorPackageVersion || release !== prometheusOperatorRelease)
    throw new Error(
      `${prometheusOperatorPackage} ${manifest.version} (from release ${release}) is installed; pinned ${prometheusOperatorPackageVersion} (from ${prometheusOperatorRelease}). Run npm ci.`,
    );
  const groupDir = join(dirname(manifestFile), group);
  const versions = readdirSync(groupDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const crds = new Map<string, Crd>();
  for (const version of versions) {
    const exported = (await import(join(groupDir, version, 'index.js'))) as Record<string, unknown>;
    const models = Object.values(exported).filter(isModelClass);
    for (const model of models) {
      if (model.apiVersion !== `${group}/${version}`) throw new Error(`${model.kind} in ${version}/ says ${model.apiVersion}`);
      const crd = crds.get(model.kind) ?? { group, kind: model.kind, name: `${pluralOf(model.kind)}.${group}`, versions: [] };
      crd.versions.push({ name: version, served: true, deprecated: false, schema: undefined, compiled: compiledOf(model) });
      crds.set(model.kind, crd);
    }
  }
  if (crds.size === 0) throw new Error(`${prometheusOperatorPackage}: no models found under ${groupDir}`);
  return [...crds.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}
