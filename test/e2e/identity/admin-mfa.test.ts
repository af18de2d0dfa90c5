import { CoinProblemError } from '@coin/client';
import { decodeJwt } from 'jose';
import { runAdminCommand } from '../../../scripts/admin';
import { TotpDevice, enrolSecondFactor, signIn } from '../../../scripts/stack/totp';
import { ensureConsoleBuilt } from '../../../scripts/stack/console';
import { adminSession, adminStepUp, codesWithoutWaiting, runOperatorCommand, withUsersDb } from '../../harness/admin';
import { launchChromium, signInToConsole } from '../../harness/browser';
import { eventually } from '../../harness/eventually';
import { scaledSeconds } from '../../harness/machine-speed';
import { apiClient, http, registerUser, tokensOf } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * Admin sign-in (docs/DESIGN.md "Admin sign-in: second factor and step-up") through the real
 * stack: TOTP enrolment and sign-in, replay and recovery codes, step-up before approving,
 * deleting, changing roles and creating keys or clients, password change and operator-issued
 * reset, the absolute session lifetime, and a CLI that never silently promotes an account.
 * The stack's step-up window and admin session lifetime are short, so both run out in the test;
 * 4 s and 8 s on the 2-core machine, scaled to this one, so that what a test does inside them fits
 * on a slow box too.
 */
const stepUpWindowS = scaledSeconds(4);
const adminSessionMaxAgeS = scaledSeconds(8);

describe('admin sign-in: second factor, step-up, passwords, session lifetime', () => {
  let stack: TestStack;
  const log = (line: string) => process.stdout.write(`[admin-mfa] ${line}\n`);
  beforeAll(async () => {
    // Built before the stack starts: the gateway reads the console's files when it starts.
    await ensureConsoleBuilt(log);
    stack = await startTestStack({
      extraEnv: { STEP_UP_MAX_AGE_S: String(stepUpWindowS), ADMIN_SESSION_MAX_AGE_S: String(adminSessionMaxAgeS) },
    });
  }, 300_000);
  afterAll(async () => {
    await stack?.close();
  });

  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  const problemOf = (call: Promise<unknown>) =>
    call.then(
      (data) => {
        throw new Error(`expected a problem, got ${JSON.stringify(data)}`);
      },
      (err: unknown) => {
        if (err instanceof CoinProblemError) return { status: err.status, code: err.code };
        throw err;
      },
    );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /**
   * Waits until a second factor given no later than `givenByMs` is older than the step-up window
   * as the gateway judges it (now − mfa_at > STEP_UP_MAX_AGE_S, mfa_at in whole seconds).
   */
  const untilStepUpStale = (givenByMs: number) => sleep(Math.max(0, givenByMs + stepUpWindowS * 1000 + 100 - Date.now()));
  /** When the second factor of `accessToken` was given (its mfa_at claim). */
  const mfaAtMs = (accessToken: string) => Number(decodeJwt(accessToken).mfa_at) * 1000;
  const walletStatus = async (token: string) => (await as(token).api.GET('/api/wallets/me')).response.status;

  /** A registered account made ADMIN in the database (as an operator would), signed in with its password alone. */
  async function passwordOnlyAdmin(role: 'ADMIN' | 'SUPERADMIN' = 'ADMIN') {
    const user = await registerUser(stack.gatewayUrl);
    await withUsersDb(stack, (q) => q('UPDATE users SET role = $1 WHERE id = $2', [role, user.userId]));
    const tokens = tokensOf(await as().login({ body: { email: user.email, password: user.password } }));
    return { ...user, ...tokens };
  }

  it('when an admin without a second factor signs in, then admin routes are 403 MFA_REQUIRED while its own wallet works; enrolling gives a both-factor session, recovery codes, and ends the password-only one', async () => {
    const admin = await passwordOnlyAdmin();
    expect(await problemOf(as(admin.accessToken).listApprovals({}))).toEqual({ status: 403, code: 'MFA_REQUIRED' });
    expect(await walletStatus(admin.accessToken)).toBe(200);

    const started = await as(admin.accessToken).startMfaEnrolment();
    const uri = new URL(started.otpauthUri);
    expect([uri.protocol, uri.host, uri.searchParams.get('secret'), uri.searchParams.get('issuer')]).toEqual([
      'otpauth:',
      'totp',
      started.secret,
      'Coin Ledger',
    ]);
    // The secret is stored sealed: the database never holds it in clear.
    const stored = await withUsersDb(stack, (q) => q('SELECT mfa_pending_secret_sealed AS s FROM users WHERE id = $1', [admin.userId]));
    expect(stored.rows[0].s).not.toContain(started.secret);

    expect(await problemOf(as(admin.accessToken).confirmMfaEnrolment({ body: { code: '000000' } }))).toEqual({
      status: 401,
      code: 'MFA_CODE_INVALID',
    });
    const device = new TotpDevice(started.secret);
    const confirmed = await as(admin.accessToken).confirmMfaEnrolment({ body: { code: await device.nextCode() } });
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect((await as(confirmed.accessToken).listApprovals({})).approvals).toEqual(expect.any(Array));
    // The password-only session is over; a second enrolment is refused.
    await expect(as().refreshToken({ body: { refreshToken: admin.refreshToken } })).rejects.toMatchObject({ status: 401 });
    expect(await problemOf(as(confirmed.accessToken).startMfaEnrolment())).toEqual({ status: 409, code: 'MFA_ALREADY_ENROLLED' });
  });

  it('when an enrolled admin signs in, then the password answers a challenge, not tokens; a code works once, a recovery code once, and wrong codes lock the account for the window', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const first = await as().login({ body: { email: admin.email, password: admin.password } });
    expect(first).toEqual({ mfaRequired: true, challenge: expect.stringMatching(/^mc_/), expiresIn: 300 });
    if (!('mfaRequired' in first)) throw new Error('expected a challenge');
    const code = await admin.device.nextCode();
    const signedIn = await as().verifySecondFactor({ body: { challenge: first.challenge, code } });
    expect((await as(signedIn.accessToken).listApprovals({})).approvals).toEqual(expect.any(Array));
    // The same challenge is used up; the same code with a new challenge is a replay.
    expect(await problemOf(as().verifySecondFactor({ body: { challenge: first.challenge, code } }))).toEqual({
      status: 401,
      code: 'MFA_CODE_INVALID',
    });
    const second = await as().login({ body: { email: admin.email, password: admin.password } });
    if (!('mfaRequired' in second)) throw new Error('expected a challenge');
    expect(await problemOf(as().verifySecondFactor({ body: { challenge: second.challenge, code } }))).toEqual({
      status: 401,
      code: 'MFA_CODE_INVALID',
    });
    // A recovery code (any case, without dashes) signs in once.
    const recovery = admin.recoveryCodes[0]!;
    const byRecovery = await as().verifySecondFactor({ body: { challenge: second.challenge, code: recovery.toLowerCase() } });
    expect(byRecovery.user.id).toBe(admin.userId);
    const third = await as().login({ body: { email: admin.email, password: admin.password } });
    if (!('mfaRequired' in third)) throw new Error('expected a challenge');
    expect(await problemOf(as().verifySecondFactor({ body: { challenge: third.challenge, code: recovery } }))).toEqual({
      status: 401,
      code: 'MFA_CODE_INVALID',
    });
    // Five wrong codes in a row within the window lock it: then even the right code is 429. Another
    // admin's, whose device has a step it never offered (this one's two ready steps are spent:
    // enrolment and the sign-in above), so the right code is at hand without waiting for the clock.
    const locked = await adminSession(stack, 'ADMIN');
    const challenged = await as().login({ body: { email: locked.email, password: locked.password } });
    if (!('mfaRequired' in challenged)) throw new Error('expected a challenge');
    for (let i = 0; i < 5; i += 1) {
      expect(await problemOf(as().verifySecondFactor({ body: { challenge: challenged.challenge, code: '000000' } }))).toEqual({
        status: 401,
        code: 'MFA_CODE_INVALID',
      });
    }
    const right = locked.device.codeIfReady();
    if (right === null) throw new Error('the device has no step ready: it should have the next one');
    expect(await problemOf(as().verifySecondFactor({ body: { challenge: challenged.challenge, code: right } }))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
    });
  });

  it('when the second factor is older than the step-up window, then creating a key or a client, changing a role or deleting is 403 STEP_UP_REQUIRED until a fresh code is given', async () => {
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const target = await registerUser(stack.gatewayUrl);
    // Fresh from enrolment: a key is asked for at once (it waits for a second SUPERADMIN).
    await as(superadmin.accessToken).createApiKey({ body: { name: 'fresh', scopes: ['mint'] } });
    await untilStepUpStale(mfaAtMs(superadmin.accessToken));
    const stale = as(superadmin.accessToken);
    for (const call of [
      stale.createApiKey({ body: { name: 'stale', scopes: ['mint'] } }),
      stale.changeUserRole({ path: { id: String(target.userId) }, body: { role: 'DEVELOPER' } }),
      stale.deleteUser({ path: { id: String(target.userId) } }),
      stale.createPlatformClient({ body: { name: 'stale shop' } }),
    ]) {
      expect(await problemOf(call)).toEqual({ status: 403, code: 'STEP_UP_REQUIRED' });
    }
    // Reads and other admin work go on without a step-up.
    expect((await stale.listGrantRequests({ query: { status: 'PENDING' } })).grantRequests.length).toBeGreaterThan(0);
    const fresh = await adminStepUp(stack, superadmin);
    // DEVELOPER grants nothing: applied at once, no second SUPERADMIN.
    const changed = await as(fresh).changeUserRole({ path: { id: String(target.userId) }, body: { role: 'DEVELOPER' } });
    expect('user' in changed ? changed.user.role : changed).toBe('DEVELOPER');
    // A wrong code does not step up.
    expect(await problemOf(as(superadmin.accessToken).stepUp({ body: { code: '000000' } }))).toEqual({
      status: 401,
      code: 'MFA_CODE_INVALID',
    });
  });

  it('when an operation in the console is refused with STEP_UP_REQUIRED, then the console asks for a code in place and the operation then goes through', async () => {
    const browser = await launchChromium(log);
    try {
      const superadmin = await adminSession(stack, 'SUPERADMIN');
      const codes = codesWithoutWaiting(superadmin);
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await signInToConsole(page, stack.gatewayUrl, { ...superadmin, device: codes });
      await page.getByRole('navigation', { name: 'Sections' }).waitFor();
      // The console's session was signed in with both factors before now.
      await untilStepUpStale(Date.now());
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API keys', exact: true }).click();
      const form = page.getByRole('form', { name: 'New API key' });
      await form.getByLabel('Name', { exact: true }).fill('after a step-up');
      await form.getByRole('button', { name: 'Create key' }).click();
      await page.getByLabel('Code to confirm').fill(await codes.nextCode());
      await page.getByRole('button', { name: 'Confirm code' }).click();
      await page.getByText('Confirmed: submit the operation again.').waitFor();
      await form.getByRole('button', { name: 'Create key' }).click();
      expect(((await page.getByTestId('api-key-secret').textContent()) ?? '').length).toBeGreaterThan(20);
      // Asked for once (it waits for a second SUPERADMIN).
      const asked = await as(superadmin.accessToken).listGrantRequests({ query: { status: 'PENDING' } });
      expect(asked.grantRequests.filter((r) => r.act.type === 'user.api-key.create' && r.act.name === 'after a step-up')).toHaveLength(1);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("when a user changes the password, then the old one fails, the caller's session goes on and every other session ends", async () => {
    const user = await registerUser(stack.gatewayUrl);
    const other = tokensOf(await as().login({ body: { email: user.email, password: user.password } }));
    expect(
      await problemOf(
        as(user.accessToken).changePassword({ body: { currentPassword: 'wrong password', newPassword: 'a new password 1' } }),
      ),
    ).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    const session = await as(user.accessToken).changePassword({
      body: { currentPassword: user.password, newPassword: 'a new password 1' },
    });
    expect(await walletStatus(session.accessToken)).toBe(200);
    expect(await walletStatus(other.accessToken)).toBe(401);
    expect(await walletStatus(user.accessToken)).toBe(401);
    await expect(as().refreshToken({ body: { refreshToken: other.refreshToken } })).rejects.toMatchObject({ status: 401 });
    await expect(as().login({ body: { email: user.email, password: user.password } })).rejects.toMatchObject({ status: 401 });
    tokensOf(await as().login({ body: { email: user.email, password: 'a new password 1' } }));
  });

  it('when an operator issues a reset code, then it sets a new password once, ends the sessions, and an enrolled admin still needs the second factor', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const printed = await runOperatorCommand(stack, ['reset-password', '--user-id', String(admin.userId)]);
    const code = /reset code:\s+(\S+)/.exec(printed)?.[1];
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){4}$/);
    await eventually(async () => (await walletStatus(admin.accessToken)) === 401);
    const reset = await http(stack.gatewayUrl, 'POST', '/api/auth/password-reset', { body: { code, newPassword: 'reset password 1' } });
    expect(reset.status).toBe(204);
    const again = await http(stack.gatewayUrl, 'POST', '/api/auth/password-reset', { body: { code, newPassword: 'reset password 2' } });
    expect([again.status, again.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    await expect(as().login({ body: { email: admin.email, password: admin.password } })).rejects.toMatchObject({ status: 401 });
    const signedIn = await signIn(stack.gatewayUrl, admin.email, 'reset password 1', admin.device);
    expect(await walletStatus(signedIn.accessToken)).toBe(200);
  });

  it("when an admin's session is older than ADMIN_SESSION_MAX_AGE_S, then refreshing it is refused however often it was rotated; a user's goes on", async () => {
    // The session's age counts from its sign-in, somewhere inside adminSession. The refreshes that
    // must land inside the age are timed from before it (the sign-in is no earlier), the one that
    // must land past it from after it (the sign-in is no later): a slow set-up then leaves fewer
    // refreshes inside the age, never one inside it that should be past.
    const signInBefore = Date.now();
    const admin = await adminSession(stack, 'ADMIN');
    const signInAfter = Date.now();
    const user = await registerUser(stack.gatewayUrl);
    let adminRefresh = admin.refreshToken;
    let userRefresh = user.refreshToken;
    const deadline = signInAfter + (adminSessionMaxAgeS + 1) * 1000;
    // Refreshed only in the first half of its age, so a refresh a busy machine answers late still
    // lands inside it.
    while (Date.now() < signInBefore + (adminSessionMaxAgeS * 1000) / 2) {
      adminRefresh = (await as().refreshToken({ body: { refreshToken: adminRefresh } })).refreshToken;
      await sleep(1_000);
    }
    await sleep(Math.max(0, deadline - Date.now()));
    await expect(as().refreshToken({ body: { refreshToken: adminRefresh } })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    userRefresh = (await as().refreshToken({ body: { refreshToken: userRefresh } })).refreshToken;
    expect(userRefresh).toMatch(/^rt_/);
  }, 30_000);

  it('when create-superadmin names an existing account, then it is refused unless --promote-existing, which replaces its password and second factor', async () => {
    const existing = await registerUser(stack.gatewayUrl);
    const enrolled = await enrolSecondFactor(stack.gatewayUrl, existing.accessToken);
    const run = (args: string[], password: string) => {
      const previous = { ...process.env };
      return (async () => {
        Object.assign(process.env, {
          USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL,
          DB_SCHEMA_PREFIX: stack.prefix,
          TOPIC_PREFIX: stack.prefix,
        });
        const lines: string[] = [];
        try {
          await runAdminCommand(
            ['create-superadmin', '--email', existing.email, '--password-stdin', ...args],
            (line: string) => lines.push(line),
            {
              readStdin: async () => `${password}\n`,
            },
          );
        } finally {
          process.env = previous;
        }
        return lines.join('\n');
      })();
    };
    await expect(run([], 'operator password')).rejects.toThrow(/not promoted silently.*--promote-existing/);
    const role = await withUsersDb(stack, (q) => q('SELECT role FROM users WHERE id = $1', [existing.userId]));
    expect(role.rows[0].role).toBe('USER');
    expect(await run(['--promote-existing'], 'operator password')).toMatch(/superadmin promoted/);
    await expect(as().login({ body: { email: existing.email, password: existing.password } })).rejects.toMatchObject({ status: 401 });
    // The registrant's second factor is gone with the password: the operator's password alone signs in, to enrol.
    const promoted = tokensOf(await as().login({ body: { email: existing.email, password: 'operator password' } }));
    expect(promoted.user.role).toBe('SUPERADMIN');
    // (the new token version reaches the gateway through user.events: a moment of 401 first)
    await eventually(async () => (await problemOf(as(promoted.accessToken).listApiKeys())).code === 'MFA_REQUIRED');
    await eventually(async () => (await walletStatus(enrolled.session.accessToken)) === 401);
  });
});
