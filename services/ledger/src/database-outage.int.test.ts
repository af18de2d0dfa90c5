import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { walletKeyOfUser, type Reply } from '@coin/contracts';
import { createPool } from '@coin/db';
import { kafkaMetricNames } from '@coin/kafka';
import { devServiceDatabaseUrl, repoRoot } from '../../../scripts/stack/services';
import { testInfra } from '../../../test/harness/env';
import { http } from '../../../test/harness/http';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { startTcpProxy, type TcpProxy } from '../../../test/harness/tcp-proxy';

/**
 * A PostgreSQL restart or failover is ridden out. The ledger runs as its own process
 * (services/ledger/src/main.ts, as deployed) and reaches PostgreSQL through a TCP proxy the test
 * breaks (the server is shared with every test running in parallel, so it is not restarted):
 * every connection is reset and new ones are refused, as in a restart. Before the fix an idle
 * connection's error was an unhandled 'error' event that ended the process.
 */
function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('the ledger through a PostgreSQL outage', () => {
  let h: LedgerHarness;
  let proxy: TcpProxy;
  let ledger: ChildProcess;
  /** The ledger's metrics port: /readyz and /metrics. */
  let ledgerUrl = '';
  let output = '';

  beforeAll(async () => {
    h = await startLedgerHarness();
    const admin = new URL(testInfra().databaseUrl);
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    admin.hostname = '127.0.0.1';
    admin.port = String(proxy.port);
    const proxied = devServiceDatabaseUrl(admin.toString(), 'ledger');
    ledger = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'services/ledger/src/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...h.env,
        LEDGER_DATABASE_URL: proxied,
        LEDGER_HTTP_PORT: '0',
        METRICS_PORT: '0',
        DB_OUTAGE_GRACE_MS: '60000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    ledger.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    ledger.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    ledgerUrl = await eventually(
      async () => /"metricsUrl":"(http:[^"]+)","msg":"service started"/.exec(output)?.[1],
      60_000,
      'the ledger process to start',
    );
  }, 90_000);

  afterAll(async () => {
    if (ledger && ledger.exitCode === null) {
      const exited = new Promise((r) => ledger.once('exit', r));
      ledger.kill('SIGTERM');
      await exited;
    }
    await proxy?.close();
    await h?.close();
  });

  const mint = (userId: number, amount: number, commandId = randomUUID(), timeoutMs = 30_000) =>
    h.send(
      { type: 'ledger.mint', key: walletKeyOfUser(userId), commandId, data: { to: { kind: 'user', userId }, amount, reason: 'outage' } },
      timeoutMs,
    );
  const balanceOf = async (userId: number) =>
    (await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]
      ?.balance;
  const readyz = () => http(ledgerUrl, 'GET', '/readyz');
  const restarts = async () => {
    const metrics = await http(ledgerUrl, 'GET', '/metrics');
    const lines = String(metrics.body ?? '')
      .split('\n')
      .filter((l) => l.startsWith(kafkaMetricNames.consumerRestarts));
    return lines.reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
  };

  it('when PostgreSQL goes away and comes back, then the process lives, readiness follows it, the consumer pauses, and the commands sent meanwhile apply once', async () => {
    const userId = 7001;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    resultOf(await mint(userId, 100));
    expect((await readyz()).status).toBe(200);
    const restartsBefore = await restarts();

    proxy.setMode('refuse');
    // Sent during the outage: answered once PostgreSQL is back (the gateway would have answered
    // 504 meanwhile, and the client's retry with the same key gets this same outcome).
    const duringOutage = [randomUUID(), randomUUID()];
    const pending = duringOutage.map((id) => mint(userId, 50, id, 60_000));
    await eventually(async () => ((await readyz()).status === 503 ? true : undefined), 15_000, 'readiness false');
    const down = await readyz();
    expect(down.body.checks.postgres).toBe('down');
    // The outage lasts long enough for every pooled connection to break and for the consumer to
    // try the batch several times.
    await new Promise((r) => setTimeout(r, 4_000));

    proxy.setMode('pass');
    const replies = await Promise.all(pending);
    for (const reply of replies) expect(resultOf(reply).transaction.amount).toBe(0.5);
    await eventually(async () => ((await readyz()).status === 200 ? true : undefined), 15_000, 'readiness back');
    expect(await balanceOf(userId)).toBe(200);
    // Once: the retries of the same commands changed nothing more.
    const again = await mint(userId, 50, duringOutage[0]);
    expect(again).toMatchObject({
      ok: true,
      result: { transaction: { id: replies[0]!.ok ? (replies[0] as any).result.transaction.id : -1 } },
    });
    expect(await balanceOf(userId)).toBe(200);
    // Alive, and paused rather than crashed: no consumer was replaced.
    expect(ledger.exitCode).toBeNull();
    expect(await restarts()).toBe(restartsBefore);
    expect(output).toContain('PostgreSQL unreachable; consumers pause');
    expect(output).toContain('PostgreSQL answers again');
  }, 120_000);

  it.each([
    ['53100', 'the disk is full'],
    ['25006', 'the server is a read-only standby (a failover in progress)'],
  ])(
    'when PostgreSQL refuses writes with %s (%s), then commands wait, nothing is lost or doubled, and they apply once writes are back',
    async (sqlState) => {
      const userId = sqlState === '53100' ? 7002 : 7003;
      resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
      // The database itself refuses every new transaction row while the flag is set: the same
      // SQLSTATE a full disk or a read-only server gives, raised by the real server.
      const owner = createPool({
        url: testInfra().databaseUrl,
        schema: `${h.prefix}ledger`,
        applicationName: 'outage-test',
        connectionsMax: 1,
      });
      try {
        await owner.query(`
        CREATE TABLE IF NOT EXISTS refuse_writes (sql_state text PRIMARY KEY);
        CREATE OR REPLACE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE code text;
        BEGIN
          SELECT sql_state INTO code FROM refuse_writes LIMIT 1;
          IF code IS NOT NULL THEN RAISE EXCEPTION 'writes refused (%)', code USING ERRCODE = code; END IF;
          RETURN NEW;
        END $$;
        DROP TRIGGER IF EXISTS refuse_writes ON transactions;
        CREATE TRIGGER refuse_writes BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION refuse_writes();
        GRANT SELECT ON refuse_writes TO coin_ledger_app;`);
        await owner.query('INSERT INTO refuse_writes VALUES ($1)', [sqlState]);
        const ids = [randomUUID(), randomUUID(), randomUUID()];
        const pending = ids.map((id) => mint(userId, 10, id, 60_000));
        // Nothing applies while writes are refused, and nothing is set aside: the partition waits.
        await new Promise((r) => setTimeout(r, 3_000));
        const during = await h.pool.query('SELECT count(*)::int AS n FROM processed_commands WHERE command_id = ANY($1::uuid[])', [ids]);
        expect(during.rows[0].n).toBe(0);
        await owner.query('DELETE FROM refuse_writes');
        const replies = await Promise.all(pending);
        for (const reply of replies) expect(resultOf(reply).transaction.amount).toBe(0.1);
        expect(await balanceOf(userId)).toBe(30);
        // Each once, and each published once to coin.transactions by the outbox (its row marked).
        const rows = await h.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE command_id = ANY($1::uuid[])', [
          ids,
        ]);
        expect(rows.rows[0]!.n).toBe(3);
        await eventually(
          async () =>
            (await h.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL')).rows[0]!.n === 0
              ? true
              : undefined,
          20_000,
          'the outbox drained',
        );
        expect(ledger.exitCode).toBeNull();
      } finally {
        await owner.query('DELETE FROM refuse_writes').catch(() => undefined);
        await owner.end();
      }
    },
    120_000,
  );
});
