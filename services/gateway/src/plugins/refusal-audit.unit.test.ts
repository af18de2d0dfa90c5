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

  it('when a suppressed count is recorded, then it validates and says how many', () => {
    const record = suppressedRecord('203.0.113.7', 12, 60_000, at, id);
    expect(record).toMatchObject({
      action: 'refusals.suppressed',
      errorCode: 'REFUSALS_SUPPRESSED',
      summary: { suppressed: 12, windowSeconds: 60 },
    });
    expect(refusalRecord.safeParse(record).success).toBe(true);
    expect(refusalRecord.safeParse(suppressedRecord('*', 3, 60_000, at, id)).success).toBe(true);
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
    [{ access: 'user' as const }, false],
    [{ access: 'caller' as const }, false],
    [{ access: 'public' as const }, false],
    [undefined, false],
  ])('when the route is %j, then audited is %s', (config, audited) => {
    expect(isAuditedRoute(config)).toBe(audited);
  });

  it('when an expired token or a 4xx other than 401/403 is answered, then it is no refusal of authority', () => {
    expect(isRefusal(401, 'UNAUTHENTICATED')).toBe(true);
    expect(isRefusal(403, 'API_KEY_SCOPE')).toBe(true);
    expect(isRefusal(401, 'API_KEY_INVALID')).toBe(true);
    expect(isRefusal(401, 'TOKEN_EXPIRED')).toBe(false);
    expect(isRefusal(404, 'NOT_FOUND')).toBe(false);
    expect(isRefusal(403, undefined)).toBe(false);
  });
});

describe('RefusalLimiter', () => {
  const limits = { perAddressMax: 3, windowMs: 1000, addressesMax: 2 };

  it('when an address is refused past its quota in a window, then the rest are counted and reported once when the window ends', () => {
    const limiter = new RefusalLimiter(limits);
    const admitted = Array.from({ length: 10 }, (_, i) => limiter.admit('a', i));
    expect(admitted.filter(Boolean)).toHaveLength(3);
    expect(limiter.flush(999)).toEqual([]);
    expect(limiter.flush(1000)).toEqual([{ address: 'a', suppressed: 7 }]);
    expect(limiter.flush(5000)).toEqual([]);
    expect(limiter.admit('a', 5000)).toBe(true);
  });

  it('when a new window starts on a refusal before the flush, then the old window still reports its count', () => {
    const limiter = new RefusalLimiter(limits);
    for (let i = 0; i < 5; i += 1) limiter.admit('a', 0);
    expect(limiter.admit('a', 1500)).toBe(true);
    expect(limiter.flush(1600)).toEqual([{ address: 'a', suppressed: 2 }]);
  });

  it('when more addresses than tracked are refused, then the others share one quota (*) and memory stays bounded', () => {
    const limiter = new RefusalLimiter(limits);
    for (let i = 0; i < 1000; i += 1) limiter.admit(`10.0.${Math.floor(i / 250)}.${i % 250}`, 0);
    expect(limiter.tracked).toBeLessThanOrEqual(limits.addressesMax + 1);
    expect(limiter.drain().find((r) => r.address === '*')).toEqual({ address: '*', suppressed: 1000 - 2 - 3 });
  });

  it('when each address stays within its quota, then all are admitted', () => {
    const limiter = new RefusalLimiter({ ...limits, addressesMax: 100 });
    expect(['a', 'b', 'c', 'a', 'b', 'c'].map((a) => limiter.admit(a, 0)).every(Boolean)).toBe(true);
  });
});

describe('RefusalAudit', () => {
  it('when Kafka does not acknowledge, then no more than inFlightMax records wait, the rest are dropped and counted, and the caller never waits', async () => {
    const sent: RefusalRecord[] = [];
    const release: Array<() => void> = [];
    const dropped: string[] = [];
    const audit = new RefusalAudit({
      limits: { perAddressMax: 1000, windowMs: 60_000, addressesMax: 10 },
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
      limits: { perAddressMax: 10, windowMs: 60_000, addressesMax: 10 },
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
      limits: { perAddressMax: 2, windowMs: 60_000, addressesMax: 10 },
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
      limits: { perAddressMax: 100, windowMs: 60_000, addressesMax: 10 },
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
