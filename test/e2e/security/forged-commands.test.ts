import { createHash, randomUUID } from 'node:crypto';
import { partitionKeyOf, routeOfApprovalId, topicNames, walletKeyOfUser } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { generateJwtKey } from '../../../scripts/stack/keys';
import { signProof, signTestKeyProof } from '../../../scripts/stack/proofs';
import { adminSession, apiKeyFor } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { apiClient, http, login, registerUser } from '../../harness/http';
import { callerSigner, internalHeaders } from '../../harness/service-tokens';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * An insider with only a service's Kafka credentials: whatever actor a command names,
 * the user service and the ledger apply it only with the proof of that actor (their own token,
 * valid when the command was issued). The forged commands below are written to the topics the
 * gateway writes, as a process holding its credentials could; each is followed on the same key
 * (so the same partition, applied after it) by a legitimate request through the API, which shows
 * the forged one was decided, refused, and the partition went on.
 */
describe('forged commands on the topics the gateway writes', () => {
  let stack: TestStack;
  let producer: BatchingProducer;
  let superadmin: { userId: number; accessToken: string };
  const topics = () => topicNames(stack.prefix);
  const forge = async (topic: string, key: string, type: string, actor: Record<string, unknown>, data: unknown, proof?: string) => {
    const command = { commandId: randomUUID(), type, issuedAt: new Date().toISOString(), actor, ...(proof ? { proof } : {}), data };
    await producer.send(topic, { key, value: JSON.stringify(command) });
    return command.commandId;
  };
  /**
   * The audit log's COMMAND_REFUSED records of the forged commands `targets` names (`command:<id>`):
   * read by their commands, since other files on this shared stack have refusals of their own.
   */
  const refusalsOf = async (targets: string[]): Promise<Array<Record<string, any>>> => {
    const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
      token: superadmin.accessToken,
    });
    return (page.body.entries as Array<Record<string, any>>).filter((e) => e.errorCode === 'COMMAND_REFUSED' && targets.includes(e.target));
  };
  /** The proof the user service answers the gateway's look-up of a key with (asked here as the gateway). */
  const keyProofOf = async (apiKey: string): Promise<string | undefined> => {
    const looked = await http(stack.userUrl, 'POST', '/internal/api-keys/lookup', {
      body: { keyHash: createHash('sha256').update(apiKey).digest('hex') },
      headers: await internalHeaders(callerSigner(stack.env.gateway), 'user'),
    });
    expect(looked.status).toBe(200);
    return looked.body.keyProof as string | undefined;
  };

  /** A new ADMIN's mint of 10,000 coins to `userId`: past the shipped four-eyes window, 202 with a PENDING request (its id). */
  const pendingMint = async (userId: number): Promise<string> => {
    const maker = await adminSession(stack, 'ADMIN');
    const makerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], maker);
    const requested = (await apiClient(stack.gatewayUrl, { accessToken: maker.accessToken, apiKey: makerKey }).mintCoins({
      body: { userId, amount: 10_000, reason: 'Prize payout' },
    })) as { approval?: { id: string } };
    return requested.approval!.id;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const logger = createLogger('e2e', 'warn');
    producer = new BatchingProducer(createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-forger', logger }).producer(), logger);
    await producer.connect();
  }, 90_000);
  afterAll(async () => {
    await producer?.close();
    await stack?.close();
  });

  it('when a role change names a SUPERADMIN without their proof (none, or the target user own token), then the user service refuses it and the role stays', async () => {
    const target = await registerUser(stack.gatewayUrl);
    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    const data = { userId: target.userId, role: 'SUPERADMIN' };
    const forged = [
      await forge(topics().userCommands, String(target.userId), 'user.change-role', actor, data),
      await forge(topics().userCommands, String(target.userId), 'user.change-role', actor, data, target.accessToken),
      await forge(topics().userCommands, String(target.userId), 'user.change-role', { kind: 'operator', id: 'root' }, data),
    ].map((commandId) => `command:${commandId}`);
    // Same key, after them: a SUPERADMIN's real request through the gateway.
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    await admin.revokeUserSessions({ path: { id: String(target.userId) } });
    const read = await admin.getUser({ path: { id: String(target.userId) } });
    expect(read.role).toBe('USER');
    // The target's fresh login still carries USER: no forged change applied.
    const tokens = await login(stack.gatewayUrl, target.email, target.password);
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { role: string };
    expect(claims.role).toBe('USER');
    // Each forgery is in the admin audit log, rejected, with the actor it named.
    const refused = await eventually(
      async () => {
        const entries = (await refusalsOf(forged)).filter((e) => e.action === 'user.change-role');
        return entries.length >= 3 ? entries : undefined;
      },
      20_000,
      'the three refusals in the audit log',
    );
    for (const entry of refused) expect(entry).toMatchObject({ result: 'rejected' });
    expect(refused.map((e) => `${e.actor.kind}:${e.actor.id}`).sort()).toEqual(
      [`operator:root`, `user:${superadmin.userId}`, `user:${superadmin.userId}`].sort(),
    );
  });

  it('when a mint or a wallet close names a SUPERADMIN without their proof, then the ledger refuses it and no coin moves', async () => {
    const target = await registerUser(stack.gatewayUrl);
    const key = walletKeyOfUser(target.userId);
    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    await forge(topics().ledgerCommands, key, 'ledger.mint', actor, {
      to: { kind: 'user', userId: target.userId },
      amount: 99_999_900,
      reason: 'x',
    });
    await forge(topics().ledgerCommands, key, 'ledger.close-wallet', actor, { userId: target.userId, reason: 'x' });
    // With a USER's own (valid) token the actor is that USER, who may not mint.
    await forge(
      topics().ledgerCommands,
      key,
      'ledger.mint',
      { kind: 'user', id: String(target.userId), role: 'USER' },
      { to: { kind: 'user', userId: target.userId }, amount: 100, reason: 'x' },
      target.accessToken,
    );
    // Same key, after them: a real mint of 1 coin by a SUPERADMIN with a mint key.
    const other = await adminSession(stack, 'ADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], other);
    const minted = await apiClient(stack.gatewayUrl, { accessToken: other.accessToken, apiKey }).mintCoins({
      body: { userId: target.userId, amount: 1, reason: 'real' },
    });
    expect('transaction' in minted && minted.wallet).toMatchObject({ balance: 1 });
    expect((await apiClient(stack.gatewayUrl, { accessToken: target.accessToken }).getMyWallet()).balance).toBe(1);
  });

  it("when a mint carries an admin's own valid token but not the proof of the admin's own mint key, or no second factor, then the ledger refuses each and no coin moves", async () => {
    const target = await registerUser(stack.gatewayUrl);
    const key = walletKeyOfUser(target.userId);
    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    const otherAdmin = await adminSession(stack, 'SUPERADMIN');
    const ownMintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const forgeries: Array<[string, string, string | undefined]> = [
      // The admin's genuine token (a stolen or seen one), and no key: the gateway's Kafka credentials suffice to write it.
      ['no key proof', superadmin.accessToken, undefined],
      // The genuine proof of another admin's mint key.
      ['another admin’s key', superadmin.accessToken, await keyProofOf(await apiKeyFor(stack, otherAdmin.accessToken, ['mint']))],
      // The genuine proof of the admin's own key, without the mint scope.
      ['a burn key', superadmin.accessToken, await keyProofOf(await apiKeyFor(stack, superadmin.accessToken, ['burn']))],
      // A proof of the admin's key signed by a key the ledger was never given.
      ['a proof signed elsewhere', superadmin.accessToken, await signTestKeyProof(generateJwtKey('elsewhere'), actor)],
      // The admin's own mint key, with a token of a password-only session (signed as the stack's tests sign tokens).
      ['no second factor', await signProof(stack.jwtKey, actor as never, { mfaAt: null }), await keyProofOf(ownMintKey)],
    ];
    const commandIds: string[] = [];
    for (const [, proof, keyProof] of forgeries) {
      const command = {
        commandId: randomUUID(),
        type: 'ledger.mint',
        issuedAt: new Date().toISOString(),
        actor,
        proof,
        ...(keyProof ? { keyProof } : {}),
        data: { to: { kind: 'user', userId: target.userId }, amount: 100, reason: 'forged with a real token' },
      };
      commandIds.push(command.commandId);
      await producer.send(topics().ledgerCommands, { key, value: JSON.stringify(command) });
    }
    // Same key, after them: the admin's real mint of 1 coin through the gateway, with their own key.
    const minted = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: ownMintKey }).mintCoins({
      body: { userId: target.userId, amount: 1, reason: 'real' },
    });
    expect('transaction' in minted && minted.wallet).toMatchObject({ balance: 1 });
    expect((await apiClient(stack.gatewayUrl, { accessToken: target.accessToken }).getMyWallet()).balance).toBe(1);
    // Each forgery is in the admin audit log, refused, under the command it was.
    const refused = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        const targets = new Set((page.body.entries as Array<{ target: string }>).map((e) => e.target));
        return commandIds.every((id) => targets.has(`command:${id}`)) ? true : undefined;
      },
      20_000,
      'the five refusals in the audit log',
    );
    expect(refused).toBe(true);
  });

  it("when a step-up command carries its author's own proof but no fresh second factor, then the user service and the ledger refuse it", async () => {
    const target = await registerUser(stack.gatewayUrl);
    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    // The SUPERADMIN's genuine signature, as a stolen token would carry it: one second factor ten minutes old, one none.
    const stale = await signProof(stack.jwtKey, actor as never, { mfaAt: new Date(Date.now() - 600_000) });
    const passwordOnly = await signProof(stack.jwtKey, actor as never, { mfaAt: null });
    const command = { type: 'ledger.mint', data: { to: { kind: 'user', userId: target.userId }, amount: 100, reason: 'x' } };
    const rejection = { approvalId: randomUUID(), command, reason: 'forged', requestHash: 'a'.repeat(64) };
    const forged = [
      await forge(topics().userCommands, String(target.userId), 'user.change-role', actor, { userId: target.userId, role: 'ADMIN' }, stale),
      await forge(topics().userCommands, String(target.userId), 'user.delete', actor, { userId: target.userId }, passwordOnly),
      await forge(topics().ledgerCommands, walletKeyOfUser(target.userId), 'ledger.reject-approval', actor, rejection, stale),
    ].map((commandId) => `command:${commandId}`);
    const refused = await eventually(
      async () => {
        const entries = await refusalsOf(forged);
        return entries.length === forged.length ? entries : undefined;
      },
      20_000,
      'three refusals in the audit log',
    );
    expect(refused.map((e) => e.action).sort()).toEqual(['ledger.reject-approval', 'user.change-role', 'user.delete']);
    expect(refused.find((e) => e.action === 'ledger.reject-approval')!.reason).toMatch(/fresh second factor/);
    // The same command with a second factor given just now (the only difference) applies.
    const fresh = await signProof(stack.jwtKey, actor as never);
    await forge(
      topics().userCommands,
      String(target.userId),
      'user.change-role',
      actor,
      { userId: target.userId, role: 'DEVELOPER' },
      fresh,
    );
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    await eventually(
      async () => (await admin.getUser({ path: { id: String(target.userId) } })).role === 'DEVELOPER',
      20_000,
      'the fresh change',
    );
  });

  it("when an approve carries the approver's genuine proofs and a real request's id but another command than the one requested, then the ledger applies none of it and the request stays as it was", async () => {
    const [payee, accomplice] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    const approvalId = await pendingMint(payee.userId);
    // The approver's genuine token (fresh second factor) and the genuine proof of their own mint key.
    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    const checkerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const proofs = { proof: await signProof(stack.jwtKey, actor as never), keyProof: await keyProofOf(checkerKey) };
    const mintTo = (userId: number, amount: number) => ({
      type: 'ledger.mint',
      data: { to: { kind: 'user', userId }, amount, reason: 'Prize payout' },
    });
    // Another recipient; the same recipient, a hundred times the amount. Each under the key its command belongs under.
    const forgeries = [mintTo(accomplice.userId, 1_000_000), mintTo(payee.userId, 100_000_000)];
    for (const command of forgeries) {
      const approve = {
        commandId: randomUUID(),
        type: 'ledger.approve',
        issuedAt: new Date().toISOString(),
        actor,
        ...proofs,
        data: { approvalId, command, requestHash: 'f'.repeat(64) },
      };
      await producer.send(topics().ledgerCommands, { key: partitionKeyOf(approve as never), value: JSON.stringify(approve) });
    }
    // Each forgery is decided and refused: the request's audit trail shows the refused approvals.
    const checker = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: checkerKey });
    const refused = await eventually(
      async () => {
        const page = await checker.listAuditLog({ query: { target: `approval:${approvalId}` } });
        const entries = page.entries.filter((e) => e.action === 'approval.approve' && e.result === 'rejected');
        return entries.length >= forgeries.length ? entries : undefined;
      },
      20_000,
      'the refused approvals in the audit log',
    );
    expect(refused).toHaveLength(forgeries.length);
    expect(await apiClient(stack.gatewayUrl, { accessToken: accomplice.accessToken }).getMyWallet()).toMatchObject({ balance: 0 });
    // The request is still PENDING: the approver's real approval through the API applies what was requested, once.
    const approved = await checker.approveRequest({ path: { id: approvalId } });
    expect(approved).toMatchObject({ approval: { id: approvalId, status: 'APPROVED' }, wallet: { balance: 10_000 } });
    expect(await apiClient(stack.gatewayUrl, { accessToken: accomplice.accessToken }).getMyWallet()).toMatchObject({ balance: 0 });
  });

  it("when an approve names only a routed request, with the approver's genuine proofs but a key without the stored command's scope, then the ledger refuses it after loading the request (audited) and nothing moves", async () => {
    const payee = await registerUser(stack.gatewayUrl);
    const approvalId = await pendingMint(payee.userId);
    expect(routeOfApprovalId(approvalId)).toEqual({ walletKey: walletKeyOfUser(payee.userId), payout: false });
    // The approver's genuine token and the genuine proof of their own key, of the burn scope only:
    // the gateway could not tell (it reads nothing), the ledger judges the scope once it loaded the request.
    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    const burnKey = await apiKeyFor(stack, superadmin.accessToken, ['burn']);
    const approve = {
      commandId: randomUUID(),
      type: 'ledger.approve',
      issuedAt: new Date().toISOString(),
      actor,
      proof: await signProof(stack.jwtKey, actor as never),
      keyProof: await keyProofOf(burnKey),
      data: { approvalId, requestHash: 'f'.repeat(64) },
    };
    // Under the key the id names, as the gateway sends it.
    await producer.send(topics().ledgerCommands, { key: walletKeyOfUser(payee.userId), value: JSON.stringify(approve) });
    const mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const checker = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: mintKey });
    const refused = await eventually(
      async () => {
        const page = await checker.listAuditLog({ query: { target: `approval:${approvalId}` } });
        return page.entries.find((e) => e.action === 'approval.approve' && e.result === 'rejected');
      },
      20_000,
      'the refused approve in the audit log',
    );
    expect(refused).toMatchObject({ summary: { command: 'MINT', amount: 10_000 } });
    expect(await apiClient(stack.gatewayUrl, { accessToken: payee.accessToken }).getMyWallet()).toMatchObject({ balance: 0 });
    // Through the API with the same burn key: refused the same way (the ledger's answer), the request still PENDING.
    const withBurnKey = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: burnKey });
    await expect(withBurnKey.approveRequest({ path: { id: approvalId } })).rejects.toMatchObject({ status: 403, code: 'API_KEY_SCOPE' });
    const approved = await checker.approveRequest({ path: { id: approvalId } });
    expect(approved).toMatchObject({ approval: { id: approvalId, status: 'APPROVED' }, wallet: { balance: 10_000 } });
  });

  it('when a request was made by a gateway of an earlier version (no nonce: a UUIDv5 id naming no route), then the approve route reads it once and it is approved as before', async () => {
    const payee = await registerUser(stack.gatewayUrl);
    const maker = await adminSession(stack, 'ADMIN');
    const makerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], maker);
    const actor = { kind: 'user', id: String(maker.userId), role: 'ADMIN' };
    // What an earlier gateway wrote: the requester's genuine proofs, and no idNonce.
    const asked = { type: 'ledger.mint', data: { to: { kind: 'user', userId: payee.userId }, amount: 1_000_000, reason: 'Prize payout' } };
    const request = {
      commandId: randomUUID(),
      type: 'ledger.request-approval',
      issuedAt: new Date().toISOString(),
      actor,
      proof: await signProof(stack.jwtKey, actor as never),
      keyProof: await keyProofOf(makerKey),
      data: { command: asked },
    };
    await producer.send(topics().ledgerCommands, { key: partitionKeyOf(request as never), value: JSON.stringify(request) });
    const approvalId = uuidV5(`ledger.request-approval:${request.commandId}`);
    expect(routeOfApprovalId(approvalId)).toBeNull();
    const checkerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const checker = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: checkerKey });
    await eventually(
      async () =>
        (await checker.listApprovals({ query: { status: 'PENDING' } })).approvals.some((a) => a.id === approvalId) ? true : undefined,
      20_000,
      'the request stored under its UUIDv5 id',
    );
    const approved = await checker.approveRequest({ path: { id: approvalId } });
    expect(approved).toMatchObject({ approval: { id: approvalId, status: 'APPROVED' }, wallet: { balance: 10_000 } });
  });
});
