/**
 * Builds the published `coin` executable: bundle/coin.js, one CommonJS file with everything it
 * runs (its own code, the parts of @coin/client and @coin/events it uses, openapi-fetch), so the
 * package has no runtime dependency and installs from its tarball alone. esbuild bundles the
 * workspace packages from their TypeScript sources, so that only what the command uses is kept
 * (@coin/events' zod schemas are not). openapi-fetch's licence is shipped beside the bundle.
 * Run by `npm pack` (prepack) and `npm run bundle -w @coin/cli`.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const libs = join(here, '..');
const out = join(here, 'bundle');
const require = createRequire(import.meta.url);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, 'src', 'cli.ts')],
  outfile: join(out, 'coin.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  legalComments: 'eof',
  logLevel: 'warning',
  alias: {
    '@coin/client': join(libs, 'client', 'src', 'index.ts'),
    '@coin/events': join(libs, 'events', 'src', 'index.ts'),
  },
});
copyFileSync(join(dirname(require.resolve('openapi-fetch/package.json')), 'LICENSE'), join(out, 'openapi-fetch.LICENSE'));
