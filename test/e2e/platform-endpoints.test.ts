import { randomUUID } from 'node:crypto';
import { createRedis } from '@coin/redis';
import { uuidV5 } from '@coin/security';
import { startTestStack, type TestStack } from '../harness/stack';
import { CoinProblemError } from '@coin/client';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor } from '../harness/admin';

/** The endpoints platforms expect (one transaction, a command's fate, problem pages). */
describe('endpoints platforms expect', () => {
  let stack: TestStack;
  let superadmin: string;
  let apiKey: string;
  /** Well-formed calls go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  /** A mint through the client's raw `api`: its exact status (201) is asserted. */
  const mint = async (userId: number, amount: number) => {
    const { data, response } = await apiClient(stack.gatewayUrl, { accessToken: superadmin, apiKey }).api.POST('/api/admin/mint', {
      body: { userId, amount, reason: 'seed' },
    });
    return { status: response.status, body: data as Extract<typeof data, { transaction: unknown }> };
  };
  /** The problem a call was answered with (fails the test when it succeeded). */
  const problemOf = (call: Promise<unknown>) =>
    call.then(
      (data) => {
        throw new Error(`expected a problem, got ${JSON.stringify(data)}`);
      },
      (err: unknown) => {
        if (err instanceof CoinProblemError) return err;
        throw err;
      },
    );
  const readTransaction = (token: string, id: number) =>
    as(token).api.GET('/api/coins/transactions/{id}', { params: { path: { id: String(id) } } });

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, superadmin, ['mint']);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  describe('GET /api/coins/transactions/{id}', () => {
    it('when the sender, the receiver and an ADMIN read a transfer by id right after its 201, then each gets the same transaction', async () => {
      const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
      const admin = await adminSession(stack, 'ADMIN');
      expect((await mint(sender.userId, 10)).status).toBe(201);
      const sent = await as(sender.accessToken).api.POST('/api/coins/transfer', {
        body: { toUserId: receiver.userId, amount: 2.5, reason: 'lunch' },
      });
      expect(sent.response.status).toBe(201);
      const id = sent.data!.transaction.id;
      for (const token of [sender.accessToken, receiver.accessToken, admin.accessToken]) {
        const read = await readTransaction(token, id);
        expect(read.response.status).toBe(200);
        expect(read.data).toEqual(sent.data!.transaction);
        expect(read.data).toMatchObject({ id, type: 'TRANSFER', amount: 2.5, fromUserId: sender.userId, toUserId: receiver.userId });
      }
    });

    it('when a user who is not a party, or a DEVELOPER, reads it, then 404 TRANSACTION_NOT_FOUND exactly as for an id that does not exist', async () => {
      const owner = await registerUser(stack.gatewayUrl);
      const stranger = await registerUser(stack.gatewayUrl);
      const developer = await adminSession(stack, 'DEVELOPER');
      const minted = await mint(owner.userId, 3);
      expect(minted.status).toBe(201);
      const id = minted.body.transaction.id;
      const missingId = 9_007_199_254_740_991;
      const missing = await problemOf(as(stranger.accessToken).getTransaction({ path: { id: String(missingId) } }));
      expect(missing.status).toBe(404);
      expect(missing.response?.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(missing.code).toBe('TRANSACTION_NOT_FOUND');
      for (const token of [stranger.accessToken, developer.accessToken]) {
        const read = await problemOf(as(token).getTransaction({ path: { id: String(id) } }));
        expect(read.status).toBe(404);
        expect(read.response?.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        // The problems as the API sent them.
        expect({ ...read.problem, requestId: '' }).toEqual({
          ...missing.problem,
          requestId: '',
          detail: `Transaction ${id} does not exist`,
        });
      }
    });

    it('when the id is not a positive integer within 2^53-1, then 400 VALIDATION_FAILED; without a token, 401', async () => {
      const user = await registerUser(stack.gatewayUrl);
      for (const bad of ['0', '-1', 'abc', '1.5', '1e3', '0x10', '9007199254740992', '%20%35']) {
        const read = await http(stack.gatewayUrl, 'GET', `/api/coins/transactions/${bad}`, { token: user.accessToken });
        expect({ bad, status: read.status, code: read.body.code }).toEqual({ bad, status: 400, code: 'VALIDATION_FAILED' });
        expect(read.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
      await expect(as().getTransaction({ path: { id: '1' } })).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('GET /api/commands/{idempotencyKey}', () => {
    /** GET /api/commands/{key} through the client's raw `api`: its exact status (200) is asserted. */
    const statusOf = async (token: string, key: string) => {
      const { data, response } = await as(token).api.GET('/api/commands/{idempotencyKey}', { params: { path: { idempotencyKey: key } } });
      return { status: response.status, body: data! };
    };
    type TransferBody = { toUserId: number; amount: number; reason: string };
    const transfer = (token: string, key: string, body: TransferBody) => as(token).transferCoins({ body, idempotencyKey: key });
    // Keys the document forbids go raw.
    const rawStatusOf = (token: string, key: string) =>
      http(stack.gatewayUrl, 'GET', `/api/commands/${encodeURIComponent(key)}`, { token });

    it('when a keyed transfer was answered 201, then its key reads DONE with that status and body, also after the key is reused for another body', async () => {
      const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
      expect((await mint(sender.userId, 10)).status).toBe(201);
      const key = `order 42/${randomUUID()}`;
      const sent = await as(sender.accessToken).api.POST('/api/coins/transfer', {
        body: { toUserId: receiver.userId, amount: 4, reason: 'keyed' },
        headers: { 'idempotency-key': key },
      });
      expect(sent.response.status).toBe(201);
      const done = await statusOf(sender.accessToken, key);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ status: 'DONE', statusCode: 201, body: sent.data, request: 'POST /api/coins/transfer' });

      // The same key with another body is refused, and does not replace the recorded answer.
      await expect(transfer(sender.accessToken, key, { toUserId: receiver.userId, amount: 5, reason: 'keyed' })).rejects.toMatchObject({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
      expect((await statusOf(sender.accessToken, key)).body).toEqual(done.body);
    });

    it("when the client sends a keyed transfer again, then it gets the first answer's body, and lastResponse says it is a replay, with its own request id", async () => {
      const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
      expect((await mint(sender.userId, 10)).status).toBe(201);
      const key = randomUUID();
      const body = { toUserId: receiver.userId, amount: 3, reason: 'sent twice' };
      const first = await transfer(sender.accessToken, key, body);
      const again = await transfer(sender.accessToken, key, body);
      expect(again).toEqual(first);
      const version = expect.stringMatching(/^\d+\.\d+\.\d+$/);
      expect(first.lastResponse).toMatchObject({ status: 201, idempotencyKey: key, idempotentReplayed: false, coinVersion: version });
      expect(again.lastResponse).toMatchObject({ status: 201, idempotencyKey: key, idempotentReplayed: true, coinVersion: version });
      expect([first.lastResponse?.requestId, again.lastResponse?.requestId]).toEqual([expect.any(String), expect.any(String)]);
      expect(again.lastResponse?.requestId).not.toBe(first.lastResponse?.requestId);
    });

    it('when a keyed transfer was refused by the ledger, then its key reads DONE with the 422 problem it got', async () => {
      const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
      const key = randomUUID();
      const refused = await problemOf(transfer(sender.accessToken, key, { toUserId: receiver.userId, amount: 1, reason: 'broke' }));
      expect(refused.status).toBe(422);
      expect(refused.code).toBe('INSUFFICIENT_FUNDS');
      const done = await statusOf(sender.accessToken, key);
      // The problem as the API sent it.
      expect(done.body).toEqual({ status: 'DONE', statusCode: 422, body: refused.problem, request: 'POST /api/coins/transfer' });
    });

    it("when another caller asks for someone's key, or a caller for a key never used, then UNKNOWN: keys are per caller", async () => {
      const [owner, other, receiver] = [
        await registerUser(stack.gatewayUrl),
        await registerUser(stack.gatewayUrl),
        await registerUser(stack.gatewayUrl),
      ];
      expect((await mint(owner.userId, 5)).status).toBe(201);
      const key = randomUUID();
      const mine = await as(owner.accessToken).api.POST('/api/coins/transfer', {
        body: { toUserId: receiver.userId, amount: 1, reason: 'mine' },
        headers: { 'idempotency-key': key },
      });
      expect(mine.response.status).toBe(201);
      expect((await statusOf(owner.accessToken, key)).body.status).toBe('DONE');
      for (const [token, asked] of [
        [other.accessToken, key],
        [superadmin, key],
        [owner.accessToken, randomUUID()],
      ] as const) {
        const read = await statusOf(token, asked);
        expect(read.status).toBe(200);
        expect(read.body).toEqual({ status: 'UNKNOWN' });
      }
    });

    it('when a request with the key is in flight (its lock held), then IN_PROGRESS', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const key = randomUUID();
      const redis = createRedis(stack.redisUrl, `${stack.prefix}gw:`);
      await redis.connect();
      try {
        const commandId = uuidV5(`user:${user.userId}:POST /api/coins/purchase:${key}`);
        await redis.set(`idem:${commandId}`, 'in-flight', 'PX', 10_000);
        expect(await as(user.accessToken).getCommandStatus(key)).toEqual({ status: 'IN_PROGRESS' });
        await redis.del(`idem:${commandId}`);
        expect(await as(user.accessToken).getCommandStatus(key)).toEqual({ status: 'UNKNOWN' });
      } finally {
        redis.disconnect();
      }
    });

    it('when the key is not 1-255 printable ASCII characters, then 400 VALIDATION_FAILED; without a token, 401', async () => {
      const user = await registerUser(stack.gatewayUrl);
      for (const bad of ['a'.repeat(256), 'tab\there', 'caf\u00e9', 'nul\u0000']) {
        const read = await rawStatusOf(user.accessToken, bad);
        expect({ bad, status: read.status, code: read.body.code }).toEqual({ bad, status: 400, code: 'VALIDATION_FAILED' });
        expect(read.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
      await expect(as().getCommandStatus('some-key')).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('problem type URIs resolve: GET /problems/{code}', () => {
    const get = (path: string) => fetch(new URL(path, stack.gatewayUrl));

    it("when a request fails, then its problem type is a path on the gateway, and that page names the code and says what to do, with the API's lock-down headers", async () => {
      const user = await registerUser(stack.gatewayUrl);
      const failed = await problemOf(as(user.accessToken).getTransaction({ path: { id: '9007199254740991' } }));
      expect(failed.status).toBe(404);
      expect(failed.problem.type).toBe('/problems/transaction-not-found');
      // The HTML page (its headers and markup) is read raw.
      const page = await get(new URL(failed.problem.type, `${stack.gatewayUrl}/api/coins/transactions/1`).pathname);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toContain('<code>TRANSACTION_NOT_FOUND</code>, HTTP status 404');
      expect(html).toContain('Transaction not found');
      expect(html).toContain('What to do');
      expect(html).toContain('you are not a party to it');
      expect(html).not.toMatch(/<script|<style|style=/i);
    });

    it('then every code of the catalog has its page, and the index links them all', async () => {
      const index = await get('/problems');
      expect(index.status).toBe(200);
      const links = [...(await index.text()).matchAll(/href="(\/problems\/[a-z-]+)"/g)].map((m) => m[1]!);
      expect(links).toContain('/problems/insufficient-funds');
      expect(links).toContain('/problems/idempotency-key-reused');
      expect(links.length).toBeGreaterThanOrEqual(27);
      for (const link of links) {
        const page = await get(link);
        expect({ link, status: page.status }).toEqual({ link, status: 200 });
        expect(await page.text()).toContain('<h2>What to do</h2>');
      }
    });

    it('when the code is unknown or not in kebab case, then 404 problem+json NOT_FOUND', async () => {
      for (const path of [
        '/problems/no-such-code',
        '/problems/INSUFFICIENT_FUNDS',
        '/problems/insufficient_funds',
        '/problems/%3Cscript%3E',
        '/problems/constructor',
      ]) {
        const page = await http(stack.gatewayUrl, 'GET', path);
        expect({ path, status: page.status, code: page.body?.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
        expect(page.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(page.body.type).toBe('/problems/not-found');
      }
    });
  });

  it('then the OpenAPI document describes the three additions: parameters, security, answers and problem responses', async () => {
    const doc = (await http(stack.gatewayUrl, 'GET', '/openapi.json')).body;
    const tx = doc.paths['/api/coins/transactions/{id}'].get;
    expect(tx.security).toEqual([{ bearerAuth: [] }, { platformClient: [] }]);
    // Every /api operation also takes the Coin-Version header (docs/VERSIONING.md).
    const coinVersion = { $ref: '#/components/parameters/CoinVersion' };
    expect(tx.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true }), coinVersion]);
    expect(Object.keys(tx.responses).sort()).toEqual(['200', '400', '401', '403', '404', '503']);
    // The answer is the named Transaction model (components.schemas).
    expect(tx.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Transaction' });
    expect(Object.keys(doc.components.schemas.Transaction.properties)).toEqual(
      expect.arrayContaining(['id', 'type', 'amount', 'fromUserId', 'toUserId']),
    );
    expect(tx.responses['404'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(doc.components.schemas.Problem.properties).toHaveProperty('requestId');

    const command = doc.paths['/api/commands/{idempotencyKey}'].get;
    expect(command.security).toEqual([{ bearerAuth: [] }, { platformClient: [] }]);
    expect(command.parameters).toEqual([
      expect.objectContaining({
        name: 'idempotencyKey',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ pattern: expect.any(String) }),
      }),
      coinVersion,
    ]);
    expect(Object.keys(command.responses).sort()).toEqual(['200', '400', '401', '403', '409', '503']);
    expect(JSON.stringify(command.responses['200'])).toMatch(/IN_PROGRESS.*DONE.*UNKNOWN/s);

    const page = doc.paths['/problems/{code}'].get;
    expect(page.security).toEqual([]);
    expect(page.responses['200'].content).toHaveProperty('text/html');
    expect(page.responses['404'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
  });
});
