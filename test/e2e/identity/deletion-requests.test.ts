import { randomUUID } from 'node:crypto';
import { CoinProblemError } from '@coin/client';
import { topicNames } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import pg from 'pg';
import { adminSession, apiKeyFor, type Session } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { apiClient, http, login, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

interface DeletionRequestView {
  id: string;
  userId: number;
  status: string;
  balance: number;
  requestedBy: { kind: string; id: string; role?: string };
  decidedBy: { kind: string; id: string } | null;
  rejectionReason: string | null;
}

/**
 * Through the real stack: A deletion of a user whose wallet holds
 * DELETION_APPROVAL_MIN_COINS or more (50 here, so a mint of 60 stays clear of the four-eyes
 * windows) is not done by one SUPERADMIN: it becomes a request another SUPERADMIN approves. The
 * user service judges it on the ledger's own figure, read with its own service token.
 */
describe('large deletions wait for a second SUPERADMIN', () => {
  let stack: TestStack;
  let first: Session;
  let second: Session;
  let mintKey: string;
  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  const problemOf = (call: Promise<unknown>) =>
    call.then(
      (data) => {
        throw new Error(`expected a problem, got ${JSON.stringify(data)}`);
      },
      (err: unknown) => {
        if (err instanceof CoinProblemError) return err;
        throw err;
      },
    );
  const mint = (userId: number, amount: number) =>
    http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
      token: first.accessToken,
      body: { userId, amount, reason: 'deletion test' },
      headers: { 'x-api-key': mintKey },
    });
  const remove = (id: number, token = first.accessToken) =>
    http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${id}`, { token }) as Promise<{ status: number; body: any }>;
  const approve = (id: string, token: string) =>
    http(stack.gatewayUrl, 'POST', `/api/admin/deletion-requests/${id}/approve`, {
      token,
      headers: { 'idempotency-key': randomUUID() },
    }) as Promise<{ status: number; body: any }>;
  const reject = (id: string, token: string, reason = 'pay the balance out first') =>
    http(stack.gatewayUrl, 'POST', `/api/admin/deletion-requests/${id}/reject`, {
      token,
      body: { reason },
      headers: { 'idempotency-key': randomUUID() },
    }) as Promise<{ status: number; body: any }>;
  const richUser = async (coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    const minted = await mint(user.userId, coins);
    expect(minted.status).toBe(201);
    return user;
  };
  const ledgerBurns = async (userId: number) => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const burns = await client.query(
        `SELECT amount::int AS amount, reason FROM "${stack.prefix}ledger".transactions WHERE type = 'BURN' AND from_user_id = $1`,
        [userId],
      );
      return burns.rows as Array<{ amount: number; reason: string }>;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    stack = await startTestStack({ extraEnv: { DELETION_APPROVAL_MIN_COINS: '50' } });
    [first, second] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'SUPERADMIN')]);
    mintKey = await apiKeyFor(stack, first.accessToken, ['mint']);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a SUPERADMIN deletes a user holding the threshold or more, then 202 with a PENDING request, and the user, their login and their balance stay', async () => {
    const user = await richUser(60);
    const answer = await remove(user.userId);
    expect(answer.status).toBe(202);
    const request = answer.body.deletionRequest as DeletionRequestView;
    expect(request).toMatchObject({
      userId: user.userId,
      status: 'PENDING',
      balance: 60,
      requestedBy: { kind: 'user', id: String(first.userId), role: 'SUPERADMIN' },
      decidedBy: null,
    });
    // A second deletion while it is pending answers the same request, whoever asks.
    const again = await remove(user.userId, second.accessToken);
    expect([again.status, again.body.deletionRequest.id]).toEqual([202, request.id]);
    expect((await as(first.accessToken).getUser({ path: { id: String(user.userId) } })).wallet.balance).toBe(60);
    await login(stack.gatewayUrl, user.email, user.password);
    expect((await as(user.accessToken).getMyWallet()).balance).toBe(60);
    const listed = await as(second.accessToken).listDeletionRequests({ query: { status: 'PENDING' } });
    expect(listed.deletionRequests.map((r) => r.id)).toContain(request.id);
  });

  it('when the requester approves, then 403 APPROVAL_BY_REQUESTER; when another SUPERADMIN approves, then the user is gone, the wallet closed and its balance burned; a second approval is 409', async () => {
    const user = await richUser(60);
    const request = (await remove(user.userId)).body.deletionRequest as DeletionRequestView;

    const own = await approve(request.id, first.accessToken);
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    expect((await as(first.accessToken).getUser({ path: { id: String(user.userId) } })).id).toBe(user.userId);

    const approved = await approve(request.id, second.accessToken);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'User deleted',
      deletionRequest: { id: request.id, status: 'APPROVED', decidedBy: { kind: 'user', id: String(second.userId) } },
    });
    const gone = await problemOf(as(first.accessToken).getUser({ path: { id: String(user.userId) } }));
    expect([gone.status, gone.code]).toEqual([404, 'USER_NOT_FOUND']);
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).status).toBe(401);
    // Deleted means closed when the approval answers: a transfer to them is refused at once.
    const friend = await richUser(5);
    const refused = await problemOf(as(friend.accessToken).transferCoins({ body: { toUserId: user.userId, amount: 1, reason: 'hello?' } }));
    expect([refused.status, refused.code]).toEqual([422, 'RECIPIENT_CLOSED']);
    const burns = await eventually(
      async () => {
        const rows = await ledgerBurns(user.userId);
        return rows.length > 0 ? rows : undefined;
      },
      10_000,
      'the BURN of the deleted balance',
    );
    expect(burns).toEqual([{ amount: 6000, reason: expect.stringContaining('deleted') }]);

    const late = await approve(request.id, second.accessToken);
    expect([late.status, late.body.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
  });

  it('when a SUPERADMIN rejects a request (the requester may), then the user stays and the request can no longer be approved', async () => {
    const user = await richUser(50);
    const request = (await remove(user.userId)).body.deletionRequest as DeletionRequestView;
    expect(request.status).toBe('PENDING');
    const rejected = await reject(request.id, first.accessToken);
    expect(rejected.status).toBe(200);
    expect(rejected.body.deletionRequest).toMatchObject({
      id: request.id,
      status: 'REJECTED',
      rejectionReason: 'pay the balance out first',
      decidedBy: { id: String(first.userId) },
    });
    const late = await approve(request.id, second.accessToken);
    expect([late.status, late.body.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
    expect((await as(first.accessToken).getUser({ path: { id: String(user.userId) } })).wallet.balance).toBe(50);
    // The request and its rejection are in the admin audit log.
    const audited = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log?target=deletion-request:${request.id}`, {
          token: first.accessToken,
        });
        const entries = (page.body as { entries?: Array<{ action: string; result: string }> }).entries ?? [];
        return entries.length >= 3 ? entries : undefined;
      },
      15_000,
      'audit records of the deletion request',
    );
    expect(audited.map((e) => [e.action, e.result]).sort()).toEqual([
      ['approval.approve', 'rejected'],
      ['approval.reject', 'applied'],
      ['approval.request', 'applied'],
    ]);
    // A new deletion after the rejection is a new request.
    const renewed = await remove(user.userId);
    expect(renewed.status).toBe(202);
    expect(renewed.body.deletionRequest.id).not.toBe(request.id);
  });

  it('when part of the balance is held by a pending hold, then it still counts: 40 active + 20 held waits like 60', async () => {
    const user = await richUser(60);
    await as(user.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 20, reason: 'Course seat' } });
    const wallet = await as(user.accessToken).getMyWallet();
    expect([wallet.balance, wallet.activeCoins]).toEqual([60, 40]);
    const answer = await remove(user.userId);
    expect([answer.status, answer.body.deletionRequest?.balance]).toEqual([202, 60]);
  });

  it('when the user holds less than the threshold, then the deletion is immediate (200) as before', async () => {
    const user = await richUser(49.99);
    const answer = await remove(user.userId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'User deleted' });
    const gone = await problemOf(as(first.accessToken).getUser({ path: { id: String(user.userId) } }));
    expect(gone.code).toBe('USER_NOT_FOUND');
  });

  it('when the input is invalid or the caller is no SUPERADMIN, then 400, 404 or 403 and nothing is decided', async () => {
    const user = await richUser(60);
    const request = (await remove(user.userId)).body.deletionRequest as DeletionRequestView;
    const admin = await adminSession(stack, 'ADMIN');
    const get = (path: string, token: string) => http(stack.gatewayUrl, 'GET', path, { token });
    expect((await get('/api/admin/deletion-requests?status=BOGUS', first.accessToken)).status).toBe(400);
    expect((await get('/api/admin/deletion-requests', admin.accessToken)).status).toBe(403);
    expect((await approve('not-a-uuid', second.accessToken)).status).toBe(400);
    expect((await approve(randomUUID(), second.accessToken)).body.code).toBe('APPROVAL_NOT_FOUND');
    expect((await approve(request.id, admin.accessToken)).status).toBe(403);
    expect((await reject(request.id, second.accessToken, '')).status).toBe(400);
    const noReason = await http(stack.gatewayUrl, 'POST', `/api/admin/deletion-requests/${request.id}/reject`, {
      token: second.accessToken,
      body: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(noReason.status).toBe(400);
    const still = await as(second.accessToken).listDeletionRequests({ query: { status: 'PENDING' } });
    expect(still.deletionRequests.find((r) => r.id === request.id)?.status).toBe('PENDING');
  });

  it('when a user.approve-deletion names a SUPERADMIN without their proof on Kafka, then the user service refuses it and the user stays', async () => {
    const user = await richUser(60);
    const request = (await remove(user.userId)).body.deletionRequest as DeletionRequestView;
    const logger = createLogger('e2e', 'warn');
    const producer = new BatchingProducer(createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-forger', logger }).producer(), logger);
    await producer.connect();
    const forged = (proof?: string) => ({
      commandId: randomUUID(),
      type: 'user.approve-deletion',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'user', id: String(second.userId), role: 'SUPERADMIN' },
      ...(proof ? { proof } : {}),
      data: { userId: user.userId, requestId: request.id },
    });
    try {
      // No proof, and the requester's own token naming the other SUPERADMIN.
      await producer.send(topicNames(stack.prefix).userCommands, { key: String(user.userId), value: JSON.stringify(forged()) });
      await producer.send(topicNames(stack.prefix).userCommands, {
        key: String(user.userId),
        value: JSON.stringify(forged(first.accessToken)),
      });
    } finally {
      await producer.close();
    }
    // Same key, after them: a real rejection through the gateway finds the request still PENDING.
    const rejected = await reject(request.id, first.accessToken);
    expect([rejected.status, rejected.body.deletionRequest?.status]).toEqual([200, 'REJECTED']);
    expect((await as(first.accessToken).getUser({ path: { id: String(user.userId) } })).wallet.balance).toBe(60);
  });
});
