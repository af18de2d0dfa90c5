import {
  CoinDryRunIgnoredError,
  CoinNetworkError,
  CoinProblemError,
  createCoinClient,
  isProblem,
  operationTable,
  pages,
  retryAfterMs,
} from './index';

/** A fake fetch: answers from a script, records what was sent. */
function fakeFetch(...answers: Array<Response | Error | ((request: Request) => Response)>) {
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: string }> = [];
  const fetch = jest.fn(async (request: Request) => {
    sent.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: await request.text(),
    });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(request) : next.clone();
  });
  return { fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const problem = (status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  new Response(
    JSON.stringify({
      type: `/problems/${code.toLowerCase()}`,
      title: code,
      status,
      detail: `detail of ${code}`,
      code,
      requestId: 'req-1',
      ...extra,
    }),
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );
const transferred = { transaction: { id: 7, type: 'TRANSFER', amount: 2 }, wallet: { userId: 1, balance: 8 } };
const transfer = { body: { toUserId: 2, amount: 2, reason: 'lunch' } };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const noWait = { attempts: 3, baseDelayMs: 0 };

describe('@coin/client against a fake fetch', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  describe('dry runs', () => {
    it('when a dry run is answered as one, then its preview is returned; when a server answers it without dryRun: true (it applied the call), then CoinDryRunIgnoredError', async () => {
      const preview = { ...transferred, dryRun: true };
      const { fetch, sent } = fakeFetch(json(201, preview), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      expect(await coin.transferCoins({ ...transfer, query: { dryRun: 'true' } })).toEqual(preview);
      expect(sent[0]!.url).toBe('http://coin.test/api/coins/transfer?dryRun=true');
      await expect(coin.transferCoins({ ...transfer, query: { dryRun: 'true' }, idempotencyKey: 'k-1' })).rejects.toEqual(
        expect.objectContaining({ name: 'CoinDryRunIgnoredError', status: 201, idempotencyKey: 'k-1' }),
      );
      await expect(coin.transferCoins({ ...transfer, query: { dryRun: 'true' } })).rejects.toBeInstanceOf(CoinDryRunIgnoredError);
    });
  });

  describe('Idempotency-Key and retries', () => {
    it('when a money call is made without a key, then one is generated and every retry resends it with the same body', async () => {
      const { fetch, sent } = fakeFetch(problem(503, 'UNAVAILABLE'), problem(504, 'TIMEOUT'), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test/', accessToken: 't', fetch, retry: noWait });
      expect(await coin.transferCoins(transfer)).toEqual(transferred);
      expect(sent).toHaveLength(3);
      const key = sent[0]!.headers['idempotency-key'];
      expect(key).toMatch(uuid);
      expect(sent.map((s) => [s.method, s.url, s.headers['idempotency-key'], JSON.parse(s.body)])).toEqual(
        Array(3).fill(['POST', 'http://coin.test/api/coins/transfer', key, transfer.body]),
      );
    });

    it('when two money calls are made, then each has a key of its own; a key given by the caller is used as is', async () => {
      const { fetch, sent } = fakeFetch(json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      await coin.transferCoins(transfer);
      await coin.transferCoins(transfer);
      await coin.transferCoins({ ...transfer, idempotencyKey: 'order-42' });
      const keys = sent.map((s) => s.headers['idempotency-key']);
      expect(new Set(keys).size).toBe(3);
      expect(keys[2]).toBe('order-42');
    });

    it('when every money operation of the document is called, then each sends a key; the others send none', async () => {
      const { fetch, sent } = fakeFetch(json(200, {}));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: { attempts: 1 } });
      await coin.mintCoins({ body: { userId: 1, amount: 1, reason: 'r' } });
      await coin.getMyWallet();
      await coin.login({ body: { email: 'a@b.c', password: 'p' } });
      expect(sent.map((s) => [s.url.replace('http://coin.test', ''), 'idempotency-key' in s.headers])).toEqual([
        ['/api/admin/mint', true],
        ['/api/wallets/me', false],
        ['/api/auth/login', false],
      ]);
      expect(
        Object.entries(operationTable)
          .filter(([, op]) => op.idempotencyKey)
          .map(([id]) => id),
      ).toEqual(expect.arrayContaining(['transferCoins', 'mintCoins', 'burnCoins', 'rewardUser', 'refundTransaction']));
    });

    it('when a keyed call meets its own first request still in flight (409 REQUEST_IN_PROGRESS), then it is retried with the same key; another 409 is the answer', async () => {
      const { fetch, sent } = fakeFetch(problem(409, 'REQUEST_IN_PROGRESS'), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: noWait });
      expect(await coin.transferCoins({ ...transfer, idempotencyKey: 'order-43' })).toEqual(transferred);
      expect(sent.map((s) => s.headers['idempotency-key'])).toEqual(['order-43', 'order-43']);

      const settled = fakeFetch(problem(409, 'HOLD_NOT_PENDING'), json(200, {}));
      const coin2 = createCoinClient({ baseUrl: 'http://coin.test', fetch: settled.fetch, retry: noWait });
      await expect(coin2.captureHold({ path: { id: 'h-1' }, body: {} })).rejects.toMatchObject({ status: 409, code: 'HOLD_NOT_PENDING' });
      expect(settled.fetch).toHaveBeenCalledTimes(1);

      const unkeyed = fakeFetch(problem(409, 'REQUEST_IN_PROGRESS'), json(200, {}));
      const coin3 = createCoinClient({ baseUrl: 'http://coin.test', fetch: unkeyed.fetch, retry: noWait });
      await expect(coin3.login({ body: { email: 'a@b.c', password: 'p' } })).rejects.toMatchObject({ status: 409 });
      expect(unkeyed.fetch).toHaveBeenCalledTimes(1);
    });

    it('when a POST without a key gets 503 or loses its connection, then it is not retried', async () => {
      const unavailable = fakeFetch(problem(503, 'UNAVAILABLE'), json(200, {}));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch: unavailable.fetch, retry: noWait });
      await expect(coin.login({ body: { email: 'a@b.c', password: 'p' } })).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect(unavailable.fetch).toHaveBeenCalledTimes(1);

      const reset = fakeFetch(new TypeError('fetch failed'), json(200, {}));
      const coin2 = createCoinClient({ baseUrl: 'http://coin.test', fetch: reset.fetch, retry: noWait });
      const err = await coin2.registerUser({ body: { email: 'a@b.c', password: 'p', fullName: 'A' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CoinNetworkError);
      expect(err).toMatchObject({ attempts: 1, idempotencyKey: undefined });
      expect(reset.fetch).toHaveBeenCalledTimes(1);
    });

    it('when the raw typed client posts a transfer without a key, then it gets one too and is retried with it', async () => {
      const { fetch, sent } = fakeFetch(new TypeError('socket hang up'), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: noWait });
      const { data, error } = await coin.api.POST('/api/coins/transfer', transfer);
      expect([data, error]).toEqual([transferred, undefined]);
      expect(sent).toHaveLength(2);
      expect(sent[0]!.headers['idempotency-key']).toMatch(uuid);
      expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
    });

    it('when a GET meets a network error, then it is retried; other answers (500, a final 409, 422) are never retried', async () => {
      const get = fakeFetch(new TypeError('ECONNRESET'), json(200, { balance: 3 }));
      expect(await createCoinClient({ baseUrl: 'http://coin.test', fetch: get.fetch, retry: noWait }).getMyWallet()).toEqual({
        balance: 3,
      });
      expect(get.fetch).toHaveBeenCalledTimes(2);
      for (const [status, code] of [
        [500, 'INTERNAL'],
        [409, 'WALLET_FROZEN'],
        [422, 'INSUFFICIENT_FUNDS'],
      ] as const) {
        const once = fakeFetch(problem(status, code), json(201, transferred));
        const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch: once.fetch, retry: noWait });
        await expect(coin.transferCoins(transfer)).rejects.toMatchObject({ status, code });
        expect([status, once.fetch.mock.calls.length]).toEqual([status, 1]);
      }
    });

    it('when the attempts run out on 504, then the error names the key and getCommandStatus(key) asks about it', async () => {
      const { fetch, sent } = fakeFetch(
        problem(504, 'TIMEOUT', { commandId: 'c-1' }),
        problem(504, 'TIMEOUT', { commandId: 'c-1' }),
        json(200, { status: 'DONE', statusCode: 201, body: transferred }),
      );
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: { attempts: 2, baseDelayMs: 0 } });
      const err = (await coin.transferCoins(transfer).catch((e: unknown) => e)) as CoinProblemError;
      expect(err).toBeInstanceOf(CoinProblemError);
      expect(err).toMatchObject({ status: 504, code: 'TIMEOUT', commandId: 'c-1', idempotencyKey: sent[0]!.headers['idempotency-key'] });
      const status = await coin.getCommandStatus(err.idempotencyKey!);
      expect(status).toEqual({ status: 'DONE', statusCode: 201, body: transferred });
      expect(sent[2]).toMatchObject({ method: 'GET', url: `http://coin.test/api/commands/${err.idempotencyKey}` });
    });

    it('when a network error outlasts the attempts of a money call, then CoinNetworkError carries the key it was sent with', async () => {
      const { fetch, sent } = fakeFetch(new TypeError('connect ECONNREFUSED'));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: noWait });
      const err = (await coin.burnCoins({ body: { userId: 1, amount: 1, reason: 'r' } }).catch((e: unknown) => e)) as CoinNetworkError;
      expect(err).toBeInstanceOf(CoinNetworkError);
      expect(err.attempts).toBe(3);
      expect(err.idempotencyKey).toBe(sent[0]!.headers['idempotency-key']);
      expect((err.cause as Error).message).toBe('connect ECONNREFUSED');
    });

    it('when retries are turned off, then a keyed call is sent once', async () => {
      const { fetch } = fakeFetch(problem(503, 'UNAVAILABLE'), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: { attempts: 1 } });
      await expect(coin.transferCoins(transfer)).rejects.toMatchObject({ status: 503 });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });

  describe('Retry-After', () => {
    it('when a 429 says Retry-After: 2, then the retry leaves 2 s later, not sooner, with the same key', async () => {
      jest.useFakeTimers();
      const { fetch, sent } = fakeFetch(problem(429, 'RATE_LIMITED', {}, { 'retry-after': '2' }), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: { attempts: 3, baseDelayMs: 10 } });
      const result = coin.transferCoins(transfer);
      await jest.advanceTimersByTimeAsync(1_999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual(transferred);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
    });

    it('when Retry-After asks for longer than maxDelayMs, then the 429 is thrown at once', async () => {
      jest.useFakeTimers();
      const { fetch } = fakeFetch(problem(429, 'RATE_LIMITED', {}, { 'retry-after': '120' }), json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: { attempts: 3, maxDelayMs: 30_000 } });
      await expect(coin.transferCoins(transfer)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('when there is no Retry-After, then the back-off doubles from baseDelayMs, with jitter, up to maxDelayMs', async () => {
      jest.useFakeTimers();
      jest.spyOn(Math, 'random').mockReturnValue(1);
      const { fetch } = fakeFetch(problem(503, 'UNAVAILABLE'), problem(503, 'UNAVAILABLE'), json(200, { balance: 1 }));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: { attempts: 3, baseDelayMs: 100 } });
      const result = coin.getMyWallet();
      await jest.advanceTimersByTimeAsync(99);
      expect(fetch).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(199);
      expect(fetch).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual({ balance: 1 });
      jest.spyOn(Math, 'random').mockRestore();
    });

    it('then Retry-After is read as seconds or as an HTTP date', () => {
      const now = Date.parse('2030-01-01T00:00:00Z');
      expect(retryAfterMs('3', now)).toBe(3000);
      expect(retryAfterMs('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5000);
      expect(retryAfterMs('soon', now)).toBeUndefined();
      expect(retryAfterMs(null, now)).toBeUndefined();
    });
  });

  describe('problems', () => {
    it('when the API answers 422, then CoinProblemError carries the typed problem and isProblem() tells its code', async () => {
      const { fetch } = fakeFetch(
        problem(422, 'INSUFFICIENT_FUNDS', { commandId: 'cmd-9', errors: [{ path: 'body.amount', message: 'too much' }] }),
      );
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      const err = await coin.transferCoins(transfer).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CoinProblemError);
      expect(isProblem(err, 'INSUFFICIENT_FUNDS')).toBe(true);
      expect(isProblem(err, 'SELF_TRANSFER')).toBe(false);
      expect(isProblem('SELF_TRANSFER', 'INSUFFICIENT_FUNDS')(err)).toBe(true);
      expect(isProblem(new Error('x'))).toBe(false);
      const p = err as CoinProblemError;
      expect(p.isProblem('INSUFFICIENT_FUNDS')).toBe(true);
      expect({
        status: p.status,
        code: p.code,
        title: p.title,
        detail: p.detail,
        errors: p.errors,
        requestId: p.requestId,
        commandId: p.commandId,
      }).toEqual({
        status: 422,
        code: 'INSUFFICIENT_FUNDS',
        title: 'INSUFFICIENT_FUNDS',
        detail: 'detail of INSUFFICIENT_FUNDS',
        errors: [{ path: 'body.amount', message: 'too much' }],
        requestId: 'req-1',
        commandId: 'cmd-9',
      });
      expect(p.problem.type).toBe('/problems/insufficient_funds');
      expect(p.message).toBe('422 INSUFFICIENT_FUNDS: detail of INSUFFICIENT_FUNDS');
      expect(p.response?.status).toBe(422);
    });

    it('when something in front of the API answers with a non-problem body, then the error says HTTP_<status>', async () => {
      const { fetch } = fakeFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
      const err = (await createCoinClient({ baseUrl: 'http://coin.test', fetch })
        .getMyWallet()
        .catch((e: unknown) => e)) as CoinProblemError;
      expect(err).toBeInstanceOf(CoinProblemError);
      expect(err).toMatchObject({ status: 502, code: 'HTTP_502', title: 'Bad Gateway', detail: '<html>Bad gateway</html>', errors: [] });
    });

    it('when the answer is 204, then the operation resolves to undefined', async () => {
      const { fetch, sent } = fakeFetch(new Response(null, { status: 204 }));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      await expect(coin.revokeApiKey({ path: { id: 'key 1/2' } })).resolves.toBeUndefined();
      expect(sent[0]).toMatchObject({ method: 'DELETE', url: 'http://coin.test/api/admin/api-keys/key%201%2F2' });
    });
  });

  describe('response metadata (lastResponse)', () => {
    const replayedHeaders = { 'x-request-id': 'req-9', 'idempotent-replayed': 'true', 'coin-version': '3.1.0' };

    it('when a money call is answered from its key, then lastResponse says so beside a body that is unchanged for every reader', async () => {
      const { fetch, sent } = fakeFetch(json(201, transferred, replayedHeaders));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      const result = await coin.transferCoins({ ...transfer, idempotencyKey: 'order-42' });
      expect(result.lastResponse).toEqual({
        status: 201,
        headers: expect.any(Headers),
        requestId: 'req-9',
        idempotencyKey: 'order-42',
        idempotentReplayed: true,
        coinVersion: '3.1.0',
        deprecation: undefined,
        sunset: undefined,
      });
      expect(result.lastResponse?.headers.get('content-type')).toBe('application/json');
      expect(sent[0]!.headers['idempotency-key']).toBe('order-42');
      // Not enumerable: the body reads as the API sent it.
      expect(result).toEqual(transferred);
      expect(JSON.stringify(result)).toBe(JSON.stringify(transferred));
      expect(Object.keys(result)).toEqual(['transaction', 'wallet']);
      expect('lastResponse' in { ...result }).toBe(false);
      expect(result.transaction.id).toBe(7);
    });

    it('when a call was retried, then lastResponse is the answer returned, with the key every attempt sent; a first answer is not replayed', async () => {
      const { fetch, sent } = fakeFetch(problem(503, 'UNAVAILABLE'), json(201, transferred, { 'x-request-id': 'req-2' }));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch, retry: noWait });
      const { lastResponse } = await coin.transferCoins(transfer);
      expect(lastResponse).toMatchObject({ status: 201, requestId: 'req-2', idempotentReplayed: false, coinVersion: undefined });
      expect(lastResponse?.idempotencyKey).toBe(sent[1]!.headers['idempotency-key']);
      expect(lastResponse?.idempotencyKey).toMatch(uuid);
    });

    it('when a deprecated operation answers, then its Deprecation and Sunset headers are in lastResponse; a call without a key has none', async () => {
      const deprecated = { deprecation: '@1767225600', sunset: 'Wed, 01 Apr 2026 00:00:00 GMT', 'coin-version': '3.0.0' };
      const { fetch } = fakeFetch(json(200, { userId: 1, balance: 8 }, deprecated));
      const wallet = await createCoinClient({ baseUrl: 'http://coin.test', fetch }).getMyWallet();
      expect(wallet.lastResponse).toMatchObject({
        status: 200,
        deprecation: '@1767225600',
        sunset: 'Wed, 01 Apr 2026 00:00:00 GMT',
        coinVersion: '3.0.0',
        idempotencyKey: undefined,
        idempotentReplayed: false,
      });
    });

    it('when a keyed call is answered with a problem, then the error has the same metadata as lastResponse', async () => {
      const { fetch } = fakeFetch(problem(422, 'INSUFFICIENT_FUNDS', {}, replayedHeaders));
      const err = (await createCoinClient({ baseUrl: 'http://coin.test', fetch })
        .transferCoins({ ...transfer, idempotencyKey: 'k-1' })
        .catch((e: unknown) => e)) as CoinProblemError;
      expect(err.lastResponse).toMatchObject({ status: 422, requestId: 'req-9', idempotencyKey: 'k-1', idempotentReplayed: true });
    });

    it('then each page of pages() carries its own lastResponse, and paginate() yields the items alone', async () => {
      const { fetch } = fakeFetch(
        json(200, { holds: [{ id: 'h1' }], hasMore: true, nextCursor: 'c1' }, { 'x-request-id': 'p1' }),
        json(200, { holds: [{ id: 'h2' }], hasMore: false, nextCursor: null }, { 'x-request-id': 'p2' }),
      );
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      const ids: Array<string | undefined> = [];
      for await (const page of pages(coin.listHolds, { query: { limit: 1 } })) ids.push(page.lastResponse?.requestId);
      expect(ids).toEqual(['p1', 'p2']);
    });
  });

  describe('pinned version', () => {
    it('when a version is configured, then every request sends it as Coin-Version; a call may send its own; unset, none is sent', async () => {
      const { fetch, sent } = fakeFetch(json(200, { balance: 0 }));
      const pinned = createCoinClient({ baseUrl: 'http://coin.test', version: '3.0.0', fetch });
      await pinned.getMyWallet();
      await pinned.getMyWallet({ headers: { 'coin-version': '9.9.9' } });
      await createCoinClient({ baseUrl: 'http://coin.test', fetch }).getMyWallet();
      expect(sent.map((s) => s.headers['coin-version'])).toEqual(['3.0.0', '9.9.9', undefined]);
    });
  });

  describe('authentication', () => {
    it('when a token string and an API key are given, then each request has Authorization: Bearer and x-api-key', async () => {
      const { fetch, sent } = fakeFetch(json(201, transferred));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', accessToken: 'tok', apiKey: 'ck_abc', fetch });
      await coin.mintCoins({ body: { userId: 1, amount: 1, reason: 'r' } });
      expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer tok', 'x-api-key': 'ck_abc', 'content-type': 'application/json' });
    });

    it('when the token is a function, then it is asked before every request (so a refreshed token is used)', async () => {
      const { fetch, sent } = fakeFetch(json(200, { balance: 0 }));
      let n = 0;
      const coin = createCoinClient({
        baseUrl: 'http://coin.test',
        accessToken: async () => {
          n += 1;
          return `tok-${n}`;
        },
        fetch,
      });
      await coin.getMyWallet();
      await coin.getMyWallet();
      expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    });

    it('when no credentials are given, then no Authorization or x-api-key is sent; a call may bring its own', async () => {
      const { fetch, sent } = fakeFetch(json(200, {}));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
      await coin.getMyWallet();
      await coin.getMyWallet({ headers: { authorization: 'Bearer other' } });
      expect(sent[0]!.headers).not.toHaveProperty('authorization');
      expect(sent[0]!.headers).not.toHaveProperty('x-api-key');
      expect(sent[1]!.headers.authorization).toBe('Bearer other');
    });

    it('then query parameters and path parameters go where the document says', async () => {
      const { fetch, sent } = fakeFetch(json(200, {}));
      const coin = createCoinClient({ baseUrl: 'http://coin.test', accessToken: 't', fetch });
      await coin.listMyTransactions({ query: { limit: '5', offset: '10' } });
      await coin.getCommandStatus('k-1');
      await coin.getUser({ path: { id: '12' } });
      expect(sent.map((s) => s.url)).toEqual([
        'http://coin.test/api/wallets/me/transactions?limit=5&offset=10',
        'http://coin.test/api/commands/k-1',
        'http://coin.test/api/admin/users/12',
      ]);
    });
  });
});
