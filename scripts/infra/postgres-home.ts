// Where a checkout's private PostgreSQL clusters live (docs/LOCAL_INFRA.md "Where the clusters'
// data lives"): inside the checkout when the user their servers run as can enter it, else in the
// checkout's own directory under /var/lib/coin-ledger.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isRoot, run, type Log } from './common';

/** The clusters of checkouts the OS user postgres cannot enter: one directory per checkout. */
export const outsideClustersRoot = '/var/lib/coin-ledger';

export interface ClusterHome {
  /** Where the data directories are: the checkout's .data, or its directory under {@link outsideClustersRoot}. */
  dataRoot: string;
  /** Where the servers' logs are: the checkout's .run, or the same directory as the data. */
  logRoot: string;
  /** The data are outside the checkout. */
  outside: boolean;
}

/**
 * A checkout's own directory under {@link outsideClustersRoot}: its name and a hash of its real path,
 * so that two clones never share one, and the same checkout finds its own again at every start.
 */
export function outsideHomeOf(checkout: string): string {
  const real = fs.realpathSync(checkout);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 12);
  return path.join(outsideClustersRoot, `${path.basename(real)}-${hash}`);
}

/** The way round when no local cluster can be made here: the end of each one-line error below. */
const orUseYourOwn = 'or set DATABASE_URL and SHARD_DATABASE_URL to clusters of your own';

function makeDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new Error(`PostgreSQL: cannot create ${dir} (${code}): run from a checkout you may write, ${orUseYourOwn}`);
  }
}

/** Whether the OS user postgres may enter each of `dirs`, and so every directory above them. */
async function postgresCanEnter(dirs: readonly string[]): Promise<boolean> {
  const tests = dirs.flatMap((dir, i) => [...(i === 0 ? [] : ['-a']), '-x', dir]);
  return (await run('runuser', ['-u', 'postgres', '--', 'test', ...tests], { cwd: '/' })).code === 0;
}

async function makeOutsideHome(checkout: string, home: string): Promise<void> {
  makeDir(home);
  // Readable by every user on the way down (whatever the umask), the checkout's own directory by postgres only.
  fs.chmodSync(outsideClustersRoot, 0o755);
  const marker = path.join(home, 'checkout');
  fs.writeFileSync(marker, `${fs.realpathSync(checkout)}\n`);
  const chown = await run('chown', ['postgres:postgres', home, marker]);
  fs.chmodSync(home, 0o700);
  if (chown.code !== 0 || !(await postgresCanEnter([home]))) {
    throw new Error(
      `PostgreSQL: the OS user postgres (PostgreSQL refuses to run as root) can enter neither ${checkout} nor ${home}: ` +
        `chmod o+x the directories above the checkout, ${orUseYourOwn}`,
    );
  }
}

/**
 * Decides it once per process and checkout. The servers run as ourselves, or, when we are root, as
 * the OS user postgres (PostgreSQL refuses root), which must reach their data directories, logs
 * and password input. Not root: the checkout's .data and .run. Root: the same when postgres can
 * enter them; else (the checkout is below a directory closed to others, as /root is, mode 0700, or
 * the umask made .data so) the checkout's directory under /var/lib/coin-ledger, owned by postgres
 * with mode 0700 (not the temporary directory: a reboot would empty it). Once a checkout's
 * clusters are there they stay there, whatever the checkout's modes later, until the directory is
 * removed.
 */
export function clusterHome(checkout: string, log: Log): Promise<ClusterHome> {
  let home = decided.get(checkout);
  if (!home) {
    home = decide(checkout, log);
    decided.set(checkout, home);
  }
  return home;
}

const decided = new Map<string, Promise<ClusterHome>>();

async function decide(checkout: string, log: Log): Promise<ClusterHome> {
  const inside = { dataRoot: path.join(checkout, '.data'), logRoot: path.join(checkout, '.run'), outside: false };
  makeDir(inside.dataRoot);
  makeDir(inside.logRoot);
  if (!isRoot()) return inside;
  const home = outsideHomeOf(checkout);
  if (!fs.existsSync(home)) {
    if (await postgresCanEnter([inside.dataRoot, inside.logRoot])) return inside;
    log(`PostgreSQL: the OS user postgres cannot enter ${inside.dataRoot}; this checkout's clusters live in ${home}`);
  }
  await makeOutsideHome(checkout, home);
  return { dataRoot: home, logRoot: home, outside: true };
}
