/**
 * Custom resources against the openAPIV3Schema of their CustomResourceDefinition, the way the API
 * server treats them under `kubectl apply` (field validation Strict, kubectl's default): the
 * apiVersion must be a version the CRD serves, and not a deprecated one; types, enums, bounds and
 * required fields hold; and a field the schema does not declare is an error, except under
 * `x-kubernetes-preserve-unknown-fields` (a structural schema prunes, so strict validation refuses,
 * every undeclared field). metadata is checked against the usual ObjectMeta fields, as the API
 * server does for every resource. Not evaluated: the CEL rules (`x-kubernetes-validations`) and
 * string formats. Ajv does the JSON Schema work.
 *
 * A CRD version comes either as its schema (the YAML) or as that schema already compiled by Ajv
 * into a validator, as a registry package may ship it (see compiledCheck for how such a validator,
 * which accepts undeclared fields, is made to refuse them).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/**
 * A CRD version's openAPIV3Schema compiled by Ajv (standalone code): the Ajv errors of a resource
 * (metadata left out), or null when it passes. Like the schema, it declares no additionalProperties.
 */
export type CompiledSchema = (resource: Obj) => ErrorObject[] | null;

export interface Crd {
  group: string;
  kind: string;
  /** `<plural>.<group>`, the CRD's name. */
  name: string;
  versions: Array<{
    name: string;
    served: boolean;
    deprecated: boolean;
    deprecationWarning?: string;
    schema: Obj | undefined;
    compiled?: CompiledSchema;
  }>;
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

/** A JSON pointer segment, as Ajv writes instancePath. */
const pointerSegment = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

interface ReadRecord {
  path: string;
  object: Obj;
  read: Set<string>;
}

/**
 * The value behind proxies that note, for each object the validator descends into, the fields it
 * reads. Proxies are made lazily, so the fields under an undeclared one are never visited.
 */
function readTracked(value: unknown, path: string, records: ReadRecord[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  const record: ReadRecord = { path, object: value as Obj, read: new Set() };
  if (!Array.isArray(value)) records.push(record);
  const children = new Map<string, unknown>();
  return new Proxy(value as Obj, {
    get(target, key, receiver) {
      if (typeof key !== 'string') return Reflect.get(target, key, receiver);
      record.read.add(key);
      if (!Object.hasOwn(target, key)) return Reflect.get(target, key, receiver);
      if (!children.has(key)) children.set(key, readTracked(target[key], `${path}/${pointerSegment(key)}`, records));
      return children.get(key);
    },
  });
}

/**
 * A resource against a compiled schema, strictly. Ajv's code for `properties` reads every declared
 * field of an object (to test whether it is present) and, for a map (`additionalProperties` with a
 * schema), every field there is; it reads none of an object that declares no properties (free-form,
 * as under x-kubernetes-preserve-unknown-fields). So a field of an object the validator read any
 * field of, but not this one, is one the schema does not declare: an unknown field, as
 * strictSchemaOf makes it for a schema. This relies on how Ajv compiles `properties`; the tests
 * of a known unknown field guard it. A declared field whose schema checks nothing (`{}`) gets no
 * code, so it would be reported unknown: a false alarm, never a silent pass.
 */
export function compiledCheck(compiled: CompiledSchema, resource: Obj): string[] {
  const { metadata: _metadata, ...rest } = resource;
  const records: ReadRecord[] = [];
  const errors = compiled(readTracked(rest, '', records) as Obj) ?? [];
  const unknown = records.flatMap(({ path, object, read }) =>
    read.size === 0
      ? []
      : Object.keys(object)
          .filter((key) => !read.has(key))
          .map((key) => `${path || '/'}: unknown field "${key}"`),
  );
  return [...errors.map(describeError), ...unknown];
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
  let validateMetadata: ValidateFunction | undefined;
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
    if (at.compiled) {
      validateMetadata ??= ajv.compile({ type: 'object', required: ['metadata'], properties: { metadata: objectMetaSchema } });
      const problems = [
        ...(validateMetadata(resource) ? [] : (validateMetadata.errors ?? []).map(describeError)),
        ...compiledCheck(at.compiled, resource),
      ];
      if (problems.length === 0 && !at.deprecated) result.passed.push(id);
      for (const p of problems) result.problems.push(`${id}: ${p}`);
      continue;
    }
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
