/**
 * A test stack and a ledger harness remove their own topics and schemas when they close
 * (test/harness/prefix-removal.ts), and a worker's shared stack when the worker lets it go
 * (test/harness/shared-stack-environment.cjs): the broker keeps heap for every partition it hosts,
 * and a whole run's stacks kept until the run's end once filled it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { eventuallyHolds } from '../harness/eventually';
import { startLedgerHarness } from '../harness/ledger';
import { sharedStacksEnded } from '../harness/shared-stack-ends';
import { sharedStackKey, startTestStack, type StackDescription } from '../harness/stack';
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

/**
 * What `close` is to remove exists first (more than 30 topics, some under each of `topicPrefixes`,
 * the five services' schemas, the second shard's ledger schema); after it, nothing under the
 * prefix is left on either cluster.
 */
async function expectRemovedOnClose(prefix: string, close: () => Promise<void>, topicPrefixes: string[] = [prefix]): Promise<void> {
  const { databaseUrl, shardDatabaseUrl } = testInfra();
  let closed = false;
  try {
    const topics = await topicsUnder(prefix);
    expect(topics.length).toBeGreaterThan(30);
    expect(topicPrefixes.filter((p) => !topics.some((t) => t.startsWith(p)))).toEqual([]);
    expect((await schemasUnder(databaseUrl, prefix)).length).toBeGreaterThanOrEqual(5);
    expect((await schemasUnder(shardDatabaseUrl, prefix)).length).toBeGreaterThanOrEqual(1);
    await close();
    closed = true;
    // The controller has deleted them when close returns; the broker that lists topics applies
    // the deletion from the metadata log a moment later (seconds on a busy machine).
    await eventuallyHolds(async () => expect(await topicsUnder(prefix)).toEqual([]), 15_000, `no topic left under ${prefix}`);
    expect(await schemasUnder(databaseUrl, prefix)).toEqual([]);
    expect(await schemasUnder(shardDatabaseUrl, prefix)).toEqual([]);
  } finally {
    if (!closed) await close();
  }
}

describe('a test stack or ledger harness, when it closes', () => {
  it('when a stack with a sandbox and two ledger shards closes, then its topics and its schemas on both clusters are gone', async () => {
    const stack = await startTestStack({
      ownStack: 'asserts that its own stack is removed when it closes',
      sandbox: true,
      ledgerShards: 2,
    });
    await expectRemovedOnClose(stack.prefix, () => stack.close(), [stack.prefix, `${stack.prefix}sandbox_`]);
  }, 180_000);

  it('when a worker asks twice for a shared stack of the same options, then it is one stack; of other options, another; let go, each is removed', async () => {
    // A module of its own in this file's registry: its stacks are not the worker's.
    const { sharedStack, releaseSharedStacks } = require('../harness/shared-stack-environment.cjs') as {
      sharedStack(key: string): Promise<string>;
      releaseSharedStacks(): Promise<unknown>;
    };
    const describe = async (key: string) => JSON.parse(await sharedStack(key)) as StackDescription;
    const twoShards = sharedStackKey({ ledgerShards: 2, extraEnv: { B: '2', A: '1' } });
    const first = await describe(twoShards);
    expect((await describe(sharedStackKey({ extraEnv: { A: '1', B: '2' }, ledgerShards: 2 }))).prefix).toBe(first.prefix);
    const other = await describe(sharedStackKey({ ledgerShards: 2 }));
    expect(other.prefix).not.toBe(first.prefix);
    expect((await fetch(`${first.metricsUrls.gateway}/healthz`)).status).toBe(200);
    await expectRemovedOnClose(first.prefix, async () => {
      await releaseSharedStacks();
    });
    await eventuallyHolds(async () => expect(await topicsUnder(other.prefix)).toEqual([]), 15_000, `no topic left under ${other.prefix}`);
  }, 180_000);

  it('when the last file that used a stack of other options ends, then the stack goes once idle for the idle time; asked for again before, it is the same stack', async () => {
    // A module of its own, with an idle time of 2 s read as it loads.
    const previous = process.env.COIN_TEST_SHARED_STACK_IDLE_MS;
    process.env.COIN_TEST_SHARED_STACK_IDLE_MS = '2000';
    let shared = { sharedStack: async (_key: string) => '', fileEnded: (_keys: Iterable<string>) => {} };
    try {
      jest.isolateModules(() => {
        shared = require('../harness/shared-stack-environment.cjs') as typeof shared;
      });
    } finally {
      process.env.COIN_TEST_SHARED_STACK_IDLE_MS = previous;
    }
    const key = sharedStackKey({ extraEnv: { IDLE_RELEASE: '1' } });
    const first = JSON.parse(await shared.sharedStack(key)) as StackDescription;
    shared.fileEnded([key]);
    // The next file asks at once: the same stack, its release called off.
    const again = JSON.parse(await shared.sharedStack(key)) as StackDescription;
    expect(again.prefix).toBe(first.prefix);
    expect((await fetch(`${again.metricsUrls.gateway}/healthz`)).status).toBe(200);
    expect((await topicsUnder(first.prefix)).length).toBeGreaterThan(30);
    shared.fileEnded([key]);
    const { databaseUrl } = testInfra();
    await eventuallyHolds(
      async () =>
        expect({ topics: await topicsUnder(first.prefix), schemas: await schemasUnder(databaseUrl, first.prefix) }).toEqual({
          topics: [],
          schemas: [],
        }),
      30_000,
      `the idle stack ${first.prefix} let go and removed`,
    );
  }, 180_000);

  it("when a run in band ends, its shared stack's channel still open in jest's own process, then the teardown's wait stops the stack and it has removed its topics and schemas", async () => {
    // A run of its own (an id of global-setup's form, read by the module as it loads, a module of
    // its own): the wait below is for this run's stacks, not the worker's nor the test's above.
    const runId = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const previous = process.env.COIN_TEST_RUN_ID;
    let stack: StackDescription;
    process.env.COIN_TEST_RUN_ID = runId;
    try {
      let sharedStack: (key: string) => Promise<string> = async () => '';
      jest.isolateModules(() => {
        ({ sharedStack } = require('../harness/shared-stack-environment.cjs') as { sharedStack(key: string): Promise<string> });
      });
      stack = JSON.parse(await sharedStack(sharedStackKey({ ledgerShards: 2 }))) as StackDescription;
    } finally {
      process.env.COIN_TEST_RUN_ID = previous;
    }
    expect(stack.prefix.startsWith(`${runId}_`)).toBe(true);
    // Nothing lets it go here, as nothing does in band: the teardown's wait (global-teardown.ts) alone.
    await expectRemovedOnClose(stack.prefix, () => sharedStacksEnded(runId));
  }, 180_000);

  it('when a ledger harness with two shards closes, then its topics and its schemas on both clusters are gone', async () => {
    const h = await startLedgerHarness({ shards: 2 });
    await expectRemovedOnClose(h.prefix, () => h.close());
  }, 180_000);
});
