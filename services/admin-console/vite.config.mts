import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Built into dist/www and served by the gateway at /admin (services/gateway/src/routes/admin-console.ts)
 * under a CSP without 'unsafe-inline': no inline script (no module-preload polyfill), CSS in files.
 * @coin/client and @coin/contracts/csv are bundled from their TypeScript sources, so the build does not wait for tsc -b.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: {
      '@coin/client': fileURLToPath(new URL('../../libs/client/src/index.ts', import.meta.url)),
      // The one CSV writer (its own file of the contracts: none of their schemas), on csv-stringify's
      // browser build (its Node build needs Buffer).
      '@coin/contracts/csv': fileURLToPath(new URL('../../libs/contracts/src/csv.ts', import.meta.url)),
      'csv-stringify/sync': 'csv-stringify/browser/esm/sync',
    },
  },
  build: {
    outDir: 'dist/www',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
