import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { partitionKeyOf, topicNames, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import { BatchingProducer, createKafka, keyPartitioner, partitionCount } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
import { signProof, signTestKeyProof, type ProofActor } from '../../../scripts/stack/proofs';
import {
  adminSession,
  apiKeyFor,
  createPlatformClientWithCli,
  fundTreasury,
  runOperatorCommand,
  withUsersDb,
  type AdminSession,
} from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { apiClient, http, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';
import { readTopicToEnd } from '../../harness/topic-read';

/**
 * A time the sender cannot choose (docs/DESIGN.md "Who asks"): the ledger and the user service
 * judge a command's proof at the broker's append time, not at the `issuedAt` the sender wrote,
 * and against the revocations (logout-all, demotion) the user service wrote into the ledger's
 * partitions before it answered. Each forgery below is produced on the real topics with a real
 * admin's token (or one signed with the stack's key), as a process holding the gateway's Kafka
 * credentials could; each is followed on the same key by a legitimate command, which shows the
 * partition went on.
 */
describe('commands judged at the time the broker appended them', () => {
  let stack: TestStack;
  let kafka: Kafka;
  let producer: BatchingProducer;
  let superadmin: AdminSession;
  let mintKey: string;
  const topics = () => topicNames(stack.prefix);
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; role: string; ver: number };
  const forge = async (topic: string, key: string, command: Record<string, unknown>) => {
    const commandId = randomUUID();
    await producer.send(topic, { key, value: JSON.stringify({ commandId, issuedAt: new Date().toISOString(), ...command }) });
    return commandId;
  };
  const mintOf = (userId: number, amount: number) => ({ to: { kind: 'user', userId }, amount, reason: 'forged' });
  const balanceOf = async (token: string) => (await apiClient(stack.gatewayUrl, { accessToken: token }).getMyWallet()).balance;
  /** A legitimate mint of one coin through the API: same key, after the forgery, so applied after it. */
  const realMint = (userId: number) =>
    apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: mintKey }).mintCoins({
      body: { userId, amount: 1, reason: 'real' },
    });
  const auditRefusalOf = (commandId: string) =>
    eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        return (page.body.entries as Array<Record<string, any>>).find((e) => e.target === `command:${commandId}`);
      },
      20_000,
      `the refusal of ${commandId} in the audit log`,
    );
  const deadLetterOf = (topic: string, commandId: string) =>
    eventually(
      async () => (await readTopicToEnd(kafka, `${topic}.dlq`)).find((r) => r.value?.toString('utf8').includes(commandId)),
      20_000,
      `the dead letter of ${commandId}`,
    );

  beforeAll(async () => {
    stack = await startTestStack({ ownStack: 'stops and restarts the ledger' });
    superadmin = await adminSession(stack, 'SUPERADMIN');
    mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const logger = createLogger('e2e', 'warn');
    kafka = createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-forger', logger });
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
  }, 120_000);
  afterAll(async () => {
    await producer?.close();
    await stack?.close();
  });

  it('when a mint carries a token that had expired when it was appended, its issuedAt backdated into the token lifetime, then it is refused, dead-lettered and audited, and the partition goes on', async () => {
    const target = await registerUser(stack.gatewayUrl);
    const admin = await adminSession(stack, 'ADMIN');
    const actor: ProofActor = { kind: 'user', id: String(admin.userId), role: 'ADMIN' };
    // The admin's genuine signature on a token of an hour ago, expired 45 minutes ago.
    const issuedAt = new Date(Date.now() - 3_600_000);
    const proof = await signProof(stack.jwtKey, actor, { issuedAt, ttlSeconds: 900, tokenVersion: claimsOf(admin.accessToken).ver });
    const commandId = await forge(topics().ledgerCommands, walletKeyOfUser(target.userId), {
      type: 'ledger.mint',
      issuedAt: new Date(issuedAt.getTime() + 60_000).toISOString(),
      actor: { kind: 'user', id: actor.id, role: 'ADMIN' },
      proof,
      data: mintOf(target.userId, 50_000),
    });
    expect(await realMint(target.userId)).toMatchObject({ wallet: { balance: 1 } });
    expect(await balanceOf(target.accessToken)).toBe(1);
    expect(await auditRefusalOf(commandId)).toMatchObject({ result: 'rejected', reason: expect.stringMatching(/appended/) });
    expect((await deadLetterOf(topics().ledgerCommands, commandId)).headers['dlq-error']).toMatch(/appended/);
  });

  it("when a mint carries an admin's own token after their logout-all, then the ledger refuses it", async () => {
    const target = await registerUser(stack.gatewayUrl);
    const admin = await adminSession(stack, 'ADMIN');
    const stolen = admin.accessToken;
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: stolen })).status).toBe(204);
    const commandId = await forge(topics().ledgerCommands, walletKeyOfUser(target.userId), {
      type: 'ledger.mint',
      actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN' },
      proof: stolen,
      data: mintOf(target.userId, 50_000),
    });
    expect(await realMint(target.userId)).toMatchObject({ wallet: { balance: 1 } });
    expect(await balanceOf(target.accessToken)).toBe(1);
    expect(await auditRefusalOf(commandId)).toMatchObject({ reason: expect.stringMatching(/revoked/) });
  });

  it("when a mint carries a demoted admin's token from before the demotion, then the ledger refuses it", async () => {
    const target = await registerUser(stack.gatewayUrl);
    const admin = await adminSession(stack, 'ADMIN');
    const stolen = admin.accessToken;
    await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).changeUserRole({
      path: { id: String(admin.userId) },
      body: { role: 'USER' },
    });
    const commandId = await forge(topics().ledgerCommands, walletKeyOfUser(target.userId), {
      type: 'ledger.mint',
      actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN' },
      proof: stolen,
      data: mintOf(target.userId, 50_000),
    });
    expect(await realMint(target.userId)).toMatchObject({ wallet: { balance: 1 } });
    expect(await balanceOf(target.accessToken)).toBe(1);
    expect(await auditRefusalOf(commandId)).toMatchObject({ reason: expect.stringMatching(/revoked/) });
  });

  it('when an approval carries a second factor stale when it was appended but fresh at a backdated issuedAt, then it is refused and the request stays pending', async () => {
    const requester = await adminSession(stack, 'ADMIN');
    // Issued to the requester: a key works for its owner only.
    const requesterKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], requester);
    // A mint into a treasury always waits for a second person.
    const asked = await apiClient(stack.gatewayUrl, { accessToken: requester.accessToken, apiKey: requesterKey }).api.POST(
      '/api/admin/mint',
      { body: { treasury: 'REWARDS', amount: 5, reason: 'fund' } },
    );
    expect(asked.response.status).toBe(202);
    const approvalId = (asked.data as { approval: { id: string } }).approval.id;
    const approver = await adminSession(stack, 'SUPERADMIN');
    const actor: ProofActor = { kind: 'user', id: String(approver.userId), role: 'SUPERADMIN' };
    // Signed in with the second factor ten minutes ago (STEP_UP_MAX_AGE_S is 300), token still valid.
    const mfaAt = new Date(Date.now() - 600_000);
    const proof = await signProof(stack.jwtKey, actor, {
      issuedAt: mfaAt,
      ttlSeconds: 900,
      mfaAt,
      tokenVersion: claimsOf(approver.accessToken).ver,
    });
    const command = { type: 'ledger.mint', data: { to: { kind: 'treasury', code: 'REWARDS' }, amount: 500, reason: 'fund' } };
    const approve = {
      type: 'ledger.approve',
      issuedAt: new Date(mfaAt.getTime() + 120_000).toISOString(),
      actor: { kind: 'user', id: actor.id, role: 'SUPERADMIN' },
      proof,
      data: { approvalId, command, requestHash: 'a'.repeat(64) },
    };
    const commandId = await forge(topics().ledgerCommands, partitionKeyOf(approve as unknown as LedgerCommand), approve);
    // Whichever comes first: the refusal in the audit log, or the request leaving PENDING.
    const outcome = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        const refusal = (page.body.entries as Array<Record<string, any>>).find((e) => e.target === `command:${commandId}`);
        if (refusal) return { refused: refusal.reason as string };
        const listed = await http(stack.gatewayUrl, 'GET', '/api/admin/approvals?limit=100', { token: superadmin.accessToken });
        const status = (listed.body.approvals as Array<{ id: string; status: string }>).find((a) => a.id === approvalId)?.status;
        return status && status !== 'PENDING' ? { status } : undefined;
      },
      20_000,
      'the forged approval decided',
    );
    // Refused for the backdating itself; the same approval written honestly (issuedAt now) is
    // refused for the stale second factor.
    expect(outcome).toEqual({ refused: expect.stringMatching(/backdated or postdated/) });
    const honest = await forge(topics().ledgerCommands, partitionKeyOf(approve as unknown as LedgerCommand), {
      ...approve,
      issuedAt: new Date().toISOString(),
    });
    expect(await auditRefusalOf(honest)).toMatchObject({ reason: expect.stringMatching(/fresh second factor/) });
    const listed = await http(stack.gatewayUrl, 'GET', '/api/admin/approvals?status=PENDING&limit=100', { token: superadmin.accessToken });
    expect((listed.body.approvals as Array<{ id: string }>).map((a) => a.id)).toContain(approvalId);
  });

  it('when a command was written before its author logged out everywhere and the ledger applies it after, then it still applies', async () => {
    const target = await registerUser(stack.gatewayUrl);
    const admin = await adminSession(stack, 'ADMIN');
    let commandId = '';
    await stack.whileLedgerStopped(async () => {
      commandId = await forge(topics().ledgerCommands, walletKeyOfUser(target.userId), {
        type: 'ledger.mint',
        actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN' },
        proof: admin.accessToken,
        // What the gateway adds for the admin's own mint key: the user service's proof of it.
        keyProof: await signTestKeyProof(stack.jwtKey, { id: String(admin.userId) }, { scopes: ['mint'] }),
        data: mintOf(target.userId, 700),
      });
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: admin.accessToken })).status).toBe(204);
    });
    await eventually(async () => ((await balanceOf(target.accessToken)) === 7 ? true : undefined), 30_000, `mint ${commandId} applied`);
  });

  it('when an authority.revoked record is signed with a key the ledger does not trust, then it is dead-lettered and raises no floor', async () => {
    const target = await registerUser(stack.gatewayUrl);
    const stranger = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const forged = await new SignJWT({ ver: 1_000_000 })
      .setProtectedHeader({ alg: 'EdDSA', kid: stack.jwtKey.kid, typ: 'coin-revocation+jwt' })
      .setSubject(`user:${superadmin.userId}`)
      .setIssuer('coin-ledger')
      .setAudience('coin-ledger-revocation')
      .setIssuedAt()
      .sign(await importPKCS8(stranger, 'EdDSA'));
    const kafkaAdmin = kafka.admin();
    await kafkaAdmin.connect();
    const partitions = await partitionCount(kafkaAdmin, topics().ledgerCommands).finally(() => kafkaAdmin.disconnect());
    const partition = keyPartitioner(partitions)(walletKeyOfUser(target.userId));
    await producer.send(topics().ledgerCommands, { key: 'authority.revoked', value: forged, partition });
    await eventually(
      async () => (await readTopicToEnd(kafka, `${topics().ledgerCommands}.dlq`)).find((r) => r.value?.toString('utf8') === forged),
      20_000,
      'the forged revocation dead-lettered',
    );
    // The SUPERADMIN's own mint in that partition, after the record, still applies.
    expect(await realMint(target.userId)).toMatchObject({ wallet: { balance: 1 } });
  });

  it("when a role change carries a SUPERADMIN's own token after their logout-all, then the user service refuses it and the role stays", async () => {
    const target = await registerUser(stack.gatewayUrl);
    const revoked = await adminSession(stack, 'SUPERADMIN');
    const stolen = revoked.accessToken;
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: stolen })).status).toBe(204);
    const commandId = await forge(topics().userCommands, String(target.userId), {
      type: 'user.change-role',
      actor: { kind: 'user', id: String(revoked.userId), role: 'SUPERADMIN' },
      proof: stolen,
      data: { userId: target.userId, role: 'ADMIN' },
    });
    // Same key, after it: a real request through the gateway.
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    await admin.revokeUserSessions({ path: { id: String(target.userId) } });
    expect((await admin.getUser({ path: { id: String(target.userId) } })).role).toBe('USER');
    await auditRefusalOf(commandId);
    expect((await deadLetterOf(topics().userCommands, commandId)).headers['dlq-error']).toMatch(/revoked/);
  });

  it('when a role change carries an issuedAt backdated into an expired token, then the user service refuses it', async () => {
    const target = await registerUser(stack.gatewayUrl);
    const actor: ProofActor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    const issuedAt = new Date(Date.now() - 3_600_000);
    const proof = await signProof(stack.jwtKey, actor, { issuedAt, ttlSeconds: 900, tokenVersion: claimsOf(superadmin.accessToken).ver });
    const commandId = await forge(topics().userCommands, String(target.userId), {
      type: 'user.change-role',
      issuedAt: new Date(issuedAt.getTime() + 60_000).toISOString(),
      actor: { kind: 'user', id: actor.id, role: 'SUPERADMIN' },
      proof,
      data: { userId: target.userId, role: 'ADMIN' },
    });
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    await admin.revokeUserSessions({ path: { id: String(target.userId) } });
    expect((await admin.getUser({ path: { id: String(target.userId) } })).role).toBe('USER');
    await auditRefusalOf(commandId);
    expect((await deadLetterOf(topics().userCommands, commandId)).headers['dlq-error']).toMatch(/appended/);
  });

  it('when a platform client is revoked, then a reward its token proves, written after the revocation, is refused by the ledger', async () => {
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: mintKey }, 'REWARDS', 100);
    const { clientId, clientSecret } = await createPlatformClientWithCli(stack, 'revoked shop');
    const issued = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId, clientSecret } });
    const clientToken = issued.body.accessToken as string;
    const target = await registerUser(stack.gatewayUrl);
    await runOperatorCommand(stack, ['revoke-client', '--id', clientId]);
    // The CLI has no Kafka: the user service's relay writes the revocation into every partition.
    await eventually(
      () =>
        withUsersDb(stack, async (query) => {
          const rows = await query('SELECT 1 FROM authority_revocations WHERE subject = $1 AND published_at IS NOT NULL', [
            `client:${clientId}`,
          ]);
          return rows.rows.length > 0 ? true : undefined;
        }),
      // Well inside the relay's 30 s backstop sweep: the CLI's commit wakes it (LISTEN/NOTIFY).
      10_000,
      'the revocation written to the ledger',
    );
    const reward = {
      type: 'ledger.reward',
      actor: { kind: 'system', id: clientId },
      proof: clientToken,
      data: { toUserId: target.userId, amount: 500, reason: 'forged', requestHash: 'a'.repeat(64) },
    };
    const commandId = await forge(topics().ledgerCommands, partitionKeyOf(reward as unknown as LedgerCommand), reward);
    expect(await auditRefusalOf(commandId)).toMatchObject({ reason: expect.stringMatching(/platform client .* was revoked/) });
    expect(await balanceOf(target.accessToken)).toBe(0);
  });
});
