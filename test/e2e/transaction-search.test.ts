import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { topicNames } from '@coin/contracts';
import { adminSession, platformClientTokenAs } from '../harness/admin';
import { eventually, publishEvents, transactionEvent } from '../harness/history';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The transaction search finance works from (GET /api/admin/transactions): by reference, metadata,
 * platform client, amount (exact or a range) and the payer's e-mail, through the gateway to the
 * history service; and the per-client daily volume the dashboard draws. Transactions are produced
 * straight to the stack's coin.transactions topic, as the ledger's outbox would, each naming the
 * platform client, metadata and reference this file chose: the file owns its clients, users,
 * references and days, so it never depends on what other files of the stack made.
 */
describe('transaction search by reference, metadata, platform client, amount and e-mail', () => {
  let stack: TestStack;
  let producer: Producer;
  let adminToken: string;
  const run = randomUUID().slice(0, 8);
  const clientA = `pc_srchA_${run}`;
  const clientB = `pc_srchB_${run}`;
  let tokenA: string;
  let tokenB: string;
  let payer: { userId: number; email: string };
  let payee: { userId: number };
  // Ids far above anything the ledger of this stack assigns, apart from history.test.ts's.
  let nextId = 9_500_000 + Math.floor(Math.random() * 400_000);
  const id = () => nextId++;
  const made: Record<string, ReturnType<typeof transactionEvent>> = {};

  const search = async (token: string, query: string) => http(stack.gatewayUrl, 'GET', `/api/admin/transactions?${query}`, { token });
  const idsOf = (body: unknown) => ((body as { transactions?: Array<{ id: number }> }).transactions ?? []).map((t) => t.id);
  const idOf = (name: string) => made[name]!.transaction.id;

  beforeAll(async () => {
    stack = await startTestStack();
    producer = new Kafka({ clientId: 'search-e2e', brokers: stack.kafkaBrokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    adminToken = (await adminSession(stack, 'ADMIN')).accessToken;
    [tokenA, tokenB] = await Promise.all([
      platformClientTokenAs(stack, clientA, 'Search shop A'),
      platformClientTokenAs(stack, clientB, 'Search shop B'),
    ]);
    payer = await registerUser(stack.gatewayUrl);
    payee = await registerUser(stack.gatewayUrl);
    const at = (n: number) => `2041-04-0${1 + (n % 3)}T10:00:0${n}.000Z`;
    const common = { type: 'PURCHASE' as const, fromUserId: payer.userId, toUserId: payee.userId, reason: 'order' };
    made.aSmall = transactionEvent({ ...common, id: id(), amount: 4.5, clientId: clientA, reference: `ref-a1-${run}`, createdAt: at(0) });
    made.aLarge = transactionEvent({
      ...common,
      id: id(),
      amount: 120.25,
      clientId: clientA,
      reference: `ref-a2-${run}`,
      metadata: { order: `o-${run}`, channel: 'web' },
      createdAt: at(1),
    });
    made.bOne = transactionEvent({
      ...common,
      id: id(),
      amount: 120.25,
      clientId: clientB,
      reference: `ref-b1-${run}`,
      metadata: { order: `o-${run}`, channel: 'app' },
      createdAt: at(2),
    });
    // Made by no client: a person's own transfer to the payer.
    made.direct = transactionEvent({
      ...common,
      type: 'TRANSFER',
      id: id(),
      amount: 7,
      fromUserId: payee.userId,
      toUserId: payer.userId,
      createdAt: at(3),
    });
    await publishEvents(producer, topicNames(stack.prefix).coinTransactions, Object.values(made));
    await eventually(async () => {
      const r = await search(adminToken, `userId=${payer.userId}`);
      return idsOf(r.body).length === 4 ? r : undefined;
    });
  }, 120_000);
  afterAll(async () => {
    await producer?.disconnect();
    await stack?.close();
  });

  it("when a platform client names another client, asks by e-mail, or filters by the other's user, then it is refused or sees only its own", async () => {
    const other = await search(tokenA, `clientId=${clientB}`);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await search(tokenA, `email=${encodeURIComponent(payer.email)}`)).status).toBe(403);
    // Whatever it filters by, its search stays within what its own requests made.
    expect(idsOf((await search(tokenA, `userId=${payer.userId}`)).body).sort()).toEqual([idOf('aSmall'), idOf('aLarge')].sort());
    expect(idsOf((await search(tokenA, `reference=ref-b1-${run}`)).body)).toEqual([]);
    expect(idsOf((await search(tokenA, `metadata[channel]=app&metadata[order]=o-${run}`)).body)).toEqual([]);
    expect(idsOf((await search(tokenB, `amount=120.25&userId=${payer.userId}`)).body)).toEqual([idOf('bOne')]);
    const own = await search(tokenA, `clientId=${clientA}`);
    expect(own.status).toBe(200);
    expect(idsOf(own.body)).toEqual([idOf('aLarge'), idOf('aSmall')]);
  });

  it('when ADMIN searches by platform client, then it gets that client’s transactions, newest first, in keyset pages', async () => {
    expect(idsOf((await search(adminToken, `clientId=${clientB}`)).body)).toEqual([idOf('bOne')]);
    const first = await search(adminToken, `clientId=${clientA}&limit=1`);
    expect(idsOf(first.body)).toEqual([idOf('aLarge')]);
    const cursor = (first.body as { nextCursor: string }).nextCursor;
    expect(idsOf((await search(adminToken, `clientId=${clientA}&limit=1&cursor=${encodeURIComponent(cursor)}`)).body)).toEqual([
      idOf('aSmall'),
    ]);
  });

  it('when ADMIN searches by reference or by metadata pairs, then exactly the matching transactions come back', async () => {
    expect(idsOf((await search(adminToken, `reference=ref-a2-${run}`)).body)).toEqual([idOf('aLarge')]);
    expect(idsOf((await search(adminToken, `metadata[order]=o-${run}`)).body)).toEqual([idOf('bOne'), idOf('aLarge')]);
    expect(idsOf((await search(adminToken, `metadata[order]=o-${run}&metadata[channel]=web`)).body)).toEqual([idOf('aLarge')]);
  });

  it('when ADMIN searches by an exact amount or a range, then the amounts compare exactly (no float), both ends included', async () => {
    const payerQuery = `userId=${payer.userId}`;
    expect(idsOf((await search(adminToken, `${payerQuery}&amount=120.25`)).body)).toEqual([idOf('bOne'), idOf('aLarge')]);
    expect(idsOf((await search(adminToken, `${payerQuery}&amount=120.2`)).body)).toEqual([]);
    expect(idsOf((await search(adminToken, `${payerQuery}&amountMin=4.5&amountMax=7`)).body)).toEqual([idOf('direct'), idOf('aSmall')]);
    expect(idsOf((await search(adminToken, `${payerQuery}&amountMin=7.01`)).body)).toEqual([idOf('bOne'), idOf('aLarge')]);
    expect(idsOf((await search(adminToken, `clientId=${clientA}&amountMax=4.5`)).body)).toEqual([idOf('aSmall')]);
  });

  it("when ADMIN searches by e-mail, then it is the account's transactions (any case); an address nobody has finds nothing", async () => {
    // Newest first: the days are 2041-04-03, -02, then two on -01 (the transfer a few seconds after the small purchase).
    const all = [idOf('bOne'), idOf('aLarge'), idOf('direct'), idOf('aSmall')];
    expect(idsOf((await search(adminToken, `email=${encodeURIComponent(payer.email)}`)).body)).toEqual(all);
    expect(idsOf((await search(adminToken, `email=${encodeURIComponent(payer.email.toUpperCase())}&type=PURCHASE`)).body)).toEqual([
      idOf('bOne'),
      idOf('aLarge'),
      idOf('aSmall'),
    ]);
    const nobody = await search(adminToken, `email=${encodeURIComponent(`nobody-${run}@example.test`)}`);
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ transactions: [], nextCursor: null, hasMore: false });
  });

  it('when a filter is malformed or filters contradict, then 400 with the field named (RFC 9457)', async () => {
    for (const [query, field] of [
      ['amount=1.234', 'amount'],
      ['amount=-1', 'amount'],
      ['amount=5&amountMin=1', 'amount'],
      ['amountMin=10&amountMax=9', 'amountMax'],
      [`email=${encodeURIComponent(payer.email)}&userId=${payer.userId}`, 'email'],
      ['email=not-an-address', 'email'],
      ['clientId=pc%20shop', 'clientId'],
    ] as const) {
      const r = await search(adminToken, query);
      expect({ query, status: r.status, type: r.headers.get('content-type') }).toEqual({
        query,
        status: 400,
        type: expect.stringContaining('application/problem+json'),
      });
      expect(JSON.stringify((r.body as { errors?: unknown }).errors)).toContain(field);
    }
  });

  it('when ADMIN reads the per-client daily volume, then each client of the range has a point per day and its totals; made by no client is left out', async () => {
    const r = await http(stack.gatewayUrl, 'GET', '/api/admin/stats/client-daily-volume?from=2041-04-01&to=2041-04-03', {
      token: adminToken,
    });
    expect(r.status).toBe(200);
    const body = r.body as { clients: Array<{ clientId: string; transactions: number; amount: number; days: unknown[] }> };
    const ours = body.clients.filter((c) => c.clientId === clientA || c.clientId === clientB);
    expect(ours).toEqual([
      {
        clientId: clientA,
        transactions: 2,
        amount: 124.75,
        days: [
          { day: '2041-04-01', transactions: 1, amount: 4.5 },
          { day: '2041-04-02', transactions: 1, amount: 120.25 },
          { day: '2041-04-03', transactions: 0, amount: 0 },
        ],
      },
      {
        clientId: clientB,
        transactions: 1,
        amount: 120.25,
        days: [
          { day: '2041-04-01', transactions: 0, amount: 0 },
          { day: '2041-04-02', transactions: 0, amount: 0 },
          { day: '2041-04-03', transactions: 1, amount: 120.25 },
        ],
      },
    ]);
    expect(
      (await http(stack.gatewayUrl, 'GET', '/api/admin/stats/client-daily-volume?from=2041-04-01&to=2041-04-03', { token: tokenA })).status,
    ).toBe(403);
  });
});
