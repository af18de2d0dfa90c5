import pg from 'pg';
import { ledgerShardUrlsOf } from '@coin/ledger';
import type { ProcessStack } from '../../scripts/stack/processes';
import { requestJson } from './http';

/** The ledger's own money check: Σ balances == Σ MINT − Σ BURN, no negative balance. */
export async function pipelineInvariants(
  stack: ProcessStack,
  prefix: string,
  mintedMinor: number | null,
): Promise<{ ok: boolean; details: Record<string, unknown> }> {
  const details: Record<string, unknown> = {};
  let ok = true;
  const supply = await requestJson(stack.urls.ledger, 'GET', '/internal/supply', {
    headers: await stack.internalHeaders('gateway', 'ledger'),
  }).catch(() => null);
  if (supply && supply.status === 200) {
    details.supply = supply.body;
    // The ledger's audit: balances match entries, supply == Σ balances once nothing is in flight.
    const report = supply.body as { consistent?: boolean; supply?: number; balances?: number; inFlight?: number };
    if (typeof report.consistent === 'boolean') ok = ok && report.consistent;
    if (report.supply !== undefined && report.balances !== undefined)
      ok = ok && report.supply === report.balances && (report.inFlight ?? 0) === 0;
  } else {
    details.supply = 'GET /internal/supply not available';
  }
  // Every shard's wallets when the ledger is sharded (docs/design/ledger.md "Shards"), summed.
  const ledgerEnv = stack.env('ledger');
  const urls = ledgerShardUrlsOf(ledgerEnv) ?? [ledgerEnv.LEDGER_DATABASE_URL];
  let total = 0;
  let negative = 0;
  let wallets = 0;
  for (const url of urls) {
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${prefix}ledger` });
    pool.on('error', () => undefined); // an idle connection lost: the pool reconnects on the next query
    try {
      const r = await pool.query<{ total: string; negative: string; wallets: string }>(
        'SELECT coalesce(sum(balance), 0) AS total, count(*) FILTER (WHERE balance < 0) AS negative, count(*) AS wallets FROM wallets',
      );
      total += Number(r.rows[0]!.total);
      negative += Number(r.rows[0]!.negative);
      wallets += Number(r.rows[0]!.wallets);
    } finally {
      await pool.end();
    }
  }
  details.walletBalancesMinor = total;
  details.wallets = wallets;
  details.negativeBalances = negative;
  details.mintedByBenchMinor = mintedMinor;
  ok = ok && negative === 0;
  if (mintedMinor !== null) ok = ok && total === mintedMinor;
  return { ok, details };
}
