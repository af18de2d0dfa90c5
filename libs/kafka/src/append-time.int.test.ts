import { ConfigResourceTypes } from 'kafkajs';
import { appendTimeConfig, topicNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { eventually } from '../../../test/harness/eventually';
import { createKafka } from './client';
import { assertAppendTime, ensureTopics, topicSpecs } from './topics';

const logger = createLogger('append-time-int', 'error');

/**
 * The command topics stamp their records with the broker's append time (docs/DESIGN.md "Who
 * asks"): created so, an older topic of CreateTime set so by the migrate step (its other configs
 * kept), and a service refuses to start on one that is not.
 */
describe('command topics and the broker append time', () => {
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'append-time-int', logger });
  const admin = kafka.admin();
  beforeAll(() => admin.connect());
  afterAll(() => admin.disconnect());

  it('when the topics are created, then the command topics are LogAppendTime and a record carries the append time, not the producer one', async () => {
    const prefix = uniquePrefix();
    await ensureTopics(kafka, topicSpecs(prefix));
    const topics = topicNames(prefix);
    await expect(assertAppendTime(admin, [topics.ledgerCommands, topics.ledgerInternal, topics.userCommands])).resolves.toBeUndefined();
    const producer = kafka.producer();
    await producer.connect();
    const backdated = String(Date.now() - 3_600_000);
    await producer.send({ topic: topics.userCommands, messages: [{ key: 'k', value: 'v', timestamp: backdated }] });
    await producer.disconnect();
    const consumer = kafka.consumer({ groupId: `${prefix}append-time` });
    await consumer.connect();
    await consumer.subscribe({ topic: topics.userCommands, fromBeginning: true });
    const timestamp = await new Promise<number>((resolve) => {
      void consumer.run({ eachMessage: async ({ message }) => resolve(Number(message.timestamp)) });
    });
    await consumer.disconnect();
    expect(Math.abs(timestamp - Date.now())).toBeLessThan(60_000);
  });

  it('when a command topic was created with CreateTime, then a service refuses to start, and the migrate step sets it, keeping its other configs', async () => {
    const prefix = uniquePrefix();
    const topics = topicNames(prefix);
    await admin.createTopics({
      waitForLeaders: false,
      topics: [
        {
          topic: topics.ledgerCommands,
          numPartitions: 2,
          configEntries: [
            { name: appendTimeConfig.name, value: 'CreateTime' },
            { name: 'retention.ms', value: '123456789' },
          ],
        },
      ],
    });
    // A topic created a moment ago is described once its partitions are hosted.
    await eventually(
      async () => ((await admin.fetchTopicOffsets(topics.ledgerCommands)).length === 2 ? true : undefined),
      15_000,
      'the topic',
    );
    await expect(assertAppendTime(admin, [topics.ledgerCommands])).rejects.toThrow(
      new RegExp(`${topics.ledgerCommands}: message.timestamp.type must be LogAppendTime.*run the migrate step`),
    );
    await ensureTopics(kafka, topicSpecs(prefix));
    await expect(assertAppendTime(admin, [topics.ledgerCommands])).resolves.toBeUndefined();
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topics.ledgerCommands, configNames: ['retention.ms'] }],
    });
    expect(resources[0]!.configEntries[0]!.configValue).toBe('123456789');
  });
});
