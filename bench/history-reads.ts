/**
 * npm run bench:history: both history reads against 1,000,000 history rows, for a user with
 * 10,000 transactions. Requests go through the history service's internal API in-process
 * (fastify inject: routing, zod validation, SQL on a real PostgreSQL, serialisation; no socket),
 * which is what the gateway calls for GET /api/coins/history and GET /api/wallets/me/transactions.
 * Uses its own schema (bench_history), dropped at the end unless --keep.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPool, migrate, serviceDatabaseUrl } from '@coin/db';
import { buildInternalApp } from '@coin/http';
import { createLogger } from '@coin/logger';
import { registerInternalRoutes } from '../services/history/src/http/internal-routes';
import { ensureInfra } from '../scripts/infra';
import { devRolePassword, repoRoot, serviceDatabases } from '../scripts/stack/services';

const schema = 'bench_history';
const rowsTotal = 1_000_000;
/** Every 100th row belongs to the measured user: 10,000 of the 1,000,000. */
const targetEvery = 100;
const targetUserId = 1;
const otherUsers = 99_000;
const warmupRequests = 200;
const requestsPerRead = 2000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(name: string, samplesMs: number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { read: name, requests: sorted.length, p50Ms: +percentile(sorted, 50).toFixed(3), p99Ms: +percentile(sorted, 99).toFixed(3), maxMs: +sorted[sorted.length - 1]!.toFixed(3) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
  const log = (m: string) => process.stderr.write(`[bench:history] ${m}\n`);
  const infra = await ensureInfra();
  const admin = new pg.Client({ connectionString: infra.databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  await migrate({ adminUrl: infra.databaseUrl, schema, role: serviceDatabases.history.role, rolePassword: devRolePassword(serviceDatabases.history.role), migrationsDir: serviceDatabases.history.migrationsDir });
  const url = serviceDatabaseUrl(infra.databaseUrl, serviceDatabases.history.role, devRolePassword(serviceDatabases.history.role));
  const pool = createPool({ url, schema, applicationName: 'bench-history', connectionsMax: 4 });

  const started = Date.now();
  // One transaction per row, each with one user party: the measured user on every 100th, the
  // others spread over 99,000 users. createdAt advances with the id plus up to 10 minutes of
  // jitter, so arrival order and time order differ as they do across partitions.
  await pool.query(
    `INSERT INTO history_transactions (transaction_id, type, amount, from_user_id, to_user_id, to_treasury, reason, reference, created_at, event_id)
     SELECT g, (ARRAY['MINT','TRANSFER','PURCHASE','REWARD'])[1 + g % 4], 100 + g % 100000,
            CASE WHEN g % 4 IN (1, 2) THEN (CASE WHEN g % $1 = 0 THEN $2 ELSE 2 + g % $3 END) END,
            CASE WHEN g % 4 IN (0, 1, 3) THEN (CASE WHEN g % 4 = 1 THEN 2 + (g * 7) % $3 WHEN g % $1 = 0 THEN $2 ELSE 2 + g % $3 END) END,
            CASE WHEN g % 4 = 2 THEN 'COURSE_FEES' END,
            'bench row ' || g, NULL,
            timestamptz '2025-01-01T00:00:00Z' + g * interval '30 seconds' + (random() * 600) * interval '1 second',
            md5(g::text)::uuid
       FROM generate_series(1, $4::int) AS g`,
    [targetEvery, targetUserId, otherUsers, rowsTotal],
  );
  await pool.query(
    `INSERT INTO history_entries (party_kind, party_id, transaction_id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury,
                                  reason, reference, refund_of, created_at, event_id)
     SELECT 'user', (CASE WHEN transaction_id % $1 = 0 THEN $2 ELSE 2 + transaction_id % $3 END)::text,
            transaction_id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference, refund_of, created_at, event_id
       FROM history_transactions`,
    [targetEvery, targetUserId, otherUsers],
  );
  await pool.query('VACUUM ANALYZE history_entries');
  await pool.query('VACUUM ANALYZE history_transactions');
  const counts = await pool.query<{ rows: number; target: number }>(
    `SELECT count(*)::bigint AS rows, count(*) FILTER (WHERE party_id = $1)::bigint AS target FROM history_entries`,
    [String(targetUserId)],
  );
  log(`loaded ${counts.rows[0]!.rows.toLocaleString('en-US')} history rows (${counts.rows[0]!.target.toLocaleString('en-US')} for user ${targetUserId}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const app = buildInternalApp({ logger: createLogger('bench-history', 'warn'), readiness: {} });
  registerInternalRoutes(app, { pool });
  await app.ready();
  const get = async (url: string) => {
    const t0 = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return { ms, body: response.json() as { transactions: unknown[]; nextCursor?: string | null } };
  };

  // Keyset: walk the whole history page by page (100 pages of 100), again and again.
  const cursorSamples: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < warmupRequests + requestsPerRead; i += 1) {
    const { ms, body } = await get(`/internal/history/users/${targetUserId}?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (i >= warmupRequests) cursorSamples.push(ms);
    cursor = body.nextCursor ?? null;
  }
  // Offset: pages of 20 at offsets spread evenly over the whole history, with the total.
  const offsetSamples: number[] = [];
  for (let i = 0; i < warmupRequests + requestsPerRead; i += 1) {
    const offset = ((i * 7919) % 500) * 20;
    const { ms } = await get(`/internal/history/users/${targetUserId}/page?limit=20&offset=${offset}`);
    if (i >= warmupRequests) offsetSamples.push(ms);
  }
  // Admin search, first pages: everything newest first, and by type.
  const adminSamples: number[] = [];
  for (let i = 0; i < warmupRequests / 2 + requestsPerRead / 4; i += 1) {
    const { ms } = await get(`/internal/transactions?limit=100${i % 2 ? '&type=PURCHASE' : ''}`);
    if (i >= warmupRequests / 2) adminSamples.push(ms);
  }

  const plans = await Promise.all([
    pool.query(`EXPLAIN SELECT * FROM history_entries WHERE party_kind = 'user' AND party_id = '1' AND (created_at, transaction_id) < (now(), 1) ORDER BY created_at DESC, transaction_id DESC LIMIT 101`),
    pool.query(`EXPLAIN SELECT count(*) FROM history_entries WHERE party_kind = 'user' AND party_id = '1'`),
  ]);
  const results = {
    measuredAt: new Date().toISOString(),
    how: 'history service internal API in-process (fastify inject), real PostgreSQL, sequential requests',
    rows: counts.rows[0]!.rows,
    userTransactions: counts.rows[0]!.target,
    reads: [
      summary('GET /api/coins/history (keyset, limit=100, full walks)', cursorSamples),
      summary('GET /api/wallets/me/transactions (offset 0..9980, limit=20, with total)', offsetSamples),
      summary('GET /api/admin/transactions (first page, limit=100, all / by type)', adminSamples),
    ],
    plans: plans.map((p) => p.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')),
  };
  for (const r of results.reads) process.stdout.write(`${r.read}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms (${r.requests} requests)\n`);
  for (const plan of results.plans) process.stdout.write(`${plan}\n`);
  mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repoRoot, 'bench', 'results', 'history-reads.json'), `${JSON.stringify(results, null, 2)}\n`);

  await app.close();
  await pool.end();
  if (!values.keep) {
    const cleanup = new pg.Client({ connectionString: infra.databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await cleanup.end();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`bench:history failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
