import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { encodePositionCursor } from '@coin/contracts';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { applied, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { eventually } from '../harness/eventually';

type Problem = { status: number; code: string; detail?: string; type?: string };

/**
 * A platform reads its own money (docs/CONTRACT.md "A platform's own money"), live and in the
 * sandbox, through the real stack: the treasuries it was granted with their balances and
 * statements (its own lines whole, every other line its change alone), the holds it settles, and
 * its test users' balances and statements. What it was not granted or is no party to answers as
 * if absent; a refusal's code says the truth. Hostile cases first.
 */
describe("a platform's own money", () => {
  let stack: TestStack;
  let shopA: CoinClient;
  let shopB: CoinClient;
  let tokenA: string;
  let tokenB: string;
  let shopAId: string;
  let shopBId: string;
  let testA: { token: string; client: CoinClient; id: string };
  let testB: { token: string; client: CoinClient; id: string };
  const run = randomUUID().slice(0, 8);
  /** The statements' periods start with the file's own set-up: an earlier file's lines on the shared stack stay out of them. */
  let startedAt: string;
  const until = () => new Date(Date.now() + 60_000).toISOString();

  const get = <T = Problem>(token: string, path: string) => http<T>(stack.gatewayUrl, 'GET', path, { token });
  const clientOf = (token: string) => createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: token });
  const tokenOf = (clientId: string, clientSecret: string) =>
    clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId, clientSecret })();
  const testClientOf = async (ownerToken: string, name: string) => {
    const made = await http<{ client: { id: string }; clientSecret: string }>(stack.gatewayUrl, 'POST', '/api/platform/test-clients', {
      token: ownerToken,
      body: { name, treasuries: ['REWARDS'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(made.status).toBe(201);
    const token = await tokenOf(made.body.client.id, made.body.clientSecret);
    return { token, client: clientOf(token), id: made.body.client.id };
  };
  /** A reward once the payee's wallet is open (it opens from the user event a moment after registration). */
  const rewardOnceOpen = (client: CoinClient, userId: number, amount: number, reason: string) =>
    eventually(
      () =>
        applied(client.rewardUser({ body: { userId, amount, reason } })).catch((err: unknown) => {
          if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
          throw err;
        }),
      30_000,
      `${reason}: the payee's wallet`,
    );

  beforeAll(async () => {
    startedAt = new Date(Date.now() - 1000).toISOString();
    stack = await startTestStack(sandboxStack);
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1_000);
    const a = await createPlatformClientWithCli(stack, `money-a-${run}`, { treasuries: ['REWARDS', 'COURSE_FEES'] });
    const b = await createPlatformClientWithCli(stack, `money-b-${run}`, { treasuries: ['REWARDS'] });
    [shopAId, shopBId] = [a.clientId, b.clientId];
    [tokenA, tokenB] = [await tokenOf(a.clientId, a.clientSecret), await tokenOf(b.clientId, b.clientSecret)];
    [shopA, shopB] = [clientOf(tokenA), clientOf(tokenB)];
    testA = await testClientOf(tokenA, `money test A ${run}`);
    testB = await testClientOf(tokenB, `money test B ${run}`);
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a test-mode client calls the admin reads of treasuries, holds and users, then 403 FORBIDDEN as its live owner gets, never TEST_MODE_CREDENTIALS', async () => {
    const period = `from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(until())}`;
    for (const path of [
      '/api/admin/treasuries',
      '/api/admin/treasuries/REWARDS/balance',
      '/api/admin/holds',
      '/api/admin/users/42/balance',
      `/api/admin/users/42/statement?${period}`,
    ]) {
      const [asTest, asLive] = [await get(testA.token, path), await get(tokenA, path)];
      expect({ path, test: [asTest.status, asTest.body.code], live: [asLive.status, asLive.body.code] }).toEqual({
        path,
        test: [403, 'FORBIDDEN'],
        live: [403, 'FORBIDDEN'],
      });
    }
  });

  it('when a client names a treasury it was not granted, another client’s test user, a bad cursor or an over-limit page, then a clear RFC 9457 problem and nothing of others', async () => {
    const period = `from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(until())}`;
    // A treasury not granted is the 404 of a path that serves nothing, its balance and its statement alike.
    for (const path of ['/api/platform/treasuries/COURSE_FEES/balance', `/api/platform/treasuries/COURSE_FEES/statement?${period}`]) {
      const answer = await get(tokenB, path);
      expect([answer.status, answer.body.code, answer.headers.get('content-type')]).toEqual([
        404,
        'NOT_FOUND',
        'application/problem+json; charset=utf-8',
      ]);
      expect(Object.keys(answer.body).sort()).toEqual(['code', 'detail', 'requestId', 'status', 'title', 'type']);
    }
    // The same client reads the treasury it was granted on the same paths.
    expect((await get(tokenB, '/api/platform/treasuries/REWARDS/balance')).status).toBe(200);
    expect((await get(tokenB, `/api/platform/treasuries/REWARDS/statement?${period}`)).status).toBe(200);
    for (const path of ['/api/platform/treasuries/NOPE/balance', '/api/platform/treasuries/__proto__/balance']) {
      expect((await get(tokenA, path)).body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    // Pages: over the bound, a cursor this API never made, another list's cursor.
    const otherList = encodePositionCursor('offset', 1, 'listClientMandates');
    for (const [path, code] of [
      [`/api/platform/treasuries/REWARDS/statement?${period}&limit=1001`, 'VALIDATION_FAILED'],
      [`/api/platform/treasuries/REWARDS/statement?${period}&cursor=%21%21`, 'VALIDATION_FAILED'],
      ['/api/platform/holds?limit=101', 'VALIDATION_FAILED'],
      ['/api/platform/holds?limit=0', 'VALIDATION_FAILED'],
      ['/api/platform/holds?cursor=%21%21', 'VALIDATION_FAILED'],
      [`/api/platform/holds?cursor=${otherList}`, 'CURSOR_MISMATCH'],
      [`/api/platform/holds?offset=1&cursor=${encodePositionCursor('offset', 1, 'listClientHolds')}`, 'VALIDATION_FAILED'],
      ['/api/platform/holds?status=LOST', 'VALIDATION_FAILED'],
    ] as const) {
      const answer = await get(tokenA, path);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 400, code });
    }
    // A person and a live client have no platform or sandbox reads of these.
    const person = await registerUser(stack.gatewayUrl);
    for (const path of ['/api/platform/treasuries', '/api/platform/holds']) {
      expect((await get(person.accessToken, path)).body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await get(tokenA, `/api/sandbox/users/${person.userId}/statement?${period}`)).body).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    // Another test client's test user is unknown, as an id nobody has.
    const theirs = await testB.client.createSandboxTestUser({ body: { name: `B's user ${run}` } });
    const nobody = 9_000_000_000_000_000;
    for (const path of ['balance', `statement?${period}`]) {
      const [mine, none] = [
        await get(testA.token, `/api/sandbox/users/${theirs.testUser.userId}/${path}`),
        await get(testA.token, `/api/sandbox/users/${nobody}/${path}`),
      ];
      expect([mine.status, mine.body.code]).toEqual([404, 'USER_NOT_FOUND']);
      expect(mine.body.detail?.replace(String(theirs.testUser.userId), '<id>')).toBe(none.body.detail?.replace(String(nobody), '<id>'));
    }
  });

  it('when live clients reward from a treasury both were granted, then each reads its balance and a statement with its own lines whole and every other line its change alone', async () => {
    const payee = await registerUser(stack.gatewayUrl);
    const own = await rewardOnceOpen(shopA, payee.userId, 30, `A's prize ${run}`);
    const others = await rewardOnceOpen(shopB, payee.userId, 5, `B's prize ${run}`);

    const listed = await shopA.listClientTreasuries();
    expect(listed.treasuries.map((t) => t.code).sort()).toEqual(['COURSE_FEES', 'REWARDS']);
    expect(Date.parse(listed.asOf)).toBeGreaterThan(Date.parse(startedAt));
    expect((await shopB.listClientTreasuries()).treasuries.map((t) => t.code)).toEqual(['REWARDS']);

    // Once history has both: the statement's lines, the closing balance the balance at its end.
    const to = until();
    const statement = await eventually(
      async () => {
        const page = await shopA.getClientTreasuryStatement({ path: { code: 'REWARDS' }, query: { from: startedAt, to, limit: 1000 } });
        const ids = page.lines.map((l) => l.transactionId);
        return ids.includes(own.transaction.id) && ids.includes(others.transaction.id) ? page : undefined;
      },
      20_000,
      'both rewards in the REWARDS statement',
    );
    const ownLine = statement.lines.find((l) => l.transactionId === own.transaction.id)!;
    const othersLine = statement.lines.find((l) => l.transactionId === others.transaction.id)!;
    expect(ownLine).toMatchObject({
      type: 'REWARD',
      change: -30,
      transaction: { id: own.transaction.id, clientId: shopAId, reason: `A's prize ${run}` },
    });
    expect(othersLine).toEqual({
      transactionId: others.transaction.id,
      type: 'REWARD',
      createdAt: others.transaction.createdAt,
      change: -5,
      runningBalance: expect.any(Number),
      transaction: null,
    });
    expect(JSON.stringify(statement)).not.toContain(`B's prize`);
    expect(statement.lines.reduce((sum, l) => Math.round((sum + l.change) * 100) / 100, statement.openingBalance)).toBe(
      statement.closingBalance,
    );
    expect(statement).toMatchObject({ hasMore: false, nextCursor: null, asOf: expect.any(String) });
    const balance = await shopA.getClientTreasuryBalanceAt({ path: { code: 'REWARDS' }, query: { at: to } });
    expect(balance.balance).toBe(statement.closingBalance);
    // And B reads the same lines the other way round.
    const seenByB = await shopB.getClientTreasuryStatement({ path: { code: 'REWARDS' }, query: { from: startedAt, to, limit: 1000 } });
    expect(seenByB.lines.find((l) => l.transactionId === own.transaction.id)?.transaction).toBeNull();
    expect(seenByB.lines.find((l) => l.transactionId === others.transaction.id)?.transaction).toMatchObject({ clientId: shopBId });

    // The same statement as CSV (format=csv, or Accept: text/csv): a row per line, the client's
    // own whole, every other its time, id, type, change and running balance alone.
    const period = `from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(to)}`;
    for (const [query, headers] of [
      [`${period}&format=csv`, {}],
      [period, { accept: 'text/csv' }],
    ] as const) {
      const csv = await fetch(`${stack.gatewayUrl}/api/platform/treasuries/REWARDS/statement?${query}`, {
        headers: { authorization: `Bearer ${tokenA}`, ...headers },
      });
      const text = await csv.text();
      expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="statement.csv"');
      expect([csv.headers.get('statement-opening-balance'), csv.headers.get('statement-closing-balance')]).toEqual([
        String(statement.openingBalance),
        String(statement.closingBalance),
      ]);
      const rows = text.split('\r\n');
      expect(rows.pop()).toBe('');
      expect(rows[0]).toBe(
        'createdAt,transactionId,type,change,runningBalance,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,metadata,splitOf',
      );
      expect(rows.slice(1).map((row) => row.split(',').slice(0, 5))).toEqual(
        statement.lines.map((l) => [l.createdAt, String(l.transactionId), l.type, String(l.change), String(l.runningBalance)]),
      );
      const rowOf = (id: number) => rows.find((row) => row.split(',')[1] === String(id))!;
      expect(rowOf(own.transaction.id).split(',').slice(5, 10)).toEqual(['', String(payee.userId), 'REWARDS', '', `A's prize ${run}`]);
      expect(rowOf(others.transaction.id)).toBe(
        `${others.transaction.createdAt},${others.transaction.id},REWARD,-5,${othersLine.runningBalance},,,,,,,,,`,
      );
      expect(text).not.toContain(`B's prize`);
    }
    // B's CSV shows A's reward as its change alone.
    const seenByBCsv = await (
      await fetch(`${stack.gatewayUrl}/api/platform/treasuries/REWARDS/statement?${period}&format=csv`, {
        headers: { authorization: `Bearer ${tokenB}` },
      })
    ).text();
    expect(seenByBCsv).not.toContain(`A's prize`);
    expect(seenByBCsv).toContain(`B's prize ${run}`);
  });

  it('when payers name clients to settle their holds, then each client lists its own, by payer and status, in cursor pages; another client’s never', async () => {
    const payer = await registerUser(stack.gatewayUrl);
    await rewardOnceOpen(shopA, payer.userId, 20, `holds float ${run}`);
    const asPayer = clientOf(payer.accessToken);
    const hold = (settlerClientId: string, reason: string) =>
      asPayer.createHold({ body: { toTreasury: 'COURSE_FEES', amount: 2, reason, settlerClientId } }).then((r) => r.hold);
    const first = await hold(shopAId, `first ${run}`);
    const second = await hold(shopAId, `second ${run}`);
    const forB = await hold(shopBId, `B's ${run}`);

    const page1 = await shopA.listClientHolds({ query: { userId: payer.userId, limit: 1 } });
    expect(page1.holds.map((h) => h.id)).toEqual([second.id]);
    expect(page1).toMatchObject({ hasMore: true, pagination: { total: 2 } });
    const page2 = await shopA.listClientHolds({ query: { userId: payer.userId, limit: 1, cursor: page1.nextCursor! } });
    expect(page2.holds.map((h) => h.id)).toEqual([first.id]);
    expect(page2).toMatchObject({ hasMore: false, nextCursor: null });
    expect((await shopB.listClientHolds({ query: { userId: payer.userId } })).holds.map((h) => h.id)).toEqual([forB.id]);

    await shopA.voidHold({ path: { id: first.id } });
    const voided = await shopA.listClientHolds({ query: { userId: payer.userId, status: 'VOIDED' } });
    expect(voided.holds.map((h) => [h.id, h.status])).toEqual([[first.id, 'VOIDED']]);
    // Another payer's filter finds none of them; nor does the test client of A, whose holds are the sandbox's.
    expect((await shopA.listClientHolds({ query: { userId: (await registerUser(stack.gatewayUrl)).userId } })).holds).toEqual([]);
    expect((await testA.client.listClientHolds({ query: {} })).holds).toEqual([]);
  });

  it('when a test-mode client funds, rewards and holds for its test user, then it reads its sandbox treasury, holds, and the user’s balance and statement from the sandbox alone', async () => {
    const liveRewards = (await shopA.listClientTreasuries()).treasuries.find((t) => t.code === 'REWARDS')!;
    await testA.client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 100, reason: `sandbox funds ${run}` } });
    const { testUser } = await testA.client.createSandboxTestUser({ body: { name: `player ${run}` } });
    const reward = await rewardOnceOpen(testA.client, testUser.userId, 7, `sandbox prize ${run}`);
    const { hold } = await testA.client.createSandboxHold({
      body: { fromUserId: testUser.userId, toTreasury: 'REWARDS', amount: 2, reason: `sandbox entry ${run}` },
    });

    const sandboxTreasuries = await testA.client.listClientTreasuries();
    expect(sandboxTreasuries.treasuries.map((t) => t.code)).toEqual(['REWARDS']);
    expect(sandboxTreasuries.treasuries[0]!.walletId).not.toBe(liveRewards.walletId);
    expect((await testA.client.listClientHolds({ query: {} })).holds.map((h) => h.id)).toEqual([hold.id]);
    expect((await testB.client.listClientHolds({ query: {} })).holds).toEqual([]);
    expect((await shopA.listClientHolds({ query: { userId: testUser.userId } })).holds).toEqual([]);

    const to = until();
    const statement = await eventually(
      async () => {
        const page = await testA.client.getSandboxUserStatement({ path: { userId: testUser.userId }, query: { from: startedAt, to } });
        return page.lines.length > 0 ? page : undefined;
      },
      20_000,
      "the sandbox reward in the test user's statement",
    );
    expect(statement.lines).toEqual([
      expect.objectContaining({
        transactionId: reward.transaction.id,
        change: 7,
        runningBalance: 7,
        transaction: expect.objectContaining({ clientId: testA.id }),
      }),
    ]);
    expect(await testA.client.getSandboxUserBalanceAt({ path: { userId: testUser.userId }, query: { at: to } })).toMatchObject({
      balance: 7,
    });
    // The sandbox REWARDS statement has its fund and reward whole.
    const treasuryLines = await eventually(
      async () => {
        const page = await testA.client.getClientTreasuryStatement({ path: { code: 'REWARDS' }, query: { from: startedAt, to } });
        return page.lines.some((l) => l.transactionId === reward.transaction.id) ? page.lines : undefined;
      },
      20_000,
      'the sandbox reward in the sandbox REWARDS statement',
    );
    expect(treasuryLines.filter((l) => l.transaction?.clientId === testA.id).map((l) => [l.type, l.change])).toEqual([
      ['MINT', 100],
      ['REWARD', -7],
    ]);
  });
});
