import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CoinClient, CoinProblemError } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, applied, http, registerUser } from '../harness/http';
import {
  adminSession,
  adminStepUp,
  apiKeyFor,
  createPlatformClientWithCli,
  fundTreasury,
  platformClientToken,
  type AdminSession,
} from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * Affiliate splits through the gateway, the user service, the ledger, history and back
 * (docs/CONTRACT.md "Affiliate splits"): one ADMIN+ asks for a platform client's rule and a second
 * approves it; the client attests a referral of a buyer by an affiliate, both users who linked it
 * (signed by the user service); the buyer's purchase carrying it pays the treasury and the affiliate in one apply, and
 * a buyer naming an affiliate of their own is refused; its refund returns everything to the buyer and takes
 * the commission back from the affiliate, and every balance and the supply end exact. No
 * platform's webhook endpoint or events list receives the commission: the buyer made it, and a
 * platform sees only the events that name it as party.
 */

/** A webhook receiver on a free port: the bodies it was sent, parsed. */
async function startReceiver(): Promise<{ url: string; events: Array<Record<string, any>>; close: () => void }> {
  const events: Array<Record<string, any>> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events, close: () => server.close() };
}

describe('a purchase split with an affiliate, and its refund, through the gateway', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  /** The second ADMIN+, who approves the rule the first asks for. */
  let second: AdminSession;
  let platform: CoinClient;
  /** The SUPERADMIN's key of every money scope, which `platform` sends. */
  let platformKey: string;
  let clientId: string;
  let shop: CoinClient;
  let rival: CoinClient;
  let rivalToken: string;
  const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
  const balanceOf = async (token: string) => (await as(token).getMyWallet()).balance;
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
  /** Each admin's stepped-up token, kept while fresh: a TOTP code is taken once, so a new step-up waits for the next one. */
  const steppedUp = new Map<number, { token: string; atMs: number }>();
  const fresh = async (admin: AdminSession) => {
    const kept = steppedUp.get(admin.userId);
    if (kept && Date.now() - kept.atMs < 120_000) return kept.token;
    const token = await adminStepUp(stack, admin);
    steppedUp.set(admin.userId, { token, atMs: Date.now() });
    return token;
  };
  const setRule = async (body: unknown, by: AdminSession = superadmin) =>
    http(stack.gatewayUrl, 'PUT', '/api/admin/commission-rules', {
      token: await fresh(by),
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
  const decide = async (id: string, by: AdminSession, verb: 'approve' | 'reject', body?: unknown) =>
    http(stack.gatewayUrl, 'POST', `/api/admin/commission-changes/${id}/${verb}`, {
      token: await fresh(by),
      ...(body ? { body } : {}),
      headers: { 'idempotency-key': randomUUID() },
    });
  /** A user of the shop: one who linked it with their own token (docs/CONTRACT.md "Platform links"), so its referrals may name them. */
  const shopUser = async () => {
    const user = await registerUser(stack.gatewayUrl);
    await as(user.accessToken).linkPlatformClient({ body: { clientId } });
    return user;
  };
  const rulesInForce = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/commission-rules?treasury=COURSE_FEES', { token: superadmin.accessToken })).body
      .rules as Array<{ clientId: string }>;

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    second = await adminSession(stack, 'ADMIN');
    platformKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    platform = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: platformKey });
    // The treasury fronts the commission's part of a refund: it holds more than its own part.
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: platformKey }, 'COURSE_FEES', 100);
    const created = await createPlatformClientWithCli(stack, `shop-${randomUUID().slice(0, 8)}`, { treasuries: ['COURSE_FEES'] });
    clientId = created.clientId;
    const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: created });
    shop = as(token.body.accessToken);
    rivalToken = await platformClientToken(stack, `rival-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] });
    rival = as(rivalToken);
  }, 120_000);
  afterAll(async () => {
    for (const r of receivers) r.close();
    await stack?.close();
  });

  it('when an ADMIN+ sets a rule for a treasury the client is not granted, or out of bounds, then it is refused', async () => {
    expect(await setRule({ treasury: 'SUBSCRIPTIONS', clientId, rule: { bps: 1000 } })).toMatchObject({
      status: 422,
      body: { code: 'TREASURY_NOT_GRANTED' },
    });
    expect(await setRule({ treasury: 'COURSE_FEES', clientId, rule: { bps: 5001 } })).toMatchObject({ status: 400 });
    const user = await registerUser(stack.gatewayUrl);
    const asUser = await http(stack.gatewayUrl, 'PUT', '/api/admin/commission-rules', {
      token: user.accessToken,
      body: { treasury: 'COURSE_FEES', clientId, rule: { bps: 1000 } },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(asUser.status).toBe(403);
  });

  it('when one ADMIN+ asks for a rule, then it is not in force until a different ADMIN+ approves it; the requester cannot approve it', async () => {
    const asked = await setRule({ treasury: 'COURSE_FEES', clientId, rule: { bps: 1000 }, reason: 'Affiliate programme' });
    expect(asked).toMatchObject({
      status: 202,
      body: { approval: { status: 'PENDING', change: { treasury: 'COURSE_FEES', clientId, rule: { kind: 'bps', bps: 1000 } } } },
    });
    const id = asked.body.approval.id as string;
    // Any ADMIN+ finds what waits for them, on its own list: not among the Approvals.
    const listed = async (status: string) =>
      (await http(stack.gatewayUrl, 'GET', `/api/admin/commission-changes?status=${status}&limit=100`, { token: second.accessToken })).body;
    expect((await listed('PENDING')).commissionChanges.map((c: { id: string }) => c.id)).toContain(id);
    const approvals = await http(stack.gatewayUrl, 'GET', '/api/admin/approvals?limit=100', { token: second.accessToken });
    expect(approvals.body.approvals.map((a: { id: string }) => a.id)).not.toContain(id);
    expect((await rulesInForce()).some((r) => r.clientId === clientId)).toBe(false);
    expect(await decide(id, superadmin, 'approve')).toMatchObject({ status: 403, body: { code: 'APPROVAL_BY_REQUESTER' } });
    // As an Approval it is not found: it is decided on its own routes.
    const asApproval = await http(stack.gatewayUrl, 'POST', `/api/admin/approvals/${id}/approve`, {
      token: await fresh(second),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(asApproval.status).toBeGreaterThanOrEqual(400);
    expect((await rulesInForce()).some((r) => r.clientId === clientId)).toBe(false);
    expect(await decide(id, second, 'approve')).toMatchObject({
      status: 200,
      body: { treasury: 'COURSE_FEES', clientId, rule: { kind: 'bps', bps: 1000 }, setBy: superadmin.userId, approvedBy: second.userId },
    });
    expect((await rulesInForce()).some((r) => r.clientId === clientId)).toBe(true);
    const approved = (await listed('APPROVED')).commissionChanges.find((c: { id: string }) => c.id === id);
    expect(approved).toMatchObject({ status: 'APPROVED', decidedBy: { id: String(second.userId) }, change: { clientId } });
    expect((await listed('PENDING')).commissionChanges.map((c: { id: string }) => c.id)).not.toContain(id);
    // A USER is refused the list.
    const user = await registerUser(stack.gatewayUrl);
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/commission-changes', { token: user.accessToken })).status).toBe(403);
  });

  it("when a buyer names an affiliate by their own word, or carries a referral for another buyer, then it is refused; the client's referral for them is signed for two different users of its own only", async () => {
    const [buyer, second, other] = [await shopUser(), await shopUser(), await shopUser()];
    await applied(platform.mintCoins({ body: { userId: buyer.userId, amount: 10, reason: 'seed' } }));
    const ownWord = await http(stack.gatewayUrl, 'POST', '/api/coins/purchase', {
      token: buyer.accessToken,
      body: { treasury: 'COURSE_FEES', amount: 10, reason: 'course', affiliate: { userId: second.userId, clientId } },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(ownWord).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(
      (
        await problemOf(
          shop.createReferral({ body: { buyerUserId: buyer.userId, affiliateUserId: buyer.userId, treasury: 'COURSE_FEES' } }),
        )
      ).code,
    ).toBe('SELF_REFERRAL');
    expect(
      (
        await problemOf(
          rival.createReferral({ body: { buyerUserId: buyer.userId, affiliateUserId: second.userId, treasury: 'COURSE_FEES' } }),
        )
      ).code,
    ).toBe('TREASURY_NOT_GRANTED');
    // A user who never linked the shop is no user of its: answered as an id no account has.
    const stranger = await registerUser(stack.gatewayUrl);
    const strangerRefused = await problemOf(
      shop.createReferral({ body: { buyerUserId: buyer.userId, affiliateUserId: stranger.userId, treasury: 'COURSE_FEES' } }),
    );
    expect([strangerRefused.status, strangerRefused.code]).toEqual([404, 'USER_NOT_FOUND']);
    const forOther = await shop.createReferral({
      body: { buyerUserId: other.userId, affiliateUserId: second.userId, treasury: 'COURSE_FEES' },
    });
    expect(
      (
        await problemOf(
          as(buyer.accessToken).purchase({
            body: { treasury: 'COURSE_FEES', amount: 10, reason: 'course', affiliate: { referral: forOther.referral } },
          }),
        )
      ).code,
    ).toBe('REFERRAL_INVALID');
    expect(await balanceOf(second.accessToken)).toBe(0);
    expect(await balanceOf(buyer.accessToken)).toBe(10);
  });

  it('when a split purchase is made and refunded in full, then buyer, affiliate, treasury and the supply end exact', async () => {
    const [shopHooks, rivalHooks] = [await startReceiver(), await startReceiver()];
    receivers.push(shopHooks, rivalHooks);
    await shop.createWebhookEndpoint({ body: { url: shopHooks.url, eventTypes: ['coin.transaction.recorded'] } });
    await rival.createWebhookEndpoint({ body: { url: rivalHooks.url, eventTypes: ['coin.transaction.recorded'] } });
    const [buyer, affiliate] = [await shopUser(), await shopUser()];
    await applied(platform.mintCoins({ body: { userId: buyer.userId, amount: 100, reason: 'seed' } }));
    await eventually(async () => ((await balanceOf(affiliate.accessToken)) === 0 ? true : undefined), 10_000, 'affiliate wallet open');

    const referred = await shop.createReferral({
      body: { buyerUserId: buyer.userId, affiliateUserId: affiliate.userId, treasury: 'COURSE_FEES', reference: 'order-split' },
    });
    expect(new Date(referred.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // Bound to its reference: another purchase of the buyer's cannot carry it.
    expect(
      (
        await problemOf(
          as(buyer.accessToken).purchase({
            body: {
              treasury: 'COURSE_FEES',
              amount: 50,
              reason: 'course',
              reference: 'order-other',
              affiliate: { referral: referred.referral },
            },
          }),
        )
      ).code,
    ).toBe('REFERRAL_INVALID');
    const bought = await as(buyer.accessToken).purchase({
      body: {
        treasury: 'COURSE_FEES',
        amount: 50,
        reason: 'course',
        reference: 'order-split',
        affiliate: { referral: referred.referral },
      },
    });
    expect(bought.transaction).toMatchObject({ type: 'PURCHASE', amount: 45, toTreasury: 'COURSE_FEES', reference: 'order-split' });
    expect(bought.commission).toMatchObject({ type: 'TRANSFER', amount: 5, toUserId: affiliate.userId, splitOf: bought.transaction.id });
    expect(bought.wallet.balance).toBe(50);
    await eventually(async () => ((await balanceOf(affiliate.accessToken)) === 5 ? true : undefined), 10_000, 'commission credited');

    // The affiliate sees the commission in their history, linked to the purchase.
    const history = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/coins/history?limit=10', { token: affiliate.accessToken });
        return page.body.transactions?.length > 0 ? page.body : undefined;
      },
      10_000,
      'history projected',
    );
    expect(history.transactions[0]).toMatchObject({ amount: 5, splitOf: bought.transaction.id });

    // A platform sees the events that name it as party (docs/EVENTS.md "Who sees an event"): the
    // buyer made the purchase and its commission, no platform did, so neither the shop's endpoint
    // nor the rival's, nor their events lists, get the commission, whatever treasury they hold.
    const commissionOf = (events: Array<Record<string, any>>) => events.find((e) => e.transaction?.id === bought.commission?.id);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(commissionOf(shopHooks.events)).toBeUndefined();
    expect(commissionOf(rivalHooks.events)).toBeUndefined();
    const rivalEvents = await http(stack.gatewayUrl, 'GET', '/api/events?limit=100', { token: rivalToken });
    expect(rivalEvents.status).toBe(200);
    expect(commissionOf(rivalEvents.body.events.map((e: { payload: Record<string, any> }) => e.payload))).toBeUndefined();

    const refunded = await applied(
      platform.refundTransaction({ body: { transactionId: bought.transaction.id, treasury: 'COURSE_FEES', reason: 'cancelled' } }),
    );
    // The answer names both legs the buyer got back: the REFUND and the commission's part the treasury fronted.
    expect(refunded.transaction).toMatchObject({ type: 'REFUND', amount: 45 });
    expect((refunded as { commission?: unknown }).commission).toMatchObject({
      type: 'TRANSFER',
      amount: 5,
      splitOf: bought.transaction.id,
    });
    await eventually(async () => ((await balanceOf(buyer.accessToken)) === 100 ? true : undefined), 10_000, 'buyer whole');
    await eventually(async () => ((await balanceOf(affiliate.accessToken)) === 0 ? true : undefined), 10_000, 'commission clawed back');
    // The order read back by its reference: the purchase, its commission, the refund, the commission's part and the clawback.
    const order = await eventually(
      async () => {
        const page = await as(superadmin.accessToken).searchTransactions({ query: { reference: 'order-split' } });
        return page.transactions.length === 5 ? page.transactions : undefined;
      },
      10_000,
      'the order by its reference',
    );
    expect(order.map((t) => t.type).sort()).toEqual(['PURCHASE', 'REFUND', 'TRANSFER', 'TRANSFER', 'TRANSFER']);
    expect(order.every((t) => t.reference === 'order-split')).toBe(true);

    const report = await eventually(
      async () => {
        const r = await as(superadmin.accessToken).getSupplyReport();
        return r.inFlight === 0 ? r : undefined;
      },
      10_000,
      'quiet ledger',
    );
    expect(report).toMatchObject({ consistent: true, discrepancy: 0, mismatchedWallets: [], overRefundedPurchases: [] });
    expect(report.balances).toBe(report.supply);
  });

  it("when a split purchase's refund waits for a second ADMIN+, then the approval's answer names the commission's part too", async () => {
    const [buyer, affiliate] = [await shopUser(), await shopUser()];
    const approverKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'refund'], second);
    const approver = apiClient(stack.gatewayUrl, { accessToken: await fresh(second), apiKey: approverKey });
    // The shipped windows: 10,000 coins to one person in a day waits for a second ADMIN+.
    const funding = await platform.mintCoins({ body: { userId: buyer.userId, amount: 10_000, reason: 'seed' } });
    if (!('approval' in funding)) throw new Error(`the funding should wait for approval, got ${JSON.stringify(funding)}`);
    await approver.approveRequest({ path: { id: funding.approval.id } });
    // The treasury fronts the commission's part of the refund (1,000) beside returning its own.
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: platformKey }, 'COURSE_FEES', 1_000);
    const referred = await shop.createReferral({
      body: { buyerUserId: buyer.userId, affiliateUserId: affiliate.userId, treasury: 'COURSE_FEES', reference: 'order-approved' },
    });
    const bought = await as(buyer.accessToken).purchase({
      body: {
        treasury: 'COURSE_FEES',
        amount: 10_000,
        reason: 'course',
        reference: 'order-approved',
        affiliate: { referral: referred.referral },
      },
    });
    expect(bought.commission).toMatchObject({ type: 'TRANSFER', amount: 1_000 });

    const asked = await platform.refundTransaction({
      body: { transactionId: bought.transaction.id, treasury: 'COURSE_FEES', reason: 'cancelled' },
    });
    if (!('approval' in asked)) throw new Error(`the refund should wait for approval, got ${JSON.stringify(asked)}`);
    const approved = await approver.approveRequest({ path: { id: asked.approval.id } });
    expect(approved.transaction).toMatchObject({ type: 'REFUND', amount: 9_000, refundOf: bought.transaction.id });
    expect((approved as { commission?: unknown }).commission).toMatchObject({
      type: 'TRANSFER',
      amount: 1_000,
      splitOf: bought.transaction.id,
    });
    await eventually(async () => ((await balanceOf(buyer.accessToken)) === 10_000 ? true : undefined), 10_000, 'buyer whole');
    await eventually(async () => ((await balanceOf(affiliate.accessToken)) === 0 ? true : undefined), 10_000, 'commission clawed back');
  });
});
