import { refusalRecord, type RefusalRecord } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { AppError } from '@coin/errors';
import { installProblemHandler } from '@coin/http';
import Fastify from 'fastify';
import {
  gatewayRefusalRecord,
  isAuditedRoute,
  isRefusal,
  RefusalAudit,
  RefusalLimiter,
  refusalPrincipalOf,
  registerRefusalAudit,
  suppressedRecord,
  type GatewayRefusal,
} from './refusal-audit';

const at = new Date('2030-05-01T10:00:00.000Z');
const id = '3f1a7c52-9d4e-4b8a-a0c6-5e2f8d1b7a93';
const refusal = (overrides: Partial<GatewayRefusal> = {}): GatewayRefusal => ({
  at,
  principal: { kind: 'user', subject: '42', userId: 42, role: 'ADMIN', tokenVersion: 1 },
  address: '203.0.113.7',
  method: 'POST',
  route: '/api/admin/api-keys',
  operationId: 'createApiKey',
  status: 403,
  code: 'FORBIDDEN',
  detail: 'Your role does not allow this operation',
  requestId: 'req-1',
  apiKeyScope: undefined,
  ...overrides,
});
const logger = createLogger('refusal-audit-test', 'silent');

describe('gatewayRefusalRecord', () => {
  it('when an ADMIN is refused a SUPERADMIN route, then the record names the verified user, the operation, the route, the reason and the request id', () => {
    const record = gatewayRefusalRecord(refusal(), id);
    expect(record).toEqual({
      id,
      at: '2030-05-01T10:00:00.000Z',
      source: 'gateway',
      actor: { kind: 'user', id: '42', role: 'ADMIN', verified: true },
      address: '203.0.113.7',
      action: 'createApiKey',
      target: 'route:POST /api/admin/api-keys',
      summary: { method: 'POST', route: '/api/admin/api-keys', status: 403 },
      result: 'rejected',
      errorCode: 'FORBIDDEN',
      reason: 'Your role does not allow this operation',
      requestId: 'req-1',
    });
    expect(refusalRecord.safeParse(record).success).toBe(true);
  });

  it('when the caller had no valid token, then the actor is anonymous and named by the client address', () => {
    const record = gatewayRefusalRecord(refusal({ principal: undefined, status: 401, code: 'UNAUTHENTICATED' }), id);
    expect(record.actor).toEqual({ kind: 'anonymous', id: '203.0.113.7', verified: false });
  });

  it('when a platform client is refused, then the actor is the client (kind system), verified', () => {
    const record = gatewayRefusalRecord(refusal({ principal: { kind: 'system', subject: 'shop', role: 'SYSTEM', tokenVersion: 0 } }), id);
    expect(record.actor).toEqual({ kind: 'system', id: 'shop', verified: true });
  });

  it('when the route has no operationId, then the action is METHOD /pattern, and a key-guarded route names its scope', () => {
    const record = gatewayRefusalRecord(
      refusal({ operationId: undefined, apiKeyScope: 'mint', route: '/api/admin/mint', code: 'API_KEY_SCOPE' }),
      id,
    );
    expect(record).toMatchObject({ action: 'POST /api/admin/mint', summary: { apiKeyScope: 'mint' } });
  });

  it('when the values are too long for the schema (a hostile address or detail), then they are cut and the record still validates', () => {
    const record = gatewayRefusalRecord(refusal({ address: 'a'.repeat(500), detail: 'd'.repeat(5000), requestId: 'r'.repeat(500) }), id);
    expect(refusalRecord.safeParse(record).success).toBe(true);
  });

  it('when a suppressed count of an address is recorded, then it validates, names the address and says how many', () => {
    const record = suppressedRecord(refusalPrincipalOf(undefined, '203.0.113.7'), 12, 60_000, at, id);
    expect(record).toMatchObject({
      actor: { kind: 'anonymous', id: '203.0.113.7', verified: false },
      address: '203.0.113.7',
      action: 'refusals.suppressed',
      target: 'address:203.0.113.7',
      errorCode: 'REFUSALS_SUPPRESSED',
      summary: { suppressed: 12, windowSeconds: 60 },
    });
    expect(refusalRecord.safeParse(record).success).toBe(true);
  });

  it('when a suppressed count of a verified caller is recorded, then it names the caller, not an address', () => {
    const record = suppressedRecord(refusalPrincipalOf(refusal().principal, '203.0.113.7'), 3, 60_000, at, id);
    expect(record).toMatchObject({ actor: { kind: 'user', id: '42', role: 'ADMIN', verified: true }, address: null, target: 'user:42' });
    expect(refusalRecord.safeParse(record).success).toBe(true);
    const client = refusalPrincipalOf({ kind: 'system', subject: 'pc_shop', role: 'SYSTEM', tokenVersion: 0 }, '203.0.113.7');
    expect(suppressedRecord(client, 3, 60_000, at, id)).toMatchObject({
      actor: { kind: 'system', id: 'pc_shop' },
      target: 'client:pc_shop',
    });
  });
});

describe('isAuditedRoute and isRefusal', () => {
  it.each([
    [{ access: 'admin' as const }, true],
    [{ access: 'superadmin' as const }, true],
    [{ access: 'reward' as const }, true],
    [{ access: 'settle' as const }, true],
    [{ access: 'payout' as const }, true],
    [{ access: 'platform' as const }, true],
    [{ access: 'search' as const }, true],
    [{ access: 'user' as const }, false],
    [{ access: 'caller' as const }, false],
    [{ access: 'owner' as const }, false],
    [{ access: 'public' as const }, false],
    [undefined, false],
  ])('when the route is %j, then audited is %s', (config, audited) => {
    expect(isAuditedRoute(config)).toBe(audited);
  });

  it('when a test-mode client is refused a live route, then that is a refusal of authority (docs/decisions/0018-sandbox.md)', () => {
    expect(isRefusal(403, 'TEST_MODE_CREDENTIALS')).toBe(true);
  });

  it('when an expired token or a 4xx other than 401/403 is answered, then it is no refusal of authority; a missing or stale second factor is one', () => {
    expect(isRefusal(401, 'UNAUTHENTICATED')).toBe(true);
    expect(isRefusal(403, 'MFA_REQUIRED')).toBe(true);
    expect(isRefusal(403, 'STEP_UP_REQUIRED')).toBe(true);
    expect(isRefusal(403, 'API_KEY_SCOPE')).toBe(true);
    expect(isRefusal(401, 'API_KEY_INVALID')).toBe(true);
    expect(isRefusal(401, 'TOKEN_EXPIRED')).toBe(false);
    expect(isRefusal(404, 'NOT_FOUND')).toBe(false);
    expect(isRefusal(403, undefined)).toBe(false);
  });
});

describe('RefusalLimiter', () => {
  const limits = { perPrincipalMax: 3, windowMs: 1000, principalsMax: 2 };
  const anonymous = (address: string) => refusalPrincipalOf(undefined, address);
  const user = (id: number) =>
    refusalPrincipalOf({ kind: 'user', subject: String(id), userId: id, role: 'USER', tokenVersion: 1 }, '10.0.0.1');
  const route = 'GET /api/admin/users';

  it('when a principal is refused past its quota on one route in a window, then the rest are counted and reported once when the window ends', () => {
    const limiter = new RefusalLimiter(limits);
    const admitted = Array.from({ length: 10 }, (_, i) => limiter.admit(anonymous('a'), route, i));
    expect(admitted.filter(Boolean)).toHaveLength(3);
    expect(limiter.flush(999)).toEqual([]);
    expect(limiter.flush(1000)).toEqual([{ principal: anonymous('a'), suppressed: 7 }]);
    expect(limiter.flush(5000)).toEqual([]);
    expect(limiter.admit(anonymous('a'), route, 5000)).toBe(true);
  });

  it('when a principal has used its quota, then its first refusal on each other route is still admitted, its second not', () => {
    const limiter = new RefusalLimiter(limits);
    for (let i = 0; i < 10; i += 1) limiter.admit(user(7), route, 0);
    expect(limiter.admit(user(7), 'GET /api/admin/approvals', 1)).toBe(true);
    expect(limiter.admit(user(7), 'POST /api/admin/mint', 2)).toBe(true);
    expect(limiter.admit(user(7), 'POST /api/admin/mint', 3)).toBe(false);
  });

  it('when one principal floods, then another principal from the same address keeps its own quota', () => {
    const limiter = new RefusalLimiter(limits);
    for (let i = 0; i < 100; i += 1) limiter.admit(anonymous('10.0.0.1'), route, i);
    expect([0, 1, 2].map((i) => limiter.admit(user(8), route, 100 + i))).toEqual([true, true, true]);
    expect(limiter.admit(user(8), route, 103)).toBe(false);
  });

  it('when a new window starts on a refusal before the flush, then the old window still reports its count', () => {
    const limiter = new RefusalLimiter(limits);
    for (let i = 0; i < 5; i += 1) limiter.admit(anonymous('a'), route, 0);
    expect(limiter.admit(anonymous('a'), route, 1500)).toBe(true);
    expect(limiter.flush(1600)).toEqual([{ principal: anonymous('a'), suppressed: 2 }]);
  });

  it('when more addresses than tracked are refused, then the others share one quota (address:*), memory stays bounded, and verified callers keep their own', () => {
    const limiter = new RefusalLimiter(limits);
    for (let i = 0; i < 1000; i += 1) limiter.admit(anonymous(`10.0.${Math.floor(i / 250)}.${i % 250}`), route, 0);
    expect(limiter.size).toBeLessThanOrEqual(limits.principalsMax + 1);
    expect(limiter.admit(user(9), route, 1)).toBe(true);
    const shared = limiter.drain().find((r) => r.principal.key === 'address:*');
    expect(shared?.suppressed).toBe(1000 - 2 - 3);
    expect(shared?.principal.actor).toEqual({ kind: 'anonymous', id: '*', verified: false });
  });

  it('when more verified callers than tracked are refused, then the others share one quota (principal:*)', () => {
    const limiter = new RefusalLimiter(limits);
    for (let id = 1; id <= 10; id += 1) limiter.admit(user(id), route, 0);
    expect(limiter.drain().find((r) => r.principal.key === 'principal:*')?.suppressed).toBe(10 - 2 - 3);
  });

  it('when each principal stays within its quota, then all are admitted', () => {
    const limiter = new RefusalLimiter({ ...limits, principalsMax: 100 });
    expect(['a', 'b', 'c', 'a', 'b', 'c'].map((a) => limiter.admit(anonymous(a), route, 0)).every(Boolean)).toBe(true);
  });

  it('when windows end, then their principals are forgotten (the tracked count goes down with them)', () => {
    const limiter = new RefusalLimiter(limits);
    limiter.admit(anonymous('a'), route, 0);
    limiter.admit(anonymous('b'), route, 0);
    limiter.flush(1000);
    expect(limiter.size).toBe(0);
    for (let i = 0; i < 4; i += 1) limiter.admit(anonymous('c'), route, 1000);
    for (let i = 0; i < 4; i += 1) limiter.admit(anonymous('d'), route, 1000);
    expect(limiter.drain().map((r) => [r.principal.key, r.suppressed])).toEqual([
      ['address:c', 1],
      ['address:d', 1],
    ]);
  });
});

describe('RefusalAudit', () => {
  it('when Kafka does not acknowledge, then no more than inFlightMax records wait, the rest are dropped and counted, and the caller never waits', async () => {
    const sent: RefusalRecord[] = [];
    const release: Array<() => void> = [];
    const dropped: string[] = [];
    const audit = new RefusalAudit({
      limits: { perPrincipalMax: 1000, windowMs: 60_000, principalsMax: 10 },
      inFlightMax: 5,
      send: (record) =>
        new Promise<void>((resolve) => {
          sent.push(record);
          release.push(resolve);
        }),
      dropped: (reason) => dropped.push(reason),
      logger,
    });
    for (let i = 0; i < 20; i += 1) audit.refused(refusal({ requestId: `r${i}` }));
    expect(sent).toHaveLength(5);
    expect(dropped).toEqual(Array(15).fill('in_flight'));
    for (const r of release) r();
    await audit.close();
    audit.refused(refusal());
    expect(sent).toHaveLength(6);
  });

  it('when a send fails, then it is counted as send_failed and nothing throws', async () => {
    const dropped: string[] = [];
    const audit = new RefusalAudit({
      limits: { perPrincipalMax: 10, windowMs: 60_000, principalsMax: 10 },
      inFlightMax: 5,
      send: () => Promise.reject(new Error('broker away')),
      dropped: (reason) => dropped.push(reason),
      logger,
    });
    audit.refused(refusal());
    await audit.close();
    expect(dropped).toEqual(['send_failed']);
  });

  it('when it closes with counts open, then each is reported as one suppressed record', async () => {
    const sent: RefusalRecord[] = [];
    const audit = new RefusalAudit({
      limits: { perPrincipalMax: 2, windowMs: 60_000, principalsMax: 10 },
      inFlightMax: 100,
      send: async (record) => void sent.push(record),
      dropped: () => undefined,
      logger,
      now: () => at,
    });
    for (let i = 0; i < 10; i += 1) audit.refused(refusal());
    await audit.close();
    expect(sent.map((r) => r.action)).toEqual(['createApiKey', 'createApiKey', 'refusals.suppressed']);
    expect(sent[2]!.summary).toMatchObject({ suppressed: 8 });
  });
});

describe('registerRefusalAudit on a fastify app', () => {
  it('when a guarded route answers 403 or 401 and a user route 401, then only the guarded refusals are handed over, with their code and detail', async () => {
    const records: RefusalRecord[] = [];
    const audit = new RefusalAudit({
      limits: { perPrincipalMax: 100, windowMs: 60_000, principalsMax: 10 },
      inFlightMax: 100,
      send: async (record) => void records.push(record),
      dropped: () => undefined,
      logger,
    });
    const app = Fastify();
    installProblemHandler(app);
    registerRefusalAudit(app, audit);
    app.get('/api/admin/thing', { config: { access: 'admin' }, schema: { operationId: 'getThing' } }, async () => {
      throw new AppError('FORBIDDEN', 'Your role does not allow this operation');
    });
    app.get('/api/admin/other', { config: { access: 'superadmin' } }, async () => {
      throw new AppError('UNAUTHENTICATED', 'A bearer access token is required');
    });
    app.get('/api/admin/gone', { config: { access: 'admin' } }, async () => {
      throw new AppError('TOKEN_EXPIRED', 'The access token has expired');
    });
    app.get('/api/mine', { config: { access: 'user' } }, async () => {
      throw new AppError('UNAUTHENTICATED', 'A bearer access token is required');
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/thing', headers: { authorization: 'Bearer secret-token' } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/other?x=1' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/gone' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/mine' })).statusCode).toBe(401);
    await app.close();
    expect(records.map((r) => [r.action, r.errorCode, r.target])).toEqual([
      ['getThing', 'FORBIDDEN', 'route:GET /api/admin/thing'],
      ['GET /api/admin/other', 'UNAUTHENTICATED', 'route:GET /api/admin/other'],
    ]);
    expect(JSON.stringify(records)).not.toContain('secret-token');
  });
});
