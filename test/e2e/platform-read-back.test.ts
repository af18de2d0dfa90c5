import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { type CoinClient, CoinProblemError, paginate } from '@coin/client';
import type { Transaction } from '@coin/contracts';
import { startTestStack, type TestStack, fastLoopsStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, fundTreasury, platformClientToken, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * A platform client reads back what it did (docs/DESIGN.md "Platform read-back"): the
 * transactions its own requests made, by id, by reference and by metadata, and never another
 * platform's or a user's; and metadata travels with a payment into the ledger and history.
 */
describe('a platform reads back its own transactions, with their metadata', () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let shop: CoinClient;
  let shopToken: string;
  /** Another platform client: it must see none of the shop's transactions. */
  let rival: CoinClient;
  let rivalToken: string;
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
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
  /** A payout's 201 (a platform's never waits for a second person). */
  const paidOf = <R extends object>(result: R): Extract<R, { payout: unknown }> => {
    if (!('payout' in result)) throw new Error(`expected 201 with the payout, got ${JSON.stringify(result)}`);
    return result as Extract<R, { payout: unknown }>;
  };
  /** Pays one user from REWARDS as the shop, once the user's wallet is open. */
  const shopPays = (toUserId: number, reference: string, metadata: Record<string, string>) =>
    eventually(
      () =>
        shop
          .payout({
            body: { from: { treasury: 'REWARDS' }, reason: 'Order paid out', reference, metadata, lines: [{ toUserId, amount: 3 }] },
          })
          .catch((err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
            throw err;
          }),
      30_000,
      'the wallet open',
    ).then(paidOf);

  /** A webhook receiver on loopback (the test stack allows http and private networks): the bodies it was sent. */
  const delivered: string[] = [];
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        delivered.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    stack = await startTestStack(fastLoopsStack);
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'burn', 'refund', 'reward']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1_000);
    shopToken = await platformClientToken(stack, `shop-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] });
    rivalToken = await platformClientToken(stack, `rival-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] });
    shop = as(shopToken);
    rival = as(rivalToken);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('when a platform pays with metadata, then it reads the transaction back by id, by reference and by metadata, and the payee sees the metadata in history and in the statement and its CSV', async () => {
    const payee = await registerUser(stack.gatewayUrl);
    const reference = `order-${randomUUID().slice(0, 8)}`;
    const metadata = { orderId: reference, 'shop.channel': 'web', note: 'Grüße 🎉' };
    const paid = await shopPays(payee.userId, reference, metadata);
    const id = paid.payout.lines[0]!.transactionId;

    const read = await shop.getTransaction({ path: { id } });
    expect(read).toMatchObject({ id, type: 'REWARD', toUserId: payee.userId, reference: `${reference}#0`, metadata });

    const byReference = await eventually(async () => {
      const page = await shop.searchTransactions({ query: { reference: `${reference}#0` } });
      return page.transactions.length > 0 ? page.transactions : undefined;
    });
    expect(byReference.map((t) => t.id)).toEqual([id]);
    const byMetadata = await shop.searchTransactions({ query: { metadata: { orderId: reference, 'shop.channel': 'web' } } });
    expect(byMetadata.transactions.map((t) => t.id)).toEqual([id]);
    expect(byMetadata.transactions[0]).toMatchObject({ metadata });
    // Every pair must match: one pair off finds nothing.
    expect((await shop.searchTransactions({ query: { metadata: { orderId: reference, 'shop.channel': 'app' } } })).transactions).toEqual(
      [],
    );
    // The loop of docs/reference/api.md: every page of the platform's own REWARDs.
    const walked: Transaction[] = [];
    for await (const reward of paginate(shop.searchTransactions, { query: { type: 'REWARD', limit: '1' } })) walked.push(reward);
    expect(walked.map((t) => t.id)).toContain(id);

    const history = await eventually(async () => {
      const page = await as(payee.accessToken).getMyHistory({ query: {} });
      return page.transactions.find((t) => t.id === id);
    });
    expect(history).toMatchObject({ metadata });
    // The payee filters their own history by metadata: every pair must match.
    const mine = await as(payee.accessToken).getMyHistory({ query: { metadata: { orderId: reference, 'shop.channel': 'web' } } });
    expect(mine.transactions.map((t) => t.id)).toEqual([id]);
    expect(
      (await as(payee.accessToken).getMyHistory({ query: { metadata: { orderId: reference, 'shop.channel': 'app' } } })).transactions,
    ).toEqual([]);
    // Another user's filter with the same pairs finds nothing of the payee's.
    const stranger = await registerUser(stack.gatewayUrl);
    expect((await as(stranger.accessToken).getMyHistory({ query: { metadata: { orderId: reference } } })).transactions).toEqual([]);
    const badFilter = await http(stack.gatewayUrl, 'GET', '/api/coins/history?metadata%5Bbad%20key%5D=x', { token: payee.accessToken });
    expect(badFilter.status).toBe(400);

    // The payee's statement: the JSON line shows it, the CSV's metadata cell (the one before
    // splitOf, empty for a transaction split from no purchase) is it as compact JSON.
    const period = `?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    const statement = await http(stack.gatewayUrl, 'GET', `/api/wallets/me/statement${period}`, { token: payee.accessToken });
    expect(statement.body.lines.find((l: { transaction: Transaction }) => l.transaction.id === id)?.transaction).toMatchObject({
      metadata,
    });
    const csv = await http(stack.gatewayUrl, 'GET', `/api/wallets/me/statement${period}`, {
      token: payee.accessToken,
      headers: { accept: 'text/csv' },
    });
    const [header, ...rows] = String(csv.body).split('\r\n');
    expect(header!.split(',').slice(-2)).toEqual(['metadata', 'splitOf']);
    const row = rows.find((r) => r.split(',')[1] === String(id));
    // One quoted cell (RFC 4180: quotes doubled), then the empty splitOf; the stored JSON keeps
    // no key order of the request.
    const cell = /,"(\{.*\})",$/.exec(row!)?.[1];
    expect(JSON.parse(cell!.replaceAll('""', '"'))).toEqual(metadata);
  });

  it("when a platform's webhook endpoint gets the transaction it made, then the delivered body carries the metadata", async () => {
    await shop.createWebhookEndpoint({ body: { url: receiverUrl, eventTypes: ['coin.transaction.recorded'] } });
    const payee = await registerUser(stack.gatewayUrl);
    const reference = `hook-${randomUUID().slice(0, 8)}`;
    const paid = await shopPays(payee.userId, reference, { orderId: reference });
    const id = paid.payout.lines[0]!.transactionId;
    const body = await eventually(
      async () => delivered.map((text) => JSON.parse(text)).find((event) => event.transaction?.id === id),
      20_000,
      'the webhook delivered',
    );
    expect(body).toMatchObject({ type: 'coin.transaction.recorded', transaction: { id, metadata: { orderId: reference } } });
  });

  it("when another platform or a user asks for the shop's transaction, then it is 404 by id and absent from the search; a user's transfer is no platform's", async () => {
    const [payee, sender] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    const reference = `secret-${randomUUID().slice(0, 8)}`;
    const paid = await shopPays(payee.userId, reference, { orderId: reference });
    const id = paid.payout.lines[0]!.transactionId;
    // The shop's own transaction is in history before the others look for it.
    await eventually(async () => {
      const page = await shop.searchTransactions({ query: { reference: `${reference}#0` } });
      return page.transactions.length === 1 ? true : undefined;
    });

    expect((await problemOf(rival.getTransaction({ path: { id } }))).status).toBe(404);
    expect((await rival.searchTransactions({ query: { reference: `${reference}#0` } })).transactions).toEqual([]);
    expect((await rival.searchTransactions({ query: { metadata: { orderId: reference } } })).transactions).toEqual([]);
    // Naming the payee or the treasury does not widen a platform's search past its own transactions.
    expect((await rival.searchTransactions({ query: { userId: String(payee.userId) } })).transactions).toEqual([]);
    // A user who is no party reads 404, and a user may not search at all.
    expect((await problemOf(as(sender.accessToken).getTransaction({ path: { id } }))).status).toBe(404);
    expect((await problemOf(as(sender.accessToken).searchTransactions({ query: { reference: `${reference}#0` } }))).status).toBe(403);

    // A transfer between two users, which no platform made, is read by no platform.
    await paidOf(await shopPays(sender.userId, `${reference}-seed`, {}));
    const transfer = await as(sender.accessToken).transferCoins({
      body: { toUserId: payee.userId, amount: 1, reason: 'private', metadata: { mine: 'yes' } },
    });
    expect(transfer.transaction).toMatchObject({ metadata: { mine: 'yes' } });
    expect(transfer.transaction.clientId).toBeUndefined();
    for (const platform of [shop, rival]) {
      expect((await problemOf(platform.getTransaction({ path: { id: transfer.transaction.id } }))).status).toBe(404);
    }
    await eventually(async () => {
      const page = await as(payee.accessToken).getMyHistory({ query: {} });
      return page.transactions.some((t) => t.id === transfer.transaction.id) ? true : undefined;
    });
    expect((await shop.searchTransactions({ query: { metadata: { mine: 'yes' } } })).transactions).toEqual([]);
  });

  it('when a platform captures a hold it settles with metadata, then it reads the capture back with it; the payer sees it too', async () => {
    const [payer, payee] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await paidOf(await shopPays(payer.userId, `fund-${randomUUID().slice(0, 8)}`, {}));
    const shopId = decodeJwt(shopToken).sub!;
    const { hold } = await as(payer.accessToken).createHold({
      body: { toUserId: payee.userId, amount: 2, reason: 'escrow', settlerClientId: shopId },
    });
    const captured = await shop.captureHold({ path: { id: hold.id }, body: { metadata: { shipment: 'S-9' } } });
    expect(captured.transaction).toMatchObject({ clientId: shopId, metadata: { shipment: 'S-9' } });
    expect(await shop.getTransaction({ path: { id: captured.transaction.id } })).toMatchObject({ metadata: { shipment: 'S-9' } });
    expect(await as(payer.accessToken).getTransaction({ path: { id: captured.transaction.id } })).toMatchObject({
      metadata: { shipment: 'S-9' },
    });
    expect((await problemOf(rival.getTransaction({ path: { id: captured.transaction.id } }))).status).toBe(404);
  });

  it('when metadata is out of bounds or hostile, then the gateway answers a 400 problem and nothing moves', async () => {
    const payee = await registerUser(stack.gatewayUrl);
    const before = (await as(payee.accessToken).getMyWallet()).balance;
    const hostile: unknown[] = [
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
      { ['k'.repeat(41)]: 'v' },
      { 'bad key': 'v' },
      { k: 'v'.repeat(501) },
      { k: 'line\u0000break' },
      { k: 5 },
      { k: { nested: 'v' } },
    ];
    for (const metadata of hostile) {
      const answer = await http(stack.gatewayUrl, 'POST', '/api/admin/reward', {
        token: shopToken,
        headers: { 'idempotency-key': randomUUID() },
        body: { userId: payee.userId, amount: 1, reason: 'hostile', metadata },
      });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
    const search = await http(stack.gatewayUrl, 'GET', '/api/admin/transactions?metadata%5Bbad%20key%5D=x', { token: shopToken });
    expect(search.status).toBe(400);
    expect((await as(payee.accessToken).getMyWallet()).balance).toBe(before);
  });

  it('when the same Idempotency-Key is sent again with other metadata, then it is refused as a reused key, not replayed', async () => {
    const payee = await registerUser(stack.gatewayUrl);
    const key = `reward-${randomUUID()}`;
    const body = { userId: payee.userId, amount: 1, reason: 'fingerprint' };
    const first = await eventually(() =>
      shop.rewardUser({ body: { ...body, metadata: { order: 'A' } }, idempotencyKey: key }).catch((err: unknown) => {
        if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
        throw err;
      }),
    );
    expect(first).toMatchObject({ transaction: { metadata: { order: 'A' } } });
    const again = await problemOf(shop.rewardUser({ body: { ...body, metadata: { order: 'B' } }, idempotencyKey: key }));
    expect(again.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
