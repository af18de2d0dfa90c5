import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError } from '@coin/client';
import { routeOfApprovalId, type AuditLogEntry, type Transaction } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser, uniqueEmail } from '../harness/http';
import { adminSession, adminStepUp, apiKeyFor, fundTreasury, platformClientToken, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * Atomic payouts through the gateway: one request pays many users from REWARDS
 * or a wallet, all or nothing, every line its own transaction in the answer and the history.
 */
describe('payouts through the gateway and the ledger', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let apiKey: string;
  let tournament: CoinClient;
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
  const admin = () => as(superadmin.accessToken);
  const rewardsBalance = async () => (await admin().listTreasuries()).treasuries.find((t) => t.code === 'REWARDS')!.balance;
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
  /** Users registered a few at a time: each registration hashes a password. */
  const users = async (count: number) => {
    const made: Array<Awaited<ReturnType<typeof registerUser>>> = [];
    while (made.length < count) {
      made.push(...(await Promise.all(Array.from({ length: Math.min(10, count - made.length) }, () => registerUser(stack.gatewayUrl)))));
    }
    return made;
  };
  /**
   * Many recipients, registered only (no sign-in: one password hash each), found by the tag in
   * their e-mail through the admin's user list once the user service has applied them.
   */
  const recipients = async (count: number): Promise<number[]> => {
    const tag = `payout${randomUUID().slice(0, 8)}`;
    const anonymous = apiClient(stack.gatewayUrl);
    for (let done = 0; done < count; done += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, count - done) }, () =>
          anonymous.registerUser({ body: { email: uniqueEmail(tag), password: 'correct horse battery', fullName: 'Winner' } }),
        ),
      );
    }
    return eventually(
      async () => {
        const ids: number[] = [];
        for (let page = 1; ids.length < count; page += 1) {
          const listed = await admin().listUsers({ query: { q: tag, page: String(page), pageSize: '100' } });
          ids.push(...listed.users.map((u) => u.id));
          if (listed.users.length < 100) break;
        }
        return ids.length === count ? ids.sort((a, b) => a - b) : undefined;
      },
      60_000,
      `${count} recipients registered`,
    );
  };
  /** A payout's 201: its lines and the payer's wallet (never the 202 of a person's payout waiting for a second person). */
  const paidOf = <R extends object>(result: R): Extract<R, { payout: unknown }> => {
    if (!('payout' in result)) throw new Error(`expected 201 with the payout, got ${JSON.stringify(result)}`);
    return result as Extract<R, { payout: unknown }>;
  };
  const balancesOf = (tokens: string[]) => Promise.all(tokens.map(async (token) => (await as(token).getMyWallet()).balance));
  const quietAudit = () =>
    eventually(
      async () => {
        const report = await admin().getSupplyReport();
        return report.inFlight === 0 ? report : undefined;
      },
      20_000,
      'no coin in flight',
    );

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 5_000);
    tournament = as(await platformClientToken(stack, `payouts-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] }));
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a platform client pays 300 winners from REWARDS, then all 300 are credited, each by its own REWARD in the answer and the history, and the audit is exact', async () => {
    const winners = await recipients(300);
    const reference = `cup-${randomUUID().slice(0, 8)}`;
    const before = await rewardsBalance();
    const since = new Date(Date.now() - 1_000).toISOString();
    const lines = winners.map((toUserId, index) => ({ toUserId, amount: 1 + (index % 3) * 0.25 }));
    const total = lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0) / 100;
    // A wallet is opened as the ledger learns of its user: until every one is, the payout is refused whole (404).
    const answer = paidOf(
      await eventually(
        () =>
          tournament.payout({ body: { from: { treasury: 'REWARDS' }, reason: 'Spring cup', reference, lines } }).catch((err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
            throw err;
          }),
        30_000,
        'every wallet open',
      ),
    );
    expect(answer.payout).toMatchObject({ type: 'REWARD', reference, total });
    expect(answer.payout.lines.map((l) => [l.index, l.toUserId, l.amount])).toEqual(lines.map((l, i) => [i, l.toUserId, l.amount]));
    expect(new Set(answer.payout.lines.map((l) => l.transactionId)).size).toBe(300);
    expect(answer.wallet).toMatchObject({ code: 'REWARDS', balance: Math.round((before - total) * 100) / 100 });

    // History: 300 REWARDs referenced <reference>#<index>, each the transaction the answer named.
    const recorded = await eventually(
      async () => {
        const found: Transaction[] = [];
        let cursor: string | undefined;
        do {
          const page = await admin().searchTransactions({
            query: { treasury: 'REWARDS', type: 'REWARD', from: since, limit: '100', ...(cursor ? { cursor } : {}) },
          });
          found.push(...page.transactions.filter((t) => t.reference?.startsWith(`${reference}#`)));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return found.length === 300 ? found : undefined;
      },
      30_000,
      '300 transactions in the history',
    );
    const byId = new Map(recorded.map((t) => [t.id, t]));
    for (const line of answer.payout.lines) {
      expect(byId.get(line.transactionId)).toMatchObject({
        type: 'REWARD',
        amount: line.amount,
        toUserId: line.toUserId,
        fromTreasury: 'REWARDS',
        reason: 'Spring cup',
        reference: `${reference}#${line.index}`,
      });
    }
    const audit = await quietAudit();
    expect(audit).toMatchObject({ consistent: true, discrepancy: 0 });
    expect(audit.balances).toBe(audit.supply);
    // Every credit landed: each winner holds exactly their line.
    for (let i = 0; i < winners.length; i += 20) {
      const details = await Promise.all(winners.slice(i, i + 20).map((id) => admin().getUser({ path: { id: String(id) } })));
      expect(details.map((d) => d.wallet.balance)).toEqual(lines.slice(i, i + 20).map((l) => l.amount));
    }
  }, 240_000);

  it('when one line names a closed or an unknown recipient, then the whole payout is refused and nothing moves', async () => {
    const [a, b, closed] = await users(3);
    await admin().deleteUser({ path: { id: String(closed!.userId) } });
    const before = await rewardsBalance();
    for (const [bad, code, status] of [
      [closed!.userId, 'RECIPIENT_CLOSED', 422],
      [999_999_999, 'USER_NOT_FOUND', 404],
    ] as const) {
      const refused = await problemOf(
        tournament.payout({
          body: {
            from: { treasury: 'REWARDS' },
            reason: 'one bad line',
            lines: [
              { toUserId: a!.userId, amount: 5 },
              { toUserId: bad, amount: 5 },
              { toUserId: b!.userId, amount: 5 },
            ],
          },
        }),
      );
      expect([refused.status, refused.code]).toEqual([status, code]);
      expect(refused.problem.detail).toMatch(/^lines\[1\]: /);
    }
    expect(await rewardsBalance()).toBe(before);
    expect(await balancesOf([a!.accessToken, b!.accessToken])).toEqual([0, 0]);
    for (const user of [a!, b!]) expect((await as(user.accessToken).listMyTransactions()).transactions).toEqual([]);
  });

  it('when a user pays from their wallet more than its active coins in all (each line alone would fit), then 422 and nothing moves; within them, TRANSFERs', async () => {
    const [payer, x, y] = await users(3);
    await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).rewardUser({
      body: { userId: payer!.userId, amount: 10, reason: 'seed' },
    });
    await eventually(async () => ((await as(payer!.accessToken).getMyWallet()).balance === 10 ? true : undefined), 10_000, 'seeded');
    const body = (amount: number) => ({
      from: {},
      reason: 'split the bill',
      lines: [
        { toUserId: x!.userId, amount },
        { toUserId: y!.userId, amount },
      ],
    });
    const refused = await problemOf(as(payer!.accessToken).payout({ body: body(6) }));
    expect([refused.status, refused.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect(await balancesOf([payer!.accessToken, x!.accessToken, y!.accessToken])).toEqual([10, 0, 0]);

    const paid = paidOf(await as(payer!.accessToken).payout({ body: body(4) }));
    expect(paid.payout).toMatchObject({ type: 'TRANSFER', total: 8 });
    expect(paid.wallet).toMatchObject({ userId: payer!.userId, balance: 2 });
    await eventually(
      async () => ((await balancesOf([x!.accessToken, y!.accessToken])).every((b) => b === 4) ? true : undefined),
      10_000,
      'both credited',
    );
    // Paying oneself, or naming another's wallet, is refused.
    const self = await http(stack.gatewayUrl, 'POST', '/api/coins/payouts', {
      token: payer!.accessToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { from: {}, reason: 'r', lines: [{ toUserId: payer!.userId, amount: 1 }] },
    });
    expect([self.status, self.body.code]).toEqual([422, 'SELF_TRANSFER']);
    const others = await http(stack.gatewayUrl, 'POST', '/api/coins/payouts', {
      token: payer!.accessToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { from: { userId: x!.userId }, reason: 'r', lines: [{ toUserId: y!.userId, amount: 1 }] },
    });
    expect([others.status, others.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('when a user pays 5 lines from their wallet after one transfer and their daily count is 5, then it is refused: each line is a debit', async () => {
    const [payer, first] = await users(2);
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey });
    await admin.rewardUser({ body: { userId: payer!.userId, amount: 20, reason: 'seed' } });
    await eventually(async () => ((await as(payer!.accessToken).getMyWallet()).balance === 20 ? true : undefined), 10_000, 'seeded');
    // The count is the role's default of 1,000 lowered for this payer: five lines weigh as a thousand would.
    await admin.setUserLimits({ path: { id: String(payer!.userId) }, body: { dailyCount: 5 } });
    const payees = await recipients(5);
    // One debit counted today: 5 more would be 6.
    await as(payer!.accessToken).transferCoins({ body: { toUserId: first!.userId, amount: 0.01, reason: 'first of the day' } });
    const lines = payees.map((toUserId) => ({ toUserId, amount: 0.01 }));
    // A wallet is opened as the ledger learns of its user: until every one is, the payout is refused whole (404).
    const answer = await eventually(
      () =>
        as(payer!.accessToken)
          .payout({ body: { from: {}, reason: 'five thanks', lines } })
          .then(
            (applied) => ({ applied }),
            (err: unknown) => {
              if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
              if (err instanceof CoinProblemError) return { refused: err };
              throw err;
            },
          ),
      30_000,
      'every wallet open',
    );
    expect(answer).toEqual({ refused: expect.any(CoinProblemError) });
    const { refused } = answer as { refused: CoinProblemError };
    expect([refused.status, refused.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    expect(refused.problem.limit).toMatchObject({ name: 'dailyCount', value: 5, used: 1 });
    expect((await as(payer!.accessToken).getMyWallet()).balance).toBe(19.99);
    // With room for 6 debits it applies, and the usage counts 6: every line, not the payout once.
    await admin.setUserLimits({ path: { id: String(payer!.userId) }, body: { dailyCount: 6 } });
    const paid = paidOf(await as(payer!.accessToken).payout({ body: { from: {}, reason: 'five thanks', lines } }));
    expect(paid.payout.lines).toHaveLength(5);
    expect((await admin.getUserLimits({ path: { id: String(payer!.userId) } })).usage).toMatchObject({ count: 6 });
  }, 120_000);

  it('when a payout is retried with its Idempotency-Key, then the same payout answers and nothing moves twice; the key with another body is refused', async () => {
    const [p, q] = await users(2);
    const idempotencyKey = randomUUID();
    const body = {
      from: { treasury: 'REWARDS' as const },
      reason: 'retry',
      lines: [
        { toUserId: p!.userId, amount: 2 },
        { toUserId: q!.userId, amount: 3 },
      ],
    };
    const first = await tournament.payout({ body, idempotencyKey });
    const again = await tournament.payout({ body, idempotencyKey });
    expect(again).toEqual(first);
    const other = await problemOf(tournament.payout({ body: { ...body, reason: 'another' }, idempotencyKey }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    await eventually(
      async () => ((await balancesOf([p!.accessToken, q!.accessToken])).join() === '2,3' ? true : undefined),
      10_000,
      'credited once',
    );
    // Still once, after every leg has landed.
    await quietAudit();
    expect(await balancesOf([p!.accessToken, q!.accessToken])).toEqual([2, 3]);
  });

  it('when the body has 1,001 lines, a bad amount or a user twice, then 400 naming the line; nothing is sent', async () => {
    const [u] = await users(1);
    const send = (lines: unknown[]) =>
      http(stack.gatewayUrl, 'POST', '/api/coins/payouts', {
        token: u!.accessToken,
        headers: { 'idempotency-key': randomUUID() },
        body: { from: {}, reason: 'r', lines },
      });
    const tooMany = await send(Array.from({ length: 1001 }, (_, i) => ({ toUserId: i + 1, amount: 1 })));
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badAmount = await send([
      { toUserId: 5, amount: 1 },
      { toUserId: 6, amount: 1.001 },
    ]);
    expect([badAmount.status, JSON.stringify(badAmount.body)]).toEqual([400, expect.stringContaining('body.lines.1.amount')]);
    const twice = await send([
      { toUserId: 5, amount: 1 },
      { toUserId: 5, amount: 1 },
    ]);
    expect([twice.status, JSON.stringify(twice.body)]).toEqual([400, expect.stringContaining('body.lines.1.toUserId')]);
    expect((await send([])).status).toBe(400);
    // 1,000 lines with long reasons pass the payout's own body limit (256 KiB): 413 before any parsing.
    const huge = await send(Array.from({ length: 1000 }, (_, i) => ({ toUserId: i + 1, amount: 1, reason: 'x'.repeat(300) })));
    expect([huge.status, huge.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('when a USER pays from REWARDS, then 403, recorded in the admin audit log as a refusal', async () => {
    const [user, other] = await users(2);
    const requestId = `payout-refusal-${randomUUID()}`;
    const refused = await http(stack.gatewayUrl, 'POST', '/api/coins/payouts', {
      token: user!.accessToken,
      headers: { 'idempotency-key': randomUUID(), 'x-request-id': requestId },
      body: { from: { treasury: 'REWARDS' }, reason: 'r', lines: [{ toUserId: other!.userId, amount: 1 }] },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const entry = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        return (page.body.entries as AuditLogEntry[]).find((e) => e.requestId === requestId);
      },
      20_000,
      'the refusal in the audit log',
    );
    expect(entry).toMatchObject({
      actor: { kind: 'user', id: String(user!.userId), verified: true },
      action: 'payout',
      target: 'route:POST /api/coins/payouts',
      result: 'rejected',
      errorCode: 'FORBIDDEN',
    });
  });

  it('when an ADMIN+ pays from REWARDS with a reward key, then it is applied and recorded as one money.reward of the total', async () => {
    const [p, q] = await users(2);
    const reference = `admin-${randomUUID().slice(0, 8)}`;
    const paid = paidOf(
      await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).payout({
        body: {
          from: { treasury: 'REWARDS' },
          reason: 'staff prizes',
          reference,
          lines: [
            { toUserId: p!.userId, amount: 1 },
            { toUserId: q!.userId, amount: 2 },
          ],
        },
      }),
    );
    expect(paid.payout.total).toBe(3);
    const withoutKey = await problemOf(
      admin().payout({ body: { from: { treasury: 'REWARDS' }, reason: 'no key', lines: [{ toUserId: p!.userId, amount: 1 }] } }),
    );
    expect([withoutKey.status, withoutKey.code]).toEqual([401, 'API_KEY_INVALID']);
    const entry = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?action=money.reward&limit=100', {
          token: superadmin.accessToken,
        });
        return (page.body.entries as AuditLogEntry[]).find((e) => e.summary?.['payoutReference'] === reference);
      },
      20_000,
      "the admin's payout in the audit log",
    );
    expect(entry).toMatchObject({
      action: 'money.reward',
      target: 'treasury:REWARDS',
      result: 'applied',
      summary: { amount: 3, lines: 2 },
    });
  });

  describe("a person's payout past the four-eyes window (shipped thresholds: 10,000 coins a day per admin)", () => {
    /** The requester: an ADMIN with a reward key; the approver is the SUPERADMIN with its own. */
    let maker: AdminSession;
    let makerKey: string;
    const pay = (
      token: string,
      key: string,
      lines: Array<{ toUserId: number; amount: number }>,
      reason = 'season prizes',
      idempotencyKey = randomUUID(),
    ) =>
      http(stack.gatewayUrl, 'POST', '/api/coins/payouts', {
        token,
        headers: { 'idempotency-key': idempotencyKey, 'x-api-key': key },
        body: { from: { treasury: 'REWARDS' }, reason, lines },
      });
    let steppedUpAtMs = 0;
    /**
     * The SUPERADMIN with a fresh second factor. A step-up stays fresh for STEP_UP_MAX_AGE_S (300 s):
     * stepping up again sooner would only wait for the authenticator's next unused code (up to 30 s).
     */
    const approver = async () => {
      if (Date.now() - steppedUpAtMs > 120_000) {
        superadmin.accessToken = await adminStepUp(stack, superadmin);
        steppedUpAtMs = Date.now();
      }
      return apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey });
    };

    beforeAll(async () => {
      maker = await adminSession(stack, 'ADMIN');
      // Asking for a key is a step-up act: the tests above may have outlived the superadmin's last step-up (300 s).
      superadmin.accessToken = await adminStepUp(stack, superadmin);
      steppedUpAtMs = Date.now();
      makerKey = await apiKeyFor(stack, superadmin.accessToken, ['reward'], maker);
      // Two payouts of 12,000 below: REWARDS holds enough for both (the mint into it is approved by the harness).
      await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 25_000);
    }, 120_000);

    it('when an ADMIN pays 3 users 12,000 in all, then 202 with a PayoutApproval and nothing moves; not an Approval; only a second admin applies every line, once', async () => {
      const [a, b, c] = await users(3);
      const recipientsOf = [a!, b!, c!];
      const before = await rewardsBalance();
      const lines = recipientsOf.map((u) => ({ toUserId: u.userId, amount: 4_000 }));
      const asked = await pay(maker.accessToken, makerKey, lines);
      expect(asked.status).toBe(202);
      const request = asked.body.approval as { id: string; payout: { reference: string } };
      expect(request).toMatchObject({
        status: 'PENDING',
        requestedBy: { kind: 'user', id: String(maker.userId), role: 'ADMIN' },
        payout: {
          from: { treasury: 'REWARDS' },
          reason: 'season prizes',
          total: 12_000,
          lines: lines.map((l, index) => ({ index, toUserId: l.toUserId, amount: 4_000, reason: null })),
        },
        decidedBy: null,
        transactionId: null,
      });
      expect(request.payout.reference).toMatch(/^payout:/);
      expect(await balancesOf(recipientsOf.map((u) => u.accessToken))).toEqual([0, 0, 0]);
      expect(await rewardsBalance()).toBe(before);

      // Not an Approval: absent from the approvals list, unknown to its routes; listed and read as a payout approval.
      const checker = await approver();
      const approvals = await checker.listApprovals({ query: { limit: '100' } });
      expect(approvals.approvals.map((x) => x.id)).not.toContain(request.id);
      const onApprovals = await http(stack.gatewayUrl, 'POST', `/api/admin/approvals/${request.id}/approve`, {
        token: superadmin.accessToken,
        headers: { 'idempotency-key': randomUUID(), 'x-api-key': apiKey },
      });
      expect([onApprovals.status, onApprovals.body.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
      const listed = await checker.listPayoutApprovals({ query: { status: 'PENDING' } });
      expect(listed.payoutApprovals.map((x) => x.id)).toContain(request.id);
      expect(await checker.getPayoutApproval({ path: { id: request.id } })).toEqual(request);

      // Its requester may not approve it.
      const own = await problemOf(
        apiClient(stack.gatewayUrl, { accessToken: maker.accessToken, apiKey: makerKey }).approvePayoutRequest({
          path: { id: request.id },
        }),
      );
      expect([own.status, own.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
      expect(await balancesOf(recipientsOf.map((u) => u.accessToken))).toEqual([0, 0, 0]);

      // A second admin approves: every line, each its own REWARD naming the approval.
      const approved = await checker.approvePayoutRequest({ path: { id: request.id }, idempotencyKey: randomUUID() });
      expect(approved.payout).toMatchObject({ type: 'REWARD', reference: request.payout.reference, total: 12_000 });
      expect(approved.payout.lines.map((l) => [l.index, l.toUserId, l.amount])).toEqual(lines.map((l, i) => [i, l.toUserId, 4_000]));
      expect(approved.wallet).toMatchObject({ code: 'REWARDS' });
      expect(approved.approval).toMatchObject({
        id: request.id,
        status: 'APPROVED',
        decidedBy: { id: String(superadmin.userId) },
        transactionId: approved.payout.lines[0]!.transactionId,
      });
      for (const line of approved.payout.lines) {
        const read = await eventually(
          () => checker.getTransaction({ path: { id: String(line.transactionId) } }).catch(() => undefined),
          20_000,
          'the line in the history',
        );
        expect(read).toMatchObject({
          type: 'REWARD',
          amount: 4_000,
          toUserId: line.toUserId,
          reference: `${request.payout.reference}#${line.index}`,
          approval: { id: request.id, requestedBy: maker.userId, approvedBy: superadmin.userId },
        });
      }
      await eventually(
        async () => ((await balancesOf(recipientsOf.map((u) => u.accessToken))).every((x) => x === 4_000) ? true : undefined),
        20_000,
        'every line credited',
      );
      // Approving again, with another key: refused, nothing moves twice.
      const twice = await problemOf(checker.approvePayoutRequest({ path: { id: request.id }, idempotencyKey: randomUUID() }));
      expect([twice.status, twice.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
      const audit = await quietAudit();
      expect(audit).toMatchObject({ consistent: true, discrepancy: 0 });
      expect(await balancesOf(recipientsOf.map((u) => u.accessToken))).toEqual([4_000, 4_000, 4_000]);
      expect(await rewardsBalance()).toBe(before - 12_000);
      expect((await checker.getPayoutApproval({ path: { id: request.id } })).status).toBe('APPROVED');
    }, 120_000);

    it('when a waiting payout is rejected, then nothing moves and it can no longer be approved', async () => {
      const [a, b, c] = await users(3);
      const tokens = [a!, b!, c!].map((u) => u.accessToken);
      const before = await rewardsBalance();
      const asked = await pay(
        maker.accessToken,
        makerKey,
        [a!, b!, c!].map((u) => ({ toUserId: u.userId, amount: 4_000 })),
        'rejected prizes',
      );
      expect(asked.status).toBe(202);
      const id = (asked.body.approval as { id: string }).id;
      const checker = await approver();
      const rejected = await checker.rejectPayoutRequest({ path: { id }, body: { reason: 'not budgeted' } });
      expect(rejected.approval).toMatchObject({ id, status: 'REJECTED', rejectionReason: 'not budgeted', transactionId: null });
      const late = await problemOf(checker.approvePayoutRequest({ path: { id }, idempotencyKey: randomUUID() }));
      expect([late.status, late.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
      expect(await balancesOf(tokens)).toEqual([0, 0, 0]);
      expect(await rewardsBalance()).toBe(before);
    }, 60_000);

    it('when a payout waits with an Idempotency-Key, then its request id cannot be computed from the requester id and the key, names REWARDS and a payout, and a retry with the key names the same request', async () => {
      const [a] = await users(1);
      const key = randomUUID();
      const ask = () => pay(maker.accessToken, makerKey, [{ toUserId: a!.userId, amount: 12_000 }], 'guess me', key);
      const asked = await ask();
      expect(asked.status).toBe(202);
      const id = (asked.body.approval as { id: string }).id;
      // What anyone knowing the requester and the key could compute: the command id the gateway derives, then the request id from it.
      const commandId = uuidV5(`user:${maker.userId}:POST /api/coins/payouts:${key}`);
      expect(id).not.toBe(uuidV5(`ledger.request-approval:${commandId}`));
      // The id names the partition that keeps the request (REWARDS, which the payout debits) and that it holds a payout.
      expect(routeOfApprovalId(id)).toEqual({ walletKey: 'treasury:REWARDS', payout: true });
      // So the routes of Approvals refuse it from the id alone.
      const asApproval = await problemOf((await approver()).approveRequest({ path: { id } }));
      expect([asApproval.status, asApproval.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
      const again = await ask();
      expect([again.status, (again.body.approval as { id: string }).id]).toEqual([202, id]);
      await (await approver()).rejectPayoutRequest({ path: { id }, body: { reason: 'a test of its id' } });
    }, 60_000);
  });
});
