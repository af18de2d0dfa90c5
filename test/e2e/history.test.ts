import { eventTopics } from '@coin/events';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { topicNames } from '@coin/contracts';
import { startTestStack, type TestStack } from '../harness/stack';
import { adminSession } from '../harness/admin';
import { apiClient, http, registerUser } from '../harness/http';
import { eventually, publishEvents, transactionEvent } from '../harness/history';

/**
 * The history reads through the gateway: access, paging rules and shapes. Transactions are
 * produced straight to the stack's coin.transactions topic, as the ledger's outbox would; the
 * money routes end to end are in history-money.test.ts.
 */
describe('history through the gateway', () => {
  let stack: TestStack;
  let producer: Producer;
  let adminToken: string;
  let nextId = 1;
  beforeAll(async () => {
    stack = await startTestStack();
    producer = new Kafka({ clientId: 'history-e2e', brokers: stack.kafkaBrokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    adminToken = (await adminSession(stack, 'ADMIN')).accessToken;
  }, 90_000);
  afterAll(async () => {
    await producer?.disconnect();
    await stack?.close();
  });

  /** Well-formed calls go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  const topic = () => topicNames(stack.prefix).coinTransactions;
  // Ids far above anything the ledger of this stack assigns.
  const id = () => 9_000_000 + nextId++;

  it('when history is read without a token, then 401; when a USER searches all transactions, then 403', async () => {
    await expect(as().getMyHistory()).rejects.toMatchObject({ status: 401 });
    await expect(as().listMyTransactions()).rejects.toMatchObject({ status: 401 });
    const user = await registerUser(stack.gatewayUrl);
    await expect(as(user.accessToken).searchTransactions()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('when a transfer is recorded, then both parties see it in both reads, and nobody else does', async () => {
    const [alice, bob, carol] = [
      await registerUser(stack.gatewayUrl),
      await registerUser(stack.gatewayUrl),
      await registerUser(stack.gatewayUrl),
    ];
    const mint = transactionEvent({
      id: id(),
      type: 'MINT',
      fromUserId: null,
      toUserId: alice.userId,
      amount: 100,
      reason: 'welcome',
      createdAt: '2030-05-01T10:00:00.000Z',
    });
    const transfer = transactionEvent({
      id: id(),
      type: 'TRANSFER',
      fromUserId: alice.userId,
      toUserId: bob.userId,
      amount: 12.5,
      reason: 'lunch',
      createdAt: '2030-05-01T10:00:01.000Z',
    });
    await publishEvents(producer, topic(), [mint, transfer]);

    const aliceHistory = await eventually(async () => {
      const r = await as(alice.accessToken).api.GET('/api/coins/history');
      return r.data?.transactions?.length === 2 ? r : undefined;
    });
    expect(aliceHistory.response.status).toBe(200);
    expect(aliceHistory.data).toEqual({ transactions: [transfer.transaction, mint.transaction], nextCursor: null, hasMore: false });
    const bobPage = await as(bob.accessToken).listMyTransactions();
    expect(bobPage).toEqual({
      transactions: [transfer.transaction],
      pagination: { limit: 20, offset: 0, total: 1 },
      hasMore: false,
      nextCursor: null,
    });
    const carolPage = await as(carol.accessToken).listMyTransactions();
    expect(carolPage).toEqual({ transactions: [], pagination: { limit: 20, offset: 0, total: 0 }, hasMore: false, nextCursor: null });
    // The user id comes from the token: a userId in the query is refused, not obeyed (outside the document: raw).
    const sneaky = await http(stack.gatewayUrl, 'GET', `/api/coins/history?userId=${alice.userId}`, { token: carol.accessToken });
    expect(sneaky.status).toBe(400);

    // Cursor paging through the gateway.
    const first = await as(alice.accessToken).getMyHistory({ query: { limit: '1' } });
    expect(first.transactions).toEqual([transfer.transaction]);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.hasMore).toBe(true);
    const second = await as(alice.accessToken).getMyHistory({ query: { limit: '1', cursor: first.nextCursor! } });
    expect(second).toEqual({ transactions: [mint.transaction], nextCursor: null, hasMore: false });

    // Admin search by user, type and time.
    const search = await as(adminToken).api.GET('/api/admin/transactions', {
      params: { query: { userId: String(alice.userId), type: 'TRANSFER', from: '2030-05-01T00:00:00Z', to: '2030-05-02T00:00:00Z' } },
    });
    expect(search.response.status).toBe(200);
    expect(search.data).toEqual({ transactions: [transfer.transaction], nextCursor: null, hasMore: false });
  });

  it.each([
    '/api/wallets/me/transactions?limit=0',
    '/api/wallets/me/transactions?limit=101',
    '/api/wallets/me/transactions?offset=-1',
    '/api/wallets/me/transactions?limit=2.5',
    '/api/coins/history?limit=1001',
    '/api/coins/history?limit=ten',
    '/api/coins/history?cursor=eyJ2IjoxfQ',
    '/api/coins/history?cursor=%00%01',
  ])('when a user asks %s, then 400 VALIDATION_FAILED as problem+json', async (path) => {
    const user = await registerUser(stack.gatewayUrl);
    const r = await http(stack.gatewayUrl, 'GET', path, { token: user.accessToken });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body.code).toBe('VALIDATION_FAILED');
  });

  it('then the gateway serves the AsyncAPI document with both topics, and OpenAPI lists the history routes', async () => {
    const asyncapi = await http(stack.gatewayUrl, 'GET', '/asyncapi.json');
    expect(asyncapi.status).toBe(200);
    expect(asyncapi.body.asyncapi).toBe('3.0.0');
    // Every published topic of @coin/events, and nothing else.
    expect(
      Object.values(asyncapi.body.channels)
        .map((c: any) => c.address)
        .sort(),
    ).toEqual(eventTopics.map((t) => t.topic).sort());
    const openapi = await http(stack.gatewayUrl, 'GET', '/openapi.json');
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining(['/api/coins/history', '/api/wallets/me/transactions', '/api/admin/transactions']),
    );
    expect(Object.keys(openapi.body.paths)).not.toContain('/asyncapi.json');
  });
});
