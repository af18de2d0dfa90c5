import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { adminSession, apiKeyFor, platformClientToken, withSecondSuperadmin, type Session } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { apiClient, http, registerUser, type HttpResult } from '../../harness/http';
import { callerSigner, internalHeaders } from '../../harness/service-tokens';
import { startTestStack, type TestStack } from '../../harness/stack';
import { startTcpProxy, type TcpProxy } from '../../harness/tcp-proxy';

/**
 * Every malformed request is a 400, never a 5xx and never a 503 a retry
 * cannot cure. Each case is a real request through the gateway (and, where a service parses the
 * same input, straight to the service's internal API too).
 */

const cursorOf = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

/** Cursors that decode to the right shape, with a time PostgreSQL cannot represent. */
const unrepresentableTimes: Array<[string, string]> = [
  ['the year 0000', '0000-01-01T00:00:00Z'],
  ['an offset of +23:59', '2024-01-01T00:00:00+23:59'],
  ['an offset of -16:00', '2024-01-01T00:00:00-16:00'],
  ['a time before the year 1 by its offset', '0001-01-01T00:00:00+01:00'],
];

/**
 * POSTs `body` with Node's own HTTP client, headers and body handed over in one call (as most
 * clients send them), on a connection of its own; what the client read, or the socket error it
 * saw instead.
 */
function postInOneWrite(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
  agent: 'own' | 'global' = 'own',
): Promise<{ status: number; contentType: string | undefined; code: unknown; connection: string | undefined } | { error: string }> {
  return new Promise((resolve) => {
    const request = httpRequest(new URL(path, baseUrl), {
      method: 'POST',
      ...(agent === 'own' ? { agent: false } : {}),
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    request.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      response.on('end', () => {
        let code: unknown;
        try {
          code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          code,
          connection: response.headers.connection,
        });
      });
    });
    request.end(body);
  });
}

/**
 * The routes whose body limit is below the gateway's 16 KiB: a payout provider's signed callback
 * is at most 4 KiB (docs/CONTRACT.md "Cash-out"). Nested JSON within that is still a 400.
 */
const smallerBodyLimits: Record<string, number> = { 'POST /api/cashouts/callbacks': 4096 };

/** `[[[…]]]` and `{"a":{"a":…}}` `depth` levels deep. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('malformed requests are 400s', () => {
  let stack: TestStack;
  let superadmin: Session;
  let apiKey: string;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let platformToken: string;

  const asAdmin = (headers: Record<string, string> = {}) => ({
    token: superadmin.accessToken,
    headers: { 'x-api-key': apiKey, ...headers },
  });

  function expect413(result: HttpResult, what: string): void {
    expect({ what, status: result.status, contentType: result.headers.get('content-type'), code: result.body?.code }).toEqual({
      what,
      status: 413,
      contentType: expect.stringMatching(/^application\/problem\+json/),
      code: 'PAYLOAD_TOO_LARGE',
    });
  }

  function expect400(result: HttpResult, what: string): void {
    expect({ what, status: result.status, contentType: result.headers.get('content-type'), code: result.body?.code }).toEqual({
      what,
      status: 400,
      contentType: expect.stringMatching(/^application\/problem\+json/),
      code: expect.stringMatching(/^(VALIDATION_FAILED|MALFORMED_JSON)$/),
    });
  }

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    user = await registerUser(stack.gatewayUrl);
    platformToken = await platformClientToken(stack, 'malformed-input-shop', { treasuries: ['REWARDS'] });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  describe('opaque cursors that decode but that PostgreSQL cannot take', () => {
    it.each(unrepresentableTimes)(
      'when a history cursor carries %s, then 400 at the gateway and at the history service',
      async (_name, t) => {
        // Each list's own cursor (`k`), so that only the time is wrong.
        const cursor = (k: string) => cursorOf({ v: 2, k, t, i: 1 });
        expect400(
          await http(stack.gatewayUrl, 'GET', `/api/coins/history?cursor=${cursor('user-transactions')}`, { token: user.accessToken }),
          'my history',
        );
        expect400(
          await http(stack.gatewayUrl, 'GET', `/api/admin/transactions?cursor=${cursor('transactions')}`, asAdmin()),
          'admin search',
        );
        const headers = await internalHeaders(callerSigner(stack.env.gateway), 'history');
        expect400(
          await http(stack.historyUrl, 'GET', `/internal/transactions?cursor=${cursor('transactions')}`, { headers }),
          'internal search',
        );
      },
    );

    it.each([
      ['an id past 2^63−1', (k: string) => cursorOf({ v: 2, k, t: '2024-01-01T00:00:00.000000Z', i: 2 ** 63 })],
      ['a negative id', (k: string) => cursorOf({ v: 2, k, t: '2024-01-01T00:00:00.000000Z', i: -1 })],
      ['an array', () => cursorOf([1, 2])],
      ['a seq past 2^63−1 (audit)', (k: string) => cursorOf({ v: 2, k, s: 2 ** 63 })],
      ['a negative seq (audit)', (k: string) => cursorOf({ v: 2, k, s: -5 })],
      ['a cursor of the version before lists were named', () => cursorOf({ v: 1, t: '2024-01-01T00:00:00.000000Z', i: 1 })],
      ['not JSON', () => Buffer.from('not json').toString('base64url')],
    ])('when a cursor is %s, then 400 on every cursor read', async (_name, cursor) => {
      expect400(
        await http(stack.gatewayUrl, 'GET', `/api/coins/history?cursor=${cursor('user-transactions')}`, { token: user.accessToken }),
        'my history',
      );
      expect400(await http(stack.gatewayUrl, 'GET', `/api/admin/transactions?cursor=${cursor('transactions')}`, asAdmin()), 'admin search');
      expect400(await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log?cursor=${cursor('audit-log')}`, asAdmin()), 'audit log');
    });
  });

  describe('deeply nested JSON within the body size limit', () => {
    it.each([
      ['arrays, 33 deep', nestedArrays(33)],
      ['arrays, 2,000 deep (4,000 bytes: within every limit)', nestedArrays(2_000)],
      ['arrays, 3,000 deep', nestedArrays(3_000)],
      ['arrays, 8,000 deep (16,000 bytes)', nestedArrays(8_000)],
      ['objects, 2,700 deep', nestedObjects(2_700)],
    ])('when the body is %s, then every gateway route that takes a body answers 400', async (_name, raw) => {
      const doc = (await http(stack.gatewayUrl, 'GET', '/openapi.json')).body as {
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      };
      const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'f47ac10b-58cc-4372-a567-0e02b2c3d479')] as const),
      );
      expect(routes.length).toBeGreaterThan(20);
      // A platform client's own routes (its webhook endpoints, its mandates, the sandbox, a payout
      // provider's callback) admit a SYSTEM token only: read from the gateway's route table, so a
      // route added later is called by a caller it admits, and the body is what is judged.
      const platformOnly = new Set(
        stack.gatewayRoutes
          .filter((r) => r.access === 'platform')
          .map((r) => `${r.method} ${r.url.replace(/:\w+/g, 'f47ac10b-58cc-4372-a567-0e02b2c3d479')}`),
      );
      expect(platformOnly.size).toBeGreaterThan(0);
      for (const [method, path] of routes) {
        const concrete = /\/users\/f47ac10b/.test(path) ? path.replace('f47ac10b-58cc-4372-a567-0e02b2c3d479', String(user.userId)) : path;
        const headers = { 'content-type': 'application/json', 'idempotency-key': `deep-${method}-${concrete}` };
        const caller = platformOnly.has(`${method} ${path}`) ? { token: platformToken, headers } : asAdmin(headers);
        const result = await http(stack.gatewayUrl, method, concrete, { ...caller, rawBody: raw });
        // A body over a route's own, smaller limit is refused for its size before it is parsed.
        const limit = smallerBodyLimits[`${method} ${path}`];
        if (limit !== undefined && Buffer.byteLength(raw) > limit) expect413(result, `${method} ${concrete}`);
        else expect400(result, `${method} ${concrete}`);
      }
    });

    // The user service is the one with internal routes that take a body (the ledger's and the
    // history's are reads); its body limit is 64 KiB.
    it.each([
      '/internal/auth/login',
      '/internal/auth/refresh',
      '/internal/auth/logout',
      '/internal/auth/token',
      '/internal/api-keys/lookup',
      '/internal/sessions',
    ])('when the user service route %s is sent 30,000 nested arrays (60 KB), then 400', async (path) => {
      const headers = { ...(await internalHeaders(callerSigner(stack.env.gateway), 'user')), 'content-type': 'application/json' };
      expect400(await http(stack.userUrl, 'POST', path, { headers, rawBody: nestedArrays(30_000) }), path);
      expect400(await http(stack.userUrl, 'POST', path, { headers, rawBody: `{"email":${nestedArrays(30_000)}}` }), path);
    });
  });

  describe('UUIDs in any letter case (RFC 9562: case-insensitive on input)', () => {
    it('when a hold is captured by its id in upper case, then it is the same hold: 201', async () => {
      const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey });
      await admin.mintCoins({ body: { userId: user.userId, amount: 50, reason: 'seed' }, idempotencyKey: `seed-${user.userId}` });
      const { hold } = await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).createHold({
        body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'upper' },
      });
      const captured = await http(stack.gatewayUrl, 'POST', `/api/coins/holds/${hold.id.toUpperCase()}/capture`, {
        ...asAdmin(),
        body: {},
      });
      expect([captured.status, captured.body.hold?.id, captured.body.hold?.status]).toEqual([201, hold.id, 'CAPTURED']);
    });

    it('when a hold is voided by its id in mixed case, then it is the same hold: 200', async () => {
      const { hold } = await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).createHold({
        body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'mixed' },
      });
      const mixed = hold.id.replace(/[a-f]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c));
      const voided = await http(stack.gatewayUrl, 'POST', `/api/coins/holds/${mixed}/void`, asAdmin());
      expect([voided.status, voided.body.hold?.id, voided.body.hold?.status]).toEqual([200, hold.id, 'VOIDED']);
    });

    it('when an approval is approved by its id in upper case, then it is applied', async () => {
      const maker = await adminSession(stack, 'ADMIN');
      const makerKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], maker);
      const mint = await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
        token: maker.accessToken,
        headers: { 'x-api-key': makerKey },
        body: { userId: user.userId, amount: 10_000, reason: 'four eyes' },
      });
      expect(mint.status).toBe(202);
      const id: string = mint.body.approval.id;
      const approved = await http(stack.gatewayUrl, 'POST', `/api/admin/approvals/${id.toUpperCase()}/approve`, asAdmin());
      expect([approved.status, approved.body.approval?.id, approved.body.approval?.status]).toEqual([201, id, 'APPROVED']);
    });

    it('when an API key is revoked by its id in upper case, then that key stops working', async () => {
      const asked = await withSecondSuperadmin(stack, superadmin.accessToken, () =>
        apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).createApiKey({
          body: { name: 'upper case', scopes: ['mint'] },
        }),
      );
      const id = (asked.grantRequest.act as { apiKeyId: string }).apiKeyId;
      const revoked = await http(stack.gatewayUrl, 'DELETE', `/api/admin/api-keys/${id.toUpperCase()}`, {
        token: superadmin.accessToken,
      });
      expect(revoked.status).toBe(204);
      const listed = await http(stack.gatewayUrl, 'GET', '/api/admin/api-keys', { token: superadmin.accessToken });
      expect(listed.body.apiKeys.find((k: { id: string }) => k.id === id)?.revokedAt).toEqual(expect.any(String));
    });
  });

  describe('webhook endpoint URLs with control characters: 400, nothing stored', () => {
    const controls: Array<[string, string]> = [
      ['U+0000', 'https://hooks.example.com/a\u0000b'],
      ['CR LF (a header injected into the URL)', 'https://hooks.example.com/a\r\nX-Injected: 1'],
      ['LF', 'https://hooks.example.com/a\nb'],
      ['ESC (a terminal escape)', 'https://hooks.example.com/\u001b[31mred'],
      ['TAB', 'https://hooks.example.com/a\tb'],
      ['DEL', 'https://hooks.example.com/a\u007fb'],
      ['U+0085 (next line)', 'https://hooks.example.com/a\u0085b'],
      ['a lone surrogate', 'https://hooks.example.com/a\ud800b'],
    ];

    it.each(controls)('when a platform client registers a URL holding %s, then 400 and the endpoint is not stored', async (_name, url) => {
      const answer = await http(stack.gatewayUrl, 'POST', '/api/webhooks/endpoints', {
        token: platformToken,
        headers: { 'idempotency-key': randomUUID() },
        body: { url, eventTypes: ['coin.transaction.recorded'] },
      });
      expect400(answer, url);
      expect(answer.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.url' })]));
      const listed = await http(stack.gatewayUrl, 'GET', '/api/webhooks/endpoints', { token: platformToken });
      expect(listed.status).toBe(200);
      expect((listed.body.endpoints as Array<{ url: string }>).filter((e) => e.url === url)).toEqual([]);
    });

    it('when the webhooks service is sent such a URL directly (the gateway bypassed), then it refuses it with 400 too', async () => {
      const headers = { ...(await internalHeaders(callerSigner(stack.env.gateway), 'webhooks')), 'content-type': 'application/json' };
      for (const [name, url] of controls) {
        const answer = await http(stack.webhooksUrl, 'POST', '/internal/webhooks/endpoints', {
          headers,
          body: { id: randomUUID(), clientId: 'pc_malformed', treasuries: [], url, eventTypes: ['coin.transaction.recorded'] },
        });
        expect400(answer, `internal ${name}`);
      }
    });
  });

  describe('cursors are typed per list: a cursor of another list is a 400 CURSOR_MISMATCH, never an empty page', () => {
    let payer: Awaited<ReturnType<typeof registerUser>>;
    const period = 'from=2000-01-01T00:00:00Z&to=2000-12-31T00:00:00Z';
    const today = () => {
      const from = new Date(Date.now() - 3_600_000).toISOString();
      const to = new Date(Date.now() + 3_600_000).toISOString();
      return `from=${from}&to=${to}`;
    };
    const expectMismatch = (result: HttpResult, what: string) =>
      expect({ what, status: result.status, code: result.body?.code }).toEqual({ what, status: 400, code: 'CURSOR_MISMATCH' });

    beforeAll(async () => {
      payer = await registerUser(stack.gatewayUrl);
      const admin = apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey });
      for (const n of [1, 2, 3]) {
        await admin.mintCoins({
          body: { userId: payer.userId, amount: n, reason: `cursor ${n}` },
          idempotencyKey: `cursor-${payer.userId}-${n}`,
        });
      }
      await eventually(async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/coins/history?limit=10', { token: payer.accessToken });
        return page.body.transactions?.length === 3 ? true : undefined;
      });
    });

    it("when the history's cursor is given to the statement route, then 400 CURSOR_MISMATCH, not a silently empty statement", async () => {
      const history = await http(stack.gatewayUrl, 'GET', '/api/coins/history?limit=1', { token: payer.accessToken });
      expect(history.body.hasMore).toBe(true);
      const cursor = history.body.nextCursor as string;
      for (const range of [today(), period]) {
        expectMismatch(
          await http(stack.gatewayUrl, 'GET', `/api/wallets/me/statement?${range}&cursor=${cursor}`, { token: payer.accessToken }),
          `statement ${range}`,
        );
      }
      expectMismatch(
        await http(stack.gatewayUrl, 'GET', `/api/admin/users/${payer.userId}/statement?${today()}&cursor=${cursor}`, asAdmin()),
        'admin statement',
      );
      expectMismatch(await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log?cursor=${cursor}`, asAdmin()), 'audit log');
    });

    it("when a statement's cursor is given to the history, or to another party's or period's statement, then 400 CURSOR_MISMATCH", async () => {
      const range = today();
      const first = await http(stack.gatewayUrl, 'GET', `/api/wallets/me/statement?${range}&limit=1`, { token: payer.accessToken });
      expect([first.status, first.body.hasMore]).toEqual([200, true]);
      const cursor = first.body.nextCursor as string;
      // The same statement's next page works.
      const second = await http(stack.gatewayUrl, 'GET', `/api/wallets/me/statement?${range}&limit=1&cursor=${cursor}`, {
        token: payer.accessToken,
      });
      expect([second.status, second.body.lines?.length]).toEqual([200, 1]);
      expectMismatch(await http(stack.gatewayUrl, 'GET', `/api/coins/history?cursor=${cursor}`, { token: payer.accessToken }), 'history');
      expectMismatch(await http(stack.gatewayUrl, 'GET', `/api/admin/transactions?cursor=${cursor}`, asAdmin()), 'admin search');
      expectMismatch(
        await http(stack.gatewayUrl, 'GET', `/api/admin/treasuries/REWARDS/statement?${range}&cursor=${cursor}`, asAdmin()),
        "another party's statement",
      );
      expectMismatch(
        await http(stack.gatewayUrl, 'GET', `/api/wallets/me/statement?${period}&cursor=${cursor}`, { token: payer.accessToken }),
        'another period',
      );
    });

    it("when one offset list's cursor is given to another offset list, then 400 CURSOR_MISMATCH", async () => {
      const page = await http(stack.gatewayUrl, 'GET', '/api/wallets/me/transactions?limit=1', { token: payer.accessToken });
      expect(page.body.hasMore).toBe(true);
      const cursor = page.body.nextCursor as string;
      expectMismatch(
        await http(stack.gatewayUrl, 'GET', `/api/wallets/me/holds?cursor=${cursor}`, { token: payer.accessToken }),
        'my holds',
      );
      expectMismatch(await http(stack.gatewayUrl, 'GET', `/api/admin/approvals?cursor=${cursor}`, asAdmin()), 'approvals');
      const next = await http(stack.gatewayUrl, 'GET', `/api/wallets/me/transactions?limit=1&cursor=${cursor}`, {
        token: payer.accessToken,
      });
      expect([next.status, next.body.transactions?.length]).toEqual([200, 1]);
    });

    it("when the audit log's cursor is given to the services' actions, then 400 CURSOR_MISMATCH", async () => {
      const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?limit=1', asAdmin());
      expect(page.body.hasMore).toBe(true);
      expectMismatch(
        await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?cursor=${page.body.nextCursor}`, asAdmin()),
        'service actions',
      );
    });
  });

  describe('a balance monitor of a user who does not exist', () => {
    it('when an ADMIN creates a monitor for a user id that names nobody, then 404 USER_NOT_FOUND and no monitor is stored', async () => {
      const admin = await adminSession(stack, 'ADMIN');
      const nobody = 2_000_000_000 + Math.floor(Math.random() * 1_000_000);
      const answer = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
        token: admin.accessToken,
        headers: { 'idempotency-key': randomUUID() },
        body: { wallet: { userId: nobody }, threshold: 10, direction: 'down' },
      });
      expect([answer.status, answer.body.code, answer.headers.get('content-type')]).toEqual([
        404,
        'USER_NOT_FOUND',
        expect.stringMatching(/^application\/problem\+json/),
      ]);
      const listed = await http(stack.gatewayUrl, 'GET', '/api/admin/balance-monitors', { token: admin.accessToken });
      expect(listed.status).toBe(200);
      expect((listed.body.monitors as Array<{ wallet: { userId: number | null } }>).filter((m) => m.wallet.userId === nobody)).toEqual([]);
      // A user who exists is watched as before.
      const created = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
        token: admin.accessToken,
        headers: { 'idempotency-key': randomUUID() },
        body: { wallet: { userId: user.userId }, threshold: 10, direction: 'down' },
      });
      expect([created.status, created.body.wallet?.userId]).toEqual([201, user.userId]);
    });
  });

  describe('a body over the size limit: the client reads its 413 (RFC 9112 9.6: a graceful close)', () => {
    const tries = 20;
    const expected = {
      status: 413,
      contentType: expect.stringMatching(/^application\/problem\+json/),
      code: 'PAYLOAD_TOO_LARGE',
      connection: 'close',
    };
    /** The gateway behind a TCP forwarder, as behind a load balancer, an ingress or a container port. */
    let forwarder: TcpProxy;
    const viaForwarder = () => `http://127.0.0.1:${forwarder.port}`;

    beforeAll(async () => {
      const gateway = new URL(stack.gatewayUrl);
      forwarder = await startTcpProxy({ host: gateway.hostname, port: Number(gateway.port) });
    });
    afterAll(async () => {
      await forwarder?.close();
    });

    it.each([
      ['20 KiB', 20 * 1024, 'own'],
      ['1 MiB', 1024 * 1024, 'own'],
      ['3 MiB', 3 * 1024 * 1024, 'own'],
      ['3 MiB (a keep-alive agent)', 3 * 1024 * 1024, 'global'],
    ] as const)(
      `when Node's HTTP client sends a %s login body in one write, ${tries} times, directly and through a TCP forwarder, then every try reads 413 problem+json, none a reset`,
      async (_name, bytes, agent) => {
        const body = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(bytes) });
        const answers = [];
        for (let i = 0; i < tries; i += 1) answers.push(await postInOneWrite(stack.gatewayUrl, '/api/auth/login', body, {}, agent));
        for (let i = 0; i < tries; i += 1) answers.push(await postInOneWrite(viaForwarder(), '/api/auth/login', body, {}, agent));
        expect(answers).toEqual(Array(2 * tries).fill(expected));
      },
      60_000,
    );

    it(`when a signed-in user sends a 1 MiB transfer body in one write through a TCP forwarder, ${tries} times, then every try reads 413 problem+json, none a reset`, async () => {
      const body = JSON.stringify({ toUserId: user.userId, amount: 1, reason: 'r'.repeat(1024 * 1024) });
      const answers = [];
      for (let i = 0; i < tries; i += 1) {
        answers.push(
          await postInOneWrite(viaForwarder(), '/api/coins/transfer', body, {
            authorization: `Bearer ${user.accessToken}`,
            'idempotency-key': randomUUID(),
          }),
        );
      }
      expect(answers).toEqual(Array(tries).fill(expected));
    }, 60_000);
  });
});
