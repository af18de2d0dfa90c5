import { type CoinClient, CoinProblemError } from '@coin/client';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../scripts/stack/console';
import {
  type AdminSession,
  adminSession,
  adminStepUp,
  apiKeyFor,
  approveAsCoSigner,
  codesWithoutWaiting,
  createPlatformClientWithCli,
  fundTreasury,
  pendingGrantRequest,
} from '../harness/admin';
import { accessibilityViolations, consoleNotice, launchChromium, scrollsSideways, signInToConsole } from '../harness/browser';
import { eventually } from '../harness/eventually';
import { apiClient, applied, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The admin console's screens beyond the first browser test (admin-console.test.ts):
 * burn, refund and reward; approvals by a second admin; holds; the audit log; API keys; an axe-core
 * check of every main screen; the keyboard; a narrow window. Real chromium against the real stack;
 * every check of money is made again through the API, never trusted from the page alone.
 */
/** The contrast ratio of a CSS rgb()/rgba() colour against white (WCAG 2 relative luminance). */
function contrastWithWhite(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

describe('admin console screens in a browser', () => {
  let stack: TestStack;
  /** The requester of approvals, signed in to the console in `page`. */
  let superadmin: AdminSession;
  /** A second admin (ADMIN, not SUPERADMIN) who approves in the console, in a page of their own. */
  let checker: AdminSession;
  let admin: CoinClient;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** A key of scope mint, burn and refund, typed into the console. */
  let moneyKey: string;
  const pageErrors: string[] = [];
  const log = (message: string) => process.stdout.write(`[admin-console-screens test] ${message}\n`);

  const watch = (target: Page) => {
    // A CSP violation or a script error fails the test: the console must run under its strict policy.
    target.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) pageErrors.push(message.text());
    });
    target.on('pageerror', (err) => pageErrors.push(err.message));
  };
  const newPage = async (viewport = { width: 1280, height: 800 }) => {
    const created = await (await browser.newContext({ viewport })).newPage();
    watch(created);
    return created;
  };

  beforeAll(async () => {
    await ensureConsoleBuilt(log);
    [stack, browser] = await Promise.all([startTestStack(), launchChromium(log)]);
    [superadmin, checker] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'ADMIN')]);
    moneyKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: moneyKey });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    watch(page);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  const signIn = async (target: Page, who: AdminSession) => {
    await signInToConsole(target, stack.gatewayUrl, { ...who, device: codesWithoutWaiting(who) });
    await target.getByRole('navigation', { name: 'Sections' }).waitFor();
  };
  const go = async (target: Page, section: string) => {
    await target.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section, exact: true }).click();
  };
  const heading = (target: Page, name: string) => target.getByRole('heading', { level: 1, name, exact: true });
  /** One money form's panel (a region named by its heading). */
  const moneyPanel = (target: Page, title: string) => target.getByRole('region', { name: title, exact: true });
  const typeApiKey = async (target: Page, key: string) => {
    await go(target, 'Money');
    await target.getByLabel('API key (scope mint, burn, refund or reward)').fill(key);
  };
  /** A user's balance as the API tells that user (GET /api/wallets/me). */
  const balanceOf = async (who: { accessToken: string }) =>
    (await apiClient(stack.gatewayUrl, { accessToken: who.accessToken }).getMyWallet()).balance;
  /** The balance reaches `expected` through the API and is still that a second later: the money moved once. */
  const balanceSettlesAt = async (who: { userId: number; accessToken: string }, expected: number) => {
    await eventually(async () => (await balanceOf(who)) === expected, 10_000, `balance ${expected} of user ${who.userId} through the API`);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await balanceOf(who)).toBe(expected);
  };
  /** The transactions of a type for a user in the history projection, once at least `atLeast` are there. */
  const transactionsOf = async (userId: number, type: 'MINT' | 'BURN' | 'REWARD' | 'REFUND', atLeast = 1) =>
    eventually(
      async () => {
        const found = (await admin.searchTransactions({ query: { userId: String(userId), type } })).transactions;
        return found.length >= atLeast ? found : undefined;
      },
      10_000,
      `${type} of user ${userId} in the history`,
    );
  const fill = async (form: Locator, fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  };

  /** The console mint of the first test, which the audit log test finds. */
  let consoleMint: { userId: number; transactionId: number } | undefined;

  it('when an admin burns, refunds a purchase and rewards in the console, then each balance changes once, and a refused burn shows the problem and changes nothing', async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Money Forms' });
    await applied(admin.mintCoins({ body: { userId: user.userId, amount: 40, reason: 'funding' } }));
    const purchase = await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).purchase({
      body: { treasury: 'COURSE_FEES', amount: 12, reason: 'course' },
    });
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: moneyKey }, 'REWARDS', 100);
    await balanceSettlesAt(user, 28);

    await signIn(page, superadmin);
    await typeApiKey(page, moneyKey);

    // A mint of 2 (the audit log test looks for it).
    const mint = moneyPanel(page, 'Mint');
    await fill(mint, { 'User id': String(user.userId), 'Amount (coins)': '2', Reason: 'console mint for the audit' });
    await mint.getByRole('button', { name: 'Mint', exact: true }).click();
    const minted = mint.getByTestId('money-result');
    await minted.filter({ hasText: 'MINT of 2.00' }).waitFor();
    consoleMint = { userId: user.userId, transactionId: Number(await minted.getByRole('link').first().textContent()) };
    await balanceSettlesAt(user, 30);

    // Burn 5.
    const burn = moneyPanel(page, 'Burn');
    await fill(burn, { 'User id': String(user.userId), 'Amount (coins)': '5', Reason: 'console burn' });
    await burn.getByRole('button', { name: 'Burn', exact: true }).click();
    await burn.getByTestId('money-result').filter({ hasText: 'BURN of 5.00' }).waitFor();
    await balanceSettlesAt(user, 25);
    expect((await transactionsOf(user.userId, 'BURN')).map((t) => [t.amount, t.reason])).toEqual([[5, 'console burn']]);

    // A burn above the balance: the RFC 9457 problem on the page, nothing moves.
    await fill(burn, { 'User id': String(user.userId), 'Amount (coins)': '1000', Reason: 'too much' });
    await burn.getByRole('button', { name: 'Burn', exact: true }).click();
    const problem = burn.getByRole('alert');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('INSUFFICIENT_FUNDS');
    expect(await problem.locator('strong').first().textContent()).toBeTruthy();
    expect(await burn.getByTestId('money-result').count()).toBe(0);
    await balanceSettlesAt(user, 25);
    expect(await transactionsOf(user.userId, 'BURN')).toHaveLength(1);

    // Refund the purchase of 12 in full (amount left empty).
    const refund = moneyPanel(page, 'Refund a purchase');
    await fill(refund, { 'Purchase transaction id': String(purchase.transaction.id), Reason: 'console refund' });
    await refund.getByRole('button', { name: 'Refund a purchase', exact: true }).click();
    await refund.getByTestId('money-result').filter({ hasText: 'REFUND of 12.00' }).waitFor();
    await balanceSettlesAt(user, 37);
    const refunds = await transactionsOf(user.userId, 'REFUND');
    expect(refunds.map((t) => [t.amount, t.refundOf])).toEqual([[12, purchase.transaction.id]]);

    // Reward 3 from REWARDS (no API key needed for a reward).
    const reward = moneyPanel(page, 'Reward');
    await fill(reward, { 'User id': String(user.userId), 'Amount (coins)': '3', Reason: 'console reward' });
    await reward.getByRole('button', { name: 'Reward', exact: true }).click();
    await reward.getByTestId('money-result').filter({ hasText: 'REWARD of 3.00' }).waitFor();
    await balanceSettlesAt(user, 40);
    expect((await transactionsOf(user.userId, 'REWARD')).map((t) => [t.amount, t.fromTreasury])).toEqual([[3, 'REWARDS']]);

    // The API key is kept for the session only: after signing out and in again it is empty.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(page, superadmin);
    await go(page, 'Money');
    expect(await page.getByLabel('API key (scope mint, burn, refund or reward)').inputValue()).toBe('');
  }, 90_000);

  it('when a mint reaches the approval threshold, then the console shows it pending, the requester cannot approve, another admin approves it once or rejects another', async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Approval Target' });
    const other = await registerUser(stack.gatewayUrl, { fullName: 'Rejected Target' });
    await typeApiKey(page, moneyKey);
    const mint = moneyPanel(page, 'Mint');
    const ask = async (userId: number, reason: string) => {
      await fill(mint, { 'User id': String(userId), 'Amount (coins)': '10000', Reason: reason });
      await mint.getByRole('button', { name: 'Mint', exact: true }).click();
      const notice = mint.getByRole('status').filter({ hasText: '202 Accepted: waiting for approval' });
      await notice.waitFor();
      const id = (await notice.getByRole('link').textContent()) ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      return id;
    };
    const approvalId = await ask(user.userId, 'large prize');
    const rejectId = await ask(other.userId, 'not budgeted');
    // The API agrees: two PENDING requests, nothing moved.
    const pendingIds = (await admin.listApprovals({ query: { status: 'PENDING' } })).approvals.map((a) => a.id);
    expect(pendingIds).toEqual(expect.arrayContaining([approvalId, rejectId]));
    expect([await balanceOf(user), await balanceOf(other)]).toEqual([0, 0]);

    // The requester opens Approvals (through the last notice's link) and cannot approve their own request.
    await mint.getByRole('link', { name: rejectId }).click();
    await heading(page, 'Approvals').waitFor();
    const ownRow = page.getByRole('row').filter({ hasText: approvalId.slice(0, 8) });
    await ownRow.getByRole('button', { name: `Approve request ${approvalId.slice(0, 8)}`, exact: true }).click();
    const refused = page.getByRole('alert');
    await refused.filter({ hasText: 'APPROVAL_BY_REQUESTER' }).waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(await balanceOf(user)).toBe(0);

    // Another admin, with a mint key of their own, approves one and rejects the other in their console.
    const checkerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], checker);
    const checkerPage = await newPage();
    await signIn(checkerPage, checker);
    await typeApiKey(checkerPage, checkerKey);
    await go(checkerPage, 'Approvals');
    const row = checkerPage.getByRole('row').filter({ hasText: approvalId.slice(0, 8) });
    expect(await row.textContent()).toContain('MINT 10,000.00');
    await row.getByRole('button', { name: `Approve request ${approvalId.slice(0, 8)}`, exact: true }).click();
    await checkerPage.getByRole('status').filter({ hasText: 'Approved: transaction' }).waitFor();
    await balanceSettlesAt(user, 10_000);
    expect((await transactionsOf(user.userId, 'MINT')).map((t) => t.amount)).toEqual([10_000]);
    const approved = (await admin.listApprovals({ query: { status: 'APPROVED' } })).approvals.find((a) => a.id === approvalId);
    expect(approved).toMatchObject({ status: 'APPROVED', decidedBy: { id: String(checker.userId) } });

    const rejectRow = checkerPage.getByRole('row').filter({ hasText: rejectId.slice(0, 8) });
    await rejectRow.getByLabel(`Reason for rejecting ${rejectId}`).fill('not in the budget');
    await rejectRow.getByRole('button', { name: `Reject request ${rejectId.slice(0, 8)}`, exact: true }).click();
    await checkerPage
      .getByRole('status')
      .filter({ hasText: `Rejected ${rejectId}` })
      .waitFor();
    const rejected = (await admin.listApprovals({ query: { status: 'REJECTED' } })).approvals.find((a) => a.id === rejectId);
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'not in the budget' });
    await balanceSettlesAt(other, 0);
    // Neither is pending any more on the checker's screen.
    await eventually(
      async () =>
        (await checkerPage
          .getByRole('row')
          .filter({ hasText: rejectId.slice(0, 8) })
          .count()) === 0,
      5_000,
      'list reloaded',
    );
    expect(
      await checkerPage
        .getByRole('row')
        .filter({ hasText: approvalId.slice(0, 8) })
        .count(),
    ).toBe(0);
    await checkerPage.context().close();
  }, 90_000);

  it("when a person's payout waits for a second person, then the console lists it with its lines, refuses its requester's approval, and another admin's approval pays every line once", async () => {
    const [first, second] = await Promise.all([
      registerUser(stack.gatewayUrl, { fullName: 'Payout First' }),
      registerUser(stack.gatewayUrl, { fullName: 'Payout Second' }),
    ]);
    // 10,000 in all takes the requester's daily four-eyes window to its threshold: the payout waits whole.
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: moneyKey }, 'REWARDS', 10_000);
    const asked = (await admin.payout({
      body: {
        from: { treasury: 'REWARDS' },
        reason: 'console payout',
        lines: [
          { toUserId: first.userId, amount: 6_000, reason: 'first place' },
          { toUserId: second.userId, amount: 4_000 },
        ],
      },
    })) as { approval?: { id: string; status: string } };
    expect(asked.approval?.status).toBe('PENDING');
    const id = asked.approval?.id ?? 'missing';
    const short = id.slice(0, 8);

    // The requester, signed in afresh (approving is a step-up operation), sees it with its lines and cannot approve it.
    const requester = await newPage();
    await signIn(requester, superadmin);
    await typeApiKey(requester, moneyKey);
    await go(requester, 'Approvals');
    const ownRow = requester.getByRole('table', { name: 'Payout approval requests' }).getByRole('row').filter({ hasText: short });
    expect(await ownRow.textContent()).toContain('10,000.00');
    await ownRow.getByRole('button', { name: `Show 2 lines of payout request ${short}`, exact: true }).click();
    const lines = requester.getByRole('table', { name: `Lines of payout request ${short}` });
    await lines.getByRole('cell', { name: 'first place', exact: true }).waitFor();
    expect(await lines.getByRole('row').count()).toBe(3);
    await ownRow.getByRole('button', { name: `Approve payout request ${short}`, exact: true }).click();
    await requester
      .getByRole('region', { name: 'Payouts waiting' })
      .getByRole('alert')
      .filter({ hasText: 'APPROVAL_BY_REQUESTER' })
      .waitFor();
    expect([await balanceOf(first), await balanceOf(second)]).toEqual([0, 0]);
    await requester.context().close();

    // Another admin, with a key of the reward scope, approves it in their console: every line is paid, once.
    const checkerKey = await apiKeyFor(stack, superadmin.accessToken, ['reward'], checker);
    const checkerPage = await newPage();
    await signIn(checkerPage, checker);
    await typeApiKey(checkerPage, checkerKey);
    await go(checkerPage, 'Approvals');
    const row = checkerPage.getByRole('table', { name: 'Payout approval requests' }).getByRole('row').filter({ hasText: short });
    await row.getByRole('button', { name: `Approve payout request ${short}`, exact: true }).click();
    await checkerPage.getByRole('status').filter({ hasText: 'Approved: payout' }).waitFor();
    await balanceSettlesAt(first, 6_000);
    await balanceSettlesAt(second, 4_000);
    expect(await admin.getPayoutApproval({ path: { id } })).toMatchObject({
      status: 'APPROVED',
      decidedBy: { id: String(checker.userId) },
    });
    // No longer pending: the list was loaded again.
    await eventually(async () => (await row.count()) === 0, 5_000, 'payout list reloaded');
    await checkerPage.context().close();
  }, 90_000);

  it('when a SUPERADMIN deletes a user holding 10,000 coins in the console, then nothing is deleted until another SUPERADMIN approves it on the Approvals screen', async () => {
    const rich = await registerUser(stack.gatewayUrl, { fullName: 'Console Rich' });
    // 10,000 coins need a mint approval of their own: asked by the SUPERADMIN, approved by the checker.
    const asked = (await admin.mintCoins({ body: { userId: rich.userId, amount: 10_000, reason: 'deletion test' } })) as {
      approval?: { id: string };
    };
    const checkerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], checker);
    await apiClient(stack.gatewayUrl, { accessToken: checker.accessToken, apiKey: checkerKey }).approveRequest({
      path: { id: asked.approval?.id ?? 'missing' },
    });
    await balanceSettlesAt(rich, 10_000);
    // The approver is a SUPERADMIN before the request is made: one promoted after it may not approve it.
    const second = await adminSession(stack, 'SUPERADMIN');

    const requester = await newPage();
    await signIn(requester, superadmin);
    await go(requester, 'Users');
    await requester.getByLabel('E-mail or name').fill(rich.email);
    await requester.getByRole('button', { name: 'Search', exact: true }).click();
    await requester.getByRole('link', { name: rich.email }).click();
    await requester.getByRole('button', { name: 'Delete user', exact: true }).click();
    // The notice, or the problem the console shows instead, named in the failure.
    await consoleNotice(requester, 'Not deleted yet', () =>
      requester.getByRole('button', { name: 'Delete and burn 10,000.00 coins', exact: true }).click(),
    );
    expect(await balanceOf(rich)).toBe(10_000);

    const approver = await newPage();
    await signIn(approver, second);
    await go(approver, 'Approvals');
    const row = approver.getByRole('row').filter({ hasText: `user ${rich.userId}` });
    expect(await row.textContent()).toContain('10,000.00');
    await consoleNotice(approver, `user ${rich.userId} deleted`, () => row.getByRole('button', { name: /^Approve request / }).click());
    await expect(admin.getUser({ path: { id: String(rich.userId) } })).rejects.toMatchObject({ status: 404 });
  });

  it('when a hold is placed through the API, then the holds screen shows it by payer and status', async () => {
    const payer = await registerUser(stack.gatewayUrl, { fullName: 'Hold Payer' });
    await applied(admin.mintCoins({ body: { userId: payer.userId, amount: 10, reason: 'funding' } }));
    await balanceSettlesAt(payer, 10);
    const { hold } = await apiClient(stack.gatewayUrl, { accessToken: payer.accessToken }).createHold({
      body: { toTreasury: 'COURSE_FEES', amount: 4, reason: 'console hold' },
    });
    await go(page, 'Holds');
    await heading(page, 'Holds').waitFor();
    const filters = page.getByRole('form', { name: 'Filter holds' });
    await filters.getByLabel("Payer's user id").fill(String(payer.userId));
    await filters.getByLabel('Status').selectOption('PENDING');
    await filters.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('row').filter({ hasText: hold.id.slice(0, 8) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 6)).toEqual(['PENDING', '4.00', `user ${payer.userId}`, 'COURSE_FEES', 'console hold']);
    expect(await page.getByRole('table', { name: 'Holds' }).getByRole('row').count()).toBe(2); // header + the one hold
    // Another status: not there.
    await filters.getByLabel('Status').selectOption('CAPTURED');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: 'No hold.' }).waitFor();
    // The API says the same.
    const listed = await admin.listHolds({ query: { userId: String(payer.userId) } });
    expect(listed.holds.map((h) => [h.id, h.status, h.amount])).toEqual([[hold.id, 'PENDING', 4]]);
  }, 60_000);

  it('when the audit log is filtered by action, then only that action shows, and the console mint is there with its actor and target', async () => {
    expect(consoleMint).toBeDefined();
    const { userId } = consoleMint!;
    await go(page, 'Audit log');
    await heading(page, 'Audit log').waitFor();
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').selectOption('money.mint');
    const table = page.getByRole('table', { name: 'Audit log entries' });
    const mintRow = table
      .getByRole('row')
      .filter({ hasText: `user:${userId}` })
      .filter({ hasText: 'console mint for the audit' });
    // The audit log is written as the commands are answered; ask again until the row shows.
    await eventually(
      async () => {
        await filters.getByRole('button', { name: 'Filter' }).click();
        await table.waitFor();
        return (await mintRow.count()) === 1;
      },
      10_000,
      'the console mint in the audit log',
    );
    const cells = await mintRow.getByRole('cell').allTextContents();
    expect(cells[1]).toBe(`user ${superadmin.userId} (SUPERADMIN)`);
    expect(cells.slice(2, 5)).toEqual(['money.mint', `user:${userId}`, 'applied']);
    // Every row is a money.mint.
    // Read in one pass (the list may re-render while it is read: row by row, a row can go between the count and its cell).
    const actions = await table.evaluate((t) =>
      [...t.querySelectorAll('tr')].flatMap((r) => {
        const cell = r.querySelectorAll('td')[2];
        return cell ? [cell.textContent ?? ''] : [];
      }),
    );
    expect(actions.length).toBeGreaterThan(1);
    expect(new Set(actions)).toEqual(new Set(['money.mint']));
    // The API agrees on the actor and target.
    const entries = (await admin.listAuditLog({ query: { action: 'money.mint', target: `user:${userId}` } })).entries;
    expect(entries.map((e) => [e.actor.id, e.action, e.result])).toContainEqual([String(superadmin.userId), 'money.mint', 'applied']);
  }, 60_000);

  it('when the audit log is filtered by result rejected, then a refusal of authority shows with its actor, operation, code and reason', async () => {
    const requestId = `console-refusal-${Date.now()}`;
    const refused = await fetch(`${stack.gatewayUrl}/api/admin/users`, { headers: { 'x-request-id': requestId } });
    expect(refused.status).toBe(401);
    await go(page, 'Audit log');
    await heading(page, 'Audit log').waitFor();
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').selectOption('');
    await filters.getByLabel('Result').selectOption('rejected');
    const table = page.getByRole('table', { name: 'Audit log entries' });
    const row = table.getByRole('row').filter({ hasText: requestId });
    await eventually(
      async () => {
        await filters.getByRole('button', { name: 'Filter' }).click();
        await table.waitFor();
        return (await row.count()) === 1;
      },
      10_000,
      'the refusal in the audit log',
    );
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toMatch(/^anonymous \S+/);
    expect(cells.slice(2, 5)).toEqual([
      'listUsers',
      'route:GET /api/admin/users',
      'rejected (UNAUTHENTICATED): A bearer access token is required',
    ]);
    // Every row is rejected.
    const rows = (await table.getByRole('row').all()).slice(1);
    const results = await Promise.all(rows.map((r) => r.getByRole('cell').nth(4).textContent()));
    expect(results.every((r) => r?.startsWith('rejected'))).toBe(true);
  }, 60_000);

  it('when a SUPERADMIN asks for an API key in the console, then the secret is shown once and works once another SUPERADMIN approved it; revoked, the API refuses it', async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Key Target' });
    const name = `console key ${Date.now()}`;
    await go(page, 'API keys');
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByRole('checkbox', { name: 'burn' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);
    // Approved by another SUPERADMIN (made before the request, by apiKeyFor in beforeAll), the secret works, for its scopes.
    await approveAsCoSigner(
      stack,
      superadmin.accessToken,
      await pendingGrantRequest(stack, superadmin.accessToken, (act) => act.type === 'user.api-key.create' && act.name === name),
    );
    const withKey = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: secret });
    await applied(withKey.mintCoins({ body: { userId: user.userId, amount: 1, reason: 'with the new key' } }));
    await balanceSettlesAt(user, 1);
    // Away and back: the secret is not shown again, anywhere on the page.
    await go(page, 'Users');
    await heading(page, 'Users').waitFor();
    await go(page, 'API keys');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('mint, burn');
    expect(await page.getByTestId('api-key-secret').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(secret);
    // Revoke, after the confirmation.
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await eventually(async () => (await row.getByRole('button', { name: 'Revoke' }).count()) === 0, 5_000, 'the key shown revoked');
    expect(await row.getByRole('cell').nth(3).textContent()).not.toBe('—');
    // Revocation is immediate (the gateway drops its cached grant): the very next call is refused.
    const refused = await withKey.mintCoins({ body: { userId: user.userId, amount: 1, reason: 'revoked key' } }).then(
      (answer) => {
        throw new Error(`a revoked key was accepted: ${JSON.stringify(answer)}`);
      },
      (err: unknown) => {
        if (err instanceof CoinProblemError) return err;
        throw err;
      },
    );
    expect([refused.status, refused.code]).toEqual([401, 'API_KEY_INVALID']);
    const listed = (await admin.listApiKeys()).apiKeys.find((k) => k.name === name);
    expect(listed?.revokedAt).toBeTruthy();
    await balanceSettlesAt(user, 1);
  }, 60_000);

  it('when every main screen is checked with axe-core, then there is no WCAG 2 A/AA violation', async () => {
    const target = await registerUser(stack.gatewayUrl, { fullName: 'Axe Target' });
    await applied(admin.mintCoins({ body: { userId: target.userId, amount: 5, reason: 'axe' } }));
    await apiClient(stack.gatewayUrl, { accessToken: target.accessToken }).createHold({
      body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'axe hold' },
    });
    // A pending approval, so the Approvals screen shows its decide controls.
    await admin.mintCoins({ body: { treasury: 'OPERATIONS', amount: 1, reason: 'axe approval' } });
    // And a payout waiting for a second person (10,000 takes the payer's daily window to its threshold), so it shows the payouts' table and lines.
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: moneyKey }, 'REWARDS', 10_000);
    const waitingPayout = (await admin.payout({
      body: {
        from: { treasury: 'REWARDS' },
        reason: 'axe payout',
        lines: [{ toUserId: target.userId, amount: 10_000, reason: 'axe line' }],
      },
    })) as { approval?: { id: string; status: string } };
    expect(waitingPayout.approval?.status).toBe('PENDING');
    const payoutShort = (waitingPayout.approval?.id ?? 'missing').slice(0, 8);
    const checked = await newPage();
    const found: Record<string, string[]> = {};
    const began = Date.now();
    const check = async (screen: string) => {
      found[screen] = await accessibilityViolations(checked);
      // Where the time goes, should the test ever near its guard.
      log(`axe: ${screen} checked at ${((Date.now() - began) / 1000).toFixed(1)} s`);
    };
    await checked.goto(`${stack.gatewayUrl}/admin/`);
    await checked.getByRole('button', { name: 'Sign in' }).waitFor();
    await check('sign-in');
    await signIn(checked, superadmin);
    // The landing screen: the dashboard, its charts drawn and one of their tables open.
    await heading(checked, 'Dashboard').waitFor();
    await checked.getByRole('img', { name: /^Supply and treasury balances/ }).waitFor();
    await checked.getByRole('img', { name: /^Coins moved each day/ }).waitFor();
    await checked.getByText("Supply and treasury balances at each day's end: the numbers", { exact: true }).click();
    await checked.getByRole('table', { name: "Supply and treasury balances at each day's end" }).waitFor();
    await check('dashboard');
    await go(checked, 'Users');
    await checked.getByRole('table', { name: 'Users' }).waitFor();
    await check('users');
    await checked.getByLabel('E-mail or name').fill(target.email);
    await checked.getByRole('button', { name: 'Search', exact: true }).click();
    await checked.getByRole('link', { name: target.email }).click();
    await checked.getByTestId('wallet-balance').filter({ hasText: '5.00' }).waitFor();
    await checked.getByRole('table', { name: 'Recent transactions' }).waitFor();
    await checked.getByRole('img', { name: /^Balance at each day's end/ }).waitFor();
    await check('user page');
    await go(checked, 'Transactions');
    await checked.getByRole('table', { name: 'Transactions found' }).waitFor();
    await check('transactions');
    await checked.getByRole('table', { name: 'Transactions found' }).getByRole('link').first().click();
    await checked.getByRole('heading', { level: 1, name: /^Transaction \d+$/ }).waitFor();
    await checked.getByText('Reason', { exact: true }).waitFor();
    await check('transaction detail');
    await typeApiKey(checked, moneyKey);
    // The money screen with a result and a problem shown.
    const burn = moneyPanel(checked, 'Burn');
    await fill(burn, { 'User id': String(target.userId), 'Amount (coins)': '1000', Reason: 'too much' });
    await burn.getByRole('button', { name: 'Burn', exact: true }).click();
    await burn.getByRole('alert').waitFor();
    await check('money');
    await go(checked, 'Treasuries & supply');
    await checked.getByTestId('supply-consistent').waitFor();
    await checked.getByRole('table', { name: 'Treasuries' }).waitFor();
    await check('treasuries and supply');
    await go(checked, 'Approvals');
    await checked.getByRole('button', { name: 'Approve' }).first().waitFor();
    await checked.getByRole('button', { name: `Show 1 line of payout request ${payoutShort}`, exact: true }).click();
    await checked
      .getByRole('table', { name: `Lines of payout request ${payoutShort}` })
      .getByRole('cell', { name: 'axe line' })
      .waitFor();
    await check('approvals');
    await go(checked, 'Holds');
    await checked.getByRole('cell', { name: 'axe hold' }).first().waitFor();
    await check('holds');
    await go(checked, 'Audit log');
    await checked.getByRole('table', { name: 'Audit log entries' }).getByRole('cell').first().waitFor();
    await check('audit log');
    await go(checked, 'API keys');
    await checked.getByRole('table', { name: 'API keys' }).waitFor();
    await check('API keys');
    const form = checked.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name', { exact: true }).fill('axe key');
    await form.getByRole('button', { name: 'Create key' }).click();
    await checked.getByTestId('api-key-secret').waitFor();
    await check('API keys, a secret shown');
    // The platform clients screen (SUPERADMIN), added beside API keys.
    await go(checked, 'Platform clients');
    await checked.getByRole('table', { name: 'Platform clients' }).waitFor();
    await check('platform clients');
    // The webhooks screen: a client's endpoint, registered by a SUPERADMIN, and its delivery log.
    const hookClient = await createPlatformClientWithCli(stack, `axe-hooks-${Date.now().toString(36)}`, { treasuries: ['REWARDS'] });
    const steppedUp = apiClient(stack.gatewayUrl, { accessToken: await adminStepUp(stack, superadmin) });
    await steppedUp.createClientWebhookEndpoint({
      path: { clientId: hookClient.clientId },
      body: { url: 'http://127.0.0.1:9/axe-hook', eventTypes: ['coin.transaction.recorded'] },
    });
    await go(checked, 'Webhooks');
    const endpoints = checked.getByRole('table', { name: 'Webhook endpoints' });
    await endpoints.getByRole('cell', { name: hookClient.clientId }).waitFor();
    await endpoints.getByRole('button', { name: 'Deliveries of http://127.0.0.1:9/axe-hook' }).click();
    await checked.getByRole('table', { name: 'Deliveries to http://127.0.0.1:9/axe-hook' }).waitFor();
    await check('webhooks');
    // The checker itself finds what it should: a page with an image without alt text and no language fails.
    const canary = await newPage();
    await canary.setContent('<html><body><main><img src="data:,"></main></body></html>');
    expect((await accessibilityViolations(canary)).map((v) => v.split(' ')[0])).toEqual(
      expect.arrayContaining(['image-alt', 'html-has-lang']),
    );
    await canary.context().close();
    const failing = Object.entries(found).filter(([, violations]) => violations.length > 0);
    if (failing.length > 0) log(`axe violations:\n${failing.map(([s, v]) => `${s}:\n  ${v.join('\n  ')}`).join('\n')}`);
    expect(Object.keys(found)).toHaveLength(15);
    expect(Object.fromEntries(failing)).toEqual({});
    await checked.context().close();
    // A hang guard, not a speed target: each step waits 30 s at most (playwright's own bound);
    // fifteen screens took 74 s beside two busy loops and passed 120 s on a slower CI machine.
    // Both are scaled to the machine by the harness (launchChromium, scaled-timeouts.setup.ts).
  }, 300_000);

  it("when an ADMIN signs in, then the dashboard draws the supply, the treasuries and the daily volume from the daily series, agreeing with the ledger's audit; a USER's call of the stats reads is refused 403 and audited", async () => {
    const user = await registerUser(stack.gatewayUrl, { fullName: 'Dashboard Chart' });
    await applied(admin.mintCoins({ body: { userId: user.userId, amount: 7, reason: 'dashboard' } }));
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: today, to: today };
    // The history has caught up with the ledger: its supply today is the audit's.
    const supply = await eventually(
      async () => {
        const [report, daily] = await Promise.all([admin.getSupplyReport(), admin.getDailySupply({ query: range })]);
        return report.inFlight === 0 && daily.days[0]?.supply === report.supply ? report.supply : undefined;
      },
      10_000,
      "the history's supply equal to the ledger's",
    );
    const ledgerTreasuries = (await admin.listTreasuries()).treasuries;

    const dash = await newPage();
    await signIn(dash, checker);
    await heading(dash, 'Dashboard').waitFor();
    for (const title of ['Supply and treasury balances', 'Coins moved each day']) {
      await dash.getByRole('img', { name: new RegExp(`^${title}`) }).waitFor();
      // Chart.js drew on the canvas: some pixel is not transparent (a string, run in the page: the tests have no DOM types).
      await eventually(
        () =>
          dash.evaluate<boolean>(`(() => {
            const c = document.querySelector('canvas[aria-label^="${title}"]');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true;
            return false;
          })()`),
        5_000,
        `a chart drawn for ${title}`,
      );
    }
    // The table under the chart: today's row is the ledger's supply and treasury balances.
    const table = dash.getByRole('table', { name: "Supply and treasury balances at each day's end", includeHidden: true });
    const header = await table.getByRole('columnheader', { includeHidden: true }).allTextContents();
    const todayRow = table.getByRole('row', { includeHidden: true }).filter({ hasText: today });
    const cells = await todayRow.getByRole('cell', { includeHidden: true }).allTextContents();
    const coins = (n: number) => new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    expect(cells[0]).toBe(coins(supply));
    for (const t of ledgerTreasuries) expect([t.code, cells[header.indexOf(t.code) - 1]]).toEqual([t.code, coins(t.balance)]);
    expect(await dash.getByRole('table', { name: 'Coins moved each day by transaction type', includeHidden: true }).count()).toBe(1);
    // The webhooks service answers the failing endpoints' panel (this stack has registered none).
    await dash.getByRole('region', { name: 'Webhook endpoints failing' }).getByText('No endpoint is disabled.').waitFor();
    await dash.context().close();

    // A USER reads their own wallet's series; the stats are not theirs: 403, and the refusal is in the audit log with the user as actor.
    const asUser = apiClient(stack.gatewayUrl, { accessToken: user.accessToken });
    expect((await asUser.getMyDailyBalances({ query: range })).days).toEqual([{ day: today, balance: 7 }]);
    // A range the contract refuses is a 400 problem naming the field, through the gateway too.
    const backwards = await admin.getDailyVolume({ query: { from: today, to: '2020-01-01' } }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(backwards).toBeInstanceOf(CoinProblemError);
    expect((backwards as CoinProblemError).status).toBe(400);
    expect((backwards as CoinProblemError).errors.map((e) => JSON.stringify(e)).join()).toContain('to');
    for (const read of [() => asUser.getDailyVolume({ query: range }), () => asUser.getDailySupply({ query: range })]) {
      const refused = await read().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(CoinProblemError);
      expect([(refused as CoinProblemError).status, (refused as CoinProblemError).code]).toEqual([403, 'FORBIDDEN']);
    }
    const audited = await eventually(
      async () => {
        const { entries } = await admin.listAuditLog({ query: { target: 'route:GET /api/admin/stats/daily-volume', result: 'rejected' } });
        return entries.find((e) => e.actor.id === String(user.userId));
      },
      10_000,
      "the USER's refused stats read in the audit log",
    );
    expect(audited).toMatchObject({
      actor: { kind: 'user', role: 'USER', verified: true },
      action: 'getDailyVolume',
      errorCode: 'FORBIDDEN',
    });
  }, 60_000);

  it('when the sign-in form is used with the keyboard alone, then Tab goes e-mail, password, button, Enter signs in, the navigation is reachable with a visible focus and focus lands on the new heading', async () => {
    const keys = await newPage();
    await keys.goto(`${stack.gatewayUrl}/admin/`);
    await keys.getByRole('button', { name: 'Sign in' }).waitFor();
    /** What has the focus: its tag, accessible-ish name and whether :focus-visible matches. */
    const focused = () =>
      keys.evaluate<{
        tag: string;
        name: string;
        text: string;
        focusVisible: boolean;
        outline: string;
        outlineColor: string;
        inNav: boolean;
      }>(`(() => {
        const el = document.activeElement;
        if (!el) return { tag: '', name: '', text: '', focusVisible: false, outline: '', outlineColor: '', inNav: false };
        const style = getComputedStyle(el);
        return {
          tag: el.tagName.toLowerCase(),
          name: el.getAttribute('name') ?? '',
          text: (el.textContent ?? '').trim(),
          focusVisible: el.matches(':focus-visible'),
          outline: style.outlineStyle + ' ' + style.outlineWidth,
          outlineColor: style.outlineColor,
          inNav: Boolean(el.closest('nav[aria-label="Sections"]')),
        };
      })()`);
    await keys.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'input', name: 'email' });
    await keys.keyboard.type(superadmin.email);
    await keys.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'input', name: 'password' });
    await keys.keyboard.type(superadmin.password);
    await keys.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'button', text: 'Sign in', focusVisible: true });
    await keys.keyboard.press('Shift+Tab');
    await keys.keyboard.press('Enter');
    // The second factor: the focus is already in the code field; Enter verifies.
    await keys.getByLabel('Authenticator code').waitFor();
    expect(await focused()).toMatchObject({ tag: 'input', name: 'code' });
    await keys.keyboard.type(await codesWithoutWaiting(superadmin).nextCode());
    await keys.keyboard.press('Enter');
    await keys.getByRole('navigation', { name: 'Sections' }).waitFor();

    // A :focus-visible rule exists in the console's stylesheet.
    const focusRules = await keys.evaluate<number>(
      `[...document.styleSheets].flatMap((s) => [...s.cssRules]).filter((r) => (r.selectorText ?? '').includes(':focus-visible')).length`,
    );
    expect(focusRules).toBeGreaterThan(0);

    // From the top of the page, the skip link comes first, then the top bar, then the navigation;
    // the focused link shows a visible outline; Enter opens the screen and focus lands on its heading.
    // (A click on the top bar's brand text, which is not focusable, puts the keyboard's starting point at the top.)
    await keys.getByText('Coin ledger · admin', { exact: true }).click();
    await keys.keyboard.press('Shift+Tab');
    expect(await focused()).toMatchObject({ tag: 'a', text: 'Skip to content', focusVisible: true });
    let reached = false;
    for (let i = 0; i < 15 && !reached; i += 1) {
      await keys.keyboard.press('Tab');
      reached = (await focused()).inNav;
    }
    expect(reached).toBe(true);
    let link = await focused();
    while (link.text !== 'Transactions') {
      expect(link.inNav).toBe(true);
      await keys.keyboard.press('Tab');
      link = await focused();
    }
    expect(link).toMatchObject({ tag: 'a', focusVisible: true });
    expect(link.outline).not.toMatch(/^none/);
    // The ring stands out from the white page: at least 3:1 (WCAG 2.1 SC 1.4.11, non-text contrast).
    expect(contrastWithWhite(link.outlineColor)).toBeGreaterThanOrEqual(3);
    await keys.keyboard.press('Enter');
    await heading(keys, 'Transactions').waitFor();
    await eventually(async () => (await focused()).tag === 'h1', 2_000, 'focus on the heading');
    expect(await focused()).toMatchObject({ tag: 'h1', text: 'Transactions' });
    // The next Tab goes on into the screen's content (the search form), not back to the top.
    await keys.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'input', name: 'userId' });
    await keys.context().close();
  }, 60_000);

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])(
    'when the window is $width x $height, then the users and money screens do not scroll sideways and the navigation works',
    async (viewport) => {
      const narrow = await newPage(viewport);
      await signIn(narrow, superadmin);
      const nav = narrow.getByRole('navigation', { name: 'Sections' });
      // Every section link is on screen, inside the window's width.
      for (const box of await Promise.all((await nav.getByRole('link').all()).map((l) => l.boundingBox()))) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      await go(narrow, 'Users');
      await narrow.getByRole('table', { name: 'Users' }).waitFor();
      expect(await scrollsSideways(narrow)).toMatchObject({ sideways: false });
      await go(narrow, 'Money');
      await heading(narrow, 'Money').waitFor();
      expect(await scrollsSideways(narrow)).toMatchObject({ sideways: false });
      // With a problem shown on a form too.
      const burn = moneyPanel(narrow, 'Burn');
      await fill(burn, { 'User id': String(superadmin.userId), 'Amount (coins)': '1000', Reason: 'narrow' });
      await burn.getByRole('button', { name: 'Burn', exact: true }).click();
      await burn.getByRole('alert').waitFor();
      expect(await scrollsSideways(narrow)).toMatchObject({ sideways: false });
      // The layout at this width passes the same axe-core rules.
      expect(await accessibilityViolations(narrow)).toEqual([]);
      // The navigation works from here: another section opens, and the users screen passes axe too.
      await go(narrow, 'Holds');
      await heading(narrow, 'Holds').waitFor();
      await go(narrow, 'Users');
      await narrow.getByRole('table', { name: 'Users' }).waitFor();
      expect(await accessibilityViolations(narrow)).toEqual([]);
      await narrow.context().close();
    },
    60_000,
  );
});
