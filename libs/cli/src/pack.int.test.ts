import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyAndParseWebhook } from '@coin/events';
import { runOrThrow } from '../../../test/harness/run-command';

/*
 * `npm pack` of libs/cli gives a tarball that installs alone, outside the monorepo: packed
 * (prepack bundles bundle/coin.js with the parts of @coin/client and @coin/events it uses),
 * installed with `npm install --offline` into a fresh `npm init -y` directory (it has no
 * dependency to fetch), and run as `coin`: --help, a usage error, and a signed trigger to a
 * receiver of this test. Needs none of the test infrastructure, nor the registry.
 */
const packageDir = join(__dirname, '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed `coin` without blocking this process's event loop: the receiver answers from here. */
function coin(project: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const bin = join(project, 'node_modules', '.bin', 'coin');
    // A clean environment: nothing of this repository's (no COIN_* of the developer's shell).
    execFile(bin, args, { cwd: project, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe('npm pack of @coin/cli', () => {
  let dir: string;
  let server: Server;
  let receiverUrl: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coin-cli-pack-'));
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('when packed and installed offline in a clean project, then `coin --help` prints the usage and `coin trigger` sends a signed event', async () => {
    const [packed] = JSON.parse(runOrThrow('npm', ['pack', '--json', '--pack-destination', dir], packageDir)) as {
      filename: string;
      files: { path: string }[];
    }[];
    expect(packed!.files.map((f) => f.path).sort()).toEqual([
      'CHANGELOG.md',
      'README.md',
      'bundle/coin.js',
      'bundle/openapi-fetch.LICENSE',
      'package.json',
    ]);

    const project = join(dir, 'consumer');
    mkdirSync(project);
    runOrThrow('npm', ['init', '-y'], project);
    runOrThrow('npm', ['install', '--offline', join(dir, packed!.filename)], project);
    const installed = JSON.parse(readFileSync(join(project, 'node_modules', '@coin', 'cli', 'package.json'), 'utf8'));
    expect([installed.private, installed.dependencies, installed.bin]).toEqual([undefined, undefined, { coin: 'bundle/coin.js' }]);

    const help = await coin(project, ['--help']);
    expect({ code: help.code, stderr: help.stderr }).toEqual({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: coin listen\|trigger\|sandbox\|events\|callbacks /);
    expect(help.stdout).toContain('COIN_CLIENT_ID, COIN_CLIENT_SECRET');

    const wrong = await coin(project, ['listen', '--forward-to', receiverUrl]);
    expect({ code: wrong.code, stderr: wrong.stderr.split('\n')[0] }).toEqual({ code: 2, stderr: 'coin: COIN_URL must name the API' });

    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const trigger = await coin(project, ['trigger', 'coin.hold.created', '--forward-to', receiverUrl], { COIN_FORWARD_SECRET: secret });
    expect({ code: trigger.code, stderr: trigger.stderr }).toEqual({ code: 0, stderr: '' });
    const event = verifyAndParseWebhook(received.at(-1)!.body, received.at(-1)!.headers, secret);
    expect([event.type, trigger.stdout.trim()]).toEqual(['coin.hold.created', `coin.hold.created  ${event.eventId}  -> 204`]);
  }, 60_000);
});
