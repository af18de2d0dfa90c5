/**
 * Restarts the Redis server the bank test's gateway uses, the way the project's infrastructure
 * scripts (scripts/infra/redis.ts) started it, and only when they did: Debian's `redis-server`,
 * daemonized, with its pid recorded in `<checkout>/.run/started.json` (this checkout's or
 * another's: the checkout is the one whose `.data/redis` the server runs in). The server's own
 * settings (`CONFIG GET`: port, bind, pidfile, dir, logfile, save, appendonly, daemonize) are
 * read before the stop and passed to the new `redis-server`, and the pid record is updated, so
 * `npm run stop` there still stops it. Anything else (REDIS_URL naming a server of its own,
 * Testcontainers, a Redis the project did not start) is not ours to restart.
 *
 * `SHUTDOWN NOSAVE` ends every connection; new ones are refused until the server is started
 * again after `holdDownMs`. The server is shared by everything on the machine: only
 * `npm run chaos` with CHAOS_REDIS_RESTART on calls this, never the short test in `npm test`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { localHosts, readJson, sleep } from './client';
import { basename, dirname, join } from 'node:path';
import Redis from 'ioredis';
import { isPidAlive, readPidFile, run, tail, terminate, which } from '../../scripts/infra/common';
import { probeRedis } from '../../scripts/infra/redis';
import type { InfraOutage, Located } from './postgres-restart';

export interface RedisServer {
  pid: number;
  port: number;
  /** The checkout whose scripts started it (its .run/started.json records the pid). */
  root: string;
  what: string;
}

/** Redis starts in milliseconds; this covers a loaded machine. */
const answerTimeoutMs = 15_000;
/** The settings scripts/infra/redis.ts starts the server with. */
const settings = ['port', 'bind', 'pidfile', 'dir', 'logfile', 'save', 'appendonly', 'daemonize'] as const;

/** The redis-server process whose title names `:port` (a daemonized server rewrites its argv). */
function redisOnPort(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'redis-server') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`:${port}`)) return Number(entry);
    } catch {
      // gone, or not ours to read
    }
  }
  return undefined;
}

/** Where the server behind `redisUrl` came from, if the project's scripts started it. */
export function locateRedis(redisUrl: string): Located<RedisServer> {
  const url = new URL(redisUrl);
  if (!localHosts.has(url.hostname)) return { ok: false, reason: `${url.host} is not on this machine` };
  const port = Number(url.port || '6379');
  const pid = redisOnPort(port);
  if (pid === undefined) return { ok: false, reason: `no redis-server process of this machine serves port ${port}` };
  let cwd: string;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return { ok: false, reason: `redis-server pid ${pid} is not ours to inspect` };
  }
  // scripts/infra/redis.ts runs it in <checkout>/.data/redis and records its pid.
  const root = dirname(dirname(cwd));
  const recorded = (readJson(join(root, '.run', 'started.json')).redis as { pid?: number } | undefined)?.pid;
  if (basename(cwd) !== 'redis' || basename(dirname(cwd)) !== '.data' || recorded !== pid) {
    return { ok: false, reason: `redis-server pid ${pid} on port ${port} (in ${cwd}) was not started by the project's scripts` };
  }
  return { ok: true, server: { pid, port, root, what: `redis-server pid ${pid} of ${root}` } };
}

/** A one-shot connection to the server itself: no retries, no reconnects, errors left to the caller. */
function directClient(server: RedisServer): Redis {
  const client = new Redis({
    host: '127.0.0.1',
    port: server.port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  return client;
}

async function configOf(server: RedisServer): Promise<Record<(typeof settings)[number], string>> {
  const client = directClient(server);
  try {
    await client.connect();
    const config: Record<string, string> = {};
    for (const key of settings) {
      const [, value] = (await client.config('GET', key)) as [string, string];
      config[key] = value ?? '';
    }
    return config as Record<(typeof settings)[number], string>;
  } finally {
    client.disconnect();
  }
}

async function shutdown(server: RedisServer): Promise<void> {
  const client = directClient(server);
  try {
    await client.connect();
    // The server closes the connection instead of answering: not awaited, the pid is watched.
    client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (isPidAlive(server.pid) && Date.now() < deadline) await sleep(20);
  } finally {
    client.disconnect();
  }
  if (isPidAlive(server.pid)) await terminate(server.pid, 5_000);
}

/** Points the checkout's pid record at the new server, as kafka-restart.ts does for the broker. */
function updateRecord(server: RedisServer, newPid: number): void {
  const file = join(server.root, '.run', 'started.json');
  if (!existsSync(file)) return;
  const record = readJson(file) as { redis?: { pid: number } };
  if (record.redis?.pid !== server.pid) return;
  record.redis.pid = newPid;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(tmp, file);
}

/**
 * Stops the server (SHUTDOWN NOSAVE), keeps it down for `holdDownMs`, starts `redis-server`
 * again with the settings it had and waits for PONG. Throws when it does not come back.
 */
export async function restartRedis(
  server: RedisServer,
  redisUrl: string,
  holdDownMs: number,
  log: (m: string) => void,
): Promise<InfraOutage & { pid: number }> {
  const config = await configOf(server);
  const bin = which('redis-server');
  if (!bin) throw new Error('redis-server is not on PATH');
  const began = Date.now();
  log(`redis: stopping ${server.what} (SHUTDOWN NOSAVE: every connection ended)`);
  await shutdown(server);
  const whileDown = (await probeRedis(redisUrl, 1_000)) ? 'still answering' : 'no PONG (refused)';
  log(`redis: down (${whileDown}); starting it again in ${Math.max(0, began + holdDownMs - Date.now())} ms`);
  await sleep(Math.max(0, began + holdDownMs - Date.now()));
  const args = [
    '--port',
    config.port,
    '--bind',
    ...config.bind.split(' ').filter(Boolean),
    '--daemonize',
    config.daemonize,
    '--pidfile',
    config.pidfile,
    '--dir',
    config.dir,
    '--save',
    config.save,
    '--appendonly',
    config.appendonly,
    '--logfile',
    config.logfile,
  ];
  if (config.daemonize === 'yes') {
    const result = await run(bin, args, { cwd: config.dir });
    if (result.code !== 0)
      throw new Error(`redis-server did not start again (exit ${result.code}): ${tail(result.stderr || result.stdout, 5)}`);
  } else {
    const child = spawn(bin, args, { cwd: config.dir, detached: true, stdio: 'ignore' });
    child.unref();
  }
  const deadline = Date.now() + answerTimeoutMs;
  while (!(await probeRedis(redisUrl, 500))) {
    if (Date.now() > deadline)
      throw new Error(`redis-server started but does not answer PING within ${answerTimeoutMs / 1000} s; see ${config.logfile}`);
    await sleep(50);
  }
  const downMs = Date.now() - began;
  const newPid = (config.pidfile ? readPidFile(config.pidfile) : undefined) ?? redisOnPort(server.port);
  if (newPid === undefined) throw new Error('the restarted redis-server has no pid file and no process');
  updateRecord(server, newPid);
  log(`redis: answering again after ${downMs} ms (pid ${newPid})`);
  return { how: `redis-server (SHUTDOWN NOSAVE, then the same settings)`, downMs, whileDown, pid: newPid };
}
