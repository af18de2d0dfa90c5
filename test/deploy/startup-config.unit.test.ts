import { join } from 'node:path';
import { loadGatewayConfig } from '@coin/gateway';
import { loadHistoryConfig } from '@coin/history';
import { loadLedgerConfig } from '@coin/ledger';
import { loadMonitoringConfig } from '@coin/monitoring';
import { loadUserConfig } from '@coin/user';
import { loadWebhooksConfig } from '@coin/webhooks';
import { loadMigrateConfig } from '../../scripts/container/migrate-config';
import { serviceEnvs } from '../../scripts/stack/env';
import { generateJwtKey, generateServiceKeys } from '../../scripts/stack/keys';
import { devRoleDatabaseUrl, sandboxRuntimeRoles, serviceDatabases } from '../../scripts/stack/services';
import { appContainers, k8sDir, overlayWith, renderedOf, sandboxComponents, startupEnvOf, type Obj } from './manifests';

/**
 * Each rendered workload's environment, as the kubelet gives it (ConfigMap, `$(VAR)`, Secrets with
 * placeholder values of the right shape), through the config loader its process starts with: a
 * loader that throws is a pod that crash-loops on the first apply. Every check of the manifests
 * that reads keys one by one misses the rules across keys (the gateway's three sandbox settings,
 * all or none), so the loaders themselves judge.
 */
const loaders: Record<string, (env: Record<string, string>) => unknown> = {
  gateway: loadGatewayConfig,
  user: loadUserConfig,
  ledger: loadLedgerConfig,
  history: loadHistoryConfig,
  webhooks: loadWebhooksConfig,
  monitoring: loadMonitoringConfig,
  migrate: loadMigrateConfig,
};

/** Values of the right shape for what Secrets and per-installation ConfigMaps hold: the development stack's. */
function placeholders(): (name: string) => string | undefined {
  const adminUrl = 'postgres://admin:placeholder@pg:5432/coin';
  const envs = serviceEnvs({
    kafkaBrokers: ['kafka:9092'],
    databaseUrl: adminUrl,
    redisUrl: 'redis://:placeholder@redis:6379',
    topicPrefix: '',
    schemaPrefix: '',
    jwtKey: generateJwtKey('placeholder'),
    serviceKeys: generateServiceKeys(),
    ports: { gateway: 8080, user: 8082, ledger: 8083, history: 8084, webhooks: 8085, monitoring: 8086 },
  });
  const values: Record<string, string> = Object.assign({}, ...Object.values(envs));
  values.DATABASE_URL = adminUrl;
  // The public keys of retired JWT signing keys (docs/operations/procedures.md "Key rotation"): none yet.
  values.JWT_PREVIOUS_PUBLIC_KEYS = '[]';
  values.HISTORY_REBUILD_DATABASE_URL = devRoleDatabaseUrl(adminUrl, serviceDatabases.history.rebuild.role);
  values.SANDBOX_LEDGER_DATABASE_URL = devRoleDatabaseUrl(adminUrl, sandboxRuntimeRoles.ledger);
  values.SANDBOX_HISTORY_DATABASE_URL = devRoleDatabaseUrl(adminUrl, sandboxRuntimeRoles.history);
  values.SANDBOX_WEBHOOKS_DATABASE_URL = devRoleDatabaseUrl(adminUrl, sandboxRuntimeRoles.webhooks);
  return (name) => values[name];
}

/** What each app container's loader says of its start-up environment: [] when every one starts. */
function startupProblems(resources: Obj[], literals: Record<string, string>): string[] {
  const placeholderOf = placeholders();
  const problems: string[] = [];
  for (const { where, command, container } of appContainers(resources)) {
    const load = loaders[command];
    if (!load) {
      problems.push(`${where}: no config loader for the command ${command}`);
      continue;
    }
    try {
      load(startupEnvOf(container, literals, placeholderOf));
    } catch (err) {
      problems.push(`${where}: ${(err as Error).message}`);
    }
  }
  return problems;
}

describe('deploy/k8s: every workload’s rendered environment passes its own config loader (it would start)', () => {
  const base = join(k8sDir, 'base');
  const dev = join(k8sDir, 'overlays', 'dev');
  const prod = join(k8sDir, 'overlays', 'prod');

  it.each([
    ['base', base],
    ['overlays/dev (with the sandbox)', dev],
    ['overlays/prod', prod],
  ])(
    'when %s is rendered, then every app container’s environment loads',
    (_name, dir) => {
      const { resources, literals } = renderedOf(dir);
      expect(appContainers(resources).length).toBeGreaterThanOrEqual(7);
      expect(startupProblems(resources, literals)).toEqual([]);
    },
    60_000,
  );

  it('when prod is rendered with the sandbox components (as an operator opts in), then every app container’s environment loads', () => {
    const overlay = overlayWith(prod, sandboxComponents);
    try {
      const { resources, literals } = renderedOf(overlay.dir);
      expect(appContainers(resources).map((c) => c.where)).toContain('Deployment sandbox-ledger');
      expect(startupProblems(resources, literals)).toEqual([]);
    } finally {
      overlay.remove();
    }
  }, 60_000);

  it('when a workload’s environment breaks a loader’s rule, then the check names the workload and the rule', () => {
    const { resources, literals } = renderedOf(base);
    const broken = structuredClone(resources);
    const gateway = broken.find((r) => r.kind === 'Deployment' && r.metadata.name === 'gateway')!;
    // Half of the sandbox's settings: the gateway refuses to start.
    gateway.spec.template.spec.containers[0].env.push({ name: 'SANDBOX_TOPIC_PREFIX', value: '$(TOPIC_PREFIX)sandbox_' });
    const ledger = broken.find((r) => r.kind === 'Deployment' && r.metadata.name === 'ledger')!;
    ledger.spec.template.spec.containers[0].env.push({ name: 'LEDGER_SPACE', value: 'moon' });
    expect(startupProblems(broken, literals)).toEqual([
      expect.stringMatching(/^Deployment gateway: .*SANDBOX_TOPIC_PREFIX, SANDBOX_LEDGER_URL and SANDBOX_HISTORY_URL are set together/),
      expect.stringMatching(/^Deployment ledger: Invalid configuration:\n {2}LEDGER_SPACE: /),
    ]);
    // A required Secret reference the placeholders do not know is named, not skipped.
    gateway.spec.template.spec.containers[0].env.push({ name: 'NEW_KEY', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } });
    expect(startupProblems(broken, literals)[0]).toMatch(/^Deployment gateway: .*no placeholder for the required NEW_KEY/);
  }, 60_000);
});
