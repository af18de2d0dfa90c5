import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError } from '@coin/client';
import {
  coinApprovalEvent,
  coinApprovalEventV2,
  type CoinApprovalEvent,
  type CoinApprovalEventV2,
  routeOfApprovalId,
  topicNames,
  walletKeyOfUser,
} from '@coin/contracts';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { uuidV5 } from '@coin/security';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, fundTreasury } from '../harness/admin';
import { eventually } from '../harness/eventually';

/** Through the gateway: Four-eyes approval of large mints, burns and refunds (shipped thresholds). */
describe('four-eyes approval of large money commands', () => {
  let stack: TestStack;
  /** The requester: an ADMIN with a mint/burn/refund key. */
  let maker: CoinClient;
  let makerToken: string;
  /** The approver: another SUPERADMIN with the same scopes. */
  let checker: CoinClient;
  let checkerToken: string;
  let checkerId: number;
  let makerId: number;
  const as = (token: string, apiKey?: string) => apiClient(stack.gatewayUrl, { accessToken: token, ...(apiKey ? { apiKey } : {}) });
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
  /** A money call answered 202: the approval request. */
  const pending = async (call: Promise<unknown>) => {
    const result = (await call) as { approval?: { id: string; status: string } };
    if (!result.approval) throw new Error(`expected 202 with an approval request, got ${JSON.stringify(result)}`);
    return result.approval;
  };
  const balanceOf = async (token: string) => (await as(token).getMyWallet()).balance;

  beforeAll(async () => {
    // Requests expire after the shipped 24 h: the case of an expiry moves the ledger's clock past
    // it instead of shortening it (a short one expired requests before the flows that approve
    // them got there on a busy machine). The sweep looks every 200 ms instead of every few seconds.
    stack = await startTestStack({
      ownStack: "moves the ledger's clock a day ahead, past a request's expiry",
      ledgerClock: true,
      extraEnv: { HOLD_EXPIRY_SWEEP_INTERVAL_MS: '200' },
    });
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const admin = await adminSession(stack, 'ADMIN');
    makerToken = admin.accessToken;
    makerId = admin.userId;
    checkerToken = superadmin.accessToken;
    checkerId = superadmin.userId;
    // API keys are created by a SUPERADMIN and issued to one ADMIN+, whose token alone they work with.
    maker = as(makerToken, await apiKeyFor(stack, checkerToken, ['mint', 'burn', 'refund'], admin));
    checker = as(checkerToken, await apiKeyFor(stack, checkerToken, ['mint', 'burn', 'refund']));
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when an admin mints 10,000 coins, then 202 with a PENDING request, nothing moves, and another admin approving it applies the mint once, naming both', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const key = `mint-${randomUUID()}`;
    const request = maker.mintCoins({ body: { userId: user.userId, amount: 10_000, reason: 'Prize payout' }, idempotencyKey: key });
    const approval = await pending(request);
    expect(approval).toMatchObject({
      status: 'PENDING',
      command: { type: 'MINT', userId: user.userId, treasury: null, amount: 10_000, reason: 'Prize payout' },
      requestedBy: { kind: 'user', id: String(makerId), role: 'ADMIN' },
      decidedBy: null,
      transactionId: null,
    });
    expect(Date.parse((approval as unknown as { expiresAt: string }).expiresAt)).toBeGreaterThan(Date.now());
    expect(await balanceOf(user.accessToken)).toBe(0);
    // The same request again with the same key is the same request, not a second one.
    expect(
      (await pending(maker.mintCoins({ body: { userId: user.userId, amount: 10_000, reason: 'Prize payout' }, idempotencyKey: key }))).id,
    ).toBe(approval.id);
    const listed = await maker.listApprovals({ query: { status: 'PENDING' } });
    expect(listed.approvals.map((a) => a.id)).toContain(approval.id);

    const own = await problemOf(maker.approveRequest({ path: { id: approval.id } }));
    expect([own.status, own.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    const approveKey = `approve-${randomUUID()}`;
    const approved = await checker.approveRequest({ path: { id: approval.id }, idempotencyKey: approveKey });
    expect(approved.transaction).toMatchObject({
      type: 'MINT',
      amount: 10_000,
      toUserId: user.userId,
      approval: { id: approval.id, requestedBy: makerId, approvedBy: checkerId },
    });
    expect(approved.approval).toMatchObject({
      status: 'APPROVED',
      transactionId: approved.transaction.id,
      decidedBy: { id: String(checkerId) },
    });
    expect(await balanceOf(user.accessToken)).toBe(10_000);
    // A retry of the approval gets the same answer; a second approval or a rejection is refused.
    expect(await checker.approveRequest({ path: { id: approval.id }, idempotencyKey: approveKey })).toEqual(approved);
    const twice = await problemOf(checker.approveRequest({ path: { id: approval.id } }));
    expect([twice.status, twice.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
    const late = await problemOf(checker.rejectRequest({ path: { id: approval.id }, body: { reason: 'too late' } }));
    expect(late.code).toBe('APPROVAL_NOT_PENDING');
    expect(await balanceOf(user.accessToken)).toBe(10_000);
    // The transaction keeps who asked and who approved.
    const read = await as(checkerToken).getTransaction({ path: { id: String(approved.transaction.id) } });
    expect(read.approval).toEqual({ id: approval.id, requestedBy: makerId, approvedBy: checkerId });
    // The audit log records the request and the approval once each, by whom; the refused second approval as rejected.
    const logged = await eventually(
      async () => {
        const page = await checker.listAuditLog({ query: { target: `approval:${approval.id}` } });
        return page.entries.length >= 3 ? page.entries : undefined;
      },
      10_000,
      'approval steps in the audit log',
    );
    expect(logged.map((e) => [e.action, e.actor.id, e.result, e.errorCode])).toEqual(
      expect.arrayContaining([
        ['approval.request', String(makerId), 'applied', null],
        ['approval.approve', String(checkerId), 'applied', null],
        ['approval.approve', String(makerId), 'rejected', 'APPROVAL_BY_REQUESTER'],
      ]),
    );
    expect(logged.filter((e) => e.action === 'approval.approve' && e.result === 'applied')).toHaveLength(1);
  });

  /** A fresh ADMIN with every money scope: their four-eyes window starts empty. */
  /** The changes of one approval request on coin.approvals and coin.approvals.v2, each topic read from its start. */
  async function approvalEvents(approvalId: string, v1Count = 0) {
    const names = topicNames(stack.prefix);
    const consumer = createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-approvals', logger: createLogger('e2e', 'warn') }).consumer({
      groupId: `e2e-${randomUUID()}`,
    });
    const v1: CoinApprovalEvent[] = [];
    const v2: CoinApprovalEventV2[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [names.coinApprovals, names.coinApprovalsV2], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ topic, message }) => {
          const json = JSON.parse(message.value!.toString());
          if (topic === names.coinApprovals) {
            const event = coinApprovalEvent.parse(json);
            if (event.approval.id === approvalId) v1.push(event);
          } else {
            const event = coinApprovalEventV2.parse(json);
            if (event.approval.id === approvalId) v2.push(event);
          }
        },
      });
      await eventually(async () => (v2.length >= 2 && v1.length >= v1Count ? true : undefined), 15_000, 'approval events');
      // Anything else on v1 would have arrived with the v2 events (same outbox batch): give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await consumer.disconnect();
    }
    return { v1, v2 };
  }

  const freshAdmin = async () => {
    const session = await adminSession(stack, 'ADMIN');
    return as(session.accessToken, await apiKeyFor(stack, checkerToken, ['mint', 'burn', 'refund', 'reward'], session));
  };
  const statusOf = (call: Promise<unknown>) =>
    call.then(
      (result) => ((result as { approval?: unknown; transaction?: unknown }).transaction ? 201 : 202),
      (err: unknown) => (err instanceof CoinProblemError ? err.status : Promise.reject(err)),
    );

  it('when a mint waits with an Idempotency-Key, then its request id cannot be computed from the requester id and the key, names the partition that keeps it, and a retry with the key names the same request', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const key = `mint-${randomUUID()}`;
    const ask = () => maker.mintCoins({ body: { userId: user.userId, amount: 10_000, reason: 'guess me' }, idempotencyKey: key });
    const approval = await pending(ask());
    // What anyone knowing the requester and the key could compute: the command id the gateway derives, then the request id from it.
    const commandId = uuidV5(`user:${makerId}:POST /api/admin/mint:${key}`);
    expect(approval.id).not.toBe(uuidV5(`ledger.request-approval:${commandId}`));
    // The id names the recipient's partition, which keeps the request, and that it holds no payout.
    expect(routeOfApprovalId(approval.id)).toEqual({ walletKey: walletKeyOfUser(user.userId), payout: false });
    // So the routes of payout approvals refuse it from the id alone.
    const asPayout = await problemOf(checker.approvePayoutRequest({ path: { id: approval.id } }));
    expect([asPayout.status, asPayout.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
    expect((await pending(ask())).id).toBe(approval.id);
    await checker.rejectRequest({ path: { id: approval.id }, body: { reason: 'a test of its id' } });
  });

  it('when one admin splits a large mint into requests under the threshold, then the one that takes their day to 10,000 coins waits (202)', async () => {
    const admin = await freshAdmin();
    const users = await Promise.all([1, 2, 3].map(() => registerUser(stack.gatewayUrl)));
    const mint = (i: number, amount: number) => admin.mintCoins({ body: { userId: users[i]!.userId, amount, reason: `split ${i}` } });
    expect(await statusOf(mint(0, 6_000))).toBe(201);
    expect(await statusOf(mint(1, 3_999.99))).toBe(201);
    const third = await pending(mint(2, 0.01));
    expect(third.status).toBe('PENDING');
    expect(await balanceOf(users[2]!.accessToken)).toBe(0);
    // Burns (and refunds and rewards) share the window: the same admin's burn of one coin waits too.
    expect(await statusOf(admin.burnCoins({ body: { userId: users[0]!.userId, amount: 1, reason: 'r' } }))).toBe(202);
    expect(await balanceOf(users[0]!.accessToken)).toBe(6_000);
  });

  it("when an admin's reward would take their day to the window, then it waits (202) like a mint; another admin with a reward key approves it, and its events are on coin.approvals.v2 only", async () => {
    const admin = await freshAdmin();
    const winner = await registerUser(stack.gatewayUrl);
    const funded = await fundTreasury(
      stack,
      { accessToken: checkerToken, apiKey: await apiKeyFor(stack, checkerToken, ['mint']) },
      'REWARDS',
      20_000,
    );
    expect(funded.transaction.type).toBe('MINT');
    expect(await statusOf(admin.rewardUser({ body: { userId: winner.userId, amount: 9_000, reason: 'season 1' } }))).toBe(201);
    const approval = await pending(admin.rewardUser({ body: { userId: winner.userId, amount: 1_000, reason: 'season 2' } }));
    expect(approval).toMatchObject({
      status: 'PENDING',
      command: { type: 'REWARD', userId: winner.userId, treasury: null, amount: 1_000 },
    });
    expect(await balanceOf(winner.accessToken)).toBe(9_000);
    // The approver needs the reward scope, as the direct command does.
    const mintOnly = as(checkerToken, await apiKeyFor(stack, checkerToken, ['mint']));
    expect((await problemOf(mintOnly.approveRequest({ path: { id: approval.id } }))).code).toBe('API_KEY_SCOPE');
    const rewarder = as(checkerToken, await apiKeyFor(stack, checkerToken, ['reward']));
    const approved = await rewarder.approveRequest({ path: { id: approval.id } });
    expect(approved.transaction).toMatchObject({ type: 'REWARD', fromTreasury: 'REWARDS', toUserId: winner.userId, amount: 1_000 });
    await eventually(async () => ((await balanceOf(winner.accessToken)) === 10_000 ? true : undefined), 5_000, 'approved reward credited');

    // Version 2 carries the REWARD request's changes; version 1 cannot, so it has none of them.
    const events = await approvalEvents(approval.id);
    expect(events.v2.map((e) => [e.type, e.version, e.approval.command.type])).toEqual([
      ['coin.approval.requested', 2, 'REWARD'],
      ['coin.approval.approved', 2, 'REWARD'],
    ]);
    expect(events.v1).toEqual([]);
  });

  it('when a mint waits for approval, then each change is on coin.approvals (version 1) and coin.approvals.v2 (version 2) with the same eventId', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const approval = await pending(maker.mintCoins({ body: { userId: user.userId, amount: 20_000, reason: 'both versions' } }));
    await checker.rejectRequest({ path: { id: approval.id }, body: { reason: 'not this time' } });
    const events = await approvalEvents(approval.id, 2);
    expect(events.v1.map((e) => [e.type, e.version])).toEqual([
      ['coin.approval.requested', 1],
      ['coin.approval.rejected', 1],
    ]);
    expect(events.v2.map((e) => e.eventId)).toEqual(events.v1.map((e) => e.eventId));
    expect(events.v2.every((e) => e.version === 2)).toBe(true);
  });

  it('when one admin sends many mints at once to wallets in different partitions, then the ones that fit the window apply and the rest wait: never more than 10,000 coins alone', async () => {
    const admin = await freshAdmin();
    const users = await Promise.all(Array.from({ length: 8 }, () => registerUser(stack.gatewayUrl)));
    const statuses = await Promise.all(
      users.map((u, i) => statusOf(admin.mintCoins({ body: { userId: u.userId, amount: 2_000, reason: `parallel ${i}` } }))),
    );
    // 2,000 x 4 = 8,000 moved alone; a fifth would reach 10,000.
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 202)).toHaveLength(4);
    const balances = await Promise.all(users.map((u) => balanceOf(u.accessToken)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(8_000);
  });

  it("when the approver has no API key, or one without the command's scope, then 401 or 403 and the request stays pending", async () => {
    const user = await registerUser(stack.gatewayUrl);
    // A burn that would be refused anyway (above the balance) is refused at once, not parked for a second person.
    const hopeless = await problemOf(maker.burnCoins({ body: { userId: user.userId, amount: 20_000, reason: 'Fraud clawback' } }));
    expect([hopeless.status, hopeless.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    const approval = await pending(maker.mintCoins({ body: { userId: user.userId, amount: 20_000, reason: 'Goodwill' } }));
    const noKey = await problemOf(as(checkerToken).approveRequest({ path: { id: approval.id } }));
    expect([noKey.status, noKey.code]).toEqual([401, 'API_KEY_INVALID']);
    const burnOnly = as(checkerToken, await apiKeyFor(stack, checkerToken, ['burn']));
    const wrongScope = await problemOf(burnOnly.approveRequest({ path: { id: approval.id } }));
    expect([wrongScope.status, wrongScope.code]).toEqual([403, 'API_KEY_SCOPE']);
    expect((await checker.listApprovals({ query: { status: 'PENDING' } })).approvals.map((a) => a.id)).toContain(approval.id);
    expect(await balanceOf(user.accessToken)).toBe(0);
  });

  it('when a request is rejected, then it is REJECTED with the reason and can no longer be approved', async () => {
    const approval = await pending(maker.mintCoins({ body: { treasury: 'OPERATIONS', amount: 5, reason: 'Any treasury mint waits' } }));
    const rejected = await checker.rejectRequest({ path: { id: approval.id }, body: { reason: 'Not budgeted' } });
    expect(rejected.approval).toMatchObject({ status: 'REJECTED', rejectionReason: 'Not budgeted', decidedBy: { id: String(checkerId) } });
    const approve = await problemOf(checker.approveRequest({ path: { id: approval.id } }));
    expect([approve.status, approve.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
  });

  it('when nobody decides a request in time, then it expires by itself and cannot be approved', async () => {
    const approval = await pending(maker.mintCoins({ body: { treasury: 'REWARDS', amount: 1, reason: 'Will expire' } }));
    const expiresAt = Date.parse((approval as unknown as { expiresAt: string }).expiresAt);
    // The shipped APPROVAL_EXPIRY_S, 24 h (docs/operations/configuration.md), from the ledger's clock when it applied the request.
    expect(expiresAt - stack.ledgerClock!.now().getTime()).toBeGreaterThan(86_400_000 - 60_000);
    expect(expiresAt - stack.ledgerClock!.now().getTime()).toBeLessThanOrEqual(86_400_000);
    stack.ledgerClock!.advanceTo(new Date(expiresAt + 1_000));
    const expired = await eventually(
      async () => {
        const page = await checker.listApprovals({ query: { status: 'EXPIRED' } });
        return page.approvals.find((a) => a.id === approval.id);
      },
      30_000,
      'request expired',
    );
    expect(expired).toMatchObject({ status: 'EXPIRED', decidedBy: null, transactionId: null });
    const late = await problemOf(checker.approveRequest({ path: { id: approval.id } }));
    expect([late.status, late.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
  });

  it("when a large purchase is refunded in full, then the refund waits for approval and the approver's refund key applies it", async () => {
    const buyer = await registerUser(stack.gatewayUrl);
    const funding = await pending(maker.mintCoins({ body: { userId: buyer.userId, amount: 12_000, reason: 'Funding' } }));
    await checker.approveRequest({ path: { id: funding.id } });
    const purchase = await as(buyer.accessToken).purchase({ body: { treasury: 'COURSE_FEES', amount: 12_000, reason: 'Bootcamp' } });
    const small = await maker.refundTransaction({ body: { transactionId: purchase.transaction.id, amount: 100, reason: 'Partial' } });
    expect('transaction' in small && small.transaction.type).toBe('REFUND');
    const approval = await pending(maker.refundTransaction({ body: { transactionId: purchase.transaction.id, reason: 'Cancelled' } }));
    expect(approval).toMatchObject({ command: { type: 'REFUND', transactionId: purchase.transaction.id, amount: null } });
    const approved = await checker.approveRequest({ path: { id: approval.id } });
    expect(approved.transaction).toMatchObject({ type: 'REFUND', amount: 11_900, refundOf: purchase.transaction.id });
    await eventually(async () => ((await balanceOf(buyer.accessToken)) === 12_000 ? true : undefined), 5_000, 'refund credited');
  });

  it('when a USER or a DEVELOPER asks for the approvals, then 403; a bad id is 400 and an unknown one 404', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/approvals', { token: user.accessToken })).status).toBe(403);
    const developer = await adminSession(stack, 'DEVELOPER');
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/approvals', { token: developer.accessToken })).status).toBe(403);
    expect((await http(stack.gatewayUrl, 'POST', '/api/admin/approvals/nope/approve', { token: checkerToken })).status).toBe(400);
    const unknown = await problemOf(checker.approveRequest({ path: { id: randomUUID() } }));
    expect([unknown.status, unknown.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
    const audit = await eventually(
      async () => {
        const report = await checker.getSupplyReport();
        return report.inFlight === 0 ? report : undefined;
      },
      10_000,
      'quiet ledger',
    );
    expect(audit.consistent).toBe(true);
  });
});
