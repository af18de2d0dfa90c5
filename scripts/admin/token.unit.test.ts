import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import { runAdminCommand } from '../admin';
import { accessToken, signInCode } from './token';

/**
 * `admin token` and `admin totp` against a gateway played here: what each asks of the API, in
 * which order, and what it prints; the real sign-in runs in test/e2e/guides.test.ts.
 */

interface Seen {
  path: string;
  body: string;
  contentType: string;
}

/** A gateway answering each POST by `answer`; it records what it was asked. */
async function gateway(answer: (seen: Seen, index: number) => { status: number; body: unknown; headers?: Record<string, string> }) {
  const seen: Seen[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const entry = { path: request.url ?? '', body, contentType: String(request.headers['content-type'] ?? '') };
      seen.push(entry);
      const { status, body: out, headers } = answer(entry, seen.length - 1);
      response.writeHead(status, { 'content-type': 'application/json', ...(headers ?? {}) }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const secret = () => new Secret({ size: 20 }).base32;
const codeAt = (base32: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * 30_000 });
const stepNow = () => Math.floor(Date.now() / 30_000);

describe('admin token', () => {
  it('when an admin is asked for, then it logs in with the password and answers the challenge with the code of now, and prints the token', async () => {
    const totp = secret();
    const fake = await gateway(({ path }) =>
      path === '/api/auth/login'
        ? { status: 200, body: { mfaRequired: true, challenge: 'ch-1' } }
        : { status: 200, body: { accessToken: 'at-admin' } },
    );
    try {
      const env = { COIN_ADMIN_EMAIL: 'admin@example.com', COIN_ADMIN_PASSWORD: 'pw-admin', COIN_ADMIN_TOTP_SECRET: totp };
      const now = stepNow();
      await expect(accessToken({ who: 'admin', gatewayUrl: fake.url, env, note: () => undefined })).resolves.toBe('at-admin');
      if (stepNow() !== now) return; // the clock turned a step meanwhile: the code is of another step
      expect(fake.seen.map((s) => [s.path, JSON.parse(s.body)])).toEqual([
        ['/api/auth/login', { email: 'admin@example.com', password: 'pw-admin' }],
        ['/api/auth/mfa/verify', { challenge: 'ch-1', code: codeAt(totp, now) }],
      ]);
    } finally {
      await fake.close();
    }
  });

  it('when the code of now was used already, then it answers with the next step’s', async () => {
    const totp = secret();
    const fake = await gateway(({ path }, index) =>
      path === '/api/auth/login'
        ? { status: 200, body: { mfaRequired: true, challenge: 'ch' } }
        : index === 1
          ? { status: 401, body: { code: 'UNAUTHENTICATED', detail: 'code refused' } }
          : { status: 200, body: { accessToken: 'at' } },
    );
    try {
      const env = { COIN_SUPERADMIN_EMAIL: 's@example.com', COIN_SUPERADMIN_PASSWORD: 'pw', COIN_SUPERADMIN_TOTP_SECRET: totp };
      const now = stepNow();
      await expect(accessToken({ who: 'superadmin', gatewayUrl: fake.url, env, note: () => undefined })).resolves.toBe('at');
      if (stepNow() !== now) return; // the clock turned a step meanwhile
      const codes = fake.seen.filter((s) => s.path === '/api/auth/mfa/verify').map((s) => JSON.parse(s.body).code);
      expect(codes).toEqual([codeAt(totp, now), codeAt(totp, now + 1)]);
    } finally {
      await fake.close();
    }
  });

  it('when the login limit answers 429, then it waits its Retry-After once and tries again', async () => {
    const waits: number[] = [];
    const fake = await gateway((_, index) =>
      index === 0
        ? { status: 429, body: { code: 'RATE_LIMITED' }, headers: { 'retry-after': '7' } }
        : { status: 200, body: { user: { id: 4 }, accessToken: 'at-user' } },
    );
    try {
      const notes: string[] = [];
      const token = await accessToken({
        who: 'user',
        gatewayUrl: fake.url,
        env: {},
        email: 'ada@example.com',
        password: 'a good password',
        note: (line) => notes.push(line),
        sleep: async (ms) => void waits.push(ms),
      });
      expect([token, waits, fake.seen.length]).toEqual(['at-user', [7000], 2]);
      expect(notes.join('\n')).toContain('waiting 7 s');
    } finally {
      await fake.close();
    }
  });

  it('when a platform client or the payout provider is asked for, then it sends OAuth 2.0 client credentials from the seed’s variables', async () => {
    const fake = await gateway(() => ({ status: 200, body: { access_token: 'at-system', token_type: 'Bearer', expires_in: 900 } }));
    try {
      const env = { COIN_PROVIDER_CLIENT_ID: 'pc_momo', COIN_PROVIDER_CLIENT_SECRET: 'pcs_secret' };
      await expect(accessToken({ who: 'provider', gatewayUrl: fake.url, env, note: () => undefined })).resolves.toBe('at-system');
      expect(fake.seen).toEqual([
        {
          path: '/api/auth/token',
          body: 'grant_type=client_credentials&client_id=pc_momo&client_secret=pcs_secret',
          contentType: 'application/x-www-form-urlencoded',
        },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('when what it needs is not in the environment, then it names the variable and the seed that sets it, before any request', async () => {
    const note = () => undefined;
    const gatewayUrl = 'http://127.0.0.1:9';
    await expect(accessToken({ who: 'admin', gatewayUrl, env: {}, note })).rejects.toThrow(/COIN_ADMIN_EMAIL is not set: run .*dev-seed/);
    await expect(accessToken({ who: 'provider', gatewayUrl, env: {}, note })).rejects.toThrow(/dev-seed --provider/);
    await expect(accessToken({ who: 'user', gatewayUrl, env: {}, note })).rejects.toThrow(/--email/);
  });

  it('when its arguments are wrong, then the command refuses them: an unknown subject, a flag for another, a password on the command line', async () => {
    const io = { readStdin: async () => Promise.reject(new Error('stdin must not be read')) };
    await expect(runAdminCommand(['token', 'root'], () => undefined, io)).rejects.toThrow(
      /token takes one of superadmin, superadmin2, admin/,
    );
    await expect(runAdminCommand(['token', 'admin', '--email', 'a@b.c'], () => undefined, io)).rejects.toThrow(/are for token user/);
    await expect(runAdminCommand(['token', 'user', '--email', 'a@b.c', '--password', 'x'], () => undefined, io)).rejects.toThrow(
      /--password is refused/,
    );
  });
});

describe('admin totp', () => {
  it('when asked twice, then it prints the code of now, then the next step’s (a code is accepted once)', async () => {
    const totp = secret();
    const now = stepNow();
    const first = await signInCode('admin', { COIN_ADMIN_TOTP_SECRET: totp });
    const second = await signInCode('admin', { COIN_ADMIN_TOTP_SECRET: totp });
    if (stepNow() !== now) return; // the clock turned a step between the two: the codes are of other steps
    expect([first, second]).toEqual([codeAt(totp, now), codeAt(totp, now + 1)]);
  });

  it('when asked for a platform client, then it refuses: only the admins have a second factor', async () => {
    await expect(signInCode('client', {})).rejects.toThrow(/totp takes superadmin, superadmin2 or admin/);
  });
});
