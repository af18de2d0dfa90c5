import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../scripts/stack/console';
import { TotpDevice } from '../../scripts/stack/totp';
import { type AdminSession, adminSession, apiKeyFor, runOperatorCommand, withUsersDb } from '../harness/admin';
import { launchChromium, signInToConsole } from '../harness/browser';
import { eventually } from '../harness/eventually';
import { apiClient, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The admin console (services/admin-console) in a real, headless chromium against the
 * real stack: the gateway serves the built console at /admin; every check of money or roles is
 * made again through the API, never trusted from the page alone.
 */
describe('admin console in a browser', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const log = (message: string) => process.stdout.write(`[admin-console test] ${message}\n`);

  beforeAll(async () => {
    await ensureConsoleBuilt(log);
    [stack, browser] = await Promise.all([startTestStack(), launchChromium(log)]);
    superadmin = await adminSession(stack, 'SUPERADMIN');
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    // A CSP violation or a script error fails the test: the console must run under its strict policy.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) pageErrors.push(message.text());
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const signIn = (target: Page, who: { email: string; password: string; device?: { nextCode(): Promise<string> } }) =>
    signInToConsole(target, stack.gatewayUrl, who);
  const balanceOf = async (userId: number) =>
    (await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).getUser({ path: { id: String(userId) } })).wallet.balance;

  it('when /admin is asked, then the built console comes with a strict CSP, client routes get index.html and the API keeps its headers', async () => {
    const root = await fetch(`${stack.gatewayUrl}/admin`, { redirect: 'manual' });
    expect([root.status, root.headers.get('location')]).toEqual([302, '/admin/']);
    const index = await fetch(`${stack.gatewayUrl}/admin/`);
    const html = await index.text();
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    const csp = index.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(html).not.toMatch(/<script>(?!<\/script>)|<style|\sstyle=/);
    const route = await fetch(`${stack.gatewayUrl}/admin/users/42?page=2`);
    expect([route.status, await route.text()]).toEqual([200, html]);
    const asset = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const script = await fetch(`${stack.gatewayUrl}${asset}`);
    expect([script.status, script.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await fetch(`${stack.gatewayUrl}/admin/assets/missing.js`)).status).toBe(404);
    const api = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: superadmin.accessToken });
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('when a SUPERADMIN signs in, finds a user, mints with an API key and changes the role, then the API shows the same', async () => {
    const target = await registerUser(stack.gatewayUrl, { fullName: 'Console Target' });
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    // Password, then the TOTP code of the SUPERADMIN's authenticator (the harness's device computes it as an app does).
    await signIn(page, superadmin);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    // The landing screen is the dashboard.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // Find the user by e-mail and open their page.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByLabel('E-mail or name').fill(target.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: target.email }).click();
    await page.getByRole('heading', { name: `User ${target.email}` }).waitFor();
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('0.00');

    // Mint 25 coins with the API key typed into the Money page.
    await page.getByRole('link', { name: 'Mint, burn or reward for this user' }).click();
    await page.getByLabel('API key (scope mint, burn, refund or reward)').fill(apiKey);
    const mint = page.getByTestId('mint-form');
    expect(await mint.getByLabel('User id', { exact: true }).inputValue()).toBe(String(target.userId));
    await mint.getByLabel('Amount (coins)', { exact: true }).fill('25');
    await mint.getByLabel('Reason', { exact: true }).fill('console mint');
    await mint.getByRole('button', { name: 'Mint', exact: true }).click();
    await page.getByTestId('money-result').waitFor();
    expect(await page.getByTestId('money-result').textContent()).toMatch(/MINT of 25\.00/);
    await eventually(async () => (await balanceOf(target.userId)) === 25, 10_000, 'balance 25 through the API');

    // Back on the user page the balance shows; then the role changes after a confirmation.
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByLabel('E-mail or name').fill(target.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: target.email }).click();
    await page.getByTestId('wallet-balance').filter({ hasText: '25.00' }).waitFor();
    await page.getByLabel('New role').selectOption('DEVELOPER');
    await page.getByRole('button', { name: 'Change role' }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.getByRole('button', { name: 'Yes, make DEVELOPER' }).click();
    await page.getByTestId('user-role').filter({ hasText: 'DEVELOPER' }).waitFor();
    const after = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).getUser({
      path: { id: String(target.userId) },
    });
    expect(after.role).toBe('DEVELOPER');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('when the mint button is clicked twice at once, then exactly one transaction is made', async () => {
    const target = await registerUser(stack.gatewayUrl, { fullName: 'Double Click' });
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await page.getByRole('link', { name: 'Money', exact: true }).click();
    await page.getByLabel('API key (scope mint, burn, refund or reward)').fill(apiKey);
    const mint = page.getByTestId('mint-form');
    await mint.getByLabel('User id', { exact: true }).fill(String(target.userId));
    await mint.getByLabel('Amount (coins)', { exact: true }).fill('7.5');
    await mint.getByLabel('Reason', { exact: true }).fill('double click');
    // Every mint request the page sends, with its Idempotency-Key: however many, one key.
    const keys: string[] = [];
    const record = (request: { url(): string; method(): string; headers(): Record<string, string> }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/mint')) keys.push(request.headers()['idempotency-key'] ?? '');
    };
    page.on('request', record);
    // Two clicks in the same task: the second comes before React can re-render the button as disabled.
    await mint.getByRole('button', { name: 'Mint', exact: true }).evaluate((button) => {
      const clickable = button as unknown as { click(): void };
      clickable.click();
      clickable.click();
    });
    await page.getByTestId('money-result').waitFor();
    page.off('request', record);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(async () => (await balanceOf(target.userId)) === 7.5, 10_000, 'balance 7.5 through the API');
    // The history projection shows the one MINT (it follows within a second); wait a little longer for a stray second one.
    const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken });
    const mints = () => admin.searchTransactions({ query: { userId: String(target.userId), type: 'MINT' } });
    await eventually(async () => (await mints()).transactions.length >= 1, 10_000, 'the MINT in the history');
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await mints()).transactions.map((t) => [t.amount, t.reason])).toEqual([[7.5, 'double click']]);
    expect(await balanceOf(target.userId)).toBe(7.5);

    // And a mouse double click, as a person makes it.
    const other = await registerUser(stack.gatewayUrl, { fullName: 'Mouse Double Click' });
    await mint.getByLabel('User id', { exact: true }).fill(String(other.userId));
    await mint.getByLabel('Amount (coins)', { exact: true }).fill('3');
    await mint.getByLabel('Reason', { exact: true }).fill('mouse double click');
    await mint.getByRole('button', { name: 'Mint', exact: true }).dblclick();
    await page.getByTestId('money-result').filter({ hasText: 'MINT of 3.00' }).waitFor();
    await eventually(async () => (await balanceOf(other.userId)) === 3, 10_000, 'balance 3 through the API');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await balanceOf(other.userId)).toBe(3);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('when an ADMIN without a second factor signs in, then the console enrols an authenticator (QR code, secret, recovery codes) before any admin screen, and the next sign-in asks for its code', async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'New Admin' });
    await withUsersDb(stack, (q) => q("UPDATE users SET role = 'ADMIN' WHERE id = $1", [user.userId]));
    const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(adminPage, user);
    await adminPage.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
    expect(await adminPage.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await adminPage.getByRole('button', { name: 'Show the QR code' }).click();
    await adminPage.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    // The app is the harness's device, fed the secret the page shows (as typing it into a phone).
    const device = new TotpDevice((await adminPage.locator('#totp-secret').textContent())!.trim());
    await adminPage.getByLabel('Code from the app').fill(await device.nextCode());
    await adminPage.getByRole('button', { name: 'Confirm' }).click();
    await adminPage.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    const codes = await adminPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await adminPage.getByRole('button', { name: 'I have saved them: continue' }).click();
    await adminPage.getByRole('navigation', { name: 'Sections' }).waitFor();
    await adminPage.context().close();

    // Next time: password, then the code; a recovery code works as well, once.
    const again = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(again, { ...user, device });
    await again.getByRole('navigation', { name: 'Sections' }).waitFor();
    await again.context().close();
    const recovery = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(recovery, { ...user, device: { nextCode: async () => codes[0]! } });
    await recovery.getByRole('navigation', { name: 'Sections' }).waitFor();
    await recovery.context().close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it("when an admin resets the password with an operator's code and then changes it on the Account screen, then each new password signs in and the old ones do not", async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const printed = await runOperatorCommand(stack, ['reset-password', '--user-id', String(admin.userId)]);
    const code = /reset code:\s+(\S+)/.exec(printed)![1]!;
    const tab = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await tab.goto(`${stack.gatewayUrl}/admin/`);
    await tab.getByRole('button', { name: 'I have a password-reset code' }).click();
    await tab.getByLabel('Reset code').fill(code.toLowerCase());
    await tab.getByLabel('New password').fill('reset in the console');
    await tab.getByRole('button', { name: 'Set the password' }).click();
    await tab.getByText('Password changed: sign in with it.').waitFor();
    await signIn(tab, { ...admin, password: 'reset in the console' });
    await tab.getByRole('navigation', { name: 'Sections' }).waitFor();
    await tab.getByRole('link', { name: 'Account' }).click();
    await tab.getByLabel('Current password').fill('reset in the console');
    await tab.getByLabel('New password').fill('changed in the console');
    await tab.getByRole('button', { name: 'Change password' }).click();
    await tab.getByText('Password changed; every other session of this account has ended.').waitFor();
    for (const [password, status] of [
      [admin.password, 401],
      ['reset in the console', 401],
      ['changed in the console', 200],
    ] as const) {
      const answer = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: admin.email, password } });
      expect({ password, status: answer.status }).toEqual({ password, status });
    }
    await tab.context().close();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('when a USER signs in, then the console says they are not allowed and shows no admin screen', async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Plain User' });
    const userPage = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
    await signIn(userPage, user);
    await userPage.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await userPage.getByRole('alert').textContent()).toContain('role USER');
    expect(await userPage.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    // And the API agrees: the admin routes refuse that user's token.
    const refused = await http(stack.gatewayUrl, 'GET', '/api/admin/users', { token: user.accessToken });
    expect([401, 403]).toContain(refused.status);
    await userPage.context().close();
  }, 30_000);
});
