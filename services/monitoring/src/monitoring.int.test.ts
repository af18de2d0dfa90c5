import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { askerHeaders, type FourEyesAct, fourEyesActs, topicNames } from '@coin/contracts';
import { createPool, type Pool, schemaName } from '@coin/db';
import { adminAuditEvent, coinMonitoringCaseEvent, type MonitoringCaseOpened, type TransactionRecorded } from '@coin/events';
import { ServiceTokenSigner } from '@coin/http';
import { createLogger } from '@coin/logger';
import { SignJWT } from 'jose';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { eventually } from '../../../test/harness/eventually';
import { AppError } from '@coin/errors';
import { generateServiceKeys } from '../../../scripts/stack/keys';
import { provision } from '../../../scripts/stack/provision';
import { devServiceDatabaseUrl } from '../../../scripts/stack/services';
import { seenLatest } from './db/seen-repo';
import type { FreezeRequest } from './freeze/wallet-freezer';
import type { PersonStanding, StandingReader } from './http/standing';
import { loadMonitoringConfig, type RunningMonitoringService, startMonitoringService } from './index';

const gatewayKeys = generateServiceKeys().gateway;
const asGateway = new ServiceTokenSigner('gateway', gatewayKeys.privateKeyPem);
/** The user service's access-token key, as this service trusts it (AUTHORITY_PUBLIC_KEYS). */
const accessKey = generateKeyPairSync('ed25519');

/**
 * What the gateway passes on of a person who asks (docs/design/monitoring.md "Who asks"): whom
 * it says asks, and the person's own access token, which the user service signed; `roleSince`
 * and `mfaAgoS` (seconds since their second factor, 10 unless said; null: none) are what the token
 * says; `proof` given (even undefined) is sent instead of one: a forged or an absent token.
 */
interface AskedAs {
  actor: { kind: 'user'; id: string; role: string };
  roleSince: string | null;
  requestId: string;
  mfaAgoS?: number | null;
  proof?: string | undefined;
}

/** The role each person's last token was signed with: what the user service says of them unless `standings` says otherwise. */
const signedRoles = new Map<string, string>();

/**
 * Where the user service says a person stands now (the service asks it after verifying a token):
 * the token's own version (1) and the role it was signed with, unless this says otherwise for the
 * person (`down`: the user service does not answer).
 */
const standings = new Map<string, PersonStanding | 'down'>();
const standing: StandingReader = async (userId) => {
  const said = standings.get(userId);
  if (said === 'down') throw new AppError('UNAVAILABLE', 'The user service is unavailable: connection refused');
  return said ?? { tokenVersion: 1, role: signedRoles.get(userId) ?? 'USER' };
};

/** A person's access token as the user service signs one (`key`: another one forges it). */
async function accessTokenOf(
  actor: { id: string; role: string },
  claims: { roleSince: string | null; mfaAgoS?: number | null },
  key = accessKey.privateKey,
): Promise<string> {
  const nowS = Math.floor(Date.now() / 1000);
  const mfaAgoS = claims.mfaAgoS === undefined ? 10 : claims.mfaAgoS;
  signedRoles.set(actor.id, actor.role);
  return new SignJWT({
    role: actor.role,
    ver: 1,
    ...(claims.roleSince === null ? {} : { role_since: new Date(claims.roleSince).getTime() / 1000 }),
    ...(mfaAgoS === null ? {} : { mfa_at: nowS - mfaAgoS }),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'access-1' })
    .setSubject(actor.id)
    .setIssuer('coin-ledger')
    .setAudience('coin-ledger-api')
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + 900)
    .sign(key);
}

/** The internal body of a call asked by `asked`: the person's token in place of what it says of them. */
async function askedBody(body: object): Promise<object> {
  if (!('actor' in body)) return body;
  const { roleSince, mfaAgoS, ...rest } = body as Record<string, unknown> & AskedAs;
  if ('proof' in body) return rest;
  return { ...rest, proof: await accessTokenOf(rest.actor, { roleSince, mfaAgoS }) };
}

let nextId = Math.floor(Date.now() / 1000) * 1000;
/** A well-formed coin.transaction.recorded between two people. */
function transfer(from: number, to: number, amount: number, at = new Date()): TransactionRecorded {
  nextId += 1;
  return {
    eventId: randomUUID(),
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: at.toISOString(),
    transaction: {
      id: nextId,
      type: 'TRANSFER',
      amount,
      fromUserId: from,
      toUserId: to,
      fromTreasury: null,
      toTreasury: null,
      reason: 'test',
      reference: null,
      refundOf: null,
      createdAt: at.toISOString(),
    },
  };
}

describe('monitoring service (in-process, real Kafka and PostgreSQL)', () => {
  let service: RunningMonitoringService;
  let producer: Producer;
  let consumer: Consumer;
  let pool: Pool;
  let prefix: string;
  let start: () => Promise<RunningMonitoringService>;
  const opened: MonitoringCaseOpened[] = [];
  const audited: {
    action: string;
    target: string;
    actor: { kind: string; id: string };
    summary: Record<string, unknown>;
    requestId: string | null;
  }[] = [];
  const freezes: FreezeRequest[] = [];

  beforeAll(async () => {
    const infra = testInfra();
    prefix = uniquePrefix();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      TOPIC_PREFIX: prefix,
      DB_SCHEMA_PREFIX: prefix,
      HOST: '127.0.0.1',
      MONITORING_HTTP_PORT: '0',
      METRICS_PORT: '0',
      SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: gatewayKeys.publicKeyPem }),
      SERVICE_TOKEN_PRIVATE_KEY: generateServiceKeys().monitoring.privateKeyPem,
      MONITORING_DATABASE_URL: devServiceDatabaseUrl(infra.databaseUrl, 'monitoring'),
      MONITORING_RULE_FREEZES_PER_HOUR_MAX: '2',
      AUTHORITY_PUBLIC_KEYS: JSON.stringify([
        { kid: 'access-1', publicKeyPem: accessKey.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      ]),
    };
    const freezer = {
      freeze: async (request: FreezeRequest) => {
        freezes.push(request);
        return 'requested';
      },
    };
    start = () =>
      startMonitoringService(loadMonitoringConfig(env), createLogger('monitoring', env.LOG_LEVEL as 'warn'), { freezer, standing });
    service = await start();
    const kafka = new Kafka({ clientId: 'monitoring-test', brokers: infra.kafkaBrokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    const topics = topicNames(prefix);
    consumer = kafka.consumer({ groupId: `${prefix}monitoring-test` });
    await consumer.connect();
    await consumer.subscribe({ topics: [topics.coinMonitoringCases, topics.adminAudit], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        const value = JSON.parse(String(message.value));
        if (topic === topics.coinMonitoringCases) opened.push(coinMonitoringCaseEvent.parse(value) as MonitoringCaseOpened);
        else {
          const event = adminAuditEvent.parse(value);
          if (event.type === 'admin.service-action.recorded') {
            const { action, target, actor, summary, requestId } = event.record;
            audited.push({ action, target, actor, summary, requestId });
          }
        }
      },
    });
    pool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'monitoring'), applicationName: 'monitoring-test' });
  }, 90_000);

  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
    await service?.close();
    await pool?.end();
  });

  /** Who reads unless a GET names someone else (or `null`: the gateway's call names no one): an ADMIN of long standing. */
  const reader: AskedAs = { actor: { kind: 'user', id: '9', role: 'ADMIN' }, roleSince: '2020-01-01T00:00:00.000Z', requestId: 'read' };
  /** The headers a GET names its reader in (askerHeaders): whom it says reads, and that person's own token (`proof` given: it instead). */
  const readerHeaders = async (asked: AskedAs | null): Promise<Record<string, string>> => {
    if (asked === null) return {};
    const token = 'proof' in asked ? asked.proof : await accessTokenOf(asked.actor, { roleSince: asked.roleSince, mfaAgoS: asked.mfaAgoS });
    return {
      [askerHeaders.id]: asked.actor.id,
      [askerHeaders.role]: asked.actor.role,
      ...(token === undefined ? {} : { [askerHeaders.token]: token }),
    };
  };
  const call = async (method: string, path: string, asked?: object | null) => {
    const read = method === 'GET';
    const body = read || asked === undefined || asked === null ? undefined : await askedBody(asked);
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await asGateway.tokenFor('monitoring')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(read ? await readerHeaders(asked === undefined ? reader : (asked as AskedAs | null)) : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  const publish = (values: unknown[]) =>
    producer.send({
      topic: topicNames(prefix).coinTransactions,
      // One key: the test's movements are evaluated in the order they were made (docs/design/monitoring.md "Order").
      messages: values.map((value) => ({ key: 'test', value: typeof value === 'string' ? value : JSON.stringify(value) })),
    });

  const admin: AskedAs = {
    actor: { kind: 'user', id: '7', role: 'ADMIN' },
    roleSince: '2020-01-01T00:00:00.000Z',
    requestId: 'req-monitoring',
  };

  it('a circular flow A → B → C → A opens one case with the circular rule, announced once, even when the events come twice; hostile records change nothing', async () => {
    const [a, b, c] = [1_001, 1_002, 1_003];
    const flow = [transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)];
    const broken = { ...transfer(a, b, 1), transaction: { ...transfer(a, b, 1).transaction, amount: -5 } };
    await publish(['not json', { type: 'coin.transaction.recorded' }, broken, ...flow, ...flow]);
    const found = await eventually(async () => {
      const page = await call('GET', '/internal/monitoring/cases?status=OPEN');
      const mine = page.body.cases.filter((k: { subject: string }) => k.subject === `user:${a}`);
      return mine.length === 1 ? mine[0] : undefined;
    });
    expect(found).toMatchObject({ status: 'OPEN', rules: ['circular'], score: 70 });
    await eventually(async () => (opened.some((e) => e.caseId === found.id) ? true : undefined));
    expect(opened.filter((e) => e.caseId === found.id)).toHaveLength(1);
    const seen = await pool.query('SELECT count(*)::int AS n FROM monitoring_transactions WHERE transaction_id = ANY($1)', [
      [...flow.map((f) => f.transaction.id), broken.transaction.id],
    ]);
    expect(seen.rows[0].n).toBe(3);
    const detail = await call('GET', `/internal/monitoring/cases/${found.id}`);
    expect(detail.body.transactions.map((t: { transactionId: number }) => t.transactionId)).toEqual([flow[2]!.transaction.id]);
    expect(detail.body.flows.length).toBeGreaterThanOrEqual(2);
  });

  it('an ADMIN assigns, comments, links and resolves: each step audited; a resolved case takes no more steps (409 CASE_NOT_OPEN)', async () => {
    const [a, b, c] = [2_001, 2_002, 2_003];
    await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
    const found = await eventually(async () => {
      const page = await call('GET', '/internal/monitoring/cases?status=OPEN&limit=100');
      return page.body.cases.find((k: { subject: string }) => k.subject === `user:${a}`);
    });
    const path = `/internal/monitoring/cases/${found.id}`;
    expect((await call('POST', `${path}/assign`, { assignee: 7, ...admin })).body).toMatchObject({ assignee: 7 });
    expect((await call('POST', `${path}/comments`, { body: '  looks like a ring  ', ...admin })).status).toBe(200);
    expect((await call('POST', `${path}/transactions`, { transactionIds: [nextId - 2], ...admin })).status).toBe(200);
    const hostile = await call('POST', `${path}/comments`, { body: 'line\nbreak', ...admin });
    expect(hostile.status).toBe(400);
    const resolved = await call('POST', `${path}/resolve`, {
      resolution: 'CONFIRMED',
      reason: 'three friends laundering a reward',
      ...admin,
    });
    expect(resolved.body).toMatchObject({ status: 'RESOLVED', resolution: 'CONFIRMED', resolvedBy: 7 });
    const again = await call('POST', `${path}/assign`, { assignee: null, ...admin });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CASE_NOT_OPEN');
    const detail = (await call('GET', path)).body;
    expect(detail.notes).toEqual([expect.objectContaining({ author: 7, body: 'looks like a ring' })]);
    expect(detail.transactions.map((t: { linkedBy: number | null }) => t.linkedBy)).toEqual([7, null]);
    await eventually(async () => (audited.filter((r) => r.target === `monitoring-case:${found.id}`).length === 4 ? true : undefined));
    expect(audited.filter((r) => r.target === `monitoring-case:${found.id}`).map((r) => r.action)).toEqual([
      'monitoring-case.assign',
      'monitoring-case.comment',
      'monitoring-case.link',
      'monitoring-case.resolve',
    ]);
  });

  it("a transfer firing circular (70) and fan-out (50) scores 100: the case about the cycle's start asks the freeze port once", async () => {
    const [x, y, z] = [3_001, 3_002, 3_003];
    const movements = [];
    for (let i = 0; i < 14; i++) movements.push(transfer(x, 3_100 + i, 20));
    // y → z → x, then x → y: its 15th recipient, and the cycle closes on y.
    movements.push(transfer(y, z, 500), transfer(z, x, 490), transfer(x, y, 480));
    await publish(movements);
    const found = await eventually(async () => {
      const page = await call('GET', '/internal/monitoring/cases?status=OPEN&limit=100');
      return page.body.cases.find((k: { subject: string }) => k.subject === `user:${y}`);
    });
    expect(found).toMatchObject({ score: 100, rules: ['circular', 'fan-out'] });
    await eventually(async () =>
      (await call('GET', `/internal/monitoring/cases/${found.id}`)).body.case.freezeOutcome === 'requested' ? true : undefined,
    );
    await service.sweep();
    expect(freezes.filter((f) => f.wallet === `user:${y}`)).toEqual([
      { wallet: `user:${y}`, caseId: found.id, score: 100, rules: ['circular', 'fan-out'] },
    ]);
  });

  it('rules are data: a tuned threshold is audited and used live; a back-test replays the seen transactions; a bad rule is refused', async () => {
    const rules = (await call('GET', '/internal/monitoring/rules')).body.rules;
    const fanOut = rules.find((r: { id: string }) => r.id === 'fan-out');
    const backtest = await call('POST', '/internal/monitoring/rules/backtest', { rule: { ...fanOut, minRecipients: 3 }, days: 1 });
    expect(backtest.status).toBe(200);
    expect(backtest.body.hits).toBeGreaterThan(0);
    const refused = await call('POST', '/internal/monitoring/rules/fan-out', { rule: { ...fanOut, windowMs: 999 }, ...admin });
    expect(refused.status).toBe(400);
    const kindChange = await call('POST', '/internal/monitoring/rules/fan-out', { rule: { ...fanOut, kind: 'circular' }, ...admin });
    expect(kindChange.status).toBe(400);
    const tuned = await call('POST', '/internal/monitoring/rules/fan-out', { rule: { ...fanOut, minRecipients: 14 }, ...admin });
    expect(tuned.body.rules.find((r: { id: string }) => r.id === 'fan-out').minRecipients).toBe(14);
    await eventually(async () => (audited.some((r) => r.target === 'monitoring-rule:fan-out') ? true : undefined));
  });

  const secondAdmin: AskedAs = {
    actor: { kind: 'user', id: '8', role: 'ADMIN' },
    roleSince: '2020-01-01T00:00:00.000Z',
    requestId: 'req-monitoring-2',
  };

  it('when one ADMIN disables a rule, then nothing changes until a different ADMIN+ approves the same change; both steps audited with the diff', async () => {
    const circular = (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === 'circular');
    const loosened = { ...circular, mode: 'DISABLED' };
    const proposed = await call('POST', '/internal/monitoring/rules/circular', { rule: loosened, ...admin });
    expect(proposed.status).toBe(403);
    expect(proposed.body.code).toBe('FOUR_EYES_REQUIRED');
    const live = (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === 'circular');
    expect(live.mode).toBe('ACTIVE');
    const self = await call('POST', '/internal/monitoring/rules/circular', { rule: loosened, ...admin });
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('APPROVAL_BY_REQUESTER');
    const approved = await call('POST', '/internal/monitoring/rules/circular', { rule: loosened, ...secondAdmin });
    expect(approved.status).toBe(200);
    expect(approved.body.rules.find((r: { id: string }) => r.id === 'circular').mode).toBe('DISABLED');
    await eventually(async () => (audited.filter((r) => r.target === 'monitoring-rule:circular').length >= 3 ? true : undefined));
    expect(audited.filter((r) => r.target === 'monitoring-rule:circular').map((r) => r.action)).toEqual([
      'monitoring-rule.propose',
      'monitoring-rule.approval-refused',
      'monitoring-rule.approve',
    ]);
    // Back to ACTIVE: it scores toward the freeze score again, so two people as well (202, then the same rule by another).
    const proposedBack = await call('POST', '/internal/monitoring/rules/circular', { rule: circular, ...admin });
    expect(proposedBack.status).toBe(202);
    expect(proposedBack.body.proposal).toMatchObject({ ruleId: 'circular', diff: ['mode: "DISABLED" -> "ACTIVE"'] });
    const back = await call('POST', '/internal/monitoring/rules/circular', { rule: circular, ...secondAdmin });
    expect(back.status).toBe(200);
    expect(back.body.rules.find((r: { id: string }) => r.id === 'circular')).toMatchObject({ mode: 'ACTIVE', score: 70 });
  });

  it('when a proposal is past its expiry, then it reads EXPIRED, nobody approves it (409 APPROVAL_NOT_PENDING, audited) and the next send proposes anew', async () => {
    const dormant = (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === 'dormant-outflow');
    const loosened = { ...dormant, mode: 'DISABLED' };
    expect((await call('POST', '/internal/monitoring/rules/dormant-outflow', { rule: loosened, ...admin })).body.code).toBe(
      'FOUR_EYES_REQUIRED',
    );
    const listed = async () =>
      (await call('GET', '/internal/monitoring/proposals/rule')).body.proposals.find((p: { id: string }) => p.id === 'dormant-outflow');
    expect(await listed()).toMatchObject({ proposedBy: 7, status: 'PENDING', change: { mode: 'DISABLED' } });
    // Made a day and a second ago (the default expiry is a day): aged in place, no clock to wait for.
    await pool.query(
      `UPDATE monitoring_requests SET requested_at = now() - interval '1 day 1 second'
       WHERE target = 'monitoring-rule:dormant-outflow' AND status = 'PENDING'`,
    );
    expect(await listed()).toMatchObject({ status: 'EXPIRED', decidedAt: null });
    const late = await call('POST', '/internal/monitoring/rules/dormant-outflow', { rule: loosened, ...secondAdmin });
    expect({ status: late.status, code: late.body.code }).toEqual({ status: 409, code: 'APPROVAL_NOT_PENDING' });
    const live = (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === 'dormant-outflow');
    expect(live.mode).toBe('ACTIVE');
    // Kept, as it ended: stored EXPIRED, decided by no one.
    const expired = await listed();
    expect(expired).toMatchObject({ proposedBy: 7, status: 'EXPIRED', decidedBy: null, decidedAt: expect.any(String) });
    // Sent again, it is a new proposal of the sender's, which its first proposer may approve.
    expect((await call('POST', '/internal/monitoring/rules/dormant-outflow', { rule: loosened, ...secondAdmin })).body.code).toBe(
      'FOUR_EYES_REQUIRED',
    );
    expect(await listed()).toMatchObject({ proposedBy: 8, status: 'PENDING' });
    expect((await call('POST', '/internal/monitoring/rules/dormant-outflow', { rule: loosened, ...admin })).status).toBe(200);
    const approved = await listed();
    expect(approved).toMatchObject({ proposedBy: 8, status: 'APPROVED', decidedBy: 7 });
    // Each request listed with its life, newest first; by status when asked.
    const ofStatus = async (status: string) =>
      (await call('GET', `/internal/monitoring/proposals/rule?status=${status}`)).body.proposals
        .filter((p: { id: string }) => p.id === 'dormant-outflow')
        .map((p: { requestId: string }) => p.requestId);
    expect(await ofStatus('EXPIRED')).toEqual([expired.requestId]);
    expect(await ofStatus('APPROVED')).toEqual([approved.requestId]);
    expect(await ofStatus('PENDING')).toEqual([]);
    // ACTIVE again (it scores again: two people too), for the tests after this one.
    expect((await call('POST', '/internal/monitoring/rules/dormant-outflow', { rule: dormant, ...admin })).status).toBe(202);
    expect((await call('POST', '/internal/monitoring/rules/dormant-outflow', { rule: dormant, ...secondAdmin })).status).toBe(200);
    await eventually(async () =>
      audited.some((r) => r.target === 'monitoring-rule:dormant-outflow' && r.summary.errorCode === 'APPROVAL_NOT_PENDING')
        ? true
        : undefined,
    );
  });

  it('when one ADMIN resolves a case that froze a wallet, then it stays open until a different ADMIN+ resolves it the same way', async () => {
    const [a, b, c] = [6_001, 6_002, 6_003];
    await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
    const found = await eventually(async () => {
      const page = await call('GET', '/internal/monitoring/cases?status=OPEN&limit=100');
      return page.body.cases.find((k: { subject: string }) => k.subject === `user:${a}`);
    });
    await pool.query(`UPDATE monitoring_cases SET freeze_requested_at = now(), freeze_outcome = 'requested' WHERE id = $1`, [found.id]);
    const path = `/internal/monitoring/cases/${found.id}/resolve`;
    const resolution = { resolution: 'FALSE_POSITIVE', reason: 'friends sharing a bill' };
    const first = await call('POST', path, { ...resolution, ...admin });
    expect(first.status).toBe(403);
    expect(first.body.code).toBe('FOUR_EYES_REQUIRED');
    expect((await call('GET', `/internal/monitoring/cases/${found.id}`)).body.case.status).toBe('OPEN');
    const self = await call('POST', path, { ...resolution, ...admin });
    expect(self.body.code).toBe('APPROVAL_BY_REQUESTER');
    const second = await call('POST', path, { ...resolution, ...secondAdmin });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'RESOLVED', resolution: 'FALSE_POSITIVE', resolvedBy: 8 });
  });

  const thirdAdmin: AskedAs = {
    actor: { kind: 'user', id: '9', role: 'ADMIN' },
    roleSince: '2020-01-01T00:00:00.000Z',
    requestId: 'req-monitoring-3',
  };
  const ruleOf = async (id: string) =>
    (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === id);
  const openCaseOf = (subject: number) =>
    eventually(async () => {
      const page = await call('GET', '/internal/monitoring/cases?status=OPEN&limit=100');
      return page.body.cases.find((k: { subject: string }) => k.subject === `user:${subject}`);
    });

  it('when a pending proposal is rejected, then it is kept REJECTED with who and why, nothing changes, and the next send proposes anew; a proposal of another change replaces the pending one (REJECTED in its name); whom it is about and a non-admin reject nothing, each refusal audited', async () => {
    const fanOut = (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === 'fan-out');
    const loosened = { ...fanOut, mode: 'DISABLED' };
    // This test's steps, told apart from the other tests' records of the same rule by their request id.
    const requestId = 'req-rejections';
    const send = (who: AskedAs) => call('POST', '/internal/monitoring/rules/fan-out', { rule: loosened, ...who, requestId });
    const reject = (who: AskedAs, reason = 'fan-out stays watched') =>
      call('POST', '/internal/monitoring/proposals/rule/fan-out/reject', { reason, ...who, requestId });
    const stepsOn = (target: string) =>
      audited.filter((r) => r.target === target && r.requestId === requestId).map((r) => [r.action, r.actor.id, r.summary.errorCode]);
    expect((await send(admin)).body.code).toBe('FOUR_EYES_REQUIRED');
    const user: AskedAs = { actor: { kind: 'user', id: '31', role: 'USER' }, roleSince: '2020-01-01T00:00:00.000Z', requestId: 'req-user' };
    const byUser = await reject(user);
    expect([byUser.status, byUser.body.code]).toEqual([403, 'FORBIDDEN']);
    const rejected = await reject(secondAdmin);
    expect(rejected.status).toBe(200);
    expect(rejected.body.proposal).toMatchObject({
      id: 'fan-out',
      status: 'REJECTED',
      proposedBy: 7,
      decidedBy: 8,
      rejectionReason: 'fan-out stays watched',
    });
    expect((await ruleOf('fan-out')).mode).toBe('ACTIVE');
    // No longer pending: the same change sent by another is a proposal of its own, which its proposer may withdraw.
    expect((await send(secondAdmin)).body.code).toBe('FOUR_EYES_REQUIRED');
    const withdrawn = await reject(secondAdmin, 'changed my mind');
    expect(withdrawn.body.proposal).toMatchObject({ status: 'REJECTED', proposedBy: 8, decidedBy: 8 });
    const none = await reject(admin);
    expect([none.status, none.body.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
    // Hostile names: a kind that is a prototype key is refused by the schema; an id its kind's schema refuses names no request.
    for (const [path, status] of [
      ['/internal/monitoring/proposals/constructor/fan-out/reject', 400],
      ['/internal/monitoring/proposals/__proto__/fan-out/reject', 400],
      [`/internal/monitoring/proposals/rule/${encodeURIComponent('fan\u0001out')}/reject`, 409],
      ['/internal/monitoring/proposals/case/not-a-case-id/reject', 409],
    ] as const) {
      const hostile = await call('POST', path, { reason: 'hostile', ...admin, requestId });
      expect({ path, status: hostile.status }).toEqual({ path, status });
    }
    const listed = (await call('GET', '/internal/monitoring/proposals/rule?status=REJECTED')).body.proposals.filter(
      (p: { id: string }) => p.id === 'fan-out',
    );
    expect(listed.map((p: { requestId: string }) => p.requestId)).toEqual([
      withdrawn.body.proposal.requestId,
      rejected.body.proposal.requestId,
    ]);
    // A proposal of another change while one pends replaces it: the pending one ends REJECTED in the new proposer's name.
    expect((await send(admin)).body.code).toBe('FOUR_EYES_REQUIRED');
    const other = await call('POST', '/internal/monitoring/rules/fan-out', {
      rule: { ...loosened, mode: 'TEST' },
      ...secondAdmin,
      requestId,
    });
    expect(other.body.code).toBe('FOUR_EYES_REQUIRED');
    const ofFanOut = async () =>
      (await call('GET', '/internal/monitoring/proposals/rule')).body.proposals.filter((p: { id: string }) => p.id === 'fan-out');
    const [newest, replaced] = await ofFanOut();
    expect(newest).toMatchObject({ status: 'PENDING', proposedBy: 8, change: { mode: 'TEST' } });
    expect(replaced).toMatchObject({
      status: 'REJECTED',
      proposedBy: 7,
      decidedBy: 8,
      rejectionReason: 'Replaced by a newer request for the same rule or case',
    });
    // Withdrawn, so that nothing of this test pends for the tests after it.
    expect((await reject(secondAdmin, 'done')).body.proposal).toMatchObject({ status: 'REJECTED', change: { mode: 'TEST' } });

    // A case's proposed resolution: a party to it rejects nothing; another ADMIN+ does, and the case stays open.
    const [a, b, c] = [6_101, 6_102, 6_103];
    await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
    const found = await openCaseOf(a);
    await pool.query(`UPDATE monitoring_cases SET freeze_requested_at = now(), freeze_outcome = 'requested' WHERE id = $1`, [found.id]);
    const resolved = await call('POST', `/internal/monitoring/cases/${found.id}/resolve`, {
      resolution: 'CONFIRMED',
      reason: 'a ring',
      ...admin,
      requestId,
    });
    expect(resolved.body.code).toBe('FOUR_EYES_REQUIRED');
    // The payer of the transaction that closed the cycle: a party to the case.
    const party: AskedAs = {
      actor: { kind: 'user', id: String(c), role: 'ADMIN' },
      roleSince: '2020-01-01T00:00:00.000Z',
      requestId: 'req-party',
    };
    const caseReject = (who: AskedAs) =>
      call('POST', `/internal/monitoring/proposals/case/${found.id}/reject`, { reason: 'not a ring', ...who, requestId });
    const byParty = await caseReject(party);
    expect([byParty.status, byParty.body.code]).toEqual([403, 'SELF_DEALING']);
    expect((await caseReject(thirdAdmin)).body.proposal).toMatchObject({ id: found.id, status: 'REJECTED', decidedBy: 9 });
    expect((await call('GET', `/internal/monitoring/cases/${found.id}`)).body.case.status).toBe('OPEN');

    await eventually(async () => (stepsOn(`monitoring-case:${found.id}`).length >= 3 ? true : undefined));
    expect(stepsOn('monitoring-rule:fan-out')).toEqual([
      ['monitoring-rule.propose', '7', undefined],
      ['monitoring-rule.refused', '31', 'FORBIDDEN'],
      ['monitoring-rule.reject', '8', undefined],
      ['monitoring-rule.propose', '8', undefined],
      ['monitoring-rule.reject', '8', undefined],
      ['monitoring-rule.refused', '7', 'APPROVAL_NOT_PENDING'],
      ['monitoring-rule.propose', '7', undefined],
      ['monitoring-rule.propose', '8', undefined],
      ['monitoring-rule.reject', '8', undefined],
    ]);
    expect(stepsOn(`monitoring-case:${found.id}`)).toEqual([
      ['monitoring-case.resolve-propose', '7', undefined],
      ['monitoring-case.refused', String(c), 'SELF_DEALING'],
      ['monitoring-case.reject', '9', undefined],
    ]);
  });

  it('when one ADMIN adds an ACTIVE rule, makes a TEST rule ACTIVE or raises a score, then it waits for a different ADMIN+ (202 with the proposal); a new rule starts in TEST', async () => {
    const strict = {
      id: 'fan-out-strict',
      kind: 'fan-out',
      mode: 'ACTIVE',
      score: 95,
      windowMs: 3_600_000,
      minRecipients: 40,
      minAmountMinor: 1_000,
    };
    const added = await call('POST', '/internal/monitoring/rules/fan-out-strict', { rule: strict, ...admin });
    expect(added.status).toBe(202);
    expect(added.body.proposal).toMatchObject({ ruleId: 'fan-out-strict', rule: strict, proposedBy: 7 });
    expect(added.body.rules.find((r: { id: string }) => r.id === 'fan-out-strict')).toEqual({ ...strict, mode: 'TEST' });
    expect((await call('POST', '/internal/monitoring/rules/fan-out-strict', { rule: strict, ...admin })).body.code).toBe(
      'APPROVAL_BY_REQUESTER',
    );
    const approved = await call('POST', '/internal/monitoring/rules/fan-out-strict', { rule: strict, ...secondAdmin });
    expect(approved.status).toBe(200);
    expect(await ruleOf('fan-out-strict')).toEqual(strict);

    // A preset's score raised, or a TEST preset made ACTIVE: proposed, nothing changes yet.
    const structuring = await ruleOf('structuring');
    const raised = await call('POST', '/internal/monitoring/rules/structuring', { rule: { ...structuring, score: 60 }, ...admin });
    expect(raised.status).toBe(202);
    expect((await ruleOf('structuring')).score).toBe(50);
    const client = await ruleOf('velocity-client');
    const live = await call('POST', '/internal/monitoring/rules/velocity-client', { rule: { ...client, mode: 'ACTIVE' }, ...admin });
    expect(live.status).toBe(202);
    expect((await ruleOf('velocity-client')).mode).toBe('TEST');
    // A lower threshold of a rule that does not freeze alone only catches more: one ADMIN, at once.
    const lower = await call('POST', '/internal/monitoring/rules/structuring', { rule: { ...structuring, minCount: 2 }, ...admin });
    expect(lower.status).toBe(200);
    // Put back (a higher minimum loosens it: two people), so that later tests meet the presets.
    const back = await call('POST', '/internal/monitoring/rules/structuring', { rule: structuring, ...admin });
    expect(back.status).toBe(403);
    expect((await call('POST', '/internal/monitoring/rules/structuring', { rule: structuring, ...secondAdmin })).status).toBe(200);
    for (const who of [admin, secondAdmin])
      await call('POST', '/internal/monitoring/rules/fan-out-strict', { rule: { ...strict, mode: 'DISABLED' }, ...who });
    expect((await ruleOf('fan-out-strict')).mode).toBe('DISABLED');
  });

  it('when a rule asks for more automatic freezes in an hour than its bound, then it pauses itself (TEST, audited) instead; one request approved by another ADMIN+ lists its freezes to lift, and an ADMIN whose wallet it lists neither asks for nor approves it', async () => {
    // Payments over 15,000 coins fire it, and no preset: its score alone freezes.
    const big = {
      id: 'big-payers',
      kind: 'velocity',
      mode: 'ACTIVE',
      score: 100,
      windowMs: 3_600_000,
      scope: 'wallet-out',
      maxCount: null,
      maxSumMinor: 1_500_000,
    };
    expect((await call('POST', '/internal/monitoring/rules/big-payers', { rule: big, ...admin })).status).toBe(202);
    expect((await call('POST', '/internal/monitoring/rules/big-payers', { rule: big, ...secondAdmin })).status).toBe(200);
    const payers = [8_001, 8_002, 8_003];
    for (const payer of payers) {
      await publish([transfer(payer, payer + 100, 16_000)]);
      await openCaseOf(payer);
    }
    await eventually(async () => ((await ruleOf('big-payers')).mode === 'TEST' ? true : undefined), 20_000, 'the rule paused');
    await service.sweep();
    expect(freezes.filter((f) => f.rules.includes('big-payers')).map((f) => f.wallet)).toEqual(['user:8001', 'user:8002']);
    await eventually(async () => (audited.some((r) => r.action === 'monitoring-rule.pause') ? true : undefined));
    expect(audited.find((r) => r.action === 'monitoring-rule.pause')).toMatchObject({
      target: 'monitoring-rule:big-payers',
      actor: { kind: 'service', id: 'monitoring' },
      summary: { mode: 'TEST', freezesInHour: 2, freezesPerHourMax: 2 },
    });

    const path = '/internal/monitoring/rules/big-payers/freeze-lift';
    // An ADMIN whose own wallet the rule froze lifts nothing.
    const frozenAdmin: AskedAs = {
      actor: { kind: 'user', id: '8001', role: 'ADMIN' },
      roleSince: '2020-01-01T00:00:00.000Z',
      requestId: 'req-monitoring-frozen',
    };
    const own = await call('POST', path, { reason: 'mine too', ...frozenAdmin });
    expect([own.status, own.body.code]).toEqual([403, 'SELF_DEALING']);
    const asked = await call('POST', path, { reason: 'a rule that froze large payers', ...admin });
    expect(asked.status).toBe(202);
    expect(asked.body.freezeLift).toMatchObject({ ruleId: 'big-payers', status: 'PENDING', requestedBy: 7 });
    expect(asked.body.freezeLift.freezes.map((f: { userId: number }) => f.userId)).toEqual([8_001, 8_002]);
    expect((await call('POST', `${path}/approve`, admin)).body.code).toBe('APPROVAL_BY_REQUESTER');
    // Nor does that ADMIN approve another's lift that lists their wallet, nor reject it: the whole lift is refused, none lifted.
    const ownApproval = await call('POST', `${path}/approve`, frozenAdmin);
    expect([ownApproval.status, ownApproval.body.code]).toEqual([403, 'SELF_DEALING']);
    const ownRejection = await call('POST', '/internal/monitoring/proposals/freeze-lift/big-payers/reject', {
      reason: 'keep them',
      ...frozenAdmin,
    });
    expect([ownRejection.status, ownRejection.body.code]).toEqual([403, 'SELF_DEALING']);
    const approved = await call('POST', `${path}/approve`, secondAdmin);
    expect(approved.status).toBe(200);
    expect(approved.body.freezeLift).toMatchObject({ status: 'APPROVED', requestedBy: 7, approvedBy: 8 });
    // Lifted, they are no longer the rule's to lift, and nothing is pending.
    const none = await call('POST', path, { reason: 'again', ...admin });
    expect([none.status, none.body.code]).toEqual([409, 'WALLET_NOT_FROZEN']);
    expect((await call('POST', `${path}/approve`, thirdAdmin)).body.code).toBe('UNFREEZE_NOT_REQUESTED');
    await eventually(async () => (audited.some((r) => r.action === 'monitoring-rule.freeze-lift-approve') ? true : undefined));
    expect(
      audited.filter((r) => r.action.startsWith('monitoring-rule.freeze-lift')).map((r) => [r.action, r.actor.id, r.summary.errorCode]),
    ).toEqual([
      ['monitoring-rule.freeze-lift-refused', '8001', 'SELF_DEALING'],
      ['monitoring-rule.freeze-lift-request', '7', undefined],
      ['monitoring-rule.freeze-lift-refused', '7', 'APPROVAL_BY_REQUESTER'],
      ['monitoring-rule.freeze-lift-refused', '8001', 'SELF_DEALING'],
      ['monitoring-rule.freeze-lift-refused', '8001', 'SELF_DEALING'],
      ['monitoring-rule.freeze-lift-approve', '8', undefined],
    ]);
    for (const who of [admin, secondAdmin])
      await call('POST', '/internal/monitoring/rules/big-payers', { rule: { ...big, mode: 'DISABLED' }, ...who });
  });

  it('when the subject of a case, or a party to its transactions, takes a step on it, then 403 SELF_DEALING, audited, and nothing changes', async () => {
    const [a, b, c] = [9, 7_002, 8];
    await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
    const found = await openCaseOf(a);
    const path = `/internal/monitoring/cases/${found.id}`;
    // The subject (ADMIN 9), then the payer of its transaction (ADMIN 8): a resolution, an assignment, a note.
    for (const [step, body, who] of [
      ['resolve', { resolution: 'FALSE_POSITIVE', reason: 'friends' }, thirdAdmin],
      ['assign', { assignee: 9 }, thirdAdmin],
      ['comments', { body: 'nothing to see' }, secondAdmin],
      ['resolve', { resolution: 'CONFIRMED', reason: 'fine' }, secondAdmin],
    ] as const) {
      const refused = await call('POST', `${path}/${step}`, { ...body, ...who });
      expect({ step, status: refused.status, code: refused.body.code }).toEqual({ step, status: 403, code: 'SELF_DEALING' });
    }
    // Linking a transaction one is a party to makes no one a judge of it either.
    const [d, e] = [7_101, 7_102];
    const own = transfer(7, d, 5);
    await publish([own, transfer(d, e, 1)]);
    await eventually(async () =>
      (await pool.query('SELECT 1 FROM monitoring_transactions WHERE transaction_id = $1', [own.transaction.id])).rowCount === 1
        ? true
        : undefined,
    );
    const link = await call('POST', `${path}/transactions`, { transactionIds: [own.transaction.id], ...admin });
    expect([link.status, link.body.code]).toEqual([403, 'SELF_DEALING']);
    const detail = (await call('GET', path)).body;
    expect(detail.case).toMatchObject({ status: 'OPEN', assignee: null });
    expect(detail.notes).toEqual([]);
    await eventually(async () => (audited.filter((r) => r.target === `monitoring-case:${found.id}`).length >= 5 ? true : undefined));
    expect(
      audited.filter((r) => r.target === `monitoring-case:${found.id}`).map((r) => [r.action, r.actor.id, r.summary.errorCode]),
    ).toEqual([
      ['monitoring-case.refused', '9', 'SELF_DEALING'],
      ['monitoring-case.refused', '9', 'SELF_DEALING'],
      ['monitoring-case.refused', '8', 'SELF_DEALING'],
      ['monitoring-case.refused', '8', 'SELF_DEALING'],
      ['monitoring-case.refused', '7', 'SELF_DEALING'],
    ]);
  });

  it('when one ADMIN resolves a case scored 60 or more as FALSE_POSITIVE, then it stays open until a different ADMIN+ resolves it the same way; CONFIRMED, or a lower score, one ADMIN closes', async () => {
    const [a, b, c] = [7_201, 7_202, 7_203];
    await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
    const ring = await openCaseOf(a);
    expect(ring.score).toBe(70);
    const resolve = (id: string, resolution: string, who: typeof admin) =>
      call('POST', `/internal/monitoring/cases/${id}/resolve`, { resolution, reason: 'friends sharing a bill', ...who });
    const first = await resolve(ring.id, 'FALSE_POSITIVE', admin);
    expect([first.status, first.body.code]).toEqual([403, 'FOUR_EYES_REQUIRED']);
    expect((await resolve(ring.id, 'FALSE_POSITIVE', admin)).body.code).toBe('APPROVAL_BY_REQUESTER');
    expect((await resolve(ring.id, 'FALSE_POSITIVE', secondAdmin)).body).toMatchObject({ status: 'RESOLVED', resolvedBy: 8 });
    // CONFIRMED at 70 by one ADMIN; FALSE_POSITIVE of a case at 50 by one ADMIN.
    const [x, y, z] = [7_301, 7_302, 7_303];
    await publish([transfer(x, y, 500), transfer(y, z, 490), transfer(z, x, 480)]);
    expect((await resolve((await openCaseOf(x)).id, 'CONFIRMED', admin)).body).toMatchObject({ status: 'RESOLVED' });
    const low = randomUUID();
    await pool.query(
      `INSERT INTO monitoring_cases (id, subject, score, rules, opened_at) VALUES ($1, 'user:7401', 50, '{structuring}', now())`,
      [low],
    );
    expect((await resolve(low, 'FALSE_POSITIVE', admin)).body).toMatchObject({ status: 'RESOLVED', resolution: 'FALSE_POSITIVE' });
  });

  /**
   * The second person's rule from each monitoring row of the four-eyes table (its `deciders`, its
   * `subject`), judged by this service: for every act it applies, a request is raised by one ADMIN,
   * then refused to its requester, to the person it is about (where it is about one), to a decider
   * of a role the row does not name, to one who took the role after the request, to one whose
   * token names no `role_since`, to one whose token's second factor is stale or absent, and to a
   * call whose person's token is absent, forged or another person's (the service reads who asks
   * from the token it verifies, never from the gateway's word); each refusal is audited and leaves
   * the request pending, and an eligible second ADMIN+ then approves it.
   */
  const monitoringActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => fourEyesActs[act].service === 'monitoring');
  /** How each monitoring act's request is raised here: the approve call's path and body, its audit target, and the person it is about. */
  const raiseMonitoringAct: Record<string, (n: number) => Promise<{ path: string; body: object; target: string; subject: number | null }>> =
    {
      'rule-change': async (n) => {
        const rule = {
          id: `deciders-${n}`,
          kind: 'velocity',
          mode: 'ACTIVE',
          score: 1,
          windowMs: 1_000,
          scope: 'wallet-out',
          maxCount: 1_000_000,
          maxSumMinor: null,
        };
        expect((await call('POST', `/internal/monitoring/rules/${rule.id}`, { rule, ...admin })).status).toBe(202);
        return { path: `/internal/monitoring/rules/${rule.id}`, body: { rule }, target: `monitoring-rule:${rule.id}`, subject: null };
      },
      'case-resolution': async (n) => {
        const [a, b, c] = [9_000 + n * 10, 9_001 + n * 10, 9_002 + n * 10];
        await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
        const found = await openCaseOf(a);
        await pool.query(`UPDATE monitoring_cases SET freeze_requested_at = now(), freeze_outcome = 'requested' WHERE id = $1`, [found.id]);
        const path = `/internal/monitoring/cases/${found.id}/resolve`;
        const body = { resolution: 'CONFIRMED', reason: 'a ring' };
        expect((await call('POST', path, { ...body, ...admin })).body.code).toBe('FOUR_EYES_REQUIRED');
        return { path, body, target: `monitoring-case:${found.id}`, subject: a };
      },
      'freeze-lift': async (n) => {
        const [a, b, c] = [9_500 + n * 10, 9_501 + n * 10, 9_502 + n * 10];
        await publish([transfer(a, b, 500), transfer(b, c, 490), transfer(c, a, 480)]);
        const found = await openCaseOf(a);
        const ruleId = `lifted-${n}`;
        // The rule's freeze of the subject's wallet, as the engine records one it asked the ledger for.
        await pool.query(`UPDATE monitoring_cases SET freeze_requested_at = now(), freeze_outcome = 'requested' WHERE id = $1`, [found.id]);
        await pool.query('INSERT INTO monitoring_rule_freezes (rule_id, case_id, wallet) VALUES ($1, $2, $3)', [
          ruleId,
          found.id,
          `user:${a}`,
        ]);
        const path = `/internal/monitoring/rules/${ruleId}/freeze-lift`;
        expect((await call('POST', path, { reason: 'a rule too eager', ...admin })).status).toBe(202);
        return { path: `${path}/approve`, body: {}, target: `monitoring-rule:${ruleId}`, subject: a };
      },
    };

  it.each(monitoringActs.map((act, n) => [act, n] as const))(
    "when a %s request is approved by its requester, the person it is about, a decider of a role its row does not name, one promoted after the request, one of no known role start, one whose second factor is stale or absent, a call whose token is absent, forged or another person's, or a token revoked since (signed out everywhere, demoted, deleted) or that the user service cannot vouch for, then 401, 403 or 503 each, audited, and an eligible ADMIN+ approves it",
    async (act, n) => {
      const raise = raiseMonitoringAct[act];
      if (!raise) throw new Error(`monitoring act ${act} has no way to raise it in this file`);
      const raised = await raise(n);
      const ago = '2020-01-01T00:00:00.000Z';
      const person = (id: number, role: string, roleSince: string | null, mfaAgoS?: number | null): AskedAs => ({
        actor: { kind: 'user', id: String(id), role },
        roleSince,
        requestId: `deciders-${act}`,
        ...(mfaAgoS === undefined ? {} : { mfaAgoS }),
      });
      const forger = generateKeyPairSync('ed25519').privateKey;
      const eligible = person(9_906, 'ADMIN', ago);
      const tries = [
        { who: 'requester', asked: admin, status: 403, code: 'APPROVAL_BY_REQUESTER' },
        ...(raised.subject === null
          ? []
          : [{ who: 'subject', asked: person(raised.subject, 'ADMIN', ago), status: 403, code: 'SELF_DEALING' }]),
        { who: 'wrong role', asked: person(9_901, 'DEVELOPER', ago), status: 403, code: 'APPROVER_NOT_ELIGIBLE' },
        { who: 'promoted after', asked: person(9_902, 'ADMIN', new Date().toISOString()), status: 403, code: 'APPROVER_NOT_ELIGIBLE' },
        { who: 'role start unknown', asked: person(9_903, 'SUPERADMIN', null), status: 403, code: 'APPROVER_NOT_ELIGIBLE' },
        // The second factor is the token's, not the gateway's word: STEP_UP_MAX_AGE_S is 300 s here.
        { who: 'stale second factor', asked: person(9_904, 'ADMIN', ago, 3_600), status: 403, code: 'STEP_UP_REQUIRED' },
        { who: 'no second factor', asked: person(9_905, 'ADMIN', ago, null), status: 403, code: 'STEP_UP_REQUIRED' },
        // Whom the call names is proved by the person's own token, never taken from the gateway.
        { who: 'absent token', asked: { ...eligible, proof: undefined }, status: 401, code: 'UNAUTHENTICATED' },
        {
          who: 'forged token',
          asked: { ...eligible, proof: await accessTokenOf(eligible.actor, { roleSince: ago }, forger) },
          status: 401,
          code: 'UNAUTHENTICATED',
        },
        {
          who: "another person's token",
          asked: { ...eligible, proof: await accessTokenOf(secondAdmin.actor, { roleSince: ago }) },
          status: 403,
          code: 'FORBIDDEN',
        },
        // A token is believed until it expires: the user service's word now says whether it still speaks for its person.
        { who: 'token revoked since', asked: person(9_907, 'ADMIN', ago), status: 401, code: 'UNAUTHENTICATED' },
        { who: 'demoted since', asked: person(9_908, 'ADMIN', ago), status: 401, code: 'UNAUTHENTICATED' },
        { who: 'deleted since', asked: person(9_909, 'ADMIN', ago), status: 401, code: 'UNAUTHENTICATED' },
        { who: 'user service down', asked: person(9_910, 'ADMIN', ago), status: 503, code: 'UNAVAILABLE' },
      ];
      standings.set('9907', { tokenVersion: 2, role: 'ADMIN' });
      standings.set('9908', { tokenVersion: 1, role: 'USER' });
      standings.set('9909', 'unknown');
      standings.set('9910', 'down');
      for (const { who, asked, status, code } of tries) {
        const refused = await call('POST', raised.path, { ...raised.body, ...asked });
        expect({ act, who, status: refused.status, code: refused.body.code }).toEqual({ act, who, status, code });
        await eventually(
          async () =>
            audited.some((r) => r.target === raised.target && r.actor.id === asked.actor.id && r.summary.errorCode === code)
              ? true
              : undefined,
          20_000,
          `the refusal of ${act} to the ${who}`,
        );
      }
      const approved = await call('POST', raised.path, { ...raised.body, ...secondAdmin });
      expect({ act, status: approved.status }).toEqual({ act, status: 200 });
    },
  );

  it('when a case, the rules or the proposals are read, then only an ADMIN+ whose own token this service verifies is answered; every other reader is refused and audited', async () => {
    const ago = '2020-01-01T00:00:00.000Z';
    const person = (id: number, role: string): AskedAs => ({
      actor: { kind: 'user', id: String(id), role },
      roleSince: ago,
      requestId: `read-${id}`,
    });
    const forger = generateKeyPairSync('ed25519').privateKey;
    const admin9920 = person(9_920, 'ADMIN');
    const tries: { who: string; asked: AskedAs | null; recordedAs: string; status: number; code: string }[] = [
      // The gateway's service credential lets it call the route, and proves no person.
      { who: 'no reader named', asked: null, recordedAs: 'gateway', status: 401, code: 'UNAUTHENTICATED' },
      { who: 'absent token', asked: { ...admin9920, proof: undefined }, recordedAs: '9920', status: 401, code: 'UNAUTHENTICATED' },
      {
        who: 'forged token',
        asked: { ...admin9920, proof: await accessTokenOf(admin9920.actor, { roleSince: ago }, forger) },
        recordedAs: '9920',
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      {
        who: "another person's token",
        asked: { ...admin9920, proof: await accessTokenOf(reader.actor, { roleSince: ago }) },
        recordedAs: '9920',
        status: 403,
        code: 'FORBIDDEN',
      },
      { who: 'a USER', asked: person(9_921, 'USER'), recordedAs: '9921', status: 403, code: 'FORBIDDEN' },
      { who: 'a DEVELOPER', asked: person(9_922, 'DEVELOPER'), recordedAs: '9922', status: 403, code: 'FORBIDDEN' },
      { who: 'demoted since', asked: person(9_923, 'ADMIN'), recordedAs: '9923', status: 401, code: 'UNAUTHENTICATED' },
      { who: 'user service down', asked: person(9_924, 'ADMIN'), recordedAs: '9924', status: 503, code: 'UNAVAILABLE' },
    ];
    standings.set('9923', { tokenVersion: 1, role: 'USER' });
    standings.set('9924', 'down');
    const reads = [
      { path: '/internal/monitoring/cases?status=OPEN', target: 'monitoring-cases' },
      { path: '/internal/monitoring/rules', target: 'monitoring-rules' },
      { path: '/internal/monitoring/proposals/case', target: 'monitoring-proposals' },
    ];
    const refusals: { target: string; recordedAs: string; code: string }[] = [];
    for (const { path, target } of reads) {
      for (const { who, asked, recordedAs, status, code } of tries) {
        const refused = await call('GET', path, asked);
        expect({ path, who, status: refused.status, code: refused.body.code }).toEqual({ path, who, status, code });
        refusals.push({ target, recordedAs, code });
      }
      // A SUPERADMIN reads, with no fresh second factor: a read decides nothing.
      const answered = await call('GET', path, { ...person(9_925, 'SUPERADMIN'), mfaAgoS: null });
      expect({ path, status: answered.status }).toEqual({ path, status: 200 });
    }
    // The path as the router reads it, not as sent: an encoded letter reaches the same route and is refused the same way.
    for (const path of [
      '/internal/%6Donitoring/cases?status=OPEN',
      '/internal/monitoring/rule%73',
      '/internal/monitoring/%70roposals/case',
    ]) {
      const sent = await call('GET', path, null);
      expect({ path, status: sent.status, code: sent.body?.code }).toEqual({ path, status: 401, code: 'UNAUTHENTICATED' });
    }
    // Each refusal recorded in the admin audit log, under the person named (the gateway's call: the gateway).
    const unrecorded = () =>
      refusals.filter(
        ({ target, recordedAs, code }) =>
          !audited.some(
            (r) => r.target === target && r.actor.id === recordedAs && r.summary.step === 'read' && r.summary.errorCode === code,
          ),
      );
    await eventually(async () => (unrecorded().length === 0 ? true : undefined), 20_000, 'every refused read audited');
  });

  it("when the service restarts, then the replayed day keeps its payers' ages: old wallets paying one wallet and a new one after the restart open no fan-in case", async () => {
    const [target, newcomer] = [5_001, 5_099];
    const olds = [5_010, 5_011, 5_012, 5_013];
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    // Each old wallet first moved ten days ago, then paid the target today: four payers, none new.
    const payments = olds.map((old) => transfer(old, target, 50));
    await publish([...olds.map((old) => transfer(old, 5_050, 1, tenDaysAgo)), ...payments]);
    const seen = async (transactionId: number) =>
      (await pool.query('SELECT 1 FROM monitoring_transactions WHERE transaction_id = $1', [transactionId])).rowCount === 1
        ? true
        : undefined;
    await eventually(() => seen(nextId), 20_000, 'the old payments seen');
    // A warm-up reads the newest of its horizon, in time order.
    const latest = await seenLatest(pool, new Date(Date.now() - 86_400_000), payments.length);
    expect(latest.map((m) => m.transactionId)).toEqual(payments.map((p) => p.transaction.id));
    await service.close();
    service = await start();
    // A wallet never seen before pays the target: one new payer, far from the rule's five.
    const last = transfer(newcomer, target, 50);
    await publish([last]);
    await eventually(() => seen(last.transaction.id), 30_000, "the newcomer's payment seen");
    const open = await pool.query('SELECT rules FROM monitoring_cases WHERE subject = $1', [`user:${target}`]);
    expect(open.rows).toEqual([]);
    // A back-test of the preset over the day sees the payers as old too: no hit on the target.
    const fanIn = (await call('GET', '/internal/monitoring/rules')).body.rules.find((r: { id: string }) => r.id === 'fan-in-new-wallets');
    const report = await call('POST', '/internal/monitoring/rules/backtest', { rule: fanIn, days: 1 });
    expect(report.body).toMatchObject({ ruleId: 'fan-in-new-wallets', hits: 0 });
  }, 90_000);
});
