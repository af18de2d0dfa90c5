import { adminSession, apiKeyFor, platformClientToken, withSecondSuperadmin, type Session } from '../../harness/admin';
import { apiClient, http, registerUser, type HttpResult } from '../../harness/http';
import { callerSigner, internalHeaders } from '../../harness/service-tokens';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * Issue 30, item 4: every malformed request is a 400, never a 5xx and never a 503 a retry
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

/** `[[[…]]]` and `{"a":{"a":…}}` `depth` levels deep. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('malformed requests are 400s (issue 30 item 4)', () => {
  let stack: TestStack;
  let superadmin: Session;
  let apiKey: string;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let platformToken: string;

  const asAdmin = (headers: Record<string, string> = {}) => ({
    token: superadmin.accessToken,
    headers: { 'x-api-key': apiKey, ...headers },
  });

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
        const cursor = cursorOf({ v: 1, t, i: 1 });
        expect400(await http(stack.gatewayUrl, 'GET', `/api/coins/history?cursor=${cursor}`, { token: user.accessToken }), 'my history');
        expect400(await http(stack.gatewayUrl, 'GET', `/api/admin/transactions?cursor=${cursor}`, asAdmin()), 'admin search');
        const headers = await internalHeaders(callerSigner(stack.env.gateway), 'history');
        expect400(await http(stack.historyUrl, 'GET', `/internal/transactions?cursor=${cursor}`, { headers }), 'internal search');
      },
    );

    it.each([
      ['an id past 2^63−1', cursorOf({ v: 1, t: '2024-01-01T00:00:00Z', i: 2 ** 63 })],
      ['a negative id', cursorOf({ v: 1, t: '2024-01-01T00:00:00Z', i: -1 })],
      ['an array', cursorOf([1, 2])],
      ['a seq past 2^63−1 (audit)', cursorOf({ v: 1, s: 2 ** 63 })],
      ['a negative seq (audit)', cursorOf({ v: 1, s: -5 })],
      ['not JSON', Buffer.from('not json').toString('base64url')],
    ])('when a cursor is %s, then 400 on every cursor read', async (_name, cursor) => {
      expect400(await http(stack.gatewayUrl, 'GET', `/api/coins/history?cursor=${cursor}`, { token: user.accessToken }), 'my history');
      expect400(await http(stack.gatewayUrl, 'GET', `/api/admin/transactions?cursor=${cursor}`, asAdmin()), 'admin search');
      expect400(await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log?cursor=${cursor}`, asAdmin()), 'audit log');
    });
  });

  describe('deeply nested JSON within the body size limit', () => {
    it.each([
      ['arrays, 33 deep', nestedArrays(33)],
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
      for (const [method, path] of routes) {
        const concrete = /\/users\/f47ac10b/.test(path) ? path.replace('f47ac10b-58cc-4372-a567-0e02b2c3d479', String(user.userId)) : path;
        const headers = { 'content-type': 'application/json', 'idempotency-key': `deep-${method}-${concrete}` };
        // A platform client's own routes (its webhook endpoints) admit its SYSTEM token only.
        const caller = concrete.startsWith('/api/webhooks/') ? { token: platformToken, headers } : asAdmin(headers);
        const result = await http(stack.gatewayUrl, method, concrete, { ...caller, rawBody: raw });
        expect400(result, `${method} ${concrete}`);
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
      const mint = await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
        token: maker.accessToken,
        headers: { 'x-api-key': apiKey },
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
});
