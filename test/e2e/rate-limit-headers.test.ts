import { createLogger } from '@coin/logger';
import { loadGatewayConfig, startGatewayService, type RunningService } from '@coin/gateway';
import { requestJson } from '../../scripts/stack/http-json';
import { eventually } from '../harness/eventually';
import { adminSession } from '../harness/admin';
import { apiClient, http, registerUser, uniqueEmail } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';
import { startTcpProxy, type TcpProxy } from '../harness/tcp-proxy';

/**
 * The IETF RateLimit-Policy and RateLimit fields
 * (draft-ietf-httpapi-ratelimit-headers) on every answer of a limited route, successes included.
 */
const loginMax = 6;
const writesMax = 40;
const windowSeconds = 60;

/** `"name";r=N;t=T` items of a RateLimit field, by policy name. */
function remainingOf(field: string | null): Record<string, { r: number; t: number }> {
  const items: Record<string, { r: number; t: number }> = {};
  for (const item of (field ?? '').split(',')) {
    const match = /^\s*"([a-z-]+)";r=(\d+);t=(\d+)\s*$/.exec(item);
    if (match) items[match[1]!] = { r: Number(match[2]), t: Number(match[3]) };
  }
  return items;
}

describe('RateLimit-Policy and RateLimit fields on limited routes', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        RATE_LIMIT_LOGIN_PER_IP_MAX: String(loginMax),
        RATE_LIMIT_LOGIN_PER_IP_WINDOW_MS: String(windowSeconds * 1000),
        RATE_LIMIT_WRITES_PER_CALLER_MAX: String(writesMax),
        RATE_LIMIT_WRITES_PER_CALLER_WINDOW_MS: String(windowSeconds * 1000),
      },
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a caller makes successful writes, then each answer (a key asked for: 202) declares the write policy and the remaining count drops by one', async () => {
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    // The typed client's raw `api` gives the answer's headers.
    const coin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    const answers: Response[] = [];
    for (let i = 0; i < 3; i += 1)
      answers.push((await coin.api.POST('/api/admin/api-keys', { body: { name: `headers ${i}`, scopes: ['mint'] } })).response);
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    for (const answer of answers) expect(answer.headers.get('ratelimit-policy')).toBe(`"writes-caller";q=${writesMax};w=${windowSeconds}`);
    const states = answers.map((a) => remainingOf(a.headers.get('ratelimit'))['writes-caller']!);
    // The SUPERADMIN's enrolment of its second factor (start, confirm) spent two writes of the window first.
    const enrolment = 2;
    expect(states.map((s) => s.r)).toEqual([writesMax - enrolment - 1, writesMax - enrolment - 2, writesMax - enrolment - 3]);
    for (const s of states) {
      expect(s.t).toBeGreaterThan(0);
      expect(s.t).toBeLessThanOrEqual(windowSeconds);
    }
    // A read is not limited, so it declares nothing.
    const read = (await coin.api.GET('/api/wallets/me')).response;
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit')).toBeNull();
    expect(read.headers.get('ratelimit-policy')).toBeNull();
  });

  it('when logins succeed and then exceed the per-IP limit, then every answer carries the fields and the 429 keeps Retry-After', async () => {
    const user = await registerUser(stack.gatewayUrl);
    // The typed client's raw `api` (a login has no Idempotency-Key, so a 429 is not retried): status, problem and headers.
    const login = async () => {
      const { error, response } = await apiClient(stack.gatewayUrl).api.POST('/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      return { status: response.status, code: error?.code, headers: response.headers };
    };
    // Earlier logins of this file (the SUPERADMIN's) used part of this IP's budget.
    const remaining: number[] = [];
    let answer = await login();
    while (answer.status === 200 && remaining.length <= loginMax) {
      expect(answer.headers.get('ratelimit-policy')).toBe(`"login-ip";q=${loginMax};w=${windowSeconds}`);
      remaining.push(remainingOf(answer.headers.get('ratelimit'))['login-ip']!.r);
      answer = await login();
    }
    expect(remaining.length).toBeGreaterThanOrEqual(3);
    expect(remaining).toEqual(Array.from({ length: remaining.length }, (_, i) => remaining.length - 1 - i));
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const state = remainingOf(answer.headers.get('ratelimit'))['login-ip']!;
    expect(state.r).toBe(0);
    expect(state.t).toBeGreaterThanOrEqual(1);
    expect(answer.headers.get('ratelimit-policy')).toBe(`"login-ip";q=${loginMax};w=${windowSeconds}`);
  });

  it('the OpenAPI document declares both fields on the answers of limited operations only', async () => {
    const paths = (await http(stack.gatewayUrl, 'GET', '/openapi.json')).body.paths;
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/auth/token', 'post'],
      ['/api/coins/transfer', 'post'],
    ] as const) {
      const responses = paths[path][method].responses;
      // A keyed money operation also declares Idempotent-Replayed; every /api answer says its Coin-Version.
      const keyed = path === '/api/coins/transfer' ? ['Idempotent-Replayed'] : [];
      for (const status of ['200', '201', '429'].filter((s) => responses[s]))
        expect(Object.keys(responses[status].headers ?? {}).sort()).toEqual(['Coin-Version', ...keyed, 'RateLimit', 'RateLimit-Policy']);
    }
    expect(paths['/api/wallets/me'].get.responses['200'].headers?.RateLimit).toBeUndefined();
  });

  describe('when Redis is unreachable and the limits are counted in process', () => {
    let proxy: TcpProxy;
    let gateway: RunningService;
    beforeAll(async () => {
      const redis = new URL(stack.redisUrl);
      proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      redis.hostname = '127.0.0.1';
      redis.port = String(proxy.port);
      gateway = await startGatewayService(
        loadGatewayConfig({ ...stack.env.gateway, GATEWAY_PORT: '0', REDIS_URL: redis.toString() }),
        createLogger('gateway-behind-proxy', (process.env.COIN_TEST_LOG_LEVEL ?? 'warn') as 'warn'),
      );
    }, 60_000);
    afterAll(async () => {
      await gateway?.close();
      await proxy?.close();
    });

    it("then a login still answers with the RateLimit fields, from this instance's own count", async () => {
      // Registered without a login: the earlier test spent this IP's login budget.
      const user = { email: uniqueEmail('ratelimit'), password: 'a long enough password' };
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/register', { body: { ...user, fullName: 'Limited' } })).status).toBe(202);
      const login = async () =>
        (
          await apiClient(gateway.url).api.POST('/api/auth/login', {
            body: { email: user.email, password: user.password },
            signal: AbortSignal.timeout(10_000),
          })
        ).response;
      await eventually(
        async () => ((await requestJson(gateway.metricsUrl, 'GET', '/readyz', { timeoutMs: 5000 })).status === 200 ? true : undefined),
        15_000,
        'ready',
      );
      // Same Redis keys as the stack's gateway, so this IP's login budget may be spent (429): the fields are there either way.
      const before = await login();
      expect([200, 429]).toContain(before.status);
      expect(before.headers.get('ratelimit')).not.toBeNull();
      proxy.setMode('refuse');
      try {
        const during = await login();
        expect([200, 401]).toContain(during.status);
        expect(during.headers.get('ratelimit-policy')).toBe(`"login-ip";q=${loginMax};w=${windowSeconds}`);
        // This instance's own window: fresh at the outage, or begun by the login before it when a slow
        // Redis answer already fell back to it on a busy machine; either way it counts, a login at a time.
        const first = remainingOf(during.headers.get('ratelimit'))['login-ip'];
        expect(first).toEqual({ r: expect.any(Number), t: expect.any(Number) });
        expect([loginMax - 2, loginMax - 1]).toContain(first!.r);
        expect(first!.t).toBeGreaterThan(0);
        expect(first!.t).toBeLessThanOrEqual(windowSeconds);
        const next = remainingOf((await login()).headers.get('ratelimit'))['login-ip'];
        expect(next?.r).toBe(first!.r - 1);
      } finally {
        proxy.setMode('pass');
      }
    });
  });
});
