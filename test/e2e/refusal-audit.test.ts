import { randomUUID } from 'node:crypto';
import type { AuditLogEntry, RefusalRecord } from '@coin/contracts';
import { adminSession, apiKeyFor, type Session } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/*
 * Every refusal of authority is audited (issue 29 item 8): a 401/403 of the gateway on an admin,
 * superadmin, reward or key-guarded route is recorded by the gateway on admin.audit, chained by
 * the history service and read back from GET /api/admin/audit-log?result=rejected, with the
 * actor (or the client address), the action, the reason and the request id; a flood from one
 * address is bounded.
 */
const perAddressMax = 8;
const windowMs = 4000;

describe('refusals of authority in the admin audit log', () => {
  let stack: TestStack;
  let superadmin: Session;
  let admin: Session;
  const run = randomUUID().slice(0, 8);
  const requestId = (name: string) => `refusal-${run}-${name}`;
  const call = (method: string, path: string, name: string, options: { token?: string; apiKey?: string; body?: unknown } = {}) =>
    http(stack.gatewayUrl, method, path, {
      ...(options.token ? { token: options.token } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers: {
        'x-request-id': requestId(name),
        'idempotency-key': randomUUID(),
        ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
      },
    });
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
      extraEnv: { REFUSAL_AUDIT_PER_ADDRESS_MAX: String(perAddressMax), REFUSAL_AUDIT_WINDOW_MS: String(windowMs) },
    });
    superadmin = await adminSession(stack, 'SUPERADMIN');
    admin = await adminSession(stack, 'ADMIN');
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
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
    const burnOnly = await apiKeyFor(stack, superadmin.accessToken, ['burn'], admin);
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
    const othersKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
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

  it('when one address floods an admin route with refusals, then at most the quota per window is recorded one by one and the rest as suppressed counts', async () => {
    // A fresh window: the quota of the cases above is spent by now.
    await new Promise((resolve) => setTimeout(resolve, windowMs + 200));
    const flood = 60;
    const answers = await Promise.all(Array.from({ length: flood }, (_, i) => call('GET', '/api/admin/users', `flood-${i}`)));
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
    // Within one or two windows (the flood may straddle a boundary).
    expect(counted.one).toBeLessThanOrEqual(2 * perAddressMax);
    expect(counted.one).toBeGreaterThan(0);
    expect(counted.one + counted.suppressed).toBe(flood);
  }, 60_000);
});
