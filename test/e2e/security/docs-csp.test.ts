import type { Browser } from 'playwright-core';
import { launchChromium } from '../../harness/browser';
import { http } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * The API reference (/docs, Redoc from the installed package) is served with a strict
 * Content-Security-Policy (scripts and requests from this origin only; no inline script, no eval,
 * no framing; inline styles alone, which Redoc's styled components write), and works under it in
 * a real browser: every operation, each with its curl and @coin/client samples, and nothing loaded
 * from another origin (no CDN, no web fonts; Redoc's credit logo is asked for and refused).
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

  it.each(['/docs', '/docs/', '/docs/redoc.standalone.js', '/docs/reference.css', '/docs/json', '/docs/guides/platform-integration.md'])(
    'when %s is fetched, then it carries a CSP of this origin only: no inline script, no eval, no framing',
    async (path) => {
      const response = await http(stack.gatewayUrl, 'GET', path);
      expect(response.status).toBe(200);
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
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(csp.replace(/style-src [^;]*/, '')).not.toMatch(/unsafe-inline|unsafe-eval|https:|\*/);
      expect(csp).not.toMatch(/unsafe-eval|https:|\*/);
    },
  );

  it('when an unknown guide is asked for, then it is 404 and no file outside the guides is read', async () => {
    for (const path of ['/docs/guides/nope.md', '/docs/guides/..%2F..%2Fpackage.json', '/docs/guides/%2e%2e%2fCONTRACT.md'])
      expect((await http(stack.gatewayUrl, 'GET', path)).status).toBe(404);
  });

  it('when the reference is opened in a browser, then it renders every operation with its four code samples, no CSP violation and nothing from another origin', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    const elsewhere: string[] = [];
    const origin = new URL(stack.gatewayUrl).origin;
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (err) => violations.push(`page error: ${err.message}`));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
    });
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.log('CSP violation: ' + e.effectiveDirective + ' ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample))",
    );
    await page.goto(`${stack.gatewayUrl}/docs`);
    await page.waitForSelector('[data-section-id^="operation/"]', { timeout: 60_000 });
    const operations = await page.locator('[data-section-id^="operation/"]').count();
    expect(operations).toBeGreaterThan(100);
    // The right pane of the first operation: its four samples, each one's text.
    const first = page.locator('[data-section-id^="operation/"]').first();
    await first.getByText('@coin/client', { exact: true }).first().click();
    await first.getByText('createCoinClient', { exact: false }).first().waitFor();
    await first.getByText('Python', { exact: true }).first().click();
    await first.getByText('import http.client', { exact: false }).first().waitFor();
    await first.getByText('Go', { exact: true }).first().click();
    await first.getByText('"net/http"', { exact: false }).first().waitFor();
    await first.getByText('curl', { exact: true }).first().click();
    await first.getByText('curl --request', { exact: false }).first().waitFor();
    // The guides are linked from the description.
    expect(await page.locator('a[href="/docs/guides/platform-integration.md"]').count()).toBeGreaterThan(0);
    // Redoc's sidebar credit always asks for its logo from its CDN; the policy refuses it (the image
    // hides itself on the error), so nothing is loaded from elsewhere. That one refusal is expected.
    const creditLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
    expect({
      violations: violations.filter((v) => !v.includes(creditLogo) && !/^CSP violation: img-src :0 ?$/.test(v)),
      elsewhere: elsewhere.filter((url) => url !== creditLogo),
    }).toEqual({ violations: [], elsewhere: [] });
    // No image from elsewhere was loaded (the refused logo has no natural size).
    const loadedElsewhere = await page.evaluate(
      "[...document.images].filter((img) => img.complete && img.naturalWidth > 0 && !img.src.startsWith(location.origin) && !img.src.startsWith('data:')).length",
    );
    expect(loadedElsewhere).toBe(0);
    await page.close();
  }, 120_000);
});
