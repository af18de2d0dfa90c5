import { hashPassword } from '@coin/security';
import { withUsersDb } from '../../harness/admin';
import { http, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * Passwords are hashed at the configured scrypt cost (OWASP's 2^17 in
 * production; the test stack sets 2^11 explicitly), the parameters stored with the hash, and a
 * hash made at a lower cost is replaced at its owner's next successful login.
 */
describe('password hashing cost and rehash on login', () => {
  let stack: TestStack;
  const storedHashOf = (userId: number) =>
    withUsersDb(
      stack,
      async (query) => (await query('SELECT password_hash FROM users WHERE id = $1', [userId])).rows[0].password_hash as string,
    );
  const login = (email: string, password: string) => http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password } });

  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a user registers, then the stored hash carries the configured cost (N=2^11, r=8, p=1 on this stack)', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect(await storedHashOf(user.userId)).toMatch(/^scrypt\$2048\$8\$1\$/);
  });

  it('when a user whose hash was made at a lower cost logs in, then the hash is replaced at the configured cost and both passwords behave as before', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const weak = await hashPassword(user.password, { log2N: 10, r: 8, p: 1 });
    await withUsersDb(stack, (query) => query('UPDATE users SET password_hash = $1 WHERE id = $2', [weak, user.userId]));

    // A failed login changes nothing: the password is not known then.
    expect((await login(user.email, 'not the password')).status).toBe(401);
    expect(await storedHashOf(user.userId)).toBe(weak);

    expect((await login(user.email, user.password)).status).toBe(200);
    const rehashed = await storedHashOf(user.userId);
    expect(rehashed).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect(rehashed).not.toBe(weak);

    // The new hash verifies; it is at the configured cost, so the next login leaves it alone.
    expect((await login(user.email, user.password)).status).toBe(200);
    expect(await storedHashOf(user.userId)).toBe(rehashed);
    expect((await login(user.email, 'not the password')).status).toBe(401);
  });

  it('when a hash was made at a higher cost than configured, then a login keeps it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const stronger = await hashPassword(user.password, { log2N: 15, r: 8, p: 1 });
    await withUsersDb(stack, (query) => query('UPDATE users SET password_hash = $1 WHERE id = $2', [stronger, user.userId]));
    expect((await login(user.email, user.password)).status).toBe(200);
    expect(await storedHashOf(user.userId)).toBe(stronger);
  });

  it('when a user changes the password, then the new hash carries the configured cost too (it was made at the OWASP default, 64x slower here)', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const session = await login(user.email, user.password);
    expect(session.status).toBe(200);
    const changed = await http(stack.gatewayUrl, 'POST', '/api/auth/password', {
      token: session.body.accessToken,
      body: { currentPassword: user.password, newPassword: 'a changed password 1' },
    });
    expect(changed.status).toBe(200);
    expect(await storedHashOf(user.userId)).toMatch(/^scrypt\$2048\$8\$1\$/);
  });
});
