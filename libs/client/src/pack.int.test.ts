import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOrThrow } from '../../../test/harness/run-command';

/*
 * `npm pack` of libs/client gives a tarball a project outside the monorepo can install and use:
 * packed (prepack builds dist/), installed into a fresh `npm init -y` directory (openapi-fetch
 * comes from the registry), then used from ESM and from CommonJS against a fake API (a node:http
 * server of this test) for a transfer, and type-checked as a consumer would. Needs the npm
 * registry, none of the test infrastructure.
 */
const packageDir = join(__dirname, '..');
const repoRoot = join(packageDir, '..', '..');

/** Runs a script without blocking this process's event loop: the fake API answers from here. */
function runAsync(script: string, cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script], { cwd, env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${script} failed: ${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** The consumer, the same in both module systems: a transfer (answered 503 first, then 201), and a problem. */
const consumerBody = `
const coin = createCoinClient({ baseUrl: process.env.API_URL, accessToken: 'token-1', retry: { attempts: 3, baseDelayMs: 1 } });
const result = await coin.transferCoins({ body: { toUserId: 43, amount: 12.5, reason: 'Lunch' } });
const { transaction, wallet } = result;
let problem;
try {
  await coin.transferCoins({ body: { toUserId: 42, amount: 1, reason: 'me' }, idempotencyKey: 'my-key' });
} catch (err) {
  problem = { isError: err instanceof CoinProblemError, code: err.code, status: err.status, key: err.idempotencyKey, is: isProblem(err, 'SELF_TRANSFER') };
}
const answered = { status: result.lastResponse.status, requestId: result.lastResponse.requestId, keys: Object.keys(result) };
console.log(JSON.stringify({ id: transaction.id, balance: wallet.balance, answered, problem, operations: Object.keys(operationTable).length > 0 }));
`;

describe('npm pack of @coin/client', () => {
  let dir: string;
  let server: Server;
  let apiUrl: string;
  const seen: Array<{ method: string; url: string; key: string | undefined; auth: string | undefined; body: unknown }> = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coin-client-pack-'));
    let transfers = 0;
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        const body = JSON.parse(text || 'null') as { toUserId?: number } | null;
        const key = req.headers['idempotency-key'] as string | undefined;
        seen.push({ method: req.method!, url: req.url!, key, auth: req.headers.authorization, body });
        if (body?.toUserId === 42) {
          res.writeHead(422, { 'content-type': 'application/problem+json' });
          res.end(
            JSON.stringify({
              type: '/problems/self-transfer',
              title: 'Self transfer',
              status: 422,
              detail: 'no',
              code: 'SELF_TRANSFER',
              requestId: 'r1',
            }),
          );
          return;
        }
        transfers += 1;
        if (transfers % 2 === 1) {
          res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '0' });
          res.end(
            JSON.stringify({
              type: '/problems/unavailable',
              title: 'Unavailable',
              status: 503,
              detail: 'busy',
              code: 'UNAVAILABLE',
              requestId: 'r2',
            }),
          );
          return;
        }
        res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r3' });
        res.end(JSON.stringify({ transaction: { id: 1001, type: 'TRANSFER', amount: 12.5 }, wallet: { userId: 42, balance: 87.5 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('when packed and installed in a clean project, then ESM and CommonJS consumers transfer with one Idempotency-Key across a retry, and type-check', async () => {
    const [packed] = JSON.parse(runOrThrow('npm', ['pack', '--json', '--pack-destination', dir], packageDir)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'package.json',
        'openapi.json',
        'CHANGELOG.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/generated/schema.d.ts',
      ]),
    );
    // The released documents are the breaking-change check's baselines, not part of the package.
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('released/') || f.includes('.test.'))).toEqual([]);

    const project = join(dir, 'consumer');
    runOrThrow('mkdir', ['-p', project], dir);
    runOrThrow('npm', ['init', '-y'], project);
    runOrThrow('npm', ['install', join(dir, packed!.filename)], project);
    writeFileSync(
      join(project, 'consumer.mjs'),
      `import { CoinProblemError, createCoinClient, isProblem, operationTable } from '@coin/client';\n${consumerBody}`,
    );
    writeFileSync(
      join(project, 'consumer.cjs'),
      `const { CoinProblemError, createCoinClient, isProblem, operationTable } = require('@coin/client');\n(async () => {${consumerBody}})();`,
    );

    for (const script of ['consumer.mjs', 'consumer.cjs']) {
      seen.length = 0;
      const out = JSON.parse(await runAsync(script, project, { API_URL: apiUrl }));
      expect([script, out]).toEqual([
        script,
        {
          id: 1001,
          balance: 87.5,
          answered: { status: 201, requestId: 'r3', keys: ['transaction', 'wallet'] },
          problem: { isError: true, code: 'SELF_TRANSFER', status: 422, key: 'my-key', is: true },
          operations: true,
        },
      ]);
      const transfers = seen.filter((s) => (s.body as { toUserId: number }).toUserId === 43);
      expect(transfers).toHaveLength(2);
      expect(transfers[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(transfers.map((t) => [t.method, t.url, t.key, t.auth, t.body])).toEqual(
        Array(2).fill([
          'POST',
          '/api/coins/transfer',
          transfers[0]!.key,
          'Bearer token-1',
          { toUserId: 43, amount: 12.5, reason: 'Lunch' },
        ]),
      );
      expect(seen.filter((s) => s.key === 'my-key')).toHaveLength(1);
    }

    // The declarations stand alone: a strict TypeScript consumer compiles against them (and openapi-fetch's).
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createCoinClient, isProblem, type CoinProblem } from '@coin/client';
const coin = createCoinClient({ baseUrl: 'http://localhost', accessToken: async () => 'token' });
export async function pay(): Promise<number> {
  const { transaction } = await coin.transferCoins({ body: { toUserId: 43, amount: 12.5, reason: 'Lunch' }, idempotencyKey: 'k' });
  const status = await coin.getCommandStatus('k');
  const wallet = await coin.getMyWallet();
  const replayed: boolean = wallet.lastResponse?.idempotentReplayed === true || status.lastResponse?.status !== 200;
  return transaction.id + wallet.balance + (status.status === 'DONE' ? status.statusCode : 0) + (replayed ? 1 : 0);
}
export const check = (err: unknown): CoinProblem | undefined => (isProblem(err, 'INSUFFICIENT_FUNDS') ? err.problem : undefined);
// @ts-expect-error the body is checked against the document
export const wrong = () => coin.transferCoins({ body: { toUserId: '43', amount: 1, reason: 'r' } });
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2023', 'dom'],
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    runOrThrow(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
  }, 240_000);
});
