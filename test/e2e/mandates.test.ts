import { type CoinClient, CoinProblemError } from '@coin/client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack, fastLoopsStack } from '../harness/stack';
import { apiClient, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientToken } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * Through the gateway: subscription mandates granted by a user, charged by the ledger, cancelled
 * by the platform or by an ADMIN+ for the user (CONTRACT.md "Mandates").
 */
describe('mandates through the gateway and the ledger', () => {
  let stack: TestStack;
  let platform: CoinClient;
  let stream: CoinClient;
  let streamId: string;
  let rival: CoinClient;
  let admin: { userId: number; client: CoinClient };
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
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

  beforeAll(async () => {
    // A charge refused for want of coins is tried again a second later (every test here pays at once but the admin cancel's).
    stack = await startTestStack(fastLoopsStack);
    const superadmin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    platform = apiClient(stack.gatewayUrl, { accessToken: superadmin, apiKey: await apiKeyFor(stack, superadmin, ['mint']) });
    const anAdmin = await adminSession(stack, 'ADMIN');
    admin = { userId: anAdmin.userId, client: as(anAdmin.accessToken) };
    const streamToken = await platformClientToken(stack, 'mandates-stream');
    stream = as(streamToken);
    streamId = decodeJwt(streamToken).sub!;
    rival = as(await platformClientToken(stack, 'mandates-rival'));
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a user grants a mandate starting now, then the first period is charged once into SUBSCRIPTIONS, and only its platform (or the payer) cancels it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await platform.mintCoins({ body: { userId: user.userId, amount: 50, reason: 'seed' } });
    const payer = as(user.accessToken);
    const { mandate } = await payer.grantMandate({
      body: { clientId: streamId, amount: 9.99, period: 'MONTH', startsAt: new Date().toISOString(), reason: 'StreamCo Premium' },
      idempotencyKey: `grant-${user.userId}`,
    });
    expect(mandate).toMatchObject({ status: 'ACTIVE', fromUserId: user.userId, clientId: streamId, amount: 9.99, nextPeriod: 0 });

    // The ledger's scheduler charges period 0: 40.01 coins left, and the mandate moved on.
    await eventually(async () => ((await payer.getMyWallet()).balance === 40.01 ? true : undefined), 20_000, 'period 0 charged');
    const mine = await payer.listMyMandates({ query: {} });
    expect(mine.mandates).toEqual([expect.objectContaining({ id: mandate.id, nextPeriod: 1, status: 'ACTIVE' })]);
    const listed = await stream.listClientMandates({ query: {} });
    expect(listed.mandates.map((m) => m.id)).toEqual([mandate.id]);
    expect((await rival.listClientMandates({ query: {} })).mandates).toEqual([]);

    // Another platform, and another user, find no such mandate; a grant to a client that does not exist is 404.
    const byRival = await problemOf(rival.cancelClientMandate({ path: { id: mandate.id }, idempotencyKey: `rival-${user.userId}` }));
    expect([byRival.status, byRival.problem.code]).toEqual([404, 'MANDATE_NOT_FOUND']);
    const stranger = await registerUser(stack.gatewayUrl);
    const byStranger = await problemOf(
      as(stranger.accessToken).cancelMyMandate({ path: { id: mandate.id }, idempotencyKey: `stranger-${user.userId}` }),
    );
    expect([byStranger.status, byStranger.problem.code]).toEqual([404, 'MANDATE_NOT_FOUND']);
    const unknownClient = await problemOf(
      payer.grantMandate({
        body: { clientId: 'pc_nosuchclient', amount: 1, period: 'DAY', startsAt: new Date().toISOString(), reason: 'r' },
        idempotencyKey: `grant-unknown-${user.userId}`,
      }),
    );
    expect(unknownClient.status).toBe(404);

    const cancelled = await stream.cancelClientMandate({ path: { id: mandate.id }, idempotencyKey: `cancel-${user.userId}` });
    expect(cancelled.mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'client', nextChargeAt: null });
    const again = await problemOf(payer.cancelMyMandate({ path: { id: mandate.id }, idempotencyKey: `again-${user.userId}` }));
    expect([again.status, again.problem.code]).toEqual([409, 'MANDATE_NOT_ACTIVE']);
    expect((await payer.getMyWallet()).balance).toBe(40.01);
  }, 60_000);

  it("when an ADMIN cancels a user's mandate with a period due and unpaid, then it is CANCELLED by an admin, audited, never charged again; a USER on the admin route is refused", async () => {
    const user = await registerUser(stack.gatewayUrl);
    const payer = as(user.accessToken);
    const { mandate } = await payer.grantMandate({
      body: { clientId: streamId, amount: 3, period: 'DAY', startsAt: new Date().toISOString(), reason: 'StreamCo Daily' },
      idempotencyKey: `admin-grant-${user.userId}`,
    });
    // The wallet is empty: period 0 is due, its charge refused and tried again each second.
    await eventually(
      async () => ((await payer.listMyMandates({ query: {} })).mandates[0]!.failedAttempts >= 2 ? true : undefined),
      20_000,
      'period 0 due and retried',
    );

    // A USER on the admin route, the payer too, is refused by the gateway (and recorded), the mandate untouched.
    const stranger = await registerUser(stack.gatewayUrl);
    for (const [who, token] of [
      ['stranger', stranger.accessToken],
      ['payer', user.accessToken],
    ] as const) {
      const refused = await problemOf(
        as(token).cancelMandate({
          path: { id: mandate.id },
          body: { reason: 'I am support' },
          idempotencyKey: `user-${who}-${user.userId}`,
        }),
      );
      expect([who, refused.status, refused.problem.code]).toEqual([who, 403, 'FORBIDDEN']);
    }
    await eventually(
      async () => {
        const { entries } = await admin.client.listAuditLog({ query: { actor: String(stranger.userId), result: 'rejected' } });
        return entries.length > 0 ? entries : undefined;
      },
      20_000,
      "the stranger's refusal in the audit log",
    );
    // A reason is required.
    const noReason = await problemOf(
      admin.client.cancelMandate({
        path: { id: mandate.id },
        body: {} as { reason: string },
        idempotencyKey: `admin-noreason-${user.userId}`,
      }),
    );
    expect([noReason.status, noReason.problem.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await payer.listMyMandates({ query: {} })).mandates[0]!.status).toBe('ACTIVE');

    const { mandate: cancelled } = await admin.client.cancelMandate({
      path: { id: mandate.id },
      body: { reason: 'The payer asked support to stop it' },
      idempotencyKey: `admin-cancel-${user.userId}`,
    });
    expect(cancelled).toMatchObject({ id: mandate.id, status: 'CANCELLED', cancelledBy: 'admin', nextChargeAt: null, nextPeriod: 0 });

    // Coins arrive for the period that was due: no charge takes them, however many sweeps pass.
    await platform.mintCoins({ body: { userId: user.userId, amount: 10, reason: 'seed after the cancel' } });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await payer.getMyWallet()).balance).toBe(10);
    expect((await payer.listMyMandates({ query: {} })).mandates).toEqual([
      expect.objectContaining({ id: mandate.id, status: 'CANCELLED', cancelledBy: 'admin', nextPeriod: 0 }),
    ]);
    const again = await problemOf(
      admin.client.cancelMandate({ path: { id: mandate.id }, body: { reason: 'again' }, idempotencyKey: `admin-again-${user.userId}` }),
    );
    expect([again.status, again.problem.code]).toEqual([409, 'MANDATE_NOT_ACTIVE']);

    // The admin's act is in the audit log: who, what, and why.
    const recorded = await eventually(
      async () => {
        const { entries } = await admin.client.listServiceActions({ query: { target: `mandate:${mandate.id}` } });
        return entries.length > 0 ? entries : undefined;
      },
      20_000,
      'the cancel in the audit log',
    );
    expect(recorded).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'user', id: String(admin.userId) }),
        action: 'mandate.cancel',
        summary: { fromUserId: user.userId, reason: 'The payer asked support to stop it' },
      }),
    ]);
  }, 90_000);

  it('when a platform client tries to grant itself a mandate, or a body is hostile, then it is refused and nothing is stored', async () => {
    const grant = { clientId: streamId, amount: 1, period: 'DAY' as const, startsAt: new Date().toISOString(), reason: 'r' };
    const bySystem = await problemOf(stream.grantMandate({ body: grant, idempotencyKey: 'system-grant' }));
    expect(bySystem.status).toBe(403);
    const user = await registerUser(stack.gatewayUrl);
    const payer = as(user.accessToken);
    for (const body of [
      { ...grant, maxPerPeriod: 0.5 },
      { ...grant, endsAt: '2000-01-01T00:00:00Z' },
      { ...grant, period: 'YEAR' },
      { ...grant, amount: -1 },
    ]) {
      const refused = await problemOf(payer.grantMandate({ body: body as typeof grant, idempotencyKey: `bad-${JSON.stringify(body)}` }));
      expect([JSON.stringify(body), refused.status, refused.problem.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION_FAILED']);
    }
    expect((await payer.listMyMandates({ query: {} })).mandates).toEqual([]);
  }, 60_000);

  it('when the platform subscribes a webhook endpoint to the mandate events, then the grant and the charge are delivered to it', async () => {
    const bodies: string[] = [];
    const receiver: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      await stream.createWebhookEndpoint({ body: { url, eventTypes: ['coin.mandate.granted', 'coin.mandate.charged'] } });
      const user = await registerUser(stack.gatewayUrl);
      await platform.mintCoins({ body: { userId: user.userId, amount: 20, reason: 'seed' } });
      const { mandate } = await as(user.accessToken).grantMandate({
        body: { clientId: streamId, amount: 2, period: 'MONTH', startsAt: new Date().toISOString(), reason: 'StreamCo Basic' },
        idempotencyKey: `hooked-${user.userId}`,
      });
      const typesFor = () =>
        bodies.map((b) => JSON.parse(b) as { type: string; mandate: { id: string } }).filter((e) => e.mandate.id === mandate.id);
      const seen = await eventually(
        async () => (typesFor().some((e) => e.type === 'coin.mandate.charged') ? typesFor() : undefined),
        30_000,
        'the mandate events delivered',
      );
      expect(seen.map((e) => e.type).sort()).toEqual(['coin.mandate.charged', 'coin.mandate.granted']);
    } finally {
      receiver.close();
    }
  }, 60_000);
});
