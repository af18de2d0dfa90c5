import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CoinNetworkError, createCoinClient, defaultTimeoutMs } from './index';

/** A server on port 0 that reads every request and answers as `handle` says (or never). */
async function serverThat(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const requests: Array<{ method: string; url: string; key: string | undefined }> = [];
  const server: Server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', key: request.headers['idempotency-key'] as string | undefined });
    request.resume();
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const never = () => undefined;

describe('@coin/client request timeout, against a real socket', () => {
  it('then the default limit is stated (30 s), and a limit that is no whole number of ms is refused when the client is made', () => {
    expect(defaultTimeoutMs).toBe(30_000);
    for (const timeoutMs of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])
      expect(() => createCoinClient({ baseUrl: 'http://coin.test', timeoutMs })).toThrow(TypeError);
  });

  it('when the server accepts the request and never answers, then each attempt is aborted at the limit and the call throws CoinNetworkError with the key', async () => {
    const server = await serverThat(never);
    try {
      const coin = createCoinClient({ baseUrl: server.baseUrl, accessToken: 't', timeoutMs: 300, retry: { attempts: 2, baseDelayMs: 0 } });
      const started = performance.now();
      const err = await coin
        .transferCoins({ body: { toUserId: 2, amount: 1, reason: 'lunch' }, idempotencyKey: 'k-timeout' })
        .catch((e) => e);
      const tookMs = performance.now() - started;
      expect(err).toBeInstanceOf(CoinNetworkError);
      expect(err).toMatchObject({ idempotencyKey: 'k-timeout', attempts: 2 });
      expect((err as CoinNetworkError).cause).toMatchObject({ name: 'TimeoutError' });
      expect((err as Error).message).toContain('no answer within 300 ms');
      // Two attempts of 300 ms each, never the socket's own lifetime.
      expect(tookMs).toBeGreaterThanOrEqual(2 * 300 - 20);
      expect(tookMs).toBeLessThan(5_000);
      expect(server.requests).toEqual([
        { method: 'POST', url: '/api/coins/transfer', key: 'k-timeout' },
        { method: 'POST', url: '/api/coins/transfer', key: 'k-timeout' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('when a POST without a key meets the limit, then it is sent once and not retried', async () => {
    const server = await serverThat(never);
    try {
      const coin = createCoinClient({ baseUrl: server.baseUrl, timeoutMs: 200, retry: { attempts: 3, baseDelayMs: 0 } });
      const err = await coin.login({ body: { email: 'a@example.com', password: 'password-1' } }).catch((e) => e);
      expect(err).toBeInstanceOf(CoinNetworkError);
      expect(err).toMatchObject({ attempts: 1 });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('when the headers come in time but the body stalls, then the same limit ends the call', async () => {
    const server = await serverThat((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"userId": 1,');
    });
    try {
      const coin = createCoinClient({ baseUrl: server.baseUrl, accessToken: 't', timeoutMs: 300, retry: { attempts: 1 } });
      const err = await coin.getMyWallet().catch((e) => e);
      expect(err).toMatchObject({ name: 'TimeoutError' });
    } finally {
      await server.close();
    }
  });

  it('when the server answers within the limit, then nothing is aborted; timeoutMs 0 turns the limit off; the caller’s signal aborts sooner', async () => {
    const server = await serverThat((request, response) => {
      const delayMs = request.url === '/api/wallets/me' ? 150 : 0;
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ userId: 1, balance: 5 }));
      }, delayMs);
    });
    try {
      const timed = createCoinClient({ baseUrl: server.baseUrl, accessToken: 't', timeoutMs: 2_000 });
      expect(await timed.getMyWallet()).toMatchObject({ userId: 1 });
      const unlimited = createCoinClient({ baseUrl: server.baseUrl, accessToken: 't', timeoutMs: 0 });
      expect(await unlimited.getMyWallet()).toMatchObject({ balance: 5 });
      const aborted = await timed.getMyWallet({ signal: AbortSignal.abort(new Error('the caller gave up')) }).catch((e) => e);
      expect(aborted).toMatchObject({ message: 'the caller gave up' });
    } finally {
      await server.close();
    }
  });
});
