// Loading and checking the deployment files (docker-compose.yml, deploy/k8s): the checks return
// problems as strings, so tests assert [] on the real files and non-empty on broken copies.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { isSecretEnvKey } from '@coin/config';
import { configuredWorkloads, envKeysOf, type ConfiguredWorkload } from '../../scripts/docs/config-schemas';

export const repoRoot = join(__dirname, '..', '..');
export const k8sDir = join(repoRoot, 'deploy/k8s');
export const appImage = 'coin-ledger';
export const configMapName = 'coin-ledger-config';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export function readYaml(path: string): Obj {
  return parse(readFileSync(path, 'utf8'), { merge: true }) as Obj;
}

export function readYamlDocs(path: string): Obj[] {
  return parseAllDocuments(readFileSync(path, 'utf8'), { merge: true })
    .map((d) => {
      if (d.errors.length > 0) throw new Error(`${path}: ${d.errors.map((e) => e.message).join('; ')}`);
      return d.toJS() as Obj | null;
    })
    .filter((d): d is Obj => d !== null);
}

export function which(binary: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function workloadOf(name: string): ConfiguredWorkload {
  const workload = configuredWorkloads.find((w) => w.name === name);
  if (!workload) throw new Error(`no config schema for workload ${name}`);
  return workload;
}

/** The schema's port key (`GATEWAY_PORT`, `USER_HTTP_PORT`, ...) and its default from the code. */
export function portOf(workload: ConfiguredWorkload): { key: string; port: number } {
  const keys = envKeysOf(workload).filter((k) => k.endsWith('_PORT'));
  if (keys.length !== 1) throw new Error(`${workload.name}: expected one *_PORT key, got ${keys.join(',')}`);
  const key = keys[0]!;
  return { key, port: (workload.schema.shape[key] as { parse(v: unknown): number }).parse(undefined) };
}

// ---------------------------------------------------------------- compose

export function loadCompose(): Obj {
  return readYaml(join(repoRoot, 'docker-compose.yml'));
}

/** Compose services that run the app image, by their command (gateway, user, ..., migrate). */
export function composeAppServices(compose: Obj): Array<{ service: string; command: string; def: Obj }> {
  return Object.entries(compose.services as Obj)
    .filter(([, def]) => String(def.image ?? '').split(':')[0] === appImage)
    .map(([service, def]) => ({ service, command: String((def.command ?? [])[0]), def }));
}

export function checkComposeEnv(compose: Obj): string[] {
  const problems: string[] = [];
  for (const { service, command, def } of composeAppServices(compose)) {
    if (!configuredWorkloads.some((w) => w.name === command)) continue; // dev-jwt-key: no config
    const env = (def.environment ?? {}) as Obj;
    for (const key of envKeysOf(workloadOf(command))) {
      const viaFile = isSecretEnvKey(key) && `${key}_FILE` in env;
      if (!(key in env) && !viaFile) problems.push(`compose ${service}: ${key} is not set`);
    }
  }
  return problems;
}

export function checkComposeServices(compose: Obj): string[] {
  const problems: string[] = [];
  for (const { service, def } of composeAppServices(compose)) {
    if (def.read_only !== true) problems.push(`compose ${service}: read_only is not true`);
    const user = String(def.user ?? '');
    if (!user || user.startsWith('0') || user.startsWith('root')) problems.push(`compose ${service}: runs as root`);
    if (!(def.cap_drop ?? []).includes('ALL')) problems.push(`compose ${service}: capabilities not dropped`);
    const oneShot = def.restart === 'no';
    if (!oneShot && !def.healthcheck?.test) problems.push(`compose ${service}: no healthcheck`);
    if (oneShot) continue;
    const dependsOn = (def.depends_on ?? {}) as Obj;
    if (Array.isArray(def.depends_on) || Object.keys(dependsOn).length === 0)
      problems.push(`compose ${service}: depends_on without conditions`);
    for (const [dep, spec] of Object.entries(dependsOn)) {
      if (!spec?.condition) problems.push(`compose ${service}: depends_on ${dep} has no condition`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------- kustomize

export interface Kustomization {
  dir: string;
  file: Obj;
}

export function loadKustomization(dir: string): Kustomization {
  return { dir, file: readYaml(join(dir, 'kustomization.yaml')) };
}

/** The resources of a kustomization, its bases and components, as parsed documents (no patches). */
export function kustomizeResources(dir: string): Obj[] {
  const { file } = loadKustomization(dir);
  const docs: Obj[] = [];
  for (const entry of [...(file.resources ?? []), ...(file.components ?? [])] as string[]) {
    const path = join(dir, entry);
    if (existsSync(join(path, 'kustomization.yaml'))) docs.push(...kustomizeResources(path));
    else docs.push(...readYamlDocs(path));
  }
  return docs;
}

/** The ConfigMap's literals after the bases' and this kustomization's generators (merge behaviour). */
export function configLiterals(dir: string): Record<string, string> {
  const { file } = loadKustomization(dir);
  let literals: Record<string, string> = {};
  for (const entry of (file.resources ?? []) as string[]) {
    const path = join(dir, entry);
    if (existsSync(join(path, 'kustomization.yaml'))) literals = { ...literals, ...configLiterals(path) };
  }
  for (const generator of (file.configMapGenerator ?? []) as Obj[]) {
    if (generator.name !== configMapName) continue;
    for (const literal of (generator.literals ?? []) as string[]) {
      const at = literal.indexOf('=');
      literals[literal.slice(0, at)] = literal.slice(at + 1);
    }
  }
  return literals;
}

/** Replica counts the overlay's JSON patches set, per Deployment name (`name` may be a regex). */
export function patchedReplicas(dir: string, deployment: string): number | undefined {
  const { file } = loadKustomization(dir);
  let replicas: number | undefined;
  for (const patch of (file.patches ?? []) as Obj[]) {
    if (patch.target?.kind !== 'Deployment') continue;
    if (!new RegExp(`^(?:${patch.target.name ?? '.*'})$`).test(deployment)) continue;
    for (const op of parse(String(patch.patch ?? '[]')) as Obj[]) {
      if (op.path === '/spec/replicas' && (op.op === 'replace' || op.op === 'add')) replicas = Number(op.value);
    }
  }
  return replicas;
}

export function podSpecOf(resource: Obj): Obj | undefined {
  if (resource.kind === 'Deployment' || resource.kind === 'Job' || resource.kind === 'StatefulSet' || resource.kind === 'DaemonSet')
    return resource.spec?.template?.spec;
  if (resource.kind === 'CronJob') return resource.spec?.jobTemplate?.spec?.template?.spec;
  return undefined;
}

const longRunning = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

/** Probes (long-running workloads), requests and limits, and a non-root read-only security context. */
export function checkWorkloads(resources: Obj[]): string[] {
  const problems: string[] = [];
  for (const resource of resources) {
    const pod = podSpecOf(resource);
    if (!pod) continue;
    const where = `${resource.kind} ${resource.metadata?.name}`;
    if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: pod securityContext.runAsNonRoot is not true`);
    if (!(Number(pod.securityContext?.runAsUser) > 0)) problems.push(`${where}: pod runAsUser is not a non-root uid`);
    for (const container of [...(pod.initContainers ?? []), ...(pod.containers ?? [])] as Obj[]) {
      const at = `${where} container ${container.name}`;
      const sc = container.securityContext ?? {};
      if (sc.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem is not true`);
      if (sc.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation is not false`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities not dropped`);
      if (sc.runAsUser === 0 || sc.runAsNonRoot === false) problems.push(`${at}: runs as root`);
      for (const kind of ['requests', 'limits'] as const) {
        for (const resourceName of ['cpu', 'memory']) {
          if (!container.resources?.[kind]?.[resourceName]) problems.push(`${at}: no ${kind}.${resourceName}`);
        }
      }
      if (longRunning.has(resource.kind)) {
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
          if (!container[probe]) problems.push(`${at}: no ${probe}`);
        }
        if (container.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${at}: readiness is not /readyz`);
        if (container.livenessProbe?.httpGet?.path !== '/healthz')
          problems.push(`${at}: liveness is not /healthz (must not depend on Kafka/PostgreSQL)`);
      }
    }
  }
  return problems;
}

/** Each app container's environment covers its schema; secrets only by secretKeyRef. */
export function checkK8sEnv(resources: Obj[], literals: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(literals)) {
    if (isSecretEnvKey(key)) problems.push(`ConfigMap ${configMapName}: secret ${key} must be in a Secret`);
  }
  for (const resource of resources) {
    const pod = podSpecOf(resource);
    for (const container of (pod?.containers ?? []) as Obj[]) {
      if (container.image !== appImage && !String(container.image).includes(`/${appImage}`)) continue;
      const where = `${resource.kind} ${resource.metadata?.name}`;
      const command = String((container.args ?? [])[0]);
      const set = new Set<string>();
      for (const source of (container.envFrom ?? []) as Obj[]) {
        if (source.configMapRef?.name === configMapName) for (const k of Object.keys(literals)) set.add(k);
        if (source.secretRef) problems.push(`${where}: envFrom secretRef hides which keys it sets; use secretKeyRef`);
      }
      for (const entry of (container.env ?? []) as Obj[]) {
        set.add(entry.name);
        if (isSecretEnvKey(entry.name) && !entry.valueFrom?.secretKeyRef)
          problems.push(`${where}: secret ${entry.name} is not a secretKeyRef`);
      }
      for (const key of envKeysOf(workloadOf(command))) {
        if (!set.has(key)) problems.push(`${where}: ${key} is not set (neither in ${configMapName} nor in env)`);
      }
    }
  }
  return problems;
}

export function kustomizeBuild(dir: string): Obj[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(out)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);
}
