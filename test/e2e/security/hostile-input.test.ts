import { stateSnapshotter, type StateSnapshotter } from '../../../scripts/fuzz/state-snapshot';
import { adminSession, apiKeyFor, type Session } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { http, registerUser, uniqueEmail, type HttpResult } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';
import { callerSigner, internalHeaders } from '../../harness/service-tokens';

/**
 * Input PostgreSQL or the ledger cannot take never passes the edge. Every
 * case is a real request through the gateway that must be refused with 400 naming the field,
 * and leave every table of the user and ledger schemas exactly as it was. Before the fix, the
 * NUL in a name, reason, reference or key name reached PostgreSQL (and stalled a partition),
 * ids above 2^53−1 were accepted, and amounts were judged on String(number), not the JSON text.
 */

/** Text no field may carry: NUL, other C0 controls, DEL, C1 controls, lone surrogates. */
const hostileText: Array<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['ESC (an ANSI colour sequence)', '\u001b[31mred'],
  ['BEL', 'ding\u0007'],
  ['DEL', 'a\u007fb'],
  ['C1 NEL', 'a\u0085b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udc00b'],
  ['a reversed surrogate pair', '\udc00\ud800'],
];
/** Line breaks and tabs: fine in free text (a reason), refused in single-line fields. */
const lineBreaks: Array<[string, string]> = [
  ['LF', 'a\nb'],
  ['CR', 'a\rb'],
  ['TAB', 'a\tb'],
];

describe('hostile input is refused at the edge', () => {
  let stack: TestStack;
  let snapshots: StateSnapshotter;
  let superadmin: Session;
  let apiKey: string;
  let payer: Awaited<ReturnType<typeof registerUser>>;
  let payee: Awaited<ReturnType<typeof registerUser>>;
  let purchaseId: number;

  const asAdmin = () => ({ token: superadmin.accessToken, headers: { 'x-api-key': apiKey } });
  const balanceOf = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).body.balance as number;
  /** Waits for a credit leg (applied on the payee's partition after the 201), so the next snapshot is stable. */
  const creditedAtLeast = (token: string, coins: number) =>
    eventually(async () => Math.round((await balanceOf(token)) * 100) >= Math.round(coins * 100), 10_000, 'the credit leg');

  beforeAll(async () => {
    stack = await startTestStack({
      ownStack: "snapshots the users' and the ledger's schemas whole (hostile input changes nothing) and reads COURSE_FEES' balance",
    });
    snapshots = stateSnapshotter(stack.databaseUrl, [`${stack.prefix}users`, `${stack.prefix}ledger`]);
    superadmin = await adminSession(stack, 'SUPERADMIN');
    apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    [payer, payee] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    const minted = await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
      ...asAdmin(),
      body: { userId: payer.userId, amount: 100, reason: 'seed' },
    });
    expect(minted.status).toBe(201);
    const purchase = await http(stack.gatewayUrl, 'POST', '/api/coins/purchase', {
      token: payer.accessToken,
      body: { treasury: 'COURSE_FEES', amount: 10, reason: 'course' },
    });
    expect(purchase.status).toBe(201);
    purchaseId = purchase.body.transaction.id;
    // The purchase's credit to the treasury lands after its 201: wait, so snapshots start still.
    await eventually(
      async () => {
        const treasuries = await http(stack.gatewayUrl, 'GET', '/api/admin/treasuries', { token: superadmin.accessToken });
        return treasuries.body.treasuries?.find((t: { code: string }) => t.code === 'COURSE_FEES')?.balance === 10;
      },
      10_000,
      'the purchase credit',
    );
  }, 90_000);
  afterAll(async () => {
    await snapshots?.close();
    await stack?.close();
  });

  function expectRefused(result: HttpResult, field: string, code = 'VALIDATION_FAILED'): void {
    expect({ status: result.status, contentType: result.headers.get('content-type'), code: result.body?.code }).toEqual({
      status: 400,
      contentType: expect.stringMatching(/^application\/problem\+json/),
      code,
    });
    if (code === 'VALIDATION_FAILED') expect(result.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  }

  /** Sends the request and checks it is refused naming `field`, with no table changed. */
  async function refusedWithoutEffect(send: () => Promise<HttpResult>, field: string, code?: string): Promise<void> {
    const before = await snapshots.snapshot();
    expectRefused(await send(), field, code);
    expect(await snapshots.snapshot()).toBe(before);
  }

  const post = (path: string, body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
    http(stack.gatewayUrl, 'POST', path, { ...options, body });
  const postRaw = (path: string, rawBody: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    http(stack.gatewayUrl, 'POST', path, {
      ...options,
      rawBody,
      headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    });

  describe('text fields: controls and lone surrogates', () => {
    it.each([...hostileText, ...lineBreaks])(
      'when a registration has %s in fullName, then 400 naming body.fullName and no user is created',
      async (_name, text) => {
        const email = uniqueEmail('hostile');
        await refusedWithoutEffect(
          () => post('/api/auth/register', { email, password: 'a good password', fullName: text }),
          'body.fullName',
        );
      },
    );

    it.each(hostileText)('when a registration has %s in the email or the password, then 400 naming the field', async (_name, text) => {
      await refusedWithoutEffect(
        () => post('/api/auth/register', { email: `x${text}y@example.test`, password: 'a good password', fullName: 'Ada' }),
        'body.email',
      );
      await refusedWithoutEffect(
        () => post('/api/auth/register', { email: uniqueEmail('hostile'), password: `a good ${text} password`, fullName: 'Ada' }),
        'body.password',
      );
    });

    it.each(hostileText)('when login, refresh, logout or client credentials carry %s, then 400 naming the field', async (_name, text) => {
      await refusedWithoutEffect(() => post('/api/auth/login', { email: `${payer.email}${text}`, password: payer.password }), 'body.email');
      await refusedWithoutEffect(
        () => post('/api/auth/login', { email: payer.email, password: `${payer.password}${text}` }),
        'body.password',
      );
      await refusedWithoutEffect(() => post('/api/auth/refresh', { refreshToken: `${payer.refreshToken}${text}` }), 'body.refreshToken');
      await refusedWithoutEffect(() => post('/api/auth/logout', { refreshToken: `${payer.refreshToken}${text}` }), 'body.refreshToken');
      await refusedWithoutEffect(() => post('/api/auth/token', { clientId: `client${text}`, clientSecret: 'secret' }), 'body.clientId');
      await refusedWithoutEffect(() => post('/api/auth/token', { clientId: 'client', clientSecret: `secret${text}` }), 'body.clientSecret');
    });

    it.each(hostileText)("when a transfer's reason has %s, then 400 naming body.reason and no balance moves", async (_name, text) => {
      const [payerBefore, payeeBefore] = [await balanceOf(payer.accessToken), await balanceOf(payee.accessToken)];
      await refusedWithoutEffect(
        () => post('/api/coins/transfer', { toUserId: payee.userId, amount: 1, reason: text }, { token: payer.accessToken }),
        'body.reason',
      );
      expect([await balanceOf(payer.accessToken), await balanceOf(payee.accessToken)]).toEqual([payerBefore, payeeBefore]);
    });

    it.each(hostileText)('when a mint, burn, reward or refund reason has %s, then 400 naming body.reason', async (_name, text) => {
      await refusedWithoutEffect(
        () => post('/api/admin/mint', { userId: payer.userId, amount: 1, reason: text }, asAdmin()),
        'body.reason',
      );
      await refusedWithoutEffect(
        () => post('/api/admin/burn', { userId: payer.userId, amount: 1, reason: text }, asAdmin()),
        'body.reason',
      );
      await refusedWithoutEffect(
        () => post('/api/admin/reward', { userId: payer.userId, amount: 1, reason: text }, asAdmin()),
        'body.reason',
      );
      await refusedWithoutEffect(
        () => post('/api/admin/refund', { transactionId: purchaseId, amount: 1, reason: text }, asAdmin()),
        'body.reason',
      );
    });

    it.each([...hostileText, ...lineBreaks])("when a purchase's reference has %s, then 400 naming body.reference", async (_name, text) => {
      await refusedWithoutEffect(
        () =>
          post(
            '/api/coins/purchase',
            { treasury: 'COURSE_FEES', amount: 1, reason: 'course', reference: `ref${text}` },
            { token: payer.accessToken },
          ),
        'body.reference',
      );
    });

    it.each([...hostileText, ...lineBreaks])("when a reward's reference has %s, then 400 naming body.reference", async (_name, text) => {
      await refusedWithoutEffect(
        () => post('/api/admin/reward', { userId: payer.userId, amount: 1, reason: 'prize', reference: `ref${text}` }, asAdmin()),
        'body.reference',
      );
    });

    it.each([...hostileText, ...lineBreaks])(
      "when an API key's name has %s, then 400 naming body.name and no key is created",
      async (_name, text) => {
        await refusedWithoutEffect(
          () => post('/api/admin/api-keys', { name: `key${text}`, scopes: ['mint'] }, { token: superadmin.accessToken }),
          'body.name',
        );
      },
    );

    it.each([
      ['NUL', '%00'],
      ['ESC', 'a%1Bb'],
      ['LF', 'a%0Ab'],
      ['TAB', 'a%09b'],
      ['DEL', '%7F'],
      ['C1 NEL', 'a%C2%85b'],
    ])('when the user search q has %s, then 400 naming querystring.q, at the gateway and at the user service', async (_name, encoded) => {
      expectRefused(
        await http(stack.gatewayUrl, 'GET', `/api/admin/users?q=${encoded}`, { token: superadmin.accessToken }),
        'querystring.q',
      );
      // Defence in depth: the user service's own read validates with the same schema.
      const headers = await internalHeaders(callerSigner(stack.env.gateway), 'user');
      expectRefused(await http(stack.userUrl, 'GET', `/internal/users?q=${encoded}`, { headers }), 'querystring.q');
    });

    it('when q carries the UTF-8 bytes of a lone surrogate, then no surrogate arrives: the undecodable escape is searched as the literal text', async () => {
      // A URL is bytes; ED A0 80 is not UTF-8, and the query parser leaves such an escape as
      // it was written ("%ED%A0%80", printable text) instead of making a lone surrogate of it.
      const atGateway = await http(stack.gatewayUrl, 'GET', '/api/admin/users?q=%ED%A0%80', { token: superadmin.accessToken });
      expect([atGateway.status, atGateway.body.users]).toEqual([200, []]);
      const headers = await internalHeaders(callerSigner(stack.env.gateway), 'user');
      expect((await http(stack.userUrl, 'GET', '/internal/users?q=%ED%A0%80', { headers })).status).toBe(200);
    });

    it('when a reason has line breaks and tabs, then it is free text: accepted and stored as given', async () => {
      const reason = 'line one\nline two\r\n\tindented';
      const payeeBefore = await balanceOf(payee.accessToken);
      const response = await post('/api/coins/transfer', { toUserId: payee.userId, amount: 0.01, reason }, { token: payer.accessToken });
      expect(response.status).toBe(201);
      expect(response.body.transaction.reason).toBe(reason);
      await creditedAtLeast(payee.accessToken, payeeBefore + 0.01);
    });

    it('when text has astral characters (a correct surrogate pair) and accents, then it is accepted', async () => {
      const email = uniqueEmail('astral');
      const response = await post('/api/auth/register', { email, password: 'a good password 🔑', fullName: 'Zoë 🚀 Ångström' });
      expect(response.status).toBe(202);
      const login = await post('/api/auth/login', { email, password: 'a good password 🔑' });
      expect(login.body.user.fullName).toBe('Zoë 🚀 Ångström');
    });
  });

  describe('the Idempotency-Key header', () => {
    it.each([
      ['a tab', 'key\twith-tab'],
      ['a Latin-1 byte', 'cl\u00e9'],
      ['256 characters', 'k'.repeat(256)],
    ])('when it has %s, then 400 naming headers.idempotency-key and nothing moves', async (_name, key) => {
      await refusedWithoutEffect(
        () =>
          post(
            '/api/coins/transfer',
            { toUserId: payee.userId, amount: 1, reason: 'x' },
            { token: payer.accessToken, headers: { 'idempotency-key': key } },
          ),
        'headers.idempotency-key',
      );
    });
  });

  describe('integer ids beyond 2^53−1', () => {
    it.each([
      ['PATCH', '/api/admin/users/9999999999999999/role', { role: 'ADMIN' }],
      ['DELETE', '/api/admin/users/9007199254740993', undefined],
      ['DELETE', '/api/admin/users/9007199254740992', undefined],
      ['GET', '/api/admin/users/18446744073709551617', undefined],
    ])('when %s %s, then 400 naming params.id', async (method, path, body) => {
      await refusedWithoutEffect(
        () => http(stack.gatewayUrl, method, path, { token: superadmin.accessToken, ...(body ? { body } : {}) }),
        'params.id',
      );
    });

    it('when the largest safe integer is the id, then it is a valid id (404 for an unknown user)', async () => {
      const response = await http(stack.gatewayUrl, 'GET', '/api/admin/users/9007199254740991', { token: superadmin.accessToken });
      expect(response.status).toBe(404);
    });

    it('when an admin searches transactions by a userId past 2^53−1, then 400 naming query.userId', async () => {
      expectRefused(
        await http(stack.gatewayUrl, 'GET', '/api/admin/transactions?userId=9007199254740993', { token: superadmin.accessToken }),
        'querystring.userId',
      );
    });

    it.each([
      ['/api/coins/transfer', 'toUserId', '{"toUserId":9007199254740993,"amount":1,"reason":"x"}', 'payer'],
      ['/api/coins/transfer', 'toUserId', '{"toUserId":1e400,"amount":1,"reason":"x"}', 'payer'],
      ['/api/admin/mint', 'userId', '{"userId":9007199254740993,"amount":1,"reason":"x"}', 'admin'],
      ['/api/admin/reward', 'userId', '{"userId":18446744073709551616,"amount":1,"reason":"x"}', 'admin'],
      ['/api/admin/refund', 'transactionId', '{"transactionId":9007199254740993,"amount":1,"reason":"x"}', 'admin'],
    ])('when POST %s has %s written past 2^53−1 in the JSON text (%s), then 400 naming it', async (path, field, raw, who) => {
      const options = who === 'admin' ? asAdmin() : { token: payer.accessToken };
      await refusedWithoutEffect(() => postRaw(path, raw, options), `body.${field}`);
    });
  });

  describe('amounts are judged on their exact JSON text (docs/CONTRACT.md "Amounts")', () => {
    it.each([
      '0.0100000000000000001',
      '1.0000000000000001',
      '1.001',
      '0.001',
      '1e400',
      '-0',
      '0',
      '1e-400',
      '1000000000.01',
      '"1"',
      '1.2345e1',
    ])('when a transfer amount is written %s, then 400 naming body.amount and no balance moves', async (amount) => {
      const [payerBefore, payeeBefore] = [await balanceOf(payer.accessToken), await balanceOf(payee.accessToken)];
      await refusedWithoutEffect(
        () =>
          postRaw('/api/coins/transfer', `{"toUserId":${payee.userId},"amount":${amount},"reason":"exact"}`, { token: payer.accessToken }),
        'body.amount',
      );
      expect([await balanceOf(payer.accessToken), await balanceOf(payee.accessToken)]).toEqual([payerBefore, payeeBefore]);
    });

    it('when a mint amount is written 0.0100000000000000001, then 400 naming body.amount', async () => {
      await refusedWithoutEffect(
        () => postRaw('/api/admin/mint', `{"userId":${payee.userId},"amount":0.0100000000000000001,"reason":"x"}`, asAdmin()),
        'body.amount',
      );
    });

    it.each([
      ['1.50', 1.5],
      ['1e0', 1],
      ['12.5e-1', 1.25],
      ['0.10', 0.1],
    ])('when an amount is written %s (the same decimal as %s), then it is accepted and moves exactly that', async (text, coins) => {
      const [payerBefore, payeeBefore] = [await balanceOf(payer.accessToken), await balanceOf(payee.accessToken)];
      const response = await postRaw('/api/coins/transfer', `{"toUserId":${payee.userId},"amount":${text},"reason":"exact"}`, {
        token: payer.accessToken,
      });
      expect(response.status).toBe(201);
      expect(response.body.transaction.amount).toBe(coins);
      // The 201 carries the debited wallet; the payee's credit leg lands a moment later.
      expect(Math.round(response.body.wallet.balance * 100)).toBe(Math.round((payerBefore - coins) * 100));
      await creditedAtLeast(payee.accessToken, payeeBefore + coins);
    });
  });

  describe('the JSON body parser keeps its protections', () => {
    it.each([
      ['__proto__', `{"__proto__":{"admin":true},"toUserId":1,"amount":1,"reason":"x"}`],
      ['constructor.prototype', `{"constructor":{"prototype":{"admin":true}},"toUserId":1,"amount":1,"reason":"x"}`],
      ['a nested __proto__', `{"toUserId":1,"amount":1,"reason":"x","x":[{"__proto__":{}}]}`],
    ])('when the body has a %s key, then 400 and nothing moves', async (_name, raw) => {
      const before = await snapshots.snapshot();
      const response = await postRaw('/api/coins/transfer', raw, { token: payer.accessToken });
      expect(response.status).toBe(400);
      expect(['MALFORMED_JSON', 'VALIDATION_FAILED']).toContain(response.body.code);
      expect(await snapshots.snapshot()).toBe(before);
    });

    it('when the body is not JSON, empty, or too large, then MALFORMED_JSON, VALIDATION_FAILED and PAYLOAD_TOO_LARGE as before', async () => {
      const broken = await postRaw('/api/coins/transfer', '{"amount":', { token: payer.accessToken });
      expect([broken.status, broken.body.code]).toEqual([400, 'MALFORMED_JSON']);
      const empty = await postRaw('/api/coins/transfer', '', { token: payer.accessToken });
      expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const large = await postRaw('/api/coins/transfer', JSON.stringify({ reason: 'x'.repeat(20_000) }), { token: payer.accessToken });
      expect([large.status, large.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const rawControl = await postRaw('/api/coins/transfer', '{"reason":"a\u0001b"}', { token: payer.accessToken });
      expect([rawControl.status, rawControl.body.code]).toEqual([400, 'MALFORMED_JSON']);
    });
  });
});
