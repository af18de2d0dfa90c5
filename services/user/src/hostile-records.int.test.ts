import { createHash, randomUUID } from 'node:crypto';
import { dlqOf, headerNames, userDraft, userPartitionKeyOf } from '@coin/contracts';
import { fastGroupSettings, readHeaders } from '@coin/kafka';
import type { Consumer } from 'kafkajs';
import { scaledBound } from '../../../test/harness/machine-speed';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { loadUserConfig, type RunningService, startUserService } from './index';

/**
 * A record on user.commands just under the broker's largest record (message.max.bytes: a record
 * batch of 1,048,588 bytes), with no reply headers. The consumer refuses it and dead-letters it; the
 * dead letter's own headers (dlq-original-topic, -partition, -offset, dlq-error, dlq-at) take it
 * over the limit, and the broker refuses the dead letter. On the code before the fix that refusal
 * was taken for the broker being away and the partition stopped for good; a redrive of the dead
 * letter would stop it again.
 */

/** The broker's largest record batch by default (message.max.bytes). */
const brokerRecordBatchBytesMax = 1_048_588;
/**
 * The framing of a batch of one record, as kafkajs writes it (record batch v2): the batch header
 * (61 bytes) and the record's length, attributes, timestamp and offset deltas, key and value
 * lengths and header count (varints: 3 + 1 + 1 + 1 + 1 + 3 + 1 bytes for a key under 64 bytes and a
 * value near 1 MB). Each header adds its two lengths (a byte each for short ones).
 */
const oneRecordFramingBytes = 72;

/** A record's key, value and headers, the bytes the broker counts besides the framing. */
function contentBytes(key: string, valueBytes: number, headers: Record<string, string>): number {
  const headerBytes = Object.entries(headers).reduce((n, [name, text]) => n + Buffer.byteLength(name) + Buffer.byteLength(text), 0);
  return Buffer.byteLength(key) + valueBytes + headerBytes;
}

describe('a record of about 1 MB on user.commands, just under what the broker takes', () => {
  let h: LedgerHarness;
  let user: RunningService;
  let dlqReader: Consumer;
  const deadLetters: Array<{ headers: Record<string, string>; value: Buffer }> = [];

  beforeAll(async () => {
    // The ledger harness provisions every service's topics and schemas; only the user service runs.
    h = await startLedgerHarness();
    user = await startUserService(loadUserConfig(h.serviceEnvs.user), h.logger);
    dlqReader = h.kafka.consumer({ groupId: `${h.prefix}hostile-records-dlq-reader`, ...fastGroupSettings });
    await dlqReader.connect();
    await dlqReader.subscribe({ topic: dlqOf(h.topics.userCommands), fromBeginning: true });
    await dlqReader.run({
      eachMessage: async ({ message }) =>
        void deadLetters.push({ headers: readHeaders(message.headers), value: message.value ?? Buffer.alloc(0) }),
    });
  }, 90_000);

  afterAll(async () => {
    await dlqReader?.disconnect();
    await user?.close();
    await h?.close();
  });

  const registration = (email: string) => userDraft('user.register', { email, passwordHash: 'scrypt$1$2$3$c2FsdA$a2V5', fullName: 'Ada' });

  async function register(email: string) {
    const draft = registration(email);
    const command = {
      commandId: randomUUID(),
      issuedAt: new Date().toISOString(),
      actor: { kind: 'user' as const, id: 'anonymous' },
      ...draft,
    };
    return h.client.request({ topic: h.topics.userCommands, key: userPartitionKeyOf(draft), command, timeoutMs: scaledBound(20_000) });
  }

  it('when it comes first on its partition, then the registration right after it completes in its usual time, and the record is dead-lettered truncated, with its size and digest', async () => {
    const usualStarted = Date.now();
    expect(await register(`usual-${randomUUID()}@hostile.test`)).toMatchObject({ ok: true });
    const usualMs = Date.now() - usualStarted;

    // A registration whose name fills the record: valid JSON the schema refuses, with no reply headers.
    const email = `after-${randomUUID()}@hostile.test`;
    const key = userPartitionKeyOf(registration(email));
    const commandId = randomUUID();
    const prefix = JSON.stringify({
      commandId,
      type: 'user.register',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'user', id: 'anonymous' },
      data: { email: 'huge@hostile.test', passwordHash: 'h', fullName: '' },
    }).slice(0, -3);
    const headers = { [headerNames.commandId]: commandId, [headerNames.type]: 'user.register' };
    // Forty bytes under the limit (room for a miscount of the framing), so the broker takes it; the
    // dead letter's headers add some 200.
    const framingBytes = oneRecordFramingBytes + 2 * Object.keys(headers).length;
    const valueBytes = brokerRecordBatchBytesMax - framingBytes - contentBytes(key, 0, headers) - 40;
    const value = `${prefix}${'n'.repeat(valueBytes - prefix.length - 3)}"}}`;
    expect(Buffer.byteLength(value)).toBe(valueBytes);
    await h.producer.send(h.topics.userCommands, { key, value, headers });

    const started = Date.now();
    const after = await register(email);
    const afterMs = Date.now() - started;
    console.info(
      `a record of ${valueBytes} bytes on user.commands: a registration took ${usualMs} ms before it, ${afterMs} ms right after it`,
    );
    expect(after).toMatchObject({ ok: true });
    // The gateway's own deadline is 5 s (scaled to the machine); before the fix this timed out.
    expect(afterMs).toBeLessThan(scaledBound(5_000));

    const dead = await eventually(
      async () => deadLetters.find((d) => d.headers[headerNames.commandId] === commandId),
      10_000,
      'the dead letter of the 1 MB record',
    );
    expect(dead.headers).toMatchObject({
      'dlq-original-topic': h.topics.userCommands,
      'dlq-truncated': 'true',
      'dlq-original-bytes': String(contentBytes(key, valueBytes, headers)),
      'dlq-original-sha256': createHash('sha256').update(value).digest('hex'),
    });
    expect(dead.value.length).toBeLessThan(100_000);
    expect(value.startsWith(dead.value.toString('utf8'))).toBe(true);
  }, 120_000);
});
