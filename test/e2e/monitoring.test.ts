import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuditLogEntry, type RefusalRecord, topicName } from '@coin/contracts';
import { webhooksGroupId } from '@coin/webhooks';
import { ServiceTokenSigner } from '@coin/http';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { consumedSoFar } from '../harness/consumed';
import { eventually } from '../harness/eventually';
import { MonitoredTransactions } from '../harness/monitoring';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Monitoring through the real services (docs/design/monitoring.md): ordinary transfers open no
 * case; a ring y → z → x → y whose closing transfer also brings a day-old wallet 20,000 coins from
 * people scores 100 (circular 70 + first-day receipts 50): a case opens for ADMIN+ through the
 * gateway, and the wallet is frozen in the ledger by the monitoring service's signed freeze: its
 * transfer is refused while coins sent to it land. The case's event reaches the webhook of the
 * platform that rewarded the ring's subject, and not that of another platform granted the same
 * treasury (docs/design/monitoring.md "Who hears of a case"). An ADMIN takes each step of a case
 * (assign, comment, link, resolve) through the gateway, each read back from the audit log with its
 * actor; a USER and a platform are refused, and their refusals audited.
 */
describe('monitoring (gateway, ledger, monitoring service, real Kafka and PostgreSQL)', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;
  let monitored: MonitoredTransactions;

  beforeAll(async () => {
    // Four-eyes windows off: the test mints more than a day's window to one wallet.
    stack = await startTestStack({ extraEnv: { FOUR_EYES_ACTOR_DAILY_COINS: '0', FOUR_EYES_RECIPIENT_DAILY_COINS: '0' } });
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint']);
    monitored = new MonitoredTransactions(stack);
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await monitored?.close();
    await stack?.close();
  });

  /** A real receiver of webhook deliveries: what each path got. */
  let server: Server | undefined;
  const received: { path: string; body: string }[] = [];
  const receiver = async (): Promise<string> => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  const cases = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?limit=100', { token: admin })).body.cases as {
      id: string;
      subject: string;
      score: number;
      rules: string[];
      freezeOutcome: string | null;
    }[];

  const transferAs = (from: { accessToken: string }, to: { userId: number }, amount: number) =>
    http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
      token: from.accessToken,
      body: { toUserId: to.userId, amount, reason: 'test' },
    });

  it('ordinary transfers open no case; the ring opens one with the right rules and freezes the wallet in the ledger', async () => {
    const [x, y, z] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    const platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    for (const user of [x, y, z]) await applied(platform.mintCoins({ body: { userId: user.userId, amount: 25_000, reason: 'seed' } }));
    const transfer = (from: { accessToken: string }, to: { userId: number }, amount: number) => transferAs(from, to, amount);
    // Ordinary: a few small transfers back and forth.
    const ordinary: number[] = [];
    const sent = (answer: { status: number; body: any }) => {
      expect(answer.status).toBe(201);
      ordinary.push(Number(answer.body.transaction.id));
    };
    for (let i = 0; i < 5; i++) sent(await transfer(x, z, 1.5));
    sent(await transfer(z, x, 3));
    // Once the monitor has evaluated them (a case is opened in the transaction of its verdict), none is about these users (the stack may hold other files' cases).
    await monitored.evaluated(ordinary);
    const ours = new Set([x, y, z].map((user) => `user:${user.userId}`));
    expect((await cases()).filter((c) => ours.has(c.subject))).toEqual([]);

    // Each hop once the one before was evaluated: the monitor evaluates in the order it reads (docs/design/monitoring.md "Order").
    expect((await monitored.afterEvaluated(await transfer(y, z, 500))).status).toBe(201);
    expect((await monitored.afterEvaluated(await transfer(z, x, 490))).status).toBe(201);
    expect((await transfer(x, y, 20_000)).status).toBe(201);
    const opened = await eventually(async () => (await cases()).find((c) => c.subject === `user:${y.userId}`), 20_000, 'the case');
    expect(opened).toMatchObject({ score: 100, rules: ['circular', 'first-day-receipts'] });
    await eventually(async () => ((await transfer(y, z, 1)).body?.code === 'WALLET_FROZEN' ? true : undefined), 20_000, 'the freeze');
    expect((await transfer(x, y, 1)).status).toBe(201);
    const detail = await http(stack.gatewayUrl, 'GET', `/api/admin/monitoring/cases/${opened.id}`, { token: admin });
    expect(detail.body.case.freezeOutcome).toBe('requested');
    expect(detail.body.flows.length).toBeGreaterThanOrEqual(3);
    // A USER may not see the cases.
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases', { token: x.accessToken })).status).toBe(403);
  });

  it("a ring's case reaches no platform: not the webhook or events list of the platform that rewarded its subject, nor another granted the same treasury", async () => {
    const base = await receiver();
    const run = randomUUID().slice(0, 8);
    await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 10);
    const platformOf = async (name: string, path: string) => {
      const { clientId, clientSecret } = await createPlatformClientWithCli(stack, `${name} ${run}`, { treasuries: ['REWARDS'] });
      const signer = new ServiceTokenSigner('gateway', stack.env.gateway.SERVICE_TOKEN_PRIVATE_KEY!);
      const endpointId = randomUUID();
      const endpoint = await fetch(`${stack.webhooksUrl}/internal/webhooks/endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await signer.tokenFor('webhooks')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: endpointId,
          clientId,
          treasuries: ['REWARDS'],
          url: `${base}${path}`,
          eventTypes: ['coin.monitoring-case.opened'],
        }),
      });
      expect(endpoint.status).toBe(201);
      const token = await fetch(new URL('/api/auth/token', stack.gatewayUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, clientSecret }),
      });
      expect(token.status).toBe(200);
      return {
        clientId,
        endpointId,
        api: apiClient(stack.gatewayUrl, { accessToken: ((await token.json()) as { accessToken: string }).accessToken }),
      };
    };
    const [shop, rival] = [await platformOf('shop', '/shop'), await platformOf('rival', '/rival')];
    const [x, y, z, stranger] = await Promise.all([
      registerUser(stack.gatewayUrl),
      registerUser(stack.gatewayUrl),
      registerUser(stack.gatewayUrl),
      registerUser(stack.gatewayUrl),
    ]);
    const minter = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    for (const user of [x, y, z]) await applied(minter.mintCoins({ body: { userId: user.userId, amount: 25_000, reason: 'seed' } }));
    // The shop rewards y (its user); the rival, granted REWARDS too, rewards someone else.
    await shop.api.rewardUser({ body: { userId: y.userId, amount: 1, reason: 'quiz' } });
    await rival.api.rewardUser({ body: { userId: stranger.userId, amount: 1, reason: 'quiz' } });

    // The ring y → z → x → y, its closing transfer bringing the day-old y 20,000 coins from people.
    expect((await monitored.afterEvaluated(await transferAs(y, z, 500))).status).toBe(201);
    expect((await monitored.afterEvaluated(await transferAs(z, x, 490))).status).toBe(201);
    expect((await transferAs(x, y, 20_000)).status).toBe(201);
    const opened = await eventually(async () => (await cases()).find((c) => c.subject === `user:${y.userId}`), 20_000, "the ring's case");
    expect(opened.subject).toBe(`user:${y.userId}`);
    // Compliance (ADMIN+) reads the case; telling the shop its user is suspected would tip them off.
    // Once the webhooks service has read past the case's event, anything it would send is sent.
    await consumedSoFar(stack.kafkaBrokers, webhooksGroupId(stack.prefix), topicName(stack.prefix, 'coin.monitoring-cases'));
    for (const platform of [shop, rival])
      expect((await platform.api.listWebhookDeliveries({ path: { id: platform.endpointId } })).deliveries).toEqual([]);
    expect(received.filter((r) => r.path === '/shop' || r.path === '/rival')).toEqual([]);
    const listed = await shop.api.listEvents({ query: { limit: 100 } });
    expect(listed.events.filter((e) => e.type === 'coin.monitoring-case.opened')).toEqual([]);
  }, 120_000);
  it('when an ADMIN assigns, comments, links and resolves a case through the gateway, then each step is in the audit log with its actor; a USER and a platform token are refused, audited', async () => {
    const run = randomUUID().slice(0, 8);
    const caseAdmin = await adminSession(stack, 'ADMIN');
    const [a, b, c] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    const minter = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    for (const user of [a, b, c]) await applied(minter.mintCoins({ body: { userId: user.userId, amount: 1_000, reason: 'seed' } }));
    // A ring of 500 coins a → b → c → a: circular alone (70), a case without a freeze. Each hop once
    // the one before was evaluated: the monitor evaluates in the order it reads.
    const first = await monitored.afterEvaluated(await transferAs(a, b, 500));
    const second = await monitored.afterEvaluated(await transferAs(b, c, 490));
    expect((await transferAs(c, a, 480)).status).toBe(201);
    const opened = await eventually(async () => (await cases()).find((k) => k.subject === `user:${a.userId}`), 20_000, "the ring's case");
    expect(opened).toMatchObject({ score: 70, rules: ['circular'] });

    const { clientId, clientSecret } = await createPlatformClientWithCli(stack, `cases ${run}`, { treasuries: ['REWARDS'] });
    const platformToken = await fetch(new URL('/api/auth/token', stack.gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, clientSecret }),
    });
    expect(platformToken.status).toBe(200);
    const platform = ((await platformToken.json()) as { accessToken: string }).accessToken;
    const step = (token: string, path: string, body: unknown, requestId: string) =>
      http(stack.gatewayUrl, 'POST', `/api/admin/monitoring/cases/${opened.id}/${path}`, {
        token,
        body,
        headers: { 'x-request-id': `cases-${run}-${requestId}` },
      });

    // Neither a person without the role nor a platform may take a step.
    expect((await step(a.accessToken, 'assign', { assignee: a.userId }, 'user-assign')).status).toBe(403);
    expect((await step(platform, 'resolve', { resolution: 'FALSE_POSITIVE', reason: 'ours' }, 'platform-resolve')).status).toBe(403);

    expect((await step(caseAdmin.accessToken, 'assign', { assignee: caseAdmin.userId }, 'assign')).body).toMatchObject({
      assignee: caseAdmin.userId,
    });
    expect((await step(caseAdmin.accessToken, 'comments', { body: 'three accounts of one day' }, 'comment')).status).toBe(200);
    const linkedIds = [first.body.transaction.id, second.body.transaction.id];
    expect((await step(caseAdmin.accessToken, 'transactions', { transactionIds: linkedIds }, 'link')).status).toBe(200);
    const resolved = await step(caseAdmin.accessToken, 'resolve', { resolution: 'CONFIRMED', reason: 'a ring' }, 'resolve');
    expect(resolved.body).toMatchObject({ status: 'RESOLVED', resolution: 'CONFIRMED', resolvedBy: caseAdmin.userId });
    const detail = (await http(stack.gatewayUrl, 'GET', `/api/admin/monitoring/cases/${opened.id}`, { token: caseAdmin.accessToken })).body;
    expect(detail.notes).toEqual([expect.objectContaining({ author: caseAdmin.userId, body: 'three accounts of one day' })]);
    expect(
      detail.transactions
        .filter((t: { linkedBy: number | null }) => t.linkedBy === caseAdmin.userId)
        .map((t: { transactionId: number }) => t.transactionId)
        .sort(),
    ).toEqual([...linkedIds].sort());

    // The audit log, read through the gateway: each step with the ADMIN who took it, newest first.
    const steps = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?target=monitoring-case:${opened.id}`, {
          token: caseAdmin.accessToken,
        });
        expect(page.status).toBe(200);
        const entries = page.body.entries as { source: string; action: string; actor: unknown; requestId: string | null }[];
        return entries.length >= 4 ? entries : undefined;
      },
      20_000,
      "the case's audit records",
    );
    const actor = { kind: 'user', id: String(caseAdmin.userId), role: 'ADMIN' };
    expect(steps.map((e) => [e.source, e.action, e.actor, e.requestId])).toEqual([
      ['monitoring', 'monitoring-case.resolve', actor, `cases-${run}-resolve`],
      ['monitoring', 'monitoring-case.link', actor, `cases-${run}-link`],
      ['monitoring', 'monitoring-case.comment', actor, `cases-${run}-comment`],
      ['monitoring', 'monitoring-case.assign', actor, `cases-${run}-assign`],
    ]);
    // The two refusals, recorded by the gateway with the verified caller.
    const refusals = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: admin });
        const mine = (page.body.entries as AuditLogEntry[]).filter((e) => e.requestId?.startsWith(`cases-${run}-`)) as RefusalRecord[];
        return mine.length >= 2 ? mine : undefined;
      },
      20_000,
      'the refusals in the audit log',
    );
    expect(
      refusals
        .map((r) => [r.requestId, r.action, r.errorCode, r.actor.id, r.actor.verified])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual([
      [`cases-${run}-platform-resolve`, 'resolveMonitoringCase', 'FORBIDDEN', clientId, true],
      [`cases-${run}-user-assign`, 'assignMonitoringCase', 'FORBIDDEN', String(a.userId), true],
    ]);
  }, 120_000);

  it('when one ADMIN+ disables a rule or closes a case that froze a wallet, then nothing changes until a different ADMIN+ does the same', async () => {
    const second = (await adminSession(stack, 'ADMIN')).accessToken;
    const rules = (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules', { token: admin })).body.rules as { id: string }[];
    const dormancy = rules.find((r) => r.id === 'dormant-outflow')!;
    const disable = (token: string) =>
      http(stack.gatewayUrl, 'PUT', '/api/admin/monitoring/rules/dormant-outflow', {
        token,
        body: { rule: { ...dormancy, mode: 'DISABLED' } },
      });
    const proposed = await disable(admin);
    expect({ status: proposed.status, code: proposed.body.code }).toEqual({ status: 403, code: 'FOUR_EYES_REQUIRED' });
    const live = (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules', { token: admin })).body.rules;
    expect(live.find((r: { id: string }) => r.id === 'dormant-outflow').mode).toBe('ACTIVE');
    // The second ADMIN+ finds it listed, drawn from its act's row of the four-eyes table.
    const ruleProposals = await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules/proposals', { token: second });
    expect(ruleProposals.body.proposals.find((p: { id: string }) => p.id === 'dormant-outflow')).toMatchObject({
      change: { mode: 'DISABLED' },
      status: 'PENDING',
    });
    expect((await disable(admin)).body.code).toBe('APPROVAL_BY_REQUESTER');
    const approved = await disable(second);
    expect(approved.status).toBe(200);
    expect(approved.body.rules.find((r: { id: string }) => r.id === 'dormant-outflow').mode).toBe('DISABLED');
    // Making it ACTIVE again waits for a second ADMIN+ too; rejected on the route drawn from its act's row, the
    // proposal is kept REJECTED with who and why, and the rule stays as it is.
    const enable = await http(stack.gatewayUrl, 'PUT', '/api/admin/monitoring/rules/dormant-outflow', {
      token: admin,
      body: { rule: { ...dormancy, mode: 'ACTIVE' } },
    });
    expect(enable.status).toBe(202);
    const rejected = await http(stack.gatewayUrl, 'POST', '/api/admin/monitoring/rules/dormant-outflow/proposal/reject', {
      token: second,
      body: { reason: 'keep it off for now' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.proposal).toMatchObject({ id: 'dormant-outflow', status: 'REJECTED', rejectionReason: 'keep it off for now' });
    const rejectedList = await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules/proposals?status=REJECTED', { token: second });
    expect(rejectedList.body.proposals.map((p: { requestId: string }) => p.requestId)).toContain(rejected.body.proposal.requestId);
    const after = (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules', { token: admin })).body.rules;
    expect(after.find((r: { id: string }) => r.id === 'dormant-outflow').mode).toBe('DISABLED');

    const open = (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?status=OPEN&limit=100', { token: admin })).body.cases;
    const frozen = open.find((k: { freezeOutcome: string | null }) => k.freezeOutcome !== null);
    expect(frozen).toBeDefined();
    const resolve = (token: string) =>
      http(stack.gatewayUrl, 'POST', `/api/admin/monitoring/cases/${frozen.id}/resolve`, {
        token,
        body: { resolution: 'CONFIRMED', reason: 'a ring' },
      });
    const first = await resolve(admin);
    expect({ status: first.status, code: first.body.code }).toEqual({ status: 403, code: 'FOUR_EYES_REQUIRED' });
    const caseProposals = await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases/proposals', { token: second });
    expect(caseProposals.body.proposals.find((p: { id: string }) => p.id === frozen.id)).toMatchObject({
      change: { resolution: 'CONFIRMED' },
      status: 'PENDING',
    });
    expect((await resolve(admin)).body.code).toBe('APPROVAL_BY_REQUESTER');
    const closed = await resolve(second);
    expect(closed.body).toMatchObject({ status: 'RESOLVED', resolution: 'CONFIRMED' });
  });
});
