/**
 * `npm run console:screenshots`: screenshots of the admin console's main screens into docs/images/
 * (shown in docs/reference/admin-console.md), taken in headless chromium against an in-process stack with a little
 * data made through the API. Uses the test harness (its own topics and schemas, removed at the end).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { argsOrExit, parseCliArgs } from '../../scripts/cli-args';
import { ensureConsoleBuilt } from '../../scripts/stack/console';
import { signPayoutCallback } from '@coin/events';
import { localStackDefaults } from '../../scripts/stack/env';
import {
  type AdminSession,
  adminSession,
  apiKeyFor,
  approveCallbackSecretAsCoSigner,
  createPlatformClientWithCli,
  fundTreasury,
  withSecondSuperadmin,
} from '../harness/admin';
import { launchChromium } from '../harness/browser';
import { eventually } from '../harness/eventually';
import globalSetup from '../harness/global-setup';
import globalTeardown from '../harness/global-teardown';
import { apiClient, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

const outDir = join(__dirname, '..', '..', 'docs', 'images');
const log = (message: string) => process.stdout.write(`[screenshots] ${message}\n`);

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await ensureConsoleBuilt(log);
  await globalSetup();
  // A cash-out rate as `npm start` has, and a daily cash-out allowance for the people, who are not verified.
  const stack = await startTestStack({ extraEnv: { ...localStackDefaults, CASHOUT_DAILY_COINS_UNVERIFIED: '1000' } });
  const browser = await launchChromium(log);
  try {
    const { superadmin, mintKey, users } = await seedData(stack);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAndShootDashboard(page, stack.gatewayUrl, superadmin);
    await shootPeopleAndMoney(page, users, mintKey);
    await shootAdminScreens(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('table').waitFor();
    await shoot(page, 'narrow');
    await context.close();
  } finally {
    await browser.close();
    await stack.close();
    await globalTeardown();
  }
}

/** Five people with coins, a transfer, a hold, a treasury mint, a payout waiting and cash-outs paid: something on every screen. */
async function seedData(stack: TestStack) {
  const superadmin = await adminSession(stack, 'SUPERADMIN');
  const mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund']);
  const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: mintKey });
  const people = [
    ['Ada Lovelace', 120],
    ['Grace Hopper', 75.5],
    ['Alan Turing', 42],
    ['Katherine Johnson', 310],
    ['Edsger Dijkstra', 12.25],
  ] as const;
  const users = [];
  for (const [name, amount] of people) {
    const email = `${name.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}@example.test`;
    const user = await registerUser(stack.gatewayUrl, { fullName: name, email });
    await admin.mintCoins({ body: { userId: user.userId, amount, reason: 'Welcome bonus' } });
    users.push(user);
  }
  const first = users[0]!;
  await apiClient(stack.gatewayUrl, { accessToken: first.accessToken }).transferCoins({
    body: { toUserId: users[1]!.userId, amount: 10, reason: 'Thanks for the notes' },
  });
  await apiClient(stack.gatewayUrl, { accessToken: first.accessToken }).createHold({
    body: { toTreasury: 'COURSE_FEES', amount: 20, reason: 'Course enrolment', reference: 'order-1042' },
  });
  // A mint into a treasury waits for a second ADMIN (202).
  await admin.mintCoins({ body: { treasury: 'REWARDS', amount: 5000, reason: 'Rewards budget Q3' } });
  // A person's payout past the four-eyes window waits too (REWARDS funded first, through an approved mint).
  await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: mintKey }, 'REWARDS', 10_000);
  const rewardKey = await apiKeyFor(stack, superadmin.accessToken, ['reward']);
  await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: rewardKey }).payout({
    body: {
      from: { treasury: 'REWARDS' },
      reason: 'Spring cup: prizes',
      reference: 'spring-cup-2026',
      lines: [
        { toUserId: users[3]!.userId, amount: 6000, reason: 'First place' },
        { toUserId: users[1]!.userId, amount: 4000, reason: 'Second place' },
      ],
    },
  });
  await rewardFromPlatformClients(stack, users);
  await cashOutThroughProviders(stack, superadmin.accessToken, users);
  await eventually(
    async () => (await admin.searchTransactions({ query: { userId: String(first.userId) } })).transactions.length >= 2,
    10_000,
    'the history projection',
  );
  return { superadmin, mintKey, users };
}

/** Two platforms reward the people (from REWARDS), so the dashboard's volume by platform client has lines to draw. */
async function rewardFromPlatformClients(stack: TestStack, users: Array<{ userId: number }>): Promise<void> {
  const platforms = [
    ['Campus courses', [12, 8, 5]],
    ['Tournament arena', [20, 4, 9]],
  ] as const;
  for (const [name, amounts] of platforms) {
    const credentials = await createPlatformClientWithCli(stack, `${name} ${Date.now().toString(36)}`, { treasuries: ['REWARDS'] });
    const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: credentials });
    const client = apiClient(stack.gatewayUrl, { accessToken: (token.body as { accessToken: string }).accessToken });
    for (const [index, amount] of amounts.entries())
      await client.rewardUser({ body: { userId: users[index]!.userId, amount, reason: `${name}: weekly prize` } });
  }
}

/**
 * Two payout providers, each asked for by the SUPERADMIN and approved by a second (the client, then its callback
 * secret), each claim a person's cash-out and confirm it by a signed callback: the dashboard's cash-outs by provider.
 */
async function cashOutThroughProviders(stack: TestStack, superadminToken: string, users: Array<{ userId: number; accessToken: string }>) {
  const superadmin = apiClient(stack.gatewayUrl, { accessToken: superadminToken });
  const cashouts = [
    ['Mobile money', users[3]!, 80],
    ['Bank transfers', users[0]!, 25],
  ] as const;
  for (const [name, user, amount] of cashouts) {
    const asked = await withSecondSuperadmin(stack, superadminToken, () =>
      superadmin.createPlatformClient({ body: { name: `${name} ${Date.now().toString(36)}`, treasuries: [], cashout: true } }),
    );
    const act = asked.grantRequest.act;
    if (!asked.clientSecret || act.type !== 'user.platform-client.create') throw new Error('the payout provider came without its secret');
    const callback = await superadmin.requestCallbackSecret({ path: { id: act.clientId } });
    if (!callback.callbackSecret) throw new Error('the callback secret came without the secret');
    await approveCallbackSecretAsCoSigner(stack, superadminToken, callback.callbackSecretRequest.id);
    const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', {
      body: { clientId: act.clientId, clientSecret: asked.clientSecret },
    });
    const providerToken = (token.body as { accessToken: string }).accessToken;
    const { cashout } = await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).createCashout({
      body: { amount, msisdn: '+237670000000', providerClientId: act.clientId },
    });
    await apiClient(stack.gatewayUrl, { accessToken: providerToken }).claimCashout({ path: { id: cashout.id } });
    const signed = signPayoutCallback({
      body: { cashoutId: cashout.id, outcome: 'CONFIRMED', providerReference: `REF-${cashout.id.slice(0, 8)}` },
      secret: callback.callbackSecret,
    });
    const settled = await http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', {
      rawBody: signed.body,
      token: providerToken,
      headers: signed.headers,
    });
    if (settled.status !== 200) throw new Error(`the callback answered ${settled.status}: ${JSON.stringify(settled.body)}`);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(outDir, `admin-console-${name}.png`), fullPage: false });
  log(`docs/images/admin-console-${name}.png`);
}

/** The sign-in screen, then the landing dashboard once both its charts are there. */
async function signInAndShootDashboard(page: Page, gatewayUrl: string, superadmin: AdminSession): Promise<void> {
  await page.goto(`${gatewayUrl}/admin/`);
  await page.getByLabel('E-mail').fill(superadmin.email);
  await shoot(page, 'sign-in');
  await page.getByLabel('Password').fill(superadmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authenticator code').fill(await superadmin.device.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  // The landing screen: the dashboard, once both charts are there.
  await page.getByRole('img', { name: /^Supply and treasury balances/ }).waitFor();
  await page.getByRole('img', { name: /^Coins moved each day/ }).waitFor();
  await shoot(page, 'dashboard');
  // Below the fold: the platform clients' panels, both charts drawn, scrolled to the cash-outs panel's foot.
  await page.getByRole('img', { name: /^Platform clients' volume per day/ }).waitFor();
  await page.getByRole('img', { name: /^Cash-outs paid per day by provider/ }).waitFor();
  await page.getByRole('region', { name: 'Cash-outs by provider' }).evaluate((panel) => panel.scrollIntoView({ block: 'end' }));
  await shoot(page, 'dashboard-clients');
}

/** The users, one user (with the delete confirmation open) and the money forms (a mint done, a burn refused). */
async function shootPeopleAndMoney(page: Page, users: Array<Awaited<ReturnType<typeof registerUser>>>, mintKey: string): Promise<void> {
  const first = users[0]!;
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByRole('table').waitFor();
  await shoot(page, 'users');

  await page.getByRole('link', { name: first.email }).click();
  await page.getByTestId('wallet-balance').waitFor();
  await page.getByRole('heading', { name: 'Recent transactions' }).waitFor();
  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('alertdialog').waitFor();
  await shoot(page, 'user');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Money', exact: true }).click();
  await page.getByLabel('API key (scope mint, burn, refund or reward)').fill(mintKey);
  const mint = page.getByTestId('mint-form');
  await mint.getByLabel('User id', { exact: true }).fill(String(users[2]!.userId));
  await mint.getByLabel('Amount (coins)', { exact: true }).fill('15');
  await mint.getByLabel('Reason', { exact: true }).fill('Correction of ticket #381');
  await mint.getByRole('button', { name: 'Mint', exact: true }).click();
  await page.getByTestId('money-result').waitFor();
  const burn = page.getByTestId('burn-form');
  await burn.getByLabel('User id', { exact: true }).fill(String(users[4]!.userId));
  await burn.getByLabel('Amount (coins)', { exact: true }).fill('1000');
  await burn.getByLabel('Reason', { exact: true }).fill('Too much');
  await burn.getByRole('button', { name: 'Burn', exact: true }).click();
  await burn.locator('xpath=..').getByRole('alert').waitFor();
  await shoot(page, 'money');
}

/** Transactions, treasuries, approvals, the audit log, a new API key and a new platform client. */
async function shootAdminScreens(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Transactions', exact: true }).click();
  await page.getByRole('table').waitFor();
  // Every page of the search read into a file, its download link shown under the list.
  await page.getByRole('button', { name: 'Export CSV: transactions' }).click();
  await page.getByRole('link', { name: /^Download transactions\.csv/ }).waitFor();
  await shoot(page, 'transactions');

  await page.getByRole('link', { name: 'Treasuries & supply', exact: true }).click();
  await page.getByTestId('supply-consistent').waitFor();
  await shoot(page, 'treasuries');

  await page.getByRole('link', { name: 'Approvals', exact: true }).click();
  // A SUPERADMIN's approvals screen has the payouts waiting and the deletion requests' tables too.
  await page.getByRole('table', { name: 'Approval requests', exact: true }).waitFor();
  await page.getByRole('button', { name: /^Show 2 lines of payout request/ }).click();
  await page.getByRole('cell', { name: 'Second place' }).waitFor();
  await shoot(page, 'approvals');

  await page.getByRole('link', { name: 'Audit log', exact: true }).click();
  await page.getByRole('table').waitFor();
  await shoot(page, 'audit-log');

  await page.getByRole('link', { name: 'API keys', exact: true }).click();
  await page.getByLabel('Name').fill('checkout service');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByTestId('api-key-secret').waitFor();
  await shoot(page, 'api-keys');

  // The navigation's link (the API keys screen links there too).
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Platform clients', exact: true }).click();
  // The name field by role: getByLabel('Name') also finds the revoke button of "Tournament arena" (tourNAMEnt).
  await page.getByRole('textbox', { name: /^Name/ }).fill('tournaments');
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.getByTestId('platform-client-secret').waitFor();
  await shoot(page, 'platform-clients');
}

argsOrExit(() =>
  parseCliArgs({ args: process.argv.slice(2), options: {} }, 'usage: npm run console:screenshots (writes docs/images/admin-console-*.png)'),
);
main().then(
  () => process.exit(0),
  (err: Error) => {
    process.stderr.write(`[screenshots] ${err.stack ?? err.message}\n`);
    process.exit(1);
  },
);
