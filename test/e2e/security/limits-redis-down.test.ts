import { createLogger } from '@coin/logger';
import { loadGatewayConfig, startGatewayService, type RunningService } from '@coin/gateway';
import { eventually } from '../../harness/eventually';
import { http, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';
import { startTcpProxy, type TcpProxy } from '../../harness/tcp-proxy';

/**
 * With Redis unreachable, login throttling and the auth rate limits fall back to
 * in-process counters (per gateway instance) instead of switching off. As in redis-outage.test.ts
 * the shared Redis is never stopped: a second gateway reaches it through a TCP proxy this test
 * refuses. Clients are named in X-Forwarded-For (the test, on loopback, is the trusted proxy).
 */
describe('Redis down: login throttling and the auth limits still hold, per instance', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  let gateway: RunningService;

  beforeAll(async () => {
    // The stack's own gateway (users are registered through it) keeps the harness's relaxed limits.
    stack = await startTestStack({ extraEnv: { GATEWAY_TRUSTED_PROXIES: 'loopback' } });
    const redis = new URL(stack.redisUrl);
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.hostname = '127.0.0.1';
    redis.port = String(proxy.port);
    gateway = await startGatewayService(
      loadGatewayConfig({
        ...stack.env.gateway,
        GATEWAY_PORT: '0',
        METRICS_PORT: '0',
        REDIS_URL: redis.toString(),
        RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: '3',
        RATE_LIMIT_LOGIN_ACROSS_CLIENTS_MAX: '5',
        RATE_LIMIT_LOGIN_PER_IP_MAX: '8',
        RATE_LIMIT_REGISTER_PER_IP_MAX: '2',
      }),
      createLogger('gateway-behind-proxy', (process.env.COIN_TEST_LOG_LEVEL ?? 'warn') as 'warn'),
    );
    await eventually(async () => ((await http(gateway.metricsUrl, 'GET', '/readyz')).status === 200 ? true : undefined), 15_000, 'ready');
    proxy.setMode('refuse');
    await eventually(
      async () => ((await http(gateway.metricsUrl, 'GET', '/readyz')).body?.checks?.redis === 'down' ? true : undefined),
      15_000,
      'Redis seen down',
    );
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await stack?.close();
  });

  const login = (client: string, email: string, password: string) =>
    http(gateway.url, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': client } });

  it('when a client keeps failing against one account, then it is slowed down (429, Retry-After) past the pair budget, while the owner still logs in from elsewhere', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const attacker = '203.0.113.41';
    for (let i = 0; i < 3; i += 1) expect((await login(attacker, user.email, `wrong ${i}`)).status).toBe(401);
    const throttled = await login(attacker, user.email, user.password);
    expect([throttled.status, throttled.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('198.51.100.41', user.email, user.password)).status).toBe(200);
  });

  it("when clients at many addresses fail against one account, then the account's slow-down across clients still applies", async () => {
    const user = await registerUser(stack.gatewayUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login(`203.0.113.${50 + i}`, user.email, `wrong ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('when a client sends more logins than the per-IP request limit, then 429 (the limit is counted in process)', async () => {
    const client = '203.0.113.43';
    const user = await registerUser(stack.gatewayUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await login(client, user.email, user.password)).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('when a client registers past the per-IP budget, then 429', async () => {
    const client = '203.0.113.44';
    const register = (n: number) =>
      http(gateway.url, 'POST', '/api/auth/register', {
        body: { email: `redis-down-${Date.now()}-${n}@example.test`, password: 'correct horse battery', fullName: 'Down' },
        headers: { 'x-forwarded-for': client },
      });
    const statuses = [(await register(1)).status, (await register(2)).status, (await register(3)).status];
    expect(statuses).toEqual([202, 202, 429]);
  });
});
