import { randomBytes, randomUUID } from 'node:crypto';
import { standardWebhookHeaders } from '@coin/events';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientTokenAs } from '../harness/admin';

/**
 * Each payout provider's own callback secret (docs/CONTRACT.md "Cash-out"), the attacks first: a
 * secret one SUPERADMIN asked for verifies nothing until a second approves; a provider signing with
 * another provider's issued secret is refused; a provider settles only the cash-outs it claimed;
 * once a provider has an issued secret, the configured (deprecated) CASHOUT_CALLBACK_SECRET no
 * longer verifies its callbacks. The overlap of a rotation is judged by an injected clock in
 * services/gateway/src/auth/callback-secrets.unit.test.ts.
 */
describe('each payout provider its own callback secret', () => {
  const providerId = 'pc_cbsecret_a';
  const otherId = 'pc_cbsecret_b';
  const configured = `whsec_${Buffer.alloc(32, 9).toString('base64url')}`;
  let stack: TestStack;
  let superadmin: string;
  let minter: ReturnType<typeof apiClient>;
  let providerToken: string;
  let otherToken: string;
  /** A second SUPERADMIN, one since before every request of the suite. */
  let approver: string;
  const approve = (requestId: string, token = approver) =>
    http(stack.gatewayUrl, 'POST', `/api/admin/callback-secret-requests/${requestId}/approve`, {
      token,
      headers: { 'idempotency-key': randomUUID() },
    });

  const callback = (body: object, secret: string, token: string) => {
    const text = JSON.stringify(body);
    const headers = standardWebhookHeaders({
      id: `msg_${randomUUID()}`,
      timestamp: Math.floor(Date.now() / 1000),
      body: text,
      secrets: [secret],
    });
    return http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', {
      rawBody: text,
      token,
      headers: { ...headers, 'content-type': 'application/json' },
    });
  };
  const askSecret = (id: string, key = randomUUID()) =>
    http(stack.gatewayUrl, 'POST', `/api/admin/platform-clients/${id}/callback-secret`, {
      token: superadmin,
      headers: { 'idempotency-key': key },
    });
  /** A user's cash-out of 5 coins, claimed by `token`'s provider. */
  const claimedCashout = async (token: string) => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 50, reason: 'seed' } });
    const asked = await http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token: user.accessToken,
      body: { amount: 5, msisdn: '+237670000000' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect([asked.status, asked.body.code]).toEqual([201, undefined]);
    const id: string = asked.body.cashout.id;
    expect((await http(stack.gatewayUrl, 'POST', `/api/cashouts/${id}/claim`, { token })).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=655',
        CASHOUT_DAILY_COINS_UNVERIFIED: '1000',
        CASHOUT_CALLBACK_SECRET: JSON.stringify({ [providerId]: configured }),
        CASHOUT_CALLBACK_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      },
    });
    superadmin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    minter = apiClient(stack.gatewayUrl, { accessToken: superadmin, apiKey: await apiKeyFor(stack, superadmin, ['mint']) });
    providerToken = await platformClientTokenAs(stack, providerId, 'mobile money', { treasuries: [], cashout: true });
    otherToken = await platformClientTokenAs(stack, otherId, 'mobile money two', { treasuries: [], cashout: true });
    approver = (await adminSession(stack, 'SUPERADMIN')).accessToken;
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when one SUPERADMIN asks for a provider’s callback secret, then it verifies nothing until a second approves; then it does and the configured one no longer does; a retry with the key shows no secret', async () => {
    const key = randomUUID();
    const asked = await askSecret(providerId, key);
    expect(asked.status).toBe(202);
    expect(asked.body.callbackSecretRequest).toMatchObject({
      status: 'PENDING',
      act: { type: 'user.platform-client.callback-secret', clientId: providerId },
    });
    const requestId: string = asked.body.callbackSecretRequest.id;
    const issued: string = asked.body.callbackSecret;
    expect(issued).toMatch(/^whsec_/);
    const retry = await askSecret(providerId, key);
    expect([retry.status, retry.body.callbackSecretRequest.id, retry.body.callbackSecret]).toEqual([202, requestId, undefined]);
    // Not among the grant requests: it has its own routes, and the requester may not approve it.
    expect((await http(stack.gatewayUrl, 'GET', `/api/admin/grant-requests/${requestId}`, { token: superadmin })).status).toBe(404);
    const own = await approve(requestId, superadmin);
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);

    const first = await claimedCashout(providerToken);
    const unapproved = await callback({ cashoutId: first, outcome: 'FAILED' }, issued, providerToken);
    expect([unapproved.status, unapproved.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    // Until the approval, the provider has no issued secret: the configured one still verifies.
    expect((await callback({ cashoutId: first, outcome: 'FAILED' }, configured, providerToken)).status).toBe(200);

    const approved = await approve(requestId);
    expect([approved.status, approved.body.callbackSecretRequest?.status]).toEqual([200, 'APPROVED']);
    const second = await claimedCashout(providerToken);
    const byConfigured = await callback({ cashoutId: second, outcome: 'CONFIRMED' }, configured, providerToken);
    expect([byConfigured.status, byConfigured.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    const confirmed = await callback({ cashoutId: second, outcome: 'CONFIRMED' }, issued, providerToken);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.cashout).toMatchObject({ status: 'CONFIRMED', claimedBy: providerId });
  });

  it('when a provider signs with another provider’s issued secret, then it is refused; with its own, it still settles only the cash-outs it claimed', async () => {
    const asked = await askSecret(otherId);
    expect(asked.status).toBe(202);
    expect((await approve(asked.body.callbackSecretRequest.id)).status).toBe(200);
    const othersSecret: string = asked.body.callbackSecret;
    const mine = await claimedCashout(providerToken);
    // The other provider's secret, on this provider's token: not this provider's secret.
    const borrowed = await callback({ cashoutId: mine, outcome: 'CONFIRMED' }, othersSecret, providerToken);
    expect([borrowed.status, borrowed.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    // The other provider, signing genuinely, on a cash-out it did not claim: the ledger refuses it.
    const notClaimer = await callback({ cashoutId: mine, outcome: 'CONFIRMED' }, othersSecret, otherToken);
    expect([notClaimer.status, notClaimer.body.code]).toEqual([403, 'FORBIDDEN']);
    const theirs = await claimedCashout(otherToken);
    expect((await callback({ cashoutId: theirs, outcome: 'FAILED' }, othersSecret, otherToken)).status).toBe(200);
  });

  it('when a callback secret is asked for a client that is no payout provider, or by an ADMIN, then refused and nothing is asked', async () => {
    expect((await askSecret('pc_nobody_here')).status).toBe(404);
    const admin = (await adminSession(stack, 'ADMIN')).accessToken;
    const byAdmin = await http(stack.gatewayUrl, 'POST', `/api/admin/platform-clients/${providerId}/callback-secret`, {
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(byAdmin.status).toBe(403);
  });
});
