import { randomUUID } from 'node:crypto';
import { topicNames, walletKeyOfUser, type AuditLogEntry } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { decodeJwt } from 'jose';
import { adminSession, apiKeyFor, fundTreasury, platformClientToken, withSecondSuperadmin, type Session } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { apiClient, http, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

/*
 * Platform clients are granted the treasuries they may reward from and settle
 * holds for, with a daily reward cap of their own, and `cashout` (a payout provider); anything else is 403 (audited). The grants are
 * stored by the user service, signed into the client's SYSTEM token, checked by the gateway and
 * again by the ledger from the token it verifies itself.
 */
describe('platform client grants: treasuries and a daily reward cap per client', () => {
  let stack: TestStack;
  let superadmin: Session;
  const run = randomUUID().slice(0, 8);
  const call = (token: string, method: string, path: string, body?: unknown, requestId?: string) =>
    http(stack.gatewayUrl, method, path, {
      token,
      ...(body !== undefined ? { body } : {}),
      headers: { 'idempotency-key': randomUUID(), ...(requestId ? { 'x-request-id': requestId } : {}) },
    });
  /** A payer with `coins` and a pending hold of 1 coin to `to`; the hold's id. */
  const holdTo = async (
    payer: { accessToken: string },
    to: ({ toTreasury: string } | { toUserId: number }) & { settlerClientId?: string },
  ) => {
    const created = await call(payer.accessToken, 'POST', '/api/coins/holds', { ...to, amount: 1, reason: 'order' });
    expect(created.status).toBe(201);
    return (created.body.hold as { id: string }).id;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1000);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("when a client is registered with grants, then its SYSTEM token carries them as claims and the listing shows them; the secret's client sees no other treasury", async () => {
    const token = await platformClientToken(stack, `shop-${run}`, { treasuries: ['COURSE_FEES'], dailyRewardCap: 12.5 });
    expect(decodeJwt(token)).toMatchObject({ role: 'SYSTEM', treasuries: ['COURSE_FEES'], rewardCap: 1250 });
    const listed = await call(superadmin.accessToken, 'GET', '/api/admin/platform-clients');
    const mine = (listed.body.platformClients as Array<{ name: string }>).find((c) => c.name === `shop-${run}`);
    expect(mine).toMatchObject({ treasuries: ['COURSE_FEES'], dailyRewardCap: 12.5, revokedAt: null });
  });

  it('when a client without the REWARDS grant rewards, then 403 FORBIDDEN, nothing moves, and the refusal is in the audit log', async () => {
    const token = await platformClientToken(stack, `nogrant-${run}`, { treasuries: ['COURSE_FEES'] });
    const winner = await registerUser(stack.gatewayUrl);
    const requestId = `grants-${run}-reward`;
    const answer = await call(token, 'POST', '/api/admin/reward', { userId: winner.userId, amount: 1, reason: 'prize' }, requestId);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await apiClient(stack.gatewayUrl, { accessToken: winner.accessToken }).getMyWallet()).balance).toBe(0);
    const entry = await eventually(
      async () => {
        const page = await call(superadmin.accessToken, 'GET', '/api/admin/audit-log?result=rejected&limit=1000');
        return (page.body.entries as AuditLogEntry[]).find((e) => e.requestId === requestId);
      },
      20_000,
      'the refusal record',
    );
    expect(entry).toMatchObject({ result: 'rejected', errorCode: 'FORBIDDEN', actor: { kind: 'system' } });
  });

  it('when a client rewards past its own daily cap, then 422 LIMIT_EXCEEDED (clientDailyRewards); below it, 201', async () => {
    const token = await platformClientToken(stack, `capped-${run}`, { treasuries: ['REWARDS'], dailyRewardCap: 5 });
    const winner = await registerUser(stack.gatewayUrl);
    const reward = (amount: number) => call(token, 'POST', '/api/admin/reward', { userId: winner.userId, amount, reason: 'prize' });
    expect((await reward(3)).status).toBe(201);
    const over = await reward(3);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'LIMIT_EXCEEDED', limit: { name: 'clientDailyRewards' } });
    expect((await reward(2)).status).toBe(201);
  });

  it("when a client settles a hold paying a treasury it was not granted, then 403 and the hold stays PENDING; a granted treasury's hold it settles", async () => {
    const token = await platformClientToken(stack, `settler-${run}`, { treasuries: ['COURSE_FEES'] });
    const payer = await registerUser(stack.gatewayUrl);
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const minted = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).api.POST('/api/admin/mint', {
      body: { userId: payer.userId, amount: 10, reason: 'seed' },
    });
    expect(minted.response.status).toBe(201);

    const toSubscriptions = await holdTo(payer, { toTreasury: 'SUBSCRIPTIONS' });
    expect((await call(token, 'POST', `/api/coins/holds/${toSubscriptions}/capture`, {})).status).toBe(403);
    expect((await call(token, 'POST', `/api/coins/holds/${toSubscriptions}/void`)).status).toBe(403);
    const mine = await call(payer.accessToken, 'GET', '/api/wallets/me/holds?limit=100');
    expect((mine.body.holds as Array<{ id: string; status: string }>).find((h) => h.id === toSubscriptions)?.status).toBe('PENDING');

    const toCourseFees = await holdTo(payer, { toTreasury: 'COURSE_FEES' });
    expect((await call(token, 'POST', `/api/coins/holds/${toCourseFees}/capture`, {})).status).toBe(201);
  });

  it('when a client granted nothing, or one the payer did not name, captures or voids a hold paying a user, then 403 FORBIDDEN (audited) and the hold stays PENDING; the client the payer named settles it', async () => {
    const nothing = await platformClientToken(stack, `nothing-${run}`, { treasuries: [] });
    const escrow = await platformClientToken(stack, `escrow-${run}`, { treasuries: [] });
    const escrowId = decodeJwt(escrow).sub!;
    const payer = await registerUser(stack.gatewayUrl);
    const friend = await registerUser(stack.gatewayUrl);
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).api.POST('/api/admin/mint', {
      body: { userId: payer.userId, amount: 10, reason: 'seed' },
    });
    const statusOf = async (id: string) => {
      const mine = await call(payer.accessToken, 'GET', '/api/wallets/me/holds?limit=100');
      return (mine.body.holds as Array<{ id: string; status: string }>).find((h) => h.id === id)?.status;
    };

    // A hold naming no settler: no platform client may take or release it.
    const unnamed = await holdTo(payer, { toUserId: friend.userId });
    const requestId = `grants-${run}-settle`;
    const captured = await call(nothing, 'POST', `/api/coins/holds/${unnamed}/capture`, {}, requestId);
    expect([captured.status, captured.body.code]).toEqual([403, 'FORBIDDEN']);
    const voided = await call(nothing, 'POST', `/api/coins/holds/${unnamed}/void`);
    expect([voided.status, voided.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await call(escrow, 'POST', `/api/coins/holds/${unnamed}/capture`, {})).status).toBe(403);
    expect(await statusOf(unnamed)).toBe('PENDING');
    const entry = await eventually(
      async () => {
        const page = await call(superadmin.accessToken, 'GET', '/api/admin/audit-log?result=rejected&limit=1000');
        return (page.body.entries as AuditLogEntry[]).find((e) => e.requestId === requestId);
      },
      20_000,
      'the refusal record',
    );
    expect(entry).toMatchObject({ result: 'rejected', errorCode: 'FORBIDDEN', actor: { kind: 'system' } });

    // A hold naming the escrow client: only it settles it.
    const named = await holdTo(payer, { toUserId: friend.userId, settlerClientId: escrowId });
    expect((await call(nothing, 'POST', `/api/coins/holds/${named}/capture`, {})).status).toBe(403);
    expect((await call(nothing, 'POST', `/api/coins/holds/${named}/void`)).status).toBe(403);
    expect(await statusOf(named)).toBe('PENDING');
    expect((await call(escrow, 'POST', `/api/coins/holds/${named}/capture`, {})).status).toBe(201);
    expect(await statusOf(named)).toBe('CAPTURED');
    await eventually(
      async () => ((await apiClient(stack.gatewayUrl, { accessToken: friend.accessToken }).getMyWallet()).balance === 1 ? true : undefined),
      10_000,
      'the payee credited by the escrow capture',
    );
  });

  it("when a client granted nothing writes a capture of another's hold to ledger.commands itself, with its own valid token, then the ledger refuses it (FORBIDDEN, audited) and the hold stays PENDING", async () => {
    const nothing = await platformClientToken(stack, `forger-${run}`, { treasuries: [] });
    const payer = await registerUser(stack.gatewayUrl);
    const friend = await registerUser(stack.gatewayUrl);
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).api.POST('/api/admin/mint', {
      body: { userId: payer.userId, amount: 10, reason: 'seed' },
    });
    const holdId = await holdTo(payer, { toUserId: friend.userId });
    const logger = createLogger('e2e', 'warn');
    const producer = new BatchingProducer(createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-settler', logger }).producer(), logger);
    await producer.connect();
    const commandId = randomUUID();
    try {
      const command = {
        commandId,
        type: 'ledger.capture-hold',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'system', id: decodeJwt(nothing).sub },
        proof: nothing,
        data: { holdId, fromUserId: payer.userId },
      };
      await producer.send(topicNames(stack.prefix).ledgerCommands, { key: walletKeyOfUser(payer.userId), value: JSON.stringify(command) });
    } finally {
      await producer.close();
    }
    // Decided either way: refused (its record in the audit log) or applied (the hold no longer PENDING).
    const decided = await eventually(
      async () => {
        const page = await call(superadmin.accessToken, 'GET', '/api/admin/audit-log?result=rejected&limit=1000');
        const refusal = (page.body.entries as AuditLogEntry[]).find((e) => e.target === `hold:${holdId}`);
        const mine = await call(payer.accessToken, 'GET', '/api/wallets/me/holds?limit=100');
        const status = (mine.body.holds as Array<{ id: string; status: string }>).find((h) => h.id === holdId)?.status;
        return refusal || status !== 'PENDING' ? { refusal, status } : undefined;
      },
      20_000,
      'the forged capture decided',
    );
    expect(decided).toMatchObject({
      status: 'PENDING',
      refusal: { result: 'rejected', errorCode: 'FORBIDDEN', action: 'ledger.capture-hold', actor: { kind: 'system' } },
    });
    expect((await apiClient(stack.gatewayUrl, { accessToken: friend.accessToken }).getMyWallet()).balance).toBe(0);
  });

  it('when a SUPERADMIN registers a client through the API and another approves it, then the grants are stored as asked and its token names both; a treasury named twice or an unknown one is 400', async () => {
    const create = (body: unknown) => call(superadmin.accessToken, 'POST', '/api/admin/platform-clients', body);
    const created = await withSecondSuperadmin(stack, superadmin.accessToken, async () => {
      const answer = await create({ name: `api-${run}`, treasuries: ['REWARDS', 'OPERATIONS'], dailyRewardCap: 50, cashout: true });
      expect(answer.status).toBe(202);
      return answer.body as { grantRequest: { id: string; act: { clientId: string } }; clientSecret: string };
    });
    expect(created.grantRequest.act).toMatchObject({ treasuries: ['OPERATIONS', 'REWARDS'], dailyRewardCap: 50, cashout: true });
    const { clientId } = created.grantRequest.act;
    const listed = await call(superadmin.accessToken, 'GET', '/api/admin/platform-clients');
    expect((listed.body.platformClients as Array<{ id: string }>).find((c) => c.id === clientId)).toMatchObject({
      treasuries: ['OPERATIONS', 'REWARDS'],
      dailyRewardCap: 50,
      cashout: true,
    });
    const issued = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId, clientSecret: created.clientSecret } });
    const approval = await call(superadmin.accessToken, 'GET', `/api/admin/grant-requests/${created.grantRequest.id}`);
    expect(decodeJwt(issued.body.accessToken)).toMatchObject({
      role: 'SYSTEM',
      // The payout provider's grant, signed by the user service: what the ledger judges a cash-out claim by.
      cashout: true,
      createdBy: superadmin.userId,
      approvedBy: Number(approval.body.decidedBy.id),
    });
    const none = await create({ name: `api-none-${run}` });
    expect(none.body.grantRequest.act).toMatchObject({ treasuries: [], dailyRewardCap: null, cashout: false });
    expect((await create({ name: 'x', cashout: 'yes' })).status).toBe(400);
    expect((await create({ name: 'x', treasuries: ['REWARDS', 'REWARDS'] })).status).toBe(400);
    expect((await create({ name: 'x', treasuries: ['PAYROLL'] })).status).toBe(400);
    expect((await create({ name: 'x', dailyRewardCap: 0 })).status).toBe(400);
  });
});
