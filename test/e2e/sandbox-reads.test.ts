import { randomUUID } from 'node:crypto';
import { ServiceTokenSigner } from '@coin/http';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { topicNames } from '@coin/contracts';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { sandboxPrefixOf } from '../../scripts/stack/sandbox';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { registerUser } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { type TopicWatch, watchTopic } from '../harness/topic-watch';

/**
 * The sandbox serves a test-mode client's reads (docs/decisions/0018-sandbox.md), through the real
 * stack: its transaction by id, its search (type, metadata, reference), the status of its keyed
 * commands and its test clock come from the sandbox's ledger and history alone, never from the
 * live ones; and a live credential (an ADMIN's unscoped search included) never reads sandbox data.
 */
describe('the sandbox serves reads', () => {
  let stack: TestStack;
  let admin: AdminSession;
  let live: CoinClient;
  let sandbox: CoinClient;
  let testClientId: string;
  let payee: number;
  const run = randomUUID().slice(0, 8);
  const metadata = { courseId: 'ts-101', cohort: run };

  const rewardOnceOpen = (client: CoinClient, reason: string, idempotencyKey: string) =>
    eventually(
      () =>
        client.rewardUser({ body: { userId: payee, amount: 5, reason, metadata }, idempotencyKey }).catch((err: unknown) => {
          // The payee's wallets open from the user event a moment after registration, in each space.
          if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
          throw err;
        }),
      30_000,
      `${reason}: the payee's wallet`,
    );

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    admin = await adminSession(stack, 'ADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1_000);
    const liveClient = await createPlatformClientWithCli(stack, `reads-live-${run}`, { treasuries: ['REWARDS'] });
    live = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...liveClient }),
    });
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `reads sandbox ${run}`, treasuries: ['REWARDS'] } });
    testClientId = created.client.id;
    sandbox = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: testClientId, clientSecret: created.clientSecret! }),
    });
    // The payee linked the test-mode client (docs/CONTRACT.md "Platform links"): it acts for them in the sandbox.
    const user = await registerUser(stack.gatewayUrl);
    const asUser = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: user.accessToken });
    await asUser.linkPlatformClient({ body: { clientId: testClientId } });
    payee = user.userId;
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a test-mode client funds and rewards with metadata, then it reads the reward by id, finds it by type and metadata, and reads its command status, all from the sandbox; no live credential reads any of it', async () => {
    const [sandboxKey, liveKey] = [`sbx-${run}`, `live-${run}`];
    await sandbox.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 100, reason: 'sandbox funds' } });
    const rewarded = await rewardOnceOpen(sandbox, 'sandbox course', sandboxKey);
    if (!('transaction' in rewarded)) throw new Error('a sandbox reward waited for an approval');
    const sandboxTx = rewarded.transaction;
    // The same reward, metadata and payee in the live space: what a mixing of the spaces would show.
    const liveRewarded = await rewardOnceOpen(live, 'live course', liveKey);
    if (!('transaction' in liveRewarded)) throw new Error('a live client reward waited for an approval');
    const liveTx = liveRewarded.transaction;

    // By id, at once (the sandbox ledger answers): its own reward, with its client and metadata.
    const read = await sandbox.getTransaction({ path: { id: String(sandboxTx.id) } });
    expect(read).toMatchObject({ id: sandboxTx.id, type: 'REWARD', reason: 'sandbox course', clientId: testClientId, metadata });

    // Found by type and by metadata once the sandbox history has it; the live reward never.
    const byMetadata = await eventually(
      async () => {
        const page = await sandbox.searchTransactions({ query: { metadata: { cohort: run } } });
        return page.transactions.length > 0 ? page : undefined;
      },
      20_000,
      'the sandbox reward in the sandbox history',
    );
    expect(byMetadata.transactions.map((t) => [t.id, t.reason])).toEqual([[sandboxTx.id, 'sandbox course']]);
    const byType = await sandbox.searchTransactions({ query: { type: 'REWARD' } });
    expect(byType.transactions.map((t) => t.reason)).toEqual(['sandbox course']);

    // Its command status by Idempotency-Key: the sandbox reward's answer; the live key's is not its to read.
    const status = await sandbox.getCommandStatus({ path: { idempotencyKey: sandboxKey } });
    expect(status).toMatchObject({ status: 'DONE', statusCode: 201, body: { transaction: { id: sandboxTx.id } } });
    expect(await sandbox.getCommandStatus({ path: { idempotencyKey: liveKey } })).toEqual({ status: 'UNKNOWN' });

    // Live credentials: the live client and an ADMIN's unscoped search find the live reward alone.
    const liveFound = await eventually(
      async () => {
        const page = await live.searchTransactions({ query: { metadata: { cohort: run } } });
        return page.transactions.length > 0 ? page : undefined;
      },
      20_000,
      'the live reward in the live history',
    );
    expect(liveFound.transactions.map((t) => t.reason)).toEqual(['live course']);
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const adminFound = await operator.searchTransactions({ query: { metadata: { cohort: run } } });
    expect(adminFound.transactions.map((t) => [t.id, t.reason])).toEqual([[liveTx.id, 'live course']]);
    expect(await live.getCommandStatus({ path: { idempotencyKey: sandboxKey } })).toEqual({ status: 'UNKNOWN' });
    // The sandbox reward's id read live is the live ledger's transaction of that id, if any: never the sandbox one.
    const liveOfSameId = await operator.getTransaction({ path: { id: String(sandboxTx.id) } }).catch((err: unknown) => err);
    if (liveOfSameId instanceof CoinProblemError) expect(liveOfSameId.code).toBe('TRANSACTION_NOT_FOUND');
    else expect(liveOfSameId).not.toMatchObject({ reason: 'sandbox course' });
    // And the live reward's id read by the test-mode client is the sandbox's, if any: never the live one.
    const sandboxOfSameId = await sandbox.getTransaction({ path: { id: String(liveTx.id) } }).catch((err: unknown) => err);
    if (sandboxOfSameId instanceof CoinProblemError) expect(sandboxOfSameId.code).toBe('TRANSACTION_NOT_FOUND');
    else expect(sandboxOfSameId).toMatchObject({ clientId: testClientId });
  });

  it('when a test-mode client pays out with its reference, then it finds the line by that reference in the sandbox, and the live client does not', async () => {
    await sandbox.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 50, reason: 'sandbox funds for payouts' } });
    const reference = `order-${run}`;
    const paid = await eventually(
      () =>
        sandbox
          .payout({
            body: {
              from: { treasury: 'REWARDS' },
              reason: 'sandbox payout',
              reference,
              metadata: { cohort: `${run}-payouts` },
              lines: [{ toUserId: payee, amount: 2 }],
            },
          })
          .then((answer) => ('payout' in answer ? answer : undefined))
          .catch((err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
            throw err;
          }),
      30_000,
      'the sandbox payout',
    );
    const lineId = paid.payout.lines[0]!.transactionId;
    const found = await eventually(
      async () => {
        const page = await sandbox.searchTransactions({ query: { reference: `${reference}#0` } });
        return page.transactions.length > 0 ? page.transactions : undefined;
      },
      20_000,
      'the sandbox payout line by its reference',
    );
    expect(found.map((t) => [t.id, t.type, t.reference])).toEqual([[lineId, 'REWARD', `${reference}#0`]]);
    expect((await live.searchTransactions({ query: { reference: `${reference}#0` } })).transactions).toEqual([]);
  });

  it("when the sandbox ledger refuses a test-mode client's command, then the refusal is chained in the sandbox's own audit log, and the live log has none of it", async () => {
    // A treasury it was not granted: the sandbox ledger refuses the fund (COMMAND_REFUSED) and audits the refusal.
    await expect(sandbox.fundSandboxTreasury({ body: { treasury: 'OPERATIONS', amount: 1, reason: 'not granted' } })).rejects.toMatchObject(
      { code: 'COMMAND_REFUSED' },
    );
    // Read as the gateway reads history: its own service token, on the sandbox history's internal API.
    const asGateway = new ServiceTokenSigner('gateway', stack.env.gateway.SERVICE_TOKEN_PRIVATE_KEY!).authorizationFor('history');
    const auditOf = async (historyUrl: string) => {
      const response = await fetch(`${historyUrl}/internal/audit-log?actor=${testClientId}&result=rejected`, {
        headers: { authorization: await asGateway() },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { entries: Array<{ actor: { id: string }; result: string }> }).entries;
    };
    const refused = await eventually(
      async () => {
        const entries = await auditOf(stack.env.gateway.SANDBOX_HISTORY_URL!);
        return entries.length > 0 ? entries : undefined;
      },
      20_000,
      'the refusal in the sandbox audit log',
    );
    expect(refused[0]).toMatchObject({ actor: { id: testClientId }, result: 'rejected' });
    expect(await auditOf(stack.historyUrl)).toEqual([]);
  });

  it('when a test-mode client reads its clock before and after an advance, then it reads the offset and the time it makes; a live client is 403', async () => {
    const before = await sandbox.getSandboxClock();
    expect(before).toMatchObject({ clientId: testClientId, offsetSeconds: 0 });
    expect(Math.abs(Date.parse(before.now) - Date.now())).toBeLessThan(60_000);
    await sandbox.advanceSandboxClock({ body: { seconds: 7_200 } });
    const after = await sandbox.getSandboxClock();
    expect(after).toMatchObject({ clientId: testClientId, offsetSeconds: 7_200 });
    expect(Math.abs(Date.parse(after.now) - (Date.now() + 7_200_000))).toBeLessThan(60_000);
    await expect(live.getSandboxClock()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('when a test-mode client sends a command, then the sandbox ledger answers it on the sandbox’s reply topic, never on the live gateway.replies', async () => {
    // The reason is in the answer (the transaction it made): found in whichever reply topic holds it.
    const reason = `sandbox-reply-probe-${run}`;
    const kafka = createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-sandbox-replies', logger: createLogger('e2e', 'warn') });
    const watches: TopicWatch[] = [];
    try {
      const sandboxReplies = await watchTopic(kafka, topicNames(sandboxPrefixOf(stack.prefix)).gatewayReplies);
      watches.push(sandboxReplies);
      const liveReplies = await watchTopic(kafka, topicNames(stack.prefix).gatewayReplies);
      watches.push(liveReplies);
      await sandbox.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 1, reason } });
      const holds = (watch: TopicWatch) => watch.values.some((v) => JSON.stringify(v).includes(reason));
      await eventually(async () => (holds(sandboxReplies) ? true : undefined), 30_000, 'the answer on the sandbox’s reply topic');
      // Where it would land otherwise: the live reply topic, read past a live answer sent after it.
      // (After the test above, the payee's live wallet is open; no metadata, so no other test's search meets it.)
      const liveReason = `live-reply-probe-${run}`;
      await live.rewardUser({ body: { userId: payee, amount: 1, reason: liveReason }, idempotencyKey: `live-probe-${run}` });
      await eventually(
        async () => (liveReplies.values.some((v) => JSON.stringify(v).includes(liveReason)) ? true : undefined),
        30_000,
        'the live answer on the live reply topic',
      );
      expect(holds(liveReplies)).toBe(false);
    } finally {
      for (const watch of watches) await watch.stop();
    }
  });
});
