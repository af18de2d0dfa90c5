import { standardWebhookHeaders } from '@coin/events';
import pg from 'pg';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli } from '../harness/admin';

/**
 * Cash-out to XAF through the gateway (docs/CONTRACT.md "Cash-out"): a user's cash-out is held,
 * confirmed by the provider's signed callback and burned at the rate in force; a second one the
 * provider fails is released; forged, stale, altered and replayed callbacks are refused (401/403,
 * audited) and move nothing.
 */
describe('cash-out through the gateway and the ledger', () => {
  const providerId = 'pc_cashout_e2e';
  const secret = `whsec_${Buffer.alloc(32, 5).toString('base64url')}`;
  const forgedSecret = `whsec_${Buffer.alloc(32, 6).toString('base64url')}`;
  let stack: TestStack;
  let providerToken: string;
  let minter: ReturnType<typeof apiClient>;
  let adminToken: string;

  /** A callback as the provider sends it: the exact body text and its Standard Webhooks headers. */
  const callback = (body: object, options: { id?: string; at?: number; secrets?: string[]; sentBody?: string } = {}) => {
    const text = JSON.stringify(body);
    const headers = standardWebhookHeaders({
      id: options.id ?? `msg_${Math.random().toString(36).slice(2)}`,
      timestamp: options.at ?? Math.floor(Date.now() / 1000),
      body: text,
      secrets: options.secrets ?? [secret],
    });
    return http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', {
      rawBody: options.sentBody ?? text,
      token: providerToken,
      headers: { ...headers, 'content-type': 'application/json' },
    });
  };
  const walletOf = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).body;
  const cashOut = (token: string, amount: number, key: string) =>
    http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token,
      body: { amount, msisdn: '+237670000000', providerClientId: providerId },
      headers: { 'idempotency-key': key },
    });

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        CASHOUT_PROVIDERS: providerId,
        CASHOUT_RATES: '2020-01-01T00:00:00Z=600,2026-01-01T00:00:00Z=655,2999-01-01T00:00:00Z=9',
        CASHOUT_CALLBACK_SECRET: JSON.stringify({ [providerId]: secret }),
        CASHOUT_DAILY_COINS_UNVERIFIED: '1000',
      },
    });
    const admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    adminToken = admin;
    minter = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey: await apiKeyFor(stack, admin, ['mint']) });
    // The provider is a platform client created as an operator does, under the id the configuration names.
    const created = await createPlatformClientWithCli(stack, 'mobile money', { treasuries: [] });
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE "${stack.prefix}users".platform_clients SET id = $2 WHERE id = $1`, [created.clientId, providerId]);
    } finally {
      await db.end();
    }
    const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', {
      body: { clientId: providerId, clientSecret: created.clientSecret },
    });
    expect(token.status).toBe(200);
    providerToken = token.body.accessToken;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a user cashes out and the provider confirms by a signed callback, then the coins are held, then burned with the XAF amount and the rate in force; a replay is refused', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 100, reason: 'seed' } });

    const asked = await cashOut(user.accessToken, 25.5, `cashout-${user.userId}-1`);
    expect(asked.status).toBe(201);
    // 25.50 coins at 655 XAF per coin (in force since 2026-01-01), rounded down.
    expect(asked.body.cashout).toMatchObject({
      status: 'REQUESTED',
      amount: 25.5,
      xafAmount: 16_702,
      xafPerCoin: 655,
      userId: user.userId,
    });
    expect(asked.body.wallet).toMatchObject({ balance: 100, activeCoins: 74.5 });
    const cashoutId: string = asked.body.cashout.id;

    const body = { cashoutId, outcome: 'CONFIRMED', providerReference: 'MOMO-778' };
    // Forged (another secret), stale (10 minutes old), altered (signed FAILED, sent CONFIRMED): refused before the body is judged.
    expect((await callback(body, { secrets: [forgedSecret] })).status).toBe(401);
    expect((await callback(body, { at: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
    const altered = await callback({ ...body, outcome: 'FAILED' }, { sentBody: JSON.stringify(body) });
    expect([altered.status, altered.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    // The user cannot settle their own cash-out.
    expect((await http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', { token: user.accessToken, body })).status).toBe(403);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 100, activeCoins: 74.5 });

    const id = `msg_confirm_${user.userId}`;
    const at = Math.floor(Date.now() / 1000);
    const confirmed = await callback(body, { id, at });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.cashout).toMatchObject({ status: 'CONFIRMED', providerReference: 'MOMO-778' });
    expect(confirmed.body.transaction).toMatchObject({
      type: 'BURN',
      amount: 25.5,
      metadata: { cashoutXafAmount: '16702', cashoutXafPerCoin: '655', cashoutProvider: providerId },
    });
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 74.5, activeCoins: 74.5 });

    // The very same delivery again: refused, audited, and nothing more is burned.
    const replayed = await callback(body, { id, at });
    expect([replayed.status, replayed.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 74.5, activeCoins: 74.5 });

    // The ledger's own audit agrees: the confirmed cash-out's capture is a BURN paying no one, and the supply is exact.
    const supply = (await http(stack.gatewayUrl, 'GET', '/api/admin/supply', { token: adminToken })).body;
    expect(supply).toMatchObject({ consistent: true, discrepancy: 0, badCaptures: [] });
  });

  it('when the provider fails a second cash-out, then its coins are released; past the unverified daily amount a cash-out is refused', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 2000, reason: 'seed' } });
    const first = await cashOut(user.accessToken, 10, `cashout-${user.userId}-a`);
    expect(first.status).toBe(201);
    const failed = await callback({ cashoutId: first.body.cashout.id, outcome: 'FAILED' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ cashout: { status: 'FAILED' }, transaction: null });
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 2000, activeCoins: 2000 });

    // 10 counted already (a failed cash-out still counts): 995 more passes the 1,000 of an unverified user.
    const over = await cashOut(user.accessToken, 995, `cashout-${user.userId}-b`);
    expect([over.status, over.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    const bad = await http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token: user.accessToken,
      body: { amount: 1, msisdn: '0670000000', providerClientId: providerId },
      headers: { 'idempotency-key': `cashout-${user.userId}-c` },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 2000, activeCoins: 2000 });
  });
  it('when an ADMIN+ reads the queue and the reconciliation, then each cash-out is in its state and the day adds up, as JSON and CSV; a user may read neither', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 300, reason: 'seed' } });
    const ids: string[] = [];
    for (const [i, amount] of [100, 50, 20].entries()) {
      const asked = await cashOut(user.accessToken, amount, `cashout-${user.userId}-q${i}`);
      expect(asked.status).toBe(201);
      ids.push(asked.body.cashout.id);
    }
    expect((await callback({ cashoutId: ids[0], outcome: 'CONFIRMED' })).status).toBe(200);
    expect((await callback({ cashoutId: ids[1], outcome: 'FAILED' })).status).toBe(200);

    const queue = await http(stack.gatewayUrl, 'GET', `/api/admin/cashouts?status=REQUESTED&providerClientId=${providerId}&limit=100`, {
      token: adminToken,
    });
    expect(queue.status).toBe(200);
    expect(queue.body.cashouts.map((c: { id: string }) => c.id)).toContain(ids[2]);
    expect(queue.body.cashouts.map((c: { id: string }) => c.id)).not.toContain(ids[0]);
    // The provider reads what it has to pay: its own queue, and no other provider's.
    const assigned = await http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned?status=REQUESTED&limit=100', { token: providerToken });
    expect(assigned.body.cashouts.map((c: { id: string }) => c.id)).toContain(ids[2]);
    const others = await http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned?providerClientId=pc_other', { token: providerToken });
    expect([others.status, others.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned', { token: user.accessToken })).status).toBe(403);
    const failed = await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts?status=FAILED&limit=100', { token: adminToken });
    expect(failed.body.cashouts.find((c: { id: string }) => c.id === ids[1])).toMatchObject({ status: 'FAILED', userId: user.userId });

    const day = new Date().toISOString().slice(0, 10);
    const path = `/api/admin/cashouts/reconciliation?from=${day}&to=${day}&providerClientId=${providerId}`;
    const report = await http(stack.gatewayUrl, 'GET', path, { token: adminToken });
    expect(report.status).toBe(200);
    // Every cash-out of this file today, from all three tests: the sums must agree with the states.
    const [line] = report.body.lines;
    expect(line).toMatchObject({ day, providerClientId: providerId });
    expect(line.requested).toBe(line.confirmed + line.failed + line.expired + line.released + line.pending);
    expect(line.confirmed).toBeGreaterThanOrEqual(2);
    expect(line.pending).toBeGreaterThanOrEqual(1);
    // The confirmed XAF is the sum of the confirmed cash-outs' own amounts: 25.50 → 16,702 and 100 → 65,500.
    expect(line.confirmedXaf).toBe(16_702 + 65_500);
    const csv = await fetch(new URL(`${path}&format=csv`, stack.gatewayUrl), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'day,providerClientId,requested,requestedXaf,confirmed,confirmedCoins,confirmedXaf,failed,expired,released,pending',
    );
    expect(rows[1]?.split(',')[6]).toBe(String(16_702 + 65_500));

    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts', { token: user.accessToken })).status).toBe(403);
    expect((await http(stack.gatewayUrl, 'GET', path, { token: user.accessToken })).status).toBe(403);
  });
});
