import { randomUUID } from 'node:crypto';
import { adminSession, type AdminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * What one ADMIN could do alone to monitoring (docs/design/monitoring.md "Two people"), each
 * insider's attack through the real services: a case about themselves closed alone, seen
 * succeeding before the defence (a 200 and a resolved case).
 */
describe('monitoring insiders: one ADMIN against the rules and the cases', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let apiKey: string;
  let first: AdminSession;
  let second: AdminSession;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    stack = await startTestStack();
    [superadmin, first, second] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'ADMIN'),
      adminSession(stack, 'ADMIN'),
    ]);
    apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  const transfer = (from: { accessToken: string }, to: { userId: number }, amount: number) =>
    http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
      token: from.accessToken,
      body: { toUserId: to.userId, amount, reason: 'test' },
    });

  it('when an ADMIN is the subject of a case that froze nothing, or paid its transaction, then their step on it is 403 SELF_DEALING (audited); closing it FALSE_POSITIVE at score 70 then takes a second ADMIN+', async () => {
    const third = await adminSession(stack, 'ADMIN');
    const minter = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey });
    const member = await registerUser(stack.gatewayUrl);
    for (const user of [first, second, member])
      await applied(minter.mintCoins({ body: { userId: user.userId, amount: 1_000, reason: 'seed' } }));
    // A ring first → member → second → first of 500 coins: circular alone (70), a case about first that freezes nothing.
    expect((await transfer(first, member, 500)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transfer(member, second, 490)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transfer(second, first, 480)).status).toBe(201);
    const opened = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?status=OPEN&limit=100', { token: third.accessToken });
        return (page.body.cases as { id: string; subject: string; score: number; freezeRequestedAt: string | null }[]).find(
          (c) => c.subject === `user:${first.userId}`,
        );
      },
      20_000,
      "the ring's case",
    );
    expect(opened).toMatchObject({ score: 70, freezeRequestedAt: null });
    const resolve = (admin: AdminSession, requestId: string) =>
      http(stack.gatewayUrl, 'POST', `/api/admin/monitoring/cases/${opened.id}/resolve`, {
        token: admin.accessToken,
        body: { resolution: 'FALSE_POSITIVE', reason: 'friends sharing a bill' },
        headers: { 'x-request-id': `insiders-${run}-${requestId}` },
      });

    // Its subject, then the payer of its transaction, each an ADMIN: neither decides it.
    const bySubject = await resolve(first, 'subject');
    expect([bySubject.status, bySubject.body.code]).toEqual([403, 'SELF_DEALING']);
    const byParty = await resolve(second, 'party');
    expect([byParty.status, byParty.body.code]).toEqual([403, 'SELF_DEALING']);
    const comment = await http(stack.gatewayUrl, 'POST', `/api/admin/monitoring/cases/${opened.id}/comments`, {
      token: first.accessToken,
      body: { body: 'nothing to see' },
    });
    expect([comment.status, comment.body.code]).toEqual([403, 'SELF_DEALING']);

    // Someone else: FALSE_POSITIVE at score 70 is proposed, and a different ADMIN+ closes it.
    const proposed = await resolve(third, 'propose');
    expect([proposed.status, proposed.body.code]).toEqual([403, 'FOUR_EYES_REQUIRED']);
    const closed = await resolve(superadmin, 'approve');
    expect(closed.body).toMatchObject({ status: 'RESOLVED', resolution: 'FALSE_POSITIVE', resolvedBy: superadmin.userId });

    const steps = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?target=monitoring-case:${opened.id}`, {
          token: superadmin.accessToken,
        });
        const entries = page.body.entries as { action: string; actor: { id: string }; summary: Record<string, unknown> }[];
        return entries.length >= 5 ? entries : undefined;
      },
      20_000,
      "the case's audit records",
    );
    expect(steps.map((e) => [e.action, e.actor.id, e.summary.errorCode ?? null]).reverse()).toEqual([
      ['monitoring-case.refused', String(first.userId), 'SELF_DEALING'],
      ['monitoring-case.refused', String(second.userId), 'SELF_DEALING'],
      ['monitoring-case.refused', String(first.userId), 'SELF_DEALING'],
      ['monitoring-case.resolve-propose', String(third.userId), null],
      ['monitoring-case.resolve', String(superadmin.userId), null],
    ]);
  }, 120_000);
});
