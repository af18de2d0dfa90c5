import type { Browser } from 'playwright-core';
import { launchChromium } from '../../harness/browser';
import { http } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * The API documentation page (/docs, Swagger UI) is served with a strict
 * Content-Security-Policy (scripts, styles and requests from this origin only; no inline script,
 * no eval, no framing), and still works under it in a real browser.
 */
describe('a CSP on /docs', () => {
  let stack: TestStack;
  let browser: Browser;
  const log = (message: string) => process.stdout.write(`[docs csp test] ${message}\n`);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchChromium(log)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it.each(['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-initializer.js', '/docs/json'])(
    'when %s is fetched, then it carries a CSP of this origin only: no inline script, no eval, no framing',
    async (path) => {
      const response = await http(stack.gatewayUrl, 'GET', path);
      expect(response.status).toBeLessThan(400);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:|\*/);
    },
  );

  it('when Swagger UI is opened in a browser, then it renders every operation with no CSP violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (err) => violations.push(`page error: ${err.message}`));
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.log('CSP violation: ' + e.effectiveDirective + ' ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample))",
    );
    await page.goto(`${stack.gatewayUrl}/docs`);
    await page.waitForSelector('.opblock');
    const operations = await page.locator('.opblock').count();
    expect(operations).toBeGreaterThan(30);
    // Opening one operation renders its schemas (more scripts and styles at work).
    await page.locator('.opblock-summary').first().click();
    await page.waitForSelector('.opblock-body');
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);
});
