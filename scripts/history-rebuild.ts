/**
 * Re-creates the history projection from the ledger's record:
 *   npm run history:rebuild [-- --reset] [--page-size N]
 * Pages through the ledger's internal API (GET /internal/transactions?afterId&limit), upserts
 * every page into the history schema with a checkpoint, shows progress, and ends with a count
 * check against the ledger; exits 1 on a mismatch. Interrupted, it resumes on the next run.
 */
import { commonEnv, parseConfig, positiveInt, serviceTokenPrivateKey, z } from '@coin/config';
import { createPool } from '@coin/db';
import { httpLedgerRecord, rebuildHistory, type RebuildProgress } from '@coin/history';
import { parseCliArgs } from './cli-args';
import { ensureInfra } from './infra';
import { devRoleDatabaseUrl, serviceDatabases } from './stack/services';
import { runHistoryServiceKey } from './stack/keys';
import { ServiceTokenSigner } from '@coin/http';

const rebuildConfig = z.object({
  ...commonEnv,
  LEDGER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8083'),
  /**
   * The rebuild's own database URL, as role coin_history_rebuild (docs/operations/deployment.md "Database roles
   * and grants"): the service's role may only add rows, and no other role may repair or reset the
   * projection. On a laptop, derived from the local infrastructure.
   */
  HISTORY_REBUILD_DATABASE_URL: z.string().url().optional(),
  LEDGER_HTTP_TIMEOUT_MS: positiveInt(30_000),
  /**
   * The history service's service-token key (its Secret, docs/operations/procedures.md "Service keys"): the
   * ledger serves its whole record to `history` only. Unset on a laptop: the key `npm start`
   * left for this run in .data/keys.
   */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey().optional(),
});

/** Pages of 1000: a few hundred KiB of JSON per request, one short transaction per page. */
const pageSizeDefault = 1000;
/** The ledger serves at most 1000 per page. */
const pageSizeMax = 1000;
const plainProgressIntervalMs = 5000;
const barWidth = 30;

export function progressLine(p: RebuildProgress, startedMs: number, nowMs: number): string {
  const seconds = Math.max((nowMs - startedMs) / 1000, 0.001);
  const rate = Math.round(p.done / seconds);
  const head = `${p.resumed ? 'resumed, ' : ''}${p.done.toLocaleString('en-US')} transactions, ${rate.toLocaleString('en-US')}/s, at id ${p.afterId}`;
  if (p.estimatedLastId <= 0) return head;
  const fraction = Math.min(1, p.afterId / p.estimatedLastId);
  const filled = Math.round(fraction * barWidth);
  return `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ~${Math.round(fraction * 100)}% ${head}`;
}

function progressPrinter(stream: NodeJS.WriteStream): { update(p: RebuildProgress): void; end(): void } {
  const startedMs = Date.now();
  let lastPlainMs = 0;
  let live = false;
  return {
    update(p) {
      const now = Date.now();
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${progressLine(p, startedMs, now)}`);
        live = true;
      } else if (now - lastPlainMs >= plainProgressIntervalMs) {
        lastPlainMs = now;
        stream.write(`${progressLine(p, startedMs, now)}\n`);
      }
    },
    end() {
      if (live) stream.write('\n');
    },
  };
}

async function main(): Promise<number> {
  const usage = 'usage: npm run history:rebuild [-- --reset] [--page-size N]';
  const options = { reset: { type: 'boolean', default: false }, 'page-size': { type: 'string' } } as const;
  const { values } = parseCliArgs({ args: process.argv.slice(2), options }, usage);
  const pageSizeText = values['page-size'] ?? String(pageSizeDefault);
  if (!/^[1-9][0-9]*$/.test(pageSizeText) || Number(pageSizeText) > pageSizeMax)
    throw new Error(`--page-size must be an integer 1..${pageSizeMax}`);
  const config = parseConfig(rebuildConfig, process.env);
  const rebuildRole = serviceDatabases.history.rebuild.role;
  let databaseUrl = config.HISTORY_REBUILD_DATABASE_URL;
  if (!databaseUrl) {
    if (config.NODE_ENV === 'production') throw new Error('HISTORY_REBUILD_DATABASE_URL is required in production');
    databaseUrl = devRoleDatabaseUrl((await ensureInfra()).databaseUrl, rebuildRole);
  }
  if (decodeURIComponent(new URL(databaseUrl).username) !== rebuildRole) {
    throw new Error(`HISTORY_REBUILD_DATABASE_URL must connect as role ${rebuildRole}`);
  }
  let serviceKey = config.SERVICE_TOKEN_PRIVATE_KEY;
  if (!serviceKey) {
    if (config.NODE_ENV === 'production') throw new Error('SERVICE_TOKEN_PRIVATE_KEY is required in production');
    serviceKey = runHistoryServiceKey();
  }
  const authorization = new ServiceTokenSigner('history', serviceKey).authorizationFor('ledger');
  const pool = createPool({
    url: databaseUrl,
    schema: `${config.DB_SCHEMA_PREFIX}history`,
    applicationName: 'history-rebuild',
    connectionsMax: 2,
  });
  const progress = progressPrinter(process.stderr);
  try {
    const result = await rebuildHistory({
      pool,
      ledger: httpLedgerRecord(config.LEDGER_SERVICE_URL, config.LEDGER_HTTP_TIMEOUT_MS, authorization),
      pageSize: Number(pageSizeText),
      reset: values.reset ?? false,
      onProgress: (p) => progress.update(p),
    });
    progress.end();
    if (result.skipped.length > 0)
      process.stdout.write(`skipped ${result.skipped.length} unprojectable transaction(s): ${result.skipped.slice(0, 20).join(', ')}\n`);
    const recounted = result.recounted ? ' (after a second reading of the ledger: the first counts differed)' : '';
    process.stdout.write(
      `count check up to id ${result.lastId}: ledger ${result.ledgerCount}, projection ${result.projectionCount} -> ${result.countsMatch ? 'OK' : 'MISMATCH'}${recounted}\n`,
    );
    return result.countsMatch ? 0 : 1;
  } finally {
    await pool.end();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`\nhistory:rebuild failed: ${err.message}\n`);
      process.exit(2);
    },
  );
}
