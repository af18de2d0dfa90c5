import { randomUUID } from 'node:crypto';
import { dlqOf, walletKeyOfUser, type Reply } from '@coin/contracts';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

/**
 * Metadata on ledger commands (docs/CONTRACT.md "Metadata"): stored with the transaction, shown in
 * its view and event; a command put on the topic with metadata out of bounds is refused by the
 * command schema, dead-lettered, and the partition goes on.
 */
describe('metadata on ledger commands against real Kafka and PostgreSQL', () => {
  let h: LedgerHarness;
  let nextUser = 7100;
  let events: TopicWatch;
  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    return userId;
  };
  const mint = (userId: number, amount: number, extra: Record<string, unknown> = {}, commandId = randomUUID()) =>
    h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(userId),
      commandId,
      data: { to: { kind: 'user', userId }, amount, reason: 'seed', ...extra },
    });
  const balanceOf = async (userId: number) =>
    (await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]
      ?.balance;

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    events = await watchTopic(h.kafka, h.topics.coinTransactions);
  }, 90_000);
  afterAll(async () => {
    await events?.stop();
    await h?.close();
  });

  it('when a mint carries metadata, then the transaction stores it, the reply and the coin.transactions event show it', async () => {
    const userId = await openUser();
    const metadata = { orderId: 'A-1', 'x.y_z-0': 'Grüße 🎉' };
    const { transaction } = resultOf(await mint(userId, 500, { metadata }));
    expect(transaction).toMatchObject({ type: 'MINT', amount: 5, metadata });
    expect(transaction.clientId).toBeUndefined();
    const stored = await h.pool.query('SELECT metadata, client_id FROM transactions WHERE id = $1', [transaction.id]);
    expect(stored.rows[0]).toEqual({ metadata, client_id: null });
    const event = await eventually(async () =>
      events.values.find((v) => (v as { transaction?: { id?: number } })?.transaction?.id === transaction.id),
    );
    expect(event).toMatchObject({ type: 'coin.transaction.recorded', transaction: { id: transaction.id, metadata } });
  });

  it('when a mint without metadata is applied, then its transaction and event carry none', async () => {
    const userId = await openUser();
    const { transaction } = resultOf(await mint(userId, 100));
    expect('metadata' in transaction).toBe(false);
    const stored = await h.pool.query('SELECT metadata FROM transactions WHERE id = $1', [transaction.id]);
    expect(stored.rows[0]).toEqual({ metadata: null });
  });

  it.each([
    ['21 keys', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))],
    ['a value of 501 characters', { k: 'v'.repeat(501) }],
    ['a NUL in a value', { k: 'a\u0000b' }],
    ['a key with a space', { 'a b': 'v' }],
    ['a number value', { k: 1 }],
  ])(
    'when a command put on the topic carries metadata with %s, then it is refused and dead-lettered, nothing moves, and the partition goes on',
    async (_what, metadata) => {
      const userId = await openUser();
      const deadLetters = await watchTopic(h.kafka, dlqOf(h.topics.ledgerCommands));
      try {
        const commandId = randomUUID();
        const reply = await mint(userId, 700, { metadata }, commandId);
        expect(reply.ok).toBe(false);
        expect(await balanceOf(userId)).toBe(0);
        await eventually(
          async () => (deadLetters.values.some((v) => (v as { commandId?: string })?.commandId === commandId) ? true : undefined),
          15_000,
          'the command dead-lettered',
        );
      } finally {
        await deadLetters.stop();
      }
      // The same wallet's partition applies the next command.
      expect(resultOf(await mint(userId, 300)).wallet.balance).toBe(3);
    },
  );
});
