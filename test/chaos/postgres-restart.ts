/**
 * Restarts the PostgreSQL server the bank test's services use, the way the project's
 * infrastructure scripts (scripts/infra/postgres.ts) started it, and only when they did:
 *  - the machine's Debian cluster serving the URL's port, started with `pg_ctlcluster` and
 *    recorded in this checkout's `.run/started.json` (`postgres.cluster`): `pg_ctlcluster <ver>
 *    <name> stop -m fast`, then `start`;
 *  - a private cluster in `<checkout>/.data/postgres` (this checkout or another), started with
 *    `pg_ctl` and recorded in that checkout's `.run/started.json` (`postgres.dataDir`):
 *    `pg_ctl -D <dir> -m fast stop`, then `start`, logging to that checkout's `.run/postgres.log`.
 * Anything else (DATABASE_URL naming a server of its own, Testcontainers, a cluster that was
 * running before the project came) is not ours to restart: the caller gets the reason instead.
 *
 * It is a real restart: the fast shutdown ends every connection ("terminating connection due to
 * administrator command"), and new ones are refused until the server is started again after
 * `holdDownMs`. The server is shared by everything on the machine: only `npm run chaos` with
 * CHAOS_DB_RESTART on calls this, never the short bank test inside `npm test`.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { localHosts, readJson, sleep } from './client';
import { basename, dirname, join, resolve } from 'node:path';
import { isRoot, run, startedFile, tail, which, type RunResult } from '../../scripts/infra/common';
import { probePostgres } from '../../scripts/infra/postgres';

export type PostgresServer =
  | { kind: 'cluster'; version: string; name: string; port: number; what: string }
  | { kind: 'private'; dataDir: string; binDir: string; port: number; logFile: string; what: string };

export type Located<T> = { ok: true; server: T } | { ok: false; reason: string };

export interface InfraOutage {
  /** How the server was stopped and started. */
  how: string;
  /** From the stop command to the first answer after the start (ms). */
  downMs: number;
  /** What a connection attempt got while the server was down (e.g. ECONNREFUSED). */
  whileDown: string;
}

/** pg_ctl's own wait for stop and start, as scripts/infra/postgres.ts uses. */
const pgCtlTimeoutS = 60;
/** How long the restarted server gets to accept the URL again. */
const answerTimeoutMs = 60_000;

/** The postmaster (`…/bin/postgres -D <dir> …`) whose postmaster.pid names `port`. */
function postmasterOnPort(port: number): { pid: number; dataDir: string; binDir: string } | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const d = argv.indexOf('-D');
      if (basename(argv[0] ?? '') !== 'postgres' || d < 0 || !argv[d + 1]) continue;
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      const dataDir = resolve(cwd, argv[d + 1]!);
      // postmaster.pid: pid, data directory, start time, port, ...
      const lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
      if (Number(lines[0]) === Number(entry) && Number(lines[3]) === port) {
        return { pid: Number(entry), dataDir, binDir: dirname(readlinkSync(`/proc/${entry}/exe`)) };
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return undefined;
}

/** Where the server behind `databaseUrl` came from, if the project's scripts started it. */
export async function locatePostgres(databaseUrl: string): Promise<Located<PostgresServer>> {
  const url = new URL(databaseUrl);
  if (!localHosts.has(url.hostname)) return { ok: false, reason: `${url.host} is not on this machine` };
  const port = Number(url.port || '5432');

  // The machine's cluster, when the project started it (scripts/infra/postgres.ts useSystemCluster).
  if (which('pg_lsclusters')) {
    const listed = await run('pg_lsclusters', ['--no-header']);
    for (const f of listed.stdout.split('\n').map((l) => l.trim().split(/\s+/))) {
      if (f.length < 4 || Number(f[2]) !== port || !(f[3] ?? '').startsWith('online')) continue;
      const id = `${f[0]}/${f[1]}`;
      const recorded = (readJson(startedFile).postgres as { cluster?: string } | undefined)?.cluster;
      if (recorded !== id) {
        return {
          ok: false,
          reason: `cluster ${id} on port ${port} was not started by this checkout's scripts (${startedFile} does not record it)`,
        };
      }
      return { ok: true, server: { kind: 'cluster', version: f[0]!, name: f[1]!, port, what: `cluster ${id} (pg_ctlcluster)` } };
    }
  }

  // A private cluster in <checkout>/.data/postgres (usePrivateCluster), this checkout's or another's.
  const postmaster = postmasterOnPort(port);
  if (!postmaster) return { ok: false, reason: `no PostgreSQL cluster of this machine serves port ${port}` };
  const root = dirname(dirname(postmaster.dataDir));
  const recorded = (readJson(join(root, '.run', 'started.json')).postgres as { dataDir?: string } | undefined)?.dataDir;
  if (!postmaster.dataDir.endsWith(join('.data', 'postgres')) || recorded === undefined || resolve(recorded) !== postmaster.dataDir) {
    return { ok: false, reason: `the server on port ${port} (data ${postmaster.dataDir}) was not started by the project's scripts` };
  }
  return {
    ok: true,
    server: {
      kind: 'private',
      dataDir: postmaster.dataDir,
      binDir: postmaster.binDir,
      port,
      logFile: join(root, '.run', 'postgres.log'),
      what: `private cluster ${postmaster.dataDir} (pg_ctl)`,
    },
  };
}

/** pg_ctl as the data directory's owner: postgres when we are root (it refuses root), else ourselves. */
function pgCtl(server: Extract<PostgresServer, { kind: 'private' }>, args: string[]): Promise<RunResult> {
  const exe = join(server.binDir, 'pg_ctl');
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', exe, ...args], { cwd: '/' }) : run(exe, args, { cwd: '/' });
}

function stop(server: PostgresServer): Promise<RunResult> {
  return server.kind === 'cluster'
    ? run('pg_ctlcluster', [server.version, server.name, 'stop', '-m', 'fast'])
    : pgCtl(server, ['-D', server.dataDir, '-m', 'fast', '-w', '-t', String(pgCtlTimeoutS), 'stop']);
}

function start(server: PostgresServer): Promise<RunResult> {
  return server.kind === 'cluster'
    ? run('pg_ctlcluster', [server.version, server.name, 'start'])
    : pgCtl(server, [
        '-D',
        server.dataDir,
        '-l',
        existsSync(dirname(server.logFile)) ? server.logFile : '/dev/null',
        '-w',
        '-t',
        String(pgCtlTimeoutS),
        'start',
      ]);
}

/**
 * Stops the server (fast: every connection ended), keeps it down for `holdDownMs`, starts it
 * again and waits until `databaseUrl` answers. Throws when the server does not come back, after
 * a second start attempt: the machine must not be left without its database.
 */
export async function restartPostgres(
  server: PostgresServer,
  databaseUrl: string,
  holdDownMs: number,
  log: (m: string) => void,
): Promise<InfraOutage> {
  const began = Date.now();
  log(`postgres: stopping ${server.what}, fast (every connection ended)`);
  const stopped = await stop(server);
  if (stopped.code !== 0) throw new Error(`PostgreSQL stop failed (exit ${stopped.code}): ${tail(stopped.stderr || stopped.stdout, 5)}`);
  const probe = await probePostgres(databaseUrl, 1_000);
  const whileDown = probe.ok ? 'still answering' : probe.code;
  log(`postgres: down (a connection gets ${whileDown}); starting it again in ${Math.max(0, began + holdDownMs - Date.now())} ms`);
  await sleep(Math.max(0, began + holdDownMs - Date.now()));
  // The start command returns a while after the server accepts connections: the outage ends
  // with the first connection that works, probed meanwhile.
  const starting = start(server);
  let answeredAt: number | undefined;
  const deadline = Date.now() + answerTimeoutMs;
  let startFailed: RunResult | undefined;
  void starting.then((r) => {
    if (r.code !== 0) startFailed = r;
  });
  while (answeredAt === undefined && startFailed === undefined && Date.now() < deadline) {
    if ((await probePostgres(databaseUrl, 1_000)).ok) answeredAt = Date.now();
    else await sleep(100);
  }
  let started = await starting;
  if (answeredAt === undefined && started.code !== 0) {
    log(`postgres: start failed (exit ${started.code}), trying once more: ${tail(started.stderr || started.stdout, 3)}`);
    await sleep(2_000);
    started = await start(server);
    if (started.code !== 0)
      throw new Error(`PostgreSQL did not start again (exit ${started.code}): ${tail(started.stderr || started.stdout, 5)}`);
  }
  while (answeredAt === undefined) {
    if ((await probePostgres(databaseUrl, 1_000)).ok) answeredAt = Date.now();
    else if (Date.now() > deadline)
      throw new Error(`PostgreSQL (${server.what}) started but does not accept ${databaseUrl} within ${answerTimeoutMs / 1000} s`);
    else await sleep(100);
  }
  const downMs = answeredAt - began;
  log(`postgres: answering again after ${downMs} ms`);
  return { how: server.what, downMs, whileDown };
}
