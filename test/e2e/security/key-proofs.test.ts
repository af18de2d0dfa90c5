import { randomUUID } from 'node:crypto';
import { partitionKeyOf, topicNames, walletKeyOfTreasury, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
import { adminSession, adminStepUp, apiKeyFor, fundTreasury, type AdminSession } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { apiClient, http, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';
import { readTopicToEnd } from '../../harness/topic-read';

/**
 * The ledger judges an admin's API key itself (docs/DESIGN.md "API keys"), not only the gateway:
 * a key revoked through the API stops proving at once in every partition of ledger.commands (the
 * user service writes a signed revocation of the key into each before it answers), and no
 * payment made with a key reaches the SUPERADMINs who asked for or approved it (the key proof
 * names them). Each attack is produced on the real topic, with the gateway bypassed, by a process
 * holding the gateway's Kafka credentials, with a key proof captured from the topic as the
 * gateway wrote it, and each is followed on the same partition key by a legitimate command, which
 * shows the partition went on.
 */
describe('key proofs judged by the ledger', () => {
  let stack: TestStack;
  let kafka: Kafka;
  let producer: BatchingProducer;
  let superadmin: AdminSession;
  let mintKey: string;
  const topics = () => topicNames(stack.prefix);
  const forge = async (command: Record<string, unknown>) => {
    const commandId = randomUUID();
    const full = { commandId, issuedAt: new Date().toISOString(), ...command };
    await producer.send(topics().ledgerCommands, { key: partitionKeyOf(full as unknown as LedgerCommand), value: JSON.stringify(full) });
    return commandId;
  };
  const balanceOf = async (token: string) => (await apiClient(stack.gatewayUrl, { accessToken: token }).getMyWallet()).balance;
  /** The key proof the gateway put into a command of `type` the admin `actorId` sent through the API. */
  const keyProofSentBy = (actorId: number, type: string) =>
    eventually(
      async () => {
        const records = await readTopicToEnd(kafka, topics().ledgerCommands);
        for (const record of records) {
          const text = record.value?.toString('utf8') ?? '';
          if (!text.startsWith('{')) continue;
          const command = JSON.parse(text) as { type?: string; actor?: { id?: string }; keyProof?: string };
          if (command.type === type && command.actor?.id === String(actorId) && command.keyProof) return command.keyProof;
        }
        return undefined;
      },
      20_000,
      `the key proof of a ${type} by ${actorId} on ledger.commands`,
    );
  const claimsOf = (jws: string) => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const auditLog = async (result: 'rejected' | 'any' = 'rejected') =>
    (
      await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log?${result === 'any' ? '' : 'result=rejected&'}limit=1000`, {
        token: superadmin.accessToken,
      })
    ).body.entries as Array<Record<string, any>>;
  const auditRefusalOf = (commandId: string) =>
    eventually(
      async () => (await auditLog()).find((e) => e.target === `command:${commandId}`),
      20_000,
      `the refusal of ${commandId} in the audit log`,
    );
  const deadLetterOf = (commandId: string) =>
    eventually(
      async () =>
        (await readTopicToEnd(kafka, `${topics().ledgerCommands}.dlq`)).find((r) => r.value?.toString('utf8').includes(commandId)),
      20_000,
      `the dead letter of ${commandId}`,
    );

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const logger = createLogger('e2e', 'warn');
    kafka = createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-key-proofs', logger });
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
  }, 120_000);
  afterAll(async () => {
    await producer?.close();
    await stack?.close();
  });

  it("when an admin's API key is revoked through the API, then a mint on ledger.commands with the admin's valid token and the key's unexpired proof is refused, dead-lettered and audited, and the partition goes on", async () => {
    const target = await registerUser(stack.gatewayUrl);
    const admin = await adminSession(stack, 'ADMIN');
    const key = await apiKeyFor(stack, superadmin.accessToken, ['mint'], admin);
    // The admin's own mint through the gateway: the key proof it carries is captured from the topic.
    await apiClient(stack.gatewayUrl, { accessToken: admin.accessToken, apiKey: key }).mintCoins({
      body: { userId: target.userId, amount: 1, reason: 'real' },
    });
    const keyProof = await keyProofSentBy(admin.userId, 'ledger.mint');
    const keyId = claimsOf(keyProof).api_key_id as string;
    const revoked = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).api.DELETE('/api/admin/api-keys/{id}', {
      params: { path: { id: keyId } },
    });
    expect(revoked.response.status).toBe(204);
    // The proof has minutes left, and the admin is still an admin with a valid token.
    expect((claimsOf(keyProof).exp as number) * 1000).toBeGreaterThan(Date.now() + 60_000);
    const commandId = await forge({
      type: 'ledger.mint',
      actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN' },
      proof: admin.accessToken,
      keyProof,
      data: {
        to: { kind: 'user', userId: target.userId },
        amount: 700,
        reason: 'forged after the revocation',
        requestHash: 'a'.repeat(64),
      },
    });
    // Same wallet key, after the forgery: a SUPERADMIN's mint with a live key of their own.
    await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: mintKey }).mintCoins({
      body: { userId: target.userId, amount: 1, reason: 'real' },
    });
    expect(await balanceOf(target.accessToken)).toBe(2);
    expect(await auditRefusalOf(commandId)).toMatchObject({
      result: 'rejected',
      reason: expect.stringMatching(new RegExp(`API key ${keyId} was revoked`)),
    });
    expect((await deadLetterOf(commandId)).headers['dlq-error']).toMatch(/revoked/);
  });

  it('when a reward and a payout on ledger.commands carry a valid key proof and pay the SUPERADMINs who asked for and approved the key, then SELF_DEALING, audited, and the partition goes on', async () => {
    // Two SUPERADMINs made before the key's request: one asks for the key, the other approves it.
    const [requester, approver, admin] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'ADMIN'),
    ]);
    const asked = await http(stack.gatewayUrl, 'POST', '/api/admin/api-keys', {
      token: requester.accessToken,
      body: { name: `reward key ${randomUUID().slice(0, 8)}`, scopes: ['reward'], ownerUserId: admin.userId },
    });
    expect(asked.status).toBe(202);
    const approved = await http(stack.gatewayUrl, 'POST', `/api/admin/grant-requests/${asked.body.grantRequest.id}/approve`, {
      token: await adminStepUp(stack, approver),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(approved.status).toBe(200);
    const rewardKey = asked.body.key as string;
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: mintKey }, 'REWARDS', 100);
    const someone = await registerUser(stack.gatewayUrl);
    const rewardAs = apiClient(stack.gatewayUrl, { accessToken: admin.accessToken, apiKey: rewardKey });
    await rewardAs.rewardUser({ body: { userId: someone.userId, amount: 1, reason: 'real' } });
    const keyProof = await keyProofSentBy(admin.userId, 'ledger.reward');
    const actor = { kind: 'user', id: String(admin.userId), role: 'ADMIN' };
    await forge({
      type: 'ledger.reward',
      actor,
      proof: admin.accessToken,
      keyProof,
      data: { toUserId: approver.userId, amount: 300, reason: 'thanks for the key', requestHash: 'b'.repeat(64) },
    });
    const reference = `key-people-${randomUUID().slice(0, 8)}`;
    await forge({
      type: 'ledger.payout',
      actor,
      proof: admin.accessToken,
      keyProof,
      data: {
        from: { kind: 'treasury', code: 'REWARDS' },
        lines: [{ toUserId: requester.userId, amount: 200 }],
        reason: 'thanks for asking',
        reference,
        requestHash: 'c'.repeat(64),
      },
    });
    // Same partition (REWARDS), after the forgeries: the admin's own reward to someone else applies
    // (its credit reaches the wallet a moment after the answer, by a credit leg).
    await rewardAs.rewardUser({ body: { userId: someone.userId, amount: 1, reason: 'real' } });
    await eventually(async () => (await balanceOf(someone.accessToken)) === 2, 20_000, 'both real rewards credited');
    const decided = await eventually(
      async () => {
        // Applied or refused: whichever it was, it is in the log.
        const entries = await auditLog('any');
        const toApprover = entries.find((e) => e.action === 'money.reward' && e.target === walletKeyOfUser(approver.userId));
        const toRequester = entries.find(
          (e) => e.action === 'money.reward' && e.target === walletKeyOfTreasury('REWARDS') && e.summary?.payoutReference === reference,
        );
        return toApprover && toRequester ? [toApprover, toRequester] : undefined;
      },
      20_000,
      'the two forged commands decided, in the audit log',
    );
    expect(decided.map((e) => [e.actor.id, e.result, e.errorCode])).toEqual([
      [String(admin.userId), 'rejected', 'SELF_DEALING'],
      [String(admin.userId), 'rejected', 'SELF_DEALING'],
    ]);
    expect([await balanceOf(approver.accessToken), await balanceOf(requester.accessToken)]).toEqual([0, 0]);
  });
});
