/**
 * `npm run audit`: proves the ledger's invariants from its own tables (docs/CONTRACT.md "Amounts"):
 *   Σ balances (users + treasuries) == Σ MINT − Σ BURN,
 *   every wallet's balance and totals == the sums of its entries,
 *   no purchase refunded beyond its amount,
 *   every wallet's held == Σ its PENDING holds, and held <= balance,
 *   every CAPTURED hold has exactly one transaction (hold_id) with its amount, payer and
 *   recipient, and no transaction names a hold that is not CAPTURED.
 * Then it recomputes the admin audit log's hash chain (the history schema's admin_audit_log) and
 * verifies it against the signed checkpoints (AUDIT_CHECKPOINT_PUBLIC_KEYS, else the local
 * stack's development key): a checkpointed tail that was cut or recomputed fails the audit.
 * Exits 0 when they hold, 1 naming every mismatching wallet (or the first broken audit entry)
 * otherwise. Coins on their way between partitions (credit legs not yet applied) are accounted
 * for by the legs still owed, so they are no mismatch; legs owed for longer than
 * --credit-leg-max-age-s (default CREDIT_LEG_MAX_AGE_S, else 300) are printed OVERDUE and fail the
 * audit too. A failing audit is read again until --wait-ms has passed (an overdue leg may land).
 *
 *   npm run audit -- [--prefix <schema prefix>] [--wait-ms 5000] [--credit-leg-max-age-s 300]
 * Database: every shard of LEDGER_SHARDS_DATABASE_URL (docs/design/ledger.md "Shards"), else
 * LEDGER_DATABASE_URL, else DATABASE_URL, else the local development cluster; the audit log:
 * HISTORY_DATABASE_URL, else the same (the home shard's with shards).
 */
import type { SupplyReport } from '@coin/contracts';
import { createPublicKey } from 'node:crypto';
import { createPool, type Pool } from '@coin/db';
import { checkpointKeyring, checkpointsAgainstLog, judgeCheckpoints, verifyAuditChain } from '@coin/history';
import { auditShards, ledgerShardUrlsOf } from '@coin/ledger';
import { integerArg, parseCliArgs } from './cli-args';
import { currentPostgresUrl, defaultDatabaseUrl } from './infra/postgres';
import { devAuditCheckpointPublicKey } from './stack/keys';

export interface AuditOptions {
  databaseUrl: string;
  /**
   * Every shard's URL, the home shard first (docs/design/ledger.md "Shards"); absent: `databaseUrl`
   * alone. Over several, the figures are summed and a credit leg is owed only if no shard holds
   * its credit (auditShards).
   */
  databaseUrls?: readonly string[];
  schemaPrefix: string;
  /** How long to read again while the audit fails, before calling it failed. */
  waitMs: number;
  /** Credit legs owed for longer than this are overdue (CREDIT_LEG_MAX_AGE_S). */
  creditLegMaxAgeS?: number;
  log: (line: string) => void;
}

const quietPollMs = 250;
/** The ledger's default CREDIT_LEG_MAX_AGE_S. */
const creditLegMaxAgeSDefault = 300;

const passes = (r: SupplyReport) => r.consistent && r.creditLegs.stale.count === 0;

export async function runAudit(options: AuditOptions): Promise<{ ok: boolean; report: SupplyReport }> {
  const urls = options.databaseUrls && options.databaseUrls.length > 0 ? options.databaseUrls : [options.databaseUrl];
  const pools = urls.map((url, shard) =>
    createPool({
      url,
      schema: `${options.schemaPrefix}ledger`,
      applicationName: urls.length > 1 ? `ledger-audit-shard-${shard}` : 'ledger-audit',
      connectionsMax: 2,
    }),
  );
  let report: SupplyReport;
  try {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      report = await auditShards(pools, { now: new Date(), creditLegMaxAgeS: options.creditLegMaxAgeS ?? creditLegMaxAgeSDefault });
      if (passes(report) || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, quietPollMs));
    }
  } finally {
    for (const pool of pools) await pool.end();
  }
  const { log } = options;
  log(`wallets ${report.wallets}, transactions ${report.transactions}`);
  log(
    `minted ${report.minted} - burned ${report.burned} = supply ${report.supply}; balances ${report.balances}; in flight ${report.inFlight}`,
  );
  const legs = report.creditLegs;
  log(
    `credit legs in flight ${legs.inFlight.count} (${legs.inFlight.amount}): younger than ${legs.maxAgeSeconds} s ${legs.young.count} (${legs.young.amount}), older ${legs.stale.count} (${legs.stale.amount})` +
      (legs.oldestAgeSeconds === null ? '' : `; oldest ${legs.oldestAgeSeconds.toFixed(1)} s`),
  );
  if (report.discrepancy !== 0) {
    log(`MISMATCH supply: balances + credit legs in flight differ from minted - burned by ${report.discrepancy}`);
  }
  if (legs.stale.count > 0) {
    log(`OVERDUE credit legs of transactions [${legs.staleTransactionIds.join(', ')}]: not landed within ${legs.maxAgeSeconds} s`);
  }
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
  for (const w of report.mismatchedSequences) {
    log(`MISMATCH balance changes of wallet ${w.walletKey} (${w.changes} changes): ${w.problem}`);
  }
  log(report.consistent ? 'ledger consistent' : 'ledger INCONSISTENT');
  return { ok: passes(report), report };
}

export interface AuditLogCheckOptions extends Omit<AuditOptions, 'waitMs'> {
  /** The checkpoint public keys (SPKI PEM); none: the checkpoints are not verified, and that is said. */
  checkpointPublicKeys?: string[];
}

/**
 * Recomputes the admin audit log's hash chain (docs/operations/procedures.md "Audit log"), then verifies it
 * against every signed checkpoint: ok when every entry follows from the one before it and every
 * checkpoint is signed by a known key and still matches the log (a checkpointed seq that is gone:
 * TRUNCATED; another hash there: RECOMPUTED). A database whose history schema has no audit log
 * yet (not migrated) has nothing to verify.
 */
export async function runAuditLogCheck(options: AuditLogCheckOptions): Promise<{ ok: boolean; entries: number }> {
  const pool = createPool({
    url: options.databaseUrl,
    schema: `${options.schemaPrefix}history`,
    applicationName: 'audit-log-check',
    connectionsMax: 1,
  });
  const { log } = options;
  try {
    const report = await verifyAuditChain(pool);
    let ok = true;
    if (report.broken) {
      const { seq, id, problem } = report.broken;
      log(`MISMATCH admin audit log entry seq ${seq} (record ${id}): ${problem}`);
      log(`admin audit log BROKEN at seq ${seq} (${report.entries} entries verified before it)`);
      ok = false;
    } else {
      log(`admin audit log: ${report.entries} entries, hash chain intact`);
    }
    const anchored = await checkAnchoring(pool, options.checkpointPublicKeys ?? [], log);
    return { ok: ok && anchored, entries: report.entries };
  } catch (err) {
    if ((err as { code?: string }).code !== '42P01') throw err;
    log('admin audit log: no admin_audit_log table (history not migrated); nothing to verify');
    return { ok: true, entries: 0 };
  } finally {
    await pool.end();
  }
}

/** The checkpoints' verdict: false when any of them contradicts the log or is not the key's. */
async function checkAnchoring(pool: Pool, publicKeys: string[], log: (line: string) => void): Promise<boolean> {
  const { rows, logEnd } = await checkpointsAgainstLog(pool);
  if (publicKeys.length === 0) {
    log(`admin audit log checkpoints: ${rows.length} stored, NOT VERIFIED (no AUDIT_CHECKPOINT_PUBLIC_KEYS)`);
    return true;
  }
  const problems = judgeCheckpoints(rows, checkpointKeyring(publicKeys.map((pem) => createPublicKey(pem))), logEnd);
  for (const p of problems) log(`${p.kind} admin audit log at seq ${p.seq}: ${p.problem}`);
  const latest = rows.length > 0 ? Math.max(...rows.map((r) => r.checkpoint.seq)) : 0;
  if (rows.length === 0) {
    log(`admin audit log: NOT ANCHORED, no signed checkpoint yet (${logEnd} entries)`);
  } else if (problems.length === 0) {
    log(
      `admin audit log: anchored, ${rows.length} signed checkpoints hold, the latest at seq ${latest} (${logEnd - latest} entries after it)`,
    );
  }
  return problems.length === 0;
}

/**
 * The checkpoint public keys: AUDIT_CHECKPOINT_PUBLIC_KEYS (a PEM, or a JSON array of PEMs while a
 * key rotates), else the local stack's development key when there is one.
 */
export function checkpointPublicKeysFrom(env: NodeJS.ProcessEnv): string[] {
  const given = env.AUDIT_CHECKPOINT_PUBLIC_KEYS?.trim();
  if (given) return given.startsWith('[') ? (JSON.parse(given) as string[]) : [given];
  const dev = devAuditCheckpointPublicKey();
  return dev ? [dev] : [];
}

/**
 * The ledger's databases, the home shard first: every shard of LEDGER_SHARDS_DATABASE_URL, else
 * LEDGER_DATABASE_URL, else DATABASE_URL, else the local development cluster.
 */
export async function ledgerDatabaseUrls(env: NodeJS.ProcessEnv): Promise<string[]> {
  return ledgerShardUrlsOf(env) ?? [env.LEDGER_DATABASE_URL ?? env.DATABASE_URL ?? (await currentPostgresUrl()) ?? defaultDatabaseUrl];
}

const usage = 'usage: npm run audit -- [--prefix <schema prefix>] [--wait-ms 5000] [--credit-leg-max-age-s 300]';

async function main(): Promise<void> {
  const { values } = parseCliArgs(
    {
      args: process.argv.slice(2),
      options: { prefix: { type: 'string' }, 'wait-ms': { type: 'string' }, 'credit-leg-max-age-s': { type: 'string' } },
    },
    usage,
  );
  const waitMs = integerArg(values['wait-ms'], '--wait-ms', 5000, usage, 0);
  const creditLegMaxAgeS = integerArg(
    values['credit-leg-max-age-s'] ?? process.env.CREDIT_LEG_MAX_AGE_S,
    '--credit-leg-max-age-s',
    creditLegMaxAgeSDefault,
    usage,
    1,
  );
  const databaseUrls = await ledgerDatabaseUrls(process.env);
  const databaseUrl = databaseUrls[0]!;
  const schemaPrefix = values.prefix ?? process.env.DB_SCHEMA_PREFIX ?? '';
  const log = (line: string) => process.stdout.write(`[audit] ${line}\n`);
  if (databaseUrls.length > 1) log(`ledger shards: ${databaseUrls.length} (LEDGER_SHARDS_DATABASE_URL)`);
  const { ok } = await runAudit({ databaseUrl, databaseUrls, schemaPrefix, waitMs, creditLegMaxAgeS, log });
  const chain = await runAuditLogCheck({
    databaseUrl: process.env.HISTORY_DATABASE_URL ?? process.env.LEDGER_DATABASE_URL ?? process.env.DATABASE_URL ?? databaseUrl,
    schemaPrefix,
    log,
    checkpointPublicKeys: checkpointPublicKeysFrom(process.env),
  });
  process.exit(ok && chain.ok ? 0 : 1);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`[audit] failed: ${(err as Error).message}\n`);
    process.exit(2);
  });
}
