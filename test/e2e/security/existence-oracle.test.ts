import { randomUUID } from 'node:crypto';
import { createPool, schemaName } from '@coin/db';
import { startTestStack, type TestStack, sandboxStack } from '../../harness/stack';
import { http, registerUser, type HttpResult } from '../../harness/http';
import { adminSession, createPlatformClientWithCli, type AdminSession } from '../../harness/admin';
import { eventually } from '../../harness/eventually';

/**
 * Existence is not an oracle (docs/design/security.md "Threat matrix", platform client × read
 * another's data; docs/CONTRACT.md "Platform links"): a platform client learns nothing of which
 * accounts exist from naming them. A referral it attests, and what a test-mode client does in the
 * sandbox in a user's name, name only the users who linked the client themselves; naming any other
 * account (a SUPERADMIN, another platform's user) is answered exactly as naming an id no account
 * has, and nothing is done in their name.
 */
describe('a platform client naming users it has no link to', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let second: AdminSession;
  let shop: { clientId: string; token: string };
  let testClient: { clientId: string; token: string };
  /** A live person the shop and the test client never dealt with: another platform's user (they linked the rival). */
  let victim: { userId: number; accessToken: string };
  /** A second such person, the buyer the shop's probes name. */
  let bystander: { userId: number; accessToken: string };
  /** An id no account has. */
  let unknownId: number;
  const run = randomUUID().slice(0, 8);

  /** An answer as a prober compares it: its status and body, the request id aside and the id it named written `<id>`. */
  const seenAs = (answer: HttpResult, namedId: number) => {
    const { requestId: _requestId, ...body } = answer.body as Record<string, unknown>;
    if (typeof body.detail === 'string') body.detail = body.detail.replaceAll(String(namedId), '<id>');
    return { status: answer.status, body };
  };
  const referral = (buyerUserId: number, affiliateUserId: number) =>
    http(stack.gatewayUrl, 'POST', '/api/platform/referrals', {
      token: shop.token,
      body: { buyerUserId, affiliateUserId, treasury: 'COURSE_FEES' },
    });
  const sandboxCall = (path: string, body: unknown) =>
    http(stack.gatewayUrl, 'POST', path, { token: testClient.token, body, headers: { 'idempotency-key': randomUUID() } });
  const clientToken = async (created: { clientId: string; clientSecret: string }) =>
    (await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: created })).body.accessToken as string;
  /** The user links the client with their own token, as they would when they start using the platform. */
  const link = (user: { accessToken: string }, clientId: string) =>
    http(stack.gatewayUrl, 'POST', '/api/auth/platform-links', { token: user.accessToken, body: { clientId } });

  /** Whether the user's sandbox wallet is open (it opens from the live user event a moment after registration). */
  const sandboxWalletOpen = async (userId: number): Promise<boolean> => {
    const pool = createPool({
      url: stack.databaseUrl,
      schema: schemaName(`${stack.prefix}sandbox_`, 'ledger'),
      applicationName: 'test-existence-oracle',
      connectionsMax: 1,
    });
    try {
      const found = await pool.query('SELECT 1 FROM wallets WHERE wallet_key = $1', [`user:${userId}`]);
      return found.rows.length === 1;
    } finally {
      await pool.end();
    }
  };
  const whenSandboxWalletOpen = (userId: number) =>
    eventually(async () => ((await sandboxWalletOpen(userId)) ? true : undefined), 30_000, `the sandbox wallet of ${userId}`);

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    superadmin = await adminSession(stack, 'SUPERADMIN');
    second = await adminSession(stack, 'ADMIN');
    const shopClient = await createPlatformClientWithCli(stack, `oracle shop ${run}`, { treasuries: ['COURSE_FEES'] });
    shop = { clientId: shopClient.clientId, token: await clientToken(shopClient) };
    // The shop's rule for COURSE_FEES, by two people: without one it attests no referral at all.
    const asked = await http(stack.gatewayUrl, 'PUT', '/api/admin/commission-rules', {
      token: superadmin.accessToken,
      body: { treasury: 'COURSE_FEES', clientId: shop.clientId, rule: { bps: 1000 } },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (asked.status !== 202) throw new Error(`commission rule: ${asked.status} ${JSON.stringify(asked.body)}`);
    const approved = await http(stack.gatewayUrl, 'POST', `/api/admin/commission-changes/${asked.body.approval.id}/approve`, {
      token: second.accessToken,
      headers: { 'idempotency-key': randomUUID() },
    });
    if (approved.status !== 200) throw new Error(`commission rule approval: ${approved.status} ${JSON.stringify(approved.body)}`);
    const rival = await createPlatformClientWithCli(stack, `oracle rival ${run}`, { treasuries: ['REWARDS'] });

    // A test-mode client is one ADMIN's act alone.
    const created = await http(stack.gatewayUrl, 'POST', '/api/admin/test-clients', {
      token: second.accessToken,
      body: { name: `oracle sandbox ${run}`, treasuries: ['REWARDS', 'COURSE_FEES'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (created.status !== 201) throw new Error(`test client: ${created.status} ${JSON.stringify(created.body)}`);
    testClient = {
      clientId: created.body.client.id,
      token: await clientToken({ clientId: created.body.client.id, clientSecret: created.body.clientSecret }),
    };
    const funded = await sandboxCall('/api/sandbox/fund', { treasury: 'REWARDS', amount: 1_000, reason: 'sandbox funds' });
    if (funded.status !== 201) throw new Error(`sandbox fund: ${funded.status} ${JSON.stringify(funded.body)}`);

    victim = await registerUser(stack.gatewayUrl);
    bystander = await registerUser(stack.gatewayUrl);
    expect((await link(victim, rival.clientId)).status).toBe(201);
    // Far past any id this stack's users will reach.
    unknownId = victim.userId + 1_000_000_000;
    // The victim's sandbox wallet is open: an answer about them is about them, not about a wallet not yet opened.
    await whenSandboxWalletOpen(victim.userId);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when it attests a referral naming a SUPERADMIN or another platform’s user, then the answer is the one an unknown id gets', async () => {
    const unknown = seenAs(await referral(bystander.userId, unknownId), unknownId);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect(seenAs(await referral(bystander.userId, victim.userId), victim.userId)).toEqual(unknown);
    expect(seenAs(await referral(bystander.userId, superadmin.userId), superadmin.userId)).toEqual(unknown);
    // The buyer's side answers alike.
    const unknownBuyer = seenAs(await referral(unknownId, bystander.userId), unknownId);
    expect(seenAs(await referral(victim.userId, bystander.userId), victim.userId)).toEqual(unknownBuyer);
    expect(seenAs(await referral(superadmin.userId, bystander.userId), superadmin.userId)).toEqual(unknownBuyer);
  });

  it('when the buyer and the affiliate both linked the client, then it attests their referral; with one who did not, the answer is the one an unknown id gets', async () => {
    const [buyer, affiliate] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    for (const user of [buyer, affiliate]) expect((await link(user, shop.clientId)).status).toBe(201);
    expect(await referral(buyer.userId, affiliate.userId)).toMatchObject({ status: 201, body: { referral: expect.any(String) } });

    const unknown = seenAs(await referral(buyer.userId, unknownId), unknownId);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    for (const named of [victim.userId, superadmin.userId, bystander.userId]) {
      expect(seenAs(await referral(buyer.userId, named), named)).toEqual(unknown);
    }
  });

  it('when a user links a client, then linking again answers the first link; an unknown client is 404 and a platform client links no one', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const first = await link(user, shop.clientId);
    expect(first).toMatchObject({ status: 201, body: { clientId: shop.clientId, linkedAt: expect.any(String) } });
    expect((await link(user, shop.clientId)).body).toEqual(first.body);
    expect(await link(user, `pc_unknown_${run}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await link({ accessToken: shop.token }, shop.clientId)).status).toBe(403);
    expect((await link({ accessToken: testClient.token }, testClient.clientId)).status).toBe(403);
  });

  it('when a test-mode client rewards, pays, grants itself a mandate on, cashes out, holds or sells to another platform’s live user in the sandbox, then each answer is the one an unknown id gets, and nothing is done in their name', async () => {
    const asks: Array<[string, (userId: number) => unknown]> = [
      ['/api/admin/reward', (userId) => ({ userId, amount: 5, reason: `probe ${run}` })],
      [
        '/api/coins/payouts',
        (userId) => ({ from: { treasury: 'REWARDS' }, reason: `probe ${run}`, lines: [{ toUserId: userId, amount: 1 }] }),
      ],
      ['/api/sandbox/mandates', (userId) => ({ userId, amount: 1, period: 'DAY', reason: `probe ${run}` })],
      ['/api/sandbox/cashouts', (userId) => ({ userId, amount: 1, msisdn: '+237670000099' })],
      ['/api/sandbox/holds', (userId) => ({ fromUserId: userId, toTreasury: 'REWARDS', amount: 1, reason: `probe ${run}` })],
      ['/api/sandbox/purchases', (userId) => ({ userId, treasury: 'COURSE_FEES', amount: 1, reason: `probe ${run}` })],
    ];
    const unknown: unknown[] = [];
    const named: unknown[] = [];
    for (const [path, body] of asks) {
      unknown.push({ path, ...seenAs(await sandboxCall(path, body(unknownId)), unknownId) });
      named.push({ path, ...seenAs(await sandboxCall(path, body(victim.userId)), victim.userId) });
    }
    expect(unknown).toMatchObject(asks.map(([path]) => ({ path, status: 404, body: { code: 'USER_NOT_FOUND' } })));
    expect(named).toEqual(unknown);
    // Nothing was done in the victim's name: the test client made no cash-out and no mandate for them.
    const asClient = (path: string) => http(stack.gatewayUrl, 'GET', path, { token: testClient.token });
    expect((await asClient(`/api/sandbox/cashouts?userId=${victim.userId}`)).body.cashouts).toEqual([]);
    expect((await asClient(`/api/platform/mandates?userId=${victim.userId}`)).body.mandates).toEqual([]);
  });

  it('when a test user linked the test-mode client, then it rewards them, grants itself their mandate and cashes them out in the sandbox', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect((await link(user, testClient.clientId)).status).toBe(201);
    await whenSandboxWalletOpen(user.userId);
    expect(await sandboxCall('/api/admin/reward', { userId: user.userId, amount: 20, reason: `seed ${run}` })).toMatchObject({
      status: 201,
    });
    expect(
      await sandboxCall('/api/sandbox/mandates', { userId: user.userId, amount: 1, period: 'DAY', reason: `plan ${run}` }),
    ).toMatchObject({ status: 201, body: { mandate: { fromUserId: user.userId, clientId: testClient.clientId } } });
    expect(await sandboxCall('/api/sandbox/cashouts', { userId: user.userId, amount: 5, msisdn: '+237670000098' })).toMatchObject({
      status: 201,
      body: { cashout: { userId: user.userId } },
    });
  });
});
