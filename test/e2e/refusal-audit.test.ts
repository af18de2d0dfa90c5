import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { AuditLogEntry, RefusalRecord } from '@coin/contracts';
import { type AdminSession, adminSession, adminStepUp, apiKeyFor, coSignersReady, withUsersDb, type Session } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { scaledSeconds } from '../harness/machine-speed';
import { http, login, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/*
 * Every refusal of authority is audited: a 401/403 of the gateway on an admin, superadmin, reward
 * or key-guarded route (a missing or stale second factor included) is recorded by the gateway,
 * chained by the history service and read back from GET /api/admin/audit-log?result=rejected,
 * with the actor (or the client address), the action, the reason and the request id. A flood is
 * bounded per principal (the verified caller, or the address of a caller without a valid token),
 * and the first refusal of each principal on each route in a window is always recorded, so no
 * flood hides another caller's refusal, nor the flooder's own first one on another route.
 */
const perPrincipalMax = 8;
const windowMs = 4000;
/**
 * Short, so that a session's second factor goes stale within the test (the other tests' step-ups
 * run at once): 8 s on the 2-core machine, scaled to this one.
 */
const stepUpMaxAgeS = scaledSeconds(8);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refusals of authority in the admin audit log', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let admin: Session;
  let stale: AdminSession;
  const run = randomUUID().slice(0, 8);
  const requestId = (name: string) => `refusal-${run}-${name}`;
  /** `from`: the client address, named by the test as the proxy in front of the gateway (else 127.0.0.1). */
  const call = (
    method: string,
    path: string,
    name: string,
    options: { token?: string; apiKey?: string; body?: unknown; from?: string } = {},
  ) =>
    http(stack.gatewayUrl, method, path, {
      ...(options.token ? { token: options.token } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers: {
        'x-request-id': requestId(name),
        'idempotency-key': randomUUID(),
        ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
      },
    });
  /**
   * The superadmin's token with a fresh second factor, for a step-up act (asking for an API key):
   * the suite's step-up window is short (it tests it), so the one of sign-in may be spent by then.
   */
  const freshSuperadmin = async (): Promise<string> => {
    superadmin.accessToken = await adminStepUp(stack, superadmin);
    return superadmin.accessToken;
  };
  /** The rejected entries whose request id starts with this name's, once `count` are there. */
  const rejected = (name: string, count = 1): Promise<RefusalRecord[]> =>
    eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        expect(page.status).toBe(200);
        const entries = (page.body.entries as AuditLogEntry[]).filter((e) => e.requestId?.startsWith(requestId(name)));
        return entries.length >= count ? (entries as RefusalRecord[]) : undefined;
      },
      20_000,
      `refusal record of ${name}`,
    );

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        REFUSAL_AUDIT_PER_PRINCIPAL_MAX: String(perPrincipalMax),
        REFUSAL_AUDIT_WINDOW_MS: String(windowMs),
        STEP_UP_MAX_AGE_S: String(stepUpMaxAgeS),
        // The test, on loopback, is the proxy that names each flood's client address: a flood from
        // an address no case before used starts its own window instead of waiting for one to end.
        GATEWAY_TRUSTED_PROXIES: 'loopback',
      },
    });
    superadmin = await adminSession(stack, 'SUPERADMIN');
    admin = await adminSession(stack, 'ADMIN');
    // The last case's admin: its second factor ages while the cases before run.
    stale = await adminSession(stack, 'ADMIN');
    // The co-signers apiKeyFor needs, made now: made on its first call, between a fresh step-up
    // and the request it is for, they took over the 8 s on a slow box (403 STEP_UP_REQUIRED).
    await coSignersReady(stack);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a test-mode client calls reward, then the 403 TEST_MODE_CREDENTIALS is recorded as rejected with the verified client (docs/decisions/0018-sandbox.md)', async () => {
    const created = await call('POST', '/api/admin/test-clients', 'test-client-create', {
      token: admin.accessToken,
      body: { name: `sandbox ${run}`, treasuries: ['REWARDS'] },
    });
    expect(created.status).toBe(201);
    const { client, clientSecret } = created.body as { client: { id: string }; clientSecret: string };
    const issued = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId: client.id, clientSecret } });
    const token = (issued.body as { accessToken: string }).accessToken;
    const answer = await call('POST', '/api/admin/reward', 'test-client-reward', {
      token,
      body: { userId: admin.userId, amount: 1, reason: 'probe' },
    });
    expect([answer.status, answer.body.code]).toEqual([403, 'TEST_MODE_CREDENTIALS']);
    const [entry] = await rejected('test-client-reward');
    expect(entry).toMatchObject({
      source: 'gateway',
      actor: { kind: 'system', id: client.id, verified: true },
      action: 'rewardUser',
      result: 'rejected',
      errorCode: 'TEST_MODE_CREDENTIALS',
    });
  });

  it('when an ADMIN calls a SUPERADMIN route, then the 403 is recorded as rejected with the verified actor, the operation, the reason and the request id', async () => {
    const answer = await call('POST', '/api/admin/api-keys', 'admin-superadmin', {
      token: admin.accessToken,
      body: { name: 'x', scopes: ['mint'] },
    });
    expect(answer.status).toBe(403);
    const [entry] = await rejected('admin-superadmin');
    expect(entry).toMatchObject({
      source: 'gateway',
      actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN', verified: true },
      action: 'createApiKey',
      target: 'route:POST /api/admin/api-keys',
      result: 'rejected',
      errorCode: 'FORBIDDEN',
      reason: 'Your role does not allow this operation',
      requestId: requestId('admin-superadmin'),
      summary: { method: 'POST', route: '/api/admin/api-keys', status: 403 },
    });
    expect(entry!.address).toEqual(expect.any(String));
    expect(JSON.stringify(entry)).not.toContain(admin.accessToken);
  });

  it('when an ADMIN calls a key-guarded route without a key and with a key lacking the scope, then the 401 and the 403 are recorded, never the key', async () => {
    const burnOnly = await apiKeyFor(stack, await freshSuperadmin(), ['burn'], admin);
    const body = { userId: admin.userId, amount: 1, reason: 'refusal audit' };
    expect((await call('POST', '/api/admin/mint', 'key-missing', { token: admin.accessToken, body })).status).toBe(401);
    expect((await call('POST', '/api/admin/mint', 'key-scope', { token: admin.accessToken, apiKey: burnOnly, body })).status).toBe(403);
    const [missing] = await rejected('key-missing');
    expect(missing).toMatchObject({
      actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN', verified: true },
      action: 'mintCoins',
      errorCode: 'API_KEY_INVALID',
      summary: { apiKeyScope: 'mint', status: 401 },
      requestId: requestId('key-missing'),
    });
    const [scope] = await rejected('key-scope');
    expect(scope).toMatchObject({ action: 'mintCoins', errorCode: 'API_KEY_SCOPE', reason: 'The API key lacks the "mint" scope' });
    expect(JSON.stringify(scope)).not.toContain(burnOnly);
  });

  it('when an ADMIN mints with an API key issued to another admin, then 401 API_KEY_INVALID, recorded, and nothing is minted; its owner mints with it', async () => {
    // The SUPERADMIN's own key: a key is issued to the admin who creates it unless it names another.
    const othersKey = await apiKeyFor(stack, await freshSuperadmin(), ['mint']);
    const payee = await registerUser(stack.gatewayUrl);
    const body = { userId: payee.userId, amount: 1, reason: "someone else's key" };
    const answer = await call('POST', '/api/admin/mint', 'key-of-another', { token: admin.accessToken, apiKey: othersKey, body });
    expect({ status: answer.status, code: answer.body?.code }).toEqual({ status: 401, code: 'API_KEY_INVALID' });
    const [entry] = await rejected('key-of-another');
    expect(entry).toMatchObject({
      actor: { kind: 'user', id: String(admin.userId), role: 'ADMIN', verified: true },
      action: 'mintCoins',
      errorCode: 'API_KEY_INVALID',
      reason: 'The API key was issued to another admin',
      summary: { apiKeyScope: 'mint', status: 401 },
    });
    expect(JSON.stringify(entry)).not.toContain(othersKey);
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: payee.accessToken })).body.balance).toBe(0);
    // Its owner mints with it.
    const own = await call('POST', '/api/admin/mint', 'key-of-owner', { token: superadmin.accessToken, apiKey: othersKey, body });
    expect(own.status).toBe(201);
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: payee.accessToken })).body.balance).toBe(1);
  });

  it('when a USER calls an admin route, then the 403 is recorded with the user as actor', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect((await call('GET', '/api/admin/users', 'user-admin', { token: user.accessToken })).status).toBe(403);
    const [entry] = await rejected('user-admin');
    expect(entry).toMatchObject({
      actor: { kind: 'user', id: String(user.userId), role: 'USER', verified: true },
      action: 'listUsers',
      errorCode: 'FORBIDDEN',
    });
  });

  it('when an anonymous caller (no token, or a forged one) calls an admin route, then the 401 is recorded with the client address as actor', async () => {
    expect((await call('GET', '/api/admin/users', 'anonymous')).status).toBe(401);
    expect((await call('GET', '/api/admin/users', 'anonymous-forged', { token: 'eyJhbGciOiJub25lIn0.e30.x' })).status).toBe(401);
    const [entry] = await rejected('anonymous', 2);
    expect(entry).toMatchObject({ actor: { kind: 'anonymous', verified: false }, action: 'listUsers', errorCode: 'UNAUTHENTICATED' });
    expect(entry!.actor.id).toBe(entry!.address);
    expect(JSON.stringify(await rejected('anonymous-forged'))).not.toContain('eyJhbGciOiJub25lIn0');
  });

  it('when a user route refuses a caller without a token (/api/wallets/me), then nothing is recorded: only guarded routes are', async () => {
    expect((await call('GET', '/api/wallets/me', 'user-route')).status).toBe(401);
    // The anonymous 401 above was recorded by now; this one, sent after it, is not.
    await rejected('anonymous');
    const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: superadmin.accessToken });
    expect((page.body.entries as AuditLogEntry[]).filter((e) => e.requestId === requestId('user-route'))).toEqual([]);
  });

  it('when an anonymous caller floods an admin route from one address, then at most the quota per window is recorded one by one and the rest as suppressed counts', async () => {
    // From an address of its own: the anonymous quota of 127.0.0.1 is spent by the cases above.
    const from = '203.0.113.51';
    const flood = 60;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: flood }, (_, i) => call('GET', '/api/admin/users', `flood-${i}`, { from })));
    // The windows the flood touched: two on a quick machine (it may straddle a boundary), more
    // when the machine is slow enough that the flood outlasts a window.
    const windowsTouched = Math.floor((Date.now() - started) / windowMs) + 2;
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const counted = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        const entries = page.body.entries as AuditLogEntry[];
        const one = entries.filter((e) => e.requestId?.startsWith(requestId('flood-')));
        const suppressed = entries
          .filter((e) => e.action === 'refusals.suppressed')
          .reduce((sum, e) => sum + Number((e.summary as { suppressed: number }).suppressed), 0);
        return one.length + suppressed >= flood ? { one: one.length, suppressed } : undefined;
      },
      20_000,
      'the flood, one by one and as counts',
    );
    // At most the quota in each window the flood touched.
    expect(counted.one).toBeLessThanOrEqual(windowsTouched * perPrincipalMax);
    expect(counted.one).toBeGreaterThan(0);
    expect(counted.one + counted.suppressed).toBe(flood);
  }, 60_000);

  /** Every rejected entry of the log (the tests' own are told apart by request id). */
  const rejectedEntries = async (): Promise<AuditLogEntry[]> => {
    const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: superadmin.accessToken });
    expect(page.status).toBe(200);
    return page.body.entries as AuditLogEntry[];
  };

  it('when an anonymous caller floods an admin route from one address, then a signed-in caller refused from the same address in the same window is still recorded', async () => {
    const from = '203.0.113.52';
    const answers = await Promise.all(
      Array.from({ length: 3 * perPrincipalMax }, (_, i) => call('GET', '/api/admin/users', `anon-flood-${i}`, { from })),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    // The same address, another principal.
    const user = await registerUser(stack.gatewayUrl);
    expect((await call('GET', '/api/admin/users', 'after-anon-flood', { token: user.accessToken, from })).status).toBe(403);
    const [entry] = await rejected('after-anon-flood');
    expect(entry).toMatchObject({ actor: { kind: 'user', id: String(user.userId), verified: true }, errorCode: 'FORBIDDEN' });
  }, 60_000);

  it("when a signed-in caller floods one route, then its first refusal on another route in the window is still recorded, as is another caller's, and its flood is counted under its own name", async () => {
    // Both callers are new principals, each with its own window.
    const flooder = await registerUser(stack.gatewayUrl);
    const other = await registerUser(stack.gatewayUrl);
    const flood = 3 * perPrincipalMax;
    const answers = await Promise.all(
      Array.from({ length: flood }, (_, i) => call('GET', '/api/admin/users', `user-flood-${i}`, { token: flooder.accessToken })),
    );
    expect(answers.every((a) => a.status === 403)).toBe(true);
    expect((await call('GET', '/api/admin/approvals', 'flooder-other-route', { token: flooder.accessToken })).status).toBe(403);
    expect((await call('GET', '/api/admin/users', 'other-same-route', { token: other.accessToken })).status).toBe(403);
    const [onOtherRoute] = await rejected('flooder-other-route');
    expect(onOtherRoute).toMatchObject({ actor: { id: String(flooder.userId) }, action: 'listApprovals' });
    const [ofOther] = await rejected('other-same-route');
    expect(ofOther).toMatchObject({ actor: { id: String(other.userId) }, action: 'listUsers' });
    // The flood: some one by one, the rest in one count naming the flooder (not its address).
    const counted = await eventually(
      async () => {
        const entries = await rejectedEntries();
        const one = entries.filter((e) => e.requestId?.startsWith(requestId('user-flood-'))).length;
        const counts = entries.filter((e) => e.action === 'refusals.suppressed' && e.target === `user:${flooder.userId}`);
        const suppressed = counts.reduce((sum, e) => sum + Number((e.summary as { suppressed: number }).suppressed), 0);
        return one + suppressed >= flood ? { one, suppressed, counts } : undefined;
      },
      20_000,
      "the flooder's refusals, one by one and as a count",
    );
    expect(counted.one).toBeLessThanOrEqual(perPrincipalMax);
    expect(counted.one + counted.suppressed).toBe(flood);
    expect(counted.counts[0]).toMatchObject({ actor: { kind: 'user', id: String(flooder.userId), verified: true } });
  }, 60_000);

  it('when an ADMIN signed in without a second factor calls an admin route, then the 403 MFA_REQUIRED is recorded', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await withUsersDb(stack, (query) => query('UPDATE users SET role = $1 WHERE id = $2', ['ADMIN', user.userId]));
    const passwordOnly = await login(stack.gatewayUrl, user.email, user.password);
    const answer = await call('GET', '/api/admin/users', 'mfa-required', { token: passwordOnly.accessToken });
    expect([answer.status, answer.body.code]).toEqual([403, 'MFA_REQUIRED']);
    const [entry] = await rejected('mfa-required');
    expect(entry).toMatchObject({
      actor: { kind: 'user', id: String(user.userId), role: 'ADMIN', verified: true },
      action: 'listUsers',
      errorCode: 'MFA_REQUIRED',
    });
  });

  it('when an admin whose second factor is older than the step-up window calls a step-up route, then the 403 STEP_UP_REQUIRED is recorded', async () => {
    // Signed in with both factors in beforeAll: past the window by now, or after what is left of it
    // (the gateway takes mfa_at in whole seconds and refuses past STEP_UP_MAX_AGE_S).
    const mfaAtMs = Number(decodeJwt(stale.accessToken).mfa_at) * 1000;
    await sleep(Math.max(0, mfaAtMs + stepUpMaxAgeS * 1000 + 100 - Date.now()));
    const answer = await call('POST', '/api/admin/balance-monitors', 'step-up-required', {
      token: stale.accessToken,
      body: { wallet: { treasury: 'REWARDS' }, threshold: 1, direction: 'down' },
    });
    expect([answer.status, answer.body.code]).toEqual([403, 'STEP_UP_REQUIRED']);
    const [entry] = await rejected('step-up-required');
    expect(entry).toMatchObject({
      actor: { kind: 'user', id: String(stale.userId), role: 'ADMIN', verified: true },
      action: 'createBalanceMonitor',
      errorCode: 'STEP_UP_REQUIRED',
    });
  }, 60_000);
});
