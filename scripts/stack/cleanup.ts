/**
 * Removes the Kafka topics and PostgreSQL schemas that test and benchmark runs create under a
 * prefix of their own. Without this they pile up on the local broker (thousands of partition
 * directories), and every broker start has to load them all.
 */
import pg from 'pg';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';

export interface CleanupTarget {
  kafkaBrokers: string[];
  databaseUrl: string;
  /** The ledger's second shard cluster (admin URL), whose schemas the same runs created. */
  shardDatabaseUrl?: string;
}

/** Names starting with one of these prefixes, or names the predicate accepts. */
export type NameSelector = readonly string[] | ((name: string) => boolean);

export interface Removed {
  topics: number;
  schemas: number;
}

/**
 * Topics per DeleteTopics request. The broker answers once every topic of a request is deleted
 * or the timeout passed; chunks keep one request from waiting on thousands of deletions.
 */
const topicsPerRequest = 250;
/** Per chunk, instead of kafkajs's 5 s: a timed-out request fails the whole clean-up, which is in no hurry. */
const deleteTimeoutMs = 20_000;

function matcherOf(selector: NameSelector): (name: string) => boolean {
  if (typeof selector === 'function') return selector;
  const prefixes = [...selector];
  // An empty prefix would select everything, the dev stack's unprefixed topics included.
  if (prefixes.some((p) => p === '')) throw new Error('refusing to clean up with an empty prefix');
  return (name) => prefixes.some((p) => name.startsWith(p));
}

/**
 * Deletes the selected topics and drops the selected schemas (CASCADE). Roles are left alone:
 * migrate() creates two roles per service (coin_ledger_owner, coin_ledger_app, …; the sandbox's coin_ledger_sandbox_app, …), shared by every prefix
 * and by the dev stack, never one per schema. Kafka removes the deleted partitions' files
 * asynchronously, about a minute later (file.delete.delay.ms).
 */
export async function removeTopicsAndSchemas(target: CleanupTarget, selector: NameSelector): Promise<Removed> {
  const selected = matcherOf(selector);
  // The broker's and each cluster's removals are independent: side by side.
  const [topics, ...schemas] = await Promise.all([
    deleteTopics(target.kafkaBrokers, selected),
    dropSchemas(target.databaseUrl, selected),
    ...(target.shardDatabaseUrl ? [dropSchemas(target.shardDatabaseUrl, selected)] : []),
  ]);
  return { topics, schemas: schemas.reduce((sum, count) => sum + count, 0) };
}

async function deleteTopics(brokers: string[], selected: (name: string) => boolean): Promise<number> {
  const kafka = createKafka({ brokers, clientId: 'cleanup', logger: createLogger('cleanup', 'error') });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => !t.startsWith('__') && selected(t));
    for (let i = 0; i < topics.length; i += topicsPerRequest) {
      await admin.deleteTopics({ topics: topics.slice(i, i + topicsPerRequest), timeout: deleteTimeoutMs });
    }
    return topics.length;
  } finally {
    await admin.disconnect();
  }
}

async function dropSchemas(databaseUrl: string, selected: (name: string) => boolean): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Selected here rather than with LIKE, in which the `_` of every prefix is a wildcard.
    const all = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname <> 'information_schema'`,
    );
    const schemas = all.rows.map((r) => r.name).filter(selected);
    // One statement (and transaction) per schema: dropping hundreds of schemas' tables at once
    // would exceed the lock table (max_locks_per_transaction).
    for (const schema of schemas) await dropSchema(client, schema);
    return schemas.length;
  } finally {
    await client.end();
  }
}

/** PostgreSQL's deadlock_detected: the transaction chosen as the victim was rolled back and may be run again. */
const deadlockDetected = '40P01';
const dropAttempts = 5;

/**
 * Drops one schema and everything in it. Two drops at once (two test stacks let go together) can
 * deadlock on the catalog rows they share: PostgreSQL rolls one back, which is dropped again.
 */
export async function dropSchema(client: { query(text: string): Promise<unknown> }, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== deadlockDetected || attempt === dropAttempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/**
 * When the run that created this topic or schema started (ms since the epoch), read from its
 * prefix, or null when the name is not one of these two forms:
 * - tests: `t<Date.now() base36><4 hex>_<6 hex>_…` (run id from test/harness/global-setup.ts,
 *   the rest from uniquePrefix() in test/harness/env.ts);
 * - benchmarks, bank tests, history checks and fuzzing: `bench_` / `chaos_` / `chk_` / `fuzz_` +
 *   `<Date.now() base36>_…` (bench/run.ts, bench/ledger-apply.ts, test/chaos/bank-test.ts,
 *   test/chaos/checker-test.ts, scripts/fuzz.ts; the bank test, the history checker and the fuzzer
 *   keep theirs for diagnosis, so only age removes them).
 * The time is 8 base36 digits from 1972 until 2059. Anything else (the dev stack, someone's own
 * prefix) yields null and is never removed by age; if these formats change
 * without this function, old runs are kept, not wrongly removed.
 */
export function runStartedAt(name: string): number | null {
  const match = /^t([0-9a-z]{8})[0-9a-f]{4}_[0-9a-f]{6}_/.exec(name) ?? /^(?:bench|chaos|chk|fuzz)_([0-9a-z]{8})_/.exec(name);
  return match ? parseInt(match[1]!, 36) : null;
}

/** Longer than any test or benchmark run, so a run still going is never pulled from under it. */
export const staleAfterMs = 2 * 60 * 60 * 1000;

/** Selects the names of test and benchmark runs that started more than `olderThanMs` before `now`. */
export function staleRuns(now: number, olderThanMs: number = staleAfterMs): (name: string) => boolean {
  return (name) => {
    const startedAt = runStartedAt(name);
    return startedAt !== null && startedAt < now - olderThanMs;
  };
}

/** Topics and schemas of test, benchmark, bank-test, history-check and fuzz runs that started more than two hours ago. */
export function removeStaleRuns(target: CleanupTarget): Promise<Removed> {
  return removeTopicsAndSchemas(target, staleRuns(Date.now()));
}
