// Redis from Debian's redis-server package, run as a daemon owned by this project.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Redis from 'ioredis';
import {
  aptInstall,
  dataRoot,
  ensureDir,
  isPidAlive,
  isRoot,
  pidCommandLine,
  readPidFile,
  readStarted,
  rel,
  run,
  runRoot,
  tail,
  terminate,
  updateStarted,
  waitFor,
  which,
  type Log,
} from './common';

export const defaultRedisUrl = 'redis://127.0.0.1:6379';
const redisPort = 6379;
export const redisDataDir = path.join(dataRoot, 'redis');
export const redisLogFile = path.join(runRoot, 'redis.log');
const pidFile = path.join(runRoot, 'redis.pid');

/** Redis starts in milliseconds; this only covers a loaded, slow machine. */
const readyTimeoutMs = 30_000;
const probeIntervalMs = 100;
const stopGraceMs = 10_000;

/** True when PING answers PONG at `url`. Never retries, never throws. */
export async function probeRedis(url: string, timeoutMs = 2_000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // Without a listener ioredis reports connection errors as unhandled 'error' events.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function redisServerBin(log: Log): Promise<string> {
  const found = which('redis-server');
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      'Redis: redis-server is not installed and we are not root to install it: apt-get install -y redis-server, or set REDIS_URL',
    );
  }
  // The package's postinst may start its own service (where policy-rc.d allows it); the caller
  // probes again afterwards and reuses such a server instead of starting a second one.
  await aptInstall(['redis-server'], log);
  const installed = which('redis-server');
  if (!installed) throw new Error('Redis: apt-get install redis-server finished but redis-server is not on PATH');
  return installed;
}

function ourRunningPid(): number | undefined {
  const pid = readPidFile(pidFile);
  if (pid === undefined || !isPidAlive(pid)) return undefined;
  return pidCommandLine(pid)?.includes('redis-server') ? pid : undefined;
}

export interface RedisUp {
  url: string;
  startedHere: boolean;
}

export async function ensureRedis(log: Log): Promise<RedisUp> {
  const url = defaultRedisUrl;
  if (await probeRedis(url)) {
    const pid = ourRunningPid();
    log(`Redis: reusing server at ${url}${pid ? ` (pid ${pid})` : ' (not started by this project)'}`);
    return { url, startedHere: false };
  }
  const bin = await redisServerBin(log);
  if (await probeRedis(url)) {
    log(`Redis: the redis-server package started its own service at ${url}; reusing it`);
    return { url, startedHere: false };
  }

  ensureDir(redisDataDir);
  ensureDir(runRoot);
  fs.rmSync(pidFile, { force: true });
  // Truncate so the log shows this start only; redis appends.
  fs.writeFileSync(redisLogFile, '');
  const args = [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile,
    '--dir',
    redisDataDir,
    // A cache and rate-limit store for tests and dev: nothing is worth writing to disk.
    '--save',
    '',
    '--appendonly',
    'no',
    '--logfile',
    redisLogFile,
  ];
  log(`Redis: starting redis-server on ${url}`);
  const result = await run(bin, args, { cwd: redisDataDir });
  if (result.code !== 0) {
    throw new Error(`Redis did not start (exit ${result.code}); see ${rel(redisLogFile)}\n${tail(result.stderr || result.stdout)}`);
  }
  const ready = await waitFor(async () => ((await probeRedis(url, 500)) ? true : undefined), {
    timeoutMs: readyTimeoutMs,
    intervalMs: probeIntervalMs,
  });
  const pid = readPidFile(pidFile);
  if (!ready || pid === undefined) {
    throw new Error(`Redis did not become ready within ${readyTimeoutMs / 1000} s; see ${rel(redisLogFile)}`);
  }
  updateStarted((r) => {
    r.redis = { pid, port: redisPort };
  });
  log(`Redis: ready at ${url} (pid ${pid})`);
  return { url, startedHere: true };
}

/** Stops the server only if this project started it. */
export async function stopRedis(log: Log): Promise<void> {
  const entry = readStarted().redis;
  if (!entry) return;
  if (pidCommandLine(entry.pid)?.includes('redis-server')) {
    log(`Redis: stopping pid ${entry.pid}`);
    const cli = which('redis-cli');
    if (cli) await run(cli, ['-h', '127.0.0.1', '-p', String(entry.port), 'shutdown', 'nosave']);
    // redis-cli returns before the process is gone; make sure, and fall back to signals.
    const gone = await waitFor(async () => (isPidAlive(entry.pid) ? undefined : true), { timeoutMs: 3_000, intervalMs: 100 });
    if (!gone) await terminate(entry.pid, stopGraceMs);
  } else {
    log('Redis: recorded process is no longer running');
  }
  fs.rmSync(pidFile, { force: true });
  updateStarted((r) => {
    delete r.redis;
  });
}
