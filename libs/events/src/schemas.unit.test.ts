import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { compareEventSchemas, describeChanges } from './compatibility';
import { eventJsonSchemaFiles, eventTopics, type JsonSchema, sameJson } from './json-schema';
import { coinHoldEvent, holdCaptured } from './coin-holds';
import { coinTransactionEvent, transactionRecorded } from './coin-transactions';
import { userEvent, userEventV2 } from './user-events';
import {
  sampleAdminActionRecordedEvent,
  sampleEvents,
  sampleHoldCapturedEvent,
  sampleRecordedEvent,
  sampleRecordedWithMetadataEvent,
} from './sample-events';
import { adminActionRecorded } from './admin-audit';

/*
 * The compatibility test: the JSON Schemas generated now from the zod schemas against the ones
 * committed in libs/events/schemas (what consumers of the published package compile against).
 */
const schemasDir = join(__dirname, '..', 'schemas');
const generated = eventJsonSchemaFiles();

/** One validator per schema file, compiled once by one Ajv (a topic's samples share it). */
const ajv = addFormats(new Ajv2020({ strict: false }));
const validators = new Map<string, ValidateFunction>();
function validatorOf(name: string, schema: () => JsonSchema): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(schema());
    validators.set(name, validate);
  }
  return validate;
}
/** The validator of a schema committed in libs/events/schemas. */
const committedValidator = (file: string) =>
  validatorOf(`committed ${file}`, () => JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as JsonSchema);
/** The validator of a schema generated now from the zod schemas. */
const generatedValidator = (file: string) => validatorOf(`generated ${file}`, () => generated[file]!);

describe('the committed JSON Schemas of the event topics', () => {
  it('then there is one per topic: coin.transactions.json, coin.holds.json, coin.balances.json, coin.approvals.json, coin.approvals.v2.json, user.events.json, user.events.v2.json, admin.audit.json, coin.balance-monitors.json, coin.payout-approvals.json, coin.mandates.json and coin.monitoring-cases.json', () => {
    expect(Object.keys(generated).sort()).toEqual([
      'admin.audit.json',
      'coin.approvals.json',
      'coin.approvals.v2.json',
      'coin.balance-monitors.json',
      'coin.balances.json',
      'coin.holds.json',
      'coin.mandates.json',
      'coin.monitoring-cases.json',
      'coin.payout-approvals.json',
      'coin.transactions.json',
      'user.events.json',
      'user.events.v2.json',
    ]);
  });

  it('then EVENTS.md names every one of them, so a consumer in another language finds each', () => {
    const eventsDoc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'EVENTS.md'), 'utf8');
    const unnamed = Object.keys(generated).filter((file) => !eventsDoc.includes(`\`${file}\``));
    expect(unnamed).toEqual([]);
  });

  it('then the package exports each of them and the AsyncAPI document, so a consumer can import them', () => {
    const { exports } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    for (const file of [...Object.keys(generated).map((name) => `schemas/${name}`), 'asyncapi.json'])
      expect([file, exports[`./${file}`]]).toEqual([file, `./${file}`]);
  });

  it.each(Object.keys(generated))(
    'when %s is generated again from the zod schemas, then no change breaks its consumers and the file is current',
    (file) => {
      // A new topic has no committed file yet: adding one is not a breaking change, only an outdated package.
      if (!existsSync(join(schemasDir, file))) throw new Error(`${file} is missing: a new topic; run npm run events:schemas`);
      const committed = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as JsonSchema;
      const report = compareEventSchemas(committed, generated[file]!);
      if (report.breaking.length > 0) {
        throw new Error(
          `${file}: the event schema change breaks existing consumers:\n${describeChanges(report.breaking)}\n` +
            'Make it additive (a new optional field or a new event type), or follow docs/EVENTS.md "Versioning policy" ' +
            '(a new version on a new topic).',
        );
      }
      if (!sameJson(committed, generated[file]!)) {
        const what = report.compatible.length > 0 ? `:\n${describeChanges(report.compatible)}` : ' (the order of keys only)';
        throw new Error(`${file} is outdated; the change is compatible${what}\nrun npm run events:schemas`);
      }
    },
  );

  it('then each is a draft 2020-12 oneOf of the event types the zod unions know', () => {
    const typesOf = (schema: JsonSchema) => (schema.oneOf as JsonSchema[]).map((b) => (b.properties as any).type.const);
    expect(generated['coin.transactions.json']!.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(typesOf(generated['coin.transactions.json']!)).toEqual(coinTransactionEvent.options.map((o) => o.shape.type.value));
    expect(typesOf(generated['coin.holds.json']!)).toEqual(coinHoldEvent.options.map((o) => o.shape.type.value));
    expect(typesOf(generated['user.events.json']!)).toEqual(userEvent.options.map((o) => o.shape.type.value));
    expect(typesOf(generated['user.events.v2.json']!)).toEqual(userEventV2.options.map((o) => o.shape.type.value));
  });

  it('then every event type of every topic has a sample event', () => {
    for (const { topic, schema } of eventTopics) {
      const types = schema.options.map((o) => o.shape.type.value);
      expect([topic, sampleEvents[topic].map((e) => e.type)]).toEqual([topic, types]);
    }
  });

  it.each(
    eventTopics.flatMap(({ topic, schema, file }) =>
      sampleEvents[topic].map((event) => [event.type, topic, { event, schema, file }] as const),
    ),
  )(
    'when the sample %s is checked against the zod schema and the committed JSON Schema of %s, then both accept it',
    (_type, _topic, { event, schema, file }) => {
      const validate = committedValidator(file);
      expect(schema.safeParse(event).success).toBe(true);
      expect([validate(event), validate.errors ?? []]).toEqual([true, []]);
      expect(validate({ ...event, addedLater: 'a new optional field' })).toBe(true);
      expect(validate({ ...event, type: `${event.type}.other` })).toBe(false);
      expect(validate({ ...event, version: event.version + 1 })).toBe(false);
    },
  );

  it('when a transaction carries metadata and its client (1.6.0), then the zod schema and the committed JSON Schema accept it, and metadata out of bounds neither', () => {
    const validate = committedValidator('coin.transactions.json');
    const event = sampleRecordedWithMetadataEvent;
    expect(transactionRecorded.safeParse(event).success).toBe(true);
    expect([validate(event), validate.errors ?? []]).toEqual([true, []]);
    const hostile = [
      { ...event.transaction.metadata, 'bad key': 'x' },
      { k: 'v'.repeat(501) },
      { k: 'a\u0000b' },
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
    ];
    for (const metadata of hostile) {
      const wrong = { ...event, transaction: { ...event.transaction, metadata } };
      expect([transactionRecorded.safeParse(wrong).success, validate(wrong)]).toEqual([false, false]);
    }
  });

  it('then a validator built from them accepts a real event, with an unknown extra field, and rejects a wrong one', () => {
    const validate = generatedValidator('coin.transactions.json');
    const event = sampleRecordedEvent;
    expect(transactionRecorded.safeParse(event).success).toBe(true);
    expect(validate(event)).toBe(true);
    expect(validate({ ...event, addedLater: 'a new optional field' })).toBe(true);
    expect(validate({ ...event, transaction: { ...event.transaction, type: 'GIFT' } })).toBe(false);
    expect(validate({ ...event, type: 'coin.transaction.other' })).toBe(false);
  });

  it('then the coin.holds validator rejects a hold status or a treasury it does not know, and a missing hold field', () => {
    const validate = generatedValidator('coin.holds.json');
    const event = sampleHoldCapturedEvent;
    expect(holdCaptured.safeParse(event).success).toBe(true);
    expect(validate(event)).toBe(true);
    expect(validate({ ...event, hold: { ...event.hold, status: 'RELEASED' } })).toBe(false);
    expect(validate({ ...event, hold: { ...event.hold, toTreasury: 'BANK' } })).toBe(false);
    expect(validate({ ...event, hold: { ...event.hold, capturedAmount: undefined } })).toBe(false);
    expect(validate({ ...event, hold: { ...event.hold, id: 'hold-1' } })).toBe(false);
  });
});

describe('the admin.audit schema', () => {
  it('then its validator rejects an unknown action or result and a record without a request id field', () => {
    const validate = generatedValidator('admin.audit.json');
    const event = sampleAdminActionRecordedEvent;
    expect(adminActionRecorded.safeParse(event).success).toBe(true);
    expect(validate(event)).toBe(true);
    expect(validate({ ...event, record: { ...event.record, action: 'money.print' } })).toBe(false);
    expect(validate({ ...event, record: { ...event.record, result: 'maybe' } })).toBe(false);
    expect(validate({ ...event, record: { ...event.record, requestId: undefined } })).toBe(false);
    expect(validate({ ...event, record: { ...event.record, summary: { nested: { a: 1 } } } })).toBe(false);
  });
});
