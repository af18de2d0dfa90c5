/**
 * A test stack and a ledger harness remove their own topics and schemas when they close
 * (test/harness/prefix-removal.ts): the broker keeps heap for every partition it hosts, and a
 * whole run's stacks kept until the run's end once filled it.
 */
import pg from 'pg';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { startLedgerHarness } from '../harness/ledger';
import { startTestStack } from '../harness/stack';
import { testInfra } from '../harness/env';

async function topicsUnder(prefix: string): Promise<string[]> {
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'stack-cleanup-test', logger: createLogger('test', 'error') });
  const admin = kafka.admin();
  await admin.connect();
  try {
    return (await admin.listTopics()).filter((t) => t.startsWith(prefix));
  } finally {
    await admin.disconnect();
  }
}

async function schemasUnder(databaseUrl: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace');
    return rows.map((r) => r.name).filter((n) => n.startsWith(prefix));
  } finally {
    await client.end();
  }
}

describe('a test stack or ledger harness, when it closes', () => {
  it('when a stack with a sandbox and two ledger shards closes, then its topics and its schemas on both clusters are gone', async () => {
    const { databaseUrl, shardDatabaseUrl } = testInfra();
    const stack = await startTestStack({ sandbox: true, ledgerShards: 2 });
    const prefix = stack.prefix;
    let closed = false;
    try {
      // What close is to remove exists first: the live and the sandbox topics, the services'
      // schemas and the second shard's ledger schema.
      expect((await topicsUnder(prefix)).some((t) => t.startsWith(`${prefix}sandbox_`))).toBe(true);
      expect((await topicsUnder(prefix)).length).toBeGreaterThan(30);
      expect((await schemasUnder(databaseUrl, prefix)).length).toBeGreaterThanOrEqual(5);
      expect((await schemasUnder(shardDatabaseUrl, prefix)).length).toBeGreaterThanOrEqual(1);
      await stack.close();
      closed = true;
      expect(await topicsUnder(prefix)).toEqual([]);
      expect(await schemasUnder(databaseUrl, prefix)).toEqual([]);
      expect(await schemasUnder(shardDatabaseUrl, prefix)).toEqual([]);
    } finally {
      if (!closed) await stack.close();
    }
  }, 180_000);

  it('when a ledger harness with two shards closes, then its topics and its schemas on both clusters are gone', async () => {
    const { databaseUrl, shardDatabaseUrl } = testInfra();
    const h = await startLedgerHarness({ shards: 2 });
    let closed = false;
    try {
      expect((await topicsUnder(h.prefix)).length).toBeGreaterThan(30);
      expect((await schemasUnder(databaseUrl, h.prefix)).length).toBeGreaterThanOrEqual(5);
      expect((await schemasUnder(shardDatabaseUrl, h.prefix)).length).toBeGreaterThanOrEqual(1);
      await h.close();
      closed = true;
      expect(await topicsUnder(h.prefix)).toEqual([]);
      expect(await schemasUnder(databaseUrl, h.prefix)).toEqual([]);
      expect(await schemasUnder(shardDatabaseUrl, h.prefix)).toEqual([]);
    } finally {
      if (!closed) await h.close();
    }
  }, 180_000);
});
