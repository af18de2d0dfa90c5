/**
 * npm run bench:history: both history reads against 1,000,000 history rows, for a user with
 * 10,000 transactions. Requests go through the history service's internal API in-process
 * (fastify inject: routing, zod validation, SQL on a real PostgreSQL, serialisation; no socket),
 * which is what the gateway calls for GET /api/coins/history and GET /api/wallets/me/transactions.
 * Then the freshness through Kafka: events produced at a steady pace, time until stored.
 * Then a statement: a treasury with 1,000,000 lines in a year, its balance as
 * of a time and a JSON page in-process, and the whole year as CSV through a history process and
 * a gateway process of their own (the gateway's pass-through code), with each one's peak RSS.
 * Uses its own schema (bench_history), dropped at the end unless --keep.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createPool, type Pool } from '@coin/db';
import { buildInternalApp, ServiceTokenSigner } from '@coin/http';
import { createLogger } from '@coin/logger';
import { historyMetricNames, historyRouteCallers, loadHistoryConfig, registerInternalRoutes, startHistoryService } from '@coin/history';
import { argsOrExit, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra } from '../scripts/infra';
import { migrateServiceDatabase, provision } from '../scripts/stack/provision';
import { headerNames, topicNames } from '@coin/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { devServiceDatabaseUrl, repoRoot } from '../scripts/stack/services';
import { percentile } from './lib/percentile';
import { generateServiceKeys } from '../scripts/stack/keys';

const schema = 'bench_history';
const rowsTotal = 1_000_000;
/** Every 100th row belongs to the measured user: 10,000 of the 1,000,000. */
const targetEvery = 100;
const targetUserId = 1;
const otherUsers = 99_000;
const warmupRequests = 200;
const requestsPerRead = 2000;
/** Freshness: events produced at a steady pace, each stamped with its production time. */
const freshnessEvents = 3000;
const freshnessBurst = 30;
const freshnessPauseMs = 20;

/** The statement's treasury: 1,000,000 lines over 2025 (a line every 31.5 s; every 10th a MINT into it, the rest REWARDs out). */
const statementLines = 1_000_000;
const statementTreasury = 'REWARDS';
/** The history and gateway processes' V8 old-generation cap for the CSV, in MiB. */
const childHeapMiB = 64;

interface Rss {
  peakRssMiB: number;
  rssMiB: number;
  liveHeapMiB: number;
  externalMiB: number;
}

/** A bench child (history or gateway process) under tsx, with an IPC channel: resolves once it listens. */
async function startChild(file: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(repoRoot, file), [], {
    // A small old generation: a process that held the period (91 MiB of CSV) would run out of
    // heap. --expose-gc lets each process report its live heap after a full GC beside its RSS.
    execArgv: [`--max-old-space-size=${childHeapMiB}`, '--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, port };
}

function rssOf(child: ChildProcess): Promise<Rss> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Rss));
    child.send('rss');
  });
}

/**
 * The year's statement as CSV through both processes, read as fast as the client can: bytes and
 * lines counted, only the last line kept, so the measuring side holds nothing either. Peak RSS
 * of each process after a one-day statement (the baseline) and after the year.
 */
async function measureStatementCsv(databaseUrl: string) {
  const keys = generateServiceKeys().gateway;
  const history = await startChild('bench/statement-csv/history.ts', {
    BENCH_DATABASE_URL: devServiceDatabaseUrl(databaseUrl, 'history'),
    BENCH_SCHEMA: schema,
    BENCH_GATEWAY_PUBLIC_KEY: keys.publicKeyPem,
  });
  const gateway = await startChild('bench/statement-csv/gateway.ts', {
    BENCH_HISTORY_URL: `http://127.0.0.1:${history.port}`,
    BENCH_GATEWAY_PRIVATE_KEY: keys.privateKeyPem,
  });
  const read = async (from: string, to: string) => {
    const started = Date.now();
    const query = new URLSearchParams({ kind: 'treasury', id: statementTreasury, from, to });
    const response = await fetch(`http://127.0.0.1:${gateway.port}/statement.csv?${query}`);
    if (!response.ok || !response.body) throw new Error(`statement CSV: ${response.status}`);
    let bytes = 0;
    let lines = 0;
    let tail = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      const text = decoder.decode(chunk, { stream: true });
      // Every row ends with CRLF and the bench's text holds no line break: a LF is a row.
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
      tail = (tail + text).slice(-400);
    }
    const lastRow = tail.split('\r\n').at(-2) ?? '';
    return {
      seconds: (Date.now() - started) / 1000,
      bytes,
      rows: lines - 1,
      lastRunningBalance: lastRow.split(',')[4],
      closingBalance: response.headers.get('statement-closing-balance'),
    };
  };
  try {
    await read('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z');
    const baseline = { history: await rssOf(history.child), gateway: await rssOf(gateway.child) };
    const month = await read('2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z');
    const afterMonth = { history: await rssOf(history.child), gateway: await rssOf(gateway.child), rows: month.rows };
    const year = await read('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    const after = { history: await rssOf(history.child), gateway: await rssOf(gateway.child) };
    if (year.rows !== statementLines || year.lastRunningBalance !== year.closingBalance) {
      throw new Error(`statement CSV: ${year.rows} rows, last running balance ${year.lastRunningBalance}, closing ${year.closingBalance}`);
    }
    return { ...year, megabytes: +(year.bytes / 2 ** 20).toFixed(1), childHeapMiB, peakRssMiB: { baseline, afterMonth, afterYear: after } };
  } finally {
    history.child.disconnect();
    gateway.child.disconnect();
  }
}

function summary(name: string, samplesMs: number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    read: name,
    requests: sorted.length,
    p50Ms: +percentile(sorted, 50).toFixed(3),
    p99Ms: +percentile(sorted, 99).toFixed(3),
    maxMs: +sorted[sorted.length - 1]!.toFixed(3),
  };
}

/**
 * Produce-to-stored delay through Kafka and the real consumer: occurredAt is set when the event
 * is produced, and the service's coin_history_apply_delay_seconds histogram records storage time
 * minus occurredAt. Returns the share stored within 1 s and the bucket holding p50 and p99.
 */
async function measureFreshness(databaseUrl: string, brokers: string[]) {
  const prefix = `benchf${Date.now().toString(36)}_`;
  await provision({ kafkaBrokers: brokers, databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    KAFKA_BROKERS: brokers.join(','),
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    HOST: '127.0.0.1',
    HISTORY_HTTP_PORT: '0',
    METRICS_PORT: '0',
    SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: generateServiceKeys().gateway.publicKeyPem }),
    // The bench writes no audit records; the service needs writers' keys all the same.
    AUDIT_SIGNER_PUBLIC_KEYS: JSON.stringify({ ledger: generateServiceKeys().ledger.publicKeyPem }),
    HISTORY_DATABASE_URL: devServiceDatabaseUrl(databaseUrl, 'history'),
  };
  const service = await startHistoryService(loadHistoryConfig(env), createLogger('bench-history', 'warn'));
  const producer = new Kafka({ clientId: 'bench-history', brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  const topic = topicNames(prefix).coinTransactions;
  try {
    for (let sent = 0; sent < freshnessEvents; sent += freshnessBurst) {
      const now = new Date().toISOString();
      await producer.send({
        topic,
        messages: Array.from({ length: freshnessBurst }, (_, i) => recordedEventMessage(sent + i + 1, now)),
      });
      await new Promise((r) => setTimeout(r, freshnessPauseMs));
    }
    const { buckets, total } = await applyDelayBuckets(service.metricsUrl);
    const bucketOf = (q: number) => buckets.find((b) => b.count >= q * total)?.le ?? Infinity;
    return {
      events: total,
      withinOneSecond: +((buckets.find((b) => b.le === 1)?.count ?? 0) / Math.max(total, 1)).toFixed(4),
      p50AtMostS: bucketOf(0.5),
      p99AtMostS: bucketOf(0.99),
    };
  } finally {
    await producer.disconnect();
    await service.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS ${prefix}history CASCADE`);
    await cleanup.query(`DROP SCHEMA IF EXISTS ${prefix}ledger CASCADE`);
    await cleanup.query(`DROP SCHEMA IF EXISTS ${prefix}users CASCADE`);
    await cleanup.end();
  }
}

/** A coin.transaction.recorded event of a small TRANSFER `id`, as the ledger publishes it, ready to send. */
function recordedEventMessage(id: number, now: string) {
  const event = {
    eventId: randomUUID(),
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: now,
    transaction: {
      id,
      type: 'TRANSFER',
      amount: 1,
      fromUserId: 1 + (id % 500),
      toUserId: 501 + (id % 500),
      fromTreasury: null,
      toTreasury: null,
      reason: 'bench',
      reference: null,
      refundOf: null,
      createdAt: now,
    },
  };
  return { key: String(id), value: JSON.stringify(event), headers: { [headerNames.type]: event.type } };
}

/** The history's apply-delay histogram, once it has counted every event sent (or after 60 s, what it has). */
async function applyDelayBuckets(metricsUrl: string): Promise<{ buckets: Array<{ le: number; count: number }>; total: number }> {
  const deadline = Date.now() + 60_000;
  let buckets: Array<{ le: number; count: number }> = [];
  let total = 0;
  while (Date.now() < deadline) {
    const text = await (await fetch(`${metricsUrl}/metrics`)).text();
    buckets = [...text.matchAll(new RegExp(`${historyMetricNames.applyDelay}_bucket\\{le="([^"]+)"[^}]*\\} (\\d+)`, 'g'))].map((m) => ({
      le: m[1] === '+Inf' ? Infinity : Number(m[1]),
      count: Number(m[2]),
    }));
    total = buckets.find((b) => b.le === Infinity)?.count ?? 0;
    if (total >= freshnessEvents) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { buckets, total };
}

async function main(): Promise<void> {
  const usage = 'usage: npm run bench:history [-- --keep]';
  const { values } = argsOrExit(() =>
    parseCliArgs({ args: process.argv.slice(2), options: { keep: { type: 'boolean', default: false } } }, usage),
  );
  const log = (m: string) => process.stderr.write(`[bench:history] ${m}\n`);
  const infra = await ensureInfra();
  const admin = new pg.Client({ connectionString: infra.databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  await migrateServiceDatabase({ databaseUrl: infra.databaseUrl, schema, service: 'history' });
  const url = devServiceDatabaseUrl(infra.databaseUrl, 'history');
  const pool = createPool({ url, schema, applicationName: 'bench-history', connectionsMax: 4 });

  const counts = await loadUserHistory(pool, log);
  const { app, get } = await historyApi(pool);
  const { cursorSamples, offsetSamples, adminSamples } = await measureUserReads(get);

  const plans = await Promise.all([
    pool.query(
      `EXPLAIN SELECT * FROM history_entries WHERE party_kind = 'user' AND party_id = '1' AND (created_at, transaction_id) < (now(), 1) ORDER BY created_at DESC, transaction_id DESC LIMIT 101`,
    ),
    pool.query(`EXPLAIN SELECT count(*) FROM history_entries WHERE party_kind = 'user' AND party_id = '1'`),
  ]);
  const { balanceSamples, pageSamples } = await measureTreasuryReads(pool, get);
  log('streaming a year of a treasury (1,000,000 lines) as CSV through a history and a gateway process');
  const statementCsv = await measureStatementCsv(infra.databaseUrl);
  log(
    `statement: ${JSON.stringify({ balance: summary('balance as of', balanceSamples), page: summary('statement page', pageSamples), statementCsv })}`,
  );
  const statementPlan = await pool.query(
    `EXPLAIN SELECT sum(delta) FROM history_entries WHERE party_kind = 'treasury' AND party_id = '${statementTreasury}' AND created_at <= '2025-07-01'`,
  );
  log('measuring freshness through Kafka');
  const freshness = await measureFreshness(infra.databaseUrl, infra.kafkaBrokers);
  const results = {
    measuredAt: new Date().toISOString(),
    how: 'history service internal API in-process (fastify inject), real PostgreSQL, sequential requests',
    rows: counts.rows,
    userTransactions: counts.target,
    reads: [
      summary('GET /api/coins/history (keyset, limit=100, full walks)', cursorSamples),
      summary('GET /api/wallets/me/transactions (offset 0..9980, limit=20, with total)', offsetSamples),
      summary('GET /api/admin/transactions (first page, limit=100, all / by type)', adminSamples),
      summary('GET /api/admin/treasuries/{code}/balance?at=mid-year (Σ over ~500,000 of 1,000,000 lines)', balanceSamples),
      summary('GET /api/admin/treasuries/{code}/statement (a month from mid-year, first page of 100)', pageSamples),
    ],
    statementCsv,
    freshness,
    plans: [...plans, statementPlan].map((p) => p.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')),
  };
  printResults(results, statementCsv, freshness);
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

type HistoryGet = (url: string) => Promise<{ ms: number; body: { transactions: unknown[]; nextCursor?: string | null } }>;

/** The measured user's history among 99,000 others, loaded in bulk and analysed; its counts. */
async function loadUserHistory(pool: Pool, log: (m: string) => void): Promise<{ rows: number; target: number }> {
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
  log(
    `loaded ${counts.rows[0]!.rows.toLocaleString('en-US')} history rows (${counts.rows[0]!.target.toLocaleString('en-US')} for user ${targetUserId}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return counts.rows[0]!;
}

/**
 * The history's internal API in-process, and a timed GET on it. As the gateway calls it: a service
 * token per request (cached by both sides, as in production).
 */
async function historyApi(pool: Pool): Promise<{ app: Awaited<ReturnType<typeof buildInternalApp>>; get: HistoryGet }> {
  const keys = generateServiceKeys().gateway;
  const app = buildInternalApp({
    logger: createLogger('bench-history', 'warn'),
    serviceAuth: { audience: 'history', publicKeys: { gateway: keys.publicKeyPem }, routes: historyRouteCallers },
  });
  registerInternalRoutes(app, { pool });
  await app.ready();
  const authorization = new ServiceTokenSigner('gateway', keys.privateKeyPem).authorizationFor('history');
  const get: HistoryGet = async (url) => {
    const t0 = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: await authorization() } });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return { ms, body: response.json() as { transactions: unknown[]; nextCursor?: string | null } };
  };
  return { app, get };
}

/** The user's reads: keyset walks, offset pages, and the admin search's first pages. */
async function measureUserReads(get: HistoryGet) {
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
  return { cursorSamples, offsetSamples, adminSamples };
}

/** A treasury's year (1,000,000 lines) loaded, then its balance as of a time and a statement page, timed. */
async function measureTreasuryReads(pool: Pool, get: HistoryGet) {
  await pool.query(
    `INSERT INTO history_entries (party_kind, party_id, transaction_id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury,
                                  reason, reference, refund_of, created_at, event_id)
     SELECT 'treasury', $1, 10000000 + g, CASE WHEN g % 10 = 0 THEN 'MINT' ELSE 'REWARD' END,
            CASE WHEN g % 10 = 0 THEN 20000 ELSE 100 + g % 1000 END, NULL,
            CASE WHEN g % 10 = 0 THEN NULL ELSE 2 + g % $2 END,
            CASE WHEN g % 10 = 0 THEN NULL ELSE $1 END, CASE WHEN g % 10 = 0 THEN $1 END,
            'bench reward ' || g, NULL, NULL, timestamptz '2025-01-01T00:00:00Z' + g * interval '31.5 seconds', NULL
       FROM generate_series(1, $3::int) AS g`,
    [statementTreasury, otherUsers, statementLines],
  );
  await pool.query('VACUUM ANALYZE history_entries');
  const balanceSamples: number[] = [];
  const pageSamples: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const balance = await get(`/internal/history/balances/treasury/${statementTreasury}?at=2025-07-${day}T12:00:00Z`);
    const page = await get(
      `/internal/history/statements/treasury/${statementTreasury}?from=2025-07-${day}T00:00:00Z&to=2025-08-${day}T00:00:00Z&limit=100`,
    );
    if (i >= 10) {
      balanceSamples.push(balance.ms);
      pageSamples.push(page.ms);
    }
  }
  return { balanceSamples, pageSamples };
}

/** The results on stdout: each read's percentiles, the freshness, the statement CSV's memory, the plans. */
function printResults(
  results: { reads: Array<ReturnType<typeof summary>>; plans: string[] },
  statementCsv: Awaited<ReturnType<typeof measureStatementCsv>>,
  freshness: Awaited<ReturnType<typeof measureFreshness>>,
): void {
  for (const r of results.reads)
    process.stdout.write(`${r.read}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms (${r.requests} requests)\n`);
  process.stdout.write(
    `freshness (produce -> stored, ${freshness.events} events): ${(freshness.withinOneSecond * 100).toFixed(2)}% within 1 s, p50 <= ${freshness.p50AtMostS} s, p99 <= ${freshness.p99AtMostS} s\n`,
  );
  process.stdout.write(
    `statement CSV (${statementCsv.rows.toLocaleString('en-US')} lines, ${statementCsv.megabytes} MiB, ${statementCsv.seconds} s): peak RSS (old space capped at ${childHeapMiB} MiB) after a day / a month / the year: history ${statementCsv.peakRssMiB.baseline.history.peakRssMiB} / ${statementCsv.peakRssMiB.afterMonth.history.peakRssMiB} / ${statementCsv.peakRssMiB.afterYear.history.peakRssMiB} MiB, gateway ${statementCsv.peakRssMiB.baseline.gateway.peakRssMiB} / ${statementCsv.peakRssMiB.afterMonth.gateway.peakRssMiB} / ${statementCsv.peakRssMiB.afterYear.gateway.peakRssMiB} MiB\n`,
  );
  const live = (when: 'baseline' | 'afterMonth' | 'afterYear') =>
    `history ${statementCsv.peakRssMiB[when].history.liveHeapMiB}, gateway ${statementCsv.peakRssMiB[when].gateway.liveHeapMiB}`;
  process.stdout.write(
    `statement CSV live JS heap after a full GC (MiB), after a day: ${live('baseline')}; a month: ${live('afterMonth')}; the year: ${live('afterYear')}\n`,
  );
  for (const plan of results.plans) process.stdout.write(`${plan}\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`bench:history failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
