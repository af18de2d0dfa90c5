import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPartitions } from '@coin/contracts';
import { topicSpecs } from '@coin/kafka';
import { configuredWorkloads } from '../../scripts/docs/config-schemas';
import { entryCommands } from '../../scripts/container/entry';
import {
  appImage,
  checkComposeEnv,
  checkComposeServices,
  checkK8sEnv,
  checkWorkloads,
  composeAppServices,
  configLiterals,
  k8sDir,
  kustomizeBuild,
  kustomizeResources,
  loadCompose,
  loadKustomization,
  patchedReplicas,
  podSpecOf,
  portOf,
  readYamlDocs,
  repoRoot,
  which,
  workloadOf,
  type Obj,
} from './manifests';

const base = join(k8sDir, 'base');
const overlays = ['dev', 'prod'].map((o) => join(k8sDir, 'overlays', o));
const services = ['gateway', 'user', 'ledger', 'history'] as const;
const clone = <T>(value: T): T => structuredClone(value);
const byKind = (resources: Obj[], kind: string, name?: string) =>
  resources.filter((r) => r.kind === kind && (name === undefined || r.metadata?.name === name));

describe('docker-compose.yml', () => {
  const compose = loadCompose();

  it('when parsed, then every app service is read-only, non-root, health-checked and starts after its dependencies by condition', () => {
    expect(
      composeAppServices(compose)
        .map((s) => s.command)
        .sort(),
    ).toEqual(['dev-jwt-key', 'gateway', 'history', 'ledger', 'migrate', 'user']);
    expect(checkComposeServices(compose)).toEqual([]);
    expect(compose.services.kafka.image).toBe('apache/kafka:4.4.0');
    expect(String(compose.services.kafka.environment.KAFKA_PROCESS_ROLES)).toBe('broker,controller');
    for (const service of services) {
      expect(compose.services[service].depends_on).toMatchObject(
        service === 'gateway' ? { user: { condition: 'service_healthy' } } : { migrate: { condition: 'service_completed_successfully' } },
      );
    }
  });

  it('when parsed, then every key of every config schema is set for its service (secrets may come from <KEY>_FILE)', () => {
    expect(checkComposeEnv(compose)).toEqual([]);
  });

  it('when a service lacks a key, a health check or its read-only flag, then the checks name it', () => {
    const broken = clone(compose);
    delete broken.services.ledger.environment.LEDGER_DATABASE_URL;
    delete broken.services.user.environment.JWT_PRIVATE_KEY_FILE;
    delete broken.services.history.healthcheck;
    broken.services.gateway.read_only = false;
    broken.services.gateway.depends_on = ['user'];
    expect(checkComposeEnv(broken)).toEqual(['compose user: JWT_PRIVATE_KEY is not set', 'compose ledger: LEDGER_DATABASE_URL is not set']);
    expect(checkComposeServices(broken)).toEqual(
      expect.arrayContaining([
        'compose history: no healthcheck',
        'compose gateway: read_only is not true',
        'compose gateway: depends_on without conditions',
      ]),
    );
  });

  const dockerCompose = which('docker-compose');
  it(
    dockerCompose
      ? `when Debian's docker-compose (${dockerCompose}) validates the file, then it accepts it`
      : 'when docker-compose is not installed, then only the yaml parse above validated the file (install docker-compose to run `config -q`)',
    () => {
      if (!dockerCompose) {
        expect(which('docker-compose')).toBeNull();
        return;
      }
      expect(() =>
        execFileSync(dockerCompose, ['-f', join(repoRoot, 'docker-compose.yml'), 'config', '-q'], { cwd: repoRoot, stdio: 'pipe' }),
      ).not.toThrow();
    },
  );
});

describe('deploy/k8s', () => {
  const baseResources = kustomizeResources(base);
  const literals = configLiterals(base);

  it('when the base is parsed, then every workload has probes, requests and limits and a non-root read-only security context', () => {
    expect(
      byKind(baseResources, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...services].sort());
    expect(byKind(baseResources, 'Job').map((d) => d.metadata.name)).toEqual(['migrate']);
    expect(checkWorkloads(baseResources)).toEqual([]);
  });

  it('when the base is parsed, then each container gets every key of its config schema from the ConfigMap or a secretKeyRef', () => {
    expect(checkK8sEnv(baseResources, literals)).toEqual([]);
  });

  it('when a probe, a limit, the read-only flag or a key is missing, or a secret is in the ConfigMap, then the checks name it', () => {
    const broken = clone(baseResources);
    const ledger = podSpecOf(byKind(broken, 'Deployment', 'ledger')[0]!)!.containers[0];
    delete ledger.livenessProbe;
    delete ledger.resources.limits.memory;
    ledger.securityContext.readOnlyRootFilesystem = false;
    const user = podSpecOf(byKind(broken, 'Deployment', 'user')[0]!)!.containers[0];
    user.env = user.env.filter((e: Obj) => e.name !== 'JWT_PRIVATE_KEY');
    const gatewayLiterals = { ...literals, REDIS_URL: 'redis://x:6379' };
    expect(checkWorkloads(broken)).toEqual([
      'Deployment ledger container ledger: readOnlyRootFilesystem is not true',
      'Deployment ledger container ledger: no limits.memory',
      'Deployment ledger container ledger: no livenessProbe',
      'Deployment ledger container ledger: liveness is not /healthz (must not depend on Kafka/PostgreSQL)',
    ]);
    expect(checkK8sEnv(broken, gatewayLiterals)).toEqual([
      'ConfigMap coin-ledger-config: secret REDIS_URL must be in a Secret',
      'Deployment user: JWT_PRIVATE_KEY is not set (neither in coin-ledger-config nor in env)',
    ]);
  });

  it('when the overlays and the Strimzi component are parsed, then they keep the same guarantees', () => {
    for (const overlay of overlays) {
      const resources = kustomizeResources(overlay);
      expect(checkWorkloads(resources)).toEqual([]);
      expect(checkK8sEnv(resources, configLiterals(overlay))).toEqual([]);
      const images = loadKustomization(overlay).file.images as Obj[];
      expect(images.map((i) => i.name)).toEqual([appImage]);
    }
  });

  it('when the replicas are read, then ledger replicas never exceed the ledger.commands partitions, and the ledger has no autoscaler', () => {
    const partitionsOf = (dir: string) => Number(configLiterals(dir).LEDGER_COMMANDS_PARTITIONS ?? defaultPartitions['ledger.commands']);
    const baseReplicas = Number(byKind(baseResources, 'Deployment', 'ledger')[0]!.spec.replicas);
    expect(baseReplicas).toBeLessThanOrEqual(partitionsOf(base));
    expect(partitionsOf(base)).toBe(defaultPartitions['ledger.commands']);
    for (const overlay of overlays) {
      const replicas = patchedReplicas(overlay, 'ledger') ?? baseReplicas;
      expect({ overlay, replicas: replicas <= partitionsOf(overlay) }).toEqual({ overlay, replicas: true });
      expect(byKind(kustomizeResources(overlay), 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)).toEqual(['gateway']);
    }
  });

  it('when the gateway autoscaler is read, then it never runs more gateways than gateway.replies has partitions (one leased per instance), and uses them all in base', () => {
    const ceiling = defaultPartitions['gateway.replies'];
    expect(byKind(baseResources, 'HorizontalPodAutoscaler', 'gateway')[0]!.spec.maxReplicas).toBe(ceiling);
    for (const overlay of overlays) {
      const max = Number(byKind(kustomizeResources(overlay), 'HorizontalPodAutoscaler', 'gateway')[0]!.spec.maxReplicas);
      expect({ overlay, withinPartitions: max <= ceiling }).toEqual({ overlay, withinPartitions: true });
    }
  });

  it('when the replicas and LEDGER_PARTITIONS_CONCURRENT are read, then each ledger replica applies all the partitions it can own side by side', () => {
    const baseReplicas = Number(byKind(baseResources, 'Deployment', 'ledger')[0]!.spec.replicas);
    for (const dir of [base, ...overlays]) {
      const literals = configLiterals(dir);
      const replicas = dir === base ? baseReplicas : (patchedReplicas(dir, 'ledger') ?? baseReplicas);
      const partitions = Number(literals.LEDGER_COMMANDS_PARTITIONS ?? defaultPartitions['ledger.commands']);
      const concurrent = Number(literals.LEDGER_PARTITIONS_CONCURRENT);
      expect({ dir, enough: concurrent >= Math.ceil(partitions / replicas) }).toEqual({ dir, enough: true });
    }
  });

  it('when the Strimzi component is read, then its topics are exactly the topics the code creates, with its partition counts', () => {
    const topics = readYamlDocs(join(k8sDir, 'components/strimzi-topics/topics.yaml'));
    const declared = Object.fromEntries(topics.map((t) => [t.spec.topicName, t.spec.partitions]));
    const expected = Object.fromEntries(topicSpecs('').map((s) => [s.topic, s.numPartitions]));
    expect(declared).toEqual(expected);
  });

  it('when the NetworkPolicies are read, then only the gateway accepts traffic from anywhere, and internal APIs only from the gateway (and Prometheus)', () => {
    const policies = byKind(baseResources, 'NetworkPolicy');
    const defaultDeny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(defaultDeny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    for (const service of services) {
      const policy = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === service)!;
      const { port } = portOf(workloadOf(service));
      const rules = policy.spec.ingress as Obj[];
      expect(rules.flatMap((r) => r.ports.map((p: Obj) => p.port))).toEqual([port]);
      if (service === 'gateway') {
        expect(rules.every((r) => r.from === undefined)).toBe(true);
      } else {
        const sources = rules.flatMap((r) => r.from as Obj[]);
        expect(sources).toContainEqual({
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'coin-ledger', 'app.kubernetes.io/component': 'gateway' } },
        });
        expect(sources.every((s) => s.podSelector)).toBe(true);
      }
    }
    expect(
      byKind(baseResources, 'Ingress').flatMap((i) =>
        i.spec.rules.flatMap((r: Obj) => r.http.paths.map((p: Obj) => p.backend.service.name)),
      ),
    ).toEqual(['gateway']);
  });

  const kubectl = which('kubectl');
  it(kubectl
    ? 'when kubectl kustomize renders base and overlays, then the rendered workloads pass the same checks'
    : 'when kubectl is not installed, then the rendered check cannot run here (the raw files were checked above)', () => {
    if (!kubectl) {
      expect(which('kubectl')).toBeNull();
      return;
    }
    for (const dir of [base, ...overlays]) {
      const rendered = kustomizeBuild(dir);
      expect(checkWorkloads(rendered)).toEqual([]);
      const configMap = byKind(rendered, 'ConfigMap').find((c) => String(c.metadata.name).startsWith('coin-ledger-config'))!;
      // The generated ConfigMap has a hash suffix; every reference must have been rewritten to it.
      const renamed = rendered.map((r) => JSON.parse(JSON.stringify(r).replaceAll(configMap.metadata.name, 'coin-ledger-config')) as Obj);
      expect(checkK8sEnv(renamed, configMap.data)).toEqual([]);
    }
  }, 60_000);
});

describe('images and ports agree across compose, Kubernetes, the Dockerfile and the code', () => {
  const compose = loadCompose();
  const baseResources = kustomizeResources(base);
  const literals = configLiterals(base);
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');

  it.each(services)('when %s is configured, then its port is the code default everywhere', (service) => {
    const { key, port } = portOf(workloadOf(service));
    const composeService = compose.services[service];
    expect(Number(composeService.environment[key])).toBe(port);
    expect(JSON.stringify(composeService.healthcheck.test)).toContain(`127.0.0.1:${port}/readyz`);
    expect(Number(literals[key])).toBe(port);
    const container = podSpecOf(byKind(baseResources, 'Deployment', service)[0]!)!.containers[0];
    expect(container.ports).toEqual([{ name: 'http', containerPort: port, protocol: 'TCP' }]);
    expect(byKind(baseResources, 'Service', service)[0]!.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http', protocol: 'TCP' }]);
    expect(dockerfile).toMatch(new RegExp(`EXPOSE .*\\b${port}\\b`));
    if (service !== 'gateway') {
      const urlKey = `${service.toUpperCase()}_SERVICE_URL`;
      expect(new URL(literals[urlKey]!)).toMatchObject({ hostname: service, port: String(port) });
      expect(new URL(compose.services.gateway.environment[urlKey])).toMatchObject({ hostname: service, port: String(port) });
    } else {
      expect(composeService.ports).toEqual([`${port}:${port}`]);
    }
  });

  it('when the image is referenced, then compose and Kubernetes name the same image and only commands the entry point knows', () => {
    const composeImages = new Set(composeAppServices(compose).map((s) => String(s.def.image).split(':')[0]));
    expect([...composeImages]).toEqual([appImage]);
    const containers = baseResources.flatMap((r) => (podSpecOf(r)?.containers ?? []) as Obj[]);
    expect(new Set(containers.map((c) => c.image))).toEqual(new Set([appImage]));
    const commands = [...containers.map((c) => c.args[0]), ...composeAppServices(compose).map((s) => s.command)];
    for (const command of commands) expect(entryCommands).toContain(command);
    expect(configuredWorkloads.map((w) => w.name).every((n) => commands.includes(n))).toBe(true);
    expect(dockerfile).toContain('scripts/container/entry.ts');
  });

  it('when the image installs its dependencies, then the patches postinstall applies are already copied in', () => {
    const install = dockerfile.indexOf('RUN npm install');
    expect(dockerfile.indexOf('COPY patches ./patches')).toBeGreaterThan(-1);
    expect(dockerfile.indexOf('COPY patches ./patches')).toBeLessThan(install);
    expect(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.postinstall).toBe('patch-package');
  });
});
