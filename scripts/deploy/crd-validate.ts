/**
 * Custom resources against the openAPIV3Schema of their CustomResourceDefinition, the way the API
 * server treats them under `kubectl apply` (field validation Strict, kubectl's default): the
 * apiVersion must be a version the CRD serves, and not a deprecated one; types, enums, bounds and
 * required fields hold; and a field the schema does not declare is an error, except under
 * `x-kubernetes-preserve-unknown-fields` (a structural schema prunes, so strict validation refuses,
 * every undeclared field). metadata is checked against the usual ObjectMeta fields, as the API
 * server does for every resource. Not evaluated: the CEL rules (`x-kubernetes-validations`) and
 * string formats. Ajv does the JSON Schema work.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export interface Crd {
  group: string;
  kind: string;
  /** `<plural>.<group>`, the CRD's name. */
  name: string;
  versions: Array<{ name: string; served: boolean; deprecated: boolean; deprecationWarning?: string; schema: Obj | undefined }>;
}

/** The CRDs among parsed YAML documents (anything else is ignored). */
export function crdsOf(documents: Obj[]): Crd[] {
  return documents
    .filter((d) => d?.kind === 'CustomResourceDefinition' && String(d.apiVersion).startsWith('apiextensions.k8s.io/'))
    .map((d) => ({
      group: String(d.spec.group),
      kind: String(d.spec.names.kind),
      name: String(d.metadata.name),
      versions: ((d.spec.versions ?? []) as Obj[]).map((v) => ({
        name: String(v.name),
        served: v.served === true,
        deprecated: v.deprecated === true,
        deprecationWarning: v.deprecationWarning,
        schema: v.schema?.openAPIV3Schema,
      })),
    }));
}

/** The ObjectMeta fields a manifest may set (the rest are the server's). */
const objectMetaSchema: Obj = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' },
    generateName: { type: 'string' },
    namespace: { type: 'string', maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
    labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 63 } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    finalizers: { type: 'array', items: { type: 'string' } },
    ownerReferences: { type: 'array', items: { type: 'object' } },
  },
};

/**
 * A CRD version's openAPIV3Schema as a JSON Schema for Ajv: every object that declares no
 * additionalProperties and does not preserve unknown fields refuses undeclared ones; an
 * int-or-string without a type takes either; the root's metadata is ObjectMeta.
 */
export function strictSchemaOf(openApiSchema: Obj): Obj {
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!node || typeof node !== 'object') return node;
    const out: Obj = {};
    for (const [key, value] of Object.entries(node as Obj)) {
      if (key.startsWith('x-kubernetes-') || key === 'description') continue;
      out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Obj).map(([k, v]) => [k, convert(v)])) : convert(value);
    }
    const source = node as Obj;
    const preserves = source['x-kubernetes-preserve-unknown-fields'] === true;
    if (source.type === 'object' && !preserves && out.additionalProperties === undefined) out.additionalProperties = false;
    if (source['x-kubernetes-int-or-string'] === true && out.type === undefined && out.anyOf === undefined)
      out.anyOf = [{ type: 'integer' }, { type: 'string' }];
    return out;
  };
  const schema = convert(openApiSchema) as Obj;
  schema.properties = { ...(schema.properties ?? {}), metadata: objectMetaSchema };
  schema.required = [...new Set([...(schema.required ?? []), 'apiVersion', 'kind', 'metadata'])];
  return schema;
}

/** An Ajv error as a line: `<path>: <message>` (an undeclared field named). */
export function describeError(e: ErrorObject): string {
  const at = e.instancePath || '/';
  if (e.keyword === 'additionalProperties')
    return `${at}: unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'enum') return `${at}: ${e.message} (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`;
  return `${at}: ${e.message}`;
}

export interface CrdValidation {
  /** `Kind/name` of each resource validated against a CRD schema without a problem. */
  passed: string[];
  /** One line per problem: `Kind/name: …`. */
  problems: string[];
  /** Resources of an API group no given CRD defines (not validated here). */
  unmatched: Obj[];
}

/**
 * Each resource whose API group is one of the CRDs' groups, against the CRD of its kind at its
 * version. Other resources (built-in kinds, custom resources without a CRD here) are `unmatched`:
 * the caller decides what they may be.
 */
export function validateCustomResources(resources: Obj[], crds: Crd[]): CrdValidation {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ValidateFunction>();
  const result: CrdValidation = { passed: [], problems: [], unmatched: [] };
  const groups = new Set(crds.map((c) => c.group));
  for (const resource of resources) {
    const apiVersion = String(resource.apiVersion ?? '');
    const slash = apiVersion.lastIndexOf('/');
    const [group, version] = slash === -1 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
    const id = `${resource.kind}/${resource.metadata?.name}`;
    if (!groups.has(group)) {
      result.unmatched.push(resource);
      continue;
    }
    const crd = crds.find((c) => c.group === group && c.kind === resource.kind);
    if (!crd) {
      result.problems.push(
        `${id}: no kind ${resource.kind} in API group ${group} (kinds: ${crds
          .filter((c) => c.group === group)
          .map((c) => c.kind)
          .join(', ')})`,
      );
      continue;
    }
    const served = crd.versions.filter((v) => v.served);
    const at = served.find((v) => v.name === version);
    if (!at) {
      result.problems.push(
        `${id}: ${apiVersion} is not served by the CRD ${crd.name} (it serves ${served.map((v) => v.name).join(', ') || 'nothing'})`,
      );
      continue;
    }
    if (at.deprecated) result.problems.push(`${id}: ${apiVersion} is deprecated: ${at.deprecationWarning ?? 'see the CRD'}`);
    if (!at.schema) {
      result.problems.push(`${id}: the CRD ${crd.name} has no schema for ${version}`);
      continue;
    }
    const key = `${crd.name}@${version}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(strictSchemaOf(at.schema));
      compiled.set(key, validate);
    }
    if (validate(resource)) {
      if (!at.deprecated) result.passed.push(id);
    } else for (const e of validate.errors ?? []) result.problems.push(`${id}: ${describeError(e)}`);
  }
  return result;
}
