/**
 * A new user's first `npm test` or `npm start` as root, in a clone inside a directory only its
 * owner may enter (as root's home, /root, is: mode 0700). PostgreSQL refuses to run as root, so
 * scripts/infra/postgres.ts runs initdb and the server as the OS user postgres, which cannot
 * reach anything inside such a clone: the cluster's data, log and password must live where
 * postgres can (docs/LOCAL_INFRA.md "Where the clusters' data lives").
 *
 * The test clones this repository into a fresh 0700 directory and, as root (itself, or through
 * `sudo -n` when the test runs as another user), starts that clone's shard cluster on a free
 * port with the infrastructure's own function, queries it, restarts it (the data is found
 * again), then stops and removes it (./private-postgres-child.ts). The clusters on the default
 * ports are not touched: the clone has its own port and its own .run/started.json.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isRoot, repoRoot, run, type RunResult } from '../../scripts/infra/common';
import { freePort } from '../../scripts/stack/processes';
import type { ChildReport } from './private-postgres-child';

function sudoWorks(): boolean {
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const asRoot: string[] | undefined = isRoot() ? [] : sudoWorks() ? ['sudo', '-n', '--'] : undefined;
const maybe = asRoot ? it : it.skip;
if (!asRoot) {
  process.stderr.write(
    'private-postgres.int.test.ts: skipped: it needs root or a password-free `sudo -n`, since only as root do initdb and the server run as the OS user postgres\n',
  );
}

function runChild(checkout: string, port: number): Promise<RunResult> {
  const [command, ...prefix] = [...(asRoot ?? []), process.execPath];
  const args = [...prefix, '--import', 'tsx', path.join(__dirname, 'private-postgres-child.ts'), checkout, String(port)];
  return run(command as string, args, { cwd: repoRoot });
}

describe('a private cluster of a checkout only its owner may enter', () => {
  let privateDir: string;

  beforeAll(() => {
    privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-private-'));
    fs.chmodSync(privateDir, 0o700);
  });

  afterAll(() => {
    fs.rmSync(privateDir, { recursive: true, force: true });
  });

  maybe('is initialised, answers, is found again after a restart, and is removed', async () => {
    const clone = path.join(privateDir, 'coin-ledger');
    execFileSync('git', ['clone', '--quiet', '--shared', repoRoot, clone], { stdio: 'pipe' });
    const port = await freePort();

    const started = Date.now();
    const child = await runChild(clone, port);
    const tookMs = Date.now() - started;
    if (child.code !== 0) throw new Error(`the cluster did not come up (exit ${child.code}):\n${child.stderr}`);
    const report = JSON.parse(child.stdout) as ChildReport;
    process.stderr.write(
      `private cluster on port ${port}: data in ${report.dataDir}; first start ${report.startMs} ms, second ${report.restartMs} ms, ${tookMs} ms in all\n`,
    );

    expect(report.served).toBe(report.dataDir);
    expect(report.readBack).toBe('written before the restart');
    // Stopped and removed: nothing of it is left, in the clone or where its data was.
    expect(fs.existsSync(report.dataDir)).toBe(false);
    expect(fs.readdirSync(clone).filter((f) => f === '.data' || f === '.run')).toEqual([]);
  });
});
