import { startTestStack, type TestStack } from '../../harness/stack';
import { type AdminSession, adminSession } from '../../harness/admin';
import { http, registerUser, uniqueEmail } from '../../harness/http';

/**
 * Login throttling counts failures per (e-mail, client) and per client (docs/OPERATIONS.md
 * "Login throttling"). Clients are simulated as behind an Ingress: the test, on loopback, is the
 * trusted proxy and names the client in X-Forwarded-For.
 */
describe('login throttling: failures are counted per (e-mail, client) and per client, never per e-mail alone', () => {
  let stack: TestStack;
  let admin: AdminSession;
  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        GATEWAY_TRUSTED_PROXIES: 'loopback',
        // The production budgets; the harness relaxes the per-IP request limit, which is not under test here.
        RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: '10',
        RATE_LIMIT_LOGIN_FAILURES_PER_IP_MAX: '30',
      },
    });
    admin = await adminSession(stack, 'ADMIN');
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const login = (client: string, email: string, password: string) =>
    http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': client } });

  const expectThrottled = (response: Awaited<ReturnType<typeof login>>) => {
    expect(response.status).toBe(429);
    expect(response.body.code).toBe('RATE_LIMITED');
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  };

  it("when one client fails 10 times against the admin's e-mail, then the admin still logs in from another client and only the guesser is refused", async () => {
    const attacker = '203.0.113.10';
    const owner = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) expect((await login(attacker, admin.email, `wrong password ${i}`)).status).toBe(401);

    // The owner's password is accepted (the admin's second step follows: its code from its device).
    const fromOwner = await login(owner, admin.email, admin.password);
    expect([fromOwner.status, fromOwner.body.mfaRequired]).toEqual([200, true]);
    const verified = await http(stack.gatewayUrl, 'POST', '/api/auth/mfa/verify', {
      body: { challenge: fromOwner.body.challenge, code: await admin.device.nextCode() },
      headers: { 'x-forwarded-for': owner },
    });
    expect([verified.status, verified.body.user?.role]).toEqual([200, 'ADMIN']);

    // The guesser is refused before its password is checked: the right one is refused too.
    expectThrottled(await login(attacker, admin.email, 'wrong password 10'));
    expectThrottled(await login(attacker, admin.email.toUpperCase(), admin.password));
    // Its other e-mails are still under their own budgets (its per-client budget is 30).
    const other = await registerUser(stack.gatewayUrl);
    expect((await login(attacker, other.email, other.password)).status).toBe(200);
  });

  it('when a client logs in correctly many times, then successes are not counted', async () => {
    const user = await registerUser(stack.gatewayUrl);
    for (let i = 0; i < 12; i += 1) expect((await login('198.51.100.20', user.email, user.password)).status).toBe(200);
  });

  it("when a client fails a few times and then succeeds, then that success resets the pair's count", async () => {
    const user = await registerUser(stack.gatewayUrl);
    const client = '198.51.100.30';
    for (let i = 0; i < 9; i += 1) expect((await login(client, user.email, 'a typo password')).status).toBe(401);
    expect((await login(client, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await login(client, user.email, 'a typo password')).status).toBe(401);
  });

  it('when one client fails against many e-mails (credential stuffing), then that client is refused for every e-mail while others log in', async () => {
    const stuffer = '203.0.113.66';
    const victim = await registerUser(stack.gatewayUrl);
    for (let i = 0; i < 30; i += 1) expect((await login(stuffer, uniqueEmail('stuffed'), 'password123456')).status).toBe(401);

    expectThrottled(await login(stuffer, uniqueEmail('stuffed'), 'password123456'));
    // Even a correct password is not checked once the client is over its budget.
    expectThrottled(await login(stuffer, victim.email, victim.password));
    // Nobody else is affected: the same account from another client logs in.
    expect((await login('198.51.100.66', victim.email, victim.password)).status).toBe(200);
  });

  it('when the login body is invalid, then 400 and nothing is counted against the client', async () => {
    const client = '198.51.100.80';
    for (let i = 0; i < 35; i += 1) {
      expect(
        (
          await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
            body: { email: '', password: 'x' },
            headers: { 'x-forwarded-for': client },
          })
        ).status,
      ).toBe(400);
    }
    const user = await registerUser(stack.gatewayUrl);
    expect((await login(client, user.email, user.password)).status).toBe(200);
  });
});
