import { dlqOf, topicName } from '@coin/contracts';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { listDlqs, listLines, showDlq, showOldestDlq } from '../../scripts/inspect-dlq';
import { ownerCheckOf, redriveDlq } from '../../scripts/redrive-dlq';
import { testInfra, uniquePrefix } from '../harness/env';
import { eventually } from '../harness/eventually';

const logger = createLogger('inspect-dlq-test', 'error');

/** A command's caller's access token, as its proof carries it: what dlq:show must never print. */
const token = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiI0MiIsInJvbGUiOiJVU0VSIn0.c2lnbmF0dXJlLWJ5dGVzLW9mLXRoZS10b2tlbg';

describe('npm run dlq:list and dlq:show against a real broker', () => {
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'inspect-dlq-test', logger });
  const admin = kafka.admin();
  const producer = kafka.producer();
  beforeAll(async () => {
    await Promise.all([admin.connect(), producer.connect()]);
  });
  afterAll(async () => {
    await Promise.all([admin.disconnect(), producer.disconnect()]);
  });

  const deadLetter = (offset: number, at: string, error: string) => ({
    key: `wallet-${offset}`,
    value: JSON.stringify({ commandId: `c-${offset}`, type: 'ledger.transfer', proof: token, data: { amount: 5 } }),
    headers: {
      'command-id': `c-${offset}`,
      authorization: `Bearer ${token}`,
      'dlq-original-topic': 'ledger.commands',
      'dlq-original-partition': '0',
      'dlq-original-offset': String(offset),
      'dlq-error': error,
      'dlq-at': at,
    },
  });

  it('when two topics hold dead letters, then the list counts each with its oldest age; show prints the oldest, or the one asked for, with its proof and authorization redacted; neither moves the redrive', async () => {
    const prefix = uniquePrefix();
    const commandsDlq = dlqOf(topicName(prefix, 'ledger.commands'));
    const transactionsDlq = dlqOf(topicName(prefix, 'coin.transactions'));
    await admin.createTopics({
      waitForLeaders: false,
      topics: [
        { topic: commandsDlq, numPartitions: 2 },
        { topic: transactionsDlq, numPartitions: 1 },
        // Where the redrive at the end sends them back.
        { topic: topicName(prefix, 'ledger.commands'), numPartitions: 2 },
      ],
    });
    // A topic created a moment ago takes records once its partitions are hosted.
    for (const topic of [commandsDlq, transactionsDlq])
      await eventually(async () => ((await admin.fetchTopicOffsets(topic).catch(() => [])).length > 0 ? true : undefined));
    const now = Date.now();
    const hourAgo = new Date(now - 3_600_000).toISOString();
    const minuteAgo = new Date(now - 60_000).toISOString();
    await producer.send({
      topic: commandsDlq,
      messages: [
        { ...deadLetter(1, minuteAgo, 'set aside (permanent, code 23505): duplicate key'), partition: 0 },
        { ...deadLetter(2, minuteAgo, 'not JSON'), partition: 0 },
        { ...deadLetter(3, hourAgo, `proof refused: ${token} expired`), partition: 1 },
      ],
    });
    await producer.send({ topic: transactionsDlq, messages: [{ key: '9', value: 'not json', headers: { 'dlq-at': minuteAgo } }] });

    const listed = await eventually(async () => {
      const summaries = await listDlqs(kafka, prefix);
      return summaries.length === 2 ? summaries : undefined;
    });
    expect(listed.map((s) => [s.topic, s.count, s.oldestAt?.toISOString()]).sort()).toEqual([
      ['coin.transactions', 1, minuteAgo],
      ['ledger.commands', 3, hourAgo],
    ]);

    const oldest = (await showDlq(kafka, prefix, 'ledger.commands', {})).join('\n');
    expect(oldest).toContain('ledger.commands.dlq partition 1 offset 0 (it holds offsets 0 to 0)');
    expect(oldest).toContain('error: proof refused: [redacted] expired');
    expect(oldest).toContain('  authorization: [redacted]');
    expect(oldest).toContain('"proof": "[redacted]"');
    expect(oldest).toContain('key: wallet-3');
    expect(oldest).not.toContain(token.slice(0, 40));

    const second = await showDlq(kafka, prefix, 'ledger.commands', { partition: 0, offset: 1 });
    expect(second.slice(0, 4)).toEqual([
      'ledger.commands.dlq partition 0 offset 1 (it holds offsets 0 to 1)',
      expect.stringMatching(/^dead-lettered: .* \(1 min ago\)$/),
      'from: ledger.commands partition 0 offset 2',
      'error: not JSON',
    ]);
    expect(second).not.toContainEqual(expect.stringMatching(/^next: /));
    expect(await showDlq(kafka, prefix, 'ledger.commands', { partition: 0, offset: 2 })).toEqual([
      `${commandsDlq} holds no dead letter at partition 0 offset 2`,
    ]);
    expect(await showDlq(kafka, prefix, 'user.commands', {})).toEqual([`no dead letters in ${dlqOf(topicName(prefix, 'user.commands'))}`]);

    // Looking left no group behind and moved nothing: the redrive still finds all three (and keeps
    // them: their made-up headers are ones their consumer would refuse).
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId);
    expect(groups.filter((g) => g.startsWith(prefix))).toEqual([]);
    const { moved, refused } = await redriveDlq({
      kafka,
      topic: topicName(prefix, 'ledger.commands'),
      logger,
      check: ownerCheckOf('ledger.commands', {}),
    });
    expect(moved + refused).toBe(3);
  }, 90_000);

  it("when dlq:show is given no topic, then it shows the oldest dead letter of all; the sandbox's DLQs (<TOPIC_PREFIX>sandbox_) are listed beside the live ones and shown with --sandbox", async () => {
    const prefix = uniquePrefix();
    const liveOld = dlqOf(topicName(prefix, 'coin.holds'));
    const liveNew = dlqOf(topicName(prefix, 'ledger.commands'));
    const sandboxDlq = dlqOf(topicName(`${prefix}sandbox_`, 'coin.transactions'));
    await admin.createTopics({
      waitForLeaders: false,
      topics: [liveOld, liveNew, sandboxDlq].map((topic) => ({ topic, numPartitions: 1 })),
    });
    for (const topic of [liveOld, liveNew, sandboxDlq])
      await eventually(async () => ((await admin.fetchTopicOffsets(topic).catch(() => [])).length > 0 ? true : undefined));
    const now = Date.now();
    await producer.send({ topic: liveNew, messages: [deadLetter(1, new Date(now - 60_000).toISOString(), 'newer')] });
    await producer.send({ topic: liveOld, messages: [deadLetter(2, new Date(now - 7_200_000).toISOString(), 'older')] });
    await producer.send({ topic: sandboxDlq, messages: [deadLetter(3, new Date(now - 9_000_000).toISOString(), 'test money')] });

    const oldest = await eventually(async () => {
      const lines = await showOldestDlq(kafka, prefix);
      return lines[0]?.startsWith('coin.holds.dlq') ? lines : undefined;
    });
    expect(oldest.slice(0, 4)).toEqual([
      'coin.holds.dlq partition 0 offset 0 (it holds offsets 0 to 0)',
      expect.stringMatching(/^dead-lettered: .* \(2 h ago\)$/),
      'from: ledger.commands partition 0 offset 2',
      'error: older',
    ]);

    const live = await listDlqs(kafka, prefix);
    const sandbox = await listDlqs(kafka, prefix, true);
    expect(sandbox.map((s) => [s.topic, s.sandbox, s.count])).toEqual([['coin.transactions', true, 1]]);
    const lines = listLines([...live, ...sandbox], new Date(now));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      /^sandbox_coin\.transactions\.dlq: 1 dead letter\(s\) \(the sandbox's, test money\), oldest 2 h 30 min ago .*--sandbox --topic coin\.transactions$/,
    );

    const sandboxOldest = await showOldestDlq(kafka, prefix, true);
    expect(sandboxOldest.slice(0, 4)).toEqual([
      "sandbox_coin.transactions.dlq partition 0 offset 0 (it holds offsets 0 to 0), the sandbox's",
      expect.stringMatching(/^dead-lettered: .* \(2 h 30 min ago\)$/),
      'from: ledger.commands partition 0 offset 3',
      'error: test money',
    ]);
    expect(await showOldestDlq(kafka, uniquePrefix(), true)).toEqual(['no dead letters in the sandbox']);
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId);
    expect(groups.filter((g) => g.startsWith(prefix))).toEqual([]);
  }, 90_000);
});
