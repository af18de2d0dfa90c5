/**
 * The project's own set-up: `npm start`, `npm test`, `npm run stop` all come through here.
 *   start    infrastructure, topics, migrations, bootstrap admin, then the four services
 *   infra    infrastructure, topics, migrations (what the test suite needs first)
 *   migrate  topics and migrations only, against running infrastructure
 *   stop     stops what this project started, and nothing else
 *   clean    removes the topics and schemas of test and bench runs started over 2 h ago
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureInfra, stopInfra, type InfraEndpoints } from './infra';
import { serviceEnvs } from './stack/env';
import { devJwtKey } from './stack/keys';
import { provision } from './stack/provision';
import { repoRoot, serviceNames, serviceNodeArgs, type ServiceName } from './stack/services';
import { bootstrapSuperadmin } from './stack/bootstrap-admin';
import { removeStaleRuns } from './stack/cleanup';

const log = (message: string) => process.stdout.write(`[stack] ${message}\n`);

const defaultPorts: Record<ServiceName, number> = {
  gateway: Number(process.env.GATEWAY_PORT ?? 8080),
  user: Number(process.env.USER_HTTP_PORT ?? 8082),
  ledger: Number(process.env.LEDGER_HTTP_PORT ?? 8083),
  history: Number(process.env.HISTORY_HTTP_PORT ?? 8084),
};

async function infraAndProvision(): Promise<InfraEndpoints> {
  const started = Date.now();
  const endpoints = await ensureInfra(log);
  await provision({
    kafkaBrokers: endpoints.kafkaBrokers,
    databaseUrl: endpoints.databaseUrl,
    topicPrefix: process.env.TOPIC_PREFIX ?? '',
    schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '',
    log,
  });
  log(`infrastructure ready in ${Date.now() - started} ms: KAFKA_BROKERS=${endpoints.kafkaBrokers.join(',')} REDIS_URL=${endpoints.redisUrl}`);
  return endpoints;
}

function startService(name: ServiceName, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...serviceNodeArgs[name], '--import', 'tsx', join(repoRoot, `services/${name}/src/main.ts`)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  return child;
}

async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

async function start(): Promise<void> {
  const endpoints = await infraAndProvision();
  const envs = serviceEnvs({
    ...endpoints,
    topicPrefix: process.env.TOPIC_PREFIX ?? '',
    schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '',
    jwtKey: devJwtKey(),
    ports: defaultPorts,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    extra: process.env.COIN_XAF_RATE ? { COIN_XAF_RATE: process.env.COIN_XAF_RATE } : {},
  });
  const children = new Map<ServiceName, ChildProcess>();
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping services (infrastructure keeps running; `npm run stop` stops it)');
    for (const child of children.values()) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 500).unref();
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  // Back-end services first: the gateway fetches the signing keys from the user service.
  for (const name of serviceNames) {
    const child = startService(name, envs[name]);
    children.set(name, child);
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${name} exited (${signal ?? code}); stopping the rest`);
        stopAll(1);
      }
    });
    if (name !== 'gateway') await waitForReady(`http://127.0.0.1:${defaultPorts[name]}`, 60_000);
  }
  await waitForReady(`http://127.0.0.1:${defaultPorts.gateway}`, 60_000);

  const email = process.env.BOOTSTRAP_SUPERADMIN_EMAIL;
  const password = process.env.BOOTSTRAP_SUPERADMIN_PASSWORD;
  if (email && password) {
    const outcome = await bootstrapSuperadmin({
      databaseUrl: envs.user.USER_DATABASE_URL!,
      schemaPrefix: process.env.DB_SCHEMA_PREFIX ?? '',
      topicPrefix: process.env.TOPIC_PREFIX ?? '',
      email,
      password,
    });
    log(`bootstrap superadmin: ${outcome}`);
  }
  log(`gateway on http://127.0.0.1:${defaultPorts.gateway} (API docs at /docs); Ctrl-C stops the services`);
}

async function main(): Promise<void> {
  const command = process.argv[2];
  switch (command) {
    case 'start':
      return start();
    case 'infra':
      await infraAndProvision();
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
      const removed = await removeStaleRuns(await ensureInfra(log));
      log(`removed ${removed.topics} topics and ${removed.schemas} schemas of test and bench runs older than 2 h in ${Date.now() - started} ms`);
      return;
    }
    default:
      throw new Error(`usage: stack.ts start|infra|migrate|stop|clean (got ${command ?? 'nothing'})`);
  }
}

main().catch((err: Error) => {
  process.stderr.write(`[stack] ${err.message}\n`);
  process.exit(1);
});
