import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@coin/errors';
import { InternalHttpClient } from './internal-http';

/** How long a call waits for the local test server: not what these tests assert, and a loaded machine answers late. */
const answerWaitMs = 30_000;

/** A loopback stand-in for an internal API: answers what `answer` says and records the headers it got. */
async function fakeService(answer: () => { status: number; headers?: Record<string, string>; body: unknown }) {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    const { status, headers, body } = answer();
    response.writeHead(status, { 'content-type': 'application/problem+json', ...(headers ?? {}) });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function failure(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('InternalHttpClient: the gateway as a caller with credentials', () => {
  it('when it calls, then every request carries the service token the signer gives', async () => {
    const service = await fakeService(() => ({ status: 200, body: { ok: true } }));
    try {
      const client = new InternalHttpClient(service.url, answerWaitMs, async () => 'Bearer the-token');
      await client.get('/internal/users/1');
      await client.post('/internal/auth/login', { email: 'a@example.test', password: 'x' });
      expect(service.seen.map((h) => h.authorization)).toEqual(['Bearer the-token', 'Bearer the-token']);
    } finally {
      await service.close();
    }
  });

  it('when the callee’s credential check refuses the gateway (401/403 with WWW-Authenticate), then UNAVAILABLE, never the end user’s 401', async () => {
    for (const status of [401, 403]) {
      const service = await fakeService(() => ({
        status,
        headers: { 'www-authenticate': 'Bearer' },
        body: { code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' },
      }));
      try {
        const client = new InternalHttpClient(service.url, answerWaitMs, async () => 'Bearer stale');
        expect((await failure(client.post('/internal/auth/login', {}))).code).toBe('UNAVAILABLE');
      } finally {
        await service.close();
      }
    }
  });

  it('when a route itself answers 401 (a wrong password), then that problem passes through as it was', async () => {
    const service = await fakeService(() => ({ status: 401, body: { code: 'UNAUTHENTICATED', detail: 'Invalid email or password' } }));
    try {
      const client = new InternalHttpClient(service.url, answerWaitMs, async () => 'Bearer ok');
      const error = await failure(client.post('/internal/auth/login', {}));
      expect([error.code, error.message]).toEqual(['UNAUTHENTICATED', 'Invalid email or password']);
    } finally {
      await service.close();
    }
  });
});
