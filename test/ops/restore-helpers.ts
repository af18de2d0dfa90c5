// What the rehearsals of docs/operations/procedures.md "Restoring from a backup" share: the operator's tools
// (pg_dump, pg_restore, `npm run restore:rewind`) run as the runbook says, and the readers that
// judge the result (the whole of a topic, a consumer deduplicating by eventId, the audit).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { walletKeyOfUser } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { keyPartitioner, partitionCount } from '@coin/kafka';
import { runAudit } from '../../scripts/audit';
import type { LedgerHarness } from '../harness/ledger';
import { scaledBound } from '../harness/machine-speed';

export const repoRoot = path.join(__dirname, '..', '..');
/** The runbook's default margin before the restore point. */
export const marginMs = 300_000;

/** PostgreSQL's own variables for a URL: the password stays out of the tools' arguments. */
export function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: u.pathname.slice(1),
  };
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
}

/** The runbook's logical backup of the ledger's schema (as the admin role, password in PGPASSWORD). */
export function dumpLedgerSchema(adminUrl: string, schema: string, file: string): void {
  run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${file}`], pgEnv(adminUrl));
}

/** The runbook's restore of that backup. */
export function restoreLedgerSchema(adminUrl: string, file: string): void {
  const env = pgEnv(adminUrl);
  run('pg_restore', ['--clean', '--if-exists', '--single-transaction', `--dbname=${env.PGDATABASE}`, file], env);
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A repository script (`npm run <name>` runs it so) in a process of its own, with `env` added to this one's. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Step 3 as an operator runs it: `npm run restore:rewind` (its script) with the ledger's own
 * environment; what it printed.
 */
export function restoreRewind(h: LedgerHarness, restorePoint: Date): Promise<ScriptRun> {
  return runScript(
    'scripts/restore-rewind.ts',
    ['--restore-point', restorePoint.toISOString(), '--margin-s', String(marginMs / 1000)],
    h.env,
  );
}

/** What step 3 printed of the shard's new floor: the first id handed out, and the void range below it. */
export function printedFloor(stdout: string): { firstId: number; voidFrom: number; voidTo: number; highestPublished: number } | null {
  const m =
    /shard 0: transaction ids start at (\d+) \(the restored sequence would have handed out (\d+); ids (\d+)\.\.(\d+) are never handed out again, highest published (\d+), gap \d+\)/.exec(
      stdout,
    );
  return m ? { firstId: Number(m[1]), voidFrom: Number(m[3]), voidTo: Number(m[4]), highestPublished: Number(m[5]) } : null;
}

/** What step 3 printed as the transactions the restore lost: the published ids no shard holds. */
export function printedLostIds(stdout: string): Set<number> | null {
  const m = /that no shard holds \(lost with the restore; consumers drop them\): (\d+)(?: \(ids ([\d., ]+)\))?/.exec(stdout);
  if (!m) return null;
  const ids = new Set<number>();
  for (const run of (m[2] ?? '').split(', ').filter(Boolean)) {
    const [from, to] = run.split('..').map(Number);
    for (let id = from!; id <= (to ?? from!); id += 1) ids.add(id);
  }
  return ids;
}

/** Every record of a topic, from its start to the end it has now, in each partition's order. */
export async function readTopic(
  h: Pick<LedgerHarness, 'kafka' | 'prefix'>,
  topic: string,
): Promise<Array<{ partition: number; value: string }>> {
  const a = h.kafka.admin();
  await a.connect();
  const ends = new Map((await a.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)]));
  await a.disconnect();
  const pending = new Set([...ends].filter(([, end]) => end > 0n).map(([p]) => p));
  const records: Array<{ partition: number; offset: bigint; value: string }> = [];
  if (pending.size === 0) return [];
  const consumer = h.kafka.consumer({ groupId: `${h.prefix}restore-rehearsal-reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const withinMs = scaledBound(30_000);
      const timer = setTimeout(() => reject(new Error(`${topic}: not read to its end in ${withinMs} ms`)), withinMs);
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const offset = BigInt(message.offset);
            if (offset < ends.get(partition)!) records.push({ partition, offset, value: message.value?.toString() ?? '' });
            if (offset + 1n >= ends.get(partition)! && pending.delete(partition) && pending.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return records.sort((x, y) => x.partition - y.partition || (x.offset < y.offset ? -1 : x.offset > y.offset ? 1 : 0));
}

/** A transaction as coin.transactions carries it (the fields the rehearsals compare). */
export interface EventTransaction {
  id: number;
  type: string;
  amount: number;
  fromUserId: number | null;
  toUserId: number | null;
  fromTreasury: string | null;
  toTreasury: string | null;
  createdAt: string;
}

/**
 * A consumer that deduplicates coin.transactions by eventId as docs/EVENTS.md tells it to: the
 * first event of each eventId is kept, every later one dropped. Events of one transaction id share
 * a key, so a partition's order is the order it sees them in. `conflicts`: the eventIds whose
 * later copies carry another transaction than the one kept (the copy dropped is another
 * transaction's, and that consumer never learns of it).
 */
export function deduplicateByEventId(records: Array<{ value: string }>): {
  kept: Map<string, EventTransaction>;
  copies: number;
  conflicts: Array<{ eventId: string; kept: EventTransaction; dropped: EventTransaction }>;
} {
  const kept = new Map<string, EventTransaction>();
  const conflicts: Array<{ eventId: string; kept: EventTransaction; dropped: EventTransaction }> = [];
  let copies = 0;
  for (const { value } of records) {
    const event = JSON.parse(value) as { eventId: string; transaction: EventTransaction };
    const t = event.transaction;
    const first = kept.get(event.eventId);
    if (!first) {
      kept.set(event.eventId, t);
      continue;
    }
    copies += 1;
    if (sameTransaction(first, t) === false) conflicts.push({ eventId: event.eventId, kept: first, dropped: t });
  }
  return { kept, copies, conflicts };
}

function sameTransaction(a: EventTransaction, b: EventTransaction): boolean {
  return (
    a.id === b.id &&
    a.type === b.type &&
    a.amount === b.amount &&
    a.fromUserId === b.fromUserId &&
    a.toUserId === b.toUserId &&
    a.fromTreasury === b.fromTreasury &&
    a.toTreasury === b.toTreasury &&
    Date.parse(a.createdAt) === Date.parse(b.createdAt)
  );
}

export type AuditRun = Awaited<ReturnType<typeof runAudit>>;

/**
 * `npm run audit`'s check, read again until it passes with no credit leg in flight (every
 * transfer credited) or `timeoutMs` (set on the 2-core machine, scaled to this one) has passed;
 * the last report either way.
 */
export async function settledAudit(databaseUrl: string, schemaPrefix: string, timeoutMs: number): Promise<AuditRun> {
  const deadline = Date.now() + scaledBound(timeoutMs);
  for (;;) {
    const audit = await runAudit({ databaseUrl, schemaPrefix, waitMs: 0, creditLegMaxAgeS: 1, log: () => undefined });
    if ((audit.ok && audit.report.creditLegs.inFlight.count === 0) || Date.now() >= deadline) return audit;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function internalEndOffsets(h: LedgerHarness): Promise<string[]> {
  const a = h.kafka.admin();
  await a.connect();
  try {
    return (await a.fetchTopicOffsets(h.topics.ledgerInternal)).sort((x, y) => x.partition - y.partition).map((p) => p.high);
  } finally {
    await a.disconnect();
  }
}

export async function balances(pool: Pool): Promise<Record<string, number>> {
  const rows = await pool.query<{ wallet_key: string; balance: number }>('SELECT wallet_key, balance FROM wallets ORDER BY wallet_key');
  return Object.fromEntries(rows.rows.map((r) => [r.wallet_key, Number(r.balance)]));
}

/** Until the outbox has published every batch it holds. */
export async function outboxDrained(pool: Pool, timeoutMs = 20_000): Promise<void> {
  const withinMs = scaledBound(timeoutMs);
  const deadline = Date.now() + withinMs;
  for (;;) {
    const r = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL');
    if (r.rows[0]!.n === 0) return;
    if (Date.now() >= deadline) throw new Error(`outbox: ${r.rows[0]!.n} batch(es) still unpublished after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Which ledger.commands partition each user's wallet is on (the producers' partitioner over the topic's partitions). */
export async function userPartitions(
  h: LedgerHarness,
): Promise<{ partitionOf: (key: string) => number; partition: (userId: number) => number }> {
  const kafkaAdmin = h.kafka.admin();
  await kafkaAdmin.connect();
  try {
    const partitionOf = keyPartitioner(await partitionCount(kafkaAdmin, h.topics.ledgerCommands));
    return { partitionOf, partition: (userId: number) => partitionOf(walletKeyOfUser(userId)) };
  } finally {
    await kafkaAdmin.disconnect();
  }
}

/** Opens each user's wallet and mints `amount` coins into it, each answered ok. */
export async function seedWallets(h: LedgerHarness, users: readonly number[], amount: number): Promise<void> {
  for (const userId of users) {
    expect(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } })).toMatchObject({ ok: true });
    expect(
      await h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to: { kind: 'user', userId }, amount, reason: 'seed' } }),
    ).toMatchObject({ ok: true });
  }
}
