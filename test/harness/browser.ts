import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { aptInstall, isRoot, which } from '../../scripts/infra/common';
import { scaledBound } from './machine-speed';

/**
 * Debian's chromium for the browser tests (playwright-core brings no browser of its own): found on
 * PATH (or CHROMIUM_PATH), otherwise installed with apt-get as Redis is (scripts/infra/redis.ts),
 * once, when running as root. A font package comes with it so screenshots show text, not boxes.
 */
export async function chromiumPath(log: (message: string) => void = () => {}): Promise<string> {
  const given = process.env.CHROMIUM_PATH;
  if (given) return given;
  const found = which('chromium') ?? which('chromium-browser');
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      "the browser tests need Debian's chromium and we are not root to install it: apt-get install -y chromium, or set CHROMIUM_PATH",
    );
  }
  await aptInstall(['chromium', 'fonts-dejavu-core'], log);
  const installed = which('chromium');
  if (!installed) throw new Error('apt-get install chromium finished but chromium is not on PATH');
  return installed;
}

/** Playwright's wait for a selector, a navigation or an action, unless a call gives its own. */
const playwrightDefaultTimeoutMs = 30_000;

/**
 * A headless chromium; --no-sandbox only as root, where chromium refuses to start with its sandbox.
 * Each of its contexts (a `newPage` makes one) waits playwright's default times the machine-speed
 * factor (./machine-speed), as jest's limits are scaled: a wait is a safety net, and Swagger UI or
 * a console screen drawn beside three other test files on a slow box took longer than 30 s.
 */
export async function launchChromium(log?: (message: string) => void): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(log),
    headless: true,
    args: isRoot() ? ['--no-sandbox'] : [],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(scaledBound(playwrightDefaultTimeoutMs));
    return context;
  };
  return browser;
}

/** The WCAG 2 A/AA rule tags (2.0, 2.1, 2.2) an accessibility check runs. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * axe-core's WCAG 2 A/AA rules on what the page shows now, through `@axe-core/playwright`: it puts
 * axe into the page with Playwright's evaluate (DevTools protocol), which the page's CSP does not
 * govern, so the console is checked under the very policy the gateway serves (no bypassCSP, no
 * inline script). Returns one line per failing node (`rule (impact): selector: summary`); empty
 * when there is none.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags([...wcagTags]).analyze();
  // A run that checked nothing would pass silently: some rule must have applied and passed.
  if (results.passes.length === 0) throw new Error(`axe-core checked nothing on ${page.url()}`);
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
    ),
  );
}

/** Whether the page scrolls sideways: the document wider than the window. */
export async function scrollsSideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number; sideways: boolean }> {
  // A string, evaluated in the page: the test code is compiled without the DOM's types.
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
  return { scrollWidth, innerWidth, sideways: scrollWidth > innerWidth };
}

/**
 * Signs in to the admin console as a person does: e-mail and password, then (an account with a
 * second factor) the authenticator's current code. Does not wait for what follows.
 */
export async function signInToConsole(
  page: Page,
  gatewayUrl: string,
  who: { email: string; password: string; device?: { nextCode(): Promise<string> } },
): Promise<void> {
  await page.goto(`${gatewayUrl}/admin/`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!who.device) return;
  await page.getByLabel('Authenticator code').fill(await who.device.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Waits for the console's answer to an action: the notice it shows on success, or the problem it
 * shows instead (role alert), whose text the failure then says, so a refused or failed action
 * fails with its reason instead of a bare timeout. No problem may be on the page before it.
 */
export async function consoleNotice(page: Page, notice: string, act: () => Promise<void>): Promise<void> {
  const problem = page.getByRole('alert');
  if ((await problem.count()) > 0) throw new Error(`a problem was shown before the action: ${await problem.first().textContent()}`);
  await act();
  await page.getByText(notice).or(problem).first().waitFor();
  if ((await problem.count()) > 0)
    throw new Error(`the console showed a problem instead of "${notice}": ${await problem.first().textContent()}`);
}
