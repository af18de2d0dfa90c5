import { coinApprovalEventTypes, coinApprovalEventTypesV2, coinBalanceEventTypes, coinPayoutApprovalEventTypes } from '@coin/events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import specs from '@asyncapi/specs';
import { buildAsyncApiDocument, eventContractVersion, publishedEvents } from './asyncapi';
import { coinHoldEvent, holdCaptured } from './holds';
import { coinMandateEventTypes } from './mandates';
import { transactionRecorded } from './ledger';
import { defaultPartitions } from './topics';
import { userEvent, userEventV2 } from './user';
import { sampleEvents, sampleHoldCapturedEvent } from '../../events/src/sample-events';

type Json = Record<string, any>;

function resolve(doc: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);
}

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refsOf(n, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  }
  return out;
}

describe('AsyncAPI document generated from the zod event schemas', () => {
  const doc = buildAsyncApiDocument();

  it('when validated against the official AsyncAPI 3.0.0 JSON Schema, then it has no errors', () => {
    // The bundled schema embeds its own copy of the draft-07 meta-schema, so Ajv's must stay out.
    const ajv = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false });
    addFormats(ajv);
    const validate = ajv.compile((specs as unknown as { schemas: Record<string, object> }).schemas['3.0.0']!);
    const valid = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('then every topic and every event type are in it, and every $ref resolves', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect((doc.info as Json).version).toBe(eventContractVersion);
    const channels = doc.channels as Json;
    expect(Object.values(channels).map((c) => c.address)).toEqual([
      'coin.transactions',
      'coin.holds',
      'coin.mandates',
      'coin.balances',
      'coin.approvals',
      'coin.approvals.v2',
      'coin.payout-approvals',
      'user.events',
      'user.events.v2',
      'admin.audit',
      'coin.balance-monitors',
      'coin.monitoring-cases',
    ]);
    const names = Object.values(doc.components as Json)
      .flatMap((group) => Object.values(group as Json))
      .map((m) => m.name);
    // The document lists exactly the event types of the unions the code validates with, so an
    // event added in code without being documented fails here.
    const holdTypes = coinHoldEvent.options.map((o) => o.shape.type.value);
    const userTypes = userEvent.options.map((o) => o.shape.type.value);
    const approvalTypes = coinApprovalEventTypes;
    expect(names).toEqual([
      'coin.transaction.recorded',
      ...holdTypes,
      ...coinMandateEventTypes,
      ...coinBalanceEventTypes,
      ...approvalTypes,
      ...coinApprovalEventTypesV2,
      ...coinPayoutApprovalEventTypes,
      ...userTypes,
      ...userEventV2.options.map((o) => o.shape.type.value),
      'admin.action.recorded',
      'admin.refusal.recorded',
      'admin.service-action.recorded',
      'coin.balance-monitor.crossed',
      'coin.monitoring-case.opened',
    ]);
    for (const ref of refsOf(doc)) expect([ref, resolve(doc, ref) !== undefined]).toEqual([ref, true]);
  });

  it('then a payload schema accepts what the zod schema accepts and rejects what it rejects', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const payload = (resolve(doc, '#/components/messages/coinTransactionRecorded') as Json).payload;
    const check = ajv.compile(payload);
    const good = {
      eventId: '0b7f5b5e-58c5-4c59-9a38-1a4d0f0f9d11',
      type: 'coin.transaction.recorded',
      version: 1,
      occurredAt: '2030-01-01T00:00:00.000Z',
      transaction: {
        id: 7,
        type: 'TRANSFER',
        amount: 1.5,
        fromUserId: 1,
        toUserId: 2,
        fromTreasury: null,
        toTreasury: null,
        reason: 'r',
        reference: null,
        refundOf: null,
        createdAt: '2030-01-01T00:00:00.000Z',
      },
    };
    expect(transactionRecorded.safeParse(good).success).toBe(true);
    expect(check(good)).toBe(true);
    const bad = { ...good, version: 2 };
    expect(transactionRecorded.safeParse(bad).success).toBe(false);
    expect(check(bad)).toBe(false);
  });

  it('then the coinHolds channel is keyed by the hold id, has the partitions of coin.holds and is consumed by one operation of its four events', () => {
    const channel = (doc.channels as Json).coinHolds;
    expect(channel.address).toBe('coin.holds');
    expect(channel.bindings.kafka).toMatchObject({ topic: 'coin.holds', partitions: defaultPartitions['coin.holds'] });
    expect(channel.description).toMatch(/PENDING.*CAPTURED, VOIDED or EXPIRED/);
    expect(channel.description).toMatch(/in order per key \(per hold\)/);
    expect(channel.description).toMatch(/deduplicate by eventId/);
    expect(Object.keys(channel.messages)).toEqual(['coinHoldCreated', 'coinHoldCaptured', 'coinHoldVoided', 'coinHoldExpired']);
    const operation = (doc.operations as Json).consumeCoinHolds;
    expect(operation).toMatchObject({ action: 'receive', channel: { $ref: '#/channels/coinHolds' }, summary: 'Consume coin.holds' });
    expect(operation.messages).toHaveLength(4);
    for (const name of Object.keys(channel.messages)) {
      const message = (doc.components as Json).messages[name];
      expect(message.bindings.kafka.key.description).toMatch(/hold id/);
      expect(message.headers.properties.type.const).toBe(message.name);
      expect(message.summary).toEqual(expect.any(String));
    }
    expect((doc.components as Json).messages.coinHoldCreated.summary).toContain('POST /api/coins/holds');
    expect((doc.components as Json).messages.coinHoldCaptured.summary).toContain('coin.transaction.recorded');
    expect((doc.components as Json).messages.coinHoldVoided.summary).toMatch(/closed/);
    expect((doc.components as Json).messages.coinHoldExpired.summary).toMatch(/expiry sweep/);
  });

  it.each(publishedEvents.flatMap((p) => p.messages.map((m) => [m.type, m.name, p.topic] as const)))(
    'then the payload schema of %s (%s) accepts its sample event and rejects another version',
    (type, name, topic) => {
      const ajv = new Ajv({ strict: false });
      addFormats(ajv);
      const check = ajv.compile((resolve(doc, `#/components/messages/${name}`) as Json).payload);
      const sample = (sampleEvents[topic as keyof typeof sampleEvents] as ReadonlyArray<{ type: string; version: number }>).find(
        (e) => e.type === type,
      );
      expect([type, sample !== undefined]).toEqual([type, true]);
      expect(check(sample)).toBe(true);
      expect(check({ ...sample, version: sample!.version + 1 })).toBe(false);
    },
  );

  it('then the coin.hold.captured payload rejects what the zod schema rejects', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const check = ajv.compile((resolve(doc, '#/components/messages/coinHoldCaptured') as Json).payload);
    const bad = { ...sampleHoldCapturedEvent, hold: { ...sampleHoldCapturedEvent.hold, status: 'RELEASED' } };
    expect(holdCaptured.safeParse(sampleHoldCapturedEvent).success).toBe(true);
    expect(check(sampleHoldCapturedEvent)).toBe(true);
    expect(holdCaptured.safeParse(bad).success).toBe(false);
    expect(check(bad)).toBe(false);
  });

  it('then the adminAudit channel has one partition (one total order for the hash chain) and is keyed by the record id', () => {
    const channel = (doc.channels as Json).adminAudit;
    expect(channel.address).toBe('admin.audit');
    expect(channel.bindings.kafka).toMatchObject({ topic: 'admin.audit', partitions: 1 });
    expect(channel.description).toMatch(/Never secrets/);
    expect(Object.keys(channel.messages)).toEqual(['adminActionRecorded', 'adminRefusalRecorded', 'adminServiceActionRecorded']);
    expect((doc.components as Json).messages.adminActionRecorded.bindings.kafka.key.description).toMatch(/record id/);
  });

  it('then its server declares the production security: TLS and SASL SCRAM-SHA-512, a scheme that resolves', () => {
    const server = (doc.servers as Json).kafka;
    expect(server.protocol).toBe('kafka-secure');
    expect(server.security).toEqual([{ $ref: '#/components/securitySchemes/saslScramSha512' }]);
    const scheme = resolve(doc, server.security[0].$ref) as Json;
    expect(scheme.type).toBe('scramSha512');
    expect(scheme.description).toContain("prefixed 'coin.'");
  });

  it('when a published event list entry has no messages, then that would be caught: every channel has at least one', () => {
    for (const p of publishedEvents) expect(p.messages.length).toBeGreaterThan(0);
  });
});

describe('docs/EVENTS.md', () => {
  it('then it names every published topic and event type', () => {
    const text = readFileSync(join(__dirname, '../../../docs/EVENTS.md'), 'utf8');
    for (const published of publishedEvents) {
      expect([published.topic, text.includes(published.topic)]).toEqual([published.topic, true]);
      for (const message of published.messages) expect([message.type, text.includes(`\`${message.type}\``)]).toEqual([message.type, true]);
    }
  });

  it('then its table of schema modules names every schema shipped in libs/events/schemas, by topic', () => {
    const text = readFileSync(join(__dirname, '../../../docs/EVENTS.md'), 'utf8');
    const moduleRows = text.split('\n').filter((line) => /^\| `[a-z-]+\.ts` \|/.test(line));
    const shipped = readdirSync(join(__dirname, '../../events/schemas')).map((file) => file.replace(/\.json$/, ''));
    expect(shipped.length).toBeGreaterThanOrEqual(10);
    for (const topic of shipped) expect([topic, moduleRows.some((row) => row.includes(`\`${topic}\``))]).toEqual([topic, true]);
  });

  it('then its table of topics has a row per published topic, with its event types and partitions', () => {
    const text = readFileSync(join(__dirname, '../../../docs/EVENTS.md'), 'utf8');
    const rows = text.split('\n').filter((line) => line.startsWith('| `'));
    for (const published of publishedEvents) {
      const row = rows.find((line) => line.startsWith(`| \`${published.topic}\` |`)) ?? '';
      const types = published.messages.map((m) => `\`${m.type}\``).join(', ');
      expect([published.topic, row.includes(`| ${types} |`), row.endsWith(`| ${defaultPartitions[published.topic]} |`)]).toEqual([
        published.topic,
        true,
        true,
      ]);
    }
  });

  it('then it tells a consuming team how to connect with SASL_SSL and where its KafkaUser template is', () => {
    const text = readFileSync(join(__dirname, '../../../docs/EVENTS.md'), 'utf8');
    for (const setting of [
      'security.protocol=SASL_SSL',
      'sasl.mechanism=SCRAM-SHA-512',
      'deploy/k8s/templates/kafkauser-event-consumer.yaml',
    ])
      expect([setting, text.includes(setting)]).toEqual([setting, true]);
  });
});

describe('the @coin/events README', () => {
  it('then it names every published topic, its JSON Schema file and the SASL_SSL settings', () => {
    const text = readFileSync(join(__dirname, '../../events/README.md'), 'utf8');
    for (const published of publishedEvents) {
      for (const needle of [`\`${published.topic}\``, `@coin/events/schemas/${published.topic}.json`])
        expect([needle, text.includes(needle)]).toEqual([needle, true]);
    }
    expect(text).toContain('security.protocol=SASL_SSL');
  });
});
