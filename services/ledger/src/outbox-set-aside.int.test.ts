import { randomUUID } from 'node:crypto';
import { dlqOf, headerNames, walletKeyOfUser, type Reply } from '@coin/contracts';
import { outboxSetAsideMetricName } from '@coin/db';
import { fastGroupSettings, readHeaders } from '@coin/kafka';
import { ConfigResourceTypes, type Consumer } from 'kafkajs';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { http } from '../../../test/harness/http';
import { decodeOutboxMessages } from './db/outbox-messages';

/**
 * The outbox never stops on a message the broker refuses for good (docs/RELIABILITY.md "The outbox:
 * a message the broker refuses"). coin.transactions takes records of at most 8 KiB here (a topic
 * whose largest message was lowered), so a mint whose metadata holds 20 values of 500 three-byte
 * characters (an event of about 30 KB) is refused by the broker. Before, the mint's handler, waiting
 * on that publish, failed as permanent: the command, already applied and stored, was set aside
 * (COMMAND_FAILED, dead-lettered) and the outbox sweep failed on its row every time after.
 */

const topicBytesMax = 8 * 1024;

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('the ledger outbox, a message the broker refuses for good', () => {
  let h: LedgerHarness;
  let reader: Consumer;
  /** The transaction ids of the coin.transactions events read. */
  const published = new Set<number>();
  /** The command ids of ledger.commands' dead letters. */
  const deadLettered = new Set<string>();

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    const admin = h.kafka.admin();
    await admin.connect();
    try {
      const resource = { type: ConfigResourceTypes.TOPIC, name: h.topics.coinTransactions };
      await admin.alterConfigs({
        validateOnly: false,
        resources: [{ ...resource, configEntries: [{ name: 'max.message.bytes', value: String(topicBytesMax) }] }],
      });
      await eventually(
        async () =>
          (await admin.describeConfigs({ includeSynonyms: false, resources: [{ ...resource, configNames: ['max.message.bytes'] }] }))
            .resources[0]?.configEntries[0]?.configValue === String(topicBytesMax),
        10_000,
        'the lowered max.message.bytes',
      );
    } finally {
      await admin.disconnect();
    }
    reader = h.kafka.consumer({ groupId: `${h.prefix}set-aside-reader`, ...fastGroupSettings });
    await reader.connect();
    await reader.subscribe({ topic: h.topics.coinTransactions, fromBeginning: true });
    await reader.subscribe({ topic: dlqOf(h.topics.ledgerCommands), fromBeginning: true });
    await reader.run({
      eachMessage: async ({ topic, message }) => {
        if (topic !== h.topics.coinTransactions) return void deadLettered.add(readHeaders(message.headers)[headerNames.commandId] ?? '');
        const event = JSON.parse(message.value?.toString() ?? '{}') as { transaction?: { id?: number } };
        if (typeof event.transaction?.id === 'number') published.add(event.transaction.id);
      },
    });
  }, 90_000);

  afterAll(async () => {
    await reader?.disconnect();
    await h?.close();
  });

  const mint = (userId: number, amount: number, metadata?: Record<string, string>, commandId = randomUUID()) =>
    h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(userId),
      commandId,
      data: { to: { kind: 'user', userId }, amount, reason: 'set-aside test', ...(metadata ? { metadata } : {}) },
    });
  const setAsideCount = async () => {
    const metrics = await http(h.ledger!.metricsUrl, 'GET', '/metrics');
    return String(metrics.body ?? '')
      .split('\n')
      .filter((line) => line.startsWith(outboxSetAsideMetricName))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  };

  it('when an applied command makes an event the broker refuses, then it is answered as applied, the event is set aside with its reason and size and counted, and the events after it are published', async () => {
    const userId = 8101;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    const before = resultOf(await mint(userId, 100)).transaction.id as number;
    await eventually(async () => published.has(before), 15_000, 'the first mint published');
    expect(await setAsideCount()).toBe(0);

    const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, '€'.repeat(500)]));
    const refusedCommand = randomUUID();
    const refused = resultOf(await mint(userId, 200, metadata, refusedCommand)).transaction.id as number;
    const after = resultOf(await mint(userId, 300)).transaction.id as number;
    expect(resultOf(await mint(userId, 1)).wallet.balance).toBe(6.01);

    await eventually(async () => published.has(after), 15_000, 'the mint after it published');
    await eventually(
      async () =>
        (await h.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL')).rows[0]!.n === 0,
      15_000,
      'the outbox drained',
    );

    const rows = await eventually(
      async () => {
        const { rows } = await h.pool.query<{ topic: string; bytes: number; reason: string; outbox_id: number; message_index: number }>(
          'SELECT outbox_id, message_index, topic, bytes, reason FROM outbox_set_aside',
        );
        return rows.length > 0 && rows;
      },
      15_000,
      'the refused event set aside',
    );
    expect(rows).toEqual([
      expect.objectContaining({ topic: h.topics.coinTransactions, reason: expect.stringContaining('MESSAGE_TOO_LARGE') }),
    ]);
    expect(rows[0]!.bytes).toBeGreaterThan(30_000);
    // The row's message set aside is the refused mint's event; every other message of its row, and every row, is published.
    const { rows: held } = await h.pool.query<{ messages: string }>('SELECT messages FROM outbox_batches WHERE id = $1', [
      rows[0]!.outbox_id,
    ]);
    const message = decodeOutboxMessages(held[0]!.messages)[rows[0]!.message_index]!;
    expect((JSON.parse(message.payload) as { transaction: { id: number } }).transaction.id).toBe(refused);
    expect(published.has(refused)).toBe(false);
    expect(await setAsideCount()).toBe(1);
    // The command itself was applied and stays so: never set aside for its event.
    expect(deadLettered.has(refusedCommand)).toBe(false);
    expect(await mint(userId, 200, metadata, refusedCommand)).toMatchObject({ ok: true, replayed: true });
  });
});
