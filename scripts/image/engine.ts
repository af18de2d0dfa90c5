// A Docker engine for building and running the image on a machine that has none running: Debian's
// docker.io package (dockerd 20.10, containerd, runc), installed with apt-get when missing, and a
// daemon of this project's own on its own socket, started when none answers there.
//
// Its own socket (not /var/run/docker.sock), so that nothing else on the machine sees an engine:
// test/harness/infra.ts picks Testcontainers whenever one answers at the default socket, and
// Testcontainers would then try to pull images from Docker Hub, which these machines cannot reach.
// No bridge network and no iptables rules (a sandbox may allow neither): containers run with
// `--network host`, and builds too.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { aptInstall, ensureDir, isRoot, run, tail, waitFor, which, type Log, type RunResult } from '../infra/common';

/**
 * The engine's files: images and layers under /var/lib, sockets and pids under /run. Never inside
 * the checkout: jest's module map crawls the repository and would find the image layers' copies
 * of every workspace package.
 */
export const engineRunDir = process.env.COIN_DOCKER_RUN_DIR?.trim() || '/run/coin-ledger-docker';
export const engineDataRoot = process.env.COIN_DOCKER_DATA_ROOT?.trim() || '/var/lib/coin-ledger-docker';
export const engineLogFile = '/var/log/coin-ledger-dockerd.log';

/** The label on every container of one `npm run image:test` run (its value: the run's id), for removing them all. */
export const imageRunLabel = 'coin-ledger.image-test';

/** `DOCKER_HOST` for every docker command of these scripts: COIN_DOCKER_HOST, or this project's daemon. */
export const dockerHost = process.env.COIN_DOCKER_HOST?.trim() || `unix://${engineRunDir}/docker.sock`;

/** The environment for the docker CLI: our daemon, the classic builder (see buildImage in ./build). */
export function dockerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DOCKER_HOST: dockerHost, DOCKER_BUILDKIT: '0', DOCKER_CLI_HINTS: 'false' };
}

/** `docker <args>` against our daemon, captured; never throws. */
export function docker(args: readonly string[], opts: { input?: string } = {}): Promise<RunResult> {
  return run('docker', args, { env: dockerEnv(), ...opts });
}

/** `docker <args>`, throwing with the command's output tail when it fails; returns stdout. */
export async function dockerOk(args: readonly string[], opts: { input?: string } = {}): Promise<string> {
  const result = await docker(args, opts);
  if (result.code !== 0) throw new Error(`docker ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`);
  return result.stdout;
}

/** `docker <args>` with its output streamed to ours (long builds); resolves with the exit code. */
export function dockerStreamed(args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('docker', args, { env: dockerEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function engineAnswers(): Promise<boolean> {
  return (await docker(['version', '--format', '{{.Server.Version}}'])).code === 0;
}

/** Installs what is missing: the engine (docker.io), debootstrap (for the base image). */
async function ensurePackages(log: Log): Promise<void> {
  const missing = [...(which('dockerd') && which('docker') ? [] : ['docker.io']), ...(which('debootstrap') ? [] : ['debootstrap'])];
  if (missing.length === 0) return;
  if (!isRoot())
    throw new Error(`${missing.join(' and ')} missing and we are not root to install them: apt-get install -y ${missing.join(' ')}`);
  await aptInstall(missing, log);
}

/**
 * Makes sure a Docker engine answers at `dockerHost`: reuses one that does (ours from an earlier
 * run, or COIN_DOCKER_HOST), otherwise starts dockerd in the background. It keeps running after
 * this process (the next run reuses it and its image cache); stop it with `kill $(cat
 * /run/coin-ledger-docker/dockerd.pid)`.
 */
export async function ensureEngine(log: Log): Promise<void> {
  await ensurePackages(log);
  if (await engineAnswers()) {
    log(`Docker engine: reusing the one at ${dockerHost}`);
    return;
  }
  if (process.env.COIN_DOCKER_HOST?.trim()) throw new Error(`no Docker engine answers at COIN_DOCKER_HOST=${dockerHost}`);
  if (!isRoot()) throw new Error('dockerd must be started as root (or set COIN_DOCKER_HOST to a running engine)');
  const dockerd = which('dockerd');
  if (!dockerd) throw new Error('dockerd not found after installing docker.io');
  ensureDir(engineRunDir);
  ensureDir(engineDataRoot);
  const args = [
    '-H',
    dockerHost,
    '--data-root',
    engineDataRoot,
    '--exec-root',
    path.join(engineRunDir, 'exec'),
    '--pidfile',
    path.join(engineRunDir, 'dockerd.pid'),
    '--iptables=false',
    '--ip6tables=false',
    '--ip-forward=false',
    '--ip-masq=false',
    '--bridge=none',
  ];
  log(`Docker engine: starting dockerd on ${dockerHost} (data in ${engineDataRoot}, log ${engineLogFile})`);
  const out = fs.openSync(engineLogFile, 'a');
  const child = spawn(dockerd, args, { detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  child.unref();
  const up = await waitFor(async () => ((await engineAnswers()) ? true : undefined), {
    timeoutMs: 60_000,
    intervalMs: 500,
    abort: () => (exited !== undefined ? `dockerd exited (${exited}):\n${tail(fs.readFileSync(engineLogFile, 'utf8'))}` : undefined),
  });
  if (!up) throw new Error(`dockerd did not answer within 60 s:\n${tail(fs.readFileSync(engineLogFile, 'utf8'))}`);
  log(`Docker engine: dockerd ${(await dockerOk(['version', '--format', '{{.Server.Version}}'])).trim()} up (pid ${child.pid})`);
}
