// PostgreSQL from the machine's Debian packages: the installed cluster when we are root,
// otherwise a private cluster initialised into .data/postgres on its own port (or, as root for a
// checkout the OS user postgres cannot enter, under /var/lib/coin-ledger: ./postgres-home.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  aptInstall,
  ensureDir,
  isRoot,
  noLog,
  readStarted,
  rel,
  repoRoot,
  run,
  tail,
  updateStarted,
  waitFor,
  which,
  type Log,
  type RunResult,
} from './common';
import { clusterHome, type ClusterHome } from './postgres-home';

/**
 * The dev admin is a SUPERUSER. In PostgreSQL 15 a CREATEROLE role can create roles but not
 * `CREATE SCHEMA ... AUTHORIZATION <that role>` unless it first grants itself membership
 * (PostgreSQL 16 still needs `GRANT ... WITH SET`); migrations should not carry that
 * version-specific dance, and the Testcontainers image's user is a superuser too. Dev only.
 */
export const defaultDatabaseUrl = 'postgres://coin_admin:coin_admin@127.0.0.1:5432/coin';
/** The private cluster's port, so it never collides with a system cluster on 5432. */
const privatePort = 5433;

/**
 * The second cluster, the ledger's shard 1 (docs/design/ledger.md "Shards"): always a private cluster
 * of our own (initdb), on a port neither the system cluster (5432) nor the private one (5433) takes.
 */
const shardPort = 5434;
export const defaultShardDatabaseUrl = withPort(defaultDatabaseUrl, shardPort);

/** A cluster this project initialises and runs itself: where its data, log and record live. */
export interface PrivateCluster {
  url: string;
  dataDir: string;
  logFile: string;
  /** The directories of its data and log: in the checkout, or outside it (./postgres-home.ts). */
  home: ClusterHome;
  /** Its entry in `startedFile` (the checkout's .run/started.json), so that `npm run stop` stops exactly it. */
  record: 'postgres' | 'postgresShard';
  startedFile: string;
  name: string;
}

export interface PrivateClusterOptions {
  /** The checkout whose cluster it is; this one by default. */
  checkout?: string;
  /** Another port than the kind's own (5433, 5434). */
  port?: number;
}

const privateKinds = {
  main: { dir: 'postgres', port: privatePort, record: 'postgres', name: 'private cluster' },
  shard: { dir: 'postgres-shard1', port: shardPort, record: 'postgresShard', name: 'shard cluster' },
} as const;

type PrivateKind = keyof typeof privateKinds;

const startedFileOf = (checkout: string) => path.join(checkout, '.run', 'started.json');

/**
 * A checkout's main private cluster (port 5433, when no Debian cluster serves 5432 as root) or its
 * shard cluster (5434), where its server's user can reach it (./postgres-home.ts decides, making
 * the directories).
 */
export async function privateCluster(kind: PrivateKind, options: PrivateClusterOptions = {}, log: Log = noLog): Promise<PrivateCluster> {
  const k = privateKinds[kind];
  const checkout = options.checkout ?? repoRoot;
  const home = await clusterHome(checkout, log);
  return {
    url: withPort(defaultDatabaseUrl, options.port ?? k.port),
    dataDir: path.join(home.dataRoot, k.dir),
    logFile: path.join(home.logRoot, `${k.dir}.log`),
    home,
    record: k.record,
    startedFile: startedFileOf(checkout),
    name: k.name,
  };
}

/** A wait for a condition: a cold start with crash recovery on a slow, busy box, not a speed target. */
const readyTimeoutMs = 90_000;
const probeIntervalMs = 300;
/** pg_ctl's own wait for start and stop. */
const pgCtlTimeoutS = 60;

export type PgProbe = { ok: true } | { ok: false; code: string; message: string };

/** Connects and runs SELECT 1. The error code tells "nobody home" from "no such role/database". */
export async function probePostgres(url: string, timeoutMs = 3_000): Promise<PgProbe> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { ok: false, code: e.code ?? 'UNKNOWN', message: e.message ?? String(err) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withPort(url: string, port: number): string {
  const u = new URL(url);
  u.port = String(port);
  return u.toString();
}

interface Target {
  user: string;
  password: string;
  database: string;
  port: number;
}

function target(url: string): Target {
  const u = new URL(url);
  return {
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    port: Number.parseInt(u.port || '5432', 10),
  };
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Installed server versions, newest first, from Debian's layout /usr/lib/postgresql/<ver>/bin. */
function installedVersions(): string[] {
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/usr/lib/postgresql');
  } catch {
    return [];
  }
  return entries
    .filter((v) => fs.existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'postgres')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
}

interface Cluster {
  version: string;
  name: string;
  port: number;
  online: boolean;
  logFile: string;
}

async function listClusters(): Promise<Cluster[]> {
  const tool = which('pg_lsclusters');
  if (!tool) return [];
  const result = await run(tool, ['--no-header']);
  if (result.code !== 0) return [];
  return result.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 6)
    .map((f) => ({
      version: f[0] ?? '',
      name: f[1] ?? '',
      port: Number.parseInt(f[2] ?? '0', 10),
      online: (f[3] ?? '').startsWith('online'),
      logFile: f[6] ?? `/var/log/postgresql/postgresql-${f[0]}-${f[1]}.log`,
    }));
}

/** Idempotent: creates or updates the admin role and creates its database. Runs as OS user postgres. */
async function ensureRoleAndDatabase(port: number, url: string): Promise<void> {
  const t = target(url);
  const sql = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${literal(t.user)}) THEN
    CREATE ROLE ${ident(t.user)} LOGIN SUPERUSER CREATEROLE CREATEDB PASSWORD ${literal(t.password)};
  ELSE
    ALTER ROLE ${ident(t.user)} LOGIN SUPERUSER CREATEROLE CREATEDB PASSWORD ${literal(t.password)};
  END IF;
END
$$;
SELECT format('CREATE DATABASE %I OWNER %I', ${literal(t.database)}, ${literal(t.user)})
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = ${literal(t.database)})\\gexec
`;
  const result = await run(
    'runuser',
    ['-u', 'postgres', '--', 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-p', String(port), '-d', 'postgres', '-f', '-'],
    {
      input: sql,
      cwd: '/',
    },
  );
  if (result.code !== 0) {
    throw new Error(`PostgreSQL: creating role ${t.user} and database ${t.database} failed:\n${tail(result.stderr || result.stdout)}`);
  }
}

async function waitUntilAnswering(url: string): Promise<PgProbe> {
  let last: PgProbe = { ok: false, code: 'TIMEOUT', message: 'not tried' };
  await waitFor(
    async () => {
      last = await probePostgres(url);
      return last.ok ? true : undefined;
    },
    { timeoutMs: readyTimeoutMs, intervalMs: probeIntervalMs },
  );
  return last;
}

/**
 * The server's settings beyond its defaults. Connections: the test suite (four workers, each test
 * stack with the pools of six services), a running `npm start` and a benchmark share the one local
 * server, and 100 (the default) ran out when two of them met; 300 costs a few MB of shared memory.
 */
const serverOptions = '-c max_connections=300';

export interface PostgresUp {
  url: string;
  startedHere: boolean;
}

/** Starts (if needed) the Debian cluster that owns the default port, as root. */
async function useSystemCluster(cluster: Cluster, log: Log): Promise<PostgresUp> {
  const id = `${cluster.version}/${cluster.name}`;
  let startedHere = false;
  if (!cluster.online) {
    log(`PostgreSQL: starting cluster ${id} (pg_ctlcluster)`);
    const result = await run('pg_ctlcluster', [cluster.version, cluster.name, 'start', '--', '-o', serverOptions]);
    if (result.code !== 0) {
      throw new Error(`PostgreSQL cluster ${id} did not start; see ${cluster.logFile}\n${tail(result.stderr || result.stdout)}`);
    }
    startedHere = true;
    updateStarted((r) => {
      r.postgres = { cluster: id };
    });
  }
  await ensureRoleAndDatabase(cluster.port, defaultDatabaseUrl);
  const probe = await waitUntilAnswering(defaultDatabaseUrl);
  if (!probe.ok) {
    throw new Error(`PostgreSQL cluster ${id} does not accept ${defaultDatabaseUrl} (${probe.message}); see ${cluster.logFile}`);
  }
  log(`PostgreSQL: ${startedHere ? 'started' : 'using running'} cluster ${id} at ${defaultDatabaseUrl}`);
  return { url: defaultDatabaseUrl, startedHere };
}

function privateClusterVersion(dataDir: string): string | undefined {
  try {
    const v = fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
    return installedVersions().includes(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a PostgreSQL server binary as ourselves, or as OS user postgres when we are root (it refuses
 * root). `input` goes to its standard input through a pipe made by sh: a child's standard input from
 * Node is a socket, which /dev/stdin cannot open (ENXIO), and initdb reads its password from
 * `--pwfile=/dev/stdin`, so that the secret is neither in a file nor in the arguments.
 */
function pgBin(binDir: string, tool: string, args: string[], input?: string): Promise<RunResult> {
  const exe = path.join(binDir, tool);
  const command = input === undefined ? [exe, ...args] : ['sh', '-c', 'cat | "$@"', 'sh', exe, ...args];
  const [cmd, ...rest] = isRoot() ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  return run(cmd as string, rest, { cwd: '/', input });
}

/**
 * Starts a private cluster (initialising it first when its data directory holds none) whose bootstrap
 * superuser is the dev admin itself, or reuses it when it answers already. `newest`: the installed
 * version a new cluster gets.
 */
export async function startPrivateCluster(cluster: PrivateCluster, log: Log, newest = installedVersions()[0]): Promise<PostgresUp> {
  const { url, dataDir, logFile } = cluster;
  if ((await probePostgres(url)).ok) {
    log(`PostgreSQL: reusing ${cluster.name} at ${url}`);
    return { url, startedHere: false };
  }
  // An existing data directory must be run by the major version that created it.
  const version = privateClusterVersion(dataDir) ?? newest;
  if (!version) throw new Error(`PostgreSQL is not installed (needed for the ${cluster.name}): apt-get install -y postgresql`);
  const binDir = path.join('/usr/lib/postgresql', version, 'bin');
  const t = target(url);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`PostgreSQL: initdb ${rel(dataDir)} (version ${version})`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    ensureDir(dataDir);
    if (isRoot()) await run('chown', ['postgres:postgres', dataDir]);
    const auth = ['--auth-host=scram-sha-256', '--auth-local=scram-sha-256'];
    const args = ['-D', dataDir, '-U', t.user, '--pwfile=/dev/stdin', ...auth, ...['-E', 'UTF8', '--locale=C.UTF-8']];
    const result = await pgBin(binDir, 'initdb', args, `${t.password}\n`);
    if (result.code !== 0) {
      throw new Error(`PostgreSQL: initdb into ${rel(dataDir)} failed:\n${tail(result.stderr || result.stdout)}`);
    }
    // TCP on loopback only; no Unix socket, whose default directory a non-root user cannot write.
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      `\n# Added by scripts/infra/postgres.ts\nport = ${t.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n`,
    );
  }
  if (isRoot()) {
    fs.closeSync(fs.openSync(logFile, 'a'));
    await run('chown', ['postgres:postgres', logFile]);
  }
  log(`PostgreSQL: starting ${cluster.name} ${rel(dataDir)} on port ${t.port}`);
  const wait = ['-w', '-t', String(pgCtlTimeoutS)];
  const result = await pgBin(binDir, 'pg_ctl', ['-D', dataDir, '-l', logFile, ...wait, '-o', serverOptions, 'start']);
  if (result.code !== 0) {
    throw new Error(`PostgreSQL did not start from ${rel(dataDir)}; see ${rel(logFile)}\n${tail(result.stderr || result.stdout)}`);
  }
  updateStarted((r) => {
    r[cluster.record] = { dataDir, port: t.port, logFile };
  }, cluster.startedFile);

  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [t.database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${ident(t.database)} OWNER ${ident(t.user)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const probe = await waitUntilAnswering(url);
  if (!probe.ok) throw new Error(`PostgreSQL ${cluster.name} does not accept ${url} (${probe.message}); see ${rel(logFile)}`);
  log(`PostgreSQL: ${cluster.name} ready at ${url}`);
  return { url, startedHere: true };
}

/**
 * Reuses whatever answers at the default URL; otherwise, as root, starts the installed Debian
 * cluster on that port (installing PostgreSQL first if absent) and creates the dev admin role
 * and database; otherwise initialises a private cluster on port 5433.
 */
export async function ensurePostgres(log: Log): Promise<PostgresUp> {
  const first = await probePostgres(defaultDatabaseUrl);
  if (first.ok) {
    log(`PostgreSQL: reusing server at ${defaultDatabaseUrl}`);
    return { url: defaultDatabaseUrl, startedHere: false };
  }
  let versions = installedVersions();
  if (versions.length === 0) {
    if (!isRoot()) {
      throw new Error('PostgreSQL is not installed and we are not root to install it: apt-get install -y postgresql, or set DATABASE_URL');
    }
    await aptInstall(['postgresql'], log);
    versions = installedVersions();
    if (versions.length === 0)
      throw new Error('PostgreSQL: apt-get install postgresql finished but no server binaries were found under /usr/lib/postgresql');
  }
  const newest = versions[0] as string;

  if (isRoot()) {
    const port = target(defaultDatabaseUrl).port;
    const candidates = (await listClusters())
      .filter((c) => c.port === port)
      .sort((a, b) => Number(b.online) - Number(a.online) || Number.parseFloat(b.version) - Number.parseFloat(a.version));
    const cluster = candidates[0];
    if (cluster) return useSystemCluster(cluster, log);
    log(`PostgreSQL: no Debian cluster on port ${port}; using a private cluster instead`);
  }
  return startPrivateCluster(await privateCluster('main', {}, log), log, newest);
}

/**
 * The ledger's second shard cluster: reuses whatever answers on its port, otherwise initialises
 * and starts a private cluster there (as the OS user postgres when we are root), with the same
 * dev admin, so the same roles and grants are created in it by the migrations
 * (scripts/stack/ledger-shards.ts).
 */
export async function ensureShardPostgres(log: Log): Promise<PostgresUp> {
  if ((await probePostgres(defaultShardDatabaseUrl)).ok) {
    log(`PostgreSQL: reusing shard cluster at ${defaultShardDatabaseUrl}`);
    return { url: defaultShardDatabaseUrl, startedHere: false };
  }
  let versions = installedVersions();
  if (versions.length === 0 && isRoot()) {
    await aptInstall(['postgresql'], log);
    versions = installedVersions();
  }
  const newest = versions[0];
  if (!newest)
    throw new Error('PostgreSQL is not installed (needed for the shard cluster): apt-get install -y postgresql, or set SHARD_DATABASE_URL');
  return startPrivateCluster(await privateCluster('shard', {}, log), log, newest);
}

/** The shard cluster's admin URL when one answers (SHARD_DATABASE_URL or the local one), for clean-ups. */
export async function runningShardPostgresUrl(): Promise<string | undefined> {
  const url = process.env.SHARD_DATABASE_URL?.trim() || defaultShardDatabaseUrl;
  return (await probePostgres(url, 1_500)).ok ? url : undefined;
}

/** The URL that currently answers, for `status`; undefined when none does. */
export async function currentPostgresUrl(): Promise<string | undefined> {
  if ((await probePostgres(defaultDatabaseUrl, 1_500)).ok) return defaultDatabaseUrl;
  const privateUrl = withPort(defaultDatabaseUrl, privatePort);
  if ((await probePostgres(privateUrl, 1_500)).ok) return privateUrl;
  return undefined;
}

/** Stops the shard cluster only if this project started it. */
export async function stopShardPostgres(log: Log): Promise<void> {
  await stopPrivateCluster('shard', log);
}

/**
 * Stops a checkout's private cluster only if its record (the checkout's .run/started.json) says
 * this project started it, where the record says its data are, and forgets it.
 */
export async function stopPrivateCluster(kind: PrivateKind, log: Log, checkout = repoRoot): Promise<void> {
  const { record, name } = privateKinds[kind];
  const startedFile = startedFileOf(checkout);
  const entry = readStarted(startedFile)[record];
  if (!entry || !('dataDir' in entry)) return;
  const dataDir = entry.dataDir;
  const version = privateClusterVersion(dataDir);
  if (version && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    log(`PostgreSQL: stopping ${name} ${rel(dataDir)}`);
    const wait = ['-w', '-t', String(pgCtlTimeoutS)];
    const result = await pgBin(path.join('/usr/lib/postgresql', version, 'bin'), 'pg_ctl', ['-D', dataDir, '-m', 'fast', ...wait, 'stop']);
    if (result.code !== 0) {
      const see = rel(entry.logFile ?? path.join(checkout, '.run', `${path.basename(dataDir)}.log`));
      throw new Error(`PostgreSQL: pg_ctl stop for ${rel(dataDir)} failed; see ${see}\n${tail(result.stderr || result.stdout)}`);
    }
  }
  updateStarted((r) => {
    delete r[record];
  }, startedFile);
}

/** Stops the cluster only if this project started it. */
export async function stopPostgres(log: Log): Promise<void> {
  const entry = readStarted().postgres;
  if (!entry) return;
  if ('cluster' in entry) {
    const [version, name] = entry.cluster.split('/');
    log(`PostgreSQL: stopping cluster ${entry.cluster}`);
    const result = await run('pg_ctlcluster', [version ?? '', name ?? '', 'stop', '-m', 'fast']);
    // Exit 2 means it was not running, which is the state we wanted.
    if (result.code !== 0 && result.code !== 2) {
      throw new Error(`PostgreSQL: pg_ctlcluster ${version} ${name} stop failed:\n${tail(result.stderr || result.stdout)}`);
    }
    updateStarted((r) => {
      delete r.postgres;
    });
  } else {
    await stopPrivateCluster('main', log);
  }
}
