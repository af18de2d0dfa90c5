import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Registry } from 'prom-client';
import {
  approvalIdNamingRoute,
  type ConsumedUserEvent,
  currentApiVersion,
  topicNames,
  type ApiKeyGrant,
  type MoneyResult,
  type Reply,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import { exampleApprovalPending, exampleWallet } from './routes/examples';
import { exampleCashoutResult } from './routes/cashouts';
import { exampleHoldResult } from './routes/holds';
import {
  exampleSandboxCashoutPage,
  exampleSandboxCashoutResult,
  exampleSandboxCommissionRule,
  exampleSandboxMandateResult,
  exampleSandboxPurchaseResult,
  exampleSandboxRefundResult,
} from './routes/sandbox-economy';
import type { App } from '@coin/http';
import { createLogger } from '@coin/logger';
import type { Redis } from '@coin/redis';
import type { RequestOptions, RequestReplyClient } from '@coin/kafka';
import { sha256Hex } from '@coin/security';
import { buildApp, type GatewayDeps } from './app';
import { CommandBus } from './clients/commands';
import { InternalHttpClient } from './clients/internal-http';
import { ApiKeyVerifier } from './plugins/api-key';
import { CacheMac } from './plugins/cache-mac';
import { MemoryTokenVersions, testCacheAuthenticator } from './testing';
import { MemoryAdmissionStore } from './plugins/admission-store';
import { answerKeyOf, keyedCommandId } from './plugins/idempotency';
import { erasingPhoneAnswers } from './plugins/admission';
import type { LoginThrottle } from './plugins/login-throttle';

/**
 * The operations a live platform client may call that its test-mode twin may not, each for the
 * reason docs/CONTRACT.md "Test-mode clients" gives under "Live only, and why".
 */
const liveOnlyOperations = [
  'createOwnTestClient',
  'revokeOwnTestClient',
  'createReferral',
  'listAssignedCashouts',
  'claimCashout',
  'settleCashout',
] as const;
/** What the test-mode walk reads of an operation of the OpenAPI document. */
interface OperationFacts {
  operationId?: string;
  security?: Array<Record<string, unknown>>;
}
/**
 * The gateway as one component: the real fastify app of buildApp(), its ports faked (Kafka
 * request/reply, the internal HTTP services, Redis, the JWKS endpoint), called with app.inject()
 * (no port; jest compiles the ESM-only `cookie` package light-my-request needs, see jest.config.ts).
 */

// ---- Fakes ----------------------------------------------------------------------------------

/** Just the Redis the API-key cache and the named rate limits use: SET (NX, PX/EX), GET, MGET, DEL and defined scripts. */
class FakeRedis {
  private readonly values = new Map<string, { value: string; expiresAtMs: number }>();

  private read(key: string): string | null {
    const entry = this.values.get(key);
    if (!entry) return null;
    if (entry.expiresAtMs <= Date.now()) {
      this.values.delete(key);
      return null;
    }
    return entry.value;
  }

  async get(key: string): Promise<string | null> {
    return this.read(key);
  }

  async mget(...keys: string[]): Promise<Array<string | null>> {
    return keys.map((key) => this.read(key));
  }

  async del(key: string): Promise<number> {
    return this.values.delete(key) ? 1 : 0;
  }

  async set(key: string, value: string, ...options: Array<string | number>): Promise<'OK' | null> {
    if (options.includes('NX') && this.read(key) !== null) return null;
    const px = options.indexOf('PX');
    const ex = options.indexOf('EX');
    const ttlMs = px >= 0 ? Number(options[px + 1]) : ex >= 0 ? Number(options[ex + 1]) * 1000 : Infinity;
    this.values.set(key, { value, expiresAtMs: Date.now() + ttlMs });
    return 'OK';
  }

  /** The scripts the gateway defines, implemented here; any other one fails (its caller fails open or 503s). */
  defineCommand(name: string): void {
    const self = this as unknown as Record<string, unknown>;
    if (name === 'cacheMacDeleteIf') {
      self[name] = async (key: string, token: string) => (this.read(key) === token ? this.del(key) : 0);
    } else if (name === 'rateLimit') {
      // @fastify/rate-limit's store: (key, windowMs, max, continueExceeding, backoff, callback) → [count, ttlMs].
      self[name] = (key: string, windowMs: number, ...rest: unknown[]) => {
        const callback = rest.at(-1) as (err: Error | null, result: number[]) => void;
        const count = Number(this.read(key) ?? 0) + 1;
        void this.set(key, String(count), 'PX', windowMs).then(() => callback(null, [count, windowMs]));
      };
    } else {
      self[name] = async () => {
        throw new Error(`FakeRedis: script ${name} not supported`);
      };
    }
  }
}

/** The in-memory admission store, which a test can make unreachable (as Redis down: every call rejects). */
class UnreliableAdmissionStore extends MemoryAdmissionStore {
  down = false;
  private check(): void {
    if (this.down) throw Object.assign(new Error('Connection is closed.'), { name: 'Error' });
  }
  override async admit(ask: Parameters<MemoryAdmissionStore['admit']>[0]) {
    this.check();
    return super.admit(ask);
  }
  override async record(key: string, value: string, ttlMs: number, indexes?: readonly string[]) {
    this.check();
    return super.record(key, value, ttlMs, indexes);
  }
}

/** An internal service answering from a table of `METHOD path` handlers; anything else is a 404. */
class FakeInternalHttp extends InternalHttpClient {
  readonly calls: Array<{ method: string; path: string; body: unknown }> = [];

  constructor(private readonly routes: Record<string, (body: unknown) => unknown> = {}) {
    super('http://fake.invalid/', 1, async () => 'Bearer unused');
  }

  override async request<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown } = {}): Promise<T> {
    this.calls.push({ method, path, body: options.body });
    // A route listed with its query string answers that query alone; one listed without answers any.
    const handler = this.routes[`${method} ${path}`] ?? this.routes[`${method} ${path.split('?')[0]}`];
    if (!handler) throw new AppError('NOT_FOUND', `fake: no ${method} ${path}`);
    return handler(options.body) as T;
  }
}

type SentCommand = RequestOptions['command'] & { data: { requestHash?: string } };

/**
 * The ledger behind Kafka request/reply, as the gateway sees it: it applies a command once and
 * answers a repeated command id from the stored outcome, refusing one whose request hash differs
 * (as services/ledger does). `answer` can be replaced to reject, fail or hold a reply.
 */
class FakeLedgerBus {
  readonly requests: RequestOptions[] = [];
  readonly applied: SentCommand[] = [];
  private readonly outcomes = new Map<string, { requestHash: string | undefined; reply: Reply }>();
  answer: (options: RequestOptions) => Promise<Reply> = async (options) => this.apply(options);

  readonly client = {
    request: (options: RequestOptions) => {
      this.requests.push(options);
      return this.answer(options);
    },
  } as unknown as RequestReplyClient;

  apply(options: RequestOptions): Reply {
    const command = options.command as SentCommand;
    const stored = this.outcomes.get(command.commandId);
    if (stored && stored.requestHash !== command.data.requestHash) {
      return failed(command.commandId, 'IDEMPOTENCY_KEY_REUSED', 'The Idempotency-Key was used with another request');
    }
    if (stored) return stored.reply;
    this.applied.push(command);
    const reply: Reply = {
      correlationId: randomUUID(),
      commandId: command.commandId,
      ok: true,
      result: moneyResultFor(this.applied.length),
    };
    this.outcomes.set(command.commandId, { requestHash: command.data.requestHash, reply });
    return reply;
  }
}

/** A transaction as a ledger's internal API answers it, made by `clientId`. */
function transactionOfClient(id: number, clientId: string) {
  return { ...moneyResultFor(id).transaction, clientId };
}

function failed(commandId: string, code: string, detail: string): Reply {
  return { correlationId: randomUUID(), commandId, ok: false, error: { code, detail } };
}

function moneyResultFor(transactionId: number): MoneyResult {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    transaction: {
      id: transactionId,
      type: 'REWARD',
      amount: 5,
      fromUserId: null,
      toUserId: 7,
      fromTreasury: 'REWARDS',
      toTreasury: null,
      reason: 'well done',
      reference: null,
      refundOf: null,
      createdAt: at,
    },
    wallet: {
      code: 'REWARDS',
      name: 'Rewards',
      walletId: randomUUID(),
      balance: 95,
      totalReceived: 100,
      totalSent: 5,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// ---- The gateway under test -----------------------------------------------------------------

const issuer = 'coin-ledger';
const audience = 'coin-ledger-api';
const mintKey = `ck_${'m'.repeat(43)}`;
const burnOnlyKey = `ck_${'b'.repeat(43)}`;
/** A person's reward needs a key of the reward scope (a platform client's token alone suffices). */
const rewardKey = `ck_${'r'.repeat(43)}`;
/** Admin 3's reward key: every other key is admin 2's. */
const rewardKeyOf3 = `ck_${'3'.repeat(43)}`;
/** What the user service answers a look-up with besides the grant: a key proof (the ledger verifies it; here its shape only). */
const keyProofOf = (owner: number) =>
  `eyJhbGciOiJFZERTQSJ9.${Buffer.from(JSON.stringify({ sub: String(owner), exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url')}.c2lnbmF0dXJl`;
const grantOf = (scopes: ApiKeyGrant['scopes'], owner = 2): ApiKeyGrant => ({
  id: randomUUID(),
  scopes,
  ownerUserId: owner,
  keyProof: keyProofOf(owner),
  createdBy: null,
  approvedBy: null,
});
const grants: Record<string, ApiKeyGrant> = {
  [sha256Hex(rewardKey)]: grantOf(['reward']),
  [sha256Hex(rewardKeyOf3)]: grantOf(['reward'], 3),
  [sha256Hex(mintKey)]: grantOf(['mint']),
  [sha256Hex(burnOnlyKey)]: grantOf(['burn']),
};

describe('gateway component (buildApp with fake ports)', () => {
  let app: App;
  let jwks: Server;
  let privateKey: CryptoKey;
  let bus: FakeLedgerBus;
  /** Write admission's store, in memory: the same plugin code as over Redis in production. */
  const admissionStore = new UnreliableAdmissionStore();
  /** Current token versions of users (the revocation check); a user not listed is at version 0. */
  const tokenVersions = new MemoryTokenVersions(admissionStore);
  /** What the fake user service's internal API answers, by `METHOD path` (a test adds its own). */
  const userRoutes: Record<string, (body: unknown) => unknown> = {};
  /** Event resends a client may make a minute here (the quota's own rule, smaller than the others). */
  const resendsMax = 3;
  /** What the fake ledger's internal API answers, by `METHOD path` (a test adds its own). */
  const ledgerRoutes: Record<string, (body: unknown) => unknown> = {};
  /** The fake ledger's internal API: its `calls` show what the gateway read. */
  const ledgerHttp = new FakeInternalHttp(ledgerRoutes);
  /** The live history's and the sandbox's ledger and history (docs/decisions/0018-sandbox.md): a test adds its routes. */
  const historyRoutes: Record<string, (body: unknown) => unknown> = {};
  const historyHttp = new FakeInternalHttp(historyRoutes);
  const sandboxLedgerRoutes: Record<string, (body: unknown) => unknown> = {};
  const sandboxLedgerHttp = new FakeInternalHttp(sandboxLedgerRoutes);
  const sandboxHistoryRoutes: Record<string, (body: unknown) => unknown> = {};
  const sandboxHistoryHttp = new FakeInternalHttp(sandboxHistoryRoutes);
  /** The live webhooks service and the sandbox's instance (docs/decisions/0018-sandbox.md): their `calls` show which one a caller reached. */
  const endpointsAnswer = () => ({ endpoints: [] });
  /** The event every resend names: each client's resend of it queues one delivery. */
  const resentEventId = '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083';
  const resendAnswer = () => ({
    eventId: resentEventId,
    deliveries: [{ endpointId: '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20', deliveryId: 812, status: 'PENDING' }],
  });
  const liveWebhooks = new FakeInternalHttp({
    'GET /internal/webhooks/clients/shop-backend/endpoints': endpointsAnswer,
    [`POST /internal/webhooks/clients/resending-shop/events/${resentEventId}/resend`]: resendAnswer,
    [`POST /internal/webhooks/clients/patient-shop/events/${resentEventId}/resend`]: resendAnswer,
  });
  const sandboxWebhooks = new FakeInternalHttp({
    'GET /internal/webhooks/clients/test_shop/endpoints': endpointsAnswer,
    'GET /internal/webhooks/clients/shop-backend/endpoints': endpointsAnswer,
  });
  /** The monitoring service's internal API: its `calls` show whether a case step reached it. */
  const monitoringHttp = new FakeInternalHttp({});

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA');
    privateKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
    jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;

    const logger = createLogger('gateway-component-test', 'silent');
    const redis = new FakeRedis() as unknown as Redis;
    userRoutes['POST /internal/api-keys/lookup'] = (body) => {
      const grant = grants[(body as { keyHash: string }).keyHash];
      if (!grant) throw new AppError('API_KEY_INVALID', 'The API key is invalid or revoked');
      return grant;
    };
    const users = new FakeInternalHttp(userRoutes);
    bus = new FakeLedgerBus();
    const rule = { max: 1000, windowMs: 60_000 };
    const deps: GatewayDeps = {
      logger,
      metrics: new Registry(),
      commands: new CommandBus(bus.client, topicNames('component_'), 1000, undefined, {
        ledgerCommands: topicNames('component_sandbox_').ledgerCommands,
        client: bus.client,
      }),
      users,
      ledger: ledgerHttp,
      history: historyHttp,
      sandbox: { ledger: sandboxLedgerHttp, history: sandboxHistoryHttp },
      webhooks: liveWebhooks,
      sandboxWebhooks,
      monitoring: monitoringHttp,
      auth: {
        jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        issuer,
        audience,
        platformClientActive: async () => true,
        stepUpMaxAgeS: 300,
        sandbox: new Set(['ledger', 'webhooks']),
      },
      bodyBytesMax: 64 * 1024,
      trustedProxies: [],
      redis,
      admissionStore,
      commandAnswerMac: new CacheMac(randomBytes(32), ''),
      idempotencyLockMs: 10_000,
      apiKeys: new ApiKeyVerifier(redis, users, 60, logger, testCacheAuthenticator(redis, logger)),
      // Its remember/rememberDeleted are used by routes these tests do not call (sessions, admin users).
      tokenVersions: tokenVersions.asStore(),
      rateLimits: {
        loginPerIp: rule,
        registerPerIp: rule,
        credentialsPerIp: rule,
        writesPerCaller: rule,
        resendsPerClient: { max: resendsMax, windowMs: 60_000 },
      },
      loginThrottle: {} as LoginThrottle,
    };
    app = await buildApp(deps);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  beforeEach(() => {
    bus.answer = async (options) => bus.apply(options);
    admissionStore.down = false;
  });

  /** `mfaAt`: seconds of the holder's last second factor (default now; null: a password-only session). */
  async function token(
    sub: string,
    role: string,
    options: { ver?: number; expiresAt?: number; mfaAt?: number | null; treasuries?: string[]; coinVersion?: string; mode?: string } = {},
  ): Promise<string> {
    const mfaAt = options.mfaAt === undefined ? Math.floor(Date.now() / 1000) : options.mfaAt;
    return new SignJWT({
      role,
      ver: options.ver ?? 0,
      ...(mfaAt === null ? {} : { mfa_at: mfaAt }),
      ...(options.treasuries ? { treasuries: options.treasuries } : {}),
      ...(options.coinVersion ? { coin_version: options.coinVersion } : {}),
      ...(options.mode ? { mode: options.mode } : {}),
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(audience)
      .setExpirationTime(options.expiresAt ?? '5m')
      .sign(privateKey);
  }
  const userToken = (id = 7) => token(String(id), 'USER');
  const adminToken = () => token('2', 'ADMIN');
  const systemToken = (treasuries = ['REWARDS']) => token('shop-backend', 'SYSTEM', { treasuries });

  interface Answer {
    statusCode: number;
    headers: Record<string, string>;
    json(): unknown;
  }
  async function inject(options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<Answer> {
    const response = await app.inject({
      method: options.method,
      url: options.url,
      headers: options.headers ?? {},
      ...(options.payload !== undefined ? { payload: JSON.stringify(options.payload) } : {}),
    });
    return { statusCode: response.statusCode, headers: response.headers as Record<string, string>, json: () => response.json() as unknown };
  }
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });

  /** The response is RFC 9457 problem+json with the given status and code, and the members every problem has. */
  function expectProblem(response: Answer, status: number, code: string) {
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json() as Record<string, unknown>;
    expect({ status: response.statusCode, body }).toMatchObject({
      status,
      body: {
        type: `/problems/${code.toLowerCase().replace(/_/g, '-')}`,
        title: expect.any(String),
        status,
        detail: expect.any(String),
        code,
        requestId: expect.any(String),
      },
    });
    return body;
  }

  const reward = { userId: 7, amount: 5, reason: 'well done' };

  describe('authentication (401)', () => {
    it('when no bearer token is sent, then 401 UNAUTHENTICATED carrying the request id', async () => {
      const response = await inject({ method: 'GET', url: '/api/wallets/me', headers: { 'x-request-id': 'req-no-token' } });
      const body = expectProblem(response, 401, 'UNAUTHENTICATED');
      expect(body.requestId).toBe('req-no-token');
    });

    it('when the token is garbage, then 401 UNAUTHENTICATED', async () => {
      const response = await inject({ method: 'GET', url: '/api/wallets/me', headers: { authorization: 'Bearer not.a.token' } });
      expectProblem(response, 401, 'UNAUTHENTICATED');
    });

    it('when the token is signed by another key, then 401 UNAUTHENTICATED', async () => {
      const other = await generateKeyPair('EdDSA');
      const forged = await new SignJWT({ role: 'SUPERADMIN', ver: 0 })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
        .setSubject('1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime('5m')
        .sign(other.privateKey);
      const response = await inject({ method: 'GET', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${forged}` } });
      expectProblem(response, 401, 'UNAUTHENTICATED');
    });

    it('when the token has expired, then 401 TOKEN_EXPIRED', async () => {
      const expired = await token('7', 'USER', { expiresAt: Math.floor(Date.now() / 1000) - 60 });
      const response = await inject({ method: 'GET', url: '/api/wallets/me', headers: { authorization: `Bearer ${expired}` } });
      expectProblem(response, 401, 'TOKEN_EXPIRED');
    });

    it("when the token's version is behind the user's current one (revoked), then 401 UNAUTHENTICATED and no command is sent", async () => {
      tokenVersions.set(8, 1);
      const stale = await token('8', 'USER', { ver: 0 });
      const sent = bus.requests.length;
      const response = await post('/api/coins/transfer', { toUserId: 9, amount: 1, reason: 'x' }, { authorization: `Bearer ${stale}` });
      expectProblem(response, 401, 'UNAUTHENTICATED');
      expect(bus.requests.length).toBe(sent);
    });
    it('when a token verified and cached on an earlier request is revoked (its version raised), then the next request is 401', async () => {
      const cached = await token('11', 'USER', { ver: 0 });
      const first = await post('/api/coins/transfer', { toUserId: 9, amount: 1, reason: 'x' }, { authorization: `Bearer ${cached}` });
      expect(first.statusCode).toBe(201);
      tokenVersions.set(11, 1);
      const sent = bus.requests.length;
      const response = await post('/api/coins/transfer', { toUserId: 9, amount: 1, reason: 'x' }, { authorization: `Bearer ${cached}` });
      expectProblem(response, 401, 'UNAUTHENTICATED');
      expect(bus.requests.length).toBe(sent);
    });
  });

  describe('access levels (403)', () => {
    it('when a USER calls an admin route, then 403 FORBIDDEN and no command is sent', async () => {
      const sent = bus.requests.length;
      const response = await post(
        '/api/admin/mint',
        { userId: 7, amount: 5, reason: 'x' },
        { authorization: `Bearer ${await userToken()}`, 'x-api-key': mintKey },
      );
      expectProblem(response, 403, 'FORBIDDEN');
      expect(bus.requests.length).toBe(sent);
    });

    it('when the commission rules are read, then a USER is refused (403) and a bad treasury is a 400, neither reaching the ledger; an ADMIN gets its answer', async () => {
      const rules = {
        rules: [{ treasury: 'COURSE_FEES', clientId: 'pc_course_shop', rule: { kind: 'bps', bps: 1000 }, setBy: 7, approvedBy: 8 }],
      };
      ledgerRoutes['GET /internal/commission-rules?treasury=COURSE_FEES'] = () => rules;
      const calls = ledgerHttp.calls.length;
      const read = async (url: string, bearer: string) => inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
      expectProblem(await read('/api/admin/commission-rules?treasury=COURSE_FEES', await userToken()), 403, 'FORBIDDEN');
      expectProblem(await read("/api/admin/commission-rules?treasury=X';DROP", await adminToken()), 400, 'VALIDATION_FAILED');
      expectProblem(await read('/api/admin/commission-rules?treasury=COURSE_FEES&extra=1', await adminToken()), 400, 'VALIDATION_FAILED');
      expect(ledgerHttp.calls.length).toBe(calls);
      const answer = await read('/api/admin/commission-rules?treasury=COURSE_FEES', await adminToken());
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(rules);
      expect(ledgerHttp.calls.at(-1)?.path).toBe('/internal/commission-rules?treasury=COURSE_FEES');
    });

    it('when an ADMIN calls a superadmin route, then 403 FORBIDDEN', async () => {
      const response = await inject({
        method: 'GET',
        url: '/api/admin/api-keys',
        headers: { authorization: `Bearer ${await adminToken()}` },
      });
      expectProblem(response, 403, 'FORBIDDEN');
    });

    it('when a SYSTEM token calls a user route or an admin route, then 403 FORBIDDEN', async () => {
      const authorization = `Bearer ${await systemToken()}`;
      expectProblem(await inject({ method: 'GET', url: '/api/wallets/me', headers: { authorization } }), 403, 'FORBIDDEN');
      expectProblem(await post('/api/coins/transfer', { toUserId: 9, amount: 1, reason: 'x' }, { authorization }), 403, 'FORBIDDEN');
      expectProblem(
        await post('/api/admin/mint', { userId: 7, amount: 5, reason: 'x' }, { authorization, 'x-api-key': mintKey }),
        403,
        'FORBIDDEN',
      );
    });

    it('when a SYSTEM token calls reward, then 201 and the command names the platform client as actor', async () => {
      const response = await post('/api/admin/reward', reward, { authorization: `Bearer ${await systemToken()}` });
      expect(response.statusCode).toBe(201);
      const sent = bus.requests.at(-1)!;
      expect(sent).toMatchObject({
        key: 'treasury:REWARDS',
        command: { type: 'ledger.reward', actor: { kind: 'system', id: 'shop-backend' } },
      });
      expect(sent.command.data).toMatchObject({ toUserId: 7, amount: 500 });
    });

    it('when a SYSTEM token without the REWARDS grant calls reward, then 403 FORBIDDEN and nothing is sent', async () => {
      const before = bus.requests.length;
      const response = await post('/api/admin/reward', reward, { authorization: `Bearer ${await systemToken(['COURSE_FEES'])}` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(bus.requests.length).toBe(before);
    });
  });

  describe('the sandbox economy (docs/decisions/0018-sandbox.md): mandates, cash-outs, purchases and refunds for test users', () => {
    const sandboxCommands = topicNames('component_sandbox_').ledgerCommands;
    const testToken = () => token('test_shop', 'SYSTEM', { treasuries: ['REWARDS', 'COURSE_FEES'], mode: 'test' });
    /** What the sandbox ledger answers each command with (the bus checks the gateway parses it). */
    const results: Partial<Record<string, unknown>> = {
      'ledger.grant-mandate': exampleSandboxMandateResult,
      'ledger.cashout': exampleSandboxCashoutResult,
      'ledger.transfer': exampleSandboxPurchaseResult,
      'ledger.refund': exampleSandboxRefundResult,
      'ledger.set-commission': exampleSandboxCommissionRule,
    };
    const routes: Array<[string, 'POST' | 'PUT', unknown]> = [
      ['/api/sandbox/mandates', 'POST', { userId: 7, amount: 9.99, period: 'MONTH', reason: 'plan' }],
      ['/api/sandbox/cashouts', 'POST', { userId: 7, amount: 5, msisdn: '+237670000000' }],
      ['/api/sandbox/purchases', 'POST', { userId: 7, treasury: 'COURSE_FEES', amount: 50, reason: 'course', affiliate: { userId: 43 } }],
      ['/api/sandbox/refunds', 'POST', { transactionId: 1001, treasury: 'COURSE_FEES', reason: 'cancelled' }],
      ['/api/sandbox/commission-rules', 'PUT', { treasury: 'COURSE_FEES', rule: { bps: 1000 } }],
    ];
    const send = (url: string, method: 'POST' | 'PUT', body: unknown, authorization: string) =>
      app.inject({
        method,
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', authorization, 'idempotency-key': randomUUID() },
      });
    /** The user service's reads of which named users are linked to the client. */
    const linkReads: Array<{ clientId: string; userIds: number[] }> = [];
    /** The proof of the client's users the user service answers them with. */
    const usersProofOfShop = 'users-proof.of.test_shop';

    beforeEach(() => {
      bus.answer = async (options) => {
        const command = options.command as SentCommand;
        const result = results[command.type];
        return result ? { correlationId: randomUUID(), commandId: command.commandId, ok: true, result } : bus.apply(options);
      };
      sandboxLedgerRoutes['GET /internal/test-clocks/test_shop'] = () => ({
        clientId: 'test_shop',
        offsetSeconds: 86_400,
        now: '2030-01-02T00:00:00.000Z',
      });
      // The client's test users: the users who linked it (docs/CONTRACT.md "Platform links"), 7 and 43 here.
      userRoutes['POST /internal/platform-links/linked'] = (body) => {
        linkReads.push(body as { clientId: string; userIds: number[] });
        return { userIds: (body as { userIds: number[] }).userIds.filter((id) => id === 7 || id === 43), usersProof: usersProofOfShop };
      };
    });

    it.each(routes)('when a live client or an ADMIN calls %s, then 403 FORBIDDEN and nothing is sent', async (url, method, body) => {
      const before = bus.requests.length;
      for (const authorization of [`Bearer ${await systemToken(['REWARDS', 'COURSE_FEES'])}`, `Bearer ${await adminToken()}`]) {
        const response = await send(url, method, body, authorization);
        expectProblem(
          { statusCode: response.statusCode, headers: response.headers as Record<string, string>, json: () => response.json() },
          403,
          'FORBIDDEN',
        );
      }
      expect(bus.requests.length).toBe(before);
    });

    it.each(routes)('when a test-mode client calls %s, then its command goes to the sandbox ledger only', async (url, method, body) => {
      const before = bus.requests.length;
      const response = await send(url, method, body, `Bearer ${await testToken()}`);
      expect(response.statusCode).toBe(method === 'PUT' ? 200 : 201);
      expect(bus.requests.slice(before).map((r) => r.topic)).toEqual([sandboxCommands]);
      // A command naming the client's users carries the user service's proof of them, which the sandbox ledger judges them by.
      const names = url === '/api/sandbox/mandates' || url === '/api/sandbox/cashouts' || url === '/api/sandbox/purchases';
      expect((bus.requests.at(-1)!.command as { usersProof?: string }).usersProof).toBe(names ? usersProofOfShop : undefined);
    });

    it.each([
      ['/api/sandbox/mandates', { userId: 8, amount: 9.99, period: 'MONTH', reason: 'plan' }, 8],
      ['/api/sandbox/cashouts', { userId: 8, amount: 5, msisdn: '+237670000000' }, 8],
      ['/api/sandbox/purchases', { userId: 7, treasury: 'COURSE_FEES', amount: 50, reason: 'course', affiliate: { userId: 8 } }, 8],
      ['/api/sandbox/holds', { fromUserId: 7, toUserId: 8, amount: 1, reason: 'order' }, 8],
      ['/api/admin/reward', { userId: 8, amount: 1, reason: 'probe' }, 8],
      [
        '/api/coins/payouts',
        {
          from: { treasury: 'REWARDS' },
          reason: 'cup',
          lines: [
            { toUserId: 7, amount: 1 },
            { toUserId: 8, amount: 1 },
          ],
        },
        8,
      ],
    ])(
      'when a test-mode client names a user who did not link it on %s, then 404 USER_NOT_FOUND and nothing is sent',
      async (url, body, named) => {
        const before = bus.requests.length;
        const asked = linkReads.length;
        const response = await send(url, 'POST', body, `Bearer ${await testToken()}`);
        expect([response.statusCode, response.json().code]).toEqual([404, 'USER_NOT_FOUND']);
        expect(response.json().detail).toContain(`User ${named} has not linked this platform client`);
        // One read of the client's links for every user the request names: whether a user exists is never the gateway's question.
        expect(linkReads.slice(asked)).toEqual([{ clientId: 'test_shop', userIds: expect.arrayContaining([named]) }]);
        expect(bus.requests.length).toBe(before);
      },
    );

    it('when a test-mode client grants itself a mandate with no start, then it starts at its clock’s now, read from the sandbox ledger, and names the client itself', async () => {
      const before = bus.requests.length;
      const response = await send('/api/sandbox/mandates', 'POST', routes[0]![2], `Bearer ${await testToken()}`);
      expect(response.statusCode).toBe(201);
      expect(sandboxLedgerHttp.calls.at(-1)).toMatchObject({ method: 'GET', path: '/internal/test-clocks/test_shop' });
      expect(bus.requests.slice(before).map((r) => [r.command.type, r.command.data])).toEqual([
        [
          'ledger.grant-mandate',
          expect.objectContaining({ fromUserId: 7, clientId: 'test_shop', amount: 999, startsAt: '2030-01-02T00:00:00.000Z' }),
        ],
      ]);
      // An end at or before the clock's now is no mandate.
      const ended = await send(
        '/api/sandbox/mandates',
        'POST',
        { ...(routes[0]![2] as object), endsAt: '2030-01-01T00:00:00.000Z' },
        `Bearer ${await testToken()}`,
      );
      expect(ended.statusCode).toBe(400);
    });

    it('when a test-mode client asks for a cash-out, buys naming an affiliate or sets a rule, then the commands carry its test outcome and its own client id', async () => {
      const authorization = `Bearer ${await testToken()}`;
      const before = bus.requests.length;
      await send('/api/sandbox/cashouts', 'POST', routes[1]![2], authorization);
      await send('/api/sandbox/cashouts', 'POST', { ...(routes[1]![2] as object), testOutcome: 'FAILED' }, authorization);
      await send('/api/sandbox/purchases', 'POST', routes[2]![2], authorization);
      await send('/api/sandbox/commission-rules', 'PUT', routes[4]![2], authorization);
      expect(bus.requests.slice(before).map((r) => [r.command.type, r.command.data])).toEqual([
        ['ledger.cashout', expect.objectContaining({ fromUserId: 7, amount: 500, testOutcome: 'CONFIRMED' })],
        ['ledger.cashout', expect.objectContaining({ testOutcome: 'FAILED' })],
        ['ledger.transfer', expect.objectContaining({ kind: 'PURCHASE', fromUserId: 7, affiliate: { userId: 43, clientId: 'test_shop' } })],
        [
          'ledger.set-commission',
          expect.objectContaining({ treasury: 'COURSE_FEES', clientId: 'test_shop', rule: { kind: 'bps', bps: 1000 } }),
        ],
      ]);
      const ungranted = await send('/api/sandbox/commission-rules', 'PUT', { treasury: 'OPERATIONS', rule: null }, authorization);
      expect([ungranted.statusCode, ungranted.json().code]).toEqual([422, 'TREASURY_NOT_GRANTED']);
    });

    it('when a test-mode client refunds naming no treasury, then the purchase is read from the sandbox ledger: its own is refunded, another client’s is 404', async () => {
      const authorization = `Bearer ${await testToken()}`;
      sandboxLedgerRoutes['GET /internal/transactions/1201'] = () => ({
        ...transactionOfClient(1201, 'test_shop'),
        type: 'PURCHASE',
        toTreasury: 'COURSE_FEES',
      });
      sandboxLedgerRoutes['GET /internal/transactions/1202'] = () => ({
        ...transactionOfClient(1202, 'test_other'),
        type: 'PURCHASE',
        toTreasury: 'COURSE_FEES',
      });
      const liveReads = ledgerHttp.calls.length;
      const before = bus.requests.length;
      const own = await send('/api/sandbox/refunds', 'POST', { transactionId: 1201, reason: 'cancelled' }, authorization);
      expect(own.statusCode).toBe(201);
      expect(own.json()).toMatchObject({ transaction: { type: 'REFUND' }, commission: { splitOf: 1001 } });
      const other = await send('/api/sandbox/refunds', 'POST', { transactionId: 1202, reason: 'cancelled' }, authorization);
      expect([other.statusCode, other.json().code]).toEqual([404, 'TRANSACTION_NOT_FOUND']);
      expect(bus.requests.slice(before).map((r) => [r.command.type, r.command.data])).toEqual([
        ['ledger.refund', expect.objectContaining({ transactionId: 1201, treasury: 'COURSE_FEES' })],
      ]);
      expect(ledgerHttp.calls.length).toBe(liveReads);
    });

    it('when a test-mode client reads its test user’s wallet, then the sandbox ledger answers; a user who did not link it is 404 USER_NOT_FOUND, a live client 403, and nothing is read', async () => {
      ledgerRoutes['GET /internal/wallets/by-user/7'] = () => ({ ...exampleWallet, userId: 7, balance: 999, activeCoins: 999 });
      sandboxLedgerRoutes['GET /internal/wallets/by-user/7'] = () => ({ ...exampleWallet, userId: 7, balance: 12.5, activeCoins: 2.5 });
      const [live, sandbox] = [ledgerHttp.calls.length, sandboxLedgerHttp.calls.length];
      const authorization = `Bearer ${await testToken()}`;
      const own = await inject({ method: 'GET', url: '/api/sandbox/users/7/wallet', headers: { authorization } });
      expect([own.statusCode, own.json()]).toEqual([200, { ...exampleWallet, userId: 7, balance: 12.5, activeCoins: 2.5 }]);
      expectProblem(await inject({ method: 'GET', url: '/api/sandbox/users/8/wallet', headers: { authorization } }), 404, 'USER_NOT_FOUND');
      expectProblem(
        await inject({ method: 'GET', url: '/api/sandbox/users/7/wallet', headers: { authorization: `Bearer ${await systemToken()}` } }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await inject({ method: 'GET', url: '/api/sandbox/users/7%20OR%201/wallet', headers: { authorization } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(sandboxLedgerHttp.calls.slice(sandbox).map((c) => c.path)).toEqual(['/internal/wallets/by-user/7']);
      expect(ledgerHttp.calls.length).toBe(live);
    });

    it('when a test-mode client lists its cash-outs or mandates, then the sandbox ledger answers, scoped to it; a live client’s mandates are the live ledger’s', async () => {
      sandboxLedgerRoutes['GET /internal/cashouts'] = () => ({
        cashouts: exampleSandboxCashoutPage.cashouts,
        pagination: { limit: 20, offset: 0, total: 1 },
      });
      const mandates = () => ({ mandates: [exampleSandboxMandateResult.mandate], pagination: { limit: 20, offset: 0, total: 1 } });
      sandboxLedgerRoutes['GET /internal/mandates'] = mandates;
      ledgerRoutes['GET /internal/mandates'] = mandates;
      const authorization = `Bearer ${await testToken()}`;
      const liveReads = ledgerHttp.calls.length;
      const cashouts = await inject({ method: 'GET', url: '/api/sandbox/cashouts?status=CONFIRMED&userId=7', headers: { authorization } });
      expect(cashouts.statusCode).toBe(200);
      const asked = new URL(sandboxLedgerHttp.calls.at(-1)!.path, 'http://x');
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({ status: 'CONFIRMED', providerClientId: 'test_shop', fromUserId: '7' });
      expect((await inject({ method: 'GET', url: '/api/platform/mandates', headers: { authorization } })).statusCode).toBe(200);
      expect(new URL(sandboxLedgerHttp.calls.at(-1)!.path, 'http://x').searchParams.get('clientId')).toBe('test_shop');
      expect(ledgerHttp.calls.length).toBe(liveReads);
      const live = `Bearer ${await systemToken()}`;
      expect((await inject({ method: 'GET', url: '/api/platform/mandates', headers: { authorization: live } })).statusCode).toBe(200);
      expect(ledgerHttp.calls.length).toBe(liveReads + 1);
      expectProblem(await inject({ method: 'GET', url: '/api/sandbox/cashouts', headers: { authorization: live } }), 403, 'FORBIDDEN');
    });

    it.each<[string, string, unknown]>([
      ['an unknown field', '/api/sandbox/cashouts', { userId: 7, amount: 5, msisdn: '+237670000000', providerClientId: 'pc_momo' }],
      ['a number that is no MSISDN', '/api/sandbox/cashouts', { userId: 7, amount: 5, msisdn: '0670000000' }],
      ['an outcome of its own', '/api/sandbox/cashouts', { userId: 7, amount: 5, msisdn: '+237670000000', testOutcome: 'MAYBE' }],
      ['a negative amount', '/api/sandbox/mandates', { userId: 7, amount: -1, period: 'MONTH', reason: 'plan' }],
      ['a period of its own', '/api/sandbox/mandates', { userId: 7, amount: 1, period: 'YEAR', reason: 'plan' }],
      ['a max below the amount', '/api/sandbox/mandates', { userId: 7, amount: 5, maxPerPeriod: 1, period: 'DAY', reason: 'plan' }],
      ['a user id that is text', '/api/sandbox/purchases', { userId: '7 OR 1=1', treasury: 'COURSE_FEES', amount: 5, reason: 'r' }],
      [
        'an affiliate naming a client',
        '/api/sandbox/purchases',
        { userId: 7, treasury: 'COURSE_FEES', amount: 5, reason: 'r', affiliate: { userId: 8, clientId: 'test_other' } },
      ],
      ['a treasury of its own', '/api/sandbox/purchases', { userId: 7, treasury: '__proto__', amount: 5, reason: 'r' }],
      ['an amount with three decimals', '/api/sandbox/refunds', { transactionId: 1, amount: 1.001, reason: 'r' }],
    ])('when a test-mode client sends %s, then 400 VALIDATION_FAILED (RFC 9457) and nothing is sent', async (_name, url, body) => {
      const before = bus.requests.length;
      const response = await send(url, 'POST', body, `Bearer ${await testToken()}`);
      expectProblem(
        { statusCode: response.statusCode, headers: response.headers as Record<string, string>, json: () => response.json() },
        400,
        'VALIDATION_FAILED',
      );
      expect(bus.requests.length).toBe(before);
    });

    it('when a test-mode client names its test user as the affiliate of the user’s own purchase, then 409 SELF_REFERRAL and nothing is sent', async () => {
      const before = bus.requests.length;
      const response = await send(
        '/api/sandbox/purchases',
        'POST',
        { userId: 7, treasury: 'COURSE_FEES', amount: 5, reason: 'r', affiliate: { userId: 7 } },
        `Bearer ${await testToken()}`,
      );
      expect(response.json()).toMatchObject({ code: 'SELF_REFERRAL' });
      expect(bus.requests.length).toBe(before);
    });

    it('when a live user grants a mandate to a test-mode client, then 404 and nothing is sent: no mandate on real coins names one', async () => {
      const before = bus.requests.length;
      const response = await post(
        '/api/wallets/me/mandates',
        { clientId: 'test_shop', amount: 5, period: 'MONTH', startsAt: new Date().toISOString(), reason: 'plan' },
        { authorization: `Bearer ${await userToken()}`, 'idempotency-key': randomUUID() },
      );
      expectProblem(response, 404, 'NOT_FOUND');
      expect(bus.requests.length).toBe(before);
    });
  });

  describe('test-mode credentials (docs/decisions/0018-sandbox.md)', () => {
    const sandboxCommands = topicNames('component_sandbox_').ledgerCommands;
    const modes = [
      ['a test_ client', 'test_shop', 'test'],
      ['a test_ client whose token claims live', 'test_shop', 'live'],
      ['a live-looking client whose token claims test mode', 'shop-backend', 'test'],
    ];

    it.each(modes)(
      'when %s claims a cash-out (a route a live client may call, the sandbox does not serve), then 403 TEST_MODE_CREDENTIALS and nothing is sent',
      async (_name, sub, mode) => {
        const before = bus.requests.length;
        const authorization = `Bearer ${await token(sub, 'SYSTEM', { treasuries: ['REWARDS'], mode })}`;
        expectProblem(
          await post(`/api/cashouts/${randomUUID()}/claim`, {}, { authorization, 'idempotency-key': randomUUID() }),
          403,
          'TEST_MODE_CREDENTIALS',
        );
        expect(bus.requests.length).toBe(before);
      },
    );

    it.each([
      ['GET', '/api/admin/webhooks/endpoints'],
      ['GET', '/api/admin/treasuries'],
      ['GET', '/api/admin/treasuries/REWARDS/balance'],
      ['GET', '/api/admin/holds'],
      ['GET', '/api/admin/users/42/balance'],
      ['GET', `/api/admin/users/42/statement?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`],
    ])(
      'when a test-mode client calls %s %s (a route no platform client may call), then 403 FORBIDDEN as a live client gets, never TEST_MODE_CREDENTIALS, and nothing is read',
      async (method, url) => {
        const webhookCalls = liveWebhooks.calls.length + sandboxWebhooks.calls.length;
        const readsSoFar = () => [ledgerHttp, historyHttp, sandboxLedgerHttp, sandboxHistoryHttp].map((fake) => fake.calls.length);
        const reads = readsSoFar();
        for (const mode of ['test', 'live']) {
          const authorization = `Bearer ${await token(mode === 'test' ? 'test_shop' : 'shop-backend', 'SYSTEM', { treasuries: ['REWARDS'], mode })}`;
          expectProblem(await inject({ method: method as 'GET', url, headers: { authorization } }), 403, 'FORBIDDEN');
        }
        expect(liveWebhooks.calls.length + sandboxWebhooks.calls.length).toBe(webhookCalls);
        expect(readsSoFar()).toEqual(reads);
      },
    );

    it('when a test-mode client calls each operation a live client may, then only those docs/CONTRACT.md gives a reason for are 403 TEST_MODE_CREDENTIALS', async () => {
      const document = app.swagger() as unknown as { paths: Record<string, Record<string, OperationFacts>> };
      const authorization = `Bearer ${await token('test_shop', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}`;
      const refused: string[] = [];
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (!operation.security?.some((requirement) => 'platformClient' in requirement)) continue;
          // Any id and no body: the refusal comes before the route reads its input.
          const url = path.replace(/\{[^}]+\}/g, '1');
          const answer = await inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { authorization, 'idempotency-key': randomUUID() },
          });
          if (answer.statusCode === 403 && (answer.json() as { code?: string }).code === 'TEST_MODE_CREDENTIALS') {
            refused.push(String(operation.operationId));
          }
        }
      }
      expect(refused.sort()).toEqual([...liveOnlyOperations].sort());
      const contract = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'CONTRACT.md'), 'utf8');
      const from = contract.indexOf('**Live only, and why.**');
      const reasons = from < 0 ? '' : contract.slice(from, contract.indexOf('\n- ', from));
      expect(liveOnlyOperations.filter((operationId) => !reasons.includes(`\`${operationId}\``))).toEqual([]);
    });

    it("when a test-mode client voids or captures a hold by an id that does not name its payer, then the hold is read from the sandbox ledger alone and the command goes there; another client's is 403 and nothing is sent", async () => {
      const [own, others] = [randomUUID(), randomUUID()];
      const sandboxHold = (id: string, settlerClientId: string) => ({
        ...exampleHoldResult.hold,
        id,
        toUserId: 8,
        toTreasury: null,
        settlerClientId,
      });
      sandboxLedgerRoutes[`GET /internal/holds/${own}`] = () => sandboxHold(own, 'test_shop');
      sandboxLedgerRoutes[`GET /internal/holds/${others}`] = () => sandboxHold(others, 'test_other');
      bus.answer = async (options) => ({
        correlationId: randomUUID(),
        commandId: options.command.commandId,
        ok: true,
        result: { ...exampleHoldResult, hold: { ...exampleHoldResult.hold, id: own, status: 'VOIDED' } },
      });
      const authorization = `Bearer ${await token('test_shop', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}`;
      const [before, sent] = [readsSoFar(), bus.requests.length];
      const voided = await post(`/api/coins/holds/${own}/void`, {}, { authorization, 'idempotency-key': randomUUID() });
      expect(voided.statusCode).toBe(200);
      expectProblem(
        await post(`/api/coins/holds/${others}/capture`, {}, { authorization, 'idempotency-key': randomUUID() }),
        403,
        'FORBIDDEN',
      );
      expect(
        bus.requests.slice(sent).map((r) => [r.topic, r.command.type, (r.command.data as { fromUserId?: number }).fromUserId]),
      ).toEqual([[sandboxCommands, 'ledger.void-hold', exampleHoldResult.hold.fromUserId]]);
      expect(readsSoFar()).toEqual({ live: before.live, sandbox: before.sandbox + 2 });
      // A live client names the same id: the live ledger alone is asked, which holds no such hold.
      const live = `Bearer ${await systemToken()}`;
      expectProblem(
        await post(`/api/coins/holds/${own}/void`, {}, { authorization: live, 'idempotency-key': randomUUID() }),
        404,
        'NOT_FOUND',
      );
      expect(readsSoFar()).toEqual({ live: before.live + 1, sandbox: before.sandbox + 2 });
      expect(bus.requests.length).toBe(sent + 1);
    });

    it.each(modes)(
      "when %s lists its webhook endpoints or reads its events, then the sandbox's webhooks instance answers, and the live one is never asked",
      async (_name, sub, mode) => {
        const authorization = `Bearer ${await token(sub, 'SYSTEM', { treasuries: ['REWARDS'], mode })}`;
        const [live, sandbox] = [liveWebhooks.calls.length, sandboxWebhooks.calls.length];
        const listed = await inject({ method: 'GET', url: '/api/webhooks/endpoints', headers: { authorization } });
        expect([listed.statusCode, listed.json()]).toEqual([200, { endpoints: [] }]);
        await inject({ method: 'GET', url: '/api/events', headers: { authorization } });
        await post(
          '/api/webhooks/endpoints',
          { url: 'https://hooks.example.com/x', eventTypes: ['coin.transaction.recorded'] },
          {
            authorization,
            'idempotency-key': randomUUID(),
          },
        );
        expect(sandboxWebhooks.calls.slice(sandbox).map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
          `GET /internal/webhooks/clients/${sub}/endpoints`,
          `GET /internal/webhooks/clients/${sub}/events`,
          'POST /internal/webhooks/endpoints',
        ]);
        expect(liveWebhooks.calls.length).toBe(live);
      },
    );

    it("when a live client lists its webhook endpoints or reads its events, then the live webhooks service answers, and the sandbox's is never asked", async () => {
      const authorization = `Bearer ${await token('shop-backend', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'live' })}`;
      const [live, sandbox] = [liveWebhooks.calls.length, sandboxWebhooks.calls.length];
      expect((await inject({ method: 'GET', url: '/api/webhooks/endpoints', headers: { authorization } })).statusCode).toBe(200);
      await inject({ method: 'GET', url: '/api/events', headers: { authorization } });
      expect(liveWebhooks.calls.slice(live).map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
        'GET /internal/webhooks/clients/shop-backend/endpoints',
        'GET /internal/webhooks/clients/shop-backend/events',
      ]);
      expect(sandboxWebhooks.calls.length).toBe(sandbox);
    });

    it.each(modes)(
      'when %s rewards or funds a sandbox treasury, then the command goes to the sandbox ledger only',
      async (_name, sub, mode) => {
        const authorization = `Bearer ${await token(sub, 'SYSTEM', { treasuries: ['REWARDS'], mode })}`;
        const before = bus.requests.length;
        expect((await post('/api/admin/reward', reward, { authorization })).statusCode).toBe(201);
        const fund = await post('/api/sandbox/fund', { treasury: 'REWARDS', amount: 10, reason: 'funds' }, { authorization });
        expect(fund.statusCode).toBe(201);
        expect(bus.requests.slice(before).map((r) => [r.topic, r.command.type])).toEqual([
          [sandboxCommands, 'ledger.reward'],
          [sandboxCommands, 'ledger.mint'],
        ]);
      },
    );

    /** A transaction as a ledger's internal API answers it, made by `clientId`, telling which space answered by its reason. */
    const transactionOf = (id: number, clientId: string, space: string) => ({
      ...moneyResultFor(id).transaction,
      reason: `${space} row`,
      clientId,
    });
    /** Every internal call the four fakes have recorded so far, by space. */
    const readsSoFar = () => ({
      live: ledgerHttp.calls.length + historyHttp.calls.length,
      sandbox: sandboxLedgerHttp.calls.length + sandboxHistoryHttp.calls.length,
    });

    it.each(modes)(
      'when %s reads a transaction by id that both spaces hold under its own id, then only the sandbox answers, and the live ledger is never asked',
      async (_name, sub, mode) => {
        // Hostile: the live ledger holds a row naming this very client (as a mixing bug would make it).
        ledgerRoutes['GET /internal/transactions/901'] = () => transactionOf(901, sub!, 'live');
        sandboxLedgerRoutes['GET /internal/transactions/901'] = () => transactionOf(901, sub!, 'sandbox');
        const authorization = `Bearer ${await token(sub!, 'SYSTEM', { treasuries: ['REWARDS'], mode })}`;
        const before = readsSoFar();
        const response = await inject({ method: 'GET', url: '/api/coins/transactions/901', headers: { authorization } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: 901, reason: 'sandbox row', clientId: sub });
        expect(readsSoFar()).toEqual({ live: before.live, sandbox: before.sandbox + 1 });
      },
    );

    it('when a live client or an ADMIN reads a transaction or searches, then only the live space answers, even where the sandbox holds rows naming them', async () => {
      ledgerRoutes['GET /internal/transactions/902'] = () => transactionOf(902, 'shop-backend', 'live');
      sandboxLedgerRoutes['GET /internal/transactions/902'] = () => transactionOf(902, 'shop-backend', 'sandbox');
      historyRoutes['GET /internal/transactions'] = () => ({
        transactions: [transactionOf(902, 'shop-backend', 'live')],
        nextCursor: null,
      });
      sandboxHistoryRoutes['GET /internal/transactions'] = () => ({
        transactions: [transactionOf(902, 'shop-backend', 'sandbox')],
        nextCursor: null,
      });
      const before = readsSoFar();
      for (const authorization of [`Bearer ${await systemToken()}`, `Bearer ${await adminToken()}`]) {
        const one = await inject({ method: 'GET', url: '/api/coins/transactions/902', headers: { authorization } });
        expect(one.json()).toMatchObject({ id: 902, reason: 'live row' });
        const found = await inject({ method: 'GET', url: '/api/admin/transactions?reference=order-1', headers: { authorization } });
        expect(found.statusCode).toBe(200);
        expect((found.json() as { transactions: Array<{ reason: string }> }).transactions.map((t) => t.reason)).toEqual(['live row']);
      }
      expect(readsSoFar()).toEqual({ live: before.live + 4, sandbox: before.sandbox });
    });

    it('when a test-mode client searches by reference and metadata, then the sandbox history is asked, scoped to the client, and the live one never', async () => {
      sandboxHistoryRoutes['GET /internal/transactions'] = () => ({
        transactions: [transactionOf(903, 'test_shop', 'sandbox')],
        nextCursor: null,
      });
      const authorization = `Bearer ${await token('test_shop', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}`;
      const before = readsSoFar();
      const found = await inject({
        method: 'GET',
        url: '/api/admin/transactions?reference=order-1&metadata[courseId]=ts-101',
        headers: { authorization },
      });
      expect(found.statusCode).toBe(200);
      expect((found.json() as { transactions: Array<{ reason: string }> }).transactions.map((t) => t.reason)).toEqual(['sandbox row']);
      expect(readsSoFar()).toEqual({ live: before.live, sandbox: before.sandbox + 1 });
      const asked = new URL(sandboxHistoryHttp.calls.at(-1)!.path, 'http://x');
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({
        reference: 'order-1',
        metadata: JSON.stringify({ courseId: 'ts-101' }),
        clientId: 'test_shop',
      });
    });

    it('when a client reads the status of an Idempotency-Key, then it sees the answers of its own space only, even under the same client id', async () => {
      const live = `Bearer ${await systemToken()}`;
      const test = `Bearer ${await token('shop-backend', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}`;
      const [liveKey, testKey] = [randomUUID(), randomUUID()];
      expect((await post('/api/admin/reward', reward, { authorization: live, 'idempotency-key': liveKey })).statusCode).toBe(201);
      expect((await post('/api/admin/reward', reward, { authorization: test, 'idempotency-key': testKey })).statusCode).toBe(201);
      const statusOf = async (authorization: string, key: string) =>
        ((await inject({ method: 'GET', url: `/api/commands/${key}`, headers: { authorization } })).json() as { status: string }).status;
      expect(await statusOf(live, liveKey)).toBe('DONE');
      expect(await statusOf(test, testKey)).toBe('DONE');
      expect(await statusOf(test, liveKey)).toBe('UNKNOWN');
      expect(await statusOf(live, testKey)).toBe('UNKNOWN');
    });

    it("when a test-mode client reads its sandbox clock, then the sandbox ledger answers for the token's client; a live client or a person is 403 and nothing is read", async () => {
      sandboxLedgerRoutes['GET /internal/test-clocks/test_shop'] = () => ({
        clientId: 'test_shop',
        offsetSeconds: 3600,
        now: '2026-01-01T01:00:00.000Z',
      });
      const authorization = `Bearer ${await token('test_shop', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}`;
      const before = readsSoFar();
      const clock = await inject({ method: 'GET', url: '/api/sandbox/clock?clientId=test_other', headers: { authorization } });
      expect(clock.statusCode).toBe(200);
      expect(clock.json()).toEqual({ clientId: 'test_shop', offsetSeconds: 3600, now: '2026-01-01T01:00:00.000Z' });
      expect(sandboxLedgerHttp.calls.at(-1)!.path).toBe('/internal/test-clocks/test_shop');
      for (const other of [`Bearer ${await systemToken()}`, `Bearer ${await userToken()}`]) {
        expectProblem(await inject({ method: 'GET', url: '/api/sandbox/clock', headers: { authorization: other } }), 403, 'FORBIDDEN');
      }
      expect(readsSoFar()).toEqual({ live: before.live, sandbox: before.sandbox + 1 });
    });

    it('when a live client with the same grants rewards, then it goes to the live ledger; its sandbox fund is 403 FORBIDDEN and nothing is sent', async () => {
      const authorization = `Bearer ${await token('shop-backend', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'live' })}`;
      const before = bus.requests.length;
      expect((await post('/api/admin/reward', reward, { authorization })).statusCode).toBe(201);
      expectProblem(
        await post('/api/sandbox/fund', { treasury: 'REWARDS', amount: 10, reason: 'funds' }, { authorization }),
        403,
        'FORBIDDEN',
      );
      expect(bus.requests.slice(before).map((r) => r.topic)).toEqual([topicNames('component_').ledgerCommands]);
    });
  });

  describe('second factor and step-up (403)', () => {
    const nowS = () => Math.floor(Date.now() / 1000);

    it('when an ADMIN signed in with the password alone calls an admin route, then 403 MFA_REQUIRED and no command is sent; user routes stay open', async () => {
      const sent = bus.requests.length;
      const authorization = `Bearer ${await token('2', 'ADMIN', { mfaAt: null })}`;
      expectProblem(
        await post('/api/admin/mint', { userId: 7, amount: 5, reason: 'x' }, { authorization, 'x-api-key': mintKey }),
        403,
        'MFA_REQUIRED',
      );
      expectProblem(await inject({ method: 'GET', url: '/api/admin/approvals', headers: { authorization } }), 403, 'MFA_REQUIRED');
      expect(bus.requests.length).toBe(sent);
      // The routes any user has (here a transfer of the admin's own coins) are not refused for it.
      const transfer = await post('/api/coins/transfer', { toUserId: 9, amount: 1, reason: 'x' }, { authorization });
      expect(transfer.statusCode).toBe(201);
    });

    it("when an ADMIN's second factor is older than the step-up window, then approving or rejecting is 403 STEP_UP_REQUIRED and nothing is sent; minting is not a step-up route", async () => {
      const stale = `Bearer ${await token('2', 'ADMIN', { mfaAt: nowS() - 301 })}`;
      const sent = bus.requests.length;
      const id = randomUUID();
      for (const path of [`/api/admin/approvals/${id}/approve`, `/api/admin/approvals/${id}/reject`]) {
        const response = await post(
          path,
          { reason: 'no' },
          { authorization: stale, 'x-api-key': mintKey, 'idempotency-key': randomUUID() },
        );
        expectProblem(response, 403, 'STEP_UP_REQUIRED');
      }
      expect(bus.requests.length).toBe(sent);
      const mint = await post('/api/admin/mint', { userId: 7, amount: 5, reason: 'x' }, { authorization: stale, 'x-api-key': mintKey });
      expect(mint.statusCode).toBe(201);
    });

    it('when a SUPERADMIN with a stale second factor deletes a user, changes a role, or creates a key or a client, then each is 403 STEP_UP_REQUIRED', async () => {
      const authorization = `Bearer ${await token('1', 'SUPERADMIN', { mfaAt: nowS() - 600 })}`;
      const calls = [
        inject({ method: 'DELETE', url: '/api/admin/users/9', headers: { authorization } }),
        app.inject({
          method: 'PATCH',
          url: '/api/admin/users/9/role',
          headers: { authorization, 'content-type': 'application/json' },
          payload: '{"role":"ADMIN"}',
        }),
        post('/api/admin/api-keys', { name: 'k', scopes: ['mint'] }, { authorization }),
        post('/api/admin/platform-clients', { name: 'shop' }, { authorization, 'idempotency-key': randomUUID() }),
      ];
      for (const response of await Promise.all(calls)) {
        expect({ status: response.statusCode, code: (response.json() as { code: string }).code }).toEqual({
          status: 403,
          code: 'STEP_UP_REQUIRED',
        });
      }
    });

    it('when an ADMIN with a stale second factor takes any step on a monitoring case, then each is 403 STEP_UP_REQUIRED and the monitoring service is not asked', async () => {
      const stale = `Bearer ${await token('2', 'ADMIN', { mfaAt: nowS() - 301 })}`;
      const asked = monitoringHttp.calls.length;
      const steps = {
        assign: { assignee: 2 },
        comments: { body: 'nothing to see' },
        transactions: { transactionIds: [1051] },
        resolve: { resolution: 'FALSE_POSITIVE', reason: 'friends sharing a bill' },
      };
      for (const [path, body] of Object.entries(steps)) {
        expectProblem(
          await post(`/api/admin/monitoring/cases/${randomUUID()}/${path}`, body, { authorization: stale }),
          403,
          'STEP_UP_REQUIRED',
        );
      }
      expect(monitoringHttp.calls.length).toBe(asked);
    });

    it('when the second factor is fresh, then an approval passes the checks and reaches the approval it names (here none: 404)', async () => {
      const authorization = `Bearer ${await token('2', 'ADMIN', { mfaAt: nowS() - 10 })}`;
      const response = await post(
        `/api/admin/approvals/${randomUUID()}/reject`,
        { reason: 'no' },
        { authorization, 'idempotency-key': randomUUID() },
      );
      expect(response.statusCode).toBe(404);
    });
  });

  describe('approvals decided from what the request names (docs/decisions/0005)', () => {
    const nowS = () => Math.floor(Date.now() / 1000);
    const headers = async (apiKey?: string) => ({
      authorization: `Bearer ${await token('2', 'ADMIN', { mfaAt: nowS() - 10 })}`,
      'idempotency-key': randomUUID(),
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
    });
    /** The ledger's answer for a request it does not hold: what was sent is what these tests look at. */
    const notFound = () => {
      bus.answer = async (options) => failed(options.command.commandId, 'APPROVAL_NOT_FOUND', 'Approval request does not exist');
    };

    it('when the id names its route, then approve and reject are sent under its wallet key naming only the request, with no read of the ledger', async () => {
      notFound();
      const id = approvalIdNamingRoute({ walletKey: 'user:7', payout: false }, 'ab'.repeat(16));
      const [reads, sent] = [ledgerHttp.calls.length, bus.requests.length];
      expectProblem(await post(`/api/admin/approvals/${id}/approve`, {}, await headers(mintKey)), 404, 'APPROVAL_NOT_FOUND');
      expectProblem(await post(`/api/admin/approvals/${id}/reject`, { reason: 'no' }, await headers()), 404, 'APPROVAL_NOT_FOUND');
      const payoutId = approvalIdNamingRoute({ walletKey: 'treasury:REWARDS', payout: true }, 'cd'.repeat(16));
      expectProblem(await post(`/api/admin/payout-approvals/${payoutId}/approve`, {}, await headers(rewardKey)), 404, 'APPROVAL_NOT_FOUND');
      expect(ledgerHttp.calls.length).toBe(reads);
      const [approve, reject, payout] = bus.requests.slice(sent);
      expect(approve).toMatchObject({
        key: 'user:7',
        command: { type: 'ledger.approve', keyProof: grants[sha256Hex(mintKey)]!.keyProof, data: { approvalId: id } },
      });
      expect(reject).toMatchObject({ key: 'user:7', command: { type: 'ledger.reject-approval', data: { approvalId: id, reason: 'no' } } });
      expect(payout).toMatchObject({ key: 'treasury:REWARDS', command: { type: 'ledger.approve', data: { approvalId: payoutId } } });
      for (const request of [approve, reject, payout]) expect(request!.command.data).not.toHaveProperty('command');
    });

    it('when the id names its route, then the early refusals need no read: a payout request on the routes of Approvals is not found, and a key with none of the scopes its route may need is refused', async () => {
      const [reads, sent] = [ledgerHttp.calls.length, bus.requests.length];
      const payoutId = approvalIdNamingRoute({ walletKey: 'treasury:REWARDS', payout: true }, 'ef'.repeat(16));
      expectProblem(await post(`/api/admin/approvals/${payoutId}/approve`, {}, await headers(mintKey)), 404, 'APPROVAL_NOT_FOUND');
      // A payout's request needs the reward scope: a mint key can approve none.
      expectProblem(await post(`/api/admin/payout-approvals/${payoutId}/approve`, {}, await headers(mintKey)), 403, 'API_KEY_SCOPE');
      expect([ledgerHttp.calls.length, bus.requests.length]).toEqual([reads, sent]);
    });

    it('when the id is of the earlier layout (UUIDv5, naming no route), then the request is read once and sent with its command, and the shared rule refuses a key without its scope early', async () => {
      notFound();
      const id = '0d9f8c1e-5a6b-5c7d-8e9f-0a1b2c3d4e5f';
      const held = { type: 'ledger.mint', data: { to: { kind: 'user', userId: 7 }, amount: 2_000_000, reason: 'prize' } };
      ledgerRoutes[`GET /internal/approvals/${id}`] = () => ({ approval: { ...exampleApprovalPending.approval, id }, command: held });
      const [reads, sent] = [ledgerHttp.calls.length, bus.requests.length];
      expectProblem(await post(`/api/admin/approvals/${id}/approve`, {}, await headers(mintKey)), 404, 'APPROVAL_NOT_FOUND');
      expect(ledgerHttp.calls.length - reads).toBe(1);
      expect(bus.requests.at(-1)).toMatchObject({
        key: 'user:7',
        command: { type: 'ledger.approve', data: { approvalId: id, command: held } },
      });
      expectProblem(await post(`/api/admin/approvals/${id}/approve`, {}, await headers(burnOnlyKey)), 403, 'API_KEY_SCOPE');
      expect(bus.requests.length - sent).toBe(1);
    });
  });

  describe('API keys on money routes', () => {
    const mint = { userId: 7, amount: 5, reason: 'grant' };

    it('when an ADMIN mints without x-api-key, then 401 API_KEY_INVALID and no command is sent', async () => {
      const sent = bus.requests.length;
      expectProblem(await post('/api/admin/mint', mint, { authorization: `Bearer ${await adminToken()}` }), 401, 'API_KEY_INVALID');
      expect(bus.requests.length).toBe(sent);
    });

    it('when the key is unknown to the user service, then 401 API_KEY_INVALID', async () => {
      const unknown = `ck_${'u'.repeat(43)}`;
      expectProblem(
        await post('/api/admin/mint', mint, { authorization: `Bearer ${await adminToken()}`, 'x-api-key': unknown }),
        401,
        'API_KEY_INVALID',
      );
    });

    it("when the key lacks the route's scope, then 403 API_KEY_SCOPE and no command is sent", async () => {
      const sent = bus.requests.length;
      const response = await post('/api/admin/mint', mint, { authorization: `Bearer ${await adminToken()}`, 'x-api-key': burnOnlyKey });
      const body = expectProblem(response, 403, 'API_KEY_SCOPE');
      expect(body.detail).toContain('mint');
      expect(bus.requests.length).toBe(sent);
    });

    it("when the key has the scope, then 201 and the mint is sent keyed by the credited wallet, with the key's proof", async () => {
      const response = await post('/api/admin/mint', mint, { authorization: `Bearer ${await adminToken()}`, 'x-api-key': mintKey });
      expect(response.statusCode).toBe(201);
      expect(bus.requests.at(-1)).toMatchObject({
        key: 'user:7',
        command: {
          type: 'ledger.mint',
          actor: { kind: 'user', id: '2', role: 'ADMIN' },
          keyProof: grants[sha256Hex(mintKey)]!.keyProof,
        },
      });
    });

    it('when the key was issued to another admin, then 401 API_KEY_INVALID and no command is sent', async () => {
      const sent = bus.requests.length;
      const response = await post('/api/admin/reward', reward, {
        authorization: `Bearer ${await adminToken()}`,
        'x-api-key': rewardKeyOf3,
      });
      const body = expectProblem(response, 401, 'API_KEY_INVALID');
      expect(body.detail).toBe('The API key was issued to another admin');
      expect(bus.requests.length).toBe(sent);
    });

    it('when a command needs no key (a transfer, a platform client’s reward), then it carries no key proof', async () => {
      await post('/api/coins/transfer', { toUserId: 9, amount: 1, reason: 'x' }, { authorization: `Bearer ${await userToken()}` });
      expect(bus.requests.at(-1)!.command).not.toHaveProperty('keyProof');
      await post('/api/admin/reward', reward, { authorization: `Bearer ${await systemToken()}` });
      expect(bus.requests.at(-1)!.command).toMatchObject({ type: 'ledger.reward', actor: { kind: 'system' } });
      expect(bus.requests.at(-1)!.command).not.toHaveProperty('keyProof');
    });
  });

  describe('idempotency', () => {
    it('when the same Idempotency-Key and body come twice, then both answers are equal, both sends carry one command id, and the ledger applies it once', async () => {
      const headers = {
        authorization: `Bearer ${await adminToken()}`,
        'x-api-key': rewardKey,
        'idempotency-key': `replay-${randomUUID()}`,
      };
      const applied = bus.applied.length;
      const sent = bus.requests.length;
      const first = await post('/api/admin/reward', reward, headers);
      // Same body, other key order: the request hash is over canonical JSON.
      const second = await post('/api/admin/reward', { reason: reward.reason, amount: reward.amount, userId: reward.userId }, headers);

      expect(first.statusCode).toBe(201);
      expect({ status: second.statusCode, body: second.json() }).toEqual({ status: first.statusCode, body: first.json() });
      // The gateway keeps no response cache: the replay reaches the ledger again, as the same command.
      const [a, b] = bus.requests.slice(sent);
      expect(bus.requests.length - sent).toBe(2);
      expect(b!.command.commandId).toBe(a!.command.commandId);
      expect((b!.command as SentCommand).data.requestHash).toBe((a!.command as SentCommand).data.requestHash);
      expect(bus.applied.length - applied).toBe(1);
    });

    it('when requests come without a key, then each is a new command', async () => {
      const authorization = `Bearer ${await adminToken()}`;
      const sent = bus.requests.length;
      await post('/api/admin/reward', reward, { authorization, 'x-api-key': rewardKey });
      await post('/api/admin/reward', reward, { authorization, 'x-api-key': rewardKey });
      const [a, b] = bus.requests.slice(sent);
      expect(a!.command.commandId).not.toBe(b!.command.commandId);
    });

    it('when the same key comes with another body, then 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const headers = { authorization: `Bearer ${await adminToken()}`, 'x-api-key': rewardKey, 'idempotency-key': `reuse-${randomUUID()}` };
      expect((await post('/api/admin/reward', reward, headers)).statusCode).toBe(201);
      expectProblem(await post('/api/admin/reward', { ...reward, amount: 6 }, headers), 422, 'IDEMPOTENCY_KEY_REUSED');
    });

    it('when the same key is used by another caller, then it is another command (keys are per caller)', async () => {
      const key = `shared-${randomUUID()}`;
      const sent = bus.requests.length;
      await post('/api/admin/reward', reward, {
        authorization: `Bearer ${await adminToken()}`,
        'x-api-key': rewardKey,
        'idempotency-key': key,
      });
      const other = await post(
        '/api/admin/reward',
        { ...reward, amount: 6 },
        { authorization: `Bearer ${await token('3', 'ADMIN')}`, 'x-api-key': rewardKeyOf3, 'idempotency-key': key },
      );
      expect(other.statusCode).toBe(201);
      const [a, b] = bus.requests.slice(sent);
      expect(a!.command.commandId).not.toBe(b!.command.commandId);
    });

    it('when a second request with the key arrives while the first is in flight, then 409 REQUEST_IN_PROGRESS; once the first is answered the key replays', async () => {
      const headers = {
        authorization: `Bearer ${await adminToken()}`,
        'x-api-key': rewardKey,
        'idempotency-key': `inflight-${randomUUID()}`,
      };
      const release = deferred<void>();
      const reached = deferred<void>();
      bus.answer = async (options) => {
        reached.resolve();
        await release.promise;
        return bus.apply(options);
      };
      const sent = bus.requests.length;
      const first = post('/api/admin/reward', reward, headers);
      await reached.promise;

      const concurrent = await post('/api/admin/reward', reward, headers);
      expectProblem(concurrent, 409, 'REQUEST_IN_PROGRESS');
      expect(bus.requests.length - sent).toBe(1);

      release.resolve();
      const firstResponse = await first;
      expect(firstResponse.statusCode).toBe(201);
      // The lock went with the first answer: a retry now replays it.
      const retry = await post('/api/admin/reward', reward, headers);
      expect({ status: retry.statusCode, body: retry.json() }).toEqual({ status: 201, body: firstResponse.json() });
    });
  });

  describe("a platform's treasury statement as CSV", () => {
    it('when a live client asks for its statement as CSV over more lines than a page, then every page of the period is read and written, its own lines whole and another’s a change alone, with the balances as headers', async () => {
      const line = (id: number, clientId: string | undefined, runningBalance: number) => ({
        transaction: {
          ...transactionOfClient(id, clientId ?? 'unused'),
          ...(clientId ? {} : { clientId: undefined }),
          reason: `reason ${id}`,
        },
        change: -5,
        runningBalance,
      });
      const pages = [
        { lines: [line(1, 'shop-backend', 95), line(2, 'another-shop', 90)], nextCursor: 'next-page' },
        { lines: [line(3, undefined, 85)], nextCursor: null },
      ];
      let read = 0;
      historyRoutes['GET /internal/history/statements/treasury/REWARDS'] = () => ({
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-02-01T00:00:00.000Z',
        openingBalance: 100,
        closingBalance: 85,
        ...pages[read++]!,
      });
      const calls = historyHttp.calls.length;
      const answer = await app.inject({
        method: 'GET',
        url: '/api/platform/treasuries/REWARDS/statement?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&limit=1',
        headers: { authorization: `Bearer ${await systemToken()}`, accept: 'text/csv' },
      });
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
      expect([answer.headers['statement-opening-balance'], answer.headers['statement-closing-balance']]).toEqual(['100', '85']);
      const at = '2025-01-01T00:00:00.000Z';
      expect(answer.body.split('\r\n')).toEqual([
        'createdAt,transactionId,type,change,runningBalance,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,metadata,splitOf',
        `${at},1,REWARD,-5,95,,7,REWARDS,,reason 1,,,,`,
        `${at},2,REWARD,-5,90,,,,,,,,,`,
        `${at},3,REWARD,-5,85,,,,,,,,,`,
        '',
      ]);
      // The whole period, a page of the most at a time, whatever limit the query named; the second from the first's cursor.
      const asked = historyHttp.calls.slice(calls).map((c) => new URL(c.path, 'http://fake.invalid').searchParams);
      expect(asked.map((q) => [q.get('limit'), q.get('cursor')])).toEqual([
        ['1000', null],
        ['1000', 'next-page'],
      ]);
    });
  });

  describe('a dry run asked of an operation that takes none (docs/DESIGN.md "Dry runs")', () => {
    /** What every port was asked so far (the caller's own API-key look-ups aside): a refusal asks none. */
    const portCalls = () =>
      [
        bus.requests,
        ...[ledgerHttp, historyHttp, sandboxLedgerHttp, sandboxHistoryHttp, liveWebhooks, sandboxWebhooks, monitoringHttp].map(
          (fake) => fake.calls,
        ),
      ].map((calls) => calls.length);
    const isDryRunRefusal = (answer: Answer) => {
      if (answer.statusCode !== 400) return false;
      const body = answer.json() as { code?: string; errors?: Array<{ path: string }> };
      return body.code === 'VALIDATION_FAILED' && body.errors?.[0]?.path === 'querystring.dryRun';
    };

    it.each([
      ['POST', '/api/sandbox/test-users', { name: 'player one' }],
      ['POST', '/api/sandbox/clock/advance', { seconds: 60 }],
      ['POST', '/api/sandbox/clock/set', { at: '2030-01-01T00:00:00Z' }],
      ['POST', '/api/sandbox/reset', {}],
      ['POST', '/api/sandbox/fund', { treasury: 'REWARDS', amount: 10, reason: 'seed' }],
      ['POST', '/api/sandbox/holds', { userId: 1, amount: 1 }],
      ['POST', '/api/sandbox/purchases', { userId: 1, amount: 1 }],
      ['POST', '/api/sandbox/refunds', { transactionId: 1 }],
      ['POST', '/api/sandbox/cashouts', { userId: 1, amount: 1 }],
      ['POST', '/api/sandbox/mandates', { userId: 1 }],
      ['PUT', '/api/sandbox/commission-rules', { rules: [] }],
    ])(
      'when a test-mode client sends %s %s?dryRun=true (a sandbox operation: it takes no dry run), then 400 VALIDATION_FAILED naming querystring.dryRun, with or without a key, and nothing is sent or read',
      async (method, url, body) => {
        const authorization = `Bearer ${await token('test_shop', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}`;
        const before = portCalls();
        for (const key of [{ 'idempotency-key': randomUUID() }, {}] as Array<Record<string, string>>) {
          const answer = await inject({
            method: method as 'POST',
            url: `${url}?dryRun=true`,
            payload: body,
            headers: { authorization, 'content-type': 'application/json', ...key },
          });
          const problem = expectProblem(answer, 400, 'VALIDATION_FAILED');
          expect(problem.errors).toEqual([{ path: 'querystring.dryRun', message: expect.stringContaining('takes no dry run') }]);
        }
        expect(portCalls()).toEqual(before);
      },
    );

    it('when any write operation that takes no dry run is sent dryRun=true (or any value but false), by any caller, then it is refused before it reaches a port: never applied for a preview', async () => {
      const document = app.swagger() as unknown as {
        paths: Record<string, Record<string, { parameters?: Array<{ name?: string; in?: string }> }>>;
      };
      const superadmin = { authorization: `Bearer ${await token('1', 'SUPERADMIN')}`, 'x-api-key': mintKey };
      const callers: Array<Record<string, string>> = [
        {},
        { authorization: `Bearer ${await token('test_shop', 'SYSTEM', { treasuries: ['REWARDS'], mode: 'test' })}` },
        { authorization: `Bearer ${await systemToken()}` },
        superadmin,
        { authorization: `Bearer ${await userToken()}` },
      ];
      const asked: Array<{ caller: Record<string, string>; value: string }> = [
        ...callers.map((caller) => ({ caller, value: 'true' })),
        ...['1', 'yes', ''].map((value) => ({ caller: superadmin, value })),
      ];
      const applied: string[] = [];
      let refusedForTheFlag = 0;
      const before = portCalls();
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
          if (operation.parameters?.some((p) => p.in === 'query' && p.name === 'dryRun')) continue;
          for (const { caller, value } of asked) {
            const answer = await inject({
              method: method.toUpperCase() as 'POST',
              url: `${path.replace(/\{[^}]+\}/g, '1')}?dryRun=${value}`,
              headers: { ...caller, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
              payload: {},
            });
            // Refused for the flag, or before it for who asks (401, 403) or how (415: a form route sent JSON).
            if (isDryRunRefusal(answer)) refusedForTheFlag++;
            else if (![401, 403, 415].includes(answer.statusCode))
              applied.push(`${method.toUpperCase()} ${path}?dryRun=${value}: ${answer.statusCode}`);
          }
        }
      }
      expect(applied).toEqual([]);
      expect(refusedForTheFlag).toBeGreaterThan(0);
      expect(portCalls()).toEqual(before);
    });
  });

  describe('write admission (token version, write limit, lock: one plugin, the in-memory store)', () => {
    const transfer = { toUserId: 9, amount: 1, reason: 'x' };

    it('when the caller is past the write limit, then 429 with Retry-After and the fields, and a keyed request holds no lock', async () => {
      // 1000 writes counted in this window already (the component's limit is 1000 a minute).
      admissionStore.put('rl:writes-caller:21', '1000', 60_000);
      const key = `limited-${randomUUID()}`;
      const sent = bus.requests.length;
      const limited = await post('/api/coins/transfer', transfer, {
        authorization: `Bearer ${await userToken(21)}`,
        'idempotency-key': key,
      });
      expectProblem(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.headers['ratelimit-policy']).toBe('"writes-caller";q=1000;w=60');
      expect(limited.headers.ratelimit).toMatch(/^"writes-caller";r=0;t=\d+$/);
      expect(bus.requests.length).toBe(sent);
      const status = await inject({
        method: 'GET',
        url: `/api/commands/${key}`,
        headers: { authorization: `Bearer ${await userToken(21)}` },
      });
      expect(status.json()).toEqual({ status: 'UNKNOWN' });
    });

    it('when a revoked token writes, then 401 and its write counts against no limit', async () => {
      tokenVersions.set(22, 1);
      const refused = await post('/api/coins/transfer', transfer, { authorization: `Bearer ${await token('22', 'USER', { ver: 0 })}` });
      expectProblem(refused, 401, 'UNAUTHENTICATED');
      expect(await admissionStore.read(['rl:writes-caller:22'])).toEqual([null]);
      const ok = await post('/api/coins/transfer', transfer, { authorization: `Bearer ${await token('22', 'USER', { ver: 1 })}` });
      expect(ok.statusCode).toBe(201);
      expect(ok.headers.ratelimit).toMatch(/^"writes-caller";r=999;t=\d+$/);
    });

    it('when the store is unreachable, then a keyed write is 503 with Retry-After and sends nothing; a keyless one goes on, counted in process', async () => {
      admissionStore.down = true;
      const authorization = `Bearer ${await userToken(23)}`;
      const sent = bus.requests.length;
      const keyed = await post('/api/coins/transfer', transfer, { authorization, 'idempotency-key': randomUUID() });
      expectProblem(keyed, 503, 'UNAVAILABLE');
      expect(keyed.headers['retry-after']).toBe('1');
      expect(bus.requests.length).toBe(sent);
      const keyless = await post('/api/coins/transfer', transfer, { authorization });
      expect(keyless.statusCode).toBe(201);
      expect(keyless.headers.ratelimit).toMatch(/^"writes-caller";r=\d+;t=\d+$/);
    });

    it("when whoever can write the store forges or alters a keyed command's answer, then its status is not answered from it", async () => {
      const authorization = `Bearer ${await userToken(25)}`;
      const principal = { kind: 'user', subject: '25' };
      const statusOf = async (key: string) =>
        (await inject({ method: 'GET', url: `/api/commands/${key}`, headers: { authorization } })).json();
      const realKey = `altered-${randomUUID()}`;
      const sent = await post('/api/coins/transfer', transfer, { authorization, 'idempotency-key': realKey });
      expect(sent.statusCode).toBe(201);
      expect(await statusOf(realKey)).toMatchObject({ status: 'DONE', statusCode: 201 });
      // A well-formed answer written under a key the caller never used: not shown.
      const forgedKey = `forged-${randomUUID()}`;
      const forged = { statusCode: 201, request: 'POST /api/coins/transfer', recordedAt: Date.now(), body: sent.json() };
      admissionStore.put(answerKeyOf(keyedCommandId(principal, 'POST /api/coins/transfer', forgedKey)), JSON.stringify(forged), 60_000);
      expect(await statusOf(forgedKey)).toEqual({ status: 'UNKNOWN' });
      // A genuine answer altered in place: not shown either.
      const stored = answerKeyOf(keyedCommandId(principal, 'POST /api/coins/transfer', realKey));
      const [text] = await admissionStore.read([stored]);
      admissionStore.put(stored, String(text).replace('"statusCode":201', '"statusCode":200'), 60_000);
      expect(await statusOf(realKey)).toEqual({ status: 'UNKNOWN' });
    });

    it('when a payer is deleted, then the recorded answers holding their phone number are gone, and others stay', async () => {
      const authorization = `Bearer ${await userToken(26)}`;
      const cashout = { ...exampleCashoutResult, cashout: { ...exampleCashoutResult.cashout, userId: 26 } };
      bus.answer = async (options) =>
        ({ correlationId: randomUUID(), commandId: options.command.commandId, ok: true, result: cashout }) as Reply;
      const cashoutKey = `cashout-${randomUUID()}`;
      const body = { amount: 5, msisdn: cashout.cashout.msisdn };
      expect((await post('/api/cashouts', body, { authorization, 'idempotency-key': cashoutKey })).statusCode).toBe(201);
      bus.answer = async (options) => bus.apply(options);
      const transferKey = `transfer-${randomUUID()}`;
      expect((await post('/api/coins/transfer', transfer, { authorization, 'idempotency-key': transferKey })).statusCode).toBe(201);
      const answerOf = (key: string, route: string) => answerKeyOf(keyedCommandId({ kind: 'user', subject: '26' }, route, key));
      const stored = async () =>
        admissionStore.read([answerOf(cashoutKey, 'POST /api/cashouts'), answerOf(transferKey, 'POST /api/coins/transfer')]);
      expect(String((await stored())[0])).toContain(cashout.cashout.msisdn);
      // The gateway's shared consumer of user events, told of the deletion.
      const deleted = { type: 'user.deleted', user: { id: 26, tokenVersion: 1 } } as unknown as ConsumedUserEvent;
      const seen: number[] = [];
      const delivered = [{ value: deleted, key: '26', headers: {}, topic: 'user.events.v2', partition: 0, offset: '1' }];
      const versions = async (items: Array<{ value: ConsumedUserEvent }>) => void seen.push(...items.map((item) => item.value.user.id));
      // An event the user service does not confirm (the user is live) erases nothing.
      await erasingPhoneAnswers(admissionStore, async () => false, versions)(delivered);
      expect(String((await stored())[0])).toContain(cashout.cashout.msisdn);
      await erasingPhoneAnswers(admissionStore, async (id) => id === 26, versions)(delivered);
      expect(seen).toEqual([26, 26]);
      const [cashoutAnswer, transferAnswer] = await stored();
      expect(cashoutAnswer).toBeNull();
      expect(transferAnswer).not.toBeNull();
    });

    it('when a keyed command was answered from its stored outcome, then the replay says Idempotent-Replayed: true', async () => {
      const headers = { authorization: `Bearer ${await userToken(24)}`, 'idempotency-key': `replayed-${randomUUID()}` };
      // The ledger says `replayed` when it answers a command id it has stored (as services/ledger does).
      bus.answer = async (options) => {
        const seen = bus.applied.some((command) => command.commandId === options.command.commandId);
        const reply = bus.apply(options);
        return seen ? ({ ...reply, replayed: true } as Reply) : reply;
      };
      const first = await post('/api/coins/transfer', transfer, headers);
      const again = await post('/api/coins/transfer', transfer, headers);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect({ status: again.statusCode, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, replayed: 'true' });
    });
  });

  describe('event resends: a quota per client', () => {
    const resend = async (clientId: string) =>
      inject({
        method: 'POST',
        url: `/api/events/${resentEventId}/resend`,
        headers: { authorization: `Bearer ${await token(clientId, 'SYSTEM', { treasuries: ['REWARDS'] })}` },
      });
    const resendCalls = (clientId: string) =>
      liveWebhooks.calls.filter((c) => c.path.startsWith(`/internal/webhooks/clients/${clientId}/`)).length;

    it('when a client resends past its quota, then 429 with Retry-After and the fields, and nothing more reaches the webhooks service (no audit row); another client still resends', async () => {
      const answers = [];
      for (let i = 0; i < resendsMax; i += 1) answers.push(await resend('resending-shop'));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(resendsMax).fill(202));
      expect(answers[0]!.headers['ratelimit-policy']).toContain(`"resends-client";q=${resendsMax};w=60`);
      const limited = await resend('resending-shop');
      expectProblem(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.headers.ratelimit).toContain('"resends-client";r=0;');
      expect(resendCalls('resending-shop')).toBe(resendsMax);
      // The quota is the client's own: another one's resends are untouched.
      expect((await resend('patient-shop')).statusCode).toBe(202);
      expect(resendCalls('patient-shop')).toBe(1);
    });
  });

  describe('Coin-Version', () => {
    it("when a platform client pinned to the current version calls without the header, then its answer is that version's, said in Coin-Version", async () => {
      const pinned = await token('shop-backend', 'SYSTEM', { treasuries: ['REWARDS'], coinVersion: '3.0.0' });
      const response = await post('/api/admin/reward', reward, { authorization: `Bearer ${pinned}` });
      expect({ status: response.statusCode, version: response.headers['coin-version'] }).toEqual({ status: 201, version: '3.0.0' });
      expect(response.json()).toMatchObject({ transaction: { type: 'REWARD' }, wallet: { code: 'REWARDS' } });
    });

    it('when a user names no version, then the newest is used and said', async () => {
      const response = await inject({
        method: 'GET',
        url: '/api/commands/some-key',
        headers: { authorization: `Bearer ${await userToken()}` },
      });
      expect(response.headers['coin-version']).toBe(currentApiVersion);
    });

    it('when Coin-Version names a version this API does not serve, or is malformed, then 400 listing the supported ones and nothing is sent', async () => {
      const sent = bus.requests.length;
      for (const version of ['2.0.0', 'latest']) {
        const response = await post(
          '/api/coins/transfer',
          { toUserId: 9, amount: 1, reason: 'x' },
          {
            authorization: `Bearer ${await userToken()}`,
            'coin-version': version,
          },
        );
        const body = expectProblem(response, 400, 'VALIDATION_FAILED');
        expect(body.detail).toBe(`Unsupported Coin-Version; supported versions: ${currentApiVersion}, 3.0.0`);
      }
      expect(bus.requests.length).toBe(sent);
    });
  });

  describe('error mapping', () => {
    it('when the command times out, then 504 TIMEOUT naming the command id', async () => {
      bus.answer = async (options) => {
        throw new AppError('TIMEOUT', 'The command was accepted but not confirmed in time', {
          extra: { commandId: options.command.commandId },
        });
      };
      const response = await post('/api/admin/reward', reward, { authorization: `Bearer ${await adminToken()}`, 'x-api-key': rewardKey });
      const body = expectProblem(response, 504, 'TIMEOUT');
      expect(body.commandId).toBe(bus.requests.at(-1)!.command.commandId);
    });

    it('when the ledger refuses with INSUFFICIENT_FUNDS, then 422 INSUFFICIENT_FUNDS with its detail', async () => {
      bus.answer = async (options) => failed(options.command.commandId, 'INSUFFICIENT_FUNDS', 'Balance 3.00 is below 5.00');
      const response = await post(
        '/api/coins/transfer',
        { toUserId: 9, amount: 5, reason: 'rent' },
        { authorization: `Bearer ${await userToken()}` },
      );
      const body = expectProblem(response, 422, 'INSUFFICIENT_FUNDS');
      expect(body.detail).toBe('Balance 3.00 is below 5.00');
      expect(bus.requests.at(-1)).toMatchObject({
        key: 'user:7',
        command: { type: 'ledger.transfer', data: { fromUserId: 7, amount: 500 } },
      });
    });

    // A reply outside the contract (a half-done deployment) is the bus's to refuse: here the
    // route would otherwise answer 204 and revoke nothing in the gateway's key cache.
    it("when the user service's reply to a key revocation lacks the key's hash, then 500 INTERNAL rather than a 204 that revoked nothing", async () => {
      bus.answer = async (options) => ({
        correlationId: randomUUID(),
        commandId: options.command.commandId,
        ok: true,
        result: { id: randomUUID() },
      });
      const superadmin = await token('1', 'SUPERADMIN');
      const response = await inject({
        method: 'DELETE',
        url: `/api/admin/api-keys/${randomUUID()}`,
        headers: { authorization: `Bearer ${superadmin}` },
      });
      expectProblem(response, 500, 'INTERNAL');
      expect(bus.requests.at(-1)).toMatchObject({ key: 'api-keys', command: { type: 'user.api-key.revoke' } });
    });

    // An internal read outside the contract (a half-done deployment) is refused by the typed
    // read: here a hold without its payer would otherwise key a capture by nobody's wallet.
    it("when the ledger's answer about a hold is not a hold, then 500 INTERNAL and no capture is sent", async () => {
      const holdId = randomUUID();
      ledgerRoutes[`GET /internal/holds/${holdId}`] = () => ({ id: holdId, status: 'PENDING', toTreasury: 'COURSE_FEES' });
      const sent = bus.requests.length;
      const response = await post(`/api/coins/holds/${holdId}/capture`, {}, { authorization: `Bearer ${await adminToken()}` });
      expectProblem(response, 500, 'INTERNAL');
      expect(bus.requests.length).toBe(sent);
    });

    it('when the ledger set the command aside (COMMAND_FAILED), then 500 COMMAND_FAILED naming the command id', async () => {
      bus.answer = async (options) => failed(options.command.commandId, 'COMMAND_FAILED', 'The command was set aside');
      const response = await post('/api/admin/reward', reward, { authorization: `Bearer ${await adminToken()}`, 'x-api-key': rewardKey });
      const body = expectProblem(response, 500, 'COMMAND_FAILED');
      expect(body.commandId).toBe(bus.requests.at(-1)!.command.commandId);
    });

    it('when the ledger refused the command before any apply (COMMAND_REFUSED), then 422 COMMAND_REFUSED naming the command id', async () => {
      bus.answer = async (options) => failed(options.command.commandId, 'COMMAND_REFUSED', 'The command was refused before it was applied');
      const response = await post('/api/admin/reward', reward, { authorization: `Bearer ${await adminToken()}`, 'x-api-key': rewardKey });
      const body = expectProblem(response, 422, 'COMMAND_REFUSED');
      expect(body.commandId).toBe(bus.requests.at(-1)!.command.commandId);
    });
  });

  describe('affiliate splits: referrals and commission changes (docs/CONTRACT.md "Affiliate splits")', () => {
    const nowS = () => Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    /** A referral as the user service signs it; its signature is the ledger's to verify, so a placeholder here. */
    const referral = (claims: Record<string, unknown> = {}) =>
      `${part({ alg: 'EdDSA', typ: 'coin-referral+jwt' })}.${part({
        sub: 'shop-backend',
        buyer: 7,
        affiliate: 8,
        treasury: 'COURSE_FEES',
        createdBy: null,
        approvedBy: null,
        iat: nowS(),
        exp: nowS() + 3600,
        ...claims,
      })}.c2lnbmF0dXJl`;
    const purchase = async (affiliate: unknown, extra: Record<string, unknown> = {}) =>
      post(
        '/api/coins/purchase',
        { treasury: 'COURSE_FEES', amount: 10, reason: 'course', affiliate, ...extra },
        { authorization: `Bearer ${await userToken()}`, 'idempotency-key': randomUUID() },
      );

    it("when a purchase names the affiliate by the buyer's word (user and client) or by no compact JWS, then 400; by a JWS whose claims are no referral's, 422 REFERRAL_INVALID; no command is sent", async () => {
      const sent = bus.requests.length;
      const shapes = [{ userId: 8, clientId: 'shop-backend' }, { referral: 'not-a-referral' }, { referral: referral(), userId: 8 }];
      for (const affiliate of shapes) expectProblem(await purchase(affiliate), 400, 'VALIDATION_FAILED');
      // Shaped as the schema says (what the published document admits), unreadable as a referral.
      for (const token of [`${part({ alg: 'EdDSA' })}.${part({ sub: 'x' })}.c2ln`, referral({ sub: 'constructor' })])
        expectProblem(await purchase({ referral: token }), 422, 'REFERRAL_INVALID');
      expect(bus.requests.length).toBe(sent);
    });

    it('when the referral is for another buyer, treasury or reference, has expired or names the buyer, then 422 and no command is sent', async () => {
      const sent = bus.requests.length;
      expectProblem(await purchase({ referral: referral({ buyer: 9 }) }), 422, 'REFERRAL_INVALID');
      expectProblem(await purchase({ referral: referral({ treasury: 'SUBSCRIPTIONS' }) }), 422, 'REFERRAL_INVALID');
      expectProblem(await purchase({ referral: referral({ reference: 'order-1' }) }, { reference: 'order-2' }), 422, 'REFERRAL_INVALID');
      expectProblem(await purchase({ referral: referral({ iat: nowS() - 7200, exp: nowS() - 3600 }) }), 422, 'REFERRAL_INVALID');
      expectProblem(await purchase({ referral: referral({ affiliate: 7 }) }), 422, 'SELF_REFERRAL');
      expect(bus.requests.length).toBe(sent);
    });

    it('when the referral holds for this purchase, then the purchase is sent carrying it as it is, for the ledger to verify', async () => {
      const token = referral({ reference: 'order-3' });
      const response = await purchase({ referral: token }, { reference: 'order-3' });
      expect(response.statusCode).toBe(201);
      expect(bus.requests.at(-1)).toMatchObject({
        key: 'user:7',
        command: { type: 'ledger.transfer', data: { kind: 'PURCHASE', fromUserId: 7, affiliate: { referral: token } } },
      });
    });

    it('when a referral is asked for, then only a platform client granted the treasury, with a rule there, for two different users gets one (201), signed by the user service', async () => {
      ledgerRoutes['GET /internal/commission-rules?treasury=COURSE_FEES'] = () => ({
        rules: [{ treasury: 'COURSE_FEES', clientId: 'shop-backend', rule: { kind: 'bps', bps: 1000 }, setBy: 7, approvedBy: 8 }],
      });
      ledgerRoutes['GET /internal/commission-rules?treasury=SUBSCRIPTIONS'] = () => ({ rules: [] });
      const issued = { referral: referral(), expiresAt: new Date((nowS() + 3600) * 1000).toISOString() };
      const asked: unknown[] = [];
      userRoutes['POST /internal/referrals'] = (sent) => {
        asked.push(sent);
        return issued;
      };
      const ask = async (body: unknown, bearer: string) => post('/api/platform/referrals', body, { authorization: `Bearer ${bearer}` });
      const body = { buyerUserId: 7, affiliateUserId: 8, treasury: 'COURSE_FEES' };
      const client = await systemToken(['COURSE_FEES', 'SUBSCRIPTIONS']);
      expectProblem(await ask(body, await userToken()), 403, 'FORBIDDEN');
      expectProblem(await ask(body, await adminToken()), 403, 'FORBIDDEN');
      expectProblem(await ask({ ...body, buyerUserId: '7' }, client), 400, 'VALIDATION_FAILED');
      expectProblem(await ask({ ...body, clientId: 'pc_other' }, client), 400, 'VALIDATION_FAILED');
      expectProblem(await ask(body, await systemToken(['REWARDS'])), 422, 'TREASURY_NOT_GRANTED');
      expectProblem(await ask({ ...body, affiliateUserId: 7 }, client), 422, 'SELF_REFERRAL');
      expectProblem(await ask({ ...body, treasury: 'SUBSCRIPTIONS' }, client), 422, 'COMMISSION_RULE_MISSING');
      expect(asked).toEqual([]);
      const response = await ask({ ...body, reference: 'order-4' }, client);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual(issued);
      // The client is the token's, never the body's.
      expect(asked).toEqual([{ ...body, reference: 'order-4', clientId: 'shop-backend' }]);
    });

    it('when an ADMIN asks for a commission change, then 202 with the request, sent as an approval request holding it; its approve and reject name the kind; an id naming no route is not found', async () => {
      userRoutes['GET /internal/platform-clients'] = () => ({
        platformClients: [
          {
            id: 'pc_course_shop',
            name: 'Shop',
            createdAt: '2030-01-01T00:00:00.000Z',
            revokedAt: null,
            treasuries: ['COURSE_FEES'],
            dailyRewardCap: null,
            cashout: false,
          },
        ],
      });
      const pending = {
        id: approvalIdNamingRoute({ walletKey: 'treasury:COURSE_FEES', payout: false }, '12'.repeat(16)),
        status: 'PENDING',
        change: { treasury: 'COURSE_FEES', clientId: 'pc_course_shop', rule: { kind: 'bps', bps: 1000 }, reason: 'programme' },
        requestedBy: { kind: 'user', id: '2', role: 'ADMIN' },
        createdAt: '2030-01-01T00:00:00.000Z',
        expiresAt: '2030-01-02T00:00:00.000Z',
        updatedAt: '2030-01-01T00:00:00.000Z',
        decidedBy: null,
        rejectionReason: null,
        transactionId: null,
      };
      bus.answer = async (options) => ({
        correlationId: randomUUID(),
        commandId: options.command.commandId,
        ok: true,
        result: { approval: pending },
      });
      const headers = async () => ({
        authorization: `Bearer ${await token('2', 'ADMIN', { mfaAt: nowS() - 10 })}`,
        'idempotency-key': randomUUID(),
      });
      const put = async (body: unknown) =>
        inject({
          method: 'PUT',
          url: '/api/admin/commission-rules',
          payload: body,
          headers: { 'content-type': 'application/json', ...(await headers()) },
        });
      const asked = await put({ treasury: 'COURSE_FEES', clientId: 'pc_course_shop', rule: { bps: 1000 }, reason: 'programme' });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ approval: pending });
      expect(bus.requests.at(-1)).toMatchObject({
        key: 'treasury:COURSE_FEES',
        command: {
          type: 'ledger.request-approval',
          data: {
            command: {
              type: 'ledger.set-commission',
              data: { treasury: 'COURSE_FEES', clientId: 'pc_course_shop', rule: { kind: 'bps', bps: 1000 }, reason: 'programme' },
            },
          },
        },
      });
      expectProblem(await put({ treasury: 'COURSE_FEES', clientId: 'pc_other', rule: { bps: 1000 } }), 404, 'NOT_FOUND');
      // A USER, and a rule out of bounds, never reach the ledger.
      const sent = bus.requests.length;
      expectProblem(await put({ treasury: 'COURSE_FEES', clientId: 'pc_course_shop', rule: { bps: 5001 } }), 400, 'VALIDATION_FAILED');
      const asUser = await inject({
        method: 'PUT',
        url: '/api/admin/commission-rules',
        payload: { treasury: 'COURSE_FEES', clientId: 'pc_course_shop', rule: { bps: 10 } },
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await userToken()}`, 'idempotency-key': randomUUID() },
      });
      expectProblem(asUser, 403, 'FORBIDDEN');
      expect(bus.requests.length).toBe(sent);

      bus.answer = async (options) => failed(options.command.commandId, 'APPROVAL_BY_REQUESTER', 'Another ADMIN+ must approve it');
      expectProblem(await post(`/api/admin/commission-changes/${pending.id}/approve`, {}, await headers()), 403, 'APPROVAL_BY_REQUESTER');
      expect(bus.requests.at(-1)).toMatchObject({
        key: 'treasury:COURSE_FEES',
        command: { type: 'ledger.approve', data: { approvalId: pending.id, holds: 'commission-change' } },
      });
      bus.answer = async (options) => failed(options.command.commandId, 'APPROVAL_NOT_FOUND', 'No such request');
      expectProblem(
        await post(`/api/admin/commission-changes/${pending.id}/reject`, { reason: 'not now' }, await headers()),
        404,
        'APPROVAL_NOT_FOUND',
      );
      expect(bus.requests.at(-1)).toMatchObject({
        command: { type: 'ledger.reject-approval', data: { approvalId: pending.id, holds: 'commission-change', reason: 'not now' } },
      });
      const before = bus.requests.length;
      const earlier = '0d9f8c1e-5a6b-5c7d-8e9f-0a1b2c3d4e5f';
      expectProblem(await post(`/api/admin/commission-changes/${earlier}/approve`, {}, await headers()), 404, 'APPROVAL_NOT_FOUND');
      expect(bus.requests.length).toBe(before);
    });
  });

  describe('validation', () => {
    it("when a reward names a reference, then the command carries it as a purchase's would", async () => {
      const response = await post(
        '/api/admin/reward',
        { ...reward, reference: 'season-2030' },
        { authorization: `Bearer ${await systemToken()}` },
      );
      expect(response.statusCode).toBe(201);
      expect(bus.requests.at(-1)!.command).toMatchObject({ type: 'ledger.reward', data: { toUserId: 7, reference: 'season-2030' } });
    });

    it.each([
      ['a NUL', 'a\u0000b'],
      ['a line feed', 'a\nb'],
      ['an ESC', '\u001b[31mred'],
      ['a lone surrogate', 'a\ud800b'],
      ['101 characters', 'r'.repeat(101)],
      ['nothing', ''],
    ])(
      "when a reward's reference has %s, then 400 VALIDATION_FAILED naming body.reference, and no command is sent",
      async (_what, reference) => {
        const sent = bus.requests.length;
        const response = await post('/api/admin/reward', { ...reward, reference }, { authorization: `Bearer ${await systemToken()}` });
        const body = expectProblem(response, 400, 'VALIDATION_FAILED');
        expect(body.errors).toEqual([expect.objectContaining({ path: 'body.reference' })]);
        expect(bus.requests.length).toBe(sent);
      },
    );

    it('when the amount has more than two decimals, then 400 VALIDATION_FAILED naming body.amount, and no command is sent', async () => {
      const sent = bus.requests.length;
      const response = await post(
        '/api/coins/transfer',
        { toUserId: 9, amount: 0.001, reason: 'tiny' },
        { authorization: `Bearer ${await userToken()}` },
      );
      const body = expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(body.errors).toEqual([expect.objectContaining({ path: 'body.amount' })]);
      expect(bus.requests.length).toBe(sent);
    });

    it('when the Idempotency-Key is longer than 255 characters, then 400 VALIDATION_FAILED naming the header', async () => {
      const response = await post('/api/admin/reward', reward, {
        authorization: `Bearer ${await adminToken()}`,
        'x-api-key': rewardKey,
        'idempotency-key': 'x'.repeat(256),
      });
      const body = expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(body.errors)).toContain('idempotency-key');
    });
  });
});
