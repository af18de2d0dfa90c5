import type { KafkaMessage } from 'kafkajs';
import {
  ageOf,
  deadLetteredAt,
  listLines,
  oldestTopic,
  redactedHeaders,
  redactedText,
  showLines,
  showRequestOf,
  shownBody,
  spacePrefix,
} from './inspect-dlq';

const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiI0MiIsInJvbGUiOiJBRE1JTiJ9.c2lnbmF0dXJlLWJ5dGVz';

const message = (fields: Partial<KafkaMessage> & { headers?: Record<string, string> }): KafkaMessage =>
  // kafkajs types a message as a union of its two wire formats; a fixture is either, so it is converted through unknown.
  ({ key: null, value: null, timestamp: '0', attributes: 0, offset: '0', size: 0, headers: {}, ...fields }) as unknown as KafkaMessage;

describe('dlq:show redacts what may carry a credential', () => {
  it("when a command's body holds its caller's token as proof, a key proof and a password, then each is censored and the rest is shown", () => {
    const body = {
      commandId: 'c-1',
      type: 'ledger.transfer',
      proof: jwt,
      keyProof: jwt,
      data: { amount: 5, password: 'hunter2', reason: 'Donation' },
    };
    const shown = shownBody(Buffer.from(JSON.stringify(body)));
    expect(shown.kind).toMatch(/^JSON, \d+ bytes$/);
    expect(JSON.parse(shown.text)).toEqual({
      commandId: 'c-1',
      type: 'ledger.transfer',
      proof: '[redacted]',
      keyProof: '[redacted]',
      data: { amount: 5, password: '[redacted]', reason: 'Donation' },
    });
    expect(shown.text).not.toContain('hunter2');
  });

  it('when a token sits in a field of no secret name, a header or the error text, then it is censored there too', () => {
    expect(JSON.parse(shownBody(Buffer.from(JSON.stringify({ note: `Bearer ${jwt}` }))).text)).toEqual({ note: '[redacted]' });
    expect(redactedText(`refused: token ${jwt} expired`)).toBe('refused: token [redacted] expired');
    expect(redactedText('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw leaked')).toBe('[redacted] leaked');
    expect(redactedHeaders({ authorization: 'Bearer x', 'x-api-key': 'k', 'correlation-id': 'a-b', 'dlq-error': `bad ${jwt}` })).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      'correlation-id': 'a-b',
      'dlq-error': 'bad [redacted]',
    });
  });

  it('when the body is not JSON, then its text is shown, cut after 4,096 characters, with credentials censored', () => {
    expect(shownBody(Buffer.from(`not json ${jwt}`))).toEqual({ kind: 'not JSON, 87 bytes', text: 'not json [redacted]' });
    const long = shownBody(Buffer.from('x'.repeat(5000)));
    expect(long.text).toBe(`${'x'.repeat(4096)}… (904 more characters)`);
    expect(shownBody(null)).toEqual({ kind: 'none', text: '' });
  });
});

describe('dlq:list and dlq:show lines', () => {
  const now = new Date('2026-11-28T12:00:00.000Z');

  it('when ages are told, then in the unit people say them in', () => {
    expect([ageOf(42_000), ageOf(5 * 60_000), ageOf(200 * 60_000), ageOf(52 * 3_600_000), ageOf(-5)]).toEqual([
      '42 s',
      '5 min',
      '3 h 20 min',
      '2 d 4 h',
      '0 s',
    ]);
  });

  it('when a dead letter has dlq-at, then that is when it was set aside; else its record time; else unknown', () => {
    expect(deadLetteredAt(message({ headers: { 'dlq-at': '2026-11-28T11:00:00.000Z' }, timestamp: '1' }))?.toISOString()).toBe(
      '2026-11-28T11:00:00.000Z',
    );
    expect(deadLetteredAt(message({ timestamp: String(now.getTime()) }))).toEqual(now);
    expect(deadLetteredAt(message({ headers: { 'dlq-at': 'never' } }))).toBeNull();
  });

  it('when topics hold dead letters, then the fullest comes first, each with its oldest age, the command that shows it, and whether it may be redriven', () => {
    expect(
      listLines(
        [
          { topic: 'coin.transactions', count: 1, oldestAt: new Date('2026-11-28T11:55:00.000Z') },
          { topic: 'ledger.commands', count: 3, oldestAt: new Date('2026-11-28T10:00:00.000Z') },
          { topic: 'coin.holds', count: 1, oldestAt: null },
        ],
        now,
      ),
    ).toEqual([
      'ledger.commands.dlq: 3 dead letter(s), oldest 2 h ago (2026-11-28T10:00:00.000Z); see it with npm run dlq:show -- --topic ledger.commands',
      'coin.holds.dlq: 1 dead letter(s), oldest unreadable; no owner check: not redriven; see it with npm run dlq:show -- --topic coin.holds',
      'coin.transactions.dlq: 1 dead letter(s), oldest 5 min ago (2026-11-28T11:55:00.000Z); see it with npm run dlq:show -- --topic coin.transactions',
    ]);
    expect(listLines([], now)).toEqual(['no dead letters']);
    expect(listLines([{ topic: 'admin.audit', count: null, oldestAt: null }], now)).toEqual([
      'no dead letters',
      "not readable with these credentials (another owner's): admin.audit.dlq",
    ]);
  });

  it('when one is shown, then its place, time, origin, error, redacted headers, key and body, and the next one to look at', () => {
    const dead = message({
      offset: '3',
      key: Buffer.from('42'),
      value: Buffer.from('{"proof":"x","data":{"amount":5}}'),
      headers: {
        'command-id': 'c-1',
        authorization: 'Bearer abc',
        'dlq-original-topic': 'ledger.commands',
        'dlq-original-partition': '1',
        'dlq-original-offset': '17',
        'dlq-error': 'set aside (permanent, code 23505): duplicate key',
        'dlq-at': '2026-11-28T11:59:18.000Z',
      },
    });
    expect(showLines('ledger.commands', { partition: 1, range: { partition: 1, low: 2, high: 5 } }, dead, now)).toEqual([
      'ledger.commands.dlq partition 1 offset 3 (it holds offsets 2 to 4)',
      'dead-lettered: 2026-11-28T11:59:18.000Z (42 s ago)',
      'from: ledger.commands partition 1 offset 17',
      'error: set aside (permanent, code 23505): duplicate key',
      'headers:',
      '  command-id: c-1',
      '  authorization: [redacted]',
      '  dlq-original-topic: ledger.commands',
      '  dlq-original-partition: 1',
      '  dlq-original-offset: 17',
      '  dlq-error: set aside (permanent, code 23505): duplicate key',
      '  dlq-at: 2026-11-28T11:59:18.000Z',
      'key: 42',
      'body (JSON, 33 bytes):',
      '{\n  "proof": "[redacted]",\n  "data": {\n    "amount": 5\n  }\n}',
      'next: npm run dlq:show -- --topic ledger.commands --partition 1 --offset 4',
    ]);
  });

  it("when the sandbox's DLQs hold dead letters too, then they are listed after the live ones under their sandbox_ name, with the show command that reads them", () => {
    expect(
      listLines(
        [
          { topic: 'coin.transactions', sandbox: true, count: 5, oldestAt: new Date('2026-11-28T11:00:00.000Z') },
          { topic: 'ledger.commands', count: 1, oldestAt: new Date('2026-11-28T11:55:00.000Z') },
          { topic: 'admin.audit', sandbox: true, count: null, oldestAt: null },
        ],
        now,
      ),
    ).toEqual([
      'ledger.commands.dlq: 1 dead letter(s), oldest 5 min ago (2026-11-28T11:55:00.000Z); see it with npm run dlq:show -- --topic ledger.commands',
      "sandbox_coin.transactions.dlq: 5 dead letter(s) (the sandbox's, test money), oldest 1 h ago (2026-11-28T11:00:00.000Z); see it with npm run dlq:show -- --sandbox --topic coin.transactions",
      "not readable with these credentials (another owner's): sandbox_admin.audit.dlq",
    ]);
    expect([spacePrefix('', true), spacePrefix('staging_', true), spacePrefix('staging_', false)]).toEqual([
      'sandbox_',
      'staging_sandbox_',
      'staging_',
    ]);
    const dead = message({ offset: '0', headers: { 'dlq-at': '2026-11-28T11:59:00.000Z' } });
    const shown = showLines('coin.transactions', { partition: 0, range: { partition: 0, low: 0, high: 2 } }, dead, now, true);
    expect([shown[0], shown.at(-1)]).toEqual([
      "sandbox_coin.transactions.dlq partition 0 offset 0 (it holds offsets 0 to 1), the sandbox's",
      'next: npm run dlq:show -- --sandbox --topic coin.transactions --partition 0 --offset 1',
    ]);
  });
});

describe('dlq:show with no arguments', () => {
  it("when no topic is named, then it asks for the oldest dead letter of all (the live ones, or with --sandbox the sandbox's); a place needs its topic", () => {
    expect(showRequestOf({})).toEqual({ sandbox: false });
    expect(showRequestOf({ sandbox: true })).toEqual({ sandbox: true });
    expect(showRequestOf({ topic: 'ledger.commands', partition: '1', offset: '4' })).toEqual({
      topic: 'ledger.commands',
      partition: 1,
      offset: 4,
      sandbox: false,
    });
    expect(() => showRequestOf({ partition: '1' })).toThrow('--partition needs --topic');
    expect(() => showRequestOf({ topic: 'ledger.commands', offset: '4' })).toThrow('--offset needs --partition');
    expect(() => showRequestOf({ topic: 'nope' })).toThrow(/^--topic must be one of /);
    expect(() => showRequestOf({ topic: 'ledger.commands', partition: '-1' })).toThrow('--partition must be a whole number');
  });

  it('when several DLQs hold dead letters, then the oldest is the topic whose first one was set aside first; one of unknown age comes after; none is null', () => {
    const at = (iso: string) => new Date(iso);
    expect(
      oldestTopic([
        { topic: 'coin.holds', count: 1, oldestAt: null },
        { topic: 'coin.transactions', count: 2, oldestAt: at('2026-11-28T11:00:00.000Z') },
        { topic: 'ledger.commands', count: 9, oldestAt: at('2026-11-28T11:30:00.000Z') },
        { topic: 'admin.audit', count: null, oldestAt: null },
      ]),
    ).toBe('coin.transactions');
    expect(oldestTopic([{ topic: 'coin.holds', count: 1, oldestAt: null }])).toBe('coin.holds');
    expect(oldestTopic([{ topic: 'admin.audit', count: null, oldestAt: null }])).toBeNull();
    expect(oldestTopic([])).toBeNull();
  });
});
