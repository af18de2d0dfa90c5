/**
 * `npm run audit`: proves the ledger's invariants from its own tables (SPEC §1):
 *   Σ balances (users + treasuries) == Σ MINT − Σ BURN,
 *   every wallet's balance and totals == the sums of its entries,
 *   no purchase refunded beyond its amount,
 *   every wallet's held == Σ its PENDING holds, and held <= balance,
 *   every CAPTURED hold has exactly one transaction (hold_id) with its amount, payer and
 *   recipient, and no transaction names a hold that is not CAPTURED.
 * Exits 0 when they hold, 1 naming every mismatching wallet otherwise. Coins on their way
 * between partitions (credit legs not yet applied) are waited for, up to --wait-ms.
 *
 *   npm run audit -- [--prefix <schema prefix>] [--wait-ms 5000]
 * Database: LEDGER_DATABASE_URL, else DATABASE_URL, else the local development cluster.
 */
import type { SupplyReport } from '@coin/contracts';
import { createPool } from '@coin/db';
import { auditLedger } from '@coin/ledger';
import { integerArg, parseCliArgs } from './cli-args';
import { currentPostgresUrl, defaultDatabaseUrl } from './infra/postgres';

export interface AuditOptions {
  databaseUrl: string;
  schemaPrefix: string;
  /** How long to wait for in-flight credit legs before calling a supply gap an error. */
  waitMs: number;
  log: (line: string) => void;
}

const quietPollMs = 250;

export async function runAudit(options: AuditOptions): Promise<{ ok: boolean; report: SupplyReport }> {
  const pool = createPool({
    url: options.databaseUrl,
    schema: `${options.schemaPrefix}ledger`,
    applicationName: 'ledger-audit',
    connectionsMax: 1,
  });
  const client = await pool.connect();
  let report: SupplyReport;
  try {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      report = await auditLedger(client);
      if (report.inFlight === 0 || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, quietPollMs));
    }
  } finally {
    client.release();
    await pool.end();
  }
  const { log } = options;
  log(`wallets ${report.wallets}, transactions ${report.transactions}`);
  log(
    `minted ${report.minted} - burned ${report.burned} = supply ${report.supply}; balances ${report.balances}; in flight ${report.inFlight}`,
  );
  if (report.inFlight !== 0) log(`MISMATCH supply: balances differ from minted - burned by ${report.inFlight}`);
  for (const w of report.mismatchedWallets) {
    log(
      `MISMATCH wallet ${w.walletKey}: balance ${w.balance}, entries sum ${w.entriesSum}, received ${w.totalReceived}, sent ${w.totalSent}`,
    );
  }
  for (const id of report.overRefundedPurchases) log(`MISMATCH purchase ${id}: refunded beyond its amount`);
  log(`held ${report.heldCoins} (Σ pending holds)`);
  for (const w of report.mismatchedHolds) {
    log(`MISMATCH holds of wallet ${w.walletKey}: held ${w.held}, pending holds sum ${w.pendingSum}, balance ${w.balance}`);
  }
  for (const c of report.badCaptures) {
    log(
      `MISMATCH capture of hold ${c.holdId} (${c.status ?? 'no such hold'}, transactions [${c.transactionIds.join(', ')}]): ${c.problem}`,
    );
  }
  log(report.consistent ? 'ledger consistent' : 'ledger INCONSISTENT');
  return { ok: report.consistent, report };
}

const usage = 'usage: npm run audit -- [--prefix <schema prefix>] [--wait-ms 5000]';

async function main(): Promise<void> {
  const { values } = parseCliArgs(
    { args: process.argv.slice(2), options: { prefix: { type: 'string' }, 'wait-ms': { type: 'string' } } },
    usage,
  );
  const waitMs = integerArg(values['wait-ms'], '--wait-ms', 5000, usage, 0);
  const databaseUrl = process.env.LEDGER_DATABASE_URL ?? process.env.DATABASE_URL ?? (await currentPostgresUrl()) ?? defaultDatabaseUrl;
  const { ok } = await runAudit({
    databaseUrl,
    schemaPrefix: values.prefix ?? process.env.DB_SCHEMA_PREFIX ?? '',
    waitMs,
    log: (line) => process.stdout.write(`[audit] ${line}\n`),
  });
  process.exit(ok ? 0 : 1);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`[audit] failed: ${(err as Error).message}\n`);
    process.exit(2);
  });
}
