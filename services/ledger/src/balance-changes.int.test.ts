import { randomUUID } from 'node:crypto';
import { balanceChanged, balanceChangesPage, walletKeyOfUser, type BalanceChanged, type Reply } from '@coin/contracts';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

/**
 * The ledger publishes every change of a wallet's balance on coin.balances (keyed by the wallet,
 * numbered per wallet) and serves the same changes back from its record by sequence, against real
 * Kafka and PostgreSQL.
 */
describe('balance changes (coin.balances and GET /internal/wallets/by-user/:userId/balance-changes)', () => {
  let h: LedgerHarness;
  let watch: TopicWatch;
  let nextUser = 5000;
  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    return userId;
  };
  /** The coin.balance.changed events published for a wallet so far, by sequence, with their keys. */
  const publishedOf = (userId: number) =>
    watch.values
      .map((value, i) => ({ key: watch.keys[i], event: balanceChanged.safeParse(value) }))
      .filter(({ event }) => event.success && event.data.wallet.userId === userId)
      .map(({ key, event }) => ({ key, event: event.data! }))
      .sort((a, b) => a.event.sequence - b.event.sequence);
  const waitForPublished = (userId: number, count: number) =>
    eventually(
      async () => (publishedOf(userId).length >= count ? publishedOf(userId) : undefined),
      15_000,
      `${count} changes of ${userId}`,
    );
  const changesOf = async (userId: number, query = '') => {
    const response = await fetch(`${h.ledger!.url}/internal/wallets/by-user/${userId}/balance-changes${query}`, {
      headers: { authorization: await h.asGateway() },
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    watch = await watchTopic(h.kafka, h.topics.coinBalances);
  }, 90_000);
  afterAll(async () => {
    await watch?.stop();
    await h?.close();
  });

  it('when a transfer is applied, then each wallet publishes its change with the balances before and after and its next sequence', async () => {
    const [alice, bob] = [await openUser(), await openUser()];
    const minted = resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfUser(alice),
        data: { to: { kind: 'user', userId: alice }, amount: 10_000, reason: 'seed' },
      }),
    );
    const sent = resultOf(
      await h.send({
        type: 'ledger.transfer',
        key: walletKeyOfUser(alice),
        data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: bob }, amount: 2_550, reason: 'lunch' },
      }),
    );
    const aliceChanges = await waitForPublished(alice, 2);
    const bobChanges = await waitForPublished(bob, 1);
    const shape = ({ key, event }: { key: string | null | undefined; event: BalanceChanged }) => ({
      key,
      sequence: event.sequence,
      previousBalance: event.previousBalance,
      balance: event.balance,
      transactionId: event.transactionId,
      transactionType: event.transactionType,
    });
    expect(aliceChanges.map(shape)).toEqual([
      {
        key: `user:${alice}`,
        sequence: 1,
        previousBalance: 0,
        balance: 100,
        transactionId: minted.transaction.id,
        transactionType: 'MINT',
      },
      {
        key: `user:${alice}`,
        sequence: 2,
        previousBalance: 100,
        balance: 74.5,
        transactionId: sent.transaction.id,
        transactionType: 'TRANSFER',
      },
    ]);
    expect(bobChanges.map(shape)).toEqual([
      {
        key: `user:${bob}`,
        sequence: 1,
        previousBalance: 0,
        balance: 25.5,
        transactionId: sent.transaction.id,
        transactionType: 'TRANSFER',
      },
    ]);

    // The ledger's record answers the same events (same eventId, same fields), oldest first, from a sequence on.
    const all = await changesOf(alice);
    expect(all.status).toBe(200);
    expect(balanceChangesPage.parse(all.body)).toEqual({ sequence: 2, changes: aliceChanges.map((c) => c.event) });
    expect((await changesOf(alice, '?afterSequence=1')).body).toEqual({ sequence: 2, changes: [aliceChanges[1]!.event] });
    expect((await changesOf(alice, '?afterSequence=0&limit=1')).body).toEqual({ sequence: 2, changes: [aliceChanges[0]!.event] });
    expect((await changesOf(alice, '?afterSequence=2')).body).toEqual({ sequence: 2, changes: [] });
    expect((await changesOf(bob)).body).toEqual({ sequence: 1, changes: bobChanges.map((c) => c.event) });
  });

  it('when a command is delivered again, then no change is numbered or published again', async () => {
    const [alice, bob] = [await openUser(), await openUser()];
    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfUser(alice),
        data: { to: { kind: 'user', userId: alice }, amount: 1_000, reason: 'seed' },
      }),
    );
    const transfer = {
      type: 'ledger.transfer' as const,
      key: walletKeyOfUser(alice),
      commandId: randomUUID(),
      data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: bob }, amount: 100, reason: 'once' },
    };
    const first = resultOf(await h.send(transfer));
    expect(resultOf(await h.send(transfer))).toEqual(first);
    await waitForPublished(bob, 1);
    // A later change of the same wallet follows the last one: nothing was numbered in between.
    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfUser(alice),
        data: { to: { kind: 'user', userId: alice }, amount: 5, reason: 'after' },
      }),
    );
    const published = await waitForPublished(alice, 3);
    expect(published.map(({ event }) => [event.sequence, event.balance])).toEqual([
      [1, 10],
      [2, 9],
      [3, 9.05],
    ]);
    const wallet = await h.pool.query('SELECT balance_sequence FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(alice)]);
    expect(wallet.rows[0].balance_sequence).toBe(3);
    expect((await changesOf(alice)).body.changes).toEqual(published.map((c) => c.event));
  });

  it('when the read is asked about no wallet or with a bad query, then 404 and 400 problems', async () => {
    expect(await changesOf(987654)).toMatchObject({ status: 404, body: { code: 'WALLET_NOT_FOUND' } });
    expect((await changesOf(nextUser, '?limit=0')).status).toBe(400);
    expect((await changesOf(nextUser, '?afterSequence=-1')).status).toBe(400);
    expect((await changesOf(nextUser, '?limit=101')).status).toBe(400);
    expect((await changesOf(nextUser, '?other=1')).status).toBe(400);
  });

  it('when a service other than the gateway or webhooks asks, then it is refused', async () => {
    const response = await fetch(`${h.ledger!.url}/internal/wallets/by-user/${nextUser}/balance-changes`, {
      headers: { authorization: await h.asHistory() },
    });
    expect(response.status).toBe(403);
  });
});
