import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  defaultPartitions,
  eventConsumerAclsOf,
  kafkaAclsOf,
  kafkaServices,
  kafkaUserOf,
  sandboxGatewayAclsOf,
  sandboxKafkaAclsOf,
  sandboxKafkaUserOf,
} from '@coin/contracts';
import { outboxBacklogMetricName } from '@coin/db';
import { gatewayMetricNames } from '@coin/gateway';
import { historyMetricNames } from '@coin/history';
import { httpDurationBucketsS, httpDurationMetricName } from '@coin/http';
import { kafkaMetricNames, topicSpecs } from '@coin/kafka';
import { ledgerMetricNames } from '@coin/ledger';
import { configuredWorkloads, envKeysOf } from '../../scripts/docs/config-schemas';
import { entryCommands } from '../../scripts/container/entry';
import { loadMigrateConfig } from '../../scripts/container/migrate-config';
import { sandboxHistoryEnv, sandboxLedgerEnv, sandboxPrefixOf, sandboxWebhooksEnv } from '../../scripts/stack/sandbox';
import {
  appImage,
  checkComposeEnv,
  checkEgress,
  checkIngress,
  checkKafkaAccessMatchesCode,
  checkKafkaSecretMounts,
  checkEventConsumerTemplate,
  checkKafkaUsers,
  checkComposeServices,
  checkK8sEnv,
  checkWorkloads,
  composeAppServices,
  configLiterals,
  dashboardQueries,
  egressNeeds,
  egressNeedsIn,
  internetExcept,
  gatewayRoutes,
  ingressMatches,
  ingressPaths,
  kafkaUsageInCode,
  k8sDir,
  kustomizeBuild,
  portOnlyInfraRules,
  kustomizeResources,
  loadCompose,
  loadKustomization,
  metricNamesIn,
  overlayWith,
  sandboxComponents,
  patchedReplicas,
  podSpecOf,
  metricsPortOf,
  portOf,
  promqlProblems,
  promtoolCheckRules,
  readYaml,
  readYamlDocs,
  registeredMetrics,
  repoRoot,
  seriesNames,
  which,
  withoutGrafanaVariables,
  workloadNameOf,
  workloadOf,
  type Obj,
} from './manifests';
import { alertsFile, prometheusRuleFile, renderPrometheusRule } from './prometheus-rule';
import { dashboardConfigMapFile, dashboardFile, renderDashboardConfigMap } from './grafana-dashboard';
import { renderSandboxTopics, sandboxStrimziFiles } from './sandbox-strimzi';

const base = join(k8sDir, 'base');
const overlays = ['dev', 'prod'].map((o) => join(k8sDir, 'overlays', o));
const services = ['gateway', 'user', 'ledger', 'history', 'webhooks', 'monitoring'] as const;
const clone = <T>(value: T): T => structuredClone(value);
/** What the Ingress may expose: the API, the back office, the API documents, RFC 8615 URIs, the error pages. */
const publicIngressPaths = ['/api', '/admin', '/docs', '/openapi.json', '/asyncapi.json', '/.well-known', '/problems'];
const byKind = (resources: Obj[], kind: string, name?: string) =>
  resources.filter((r) => r.kind === kind && (name === undefined || r.metadata?.name === name));

describe('docker-compose.yml', () => {
  const compose = loadCompose();

  it('when parsed, then every app service is read-only, non-root, health-checked and starts after its dependencies by condition', () => {
    expect(
      composeAppServices(compose)
        .map((s) => s.command)
        .sort(),
    ).toEqual(['dev-jwt-key', 'dev-service-keys', 'gateway', 'history', 'ledger', 'migrate', 'monitoring', 'user', 'webhooks']);
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
    // The configs the code sets (the command topics' append time) are declared with the same values.
    for (const spec of topicSpecs('')) {
      const topic = topics.find((t) => t.spec.topicName === spec.topic)!;
      for (const [name, value] of Object.entries(spec.config ?? {}))
        expect({ [spec.topic]: topic.spec.config?.[name] }).toEqual({ [spec.topic]: value });
    }
  });

  it('when the NetworkPolicies are read, then only the gateway accepts traffic from anywhere, and internal APIs only from the gateway', () => {
    const policies = byKind(baseResources, 'NetworkPolicy');
    const defaultDeny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(defaultDeny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    for (const service of services) {
      const policy = policies.find(
        (p) => p.spec.policyTypes.includes('Ingress') && p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === service,
      )!;
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
        expect(sources.every((s) => s.podSelector && !s.namespaceSelector)).toBe(true);
      }
    }
    expect(new Set(ingressPaths(baseResources).map((p) => p.service))).toEqual(new Set(['gateway']));
  });

  it('when the NetworkPolicies are read, then the monitoring namespace reaches the metrics port of every workload and no API port', () => {
    const policies = byKind(baseResources, 'NetworkPolicy').filter((p) => p.spec.policyTypes.includes('Ingress'));
    const fromMonitoring = (rule: Obj) =>
      ((rule.from ?? []) as Obj[]).some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring');
    const monitoringRules = policies.flatMap((p) => ((p.spec.ingress ?? []) as Obj[]).filter(fromMonitoring).map((rule) => ({ p, rule })));
    expect(monitoringRules).toHaveLength(1);
    const { p: policy, rule } = monitoringRules[0]!;
    expect(policy.spec.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/name': 'coin-ledger' } });
    const metricsPorts = new Set(services.map((s) => metricsPortOf(workloadOf(s))));
    expect((rule.ports as Obj[]).map((p) => p.port)).toEqual([...metricsPorts]);
    for (const service of services) expect(metricsPorts.has(portOf(workloadOf(service)).port)).toBe(false);
    for (const service of services) {
      const container = podSpecOf(byKind(baseResources, 'Deployment', service)[0]!)!.containers[0];
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'])
        expect([probe, container[probe].httpGet.port]).toEqual([probe, 'metrics']);
    }
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
    const metricsPort = metricsPortOf(workloadOf(service));
    expect(Number(composeService.environment.METRICS_PORT)).toBe(metricsPort);
    expect(JSON.stringify(composeService.healthcheck.test)).toContain(`127.0.0.1:${metricsPort}/readyz`);
    expect(Number(literals[key])).toBe(port);
    expect(Number(literals.METRICS_PORT)).toBe(metricsPort);
    const container = podSpecOf(byKind(baseResources, 'Deployment', service)[0]!)!.containers[0];
    expect(container.ports).toEqual([
      { name: 'http', containerPort: port, protocol: 'TCP' },
      { name: 'metrics', containerPort: metricsPort, protocol: 'TCP' },
    ]);
    expect(byKind(baseResources, 'Service', service)[0]!.spec.ports).toEqual([
      { name: 'http', port, targetPort: 'http', protocol: 'TCP' },
      { name: 'metrics', port: metricsPort, targetPort: 'metrics', protocol: 'TCP' },
    ]);
    expect(dockerfile).toMatch(new RegExp(`EXPOSE .*\\b${port}\\b`));
    expect(dockerfile).toMatch(new RegExp(`EXPOSE .*\\b${metricsPort}\\b`));
    const urlKey = `${service.toUpperCase()}_SERVICE_URL`;
    // Where the gateway's config names the service (not yet the webhooks service), both agree on its address.
    if (service !== 'gateway' && envKeysOf(workloadOf('gateway')).includes(urlKey)) {
      expect(new URL(literals[urlKey]!)).toMatchObject({ hostname: service, port: String(port) });
      expect(new URL(compose.services.gateway.environment[urlKey])).toMatchObject({ hostname: service, port: String(port) });
    } else if (service === 'gateway') {
      expect(composeService.ports).toEqual([`${port}:${port}`]);
    } else {
      expect(composeService.ports).toBeUndefined();
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
    expect(dockerfile).toContain('"--conditions=compiled", "scripts/container/entry.js"');
  });

  it('when the image installs its dependencies, then the patches postinstall applies are already copied in', () => {
    const install = dockerfile.indexOf('RUN npm ci');
    expect(dockerfile.indexOf('COPY patches ./patches')).toBeGreaterThan(-1);
    expect(dockerfile.indexOf('COPY patches ./patches')).toBeLessThan(install);
    expect(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.postinstall).toBe('patch-package');
  });
});

describe('private by default: the Ingress and the egress NetworkPolicies', () => {
  const baseResources = kustomizeResources(base);
  const routes = gatewayRoutes();
  const compose = loadCompose();
  const portOfUrl = (url: string) => Number(new URL(url).port);
  const kafkaPorts = (dir: string) =>
    String(configLiterals(dir).KAFKA_BROKERS)
      .split(',')
      .map((b) => Number(b.trim().split(':').pop()));
  const infraPorts = (dir: string) => ({
    kafka: kafkaPorts(dir),
    postgres: [portOfUrl(compose.services.ledger.environment.LEDGER_DATABASE_URL)],
    redis: [portOfUrl(compose.services.gateway.environment.REDIS_URL)],
  });
  // A sandbox Deployment needs what its service's config needs.
  const needsOf = (name: string) => egressNeeds(workloadOf(workloadNameOf(name)));

  it('when the gateway routes are read from its source, then they include the public API and libs/http adds exactly the private ops routes', () => {
    expect(routes.routes).toEqual(
      expect.arrayContaining([
        '/api/coins/transfer',
        '/openapi.json',
        '/asyncapi.json',
        '/.well-known/jwks.json',
        '/problems/:code',
        '/docs',
      ]),
    );
    expect(routes.opsRoutes).toEqual(['/healthz', '/metrics', '/readyz']);
  });

  it('when the Ingress is read (base and every overlay), then its paths are exactly the public list, each reachable, and /metrics, /healthz, /readyz are not', () => {
    for (const dir of [base, ...overlays]) {
      const resources = kustomizeResources(dir);
      expect({ dir, problems: checkIngress(resources, publicIngressPaths, routes) }).toEqual({ dir, problems: [] });
      const paths = ingressPaths(resources);
      for (const privatePath of ['/metrics', '/healthz', '/readyz']) expect(paths.some((p) => ingressMatches(p, privatePath))).toBe(false);
      expect(Object.fromEntries(paths.map((p) => [p.path, p.pathType]))).toEqual({
        '/api': 'Prefix',
        '/admin': 'Prefix',
        '/docs': 'Prefix',
        '/openapi.json': 'Exact',
        '/asyncapi.json': 'Exact',
        '/.well-known': 'Prefix',
        '/problems': 'Prefix',
      });
    }
  });

  it('when the Ingress routes / again, widens a path or loses one, then the check names the leak or the unreachable route', () => {
    const catchAll = clone(baseResources);
    byKind(catchAll, 'Ingress')[0]!.spec.rules[0].http.paths.push({
      path: '/',
      pathType: 'Prefix',
      backend: { service: { name: 'gateway', port: { name: 'http' } } },
    });
    expect(checkIngress(catchAll, publicIngressPaths, routes)).toEqual(
      expect.arrayContaining([
        'Ingress: /metrics is reachable from outside',
        'Ingress: /healthz is reachable from outside',
        'Ingress: /readyz is reachable from outside',
      ]),
    );
    const narrowed = clone(baseResources);
    const paths = byKind(narrowed, 'Ingress')[0]!.spec.rules[0].http.paths as Obj[];
    paths.find((p) => p.path === '/problems')!.pathType = 'Exact';
    paths.find((p) => p.path === '/api')!.pathType = 'ImplementationSpecific';
    expect(checkIngress(narrowed, publicIngressPaths, routes)).toEqual(
      expect.arrayContaining([
        'Ingress: public route /problems/:code is not reachable',
        'Ingress /api: pathType ImplementationSpecific (Exact or Prefix only)',
      ]),
    );
    expect(checkIngress(baseResources, publicIngressPaths, { ...routes, routes: [...routes.routes, '/debug/pprof'] })).toEqual([
      'gateway route /debug/pprof is neither public nor an ops route: add it to the Ingress on purpose',
    ]);
    // Prefix matches whole path elements, as networking.k8s.io/v1 defines it.
    expect(ingressMatches({ path: '/api', pathType: 'Prefix' }, '/apix')).toBe(false);
    expect(ingressMatches({ path: '/api', pathType: 'Prefix' }, '/api/coins/transfer')).toBe(true);
  });

  it('when the egress policies are read (base and every overlay), then every workload reaches exactly what its config needs, on ports its targets listen on', () => {
    expect(needsOf('gateway')).toEqual([
      'dns',
      'kafka',
      'otlp',
      'redis',
      'service:history',
      'service:ledger',
      'service:monitoring',
      'service:user',
      'service:webhooks',
    ]);
    // The user service: whether a user is deleted, before a user.deleted event closes the wallet.
    expect(needsOf('ledger')).toEqual(['dns', 'kafka', 'otlp', 'postgres', 'service:user']);
    expect(needsOf('migrate')).toEqual(['dns', 'kafka', 'postgres']);
    // It sends the clients' webhooks: https to the internet, nothing else outside its dependencies;
    // the user service for the platform clients and their grants.
    expect(needsOf('webhooks')).toEqual(['dns', 'https-internet', 'kafka', 'otlp', 'postgres', 'service:user']);
    // Its cases and rules for the gateway; nothing outside the cluster; the user service, where a
    // person who asks for a step stands now.
    expect(needsOf('monitoring')).toEqual(['dns', 'kafka', 'otlp', 'postgres', 'service:user']);
    for (const dir of [base, ...overlays]) {
      // Rendered by kustomize: the prod overlay's components patch the policies.
      const resources = kustomizeBuild(dir);
      // The gateway of an overlay with the sandbox (dev) reaches the sandbox's internal APIs too.
      expect({ dir, problems: checkEgress(resources, infraPorts(dir), egressNeedsIn(resources)) }).toEqual({ dir, problems: [] });
    }
  });

  it('when the prod overlay is rendered, then Kafka, PostgreSQL and Redis are reached only at their pods (components/infra-peers), base by port wherever they run', () => {
    const prod = kustomizeBuild(overlays.find((dir) => dir.endsWith('prod'))!);
    expect(portOnlyInfraRules(prod)).toEqual([]);
    // Base stays portable (a broker in another namespace, a managed database): by port.
    expect(portOnlyInfraRules(kustomizeBuild(base))).toEqual(
      expect.arrayContaining(['gateway-egress: 9092', 'gateway-egress: 6379', 'ledger-egress: 5432', 'migrate-egress: 9092']),
    );
    // A peer naming other pods, or the right pods on another port, is no infrastructure peer.
    const broken = clone(prod);
    const rules = byKind(broken, 'NetworkPolicy', 'ledger-egress')[0]!.spec.egress as Obj[];
    rules[1]!.to[0].podSelector.matchLabels = { 'strimzi.io/cluster': 'other-kafka', 'strimzi.io/broker-role': 'true' };
    rules[2]!.ports = [{ port: 5433, protocol: 'TCP' }];
    expect(checkEgress(broken, infraPorts(base), needsOf)).toEqual(
      expect.arrayContaining([
        'NetworkPolicy ledger-egress: egress to the postgres pods on a port other than 5432/TCP',
        'Deployment ledger: cannot reach kafka, which its config needs',
      ]),
    );
  });

  it('when an egress rule names a wrong port, goes missing, opens too much, or a workload is left unselected, then the check names it', () => {
    const broken = clone(baseResources);
    const policy = (name: string) => byKind(broken, 'NetworkPolicy', name)[0]!;
    const toLedger = (policy('gateway-egress').spec.egress as Obj[]).find(
      (r) => r.to?.[0]?.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'ledger',
    )!;
    toLedger.ports = [{ port: 8080, protocol: 'TCP' }];
    policy('history-egress').spec.egress = (policy('history-egress').spec.egress as Obj[]).filter((r) => r.ports[0].port !== 5432);
    (policy('user-egress').spec.egress as Obj[]).push(
      { ports: [{ port: 6379, protocol: 'TCP' }] },
      { to: [{ ipBlock: { cidr: '0.0.0.0/0' } }] },
    );
    policy('migrate-egress').spec.podSelector.matchLabels['app.kubernetes.io/component'] = 'migrations';
    expect(checkEgress(broken, infraPorts(base), needsOf)).toEqual([
      'NetworkPolicy gateway-egress: port 8080/TCP is not a port ledger listens on',
      'NetworkPolicy user-egress: an egress rule opens every port',
      'Deployment user: may reach redis, which it does not need',
      'Deployment history: cannot reach postgres, which its config needs',
      'Job migrate: no egress policy selects its pods',
    ]);
    const noDeny = baseResources.filter((r) => r.metadata?.name !== 'default-deny-egress');
    expect(checkEgress(noDeny, infraPorts(base), needsOf)).toEqual([
      'no default-deny egress policy for the app pods (app.kubernetes.io/name=coin-ledger, no egress rules)',
    ]);
  });

  it('when the trace collector rule opens another port or goes missing, then the check names it (traces: OTLP 4317/4318 only)', () => {
    const broken = clone(baseResources);
    const rules = (name: string) => byKind(broken, 'NetworkPolicy', name)[0]!.spec.egress as Obj[];
    const isCollector = (r: Obj) => r.to?.[0]?.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'opentelemetry-collector';
    rules('gateway-egress').find(isCollector)!.ports = [{ port: 8080, protocol: 'TCP' }];
    byKind(broken, 'NetworkPolicy', 'history-egress')[0]!.spec.egress = rules('history-egress').filter((r) => !isCollector(r));
    expect(checkEgress(broken, infraPorts(base), needsOf)).toEqual([
      'NetworkPolicy gateway-egress: egress to the trace collector on a port other than OTLP (4317, 4318 TCP)',
      'Deployment gateway: cannot reach otlp, which its config needs',
      'Deployment history: cannot reach otlp, which its config needs',
    ]);
  });
  it('when the webhooks service sends to the internet, then only on 443/TCP, to 0.0.0.0/0 except every private range, and no other workload may', () => {
    const rules = byKind(baseResources, 'NetworkPolicy', 'webhooks-egress')[0]!.spec.egress as Obj[];
    const internet = rules.filter((r) => (r.to ?? []).some((peer: Obj) => peer.ipBlock));
    expect(internet).toEqual([
      {
        to: [{ ipBlock: { cidr: '0.0.0.0/0', except: [...internetExcept] } }],
        ports: [{ port: 443, protocol: 'TCP' }],
      },
    ]);
    expect([...internetExcept].sort()).toEqual(
      ['10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'].sort(),
    );

    const broken = clone(baseResources);
    const rule = (name: string) =>
      (byKind(broken, 'NetworkPolicy', name)[0]!.spec.egress as Obj[]).find((r) => (r.to ?? []).some((p: Obj) => p.ipBlock))!;
    rule('webhooks-egress').to[0].ipBlock.except = ['10.0.0.0/8', '127.0.0.0/8'];
    rule('webhooks-egress').ports.push({ port: 80, protocol: 'TCP' });
    (byKind(broken, 'NetworkPolicy', 'history-egress')[0]!.spec.egress as Obj[]).push(clone(internet[0]!));
    expect(checkEgress(broken, infraPorts(base), needsOf)).toEqual([
      'Deployment history: may reach https-internet, which it does not need',
      'NetworkPolicy webhooks-egress: ipBlock 0.0.0.0/0 does not except 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, 100.64.0.0/10',
      'NetworkPolicy webhooks-egress: ipBlock 0.0.0.0/0 on a port other than 443/TCP',
      'Deployment webhooks: cannot reach https-internet, which its config needs',
    ]);
  });
});

describe('monitoring: metric names, the Grafana dashboard, the PrometheusRule and the SLO rules', () => {
  const metrics = registeredMetrics();
  const series = seriesNames(metrics);
  const dashboard = JSON.parse(readFileSync(join(repoRoot, 'deploy/grafana/coin-ledger.json'), 'utf8')) as Obj;
  const queries = dashboardQueries(dashboard);
  const alertsText = readFileSync(alertsFile, 'utf8');
  const alertGroups = readYaml(alertsFile).groups as Obj[];
  const alertRules = alertGroups.flatMap((g) => g.rules as Obj[]);
  const recorded = new Set(alertRules.filter((r) => r.record).map((r) => String(r.record)));
  const promtool = process.env.PROMTOOL ?? which('promtool');

  it('when the source is scanned, then the registered metrics include every name the libs and the services export', () => {
    for (const name of [httpDurationMetricName, outboxBacklogMetricName, ...Object.values(kafkaMetricNames)])
      expect(metrics.has(name)).toBe(true);
    for (const name of [
      gatewayMetricNames.rateLimitFailOpen,
      ledgerMetricNames.batchApplyDuration,
      ledgerMetricNames.batchSize,
      historyMetricNames.applyDelay,
    ])
      expect(metrics.has(name)).toBe(true);
    expect(metrics.get('coin_http_request_duration_seconds')).toBe('Histogram');
    expect(series.has('coin_http_request_duration_seconds_bucket')).toBe(true);
    expect(series.has('coin_http_request_duration_seconds')).toBe(false);
  });

  it('when the dashboard is parsed, then every PromQL expression is well formed and selects only series the code registers', () => {
    expect(dashboard).toMatchObject({ uid: 'coin-ledger', title: expect.any(String), schemaVersion: expect.any(Number) });
    expect(queries.length).toBeGreaterThan(15);
    for (const { panel, expr } of queries) {
      expect({ panel, expr, problems: promqlProblems(expr, series) }).toEqual({ panel, expr, problems: [] });
      expect(metricNamesIn(expr).length).toBeGreaterThan(0);
    }
  });

  it('when the dashboard is read, then it has a panel for each subject: request rate, p99 by route, ledger apply latency and batch size, consumer lag, outbox backlog, DLQ depth, supply audit', () => {
    const subjects: Array<[string, RegExp, RegExp]> = [
      ['request rate', /request rate/i, /rate\(coin_http_request_duration_seconds_count/],
      ['p99 by route', /p99.*route/i, /histogram_quantile\(0\.99, sum by \(le, route\) \(rate\(coin_http_request_duration_seconds_bucket/],
      ['ledger apply latency', /ledger apply latency/i, /coin_ledger_batch_apply_duration_seconds_bucket/],
      ['ledger batch size', /ledger batch size/i, /coin_ledger_batch_size_commands_/],
      ['consumer lag', /consumer lag/i, /coin_kafka_consumer_lag_messages/],
      ['outbox backlog', /outbox backlog/i, /coin_outbox_backlog_rows/],
      ['DLQ depth', /dlq/i, /coin_kafka_consumer_messages_total\{outcome=~"dead_lettered\|set_aside"\}/],
      ['supply audit', /supply audit/i, /route=~"\/api\/admin\/\(mint\|burn\|supply\)"/],
    ];
    for (const [subject, title, expr] of subjects) {
      const found = queries.some((q) => title.test(q.panel) && expr.test(q.expr));
      expect({ subject, found }).toEqual({ subject, found: true });
    }
  });

  it('when a dashboard or rule expression is broken, then the checks name it', () => {
    expect(promqlProblems('sum(rate(coin_http_request_duration_seconds_count[5m])', series)).toEqual(['unclosed (']);
    expect(promqlProblems('sum(rate(coin_transfers_total[5m]))', series)).toEqual(['unknown metric coin_transfers_total']);
    expect(promqlProblems('sum(rate(coin_http_request_duration_seconds[5m]))', series)).toEqual([
      'unknown metric coin_http_request_duration_seconds',
    ]);
    expect(promqlProblems('coin_outbox_backlog_rows{service=gateway} >', series)).toEqual([
      'bad label matcher service=gateway',
      'dangling operator',
    ]);
    expect(promqlProblems('rate(coin_outbox_backlog_rows[5 m])', series)).toEqual(['bad range [5 m]']);
    expect(
      metricNamesIn('histogram_quantile(0.99, sum by (le, route) (rate(x_bucket{route=~"/api/.*"}[$__rate_interval]))) > bool 1'),
    ).toEqual(['x_bucket']);
  });

  it(promtool
    ? `when promtool (${promtool}) checks them, then it accepts alerts.yml and every dashboard expression (as recording rules), and refuses a broken one`
    : 'when promtool is not installed, then only the syntax checks validated the expressions (Debian package prometheus, or PROMTOOL=)', () => {
    if (!promtool) {
      // Debian's `prometheus` package ships promtool (or set PROMTOOL=/path/to/promtool); the checks above still ran.
      expect(which('promtool')).toBeNull();
      return;
    }
    expect(promtoolCheckRules(promtool, alertGroups)).toBeNull();
    const dashboardRules = queries.map((q, i) => ({ record: `dashboard:check:${i}`, expr: withoutGrafanaVariables(q.expr) }));
    expect(promtoolCheckRules(promtool, [{ name: 'dashboard', rules: dashboardRules }])).toBeNull();
    expect(
      promtoolCheckRules(promtool, [{ name: 'broken', rules: [{ record: 'x:y', expr: 'sum(rate(coin_outbox_backlog_rows[5m])' }] }]),
    ).not.toBeNull();
  }, 30_000);

  const kubectl = which('kubectl');
  it(kubectl
    ? 'when kubectl kustomize renders the overlays, then the Ingress, egress and monitoring checks hold on the rendered output'
    : 'when kubectl is not installed, then the rendered monitoring check cannot run here (the raw files were checked above)', () => {
    if (!kubectl) {
      expect(which('kubectl')).toBeNull();
      return;
    }
    const compose = loadCompose();
    for (const dir of overlays) {
      const rendered = kustomizeBuild(dir);
      expect(checkIngress(rendered, publicIngressPaths, gatewayRoutes())).toEqual([]);
      const infra = {
        kafka: String(configLiterals(dir).KAFKA_BROKERS)
          .split(',')
          .map((b) => Number(b.split(':').pop())),
        postgres: [Number(new URL(compose.services.ledger.environment.LEDGER_DATABASE_URL).port)],
        redis: [Number(new URL(compose.services.gateway.environment.REDIS_URL).port)],
      };
      expect(checkEgress(rendered, infra, egressNeedsIn(rendered))).toEqual([]);
      const namespace = loadKustomization(dir).file.namespace;
      for (const r of rendered.filter((r) => r.kind === 'NetworkPolicy' || r.kind === 'Ingress'))
        expect(r.metadata.namespace).toBe(namespace);
      if (dir.endsWith('prod')) {
        expect(byKind(rendered, 'PrometheusRule')[0]!.spec.groups).toEqual(alertGroups);
        expect(byKind(rendered, 'ServiceMonitor').map((m) => m.metadata.namespace)).toEqual(services.map(() => namespace));
      } else {
        expect(byKind(rendered, 'ServiceMonitor')).toEqual([]);
      }
    }
  }, 60_000);

  it('when alerts.yml is read, then every rule expression is well formed and selects only registered series, up, or a recorded rule', () => {
    const known = new Set([...series, 'up', ...recorded]);
    for (const rule of alertRules) {
      const name = rule.alert ?? rule.record;
      expect({ name, problems: promqlProblems(String(rule.expr), known) }).toEqual({ name, problems: [] });
    }
  });

  it('when the monitoring component is read, then its PrometheusRule is alerts.yml (generated text and equal groups) and a ServiceMonitor scrapes each Service', () => {
    // On failure: npx tsx test/deploy/prometheus-rule.ts --write
    expect(readFileSync(prometheusRuleFile, 'utf8')).toBe(renderPrometheusRule(alertsText));
    const component = kustomizeResources(join(k8sDir, 'components/monitoring'));
    const rule = byKind(component, 'PrometheusRule')[0]!;
    expect(rule.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(rule.spec.groups).toEqual(alertGroups);
    const monitors = byKind(component, 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual([...services].sort());
    for (const monitor of monitors) {
      expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
      const selected = byKind(kustomizeResources(base), 'Service').filter((s) =>
        Object.entries(monitor.spec.selector.matchLabels as Obj).every(([k, v]) => s.metadata.labels?.[k] === v),
      );
      expect(selected.map((s) => s.metadata.name)).toEqual([monitor.metadata.name]);
      const deployment = byKind(kustomizeResources(base), 'Deployment', monitor.metadata.name)[0]!;
      const annotations = deployment.spec.template.metadata.annotations as Obj;
      for (const endpoint of monitor.spec.endpoints as Obj[]) {
        expect(selected[0]!.spec.ports.map((p: Obj) => p.name)).toContain(endpoint.port);
        expect(endpoint.path).toBe(annotations['prometheus.io/path']);
        const scraped = (selected[0]!.spec.ports as Obj[]).find((p) => p.name === endpoint.port)!;
        expect(endpoint.port).toBe('metrics');
        expect(scraped.port).toBe(Number(annotations['prometheus.io/port']));
      }
    }
    expect(loadKustomization(overlays[1]!).file.components).toContain('../../components/monitoring');
  });

  it('when the monitoring component is read, then it ships the Grafana dashboard as a ConfigMap the sidecar loads, holding deploy/grafana/coin-ledger.json', () => {
    // On failure: npx tsx test/deploy/grafana-dashboard.ts --write
    const dashboardText = readFileSync(dashboardFile, 'utf8');
    expect(readFileSync(dashboardConfigMapFile, 'utf8')).toBe(renderDashboardConfigMap(dashboardText));
    const prod = kustomizeBuild(overlays[1]!);
    const configMap = byKind(prod, 'ConfigMap', 'coin-ledger-dashboard')[0]!;
    expect(configMap.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(JSON.parse(configMap.data['coin-ledger.json'])).toEqual(JSON.parse(dashboardText));
    expect(renderDashboardConfigMap(dashboardText.replace('"uid": "coin-ledger"', '"uid": "other"'))).not.toBe(
      readFileSync(dashboardConfigMapFile, 'utf8'),
    );
  });

  it('when the PrometheusRule drifts from alerts.yml, then the comparison fails', () => {
    const drifted = alertsText.replace('> 1000', '> 2000');
    expect(drifted).not.toBe(alertsText);
    expect(renderPrometheusRule(drifted)).not.toBe(readFileSync(prometheusRuleFile, 'utf8'));
  });

  it('when the SLO rules are read, then both transfer SLIs have recorded ratios for every window and fast (page) and slow (ticket) multi-window burn-rate alerts', () => {
    const windows = ['5m', '30m', '1h', '2h', '6h', '1d', '3d'];
    for (const sli of ['coin:transfer_availability:error_ratio', 'coin:transfer_latency:slow_ratio']) {
      for (const w of windows) expect(recorded.has(`${sli}_rate${w}`)).toBe(true);
    }
    const byName = Object.fromEntries(alertRules.filter((r) => r.alert).map((r) => [r.alert, r]));
    const burns: Array<[string, string, Array<[string, string, string]>]> = [
      [
        'Fast',
        'page',
        [
          ['14.4', '1h', '5m'],
          ['6', '6h', '30m'],
        ],
      ],
      [
        'Slow',
        'ticket',
        [
          ['3', '1d', '2h'],
          ['1', '3d', '6h'],
        ],
      ],
    ];
    for (const [sli, budget, recording] of [
      ['Availability', '0.001', 'coin:transfer_availability:error_ratio'],
      ['Latency', '0.01', 'coin:transfer_latency:slow_ratio'],
    ] as const) {
      for (const [speed, severity, pairs] of burns) {
        const alert = byName[`CoinTransfer${sli}BudgetBurn${speed}`]!;
        expect(alert.labels.severity).toBe(severity);
        const expr = String(alert.expr).replace(/\s+/g, ' ');
        for (const [factor, long, short] of pairs) {
          expect(expr).toContain(
            `${recording}_rate${long} > (${factor} * ${budget}) and ${recording}_rate${short} > (${factor} * ${budget})`,
          );
        }
      }
    }
    const transfer = alertRules.find((r) => r.record === 'coin:transfer_availability:error_ratio_rate5m')!;
    expect(String(transfer.expr)).toContain('route="/api/coins/transfer",method="POST"');
    expect(String(alertRules.find((r) => r.record === 'coin:transfer_latency:slow_ratio_rate5m')!.expr)).toContain('le="1"');
    expect(httpDurationBucketsS).toContain(1);
  });
});

describe('Kafka security: KafkaUsers, their ACLs, the Secrets each workload mounts', () => {
  const prod = join(k8sDir, 'overlays', 'prod');
  const prodResources = kustomizeResources(prod);

  it('when the prod overlay is read, then it has one SCRAM-SHA-512 KafkaUser per workload with exactly the ACLs of libs/contracts kafkaAccess', () => {
    expect(byKind(prodResources, 'KafkaUser').map((u) => u.metadata.name)).toEqual(kafkaServices.map(kafkaUserOf));
    expect(checkKafkaUsers(prodResources)).toEqual([]);
  });

  it('when the ACLs are read, then only the gateway writes the command topics, only the ledger ledger.internal (credit legs) and the money events', () => {
    const writers = (topic: string) =>
      kafkaServices.filter((s) => kafkaAclsOf(s).some((a) => a.resource.name === topic && a.operations.includes('Write'))).sort();
    // The user service writes only its signed revocation records there, which the ledger verifies;
    // the monitoring service only the freezes it signs with its own key (the ledger accepts no other command of it).
    expect(writers('ledger.commands')).toEqual(['gateway', 'monitoring', 'user']);
    expect(writers('ledger.internal')).toEqual(['ledger']);
    expect(writers('user.commands')).toEqual(['gateway']);
    expect(writers('coin.transactions')).toEqual(['ledger']);
    expect(writers('coin.holds')).toEqual(['ledger']);
    // Nobody holds a wildcard but the migrate step, and it may not read or write.
    const wildcards = kafkaServices.filter((s) => kafkaAclsOf(s).some((a) => a.resource.name === '*' || a.resource.name === ''));
    expect(wildcards).toEqual(['migrate']);
    expect(kafkaAclsOf('migrate').flatMap((a) => a.operations)).not.toEqual(expect.arrayContaining(['Read']));
    expect(kafkaAclsOf('migrate').flatMap((a) => a.operations)).not.toEqual(expect.arrayContaining(['Write']));
  });

  it('when the services’ code is read, then what each produces and consumes, and its consumer groups, are what kafkaAccess allows', () => {
    expect(checkKafkaAccessMatchesCode()).toEqual([]);
  });

  it('when base and every overlay are read, then each workload names its KafkaUser and mounts its password and the cluster CA, at the paths the ConfigMap gives', () => {
    for (const dir of [base, ...overlays]) {
      expect([dir, checkKafkaSecretMounts(kustomizeResources(dir), configLiterals(dir))]).toEqual([dir, []]);
    }
    expect(configLiterals(base).KAFKA_SECURITY_PROTOCOL).toBe('PLAINTEXT');
    expect(configLiterals(prod)).toMatchObject({
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_PASSWORD_FILE: '/var/run/secrets/kafka/sasl/password',
      KAFKA_SSL_CA_FILE: '/var/run/secrets/kafka/ca/ca.crt',
    });
  });

  it('when the prod overlay is read, then tracing is on with a ratio sampler that follows the caller, and base leaves it off', () => {
    expect(configLiterals(base).OTEL_TRACES_EXPORTER).toBe('none');
    expect(configLiterals(prod)).toMatchObject({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_EXPORTER_OTLP_ENDPOINT: expect.stringMatching(/^http:\/\/.+:4318$/),
    });
    const ratio = Number(configLiterals(prod).OTEL_TRACES_SAMPLER_ARG);
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(1);
  });

  it('when an ACL widens, a mount goes missing or the code consumes a topic the table does not list, then the checks name it', () => {
    const users = clone(prodResources);
    const gateway = users.find((u) => u.kind === 'KafkaUser' && u.metadata.name === 'coin-ledger-gateway')!;
    gateway.spec.authorization.acls.push({
      resource: { type: 'topic', name: 'coin.transactions', patternType: 'literal' },
      operations: ['Write'],
    });
    expect(checkKafkaUsers(users)).toEqual([
      expect.stringMatching(/^KafkaUser coin-ledger-gateway: ACL .*coin\.transactions.* is not in kafkaAccess$/),
    ]);

    const resources = clone(prodResources);
    const ledger = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === 'ledger')!;
    ledger.spec.template.spec.containers[0].volumeMounts = ledger.spec.template.spec.containers[0].volumeMounts.filter(
      (m: Obj) => m.name !== 'kafka-sasl',
    );
    expect(checkKafkaSecretMounts(resources, configLiterals(prod))).toEqual([
      "Deployment ledger: does not mount the Secret coin-ledger-ledger (its KafkaUser's password)",
      'Deployment ledger: KAFKA_SASL_PASSWORD_FILE=/var/run/secrets/kafka/sasl/password is not the mounted undefined',
    ]);

    const extra = (service: string) => {
      const usage = kafkaUsageInCode(service);
      if (service === 'history') usage.consumes.add('user.events');
      return usage;
    };
    expect(checkKafkaAccessMatchesCode(extra)).toEqual([
      expect.stringMatching(/^history: the code consumes \[.*user\.events\], kafkaAccess allows \[/),
    ]);
  });
});

describe('the KafkaUser template of a consuming team (deploy/k8s/templates)', () => {
  const file = join(k8sDir, 'templates', 'kafkauser-event-consumer.yaml');

  it('when it is read, then it reads the coin.* topics and uses its own consumer groups only, and no overlay includes it', () => {
    const docs = readYamlDocs(file);
    expect(checkEventConsumerTemplate(docs)).toEqual([]);
    expect(docs[0]!.spec.authorization.acls).toEqual([
      { resource: { type: 'topic', name: 'coin.', patternType: 'prefix' }, operations: ['Read', 'Describe'] },
      { resource: { type: 'group', name: 'example-', patternType: 'prefix' }, operations: ['Read'] },
    ]);
    for (const dir of [base, ...overlays])
      expect(kustomizeResources(dir).filter((r) => r.metadata?.name === docs[0]!.metadata.name)).toEqual([]);
  });

  it('when a copy writes, reads another topic or takes a group prefix of the ledger, then each is named', () => {
    const widened = clone(readYamlDocs(file));
    widened[0]!.spec.authorization.acls[0].operations.push('Write');
    widened[0]!.spec.authorization.acls.push({ resource: { type: 'topic', name: 'ledger.commands' }, operations: ['Read'] });
    expect(checkEventConsumerTemplate(widened)).toEqual([
      'KafkaUser events-example: ACL {"resource":{"type":"topic","name":"coin.","patternType":"prefix"},"operations":["Read","Describe","Write"]} is not in eventConsumerAclsOf',
      'KafkaUser events-example: ACL {"resource":{"type":"topic","name":"ledger.commands","patternType":"literal"},"operations":["Read"]} is not in eventConsumerAclsOf',
      'KafkaUser events-example: ACL {"resource":{"type":"topic","name":"coin.","patternType":"prefix"},"operations":["Read","Describe"]} of eventConsumerAclsOf is missing',
    ]);
    for (const prefix of ['ledger-', 'l', 'history-x-']) {
      const stealing = clone(readYamlDocs(file));
      stealing[0]!.spec.authorization.acls[1].resource.name = prefix;
      expect(checkEventConsumerTemplate(stealing)).toEqual([expect.stringMatching(/^KafkaUser events-example: consumer group prefix .*/)]);
    }
    expect(() => eventConsumerAclsOf('ledger-service-')).toThrow('overlaps ledger-, the prefix of the ledger service');
    expect(() => eventConsumerAclsOf('Team A')).toThrow("lower-case letters, digits and '-'");
  });
});

describe('the sandbox component (deploy/k8s/components/sandbox): a sandbox ledger beside the live one', () => {
  const dev = join(k8sDir, 'overlays', 'dev');
  const prod = join(k8sDir, 'overlays', 'prod');
  const sandboxPrefix = sandboxPrefixOf('');
  const compose = loadCompose();
  const infraPorts = (dir: string) => ({
    kafka: String(configLiterals(dir).KAFKA_BROKERS)
      .split(',')
      .map((b) => Number(b.trim().split(':').pop())),
    postgres: [Number(new URL(compose.services.ledger.environment.LEDGER_DATABASE_URL).port)],
    redis: [Number(new URL(compose.services.gateway.environment.REDIS_URL).port)],
  });
  /** The rendered output with the generated ConfigMap's hashed name back to coin-ledger-config. */
  const renderedOf = (dir: string) => {
    const rendered = kustomizeBuild(dir);
    const configMap = byKind(rendered, 'ConfigMap').find((c) => String(c.metadata.name).startsWith('coin-ledger-config'))!;
    return {
      resources: rendered.map((r) => JSON.parse(JSON.stringify(r).replaceAll(configMap.metadata.name, 'coin-ledger-config')) as Obj),
      literals: configMap.data as Record<string, string>,
    };
  };
  /** prod with the three sandbox components added before infra-peers, as an operator opts in. */
  let prodSandbox: { resources: Obj[]; literals: Record<string, string>; dir: string };
  beforeAll(() => {
    const overlay = overlayWith(prod, sandboxComponents);
    try {
      prodSandbox = { ...renderedOf(overlay.dir), dir: overlay.dir };
    } finally {
      overlay.remove();
    }
  });
  const containerOf = (resources: Obj[], kind: string, name: string) => podSpecOf(byKind(resources, kind, name)[0]!)!.containers[0] as Obj;

  /** A container's environment as the kubelet makes it: the ConfigMap (envFrom), then each entry with $(VAR) expanded. */
  const kubeletEnv = (container: Obj, literals: Record<string, string>): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const source of (container.envFrom ?? []) as Obj[]) if (source.configMapRef) Object.assign(env, literals);
    for (const entry of (container.env ?? []) as Obj[]) {
      if (entry.value === undefined) continue;
      env[entry.name] = String(entry.value).replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => env[name] ?? whole);
    }
    return env;
  };

  it('when the Strimzi files are read, then they are the rendering of the live topics and of sandboxKafkaAclsOf / sandboxGatewayAclsOf', () => {
    // On failure: npx tsx test/deploy/sandbox-strimzi.ts --write
    for (const { file, text } of sandboxStrimziFiles()) expect({ file, text: readFileSync(file, 'utf8') }).toEqual({ file, text });
    const topics = readYamlDocs(join(k8sDir, 'components/sandbox/strimzi/topics.yaml'));
    expect(Object.fromEntries(topics.map((t) => [t.spec.topicName, t.spec.partitions]))).toEqual(
      Object.fromEntries(topicSpecs(sandboxPrefix).map((s) => [s.topic, s.numPartitions])),
    );
    for (const spec of topicSpecs(sandboxPrefix)) {
      const topic = topics.find((t) => t.spec.topicName === spec.topic)!;
      for (const [name, value] of Object.entries(spec.config ?? {}))
        expect({ [spec.topic]: topic.spec.config?.[name] }).toEqual({ [spec.topic]: value });
    }
    // Kubernetes names (RFC 1123): no underscore; the topic's name is spec.topicName.
    for (const t of topics) expect(t.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
    expect(renderSandboxTopics('')).not.toBe(readFileSync(join(k8sDir, 'components/sandbox/strimzi/topics.yaml'), 'utf8'));
  });

  it('when the ACLs are read, then the sandbox user writes no live topic (gateway.replies included) and reads no live coin.transactions, and the gateway gains Write on the sandbox’s ledger.commands and Read on its gateway.replies only', () => {
    const acls = sandboxKafkaAclsOf('ledger');
    const on = (name: string) => acls.filter((a) => a.resource.type === 'topic' && a.resource.name === name).flatMap((a) => a.operations);
    expect(on('ledger.commands')).toEqual([]);
    expect(on('coin.transactions')).toEqual([]);
    expect(on('admin.audit')).toEqual([]);
    expect(on(`${sandboxPrefix}ledger.commands`)).toEqual(['Read', 'Describe', 'DescribeConfigs']);
    expect(on(`${sandboxPrefix}coin.transactions`)).toEqual(['Read', 'Write', 'Describe']);
    // The service of test money answers on the sandbox's own reply topic: no live answer is its to write.
    expect(on('gateway.replies')).toEqual([]);
    expect(on(`${sandboxPrefix}gateway.replies`)).toEqual(['Read', 'Write', 'Describe']);
    // Of the live space: the user events (and their dead letters), which it reads, and nothing it writes.
    const live = acls.filter((a) => a.resource.type === 'topic' && !a.resource.name.startsWith(sandboxPrefix));
    expect(live.map((a) => [a.resource.name, a.resource.patternType, a.operations])).toEqual([
      ['user.events', 'literal', ['Read', 'Describe']],
      ['user.events.dlq', 'literal', ['Write', 'Describe']],
      ['user.events.v2', 'literal', ['Read', 'Describe']],
      ['user.events.v2.dlq', 'literal', ['Write', 'Describe']],
    ]);
    expect(acls.filter((a) => a.resource.type === 'group')).toEqual([
      { resource: { type: 'group', name: `${sandboxPrefix}ledger-`, patternType: 'prefix' }, operations: ['Read'] },
    ]);
    expect(acls.every((a) => a.resource.patternType === 'literal' || a.resource.name.startsWith(sandboxPrefix))).toBe(true);
    expect(sandboxGatewayAclsOf()).toEqual([
      { resource: { type: 'topic', name: `${sandboxPrefix}gateway.replies`, patternType: 'literal' }, operations: ['Read', 'Describe'] },
      { resource: { type: 'topic', name: `${sandboxPrefix}ledger.commands`, patternType: 'literal' }, operations: ['Write', 'Describe'] },
    ]);
    // No live principal may touch the sandbox's topics.
    for (const service of kafkaServices) expect(kafkaAclsOf(service).filter((a) => a.resource.name.startsWith(sandboxPrefix))).toEqual([]);
  });

  it('when prod is rendered with the sandbox components, then every KafkaUser has exactly its ACLs (the sandbox user, the gateway with Write on the sandbox’s commands and Read on its replies)', () => {
    const { resources } = prodSandbox;
    expect(checkKafkaUsers(resources)).toEqual([]);
    expect(byKind(resources, 'KafkaUser').map((u) => u.metadata.name)).toContain(sandboxKafkaUserOf('ledger'));
    const gateway = byKind(resources, 'KafkaUser', kafkaUserOf('gateway'))[0]!;
    const sandboxTopics = (gateway.spec.authorization.acls as Obj[]).filter((a) => String(a.resource.name).startsWith(sandboxPrefix));
    expect(sandboxTopics).toEqual([
      { resource: { type: 'topic', name: `${sandboxPrefix}gateway.replies`, patternType: 'literal' }, operations: ['Read', 'Describe'] },
      { resource: { type: 'topic', name: `${sandboxPrefix}ledger.commands`, patternType: 'literal' }, operations: ['Write', 'Describe'] },
    ]);
    // The sandbox's topics are declared too, and the ServiceMonitor scrapes it under names of its own.
    expect(byKind(resources, 'KafkaTopic').filter((t) => String(t.spec.topicName).startsWith(sandboxPrefix))).toHaveLength(
      topicSpecs(sandboxPrefix).length,
    );
    const monitor = byKind(resources, 'ServiceMonitor', 'sandbox-ledger')[0]!;
    expect(monitor.spec.selector.matchLabels).toEqual(byKind(resources, 'Service', 'sandbox-ledger')[0]!.metadata.labels);
    expect(monitor.spec.endpoints[0].metricRelabelings[0]).toMatchObject({ regex: 'coin_(.*)', replacement: 'coin_sandbox_$1' });

    // A sandbox user widened to the live commands, or a gateway widened to another sandbox topic, is named.
    const broken = clone(resources);
    byKind(broken, 'KafkaUser', sandboxKafkaUserOf('ledger'))[0]!.spec.authorization.acls.push({
      resource: { type: 'topic', name: 'ledger.commands', patternType: 'literal' },
      operations: ['Write'],
    });
    byKind(broken, 'KafkaUser', kafkaUserOf('gateway'))[0]!.spec.authorization.acls.push({
      resource: { type: 'topic', name: `${sandboxPrefix}ledger.internal`, patternType: 'literal' },
      operations: ['Write'],
    });
    expect(checkKafkaUsers(broken)).toEqual([
      expect.stringMatching(/^KafkaUser coin-ledger-gateway: ACL .*sandbox_ledger\.internal.* is not in kafkaAccess$/),
      expect.stringMatching(/^KafkaUser coin-ledger-sandbox-ledger: ACL .*"ledger\.commands".* is not in kafkaAccess$/),
    ]);
    // Without the strimzi part, the sandbox ledger would have no principal on a SASL cluster.
    expect(checkKafkaUsers(resources.filter((r) => r.metadata?.name !== sandboxKafkaUserOf('ledger')))).toEqual([
      'KafkaUser coin-ledger-sandbox-ledger: missing',
    ]);
  }, 60_000);

  it('when dev and prod-with-sandbox are rendered, then the sandbox ledger passes the workload, env, egress and Kafka mount checks, and Kafka and PostgreSQL are pinned to their pods in prod', () => {
    const devRendered = renderedOf(dev);
    for (const [dir, { resources, literals }] of [
      [dev, devRendered],
      [prodSandbox.dir, prodSandbox],
    ] as const) {
      expect(byKind(resources, 'Deployment', 'sandbox-ledger')).toHaveLength(1);
      expect(checkWorkloads(resources)).toEqual([]);
      expect(checkK8sEnv(resources, literals)).toEqual([]);
      expect(checkEgress(resources, infraPorts(dir === dev ? dev : prod), egressNeedsIn(resources))).toEqual([]);
      expect(checkKafkaSecretMounts(resources, literals)).toEqual([]);
    }
    expect(portOnlyInfraRules(prodSandbox.resources)).toEqual([]);
    // One replica everywhere (the overlays' ledger patches do not reach it), never above its ledger.commands partitions.
    for (const { resources } of [devRendered, prodSandbox])
      expect(byKind(resources, 'Deployment', 'sandbox-ledger')[0]!.spec.replicas).toBe(1);
    expect(topicSpecs(sandboxPrefix).find((t) => t.topic === `${sandboxPrefix}ledger.commands`)!.numPartitions).toBeGreaterThanOrEqual(1);
    // Not by default in prod, nor in base.
    for (const dir of [base, prod]) {
      const resources = kustomizeBuild(dir);
      expect(resources.filter((r) => JSON.stringify(r).includes('sandbox'))).toEqual([]);
    }
    expect(loadKustomization(dev).file.components).toContain('../../components/sandbox');
    expect(loadKustomization(prod).file.components).not.toContain('../../components/sandbox');
  }, 60_000);

  it('when the sandbox ledger’s environment is made by the kubelet, then it is sandboxLedgerEnv of the ledger’s (own prefix, space test, the live prefix, no shard map), under any TOPIC_PREFIX', () => {
    const { resources, literals } = renderedOf(dev);
    const ledger = containerOf(resources, 'Deployment', 'ledger');
    const sandbox = containerOf(resources, 'Deployment', 'sandbox-ledger');
    for (const livePrefix of ['', 'acme_']) {
      const live = { ...literals, TOPIC_PREFIX: livePrefix, DB_SCHEMA_PREFIX: livePrefix };
      const liveEnv = kubeletEnv(ledger, live);
      const got = kubeletEnv(sandbox, live);
      const ports = { http: Number(got.LEDGER_HTTP_PORT), metrics: Number(got.METRICS_PORT) };
      const want = sandboxLedgerEnv(liveEnv, livePrefix, ports, () => 'unused');
      const identity = ['OTEL_SERVICE_NAME', 'KAFKA_SASL_USERNAME'];
      const without = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).filter(([k]) => !identity.includes(k)));
      expect(without(got)).toEqual(without(want));
      expect(got).toMatchObject({ TOPIC_PREFIX: `${livePrefix}sandbox_`, LEDGER_SPACE: 'test', LIVE_TOPIC_PREFIX: livePrefix });
      // The gateway names the same prefix.
      expect(kubeletEnv(containerOf(resources, 'Deployment', 'gateway'), live).SANDBOX_TOPIC_PREFIX).toBe(sandboxPrefixOf(livePrefix));
    }
    // The secrets that are not in the env above come from the same Secrets as the ledger's, the shard map excepted.
    const refs = (c: Obj) => Object.fromEntries(((c.env ?? []) as Obj[]).filter((e) => e.valueFrom).map((e) => [e.name, e.valueFrom]));
    const { LEDGER_SHARDS_DATABASE_URL: shards, LEDGER_DATABASE_URL: liveDatabase, ...ledgerRefs } = refs(ledger);
    expect(shards).toBeDefined();
    const { LEDGER_DATABASE_URL: sandboxDatabase, SERVICE_TOKEN_PUBLIC_KEYS: sandboxCallers, ...sandboxRefs } = refs(sandbox);
    const { SERVICE_TOKEN_PUBLIC_KEYS: liveCallers, ...liveRefs } = ledgerRefs;
    expect(sandboxRefs).toEqual(liveRefs);
    // Its callers: the gateway and the sandbox webhooks (an entry of their own), not the live ledger's.
    expect(liveCallers.configMapKeyRef.key).toBe('ledger');
    expect(sandboxCallers.configMapKeyRef).toEqual({ name: 'coin-ledger-service-callers', key: 'sandbox-ledger' });
    // Its database URL is its own Secret's (the sandbox ledger's role), never the live ledger's.
    expect(liveDatabase.secretKeyRef).toEqual({ name: 'coin-ledger-ledger-db', key: 'LEDGER_DATABASE_URL' });
    expect(sandboxDatabase.secretKeyRef).toEqual({ name: 'coin-ledger-sandbox-ledger-db', key: 'LEDGER_DATABASE_URL' });
    // Same image, command, ports, probes, resources and hardening as the ledger.
    for (const key of ['image', 'args', 'ports', 'securityContext', 'resources', 'startupProbe', 'readinessProbe', 'livenessProbe'])
      expect({ key, value: sandbox[key] }).toEqual({ key, value: ledger[key] });
    const pod = (name: string) => podSpecOf(byKind(resources, 'Deployment', name)[0]!)!;
    expect(pod('sandbox-ledger').securityContext).toEqual(pod('ledger').securityContext);
    expect(pod('sandbox-ledger').automountServiceAccountToken).toBe(false);
  }, 60_000);

  it('when the sandbox history’s environment is made by the kubelet, then it is sandboxHistoryEnv of the history’s (own prefixes, the ledger its only audit signer, no checkpoint key), and the gateway names both sandbox Services', () => {
    const { resources, literals } = renderedOf(dev);
    const history = containerOf(resources, 'Deployment', 'history');
    const sandbox = containerOf(resources, 'Deployment', 'sandbox-history');
    // Per-installation values, as the kubelet would read them (the same for both, but the audit signers).
    const signers = JSON.stringify({ gateway: 'g', user: 'u', ledger: 'l', webhooks: 'w', monitoring: 'm' });
    const secrets: Record<string, string> = {
      'coin-ledger-history-db': 'postgres://coin_history_app:pw@pg:5432/coin',
      'coin-ledger-sandbox-history-db': 'postgres://coin_history_sandbox_app:pw@pg:5432/coin',
      'coin-ledger-audit-checkpoint-key': 'checkpoint-key',
      history: JSON.stringify({ gateway: 'g' }),
      'audit-signers': signers,
      'sandbox-audit-signers': JSON.stringify({ ledger: 'l', webhooks: 'w' }),
    };
    const withRefs = (container: Obj, live: Record<string, string>) => {
      const env = kubeletEnv(container, live);
      for (const entry of (container.env ?? []) as Obj[]) {
        const ref = entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef;
        if (ref) env[entry.name] = secrets[ref.key === 'HISTORY_DATABASE_URL' ? ref.name : ref.key] ?? secrets[ref.name]!;
      }
      return env;
    };
    for (const livePrefix of ['', 'acme_']) {
      const live = { ...literals, TOPIC_PREFIX: livePrefix, DB_SCHEMA_PREFIX: livePrefix };
      const liveEnv = withRefs(history, live);
      const got = withRefs(sandbox, live);
      const ports = { http: Number(got.HISTORY_HTTP_PORT), metrics: Number(got.METRICS_PORT) };
      const want = sandboxHistoryEnv(liveEnv, livePrefix, ports, () => 'pw');
      // The sandbox's Secret holds its own role's URL (coin_history_sandbox_app), as sandboxHistoryEnv rewrites the live one.
      const identity = ['OTEL_SERVICE_NAME', 'KAFKA_SASL_USERNAME'];
      const without = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).filter(([k]) => !identity.includes(k)));
      expect(without(got)).toEqual(without(want));
      expect(got).toMatchObject({ TOPIC_PREFIX: `${livePrefix}sandbox_`, DB_SCHEMA_PREFIX: `${livePrefix}sandbox_` });
      expect(JSON.parse(got.AUDIT_SIGNER_PUBLIC_KEYS!)).toEqual({ ledger: 'l', webhooks: 'w' });
      expect(got).not.toHaveProperty('AUDIT_CHECKPOINT_PRIVATE_KEY');
      // The gateway reads a test-mode client's data from the two sandbox Services, on the ports their pods listen on.
      const gateway = kubeletEnv(containerOf(resources, 'Deployment', 'gateway'), live);
      expect(gateway).toMatchObject({
        SANDBOX_TOPIC_PREFIX: sandboxPrefixOf(livePrefix),
        SANDBOX_LEDGER_URL: `http://sandbox-ledger:${portOf(workloadOf('ledger')).port}`,
        SANDBOX_HISTORY_URL: `http://sandbox-history:${portOf(workloadOf('history')).port}`,
      });
    }
    for (const name of ['sandbox-ledger', 'sandbox-history']) {
      const service = byKind(resources, 'Service', name)[0]!;
      expect(service.spec.selector).toEqual({ 'app.kubernetes.io/name': 'coin-ledger', 'app.kubernetes.io/component': name });
    }
    // Same image, command, ports, probes, resources and hardening as the history; one replica, its own principal.
    for (const key of ['image', 'args', 'ports', 'securityContext', 'resources', 'startupProbe', 'readinessProbe', 'livenessProbe'])
      expect({ key, value: sandbox[key] }).toEqual({ key, value: history[key] });
    expect(byKind(resources, 'Deployment', 'sandbox-history')[0]!.spec.replicas).toBe(1);
    expect(sandboxKafkaAclsOf('history').every((a) => a.resource.name.startsWith(sandboxPrefix))).toBe(true);
    expect(
      sandboxKafkaAclsOf('history')
        .filter((a) => a.operations.includes('Write'))
        .map((a) => a.resource.name),
    ).toEqual([`${sandboxPrefix}admin.audit.dlq`, `${sandboxPrefix}admin.refusals.dlq`, `${sandboxPrefix}coin.transactions.dlq`]);
  }, 60_000);

  it('when the sandbox webhooks’ environment is made by the kubelet, then it is sandboxWebhooksEnv of the webhooks’ (own prefixes, space test, the sandbox ledger’s clocks), with its own role and sealing key', () => {
    const { resources, literals } = renderedOf(dev);
    const webhooks = containerOf(resources, 'Deployment', 'webhooks');
    const sandbox = containerOf(resources, 'Deployment', 'sandbox-webhooks');
    for (const livePrefix of ['', 'acme_']) {
      const live = { ...literals, TOPIC_PREFIX: livePrefix, DB_SCHEMA_PREFIX: livePrefix };
      const got = kubeletEnv(sandbox, live);
      const ports = { http: Number(got.WEBHOOKS_HTTP_PORT), metrics: Number(got.METRICS_PORT) };
      const want = sandboxWebhooksEnv(kubeletEnv(webhooks, live), livePrefix, ports, got.WEBHOOKS_TEST_CLOCKS_URL!, () => 'pw');
      const identity = ['OTEL_SERVICE_NAME', 'KAFKA_SASL_USERNAME', 'WEBHOOKS_ENCRYPTION_SECRET'];
      const without = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).filter(([k]) => !identity.includes(k)));
      expect(without(got)).toEqual(without(want));
      expect(got).toMatchObject({
        TOPIC_PREFIX: `${livePrefix}sandbox_`,
        WEBHOOKS_SPACE: 'test',
        WEBHOOKS_TEST_CLOCKS_URL: `http://sandbox-ledger:${portOf(workloadOf('ledger')).port}`,
      });
      expect(kubeletEnv(containerOf(resources, 'Deployment', 'gateway'), live).SANDBOX_WEBHOOKS_URL).toBe(
        `http://sandbox-webhooks:${portOf(workloadOf('webhooks')).port}`,
      );
    }
    // Its database role and sealing key are Secrets of its own; the rest as the live webhooks'.
    const refs = (c: Obj) => Object.fromEntries(((c.env ?? []) as Obj[]).filter((e) => e.valueFrom).map((e) => [e.name, e.valueFrom]));
    expect(refs(sandbox).WEBHOOKS_DATABASE_URL.secretKeyRef.name).toBe('coin-ledger-sandbox-webhooks-db');
    expect(refs(sandbox).WEBHOOKS_ENCRYPTION_SECRET.secretKeyRef.name).toBe('coin-ledger-sandbox-webhooks-encryption');
    expect(refs(sandbox).SERVICE_TOKEN_PUBLIC_KEYS).toEqual(refs(webhooks).SERVICE_TOKEN_PUBLIC_KEYS);
    for (const key of ['image', 'args', 'ports', 'securityContext', 'resources', 'startupProbe', 'readinessProbe', 'livenessProbe'])
      expect({ key, value: sandbox[key] }).toEqual({ key, value: webhooks[key] });
    expect(sandboxKafkaAclsOf('webhooks').every((a) => a.resource.name.startsWith(sandboxPrefix))).toBe(true);
  }, 60_000);

  it('when the NetworkPolicies are rendered, then the sandbox history’s API admits the gateway only, and the gateway reaches the two sandbox APIs on their API ports only', () => {
    const { resources } = renderedOf(dev);
    const labels = byKind(resources, 'Deployment', 'sandbox-history')[0]!.spec.template.metadata.labels as Obj;
    const selecting = (kind: string, podLabels: Obj) =>
      byKind(resources, 'NetworkPolicy').filter(
        (p) =>
          (p.spec.policyTypes as string[]).includes(kind) &&
          Object.entries((p.spec.podSelector.matchLabels ?? {}) as Obj).every(([k, v]) => podLabels[k] === v),
      );
    const ingress = selecting('Ingress', labels).flatMap((p) =>
      ((p.spec.ingress ?? []) as Obj[]).map((rule) => ({ policy: p.metadata.name, rule })),
    );
    expect(ingress).toEqual([
      {
        policy: 'metrics-from-monitoring',
        rule: expect.objectContaining({ ports: [{ port: metricsPortOf(workloadOf('history')), protocol: 'TCP' }] }),
      },
      {
        policy: 'sandbox-history-internal',
        rule: {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'coin-ledger', 'app.kubernetes.io/component': 'gateway' } } }],
          ports: [{ port: portOf(workloadOf('history')).port, protocol: 'TCP' }],
        },
      },
    ]);
    const gatewayLabels = byKind(resources, 'Deployment', 'gateway')[0]!.spec.template.metadata.labels as Obj;
    const toSandbox = selecting('Egress', gatewayLabels)
      .flatMap((p) => (p.spec.egress ?? []) as Obj[])
      .filter((rule) => String(rule.to?.[0]?.podSelector?.matchLabels?.['app.kubernetes.io/component'] ?? '').startsWith('sandbox-'))
      .map((rule) => [rule.to[0].podSelector.matchLabels['app.kubernetes.io/component'], rule.ports]);
    expect(toSandbox).toEqual([
      ['sandbox-ledger', [{ port: portOf(workloadOf('ledger')).port, protocol: 'TCP' }]],
      ['sandbox-history', [{ port: portOf(workloadOf('history')).port, protocol: 'TCP' }]],
      ['sandbox-webhooks', [{ port: portOf(workloadOf('webhooks')).port, protocol: 'TCP' }]],
    ]);
    // Nothing else may call the sandbox history: no other egress policy names it.
    const namers = byKind(resources, 'NetworkPolicy').filter((p) => JSON.stringify(p.spec.egress ?? []).includes('sandbox-history'));
    expect(namers.map((p) => p.metadata.name)).toEqual(['gateway-sandbox-egress']);
  }, 60_000);

  it('when the NetworkPolicies are rendered, then the sandbox ledger’s API admits the gateway only (its metrics port Prometheus), and the user service admits it beside the ledger, and the sandbox webhooks beside the webhooks', () => {
    const { resources } = renderedOf(dev);
    const labels = byKind(resources, 'Deployment', 'sandbox-ledger')[0]!.spec.template.metadata.labels as Obj;
    const selecting = byKind(resources, 'NetworkPolicy').filter(
      (p) =>
        (p.spec.policyTypes as string[]).includes('Ingress') &&
        Object.entries((p.spec.podSelector.matchLabels ?? {}) as Obj).every(([k, v]) => labels[k] === v),
    );
    const rules = selecting.flatMap((p) => ((p.spec.ingress ?? []) as Obj[]).map((rule) => ({ policy: p.metadata.name, rule })));
    expect(rules).toEqual([
      {
        policy: 'metrics-from-monitoring',
        rule: expect.objectContaining({ ports: [{ port: metricsPortOf(workloadOf('ledger')), protocol: 'TCP' }] }),
      },
      {
        policy: 'sandbox-ledger-internal',
        rule: {
          // The gateway, and the sandbox webhooks (its clients' test clocks).
          from: [
            { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'coin-ledger', 'app.kubernetes.io/component': 'gateway' } } },
            {
              podSelector: { matchLabels: { 'app.kubernetes.io/name': 'coin-ledger', 'app.kubernetes.io/component': 'sandbox-webhooks' } },
            },
          ],
          ports: [{ port: portOf(workloadOf('ledger')).port, protocol: 'TCP' }],
        },
      },
    ]);
    const userSources = (byKind(resources, 'NetworkPolicy', 'user-internal')[0]!.spec.ingress[0].from as Obj[]).map(
      (f) => f.podSelector.matchLabels['app.kubernetes.io/component'],
    );
    // The webhooks instances read the platform clients and their grants (USER_SERVICE_URL); monitoring
    // asks where a person who asks for a step stands now.
    expect(userSources).toEqual(['gateway', 'ledger', 'webhooks', 'monitoring', 'sandbox-ledger', 'sandbox-webhooks']);
    // The ledger's own policies do not select the sandbox's pods (nor its Service the live ones).
    expect(byKind(resources, 'Service', 'ledger')[0]!.spec.selector['app.kubernetes.io/component']).toBe('ledger');
  }, 60_000);

  it('when the migrate Job is rendered, then with the sandbox it migrates the sandbox too (MIGRATE_SANDBOX), and not without', () => {
    const flag = (resources: Obj[], literals: Record<string, string>) =>
      kubeletEnv(containerOf(resources, 'Job', 'migrate'), literals).MIGRATE_SANDBOX;
    const devRendered = renderedOf(dev);
    expect(flag(devRendered.resources, devRendered.literals)).toBe('true');
    expect(flag(prodSandbox.resources, prodSandbox.literals)).toBe('true');
    const prodRendered = renderedOf(prod);
    expect(flag(prodRendered.resources, prodRendered.literals)).toBe('false');
    expect(loadMigrateConfig({ DATABASE_URL: 'postgres://a:b@h:5432/c', MIGRATE_SANDBOX: 'true' }).MIGRATE_SANDBOX).toBe(true);
  }, 60_000);
});
