/**
 * The project's own set-up: `npm start`, `npm test`, `npm run stop` all come through here.
 *   start    infrastructure, topics, migrations, the admin console's build (when stale), bootstrap
 *            admin, then the five services and the sandbox's ledger, history and webhooks (./stack/sandbox.ts), each
 *            supervised: restarted with backoff when it exits on its own (./stack/supervisor.ts)
 *   infra    infrastructure, topics, migrations, the admin console's build when stale (what the
 *            test suite needs first)
 *   migrate  topics and migrations only, against running infrastructure
 *   stop     stops what this project started, and nothing else
 *   clean    removes the topics and schemas of test and bench runs started over 2 h ago
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { positionalArgs } from './cli-args';
import { defaultPartitions } from '@coin/contracts';
import { ensureInfra, ledgerShardCountOf, stopInfra, type InfraEndpoints } from './infra';
import { runningShardPostgresUrl } from './infra/postgres';
import { ledgerShardMap, migrateLedgerShards } from './stack/ledger-shards';
import { localStackDefaults, serviceEnvs } from './stack/env';
import { devAuditCheckpointKey, devJwtKey, generateServiceKeys, saveRunHistoryServiceKey } from './stack/keys';
import { provision } from './stack/provision';
import { devRolePassword, repoRoot, serviceNames, serviceNodeArgs, type ServiceName } from './stack/services';
import { bootstrapSuperadmin } from './stack/bootstrap-admin';
import { removeStaleRuns } from './stack/cleanup';
import { Supervisor } from './stack/supervisor';
import { waitForReady } from './stack/processes';
import { provisionSandbox, sandboxHistoryEnv, sandboxLedgerEnv, sandboxPrefixOf, sandboxWebhooksEnv } from './stack/sandbox';
import { ensureConsoleBuilt } from './stack/console';

const log = (message: string) => process.stdout.write(`[stack] ${message}\n`);

const defaultPorts: Record<ServiceName, number> = {
  gateway: Number(process.env.GATEWAY_PORT ?? 8080),
  user: Number(process.env.USER_HTTP_PORT ?? 8082),
  ledger: Number(process.env.LEDGER_HTTP_PORT ?? 8083),
  history: Number(process.env.HISTORY_HTTP_PORT ?? 8084),
  webhooks: Number(process.env.WEBHOOKS_HTTP_PORT ?? 8085),
  monitoring: Number(process.env.MONITORING_HTTP_PORT ?? 8086),
};

/**
 * Each service's metrics port on this machine (/healthz, /readyz, /metrics): all four share
 * 127.0.0.1, and 9092/9093 are the local Kafka's, so not the 9090 every container uses.
 */
const defaultMetricsPorts: Record<ServiceName, number> = {
  gateway: 9180,
  user: 9182,
  ledger: 9183,
  history: 9184,
  webhooks: 9185,
  monitoring: 9186,
};

/** The sandbox ledger (docs/decisions/0018-sandbox.md) beside the live one: its API and metrics ports. */
const sandboxPorts = { http: Number(process.env.SANDBOX_LEDGER_HTTP_PORT ?? 8087), metrics: 9187 };
const sandboxName = 'sandbox-ledger';
/** The sandbox history beside the live one: it answers a test-mode client's searches. */
const sandboxHistoryPorts = { http: Number(process.env.SANDBOX_HISTORY_HTTP_PORT ?? 8088), metrics: 9188 };
const sandboxHistoryName = 'sandbox-history';
/** The sandbox's webhooks instance: a test-mode client's endpoints, deliveries and events. */
const sandboxWebhooksPorts = { http: Number(process.env.SANDBOX_WEBHOOKS_HTTP_PORT ?? 8089), metrics: 9189 };
const sandboxWebhooksName = 'sandbox-webhooks';

/** The sandbox's processes: which service's code each runs, on which ports. */
const sandboxProcesses = {
  [sandboxName]: { service: 'ledger', ports: sandboxPorts },
  [sandboxHistoryName]: { service: 'history', ports: sandboxHistoryPorts },
  [sandboxWebhooksName]: { service: 'webhooks', ports: sandboxWebhooksPorts },
} as const satisfies Record<string, { service: ServiceName; ports: { http: number; metrics: number } }>;
type SandboxProcess = keyof typeof sandboxProcesses;

/** A supervised process: one of the services, or one of the sandbox's. */
type ProcessName = ServiceName | SandboxProcess;

function isSandboxProcess(name: ProcessName): name is SandboxProcess {
  return name in sandboxProcesses;
}

/** The service whose code a process runs: a sandbox process runs a live service's. */
function serviceOf(name: ProcessName): ServiceName {
  return isSandboxProcess(name) ? sandboxProcesses[name].service : name;
}

async function infraAndProvision(): Promise<InfraEndpoints> {
  const started = Date.now();
  // LEDGER_SHARD_COUNT=2: a second PostgreSQL cluster (port 5434) holds half the ledger's partitions.
  const endpoints = await ensureInfra(log, { ledgerShards: ledgerShardCountOf() });
  await provision({
    kafkaBrokers: endpoints.kafkaBrokers,
    databaseUrl: endpoints.databaseUrl,
    topicPrefix: process.env.TOPIC_PREFIX ?? '',
    schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '',
    log,
  });
  // The sandbox's topics and its ledger and history schemas (`sandbox_`): test-mode clients' commands and reads go there.
  await provisionSandbox({
    kafkaBrokers: endpoints.kafkaBrokers,
    databaseUrl: endpoints.databaseUrl,
    livePrefix: process.env.TOPIC_PREFIX ?? '',
    log,
  });
  if (endpoints.shardDatabaseUrl) {
    await migrateLedgerShards({ shardAdminUrls: [endpoints.shardDatabaseUrl], schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '', log });
  }
  log(
    `infrastructure ready in ${Date.now() - started} ms: KAFKA_BROKERS=${endpoints.kafkaBrokers.join(',')} REDIS_URL=${endpoints.redisUrl}`,
  );
  return endpoints;
}

/** SIGTERM lets a service finish its batches (the services give themselves 20 s); then SIGKILL. */
const stopGraceMs = 10_000;
const startupReadyMs = 60_000;

/** The service's output on ours, each line prefixed with its name. */
function pipeOutput(name: ProcessName, child: ChildProcess): void {
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream?.on('end', () => {
      if (pending) process.stdout.write(`${prefix}${pending}\n`);
      pending = '';
    });
  }
}

async function start(): Promise<void> {
  const endpoints = await infraAndProvision();
  // The gateway serves services/admin-console/dist/www at /admin (read when it starts).
  await ensureConsoleBuilt(log);
  const serviceKeys = generateServiceKeys();
  saveRunHistoryServiceKey(serviceKeys);
  const envs = stackEnvs(endpoints, serviceKeys);

  // Like a Kubernetes deployment: a service that exits on its own (a crash, a signal not from us)
  // is started again, after 1 s, 2 s, 4 s … 30 s; the rest keeps running.
  let stopping = false;
  const supervisors = superviseServices(envs, () => stopping);

  const stopAll = async (code: number, reason: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping the services (infrastructure keeps running; \`npm run stop\` stops it)`);
    await Promise.all([...supervisors.values()].map((s) => s.stop(stopGraceMs)));
    log('services stopped');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(0, signal));
  // Whatever ends this process, the services (in their own process groups) do not outlive it.
  process.on('exit', () => {
    for (const s of supervisors.values()) s.killNow();
  });

  try {
    // Back-end services first (the sandbox's after the live ones): the gateway fetches the signing keys from the user service.
    for (const name of startOrder) {
      if (stopping) return;
      supervisors.get(name)!.start();
      if (name !== 'gateway' && !(await waitForReady(readyUrlOf(name), startupReadyMs, { gaveUp: () => stopping }))) return;
    }
    if (!(await waitForReady(readyUrlOf('gateway'), startupReadyMs, { gaveUp: () => stopping }))) return;
  } catch (err) {
    await stopAll(1, (err as Error).message);
    return;
  }

  await bootstrapIfAsked(envs.user.USER_DATABASE_URL!);
  log(
    `gateway on http://127.0.0.1:${defaultPorts.gateway} (API docs at /docs, admin console at /admin, test-mode clients served by the sandbox ledger, history and webhooks); /metrics, /healthz, /readyz on ports ${[...Object.values(defaultMetricsPorts), ...Object.values(sandboxProcesses).map((p) => p.ports.metrics)].join(', ')}; a service that exits is restarted; Ctrl-C stops the services`,
  );
}

const startOrder: readonly ProcessName[] = [
  ...serviceNames.filter((name) => name !== 'gateway'),
  ...(Object.keys(sandboxProcesses) as SandboxProcess[]),
  'gateway',
];

/** Readiness is on each service's metrics port. */
function readyUrlOf(name: ProcessName): string {
  return `http://127.0.0.1:${isSandboxProcess(name) ? sandboxProcesses[name].ports.metrics : defaultMetricsPorts[name]}`;
}

/** The entry point of a process: a sandbox process is its service's own. */
function mainOf(name: ProcessName): string {
  return join(repoRoot, `services/${serviceOf(name)}/src/main.ts`);
}

/** A supervisor per service (not started yet); a restarted one is logged once ready again, unless the stack is stopping. */
function superviseServices(envs: ReturnType<typeof stackEnvs>, isStopping: () => boolean): Map<ProcessName, Supervisor> {
  const supervisors = new Map<ProcessName, Supervisor>();
  for (const name of startOrder) {
    const supervisor: Supervisor = new Supervisor({
      name,
      spec: {
        command: process.execPath,
        args: [...serviceNodeArgs[serviceOf(name)], '--import', 'tsx', mainOf(name)],
        cwd: repoRoot,
        env: { ...process.env, ...envs[name] },
        // Ctrl-C reaches only us; we stop each service once, gracefully (a second signal would
        // make a service exit at once).
        detached: true,
      },
      log,
      onSpawn: (child, cause) => {
        pipeOutput(name, child);
        if (cause !== 'restart') return;
        const gaveUp = () => isStopping() || supervisor.child !== child || !supervisor.isRunning();
        waitForReady(readyUrlOf(name), startupReadyMs, { gaveUp }).then(
          (ready) => ready && log(`${name} ready again (pid ${child.pid}, restart #${supervisor.restarts})`),
          (err: Error) => log(`${name} (pid ${child.pid}): ${err.message}`),
        );
      },
    });
    supervisors.set(name, supervisor);
  }
  return supervisors;
}

/** The services' environments for this run: the infrastructure's endpoints, the dev keys and this run's service keys. */
function stackEnvs(
  endpoints: Awaited<ReturnType<typeof infraAndProvision>>,
  serviceKeys: ReturnType<typeof generateServiceKeys>,
): Record<ProcessName, Record<string, string>> {
  const livePrefix = process.env.TOPIC_PREFIX ?? '';
  const envs = serviceEnvs({
    ...endpoints,
    topicPrefix: livePrefix,
    schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '',
    jwtKey: devJwtKey(),
    auditCheckpointKey: devAuditCheckpointKey(),
    // New service-token keys every run, in the services' environment (docs/operations/procedures.md "Service keys").
    serviceKeys,
    ports: defaultPorts,
    metricsPorts: defaultMetricsPorts,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    extra: {
      ...Object.fromEntries(Object.entries(localStackDefaults).map(([name, value]) => [name, process.env[name] ?? value])),
      ...(process.env.COIN_XAF_RATE ? { COIN_XAF_RATE: process.env.COIN_XAF_RATE } : {}),
      ...(endpoints.shardDatabaseUrl
        ? {
            LEDGER_SHARDS_DATABASE_URL: ledgerShardMap(
              [endpoints.databaseUrl, endpoints.shardDatabaseUrl],
              defaultPartitions['ledger.commands'],
            ),
          }
        : {}),
    },
  });
  const sandboxRolePassword = (role: string) => devRolePassword(endpoints.databaseUrl, role);
  return {
    ...envs,
    // The gateway sends a test-mode client's commands on the routes the sandbox serves to its
    // ledger, and reads its reads, webhooks and events from the sandbox's ledger, history and webhooks.
    gateway: {
      ...envs.gateway,
      SANDBOX_TOPIC_PREFIX: sandboxPrefixOf(livePrefix),
      SANDBOX_LEDGER_URL: `http://127.0.0.1:${sandboxPorts.http}`,
      SANDBOX_HISTORY_URL: `http://127.0.0.1:${sandboxHistoryPorts.http}`,
      SANDBOX_WEBHOOKS_URL: `http://127.0.0.1:${sandboxWebhooksPorts.http}`,
    },
    // Each as the sandbox's own database role, with its development password (provisionSandbox made them).
    [sandboxName]: sandboxLedgerEnv(envs.ledger, livePrefix, sandboxPorts, sandboxRolePassword),
    [sandboxHistoryName]: sandboxHistoryEnv(envs.history, livePrefix, sandboxHistoryPorts, sandboxRolePassword),
    [sandboxWebhooksName]: sandboxWebhooksEnv(
      envs.webhooks,
      livePrefix,
      sandboxWebhooksPorts,
      `http://127.0.0.1:${sandboxPorts.http}`,
      sandboxRolePassword,
    ),
  };
}

/** Makes the SUPERADMIN that BOOTSTRAP_SUPERADMIN_EMAIL and _PASSWORD name, when both are set. */
async function bootstrapIfAsked(userDatabaseUrl: string): Promise<void> {
  const email = process.env.BOOTSTRAP_SUPERADMIN_EMAIL;
  const password = process.env.BOOTSTRAP_SUPERADMIN_PASSWORD;
  if (email && password) {
    const outcome = await bootstrapSuperadmin({
      databaseUrl: userDatabaseUrl,
      schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '',
      topicPrefix: process.env.TOPIC_PREFIX ?? '',
      email,
      password,
    });
    log(`bootstrap superadmin: ${outcome}`);
  }
}

const usage =
  'usage: npm start | npm run infra | npm run migrate | npm run stop | npm run clean:runs   (sh scripts/bootstrap.sh start|infra|migrate|stop|clean)';

async function main(): Promise<void> {
  const [command] = positionalArgs(process.argv.slice(2), 1, usage);
  switch (command) {
    case 'start':
      return start();
    case 'infra':
      await infraAndProvision();
      await ensureConsoleBuilt(log);
      return;
    case 'migrate': {
      await infraAndProvision();
      return;
    }
    case 'stop':
      await stopInfra(log);
      return;
    case 'clean': {
      const started = Date.now();
      const shardDatabaseUrl = await runningShardPostgresUrl();
      const removed = await removeStaleRuns({ ...(await ensureInfra(log)), ...(shardDatabaseUrl ? { shardDatabaseUrl } : {}) });
      log(
        `removed ${removed.topics} topics and ${removed.schemas} schemas of test and bench runs older than 2 h in ${Date.now() - started} ms`,
      );
      return;
    }
    default:
      throw new Error(`${usage} (got ${command ?? 'nothing'})`);
  }
}

main().catch((err: Error) => {
  process.stderr.write(`[stack] ${err.message}\n`);
  process.exit(1);
});
