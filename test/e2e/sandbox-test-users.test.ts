import { randomUUID } from 'node:crypto';
import { clientCredentialsToken } from '@coin/client';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { http, registerUser } from '../harness/http';
import { adminSession, createPlatformClientWithCli } from '../harness/admin';
import { eventually } from '../harness/eventually';

type TestUser = { userId: number; name: string; createdAt: string };
type Problem = { code: string; detail?: string };

/**
 * A self-serve test client makes test users of its own (docs/decisions/0018-sandbox.md "Test users
 * of a client's own"): sandbox-only identities with ids no live account has, each with a sandbox
 * wallet, that it then rewards and reads back in the sandbox alone. Another test client, a live
 * client and an ADMIN know none of them: each answers as for an id nobody has. Hostile cases first.
 */
describe('sandbox test users of a client’s own', () => {
  let stack: TestStack;
  let ownerToken: string;
  let tokenA: string;
  let tokenB: string;
  const run = randomUUID().slice(0, 8);
  // In the test users' range, and never made: the answer every id a client may not name gets.
  const nobody = 9_000_000_000_000_000;

  const tokenOf = async (clientId: string, clientSecret: string) =>
    clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId, clientSecret })();
  const post = <T>(token: string, path: string, body: unknown, key = randomUUID()) =>
    http<T>(stack.gatewayUrl, 'POST', path, { token, body, headers: { 'idempotency-key': key } });
  const makeTestClient = async (name: string) => {
    const made = await post<{ client: { id: string }; clientSecret: string }>(ownerToken, '/api/platform/test-clients', {
      name,
      treasuries: ['REWARDS'],
    });
    expect(made.status).toBe(201);
    return tokenOf(made.body.client.id, made.body.clientSecret);
  };
  const makeTestUser = async (token: string, name: string, key = randomUUID()) => {
    const made = await post<{ testUser: TestUser }>(token, '/api/sandbox/test-users', { name }, key);
    expect(made.status).toBe(201);
    return made.body.testUser;
  };

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    const owner = await createPlatformClientWithCli(stack, `test-users-owner-${run}`, { treasuries: ['REWARDS'] });
    ownerToken = await tokenOf(owner.clientId, owner.clientSecret);
    tokenA = await makeTestClient(`test users A ${run}`);
    tokenB = await makeTestClient(`test users B ${run}`);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a live client or a person calls the test-user routes, or a name is not a bounded label, then 403 or 400', async () => {
    const person = await registerUser(stack.gatewayUrl);
    for (const token of [ownerToken, person.accessToken]) {
      const made = await post<Problem>(token, '/api/sandbox/test-users', { name: 'not mine' });
      expect(made.status).toBe(403);
      expect((await http(stack.gatewayUrl, 'GET', '/api/sandbox/test-users', { token })).status).toBe(403);
    }
    for (const body of [{ name: '' }, { name: 'x'.repeat(101) }, { name: 'two\nlines' }, {}, { name: 'Ann', userId: 5 }]) {
      const refused = await post<Problem>(tokenA, '/api/sandbox/test-users', body);
      expect({ body, status: refused.status, code: refused.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await http(stack.gatewayUrl, 'POST', '/api/sandbox/test-users', { token: tokenA, body: { name: 'no key' } })).status).toBe(201);
  });

  it('when another test client, a live client or an ADMIN names a test user, then it is unknown to them, as an id nobody has', async () => {
    const mine = await makeTestUser(tokenA, `private ${run}`);
    await post(tokenB, '/api/sandbox/fund', { treasury: 'REWARDS', amount: 10, reason: 'B funds' });
    const asB = async (userId: number) => {
      const answer = await post<Problem>(tokenB, '/api/admin/reward', { userId, amount: 1, reason: 'not yours' });
      return { status: answer.status, code: answer.body.code, detail: answer.body.detail?.replace(String(userId), '<id>') };
    };
    expect(await asB(mine.userId)).toEqual(await asB(nobody));
    expect((await asB(mine.userId)).code).toBe('USER_NOT_FOUND');
    const heldByB = await post<Problem>(tokenB, '/api/sandbox/holds', {
      fromUserId: mine.userId,
      toTreasury: 'REWARDS',
      amount: 1,
      reason: 'x',
    });
    expect({ status: heldByB.status, code: heldByB.body.code }).toEqual({ status: 404, code: 'USER_NOT_FOUND' });
    const listB = await http<{ testUsers: TestUser[] }>(stack.gatewayUrl, 'GET', '/api/sandbox/test-users', { token: tokenB });
    expect(listB.body.testUsers.map((u) => u.userId)).not.toContain(mine.userId);

    // The live side: a live client's reward and an ADMIN's reads answer as for an id nobody has.
    const asLive = async (userId: number) => {
      const answer = await post<Problem>(ownerToken, '/api/admin/reward', { userId, amount: 1, reason: 'live' });
      return { status: answer.status, code: answer.body.code };
    };
    expect(await asLive(mine.userId)).toEqual(await asLive(nobody));
    expect((await asLive(mine.userId)).status).toBeGreaterThanOrEqual(400);
    const admin = await adminSession(stack, 'ADMIN');
    const read = (userId: number) => http<Problem>(stack.gatewayUrl, 'GET', `/api/admin/users/${userId}`, { token: admin.accessToken });
    const [ofMine, ofNobody] = await Promise.all([read(mine.userId), read(nobody)]);
    expect({ status: ofMine.status, code: ofMine.body.code }).toEqual({ status: ofNobody.status, code: ofNobody.body.code });
    expect(ofMine.status).toBe(404);
    const listed = await http<{ users: Array<{ id: number }> }>(stack.gatewayUrl, 'GET', `/api/admin/users?q=${encodeURIComponent(run)}`, {
      token: admin.accessToken,
    });
    expect((listed.body.users ?? []).map((u) => u.id)).not.toContain(mine.userId);
  });

  it('when a test client makes two test users and rewards one, then it reads the reward and the balance back in the sandbox', async () => {
    const key = randomUUID();
    const ann = await makeTestUser(tokenA, `Ann ${run}`, key);
    expect(ann.userId).toBeGreaterThanOrEqual(8_000_000_000_000_000);
    expect(ann.userId).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    // A retry is the same user; the same key with another name is refused.
    expect(await makeTestUser(tokenA, `Ann ${run}`, key)).toEqual(ann);
    const reused = await post<Problem>(tokenA, '/api/sandbox/test-users', { name: `Bob ${run}` }, key);
    expect({ status: reused.status, code: reused.body.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    const bob = await makeTestUser(tokenA, `Bob ${run}`);
    expect(bob.userId).not.toBe(ann.userId);
    const list = await http<{ testUsers: TestUser[]; pagination: { total: number } }>(
      stack.gatewayUrl,
      'GET',
      '/api/sandbox/test-users?limit=100',
      { token: tokenA },
    );
    expect(list.status).toBe(200);
    expect(list.body.testUsers).toEqual(expect.arrayContaining([ann, bob]));

    expect((await post(tokenA, '/api/sandbox/fund', { treasury: 'REWARDS', amount: 100, reason: `funds ${run}` })).status).toBe(201);
    const reward = await post<{ transaction: { id: number; toUserId: number; amount: number } }>(tokenA, '/api/admin/reward', {
      userId: ann.userId,
      amount: 30,
      reason: `welcome ${run}`,
    });
    expect(reward.status).toBe(201);
    expect(reward.body.transaction).toMatchObject({ toUserId: ann.userId, amount: 30 });
    // The credit leg lands in Ann's partition after the debit: her balance is read once it is in.
    const walletOf = (userId: number) =>
      http<{ userId: number; balance: number }>(stack.gatewayUrl, 'GET', `/api/sandbox/users/${userId}/wallet`, { token: tokenA });
    const annWallet = await eventually(
      async () => {
        const read = await walletOf(ann.userId);
        return read.status === 200 && read.body.balance === 30 ? read.body : undefined;
      },
      30_000,
      'Ann’s sandbox balance',
    );
    expect(annWallet).toMatchObject({ userId: ann.userId, balance: 30 });
    expect((await walletOf(bob.userId)).body).toMatchObject({ userId: bob.userId, balance: 0 });
    // Another test client reads neither: they are unknown to it.
    const foreign = await http<Problem>(stack.gatewayUrl, 'GET', `/api/sandbox/users/${ann.userId}/wallet`, { token: tokenB });
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: 'USER_NOT_FOUND' });
    const held = await eventually(
      async () => {
        const answer = await post<{ wallet: { userId: number; balance: number; activeCoins: number } }>(tokenA, '/api/sandbox/holds', {
          fromUserId: ann.userId,
          toUserId: bob.userId,
          amount: 10,
          reason: `hold ${run}`,
        });
        return answer.status === 201 ? answer.body : undefined;
      },
      30_000,
      'Ann’s hold',
    );
    expect(held.wallet).toMatchObject({ userId: ann.userId, balance: 30, activeCoins: 20 });
    const found = await eventually(
      async () => {
        const page = await http<{ transactions: Array<{ id: number }> }>(
          stack.gatewayUrl,
          'GET',
          `/api/admin/transactions?userId=${ann.userId}`,
          { token: tokenA },
        );
        return page.body.transactions?.some((t) => t.id === reward.body.transaction.id) ? page.body : undefined;
      },
      30_000,
      'the reward in the sandbox history',
    );
    expect(found.transactions.length).toBeGreaterThan(0);
  });
});
