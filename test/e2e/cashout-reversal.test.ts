import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientTokenAs } from '../harness/admin';

/**
 * The reversal of a claimed cash-out through the gateway (docs/CONTRACT.md "Cash-out"): one ADMIN
 * asks (202), the same one approving is refused, the routes of Approvals do not know the request,
 * a different ADMIN approves; the coins are the payer's again and the provider's events list shows
 * the release.
 */
describe('the reversal of a claimed cash-out through the gateway', () => {
  const providerId = 'pc_cashout_reversal';
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64url')}`;
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=655',
        CASHOUT_CALLBACK_SECRET: JSON.stringify({ [providerId]: secret }),
        CASHOUT_DAILY_COINS_UNVERIFIED: '1000',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when one ADMIN asks and another approves, then the claimed cash-out is released to its payer and its provider sees it', async () => {
    const asker = await adminSession(stack, 'ADMIN');
    const approver = await adminSession(stack, 'ADMIN');
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const providerToken = await platformClientTokenAs(stack, providerId, 'mobile money reversal', { treasuries: [], cashout: true });
    const user = await registerUser(stack.gatewayUrl);
    const minter = apiClient(stack.gatewayUrl, {
      accessToken: superadmin.accessToken,
      apiKey: await apiKeyFor(stack, superadmin.accessToken, ['mint']),
    });
    await minter.mintCoins({ body: { userId: user.userId, amount: 100, reason: 'seed' } });
    const asked = await http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token: user.accessToken,
      body: { amount: 30, msisdn: '+237670000000', providerClientId: providerId },
      headers: { 'idempotency-key': `reversal-${user.userId}` },
    });
    expect(asked.status).toBe(201);
    const cashoutId = asked.body.cashout.id as string;
    expect((await http(stack.gatewayUrl, 'POST', `/api/cashouts/${cashoutId}/claim`, { token: providerToken })).status).toBe(200);

    const post = (token: string, path: string, key: string, body?: object) =>
      http(stack.gatewayUrl, 'POST', path, { token, headers: { 'idempotency-key': key }, ...(body ? { body } : {}) });
    const requested = await post(asker.accessToken, `/api/admin/cashouts/${cashoutId}/reversal`, `rev-ask-${cashoutId}`, {
      reason: 'The provider paid nothing',
    });
    expect(requested.status).toBe(202);
    expect(requested.body.approval).toMatchObject({
      status: 'PENDING',
      reversal: { cashoutId, userId: user.userId, reason: 'The provider paid nothing' },
    });
    const approvalId = requested.body.approval.id as string;
    // Any ADMIN+ finds what waits for them on the reversals' own list, not among the Approvals.
    const reversals = async (status: string) =>
      (await http(stack.gatewayUrl, 'GET', `/api/admin/cashout-reversals?status=${status}`, { token: approver.accessToken })).body
        .cashoutReversals as Array<{ id: string; status: string; reversal: { cashoutId: string } }>;
    expect((await reversals('PENDING')).find((r) => r.id === approvalId)).toMatchObject({ reversal: { cashoutId } });
    const approvals = await http(stack.gatewayUrl, 'GET', '/api/admin/approvals?limit=100', { token: approver.accessToken });
    expect(approvals.body.approvals.map((a: { id: string }) => a.id)).not.toContain(approvalId);

    const byRequester = await post(asker.accessToken, `/api/admin/cashout-reversals/${approvalId}/approve`, `rev-self-${cashoutId}`);
    expect([byRequester.status, byRequester.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    const asApproval = await post(approver.accessToken, `/api/admin/approvals/${approvalId}/reject`, `rev-appr-${cashoutId}`, {
      reason: 'wrong route',
    });
    expect([asApproval.status, asApproval.body.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);

    const approved = await post(approver.accessToken, `/api/admin/cashout-reversals/${approvalId}/approve`, `rev-ok-${cashoutId}`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      cashout: { id: cashoutId, status: 'RELEASED' },
      wallet: { balance: 100, activeCoins: 100 },
      approval: { id: approvalId, status: 'APPROVED', transactionId: null },
    });
    expect((await reversals('APPROVED')).find((r) => r.id === approvalId)).toMatchObject({ status: 'APPROVED' });
    expect((await reversals('PENDING')).map((r) => r.id)).not.toContain(approvalId);

    // The provider's platform sees the release (the hold names it), and its late callback moves nothing.
    await eventually(
      async () => {
        const events = await http(stack.gatewayUrl, 'GET', '/api/events?limit=100', { token: providerToken });
        return (events.body.events as Array<{ payload: { type?: string; hold?: { id?: string; clientId?: string } } }>).find(
          (e) => e.payload.type === 'coin.hold.voided' && e.payload.hold?.id === cashoutId && e.payload.hold.clientId === providerId,
        );
      },
      20_000,
      "the provider's events list shows the release",
    );
  });
});
