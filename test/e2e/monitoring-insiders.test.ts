import { randomUUID } from 'node:crypto';
import { ServiceTokenSigner } from '@coin/http';
import { adminSession, type AdminSession, adminSignIn, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { scaledBound } from '../harness/machine-speed';
import { MonitoredTransactions } from '../harness/monitoring';
import { startTestStack, type TestStack } from '../harness/stack';

/** The automatic freezes one rule may ask for in an hour in this file's stack (MONITORING_RULE_FREEZES_PER_HOUR_MAX). */
const freezesPerHourMax = 2;

/**
 * What one ADMIN could do alone to monitoring (docs/design/monitoring.md "Two people"), each
 * insider's attack through the real services: a rule that freezes every payer put in force alone,
 * and a case about themselves closed alone. Both were seen succeeding before the defences (a 200,
 * a frozen payer, a resolved case). The file's catch-all rule freezes whoever pays while it is
 * ACTIVE: this file's stack is its own (so is its freeze bound), and the rule is disabled again by
 * two ADMIN+ when the file ends.
 */
describe('monitoring insiders: one ADMIN against the rules and the cases', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let apiKey: string;
  let first: AdminSession;
  let second: AdminSession;
  let monitored: MonitoredTransactions;
  const run = randomUUID().slice(0, 8);
  // Any payment from a person's wallet fires it, and its score alone freezes (MONITORING_FREEZE_SCORE 90).
  const catchAll = {
    id: `catch-all-${run}`,
    kind: 'velocity' as const,
    mode: 'ACTIVE' as const,
    score: 100,
    windowMs: 3_600_000,
    scope: 'wallet-out',
    maxCount: 0,
    maxSumMinor: null,
  };

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: { MONITORING_RULE_FREEZES_PER_HOUR_MAX: String(freezesPerHourMax) },
      ownStack: 'a freeze bound of its own, and a rule that freezes every payer while it is ACTIVE',
    });
    [superadmin, first, second] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'ADMIN'),
      adminSession(stack, 'ADMIN'),
    ]);
    apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    monitored = new MonitoredTransactions(stack);
  }, 120_000);
  afterAll(async () => {
    await monitored?.close();
    // The catch-all rule leaves the stack as it found it: disabled, by two people.
    if (stack) {
      const disabled = { ...catchAll, mode: 'DISABLED' };
      await putRule(first, disabled);
      await putRule(second, disabled);
    }
    await stack?.close();
  });

  const putRule = (admin: AdminSession, rule: object) =>
    http(stack.gatewayUrl, 'PUT', `/api/admin/monitoring/rules/${(rule as { id: string }).id}`, {
      token: admin.accessToken,
      body: { rule },
    });
  const liveRuleOf = async (id: string) =>
    (
      (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules', { token: superadmin.accessToken })).body.rules as {
        id: string;
        mode: string;
      }[]
    ).find((r) => r.id === id);
  const liveRule = () => liveRuleOf(catchAll.id);
  const funded = async (coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    await applied(
      apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).mintCoins({
        body: { userId: user.userId, amount: coins, reason: 'seed' },
      }),
    );
    return user;
  };
  const transfer = (from: { accessToken: string }, to: { userId: number }, amount: number) =>
    http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
      token: from.accessToken,
      body: { toUserId: to.userId, amount, reason: 'test' },
    });
  const isFrozen = async (user: { accessToken: string }) =>
    (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).body.frozen === true;
  /** The rule's hits the monitoring service counted, in any mode: its transactions were evaluated. */
  const hitsOf = async (ruleId: string) => {
    const text = await (await fetch(new URL('/metrics', stack.metricsUrls.monitoring))).text();
    return [...text.matchAll(new RegExp(`^coin_monitoring_rule_hits_total\\{[^}]*rule="${ruleId}"[^}]*\\} (\\d+)`, 'gm'))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  };
  /** Whether the wallet is frozen within a few seconds: what a freeze the monitor asked for would take to land. */
  const frozenSoon = async (user: { accessToken: string }) => {
    const until = Date.now() + scaledBound(3_000);
    while (Date.now() < until) {
      if (await isFrozen(user)) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };

  it('when one ADMIN adds an ACTIVE rule whose score alone freezes (score 100, maxCount 0), then it waits for a second ADMIN+ (202 with the proposal), starts in TEST, and a payment freezes nobody', async () => {
    const [payer, payee] = [await funded(10), await registerUser(stack.gatewayUrl)];
    const added = await putRule(first, catchAll);
    const hitsBefore = await hitsOf(catchAll.id);
    expect((await transfer(payer, payee, 1)).status).toBe(201);
    // The monitor evaluated the payment with the rule in whatever mode it holds.
    await eventually(async () => (await hitsOf(catchAll.id)) > hitsBefore, 20_000, "the catch-all rule's hit");
    const frozen = await frozenSoon(payer);
    expect({ status: added.status, mode: (await liveRule())?.mode, frozen }).toEqual({ status: 202, mode: 'TEST', frozen: false });
    expect(added.body.proposal).toMatchObject({ ruleId: catchAll.id, rule: catchAll, proposedBy: first.userId });
    expect(added.body.proposal.diff).toContain('mode: "TEST" -> "ACTIVE"');
    // Its proposer sending it again approves nothing.
    const again = await putRule(first, catchAll);
    expect([again.status, again.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    expect((await liveRule())?.mode).toBe('TEST');
  }, 90_000);

  it('when a second ADMIN+ approves it, then it freezes at most the hourly bound, pauses itself (TEST, audited, counted) and one request approved by another ADMIN+ lifts all its freezes', async () => {
    const payers = [await funded(10), await funded(10), await funded(10)];
    const payee = await registerUser(stack.gatewayUrl);
    const approved = await putRule(second, catchAll);
    expect(approved.status).toBe(200);
    expect((await liveRule())?.mode).toBe('ACTIVE');

    // Two payers within the bound are frozen, one after the other.
    for (const payer of payers.slice(0, freezesPerHourMax)) {
      expect((await transfer(payer, payee, 1)).status).toBe(201);
      await eventually(() => isFrozen(payer), 20_000, 'the freeze of a payer within the bound');
    }
    // The third would pass the bound: the rule pauses itself instead, and the payer stays free.
    expect((await transfer(payers[2]!, payee, 1)).status).toBe(201);
    await eventually(
      async () => (await liveRule())?.mode === 'TEST' || (await isFrozen(payers[2]!)),
      20_000,
      'the rule paused, or the third payer frozen',
    );
    expect({ mode: (await liveRule())?.mode, frozen: await frozenSoon(payers[2]!) }).toEqual({ mode: 'TEST', frozen: false });
    expect((await transfer(payers[2]!, payee, 1)).status).toBe(201);
    const pauses = await (await fetch(new URL('/metrics', stack.metricsUrls.monitoring))).text();
    expect(pauses).toMatch(new RegExp(`^coin_monitoring_rule_pauses_total\\{[^}]*rule="${catchAll.id}"[^}]*\\} 1$`, 'm'));
    const audited = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?target=monitoring-rule:${catchAll.id}`, {
          token: superadmin.accessToken,
        });
        const entries = page.body.entries as { action: string; actor: { kind: string; id: string } }[];
        return entries.find((e) => e.action === 'monitoring-rule.pause');
      },
      20_000,
      "the pause's audit record",
    );
    expect(audited.actor).toMatchObject({ kind: 'service', id: 'monitoring' });

    // Lifting them all: one request, listing the rule's freezes, approved by another ADMIN+.
    const lift = (admin: AdminSession, path: string, body?: object) =>
      http(stack.gatewayUrl, 'POST', `/api/admin/monitoring/rules/${catchAll.id}/${path}`, {
        token: admin.accessToken,
        ...(body ? { body } : {}),
      });
    const asked = await lift(first, 'freeze-lift', { reason: 'a rule that froze every payer' });
    expect(asked.status).toBe(202);
    const listed = (asked.body.freezeLift.freezes as { userId: number }[]).map((f) => f.userId).sort();
    expect(listed).toEqual(
      payers
        .slice(0, freezesPerHourMax)
        .map((p) => p.userId)
        .sort(),
    );
    const own = await lift(first, 'freeze-lift/approve');
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    expect(await isFrozen(payers[0]!)).toBe(true);
    const lifted = await lift(second, 'freeze-lift/approve');
    expect(lifted.status).toBe(200);
    expect((lifted.body.outcomes as { outcome: string }[]).map((o) => o.outcome)).toEqual(
      payers.slice(0, freezesPerHourMax).map(() => 'lifted'),
    );
    for (const payer of payers.slice(0, freezesPerHourMax)) expect((await transfer(payer, payee, 1)).status).toBe(201);
  }, 120_000);

  it('when an ADMIN is the subject of a case that froze nothing, or paid its transaction, then their step on it is 403 SELF_DEALING (audited); closing it FALSE_POSITIVE at score 70 then takes a second ADMIN+', async () => {
    const third = await adminSession(stack, 'ADMIN');
    const minter = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey });
    const member = await registerUser(stack.gatewayUrl);
    for (const user of [first, second, member])
      await applied(minter.mintCoins({ body: { userId: user.userId, amount: 1_000, reason: 'seed' } }));
    // A ring first → member → second → first of 500 coins: circular alone (70), a case about first that freezes nothing.
    expect((await monitored.afterEvaluated(await transfer(first, member, 500))).status).toBe(201);
    expect((await monitored.afterEvaluated(await transfer(member, second, 490))).status).toBe(201);
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

  it("when a process holding the gateway's service key calls monitoring with an ADMIN's token revoked since (logged out everywhere), then 401 UNAUTHENTICATED, audited, and no rule changes; the same call with their fresh token is taken", async () => {
    const revoking = await adminSession(stack, 'ADMIN');
    const asGateway = new ServiceTokenSigner('gateway', stack.env.gateway.SERVICE_TOKEN_PRIVATE_KEY!).authorizationFor('monitoring');
    // A rule in TEST that fires on nothing this file sends: what it changes is only whether it exists.
    const rule = { ...catchAll, id: `revoked-${run}`, mode: 'TEST' as const, score: 10, maxCount: 1_000_000 };
    // What the gateway would send: the person it names and their own token, which monitoring verifies itself.
    const directly = async (accessToken: string) => {
      const res = await fetch(`${stack.monitoringUrl}/internal/monitoring/rules/${rule.id}`, {
        method: 'POST',
        headers: { authorization: await asGateway(), 'content-type': 'application/json' },
        body: JSON.stringify({
          rule,
          actor: { kind: 'user', id: String(revoking.userId), role: 'ADMIN' },
          proof: accessToken,
          requestId: `insiders-${run}-revoked`,
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const logout = await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: revoking.accessToken });
    expect(logout.status).toBe(204);
    // The token still verifies (signature, issuer, audience, not expired): only the user service's word says it is revoked.
    const refused = await directly(revoking.accessToken);
    expect([refused.status, refused.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await liveRuleOf(rule.id)).toBeUndefined();
    await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?target=monitoring-rule:${rule.id}`, {
          token: superadmin.accessToken,
        });
        const entries = page.body.entries as { action: string; actor: { id: string }; summary: Record<string, unknown> }[];
        return entries.some((e) => e.actor.id === String(revoking.userId) && e.summary.errorCode === 'UNAUTHENTICATED') ? true : undefined;
      },
      20_000,
      'the refusal of the revoked token',
    );
    const fresh = await adminSignIn(stack, revoking);
    const taken = await directly(fresh.accessToken);
    expect(taken.status).toBe(200);
    expect(await liveRuleOf(rule.id)).toMatchObject({ id: rule.id, mode: 'TEST' });
  }, 120_000);
});
