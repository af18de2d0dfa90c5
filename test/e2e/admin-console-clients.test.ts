import { decodeJwt } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../scripts/stack/console';
import {
  type AdminSession,
  adminSession,
  apiKeyFor,
  approveAsCoSigner,
  codesWithoutWaiting,
  coSignersReady,
  pendingGrantRequest,
} from '../harness/admin';
import { accessibilityViolations, consoleNotice, launchChromium, signInToConsole } from '../harness/browser';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, login, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The admin console's platform clients screen and a user's sessions, in a real headless
 * chromium against the real stack. What the page shows is checked again through the API.
 */
describe('admin console: platform clients and sessions in a browser', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let admin: AdminSession;
  let browser: Browser;
  const pageErrors: string[] = [];
  const log = (message: string) => process.stdout.write(`[admin-console-clients test] ${message}\n`);

  beforeAll(async () => {
    await ensureConsoleBuilt(log);
    [stack, browser] = await Promise.all([startTestStack(), launchChromium(log)]);
    [superadmin, admin] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'ADMIN')]);
    // The SUPERADMINs who approve what the console asks for exist before it asks.
    await coSignersReady(stack);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** A fresh tab, signed in: a CSP violation or a script error in it fails the test. */
  const signedIn = async (who: AdminSession): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) pageErrors.push(message.text());
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInToConsole(page, stack.gatewayUrl, { ...who, device: codesWithoutWaiting(who) });
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    return page;
  };
  /** Opens a user's page the way an operator does (a reload would sign out: tokens live in memory). */
  const openUser = async (page: Page, email: string) => {
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByLabel('E-mail or name').fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: email }).click();
    await page.getByRole('heading', { name: `User ${email}` }).waitFor();
  };

  it('when a SUPERADMIN asks for a platform client in the console, then its secret is shown once and works once another SUPERADMIN approved it, and revoking it there stops it', async () => {
    const page = await signedIn(superadmin);
    await page.getByRole('link', { name: 'Platform clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Platform clients', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Platform clients' }).waitFor();

    const name = `console client ${Date.now().toString(36)}`;
    const form = page.getByTestId('platform-client-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('REWARDS').check();
    await form.getByLabel('Daily reward cap (coins)').fill('250');
    await form.getByRole('button', { name: 'Create client' }).press('Enter');
    const secretBox = page.getByTestId('platform-client-secret');
    await secretBox.waitFor();
    const clientSecret = (await secretBox.textContent()) ?? '';
    const clientId = (await page.getByTestId('platform-client-id').textContent()) ?? '';
    expect(clientSecret).toMatch(/^pcs_/);
    expect(clientId).toMatch(/^pc_/);
    // Focus moved to the secret, with the copy hint.
    expect(await page.evaluate('document.activeElement?.textContent ?? ""')).toContain('Copy the secret now');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The secret opens nothing until a second SUPERADMIN approves the request; then a SYSTEM token.
    const anonymous = apiClient(stack.gatewayUrl);
    await expect(anonymous.issueToken({ body: { clientId, clientSecret } })).rejects.toMatchObject({ status: 401 });
    const requestId = await pendingGrantRequest(
      stack,
      superadmin.accessToken,
      (act) => act.type === 'user.platform-client.create' && act.name === name,
    );
    await approveAsCoSigner(stack, superadmin.accessToken, requestId);
    const token = await anonymous.issueToken({ body: { clientId, clientSecret } });
    expect(token).toMatchObject({ tokenType: 'Bearer' });
    // With the grants chosen in the form, in the token and in the table.
    expect(decodeJwt((token as { accessToken: string }).accessToken)).toMatchObject({ treasuries: ['REWARDS'], rewardCap: 25_000 });

    // Once dismissed it is gone from the page, and the list (read again: the client exists now) never shows it.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('link', { name: 'Platform clients', exact: true }).click();
    const row = page.getByTestId(`platform-client-${clientId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('REWARDS');
    expect(await page.content()).not.toContain(clientSecret);

    // Revoke, behind a confirmation that Escape cancels.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await consoleNotice(page, `Client "${name}" revoked`, () =>
      page.getByRole('alertdialog').getByRole('button', { name: 'Revoke client' }).click(),
    );
    // The list is read again after the answer: the row loses its button once it has been.
    await eventually(async () => ((await row.getByRole('button').count()) === 0 ? true : undefined), 5_000, 'the client shown revoked');

    // The API agrees: revoked, and no new token.
    const listed = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).listPlatformClients();
    expect(listed.platformClients.find((c) => c.id === clientId)?.revokedAt).toEqual(expect.any(String));
    await expect(anonymous.issueToken({ body: { clientId, clientSecret } })).rejects.toMatchObject({ status: 401 });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("when a SUPERADMIN opens a user's page, then their wallet (held, activeCoins) and sessions come from the API, and ending the sessions works", async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Session Owner' });
    const second = await login(stack.gatewayUrl, user.email, user.password);
    const other = await registerUser(stack.gatewayUrl);
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await applied(
      apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).mintCoins({
        body: { userId: user.userId, amount: 10, reason: 'console sessions' },
      }),
    );
    await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).createHold({
      body: { toUserId: other.userId, amount: 2.5, reason: 'pending order' },
    });

    const page = await signedIn(superadmin);
    await openUser(page, user.email);
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('10.00');
    expect(await page.getByTestId('held-coins').textContent()).toBe('2.50');
    expect(await page.getByTestId('active-coins').textContent()).toBe('7.50');
    expect(await page.getByTestId('total-received').textContent()).toBe('10.00');
    expect(await page.getByTestId('total-sent').textContent()).toBe('0.00');
    const rows = page.getByRole('table', { name: 'Sessions' }).getByTestId('session-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('ACTIVE'), expect.stringContaining('ACTIVE')]);
    const html = await page.content();
    for (const secret of [user.refreshToken, second.refreshToken]) expect(html).not.toContain(secret);
    expect(await page.getByText(/npm run admin/).count()).toBe(0);

    await page.getByRole('button', { name: 'End all sessions' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End their sessions' }).click();
    await page.getByText(`Every session of ${user.email} has ended.`).waitFor();
    await rows.filter({ hasText: 'REVOKED' }).nth(1).waitFor();
    // The API agrees: the user's token is refused.
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: second.accessToken })).status).toBe(401);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('when an ADMIN signs in, then the sessions show but the SUPERADMIN controls (platform clients, ending sessions) do not, as the API decides', async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Seen By Admin' });
    const page = await signedIn(admin);
    expect(await page.getByRole('link', { name: 'Platform clients', exact: true }).count()).toBe(0);
    await openUser(page, user.email);
    await page.getByRole('table', { name: 'Sessions' }).getByTestId('session-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'End all sessions' }).count()).toBe(0);
    // The API refuses this ADMIN the same things.
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/platform-clients', { token: admin.accessToken })).status).toBe(403);
    expect(
      (await http(stack.gatewayUrl, 'POST', `/api/admin/users/${user.userId}/sessions/revoke`, { token: admin.accessToken })).status,
    ).toBe(403);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
