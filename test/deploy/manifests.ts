// Loading and checking the deployment files (docker-compose.yml, deploy/k8s): the checks return
// problems as strings, so tests assert [] on the real files and non-empty on broken copies.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { isFileEnvKey, isSecretEnvKey } from '@coin/config';
import {
  eventConsumerAclsOf,
  kafkaAccess,
  kafkaAclsOf,
  kafkaServices,
  kafkaUserOf,
  sandboxGatewayAclsOf,
  sandboxKafkaAclsOf,
  sandboxKafkaUserOf,
  sandboxServices,
  topicBases,
  type KafkaService,
  type SandboxService,
  type TopicBase,
} from '@coin/contracts';
import { configuredWorkloads, envKeysOf, type ConfiguredWorkload } from '../../scripts/docs/config-schemas';
import type { KubernetesValidateReport } from '../../scripts/deploy/kubernetes-validate';
import { sandboxHistoryEnv, sandboxLedgerEnv, sandboxWebhooksEnv } from '../../scripts/stack/sandbox';

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

/** The sandbox's Deployments (components/sandbox): `sandbox-<service>`, the service's code under the sandbox's prefix. */
export const sandboxDeploymentOf = (service: SandboxService) => `sandbox-${service}`;

/** The configured workload a Deployment or Job runs: its own name, or the service of a sandbox Deployment. */
export function workloadNameOf(name: string): string {
  const service = sandboxServices.find((s) => sandboxDeploymentOf(s) === name);
  return service ?? name;
}

/** The keys a sandbox Deployment leaves unset on purpose: those sandboxLedgerEnv / sandboxHistoryEnv drop from the live service's. */
export function sandboxUnsetKeys(name: string): string[] {
  const service = workloadNameOf(name);
  if (service === name) return [];
  const envOf: Record<string, (live: Record<string, string>) => Record<string, string>> = {
    ledger: (live) => sandboxLedgerEnv(live, '', { http: 1, metrics: 2 }, () => 'x'),
    history: (live) => sandboxHistoryEnv(live, '', { http: 1, metrics: 2 }, () => 'x'),
    webhooks: (live) => sandboxWebhooksEnv(live, '', { http: 1, metrics: 2 }, 'http://sandbox-ledger:1', () => 'x'),
  };
  if (!envOf[service]) return [];
  const placeholder = (k: string) => (k === 'AUDIT_SIGNER_PUBLIC_KEYS' ? '{}' : k.endsWith('DATABASE_URL') ? 'postgres://a:b@h/c' : 'x');
  const live = Object.fromEntries(envKeysOf(workloadOf(service)).map((k) => [k, placeholder(k)]));
  const sandbox = envOf[service]!(live);
  return Object.keys(live).filter((k) => !(k in sandbox));
}

/** The schema's API port key (`GATEWAY_PORT`, `USER_HTTP_PORT`, ...) and its default from the code. */
export function portOf(workload: ConfiguredWorkload): { key: string; port: number } {
  const keys = envKeysOf(workload).filter((k) => k.endsWith('_PORT') && k !== 'METRICS_PORT');
  if (keys.length !== 1) throw new Error(`${workload.name}: expected one *_PORT key, got ${keys.join(',')}`);
  const key = keys[0]!;
  return { key, port: (workload.schema.shape[key] as { parse(v: unknown): number }).parse(undefined) };
}

/** The metrics port (/metrics, /healthz, /readyz) every long-running service has, and its default from the code. */
export function metricsPortOf(workload: ConfiguredWorkload): number {
  if (!envKeysOf(workload).includes('METRICS_PORT')) throw new Error(`${workload.name}: no METRICS_PORT key`);
  return (workload.schema.shape.METRICS_PORT as { parse(v: unknown): number }).parse(undefined);
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

/** The migrate step's URLs of the sandbox's own runtime roles (SANDBOX_LEDGER_DATABASE_URL, ...): needed with MIGRATE_SANDBOX only. */
export const isSandboxDatabaseKey = (key: string) => /^SANDBOX_[A-Z]+_DATABASE_URL$/.test(key);

export function checkComposeEnv(compose: Obj): string[] {
  const problems: string[] = [];
  for (const { service, command, def } of composeAppServices(compose)) {
    if (!configuredWorkloads.some((w) => w.name === command)) continue; // dev-jwt-key: no config
    const env = (def.environment ?? {}) as Obj;
    for (const key of envKeysOf(workloadOf(command))) {
      // The sandbox's database URLs of the migrate step: only with MIGRATE_SANDBOX (compose runs no sandbox).
      if (isSandboxDatabaseKey(key) && String(env.MIGRATE_SANDBOX) !== 'true') continue;
      const viaFile = isFileEnvKey(key) && `${key}_FILE` in env;
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
      const unset = new Set(sandboxUnsetKeys(String(resource.metadata?.name)));
      // The sandbox's database URLs of the migrate Job: set with MIGRATE_SANDBOX=true (components/sandbox), else unset.
      const migratesSandbox = ((container.env ?? []) as Obj[]).some((e) => e.name === 'MIGRATE_SANDBOX' && e.value === 'true');
      for (const key of envKeysOf(workloadOf(command))) {
        if (isSandboxDatabaseKey(key) && !migratesSandbox) {
          if (set.has(key)) problems.push(`${where}: ${key} is set without MIGRATE_SANDBOX=true`);
          continue;
        }
        if (unset.has(key)) {
          if (set.has(key)) problems.push(`${where}: ${key} is set, but the sandbox leaves it unset (sandboxLedgerEnv, sandboxHistoryEnv)`);
          continue;
        }
        // A secret may come from a mounted file instead (<KEY>_FILE, read by the container entry).
        const viaFile = isFileEnvKey(key) && set.has(`${key}_FILE`);
        if (!set.has(key) && !viaFile) problems.push(`${where}: ${key} is not set (neither in ${configMapName} nor in env)`);
      }
    }
  }
  return problems;
}

/**
 * The renders of the repository's own kustomizations (deploy/k8s), by directory, for this test
 * file: a render takes kubectl half a second, the checks ask for base and each overlay many times,
 * and no test edits deploy/k8s. A copy elsewhere (overlayWith's) is rendered at every call.
 */
const repositoryRenders = new Map<string, string>();

/** `kubectl kustomize dir`: the rendered manifests as kubectl prints them (one multi-document YAML). */
export function kustomizeBuildText(dir: string): string {
  const inRepository = !relative(k8sDir, dir).startsWith('..');
  const known = inRepository ? repositoryRenders.get(dir) : undefined;
  if (known !== undefined) return known;
  const text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (inRepository) repositoryRenders.set(dir, text);
  return text;
}

/** The sandbox components, in the order an overlay lists them (components/sandbox first, before infra-peers). */
export const sandboxComponents = ['components/sandbox', 'components/sandbox/strimzi', 'components/sandbox/monitoring'] as const;

/**
 * A temporary copy of an overlay with `components` added before components/infra-peers (as an
 * operator opts a production overlay into the sandbox), its `../../` paths pointing back here.
 * The caller removes `dir` when done.
 */
export function overlayWith(overlayDir: string, components: readonly string[]): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'coin-overlay-'));
  const back = relative(dir, k8sDir);
  for (const entry of readdirSync(overlayDir)) if (entry !== 'kustomization.yaml') copyFileSync(join(overlayDir, entry), join(dir, entry));
  const { file } = loadKustomization(overlayDir);
  const rebase = (path: string) => (path.startsWith('../../') ? join(back, path.slice('../../'.length)) : path);
  const existing = ((file.components ?? []) as string[]).map(rebase);
  const peers = existing.findIndex((c) => c.endsWith('components/infra-peers'));
  const added = components.map((c) => join(back, c));
  const at = peers === -1 ? existing.length : peers;
  writeFileSync(
    join(dir, 'kustomization.yaml'),
    stringify({
      ...file,
      resources: ((file.resources ?? []) as string[]).map(rebase),
      components: [...existing.slice(0, at), ...added, ...existing.slice(at)],
    }),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function kustomizeBuild(dir: string): Obj[] {
  return parseAllDocuments(kustomizeBuildText(dir))
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);
}

// ---------------------------------------------------------------- Kubernetes JSON schemas

/**
 * The custom resources the manifests use (Strimzi, Prometheus operator): no Kubernetes release's
 * schemas describe them, so kubernetes-validate skips them ("Couldn't find schema"). Only these
 * kinds, at exactly these apiVersions, may be skipped.
 */
export const customResourceKinds: ReadonlyArray<{ apiVersion: string; kind: string }> = [
  { apiVersion: 'kafka.strimzi.io/v1', kind: 'KafkaTopic' },
  { apiVersion: 'kafka.strimzi.io/v1', kind: 'KafkaUser' },
  { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' },
  { apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule' },
];

const isCustomResource = (r: { apiVersion?: unknown; kind?: unknown }) =>
  customResourceKinds.some((c) => c.apiVersion === r.apiVersion && c.kind === r.kind);

/** Items of `a` not in `b`, counted (a multiset difference). */
function missingFrom(a: string[], b: string[]): string[] {
  const left = [...b];
  return a.filter((item) => {
    const at = left.indexOf(item);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

/**
 * kubernetes-validate's verdict on rendered manifests, read resource by resource: each resource
 * that is not a custom resource (customResourceKinds) passed against the schemas of `version`
 * (major.minor), each custom resource was skipped for want of a schema, and nothing else was
 * skipped. The tool itself exits 0 on a kind it has no schema for, so a misspelt kind or a wrong
 * apiVersion shows up here only.
 */
export function checkSchemaValidation(resources: Obj[], exitCode: number, report: KubernetesValidateReport, version: string): string[] {
  const problems: string[] = [];
  for (const f of report.failed) problems.push(`${f.kind}/${f.name}: ${f.message}`);
  for (const line of report.other) problems.push(`unexpected output: ${line}`);
  for (const p of report.passed)
    if (p.version !== version) problems.push(`${p.kind}/${p.name}: validated against Kubernetes ${p.version}, not ${version}`);
  if (exitCode !== 0 && report.failed.length === 0) problems.push(`kubernetes-validate exited ${exitCode}`);

  const checked = resources.filter((r) => !isCustomResource(r)).map((r) => `${String(r.kind).toLowerCase()}/${r.metadata?.name}`);
  const reported = [...report.passed, ...report.failed].map((r) => `${r.kind}/${r.name}`);
  for (const r of missingFrom(checked, reported)) problems.push(`${r}: not validated against a schema`);
  for (const r of missingFrom(reported, checked)) problems.push(`${r}: validated, but not in the rendered manifests`);

  const kindOf = (r: { kind?: unknown; apiVersion?: unknown }) => `kind ${r.kind} (apiVersion ${r.apiVersion})`;
  const custom = resources.filter(isCustomResource).map(kindOf);
  const skipped = report.skipped.map(kindOf);
  for (const s of missingFrom(skipped, custom))
    problems.push(`${s}: skipped, no schema in Kubernetes ${version}, and not one of customResourceKinds (a misspelt kind or apiVersion?)`);
  for (const c of missingFrom(custom, skipped)) problems.push(`custom resource ${c}: not reported as skipped`);
  return problems;
}

// ---------------------------------------------------------------- ingress

/** The routes the gateway registers (its route files and app.ts), and the ops routes libs/http adds to every service. */
export function gatewayRoutes(): { routes: string[]; opsRoutes: string[] } {
  const routeDir = join(repoRoot, 'services/gateway/src/routes');
  const files = [
    ...readdirSync(routeDir)
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => join(routeDir, f)),
    join(repoRoot, 'services/gateway/src/app.ts'),
  ];
  const routeCall = /\bapp\.(?:get|post|put|patch|delete|head|options|all)\(\s*'([^']+)'/g;
  // A route declared as data (routes/route-def.ts): `method: 'POST', url: '/api/...'`.
  const routeObject = /\bmethod:\s*'(?:GET|POST|PUT|PATCH|DELETE)',\s*url:\s*'([^']+)'/g;
  const routes = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(routeCall)) routes.add(m[1]!);
    for (const m of text.matchAll(routeObject)) routes.add(m[1]!);
    // Plugins that serve a tree under a prefix (`routePrefix`).
    for (const m of text.matchAll(/routePrefix:\s*'([^']+)'/g)) routes.add(m[1]!);
  }
  const opsRoutes = [...readFileSync(join(repoRoot, 'libs/http/src/index.ts'), 'utf8').matchAll(routeCall)].map((m) => m[1]!);
  return { routes: [...routes].sort(), opsRoutes: opsRoutes.sort() };
}

export interface IngressPath {
  path: string;
  pathType: string;
  service: string;
}

export function ingressPaths(resources: Obj[]): IngressPath[] {
  return resources
    .filter((r) => r.kind === 'Ingress')
    .flatMap((i) => (i.spec?.rules ?? []) as Obj[])
    .flatMap((rule) => (rule.http?.paths ?? []) as Obj[])
    .map((p) => ({ path: String(p.path), pathType: String(p.pathType), service: String(p.backend?.service?.name) }));
}

/** Whether a request path reaches an Ingress path, by the networking.k8s.io/v1 rules (Prefix: whole path elements). */
export function ingressMatches(entry: Pick<IngressPath, 'path' | 'pathType'>, requestPath: string): boolean {
  if (entry.pathType === 'Exact') return requestPath === entry.path;
  const elements = (p: string) => p.split('/').filter((e) => e !== '');
  const prefix = elements(entry.path);
  const request = elements(requestPath);
  // ImplementationSpecific is up to the controller (often a plain string prefix): treat it as the widest.
  if (entry.pathType !== 'Prefix') return requestPath.startsWith(entry.path);
  return prefix.length <= request.length && prefix.every((e, i) => request[i] === e);
}

/** A concrete request path for a route template (`/problems/:code` -> `/problems/x`). */
export function samplePath(route: string): string {
  return route.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
}

/**
 * The Ingress exposes exactly `publicPaths` (each to the gateway, Exact or Prefix), every gateway
 * route under them is reachable, and no private path (ops routes, /internal, anything else) is.
 */
export function checkIngress(resources: Obj[], publicPaths: string[], routes: { routes: string[]; opsRoutes: string[] }): string[] {
  const problems: string[] = [];
  const paths = ingressPaths(resources);
  const declared = paths.map((p) => p.path).sort();
  if (JSON.stringify(declared) !== JSON.stringify([...publicPaths].sort()))
    problems.push(`Ingress paths are ${declared.join(' ')}, expected exactly ${[...publicPaths].sort().join(' ')}`);
  for (const p of paths) {
    if (p.service !== 'gateway') problems.push(`Ingress ${p.path}: routes to ${p.service}, not the gateway`);
    if (p.pathType !== 'Exact' && p.pathType !== 'Prefix')
      problems.push(`Ingress ${p.path}: pathType ${p.pathType} (Exact or Prefix only)`);
  }
  const reachable = (requestPath: string) => paths.some((p) => ingressMatches(p, requestPath));
  const isPublic = (route: string) => publicPaths.some((pub) => ingressMatches({ path: pub, pathType: 'Prefix' }, route));
  const privatePaths = [...routes.opsRoutes, '/internal/supply', '/', '/metricsx', '/apix', '/.env'];
  for (const path of privatePaths) {
    if (reachable(path)) problems.push(`Ingress: ${path} is reachable from outside`);
  }
  for (const route of routes.routes) {
    const sample = samplePath(route);
    if (isPublic(route) && !reachable(sample)) problems.push(`Ingress: public route ${route} is not reachable`);
    if (!isPublic(route) && reachable(sample)) problems.push(`Ingress: ${route} is reachable but not a public path`);
    if (!isPublic(route) && !routes.opsRoutes.includes(route))
      problems.push(`gateway route ${route} is neither public nor an ops route: add it to the Ingress on purpose`);
  }
  return problems;
}

// ---------------------------------------------------------------- network policies

export type EgressTarget = 'dns' | 'https-internet' | 'kafka' | 'otlp' | 'postgres' | 'redis' | `service:${string}`;

/**
 * What an egress rule to the internet (an ipBlock 0.0.0.0/0, https only) must leave out: the
 * private, shared (carrier-grade NAT, some clusters' pod ranges), link-local (cloud metadata
 * endpoints) and loopback ranges, where the cluster's pods, Services, nodes and cloud APIs live.
 * The webhooks service refuses those addresses itself (its outbound policy); the policy holds
 * if that check ever fails.
 */
export const internetExcept = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8', '100.64.0.0/10'] as const;

/** The OpenTelemetry collector traces go to (OTEL_EXPORTER_OTLP_ENDPOINT): its pods, namespace and OTLP ports. */
export const otlpCollector = { namespace: 'monitoring', name: 'opentelemetry-collector', ports: [4317, 4318] };

/**
 * What a workload's config says it talks to: Kafka, PostgreSQL, Redis, the services of its
 * *_SERVICE_URL keys, the trace collector, DNS, and https to the internet for a service with an
 * outbound address policy (WEBHOOKS_ALLOW_PRIVATE_NETWORKS: it sends to the addresses its clients name).
 */
export function egressNeeds(workload: ConfiguredWorkload): EgressTarget[] {
  const needs = new Set<EgressTarget>(['dns']);
  for (const key of envKeysOf(workload)) {
    if (key === 'KAFKA_BROKERS') needs.add('kafka');
    if (key === 'DATABASE_URL' || key.endsWith('_DATABASE_URL')) needs.add('postgres');
    if (key === 'REDIS_URL') needs.add('redis');
    if (key === 'OTEL_EXPORTER_OTLP_ENDPOINT') needs.add('otlp');
    if (key === 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS') needs.add('https-internet');
    const service = /^([A-Z]+)_SERVICE_URL$/.exec(key)?.[1];
    if (service) needs.add(`service:${service.toLowerCase()}`);
  }
  return [...needs].sort();
}

/**
 * What a rendered workload needs to reach: its config's needs (egressNeeds), and for a container
 * whose env names a sandbox instance's internal API (`SANDBOX_<SERVICE>_URL`, the gateway's, set
 * by components/sandbox; the sandbox webhooks' WEBHOOKS_TEST_CLOCKS_URL) that instance's
 * Deployment, `sandbox-<service>`.
 */
export function egressNeedsIn(resources: Obj[]): (name: string) => EgressTarget[] {
  return (name) => {
    const needs = new Set(egressNeeds(workloadOf(workloadNameOf(name))));
    const workload = resources.find((r) => (r.kind === 'Deployment' || r.kind === 'Job') && r.metadata?.name === name);
    for (const container of (podSpecOf(workload ?? {})?.containers ?? []) as Obj[]) {
      for (const entry of (container.env ?? []) as Obj[]) {
        const service = /^SANDBOX_([A-Z]+)_URL$/.exec(String(entry.name))?.[1];
        if (service && (entry.value ?? entry.valueFrom) !== undefined && entry.value !== '')
          needs.add(`service:sandbox-${service.toLowerCase()}`);
        // The sandbox webhooks reads the sandbox ledger's clocks (WEBHOOKS_TEST_CLOCKS_URL).
        const host = /^https?:\/\/(sandbox-[a-z]+)[:/]/.exec(String(entry.value ?? ''))?.[1];
        if (entry.name === 'WEBHOOKS_TEST_CLOCKS_URL' && host) needs.add(`service:${host}`);
      }
    }
    return [...needs].sort();
  };
}

const matchesLabels = (selector: Obj | undefined, labels: Obj): boolean =>
  selector !== undefined &&
  (selector.matchExpressions ?? []).length === 0 &&
  Object.entries((selector.matchLabels ?? {}) as Obj).every(([k, v]) => labels[k] === v);

function containerPortsOf(resource: Obj): Array<{ name?: string; port: number; protocol: string }> {
  return ((podSpecOf(resource)?.containers ?? []) as Obj[]).flatMap((c) =>
    ((c.ports ?? []) as Obj[]).map((p) => ({ name: p.name, port: Number(p.containerPort), protocol: p.protocol ?? 'TCP' })),
  );
}

/**
 * The infrastructure pods an egress rule may name (deploy/k8s/components/infra-peers): exactly
 * these labels, in the app's namespace, on the infrastructure's port.
 */
export const infraPeers = {
  kafka: { labels: { 'strimzi.io/cluster': 'coin-kafka', 'strimzi.io/broker-role': 'true' }, port: 9092 },
  postgres: { labels: { 'cnpg.io/cluster': 'coin-postgres' }, port: 5432 },
  redis: { labels: { 'app.kubernetes.io/name': 'redis', 'app.kubernetes.io/instance': 'coin-redis' }, port: 6379 },
} as const;

/** Which infrastructure a peer names by exactly its pods' labels (no namespace selector), if any. */
function infraPeerOf(peer: Obj): keyof typeof infraPeers | undefined {
  if (peer.namespaceSelector || !peer.podSelector || (peer.podSelector.matchExpressions ?? []).length > 0) return undefined;
  const labels = (peer.podSelector.matchLabels ?? {}) as Obj;
  return (Object.keys(infraPeers) as Array<keyof typeof infraPeers>).find((kind) => {
    const want = infraPeers[kind].labels as Record<string, string>;
    return Object.keys(labels).length === Object.keys(want).length && Object.entries(want).every(([k, v]) => labels[k] === v);
  });
}

/** The egress rules that reach infrastructure by its port alone, to any destination: `policy: port`. */
export function portOnlyInfraRules(resources: Obj[]): string[] {
  return resources
    .filter((r) => r.kind === 'NetworkPolicy')
    .flatMap((p) =>
      ((p.spec?.egress ?? []) as Obj[])
        .filter((rule) => (rule.to ?? []).length === 0)
        .flatMap((rule) => ((rule.ports ?? []) as Obj[]).map((port) => `${p.metadata.name}: ${port.port}`)),
    );
}

/**
 * Egress: a default deny for the app's pods; each workload (Deployment, Job) selected by an egress
 * policy whose rules reach exactly what its config needs (egressNeeds); a rule to an app pod opens
 * only a port that pod listens on; DNS only to kube-system on 53; infrastructure only on its port.
 */
export function checkEgress(
  resources: Obj[],
  infraPorts: { kafka: number[]; postgres: number[]; redis: number[] },
  needsOf: (workload: string) => EgressTarget[],
): string[] {
  const problems: string[] = [];
  const policies = resources.filter((r) => r.kind === 'NetworkPolicy' && (r.spec?.policyTypes ?? []).includes('Egress'));
  const workloads = resources.filter((r) => (r.kind === 'Deployment' || r.kind === 'Job') && podSpecOf(r));
  if (!hasDefaultDenyEgress(policies))
    problems.push('no default-deny egress policy for the app pods (app.kubernetes.io/name=coin-ledger, no egress rules)');
  for (const workload of workloads) {
    const name = String(workload.metadata.name);
    const labels = (workload.spec.template.metadata?.labels ?? {}) as Obj;
    const selecting = policies.filter((p) => matchesLabels(p.spec.podSelector, labels));
    if (!selecting.some((p) => (p.spec.egress ?? []).length > 0)) {
      problems.push(`${workload.kind} ${name}: no egress policy selects its pods`);
      continue;
    }
    const reached = new Set<EgressTarget>();
    for (const policy of selecting) {
      for (const rule of (policy.spec.egress ?? []) as Obj[]) {
        const where = `NetworkPolicy ${policy.metadata.name}`;
        const ports = ((rule.ports ?? []) as Obj[]).map((p) => ({ port: p.port, protocol: p.protocol ?? 'TCP', endPort: p.endPort }));
        if (ports.length === 0) {
          problems.push(`${where}: an egress rule opens every port`);
          continue;
        }
        if (ports.some((p) => p.endPort !== undefined)) problems.push(`${where}: an egress rule opens a port range`);
        const to = (rule.to ?? []) as Obj[];
        if (to.length === 0) {
          for (const { port, protocol } of ports) {
            const kind = (['kafka', 'postgres', 'redis'] as const).find((k) => infraPorts[k].includes(Number(port)));
            if (!kind || protocol !== 'TCP') problems.push(`${where}: port ${port}/${protocol} to anywhere is no infrastructure port`);
            else reached.add(kind);
          }
          continue;
        }
        for (const peer of to) {
          const target = peerReached(peer, ports, where, workloads, problems);
          if (target) reached.add(target);
        }
      }
    }
    const needs = needsOf(name);
    for (const need of needs)
      if (!reached.has(need)) problems.push(`${workload.kind} ${name}: cannot reach ${need}, which its config needs`);
    for (const extra of reached)
      if (!needs.includes(extra)) problems.push(`${workload.kind} ${name}: may reach ${extra}, which it does not need`);
  }
  return problems;
}

/** Whether one policy denies all egress of every app pod (app.kubernetes.io/name=coin-ledger, no egress rules). */
function hasDefaultDenyEgress(policies: Obj[]): boolean {
  const appLabels = { 'app.kubernetes.io/name': 'coin-ledger' };
  return policies.some(
    (p) =>
      matchesLabels(p.spec.podSelector, appLabels) &&
      Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 1 &&
      (p.spec.egress ?? []).length === 0,
  );
}

/**
 * What one peer of an egress rule lets a pod reach on `ports`: the internet over https, the trace
 * collector, DNS, an infrastructure service or one Deployment; undefined, with the problem noted,
 * when the peer or its ports are not allowed.
 */
function peerReached(
  peer: Obj,
  ports: Array<{ port: unknown; protocol: unknown; endPort: unknown }>,
  where: string,
  workloads: Obj[],
  problems: string[],
): EgressTarget | undefined {
  if (peer.ipBlock) {
    // The one ipBlock allowed: https to the internet, every private range excepted.
    if (peer.ipBlock.cidr !== '0.0.0.0/0') {
      problems.push(`${where}: ipBlock ${peer.ipBlock.cidr} (name the peer by labels, or by port for infrastructure)`);
      return undefined;
    }
    const except = (peer.ipBlock.except ?? []) as string[];
    const missing = internetExcept.filter((range) => !except.includes(range));
    const httpsOnly = ports.every((p) => Number(p.port) === 443 && p.protocol === 'TCP');
    if (missing.length > 0) problems.push(`${where}: ipBlock 0.0.0.0/0 does not except ${missing.join(', ')}`);
    if (!httpsOnly) problems.push(`${where}: ipBlock 0.0.0.0/0 on a port other than 443/TCP`);
    return missing.length === 0 && httpsOnly ? 'https-internet' : undefined;
  }
  if (peer.namespaceSelector) {
    const collector =
      peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] === otlpCollector.namespace &&
      peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === otlpCollector.name;
    if (collector) {
      if (ports.every((p) => otlpCollector.ports.includes(Number(p.port)) && p.protocol === 'TCP')) return 'otlp';
      problems.push(`${where}: egress to the trace collector on a port other than OTLP (${otlpCollector.ports.join(', ')} TCP)`);
      return undefined;
    }
    const dns = peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] === 'kube-system';
    const dnsPorts = ports.every((p) => Number(p.port) === 53) && ['UDP', 'TCP'].every((pr) => ports.some((p) => p.protocol === pr));
    if (dns && dnsPorts) return 'dns';
    problems.push(`${where}: egress to another namespace other than DNS (kube-system, 53 UDP/TCP)`);
    return undefined;
  }
  const infra = infraPeerOf(peer);
  if (infra) {
    const { port } = infraPeers[infra];
    if (ports.every((p) => Number(p.port) === port && p.protocol === 'TCP')) return infra;
    problems.push(`${where}: egress to the ${infra} pods on a port other than ${port}/TCP`);
    return undefined;
  }
  const targets = workloads.filter(
    (w) => w.kind === 'Deployment' && matchesLabels(peer.podSelector, w.spec.template.metadata?.labels ?? {}),
  );
  if (targets.length !== 1) {
    problems.push(`${where}: egress peer ${JSON.stringify(peer.podSelector)} selects ${targets.length} Deployments, not one`);
    return undefined;
  }
  const target = targets[0]!;
  const listens = containerPortsOf(target);
  for (const { port, protocol } of ports) {
    const open = listens.some((l) => (l.port === Number(port) || (l.name !== undefined && l.name === port)) && l.protocol === protocol);
    if (!open) problems.push(`${where}: port ${port}/${protocol} is not a port ${target.metadata.name} listens on`);
  }
  return `service:${target.metadata.name}`;
}

// ---------------------------------------------------------------- metrics, PromQL, dashboard

export type MetricType = 'Counter' | 'Gauge' | 'Histogram' | 'Summary';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test.') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The metric names the code registers, read from the source: every `new Counter|Gauge|Histogram|Summary({ name: ... })`
 * in libs/ * /src and services/ * /src, its name a string literal or a constant of the same file.
 */
export function registeredMetrics(): Map<string, MetricType> {
  const metrics = new Map<string, MetricType>();
  const roots = ['libs', 'services'].flatMap((top) =>
    readdirSync(join(repoRoot, top))
      .map((pkg) => join(repoRoot, top, pkg, 'src'))
      .filter((src) => existsSync(src)),
  );
  for (const file of roots.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new (Counter|Gauge|Histogram|Summary)\b(?:<[^>]*>)?\(\{([\s\S]{0,400}?)\bname:\s*([^,\n]+),/g)) {
      const value = m[3]!.trim();
      let name = /^'([^']+)'$/.exec(value)?.[1];
      if (!name) {
        const key = value.split('.').pop()!;
        name = new RegExp(`\\b${key}\\s*[:=]\\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'`).exec(text)?.[1];
      }
      if (!name) throw new Error(`${file}: cannot resolve the metric name ${value}`);
      metrics.set(name, m[1] as MetricType);
    }
  }
  return metrics;
}

/** The series names Prometheus stores for the registered metrics (a histogram: _bucket, _count, _sum). */
export function seriesNames(metrics: Map<string, MetricType>): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of metrics) {
    if (type === 'Histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
    else if (type === 'Summary') for (const suffix of ['', '_count', '_sum']) names.add(name + suffix);
    else names.add(name);
  }
  return names;
}

const promqlWords = new Set(
  'sum min max avg count stddev stdvar topk bottomk quantile count_values group by without on ignoring group_left group_right and or unless bool offset inf nan atan2'.split(
    ' ',
  ),
);

/** The metric (series) names an expression selects: identifiers that are not functions, keywords, labels or numbers. */
export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names = new Set<string>();
  for (const m of stripped.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    if (m[2] || promqlWords.has(m[1]!.toLowerCase())) continue;
    names.add(m[1]!);
  }
  return [...names].sort();
}

/**
 * A syntax check that does not need promtool: brackets balanced and nested right, label matchers
 * well formed, range durations valid, no dangling operator, and every series name known.
 */
export function promqlProblems(expr: string, known: Set<string>): string[] {
  const problems: string[] = [];
  const text = expr.trim();
  if (text === '') return ['empty expression'];
  const noStrings = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const ch of noStrings) {
    if ('([{'.includes(ch)) stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) {
      problems.push(`unbalanced ${ch}`);
      break;
    }
  }
  if (stack.length > 0) problems.push(`unclosed ${stack.join('')}`);
  for (const m of text.matchAll(/\{([^}]*)\}/g)) {
    for (const matcher of m[1]!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).filter((s) => s.trim() !== '')) {
      if (!/^\s*[a-zA-Z_]\w*\s*(?:=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"\s*$/.test(matcher)) problems.push(`bad label matcher ${matcher.trim()}`);
    }
  }
  for (const m of noStrings.matchAll(/\[([^\]]*)\]/g)) {
    if (!/^(?:\d+(?:ms|[smhdwy]))+(?::(?:\d+(?:ms|[smhdwy]))*)?$|^\$__(?:rate_interval|interval|range)$/.test(m[1]!.trim()))
      problems.push(`bad range [${m[1]}]`);
  }
  if (/(?:[-+*/%^]|==|!=|>=|<=|[<>]|\band|\bor|\bunless)\s*$/.test(noStrings) || /^\s*(?:[*/%^]|==|and\b|or\b)/.test(noStrings))
    problems.push('dangling operator');
  for (const name of metricNamesIn(text)) if (!known.has(name)) problems.push(`unknown metric ${name}`);
  return problems;
}

export interface DashboardQuery {
  panel: string;
  expr: string;
}

/** Every PromQL expression of a Grafana dashboard (panels nested in rows included). */
export function dashboardQueries(dashboard: Obj): DashboardQuery[] {
  const panels = ((dashboard.panels ?? []) as Obj[]).flatMap((p) => [p, ...((p.panels ?? []) as Obj[])]);
  return panels.flatMap((p) =>
    ((p.targets ?? []) as Obj[]).filter((t) => t.expr !== undefined).map((t) => ({ panel: String(p.title), expr: String(t.expr) })),
  );
}

/** Replaces Grafana's interval variables with durations, so promtool can parse the expression. */
export function withoutGrafanaVariables(expr: string): string {
  return expr.replaceAll('$__rate_interval', '5m').replaceAll('$__interval', '1m').replaceAll('$__range', '1h');
}

/** promtool's verdict on rule groups (written to a temporary file), or null when it fails with its output. */
export function promtoolCheckRules(promtool: string, groups: Obj[]): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'coin-rules-'));
  const file = join(dir, 'rules.yml');
  writeFileSync(file, stringify({ groups }));
  try {
    execFileSync(promtool, ['check', 'rules', file], { encoding: 'utf8', stdio: 'pipe' });
    return null;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- Kafka security (part 3)

/** Each KafkaUser is one of kafkaServices, authenticates with SCRAM-SHA-512 and has exactly the ACLs of kafkaAclsOf. */
export function checkKafkaUsers(resources: Obj[]): string[] {
  const problems: string[] = [];
  const users = resources.filter((r) => r.kind === 'KafkaUser');
  // With the sandbox (components/sandbox/strimzi, as its Deployments say), its users and the gateway's Write on its commands.
  const sandboxed = sandboxServices.filter((s) =>
    resources.some((r) => r.kind === 'Deployment' && r.metadata?.name === sandboxDeploymentOf(s)),
  );
  const expected: Array<{ name: string; acls: Obj[] }> = [
    ...kafkaServices.map((service) => ({
      name: kafkaUserOf(service),
      acls: [...kafkaAclsOf(service), ...(service === 'gateway' && sandboxed.length > 0 ? sandboxGatewayAclsOf() : [])],
    })),
    ...sandboxed.map((service) => ({ name: sandboxKafkaUserOf(service), acls: sandboxKafkaAclsOf(service) })),
  ];
  for (const { name, acls } of expected) {
    const user = users.find((u) => u.metadata?.name === name);
    if (!user) {
      problems.push(`KafkaUser ${name}: missing`);
      continue;
    }
    if (user.spec?.authentication?.type !== 'scram-sha-512') problems.push(`KafkaUser ${name}: authentication is not scram-sha-512`);
    if (user.spec?.authorization?.type !== 'simple') problems.push(`KafkaUser ${name}: authorization is not simple`);
    const declared = declaredAcls(user);
    const key = (acl: Obj) => JSON.stringify(acl);
    const wanted = new Set(acls.map(key));
    const got = new Set(declared.map(key));
    for (const acl of got) if (!wanted.has(acl)) problems.push(`KafkaUser ${name}: ACL ${acl} is not in kafkaAccess`);
    for (const acl of wanted) if (!got.has(acl)) problems.push(`KafkaUser ${name}: ACL ${acl} of kafkaAccess is missing`);
  }
  for (const user of users) {
    if (!expected.some((e) => e.name === user.metadata?.name)) problems.push(`KafkaUser ${user.metadata?.name}: not a workload`);
  }
  return problems;
}

/** A KafkaUser's ACLs in kafkaAclsOf's terms (Strimzi's defaults filled in), for comparing. */
function declaredAcls(user: Obj): Obj[] {
  return ((user.spec?.authorization?.acls ?? []) as Obj[]).map((acl) => ({
    resource: { type: acl.resource?.type, name: acl.resource?.name, patternType: acl.resource?.patternType ?? 'literal' },
    operations: acl.operations ?? [acl.operation],
    ...(acl.type && acl.type !== 'allow' ? { type: acl.type } : {}),
    ...(acl.host && acl.host !== '*' ? { host: acl.host } : {}),
  }));
}

/** The template for a consuming team: one SCRAM KafkaUser of the cluster coin-kafka with exactly eventConsumerAclsOf(its group prefix). */
export function checkEventConsumerTemplate(docs: Obj[]): string[] {
  if (docs.length !== 1 || docs[0]?.kind !== 'KafkaUser') return [`expected one KafkaUser, got ${docs.map((d) => d.kind).join(', ')}`];
  const user = docs[0];
  const name = String(user.metadata?.name);
  const problems: string[] = [];
  if (user.metadata?.labels?.['strimzi.io/cluster'] !== 'coin-kafka')
    problems.push(`KafkaUser ${name}: not labelled strimzi.io/cluster: coin-kafka`);
  if (user.spec?.authentication?.type !== 'scram-sha-512') problems.push(`KafkaUser ${name}: authentication is not scram-sha-512`);
  if (user.spec?.authorization?.type !== 'simple') problems.push(`KafkaUser ${name}: authorization is not simple`);
  if (kafkaServices.some((s) => kafkaUserOf(s) === name)) problems.push(`KafkaUser ${name}: is the name of a workload's user`);
  const declared = declaredAcls(user);
  const groups = declared.filter((a) => a.resource.type === 'group');
  if (groups.length !== 1 || groups[0]!.resource.patternType !== 'prefix')
    return [...problems, `KafkaUser ${name}: expected one prefix ACL on its consumer groups`];
  let wanted: Obj[];
  try {
    wanted = eventConsumerAclsOf(String(groups[0]!.resource.name));
  } catch (err) {
    return [...problems, `KafkaUser ${name}: ${(err as Error).message}`];
  }
  const key = (acl: Obj) => JSON.stringify(acl);
  const got = new Set(declared.map(key));
  for (const acl of declared)
    if (!wanted.some((w) => key(w) === key(acl))) problems.push(`KafkaUser ${name}: ACL ${key(acl)} is not in eventConsumerAclsOf`);
  for (const acl of wanted) if (!got.has(key(acl))) problems.push(`KafkaUser ${name}: ACL ${key(acl)} of eventConsumerAclsOf is missing`);
  return problems;
}

/**
 * Every app workload names its KafkaUser (KAFKA_SASL_USERNAME), mounts that user's Strimzi Secret
 * (key `password`) and the cluster CA read-only, and where the ConfigMap turns SASL or TLS on,
 * KAFKA_SASL_PASSWORD_FILE and KAFKA_SSL_CA_FILE are exactly those mounted files.
 */
export function checkKafkaSecretMounts(resources: Obj[], literals: Record<string, string>): string[] {
  const problems: string[] = [];
  const protocol = literals.KAFKA_SECURITY_PROTOCOL ?? 'PLAINTEXT';
  for (const resource of resources) {
    const pod = podSpecOf(resource);
    for (const container of (pod?.containers ?? []) as Obj[]) {
      if (container.image !== appImage && !String(container.image).includes(`/${appImage}`)) continue;
      const command = String((container.args ?? [])[0]) as KafkaService;
      if (!kafkaServices.includes(command)) continue;
      const where = `${resource.kind} ${resource.metadata?.name}`;
      // A sandbox Deployment runs a service's code as the sandbox's own principal.
      const sandbox = sandboxServices.find((s) => sandboxDeploymentOf(s) === resource.metadata?.name);
      const principal = sandbox ? sandboxKafkaUserOf(sandbox) : kafkaUserOf(command);
      const username = ((container.env ?? []) as Obj[]).find((e) => e.name === 'KAFKA_SASL_USERNAME');
      if (username?.value !== principal) problems.push(`${where}: KAFKA_SASL_USERNAME is not ${principal}`);
      const mountedFile = (secretName: string, key: string): string | undefined => {
        const volume = ((pod?.volumes ?? []) as Obj[]).find((v) => v.secret?.secretName === secretName);
        if (!volume) return undefined;
        const mount = ((container.volumeMounts ?? []) as Obj[]).find((m) => m.name === volume.name);
        if (!mount) return undefined;
        if (mount.readOnly !== true) problems.push(`${where}: the ${secretName} mount is not read-only`);
        const item = ((volume.secret.items ?? []) as Obj[]).find((i) => i.key === key);
        return `${mount.mountPath}/${item ? item.path : key}`;
      };
      const passwordFile = mountedFile(principal, 'password');
      if (!passwordFile) problems.push(`${where}: does not mount the Secret ${principal} (its KafkaUser's password)`);
      const caFile = mountedFile(kafkaClusterCaSecret, 'ca.crt');
      if (!caFile) problems.push(`${where}: does not mount the Secret ${kafkaClusterCaSecret} (the cluster CA)`);
      if (protocol.startsWith('SASL_') && literals.KAFKA_SASL_PASSWORD_FILE !== passwordFile)
        problems.push(`${where}: KAFKA_SASL_PASSWORD_FILE=${literals.KAFKA_SASL_PASSWORD_FILE} is not the mounted ${passwordFile}`);
      if (protocol.endsWith('SSL') && literals.KAFKA_SSL_CA_FILE !== caFile)
        problems.push(`${where}: KAFKA_SSL_CA_FILE=${literals.KAFKA_SSL_CA_FILE} is not the mounted ${caFile}`);
    }
  }
  return problems;
}

/** The Secret Strimzi's Cluster Operator keeps the cluster CA certificate in (cluster coin-kafka). */
export const kafkaClusterCaSecret = 'coin-kafka-cluster-ca-cert';

export interface KafkaUsageInCode {
  produces: Set<TopicBase>;
  consumes: Set<TopicBase>;
  groups: Set<string>;
}

/**
 * What a service's source does with Kafka, read from its code (services/<name>/src, tests
 * excluded): topics it consumes (`topics: [topics.x]` of a consumer, the reply topic of a
 * RequestReplyClient), topics it produces to (`topic:`/`replyTopic:`/`adminAuditTopic:` values, `send(…topics.x`,
 * `replyAddressOf(…, topics.x)`), and its consumer group ids (`groupId:` templates, after the
 * TOPIC_PREFIX), and the topic of `sendRefusalRecord(…, topics.x`. The reply lease (ReplyPartitionLease, Redis) and the history lag metrics name a
 * topic without writing it. A heuristic over the source: a new way of producing needs a pattern here.
 */
export function kafkaUsageInCode(service: string): KafkaUsageInCode {
  const bases = topicBases as Record<string, TopicBase>;
  const usage: KafkaUsageInCode = { produces: new Set(), consumes: new Set(), groups: new Set() };
  const base = (key: string): TopicBase => {
    const topic = bases[key];
    if (!topic) throw new Error(`${service}: topics.${key} is no topic of topicBases`);
    return topic;
  };
  for (const file of sourceFiles(join(repoRoot, 'services', service, 'src'))) {
    // Calls that name a topic without producing to it: the reply lease (Redis), the history lag metrics.
    // And the producer's audit-signing option, whose `topics` are those it signs, not reads.
    const text = readFileSync(file, 'utf8')
      .replace(/(?:new ReplyPartitionLease|registerHistoryMetrics)\([^)]*\)/g, '')
      .replace(/\bauditSigning:\s*\{\s*topics:\s*\[[^\]]*\]/g, '');
    for (const m of text.matchAll(/\btopics:\s*\[([^\]]*)\]/g))
      for (const t of m[1]!.matchAll(/\btopics\.(\w+)/g)) usage.consumes.add(base(t[1]!));
    for (const m of text.matchAll(/new RequestReplyClient\([^)]*?\btopics\.(\w+)/g)) usage.consumes.add(base(m[1]!));
    for (const m of text.matchAll(/\b(?:topic|replyTopic):\s*(?:\w+\.)*topics\.(\w+)/g)) usage.produces.add(base(m[1]!));
    for (const m of text.matchAll(/\bsend\(\s*(?:\w+\.)*topics\.(\w+)/g)) usage.produces.add(base(m[1]!));
    // Audit records written through a service's outbox name their topic as `adminAuditTopic`.
    for (const m of text.matchAll(/\badminAuditTopic:\s*(?:\w+\.)*topics\.(\w+)/g)) usage.produces.add(base(m[1]!));
    for (const m of text.matchAll(/\breplyAddressOf\([^)]*?\btopics\.(\w+)/g)) usage.produces.add(base(m[1]!));
    for (const m of text.matchAll(/\bsendRefusalRecord\([^,]*,\s*(?:\w+\.)*topics\.(\w+)/g)) usage.produces.add(base(m[1]!));
    // A group id is `<service>-…` after the prefix (its ACL's prefix): a `return` of another
    // template that ends in letters (an HTTP status class, `${hundreds}xx`) is no group.
    for (const m of text.matchAll(/(?:groupId:\s*`\$\{[^}]*\}([a-z][a-z0-9-]*)`|return\s+`\$\{[^}]*\}([a-z][a-z0-9]*-[a-z0-9-]+)`)/g))
      usage.groups.add((m[1] ?? m[2])!);
  }
  if (service === 'gateway') {
    // The reply consumer's group is named in libs/kafka (one group per gateway instance).
    const replies = readFileSync(join(repoRoot, 'libs/kafka/src/request-reply.ts'), 'utf8');
    const group = /this\.groupId = `([a-z-]+)\$\{/.exec(replies)?.[1];
    if (group) usage.groups.add(group);
  }
  return usage;
}

/** kafkaAccess against the code: the same topics produced and consumed, every group id under the prefix. */
export function checkKafkaAccessMatchesCode(usageOf: (service: string) => KafkaUsageInCode = kafkaUsageInCode): string[] {
  const problems: string[] = [];
  const sorted = (items: Iterable<string>) => [...items].sort().join(', ');
  for (const service of ['gateway', 'user', 'ledger', 'history', 'webhooks', 'monitoring'] as const) {
    const access = kafkaAccess[service];
    const code = usageOf(service);
    if (sorted(code.produces) !== sorted(access.produces))
      problems.push(`${service}: the code produces to [${sorted(code.produces)}], kafkaAccess allows [${sorted(access.produces)}]`);
    if (sorted(code.consumes) !== sorted(access.consumes))
      problems.push(`${service}: the code consumes [${sorted(code.consumes)}], kafkaAccess allows [${sorted(access.consumes)}]`);
    if (code.groups.size === 0) problems.push(`${service}: no consumer group found in the code`);
    for (const group of code.groups) {
      if (!access.groupPrefix || !group.startsWith(access.groupPrefix))
        problems.push(`${service}: consumer group ${group} is outside its ACL prefix ${access.groupPrefix}`);
    }
  }
  for (const topic of Object.values(topicBases)) {
    const used = Object.values(kafkaAccess).some((a) => a.produces.includes(topic) || a.consumes.includes(topic));
    if (!used) problems.push(`topic ${topic}: no principal in kafkaAccess produces or consumes it`);
  }
  return problems;
}

// ---------------------------------------------------------------- a workload's start-up environment

/** `kubectl kustomize dir`, with the generated ConfigMap's hashed name back to coin-ledger-config and its data. */
export function renderedOf(dir: string): { resources: Obj[]; literals: Record<string, string> } {
  const rendered = kustomizeBuild(dir);
  const configMap = rendered.find((r) => r.kind === 'ConfigMap' && String(r.metadata?.name).startsWith(configMapName));
  if (!configMap) throw new Error(`${dir}: no ConfigMap ${configMapName}`);
  return {
    resources: rendered.map((r) => JSON.parse(JSON.stringify(r).replaceAll(configMap.metadata.name, configMapName)) as Obj),
    literals: configMap.data as Record<string, string>,
  };
}

/**
 * A container's environment as the kubelet gives it: the ConfigMap (envFrom), then each entry in
 * order, `$(VAR)` expanded from what is defined before it (an undefined reference stays as it is),
 * a `configMapKeyRef` of coin-ledger-config from its literals, and every other `secretKeyRef` or
 * `configMapKeyRef` (Secrets and ConfigMaps made per installation) from `placeholderOf(its variable)`.
 * An optional reference without a placeholder is left unset, as when its Secret does not exist; a
 * required one without a placeholder is an error (the pod would not start).
 */
export function startupEnvOf(
  container: Obj,
  literals: Record<string, string>,
  placeholderOf: (name: string) => string | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of (container.envFrom ?? []) as Obj[]) if (source.configMapRef?.name === configMapName) Object.assign(env, literals);
  for (const entry of (container.env ?? []) as Obj[]) {
    const name = String(entry.name);
    if (entry.value !== undefined) {
      env[name] = String(entry.value).replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, ref: string) => env[ref] ?? whole);
      continue;
    }
    const ref = (entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef) as Obj | undefined;
    if (!ref) throw new Error(`${container.name}: ${name} has neither a value nor a Secret or ConfigMap reference`);
    const value = entry.valueFrom.configMapKeyRef?.name === configMapName ? literals[String(ref.key)] : placeholderOf(name);
    if (value !== undefined) env[name] = value;
    else if (ref.optional !== true) throw new Error(`${container.name}: no placeholder for the required ${name} (${ref.name}/${ref.key})`);
  }
  return env;
}

/** Whether an image reference is the app's (`coin-ledger`, `coin-ledger:dev`, `registry.example.com/coin-ledger:1.0.0`, by digest). */
export const isAppImage = (image: string) => new RegExp(`(^|/)${appImage}(:|@|$)`).test(image);

/** The app containers of rendered manifests: each Deployment's and Job's, with its image command (gateway, ..., migrate). */
export function appContainers(resources: Obj[]): Array<{ where: string; command: string; container: Obj }> {
  return resources.flatMap((resource) =>
    ((podSpecOf(resource)?.containers ?? []) as Obj[])
      .filter((c) => isAppImage(String(c.image)))
      .map((container) => ({
        where: `${resource.kind} ${resource.metadata?.name}`,
        command: String((container.args ?? [])[0]),
        container,
      })),
  );
}
