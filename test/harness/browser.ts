import { chromium, type Browser } from 'playwright-core';
import { aptInstall, isRoot, which } from '../../scripts/infra/common';

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

/** A headless chromium; --no-sandbox only as root, where chromium refuses to start with its sandbox. */
export async function launchChromium(log?: (message: string) => void): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(log),
    headless: true,
    args: isRoot() ? ['--no-sandbox'] : [],
  });
}
