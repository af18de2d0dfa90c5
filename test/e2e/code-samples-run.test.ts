import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clientCredentialsToken } from '@coin/client';
import { goCommand, run, tail } from '../../scripts/infra/common';
import { createPlatformClientWithCli } from '../harness/admin';
import { http, registerUser } from '../harness/http';
import { eventually } from '../harness/eventually';
import { scaledBound } from '../harness/machine-speed';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';

type Json = Record<string, any>;

const repoRoot = join(__dirname, '..', '..');
const languages = ['curl', '@coin/client', 'Python', 'Go'] as const;
type Language = (typeof languages)[number];

/**
 * How a reader runs each language's sample, pasted into a file (or a shell) as written: curl in a
 * POSIX shell; the TypeScript one with tsx, from a folder of the repository, where `@coin/client`
 * is installed; Python with Debian's python3 (the standard library alone: no venv of ours); Go
 * with `go run` (no module: the standard library alone).
 */
const runners: Record<Language, { file: string; inRepo?: true; command(file: string): [string, string[]] }> = {
  curl: { file: 'sample.sh', command: (file) => ['sh', [file]] },
  '@coin/client': { file: 'sample.mts', inRepo: true, command: (file) => [join(repoRoot, 'node_modules', '.bin', 'tsx'), [file]] },
  Python: { file: 'sample.py', command: (file) => [existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3', [file]] },
  Go: { file: 'sample.go', command: (file) => [goCommand('the Go samples'), ['run', file]] },
};

/**
 * The documented samples (x-codeSamples) of one operation of each kind, run in curl, TypeScript,
 * Python and Go as a reader pastes them, against a stack: each in a clean environment (`env -i`)
 * with only what the top of /docs says to set (COIN_URL, COIN_TOKEN) and a shell's PATH and HOME,
 * each answering what its operation documents. The kinds: a read, a page of a list, a write with an
 * Idempotency-Key the sample makes (four runs, four transactions: no key is shared), and the
 * sandbox's clock set to a time the sample makes (a clock moves forward only: a past date is 400).
 */
describe('the reference’s code samples, pasted as written in each language (test/e2e/code-samples-run)', () => {
  let stack: TestStack;
  let doc: Json;
  let userToken: string;
  let userId: number;
  let testClientToken: string;
  const work = join(repoRoot, '.run', 'code-samples', randomUUID());

  /** One operation's sample in one language, as the reference shows it. */
  const sampleOf = (path: string, method: string, language: Language): string => {
    const samples = (doc.paths[path]?.[method]?.['x-codeSamples'] ?? []) as Array<{ label: string; source: string }>;
    const sample = samples.find((s) => s.label === language);
    if (!sample) throw new Error(`${method.toUpperCase()} ${path} has no ${language} sample`);
    return sample.source;
  };

  /** Runs it in a clean environment; its answer's body as JSON (Go prints the status line first, and it must be 2xx). */
  const runSample = async (path: string, method: string, language: Language, token: string): Promise<Json> => {
    const runner = runners[language];
    // Out of the repository but the TypeScript one: nothing of ours (a go.mod, a venv) is near the others.
    const dir = runner.inRepo ? join(work, randomUUID()) : mkdtempSync(join(tmpdir(), 'coin-code-sample-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, runner.file);
    writeFileSync(file, sampleOf(path, method, language));
    const [command, args] = runner.command(file);
    const env = {
      PATH: [dirname(process.execPath), dirname(goCommand('the Go samples')), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
      HOME: process.env.HOME ?? '/root',
      COIN_URL: stack.gatewayUrl,
      COIN_TOKEN: token,
    };
    try {
      // A bound, as a reader would give up: a sample that hangs (a client retrying a stack that went away) fails instead of outliving the file.
      const ran = await run(command, args, { cwd: dir, env, timeout: scaledBound(60_000) });
      const what = `the ${language} sample of ${method.toUpperCase()} ${path}`;
      if (ran.code !== 0) throw new Error(`${what} exited ${ran.code}:\n${tail(ran.stderr || ran.stdout)}`);
      let out = ran.stdout.trim();
      if (language === 'Go') {
        const [status, ...body] = out.split('\n');
        expect({ what, status: Number(status?.split(' ')[0]) >= 200 && Number(status?.split(' ')[0]) < 300 }).toEqual({
          what,
          status: true,
        });
        out = body.join('\n');
      }
      try {
        return JSON.parse(out) as Json;
      } catch {
        throw new Error(`${what} printed no JSON:\n${tail(out)}\n${tail(ran.stderr)}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  /** The four languages' runs side by side, each let finish (none left running when one fails), their answers in order. */
  const inEveryLanguage = async (path: string, method: string, token: string): Promise<Json[]> => {
    const settled = await Promise.allSettled(languages.map((language) => runSample(path, method, language, token)));
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((outcome) => (outcome as PromiseFulfilledResult<Json>).value);
  };

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    const documented = await fetch(new URL('/openapi.json', stack.gatewayUrl));
    doc = (await documented.json()) as Json;
    const user = await registerUser(stack.gatewayUrl);
    userToken = user.accessToken;
    userId = user.userId;
    // The ledger opens the wallet a moment after the registration.
    await eventually(
      async () => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: userToken })).status === 200,
      30_000,
      'the user’s wallet',
    );
    // A platform team's own test client (POST /api/platform/test-clients), as the sandbox guide makes it.
    const live = await createPlatformClientWithCli(stack, `code-samples-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] });
    const liveToken = await clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...live })();
    const made = await http<{ client: { id: string }; clientSecret: string }>(stack.gatewayUrl, 'POST', '/api/platform/test-clients', {
      token: liveToken,
      body: { name: 'code samples', treasuries: ['REWARDS'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(made.status).toBe(201);
    testClientToken = await clientCredentialsToken({
      baseUrl: stack.gatewayUrl,
      clientId: made.body.client.id,
      clientSecret: made.body.clientSecret,
    })();
  }, 180_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await stack?.close();
  });

  it('when every operation’s Go sample is vetted (go vet: Go’s type check and its checks), then none has a fault', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coin-go-samples-'));
    try {
      // Each a main package of one module (Go 1.24: crypto/rand.Text), as a reader's program would be.
      writeFileSync(join(dir, 'go.mod'), 'module samples\n\ngo 1.24\n');
      let count = 0;
      for (const item of Object.values(doc.paths as Record<string, Json>))
        for (const operation of Object.values(item)) {
          const go = ((operation as Json)['x-codeSamples'] as Array<{ label: string; source: string }> | undefined)?.find(
            (sample) => sample.label === 'Go',
          );
          if (!go) continue;
          mkdirSync(join(dir, `sample${count}`));
          writeFileSync(join(dir, `sample${count}`, 'main.go'), go.source);
          count += 1;
        }
      expect(count).toBeGreaterThan(100);
      const vet = await run(goCommand('the Go samples'), ['vet', './...'], {
        cwd: dir,
        env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '', GOWORK: 'off' },
      });
      expect({ code: vet.code, output: tail(vet.stdout + vet.stderr, 30) }).toEqual({ code: 0, output: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('when each language’s sample of a read runs (GET /api/wallets/me), then each answers the caller’s wallet', async () => {
    const answers = await inEveryLanguage('/api/wallets/me', 'get', userToken);
    for (const [i, wallet] of answers.entries())
      expect({ language: languages[i], wallet }).toEqual({
        language: languages[i],
        wallet: expect.objectContaining({ userId, balance: 0, activeCoins: 0 }),
      });
  }, 240_000);

  it('when each language’s sample of a list runs (GET /api/wallets/me/transactions), then each answers a page: its items, hasMore and the cursor', async () => {
    const answers = await inEveryLanguage('/api/wallets/me/transactions', 'get', userToken);
    for (const [i, page] of answers.entries())
      expect({ language: languages[i], page }).toEqual({
        language: languages[i],
        page: expect.objectContaining({
          transactions: [],
          pagination: expect.objectContaining({ total: 0 }),
          hasMore: false,
          nextCursor: null,
        }),
      });
  }, 240_000);

  it('when each language’s sample of a keyed write runs (POST /api/sandbox/fund), then each is a MINT of its own: every sample made its own Idempotency-Key', async () => {
    const answers = await inEveryLanguage('/api/sandbox/fund', 'post', testClientToken);
    for (const [i, answer] of answers.entries())
      expect({ language: languages[i], transaction: answer.transaction }).toEqual({
        language: languages[i],
        transaction: expect.objectContaining({ type: 'MINT', amount: 1000, toTreasury: 'REWARDS' }),
      });
    // Four transactions, not one answered four times: no two samples sent the same key.
    expect(new Set(answers.map((answer) => answer.transaction.id)).size).toBe(4);
  }, 240_000);

  it('when each language’s sample sets the sandbox clock (POST /api/sandbox/clock/set), one after the other, then each moves it forward to tomorrow', async () => {
    const offsets: number[] = [];
    // One after the other: each sets tomorrow as it runs, later than the one before (the clock moves forward only).
    for (const language of languages) {
      const clock = await runSample('/api/sandbox/clock/set', 'post', language, testClientToken);
      expect({ language, now: typeof clock.now, offsetSeconds: typeof clock.offsetSeconds }).toEqual({
        language,
        now: 'string',
        offsetSeconds: 'number',
      });
      offsets.push(clock.offsetSeconds as number);
    }
    // A day ahead of the real time, less the moment between the sample's making the time and the gateway's reading it.
    for (const offset of offsets) expect(offset).toBeGreaterThan(23 * 3600);
    for (const offset of offsets) expect(offset).toBeLessThanOrEqual(24 * 3600);
  }, 240_000);
});
