// The harness's other stack: the four services as containers of the built image (COIN_TEST_IMAGE,
// set by `npm run image:test`), instead of in this process. Each test file still gets its own
// prefix, its own extra environment and its own containers; `migrate` runs as a container too.
// The containers use the host's network (the project's engine has no bridge: scripts/image/engine.ts),
// so the same Kafka, PostgreSQL and Redis as the in-process stack, on free ports of 127.0.0.1.
import { createServer } from 'node:net';
import { dockerEnv, imageRunLabel } from '../../scripts/image/engine';
import { run, tail } from '../../scripts/infra/common';
import type { ServiceName } from '../../scripts/stack/services';

/** Every container this way: what the Dockerfile and the manifests promise (non-root, read-only, no capabilities). */
const hardening = [
  '--network',
  'host',
  '--read-only',
  '--tmpfs',
  '/tmp',
  '--user',
  '1000:1000',
  '--cap-drop',
  'ALL',
  '--security-opt',
  'no-new-privileges',
];

/** A service container: a process of its own per service, slower to start than in process on two loaded cores. */
const readyTimeoutMs = 120_000;

export function testImage(): string | undefined {
  return process.env.COIN_TEST_IMAGE?.trim() || undefined;
}

function runLabel(): string {
  return `${imageRunLabel}=${process.env.COIN_TEST_IMAGE_RUN ?? process.env.COIN_TEST_RUN_ID ?? 'adhoc'}`;
}

/**
 * `docker run <flags> -e KEY... image command`: the values go through the docker client's own
 * environment (`-e KEY` without `=`), so no secret (JWT key, database password) is in an argv.
 */
export async function dockerRun(
  flags: readonly string[],
  env: Record<string, string>,
  command: readonly string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const image = testImage();
  if (!image) throw new Error('COIN_TEST_IMAGE is not set');
  const args = ['run', ...flags, ...hardening, '--label', runLabel(), ...Object.keys(env).flatMap((key) => ['-e', key]), image, ...command];
  return run('docker', args, { env: { ...dockerEnv(), ...env }, ...(input !== undefined ? { input } : {}) });
}

async function docker(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('docker', args, { env: dockerEnv() });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Twelve distinct free ports: each service's API port and its metrics port. */
export async function freePorts(): Promise<{ ports: Record<ServiceName, number>; metricsPorts: Record<ServiceName, number> }> {
  const ports = new Set<number>();
  while (ports.size < 12) ports.add(await freePort());
  const [gateway, user, ledger, history, webhooks, monitoring, mg, mu, ml, mh, mw, mm] = [...ports];
  return {
    ports: { gateway: gateway!, user: user!, ledger: ledger!, history: history!, webhooks: webhooks!, monitoring: monitoring! },
    metricsPorts: { gateway: mg!, user: mu!, ledger: ml!, history: mh!, webhooks: mw!, monitoring: mm! },
  };
}

/** `migrate` as the image runs it (a Kubernetes Job): topics, roles, schemas, migrations. */
export async function migrateInContainer(env: Record<string, string>): Promise<void> {
  const result = await dockerRun(['--rm'], env, ['migrate']);
  if (result.code !== 0) throw new Error(`migrate container failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`);
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

export interface RunningContainers {
  urls: Record<ServiceName, string>;
  metricsUrls: Record<ServiceName, string>;
  close(): Promise<void>;
}

/** Starts the four services detached, waits for every /readyz, and removes them on close (or on a failed start). */
export async function startServiceContainers(
  prefix: string,
  ports: Record<ServiceName, number>,
  metricsPorts: Record<ServiceName, number>,
  envs: Record<ServiceName, Record<string, string>>,
): Promise<RunningContainers> {
  const names: string[] = [];
  const close = async () => {
    if (names.length === 0) return;
    // SIGTERM first (the services drain), as Kubernetes stops a pod; then the containers go.
    await docker(['stop', '--time', '20', ...names]);
    await docker(['rm', '--force', ...names]);
  };
  const urls = Object.fromEntries(Object.entries(ports).map(([service, port]) => [service, `http://127.0.0.1:${port}`])) as Record<
    ServiceName,
    string
  >;
  const metricsUrls = Object.fromEntries(
    Object.entries(metricsPorts).map(([service, port]) => [service, `http://127.0.0.1:${port}`]),
  ) as Record<ServiceName, string>;
  try {
    for (const service of ['user', 'ledger', 'history', 'gateway'] as const) {
      const name = `coin-e2e-${prefix.replace(/_+$/, '').replaceAll('_', '-')}-${service}`;
      const result = await dockerRun(['--detach', '--name', name], envs[service], [service]);
      if (result.code !== 0) throw new Error(`docker run ${service} failed (exit ${result.code}):\n${tail(result.stderr)}`);
      names.push(name);
    }
    const deadline = Date.now() + readyTimeoutMs;
    for (const [index, service] of (['user', 'ledger', 'history', 'gateway'] as const).entries()) {
      while (!(await ready(metricsUrls[service]))) {
        const state = (await docker(['inspect', '--format', '{{.State.Status}}', names[index]!])).stdout.trim();
        if (state !== 'running' || Date.now() > deadline) {
          const logs = await docker(['logs', '--tail', '30', names[index]!]);
          throw new Error(
            `${service} container ${state === 'running' ? 'not ready in time' : state}:\n${tail(logs.stdout + logs.stderr, 30)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    return { urls, metricsUrls, close };
  } catch (err) {
    await close();
    throw err;
  }
}
