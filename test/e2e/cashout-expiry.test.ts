import { standardWebhookHeaders } from '@coin/events';
import { eventually } from '../harness/eventually';
import { scaledSeconds } from '../harness/machine-speed';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientTokenAs } from '../harness/admin';

/**
 * A cash-out no provider settles within CASHOUT_WINDOW_S (docs/CONTRACT.md "Cash-out", Expiry),
 * through the gateway on a stack whose window is 3 s: an unclaimed one becomes EXPIRED and its
 * coins go back to the user, and a late claim moves nothing; a claimed one (its provider may have
 * paid) becomes CLAIM_OVERDUE, still held, counted overdue by the reconciliation, and its provider's
 * callback still settles it.
 */
describe('cash-out expiry through the gateway', () => {
  const providerId = 'pc_cashout_expiry';
  const secret = `whsec_${Buffer.alloc(32, 9).toString('base64url')}`;
  let stack: TestStack;
  let providerToken: string;
  let adminToken: string;

  const cashOut = (token: string, amount: number, key: string) =>
    http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token,
      body: { amount, msisdn: '+237670000000', providerClientId: providerId },
      headers: { 'idempotency-key': key },
    });
  const callback = (body: object) => {
    const text = JSON.stringify(body);
    const headers = standardWebhookHeaders({
      id: `msg_${Math.random().toString(36).slice(2)}`,
      timestamp: Math.floor(Date.now() / 1000),
      body: text,
      secrets: [secret],
    });
    return http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', {
      rawBody: text,
      token: providerToken,
      headers: { ...headers, 'content-type': 'application/json' },
    });
  };
  const statusOf = async (id: string) => {
    const page = await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts?limit=100', { token: adminToken });
    return (page.body.cashouts as Array<{ id: string; status: string }>).find((c) => c.id === id)?.status;
  };

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=655',
        CASHOUT_CALLBACK_SECRET: JSON.stringify({ [providerId]: secret }),
        CASHOUT_DAILY_COINS_UNVERIFIED: '1000',
        // Five seconds on the 2-core machine, scaled to this one: the claim and the hold checks
        // below must come before the window ends, on a slow box too.
        CASHOUT_WINDOW_S: String(scaledSeconds(5)),
        HOLD_EXPIRY_SWEEP_INTERVAL_MS: '500',
      },
    });
    adminToken = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    providerToken = await platformClientTokenAs(stack, providerId, 'mobile money expiry', { treasuries: [], cashout: true });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a claimed and an unclaimed cash-out outlive the window, then the unclaimed one expires, the claimed one is overdue and still held, one ADMIN cannot release it, and its provider still settles it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const minter = apiClient(stack.gatewayUrl, { accessToken: adminToken, apiKey: await apiKeyFor(stack, adminToken, ['mint']) });
    await minter.mintCoins({ body: { userId: user.userId, amount: 100, reason: 'seed' } });
    const claimed = await cashOut(user.accessToken, 30, `expiry-${user.userId}-1`);
    const unclaimed = await cashOut(user.accessToken, 20, `expiry-${user.userId}-2`);
    expect([claimed.status, unclaimed.status]).toEqual([201, 201]);
    const [claimedId, unclaimedId] = [claimed.body.cashout.id as string, unclaimed.body.cashout.id as string];
    expect(unclaimed.body.wallet).toMatchObject({ balance: 100, activeCoins: 50 });
    expect((await http(stack.gatewayUrl, 'POST', `/api/cashouts/${claimedId}/claim`, { token: providerToken })).status).toBe(200);

    // The provider may have paid already: one ADMIN alone does not release it through the hold routes.
    const released = await http(stack.gatewayUrl, 'POST', `/api/coins/holds/${claimedId}/void`, {
      token: adminToken,
      headers: { 'idempotency-key': `expiry-void-${user.userId}` },
    });
    expect([released.status, released.body.code]).toEqual([403, 'FORBIDDEN']);

    await eventually(
      async () => ((await statusOf(claimedId)) === 'CLAIM_OVERDUE' && (await statusOf(unclaimedId)) === 'EXPIRED' ? true : undefined),
      30_000,
      'the unclaimed cash-out expired and the claimed one overdue',
    );
    const wallet = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken });
    expect(wallet.body).toMatchObject({ balance: 100, activeCoins: 70 });
    const lateClaim = await http(stack.gatewayUrl, 'POST', `/api/cashouts/${unclaimedId}/claim`, { token: providerToken });
    expect([lateClaim.status, lateClaim.body.code]).toEqual([409, 'HOLD_NOT_PENDING']);

    const day = new Date().toISOString().slice(0, 10);
    const reconciliation = () =>
      http(stack.gatewayUrl, 'GET', `/api/admin/cashouts/reconciliation?from=${day}&to=${day}&providerClientId=${providerId}`, {
        token: adminToken,
      });
    const before = await reconciliation();
    expect(before.status).toBe(200);
    expect(before.body.lines).toEqual([
      expect.objectContaining({
        day,
        providerClientId: providerId,
        requested: 2,
        expired: 1,
        pending: 1,
        claimed: 1,
        overdue: 1,
        frozen: 0,
      }),
    ]);

    // The provider's word still ends the overdue one: it paid, the coins are burned.
    const late = await callback({ cashoutId: claimedId, outcome: 'CONFIRMED', providerReference: 'MOMO-LATE' });
    expect(late.status).toBe(200);
    expect(await statusOf(claimedId)).toBe('CONFIRMED');
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).body).toMatchObject({
      balance: 70,
      activeCoins: 70,
    });
    const after = await reconciliation();
    expect(after.body.lines).toEqual([
      expect.objectContaining({
        day,
        providerClientId: providerId,
        requested: 2,
        expired: 1,
        confirmed: 1,
        confirmedXaf: 19650,
        pending: 0,
      }),
    ]);
    const supply = (await http(stack.gatewayUrl, 'GET', '/api/admin/supply', { token: adminToken })).body;
    expect(supply).toMatchObject({ consistent: true, discrepancy: 0 });
  });
});
