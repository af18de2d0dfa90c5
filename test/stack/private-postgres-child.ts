/**
 * Run by private-postgres.int.test.ts, as root (itself, or through `sudo -n`):
 * `node --import tsx test/stack/private-postgres-child.ts <checkout> <port>`.
 *
 * Starts the checkout's shard cluster on `port` the way `npm start` and `npm test` do
 * (scripts/infra/postgres.ts startPrivateCluster), writes a row, stops it, starts it again and
 * reads the row back (a second start finds the same data), then stops it and removes its data
 * (with the checkout's directory under /var/lib/coin-ledger when they were there) and the
 * checkout's .data and .run, so that a caller that is not root can remove the checkout.
 * Progress goes to stderr; stdout carries one JSON line, {@link ChildReport}.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { privateCluster, startPrivateCluster, stopPrivateCluster } from '../../scripts/infra/postgres';

export interface ChildReport {
  dataDir: string;
  /** What `SELECT current_setting('data_directory')` answered after the first start. */
  served: string;
  /** The row written after the first start, as read after the second. */
  readBack: string;
  startMs: number;
  restartMs: number;
}

async function query(url: string, sql: string): Promise<Array<Record<string, string>>> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function main(checkout: string, port: number): Promise<ChildReport> {
  const log = (line: string) => process.stderr.write(`[private-postgres] ${line}\n`);
  const cluster = await privateCluster('shard', { checkout, port }, log);
  try {
    let started = Date.now();
    await startPrivateCluster(cluster, log);
    const startMs = Date.now() - started;
    const [served] = await query(cluster.url, `SELECT current_setting('data_directory') AS dir`);
    await query(cluster.url, `CREATE TABLE marker AS SELECT 'written before the restart' AS note`);
    await stopPrivateCluster('shard', log, checkout);
    started = Date.now();
    await startPrivateCluster(cluster, log);
    const restartMs = Date.now() - started;
    const [row] = await query(cluster.url, 'SELECT note FROM marker');
    return { dataDir: cluster.dataDir, served: served?.dir ?? '', readBack: row?.note ?? '', startMs, restartMs };
  } finally {
    await stopPrivateCluster('shard', log, checkout);
    fs.rmSync(cluster.home.outside ? cluster.home.dataRoot : cluster.dataDir, { recursive: true, force: true });
    for (const dir of ['.data', '.run']) fs.rmSync(path.join(checkout, dir), { recursive: true, force: true });
  }
}

const [checkout, port] = process.argv.slice(2);
main(path.resolve(checkout ?? '.'), Number(port)).then(
  (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
