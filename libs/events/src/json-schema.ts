import { z } from 'zod';
import { adminAuditEvent, adminAuditTopic } from './admin-audit';
import { coinBalanceEvent, coinBalancesTopic } from './coin-balances';
import { coinApprovalEvent, coinApprovalEventV2, coinApprovalsTopic, coinApprovalsV2Topic } from './coin-approvals';
import { coinBalanceMonitorEvent, coinBalanceMonitorsTopic } from './coin-balance-monitors';
import { coinMonitoringCaseEvent, coinMonitoringCasesTopic } from './coin-monitoring-cases';
import { coinPayoutApprovalEvent, coinPayoutApprovalsTopic } from './coin-payout-approvals';
import { coinHoldEvent, coinHoldsTopic } from './coin-holds';
import { coinMandateEvent, coinMandatesTopic } from './coin-mandates';
import { coinTransactionEvent, coinTransactionsTopic } from './coin-transactions';
import { userEvent, userEventsTopic, userEventsV2Topic, userEventV2 } from './user-events';

export type JsonSchema = { [key: string]: unknown };

/** The published topics and the zod union of each: the source of the committed JSON Schemas. */
export const eventTopics = [
  { topic: coinTransactionsTopic, schema: coinTransactionEvent, file: `${coinTransactionsTopic}.json` },
  { topic: coinHoldsTopic, schema: coinHoldEvent, file: `${coinHoldsTopic}.json` },
  { topic: coinBalancesTopic, schema: coinBalanceEvent, file: `${coinBalancesTopic}.json` },
  { topic: coinApprovalsTopic, schema: coinApprovalEvent, file: `${coinApprovalsTopic}.json` },
  { topic: coinApprovalsV2Topic, schema: coinApprovalEventV2, file: `${coinApprovalsV2Topic}.json` },
  { topic: userEventsTopic, schema: userEvent, file: `${userEventsTopic}.json` },
  { topic: userEventsV2Topic, schema: userEventV2, file: `${userEventsV2Topic}.json` },
  { topic: adminAuditTopic, schema: adminAuditEvent, file: `${adminAuditTopic}.json` },
  { topic: coinBalanceMonitorsTopic, schema: coinBalanceMonitorEvent, file: `${coinBalanceMonitorsTopic}.json` },
  { topic: coinPayoutApprovalsTopic, schema: coinPayoutApprovalEvent, file: `${coinPayoutApprovalsTopic}.json` },
  { topic: coinMandatesTopic, schema: coinMandateEvent, file: `${coinMandatesTopic}.json` },
  { topic: coinMonitoringCasesTopic, schema: coinMonitoringCaseEvent, file: `${coinMonitoringCasesTopic}.json` },
] as const;
export type EventTopic = (typeof eventTopics)[number]['topic'];

/**
 * The JSON Schema (draft 2020-12) of every message of one topic: a `oneOf` of its event types.
 *
 * `io: 'output'`: what producers put on the wire is the output of their schemas, and that is
 * what consumers read. zod marks the output of a (stripping) z.object as
 * `additionalProperties: false`; that keyword is dropped here, because the contract lets fields
 * be added without notice (docs/EVENTS.md "Versioning policy") and a consumer validating with
 * this schema must keep accepting events that carry them, as the zod schemas (which strip
 * unknown keys) do.
 */
export function eventJsonSchema(topic: EventTopic): JsonSchema {
  const entry = eventTopics.find((t) => t.topic === topic);
  if (!entry) throw new Error(`unknown topic ${topic}`);
  const json = z.toJSONSchema(entry.schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'throw',
    override: (ctx) => {
      if (ctx.jsonSchema.type === 'object' && ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  const { $schema, ...rest } = json;
  return {
    $schema,
    title: topic,
    description: `Every message of the ${topic} Kafka topic: one of its event types, told apart by \`type\` (also the \`type\` header).`,
    ...rest,
  };
}

/** Every topic's JSON Schema, by file name (`coin.transactions.json`, `coin.holds.json`, `user.events.json`). */
export function eventJsonSchemaFiles(): Record<string, JsonSchema> {
  return Object.fromEntries(eventTopics.map((t) => [t.file, eventJsonSchema(t.topic)]));
}

/**
 * Whether two schemas are the same JSON, key order included: the committed files are compared
 * by content, not text, since the repository's formatter lays JSON out its own way.
 */
export function sameJson(a: JsonSchema, b: JsonSchema): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A schema as JSON text: two-space indented, with a final newline. */
export function formatJsonSchema(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
