import {
  coinApprovalEvent,
  coinApprovalEventTypes,
  coinApprovalEventTypesV2,
  coinApprovalEventV2,
  type CoinApprovalEvent,
  type CoinApprovalEventV2,
} from './coin-approvals';
import type { z } from 'zod';
import { adminAuditEvent, type AdminAuditEvent } from './admin-audit';
import { coinBalanceMonitorEvent, type CoinBalanceMonitorEvent } from './coin-balance-monitors';
import { coinBalanceEvent, type CoinBalanceEvent } from './coin-balances';
import { coinMonitoringCaseEvent, type CoinMonitoringCaseEvent } from './coin-monitoring-cases';
import { coinHoldEvent, type CoinHoldEvent } from './coin-holds';
import { coinPayoutApprovalEvent, coinPayoutApprovalEventTypes, type CoinPayoutApprovalEvent } from './coin-payout-approvals';
import { coinTransactionEvent, type CoinTransactionEvent } from './coin-transactions';
import { userEvent, userEventTypesV2, userEventV2, type UserEvent, type UserEventV2 } from './user-events';

/** Kafka's default largest message (broker `message.max.bytes`, about 1 MB): nothing legitimate is bigger. */
export const defaultMaxEventBytes = 1_048_576;

export type ParseFailureReason =
  /** No value (a tombstone, or an empty message). */
  | 'empty'
  /** Larger than `maxBytes`: refused before it is decoded. */
  | 'too-large'
  /** Not UTF-8 JSON. */
  | 'invalid-json'
  /** A JSON object whose `type` is not an event type this version knows: skip it (docs/EVENTS.md). */
  | 'unknown-type'
  /** A known event type that does not match its schema. */
  | 'invalid';

export type ParseResult<E> =
  | { ok: true; event: E }
  | {
      ok: false;
      reason: ParseFailureReason;
      /** Human-readable, bounded in length: safe to log. */
      message: string;
      /** The event's `type`, when the value was a JSON object with a string `type`. */
      type?: string;
    };

export interface ParseOptions {
  /** Values longer than this many bytes are refused undecoded; default {@link defaultMaxEventBytes}. */
  maxBytes?: number;
}

/** What a Kafka client hands over as a message value: a Buffer (a Uint8Array), a string, or null. */
export type EventValue = Uint8Array | string | null | undefined;

const messageMax = 300;
const clip = (text: string): string => (text.length > messageMax ? `${text.slice(0, messageMax)}…` : text);
const utf8 = new TextDecoder('utf-8', { fatal: true });

function failure(reason: ParseFailureReason, message: string, type?: string): ParseResult<never> {
  return type === undefined
    ? { ok: false, reason, message: clip(message) }
    : { ok: false, reason, message: clip(message), type: clip(type) };
}

function parseWith<E>(schema: z.ZodType<E>, knownTypes: readonly string[], value: EventValue, options: ParseOptions): ParseResult<E> {
  try {
    if (value === null || value === undefined) return failure('empty', 'no value');
    const maxBytes = options.maxBytes ?? defaultMaxEventBytes;
    let text: string;
    if (typeof value === 'string') {
      // UTF-16 units bound the UTF-8 size from below; count exactly only when it could matter.
      if (value.length > maxBytes || (value.length * 3 > maxBytes && new TextEncoder().encode(value).length > maxBytes)) {
        return failure('too-large', `value larger than ${maxBytes} bytes`);
      }
      text = value;
    } else if (value instanceof Uint8Array) {
      if (value.byteLength > maxBytes) return failure('too-large', `value of ${value.byteLength} bytes, more than ${maxBytes}`);
      text = utf8.decode(value);
    } else {
      return failure('invalid-json', `value is a ${typeof value}, not bytes or text`);
    }
    if (text.trim() === '') return failure('empty', 'empty value');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return failure('invalid-json', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return failure('invalid', 'not a JSON object');
    const type = (json as { type?: unknown }).type;
    if (typeof type !== 'string') return failure('invalid', 'type: must be a string');
    if (!knownTypes.includes(type)) return failure('unknown-type', `unknown event type ${JSON.stringify(clip(type))}`, type);
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true, event: parsed.data };
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') || '(root)';
    return failure('invalid', `${where}: ${issue?.message ?? 'invalid'}`, type);
  } catch (error) {
    // Invalid UTF-8 (the fatal decoder), nesting deep enough to exhaust the stack, or anything else.
    return failure('invalid-json', error instanceof Error ? error.message : 'unreadable value');
  }
}

const coinTransactionEventTypes: readonly string[] = coinTransactionEvent.options.map((o) => o.shape.type.value);
const coinHoldEventTypes: readonly string[] = coinHoldEvent.options.map((o) => o.shape.type.value);
const coinBalanceEventTypes: readonly string[] = coinBalanceEvent.options.map((o) => o.shape.type.value);
const coinBalanceMonitorEventTypes: readonly string[] = coinBalanceMonitorEvent.options.map((o) => o.shape.type.value);
const coinMonitoringCaseEventTypes: readonly string[] = coinMonitoringCaseEvent.options.map((o) => o.shape.type.value);
const userEventTypes: readonly string[] = userEvent.options.map((o) => o.shape.type.value);
const adminAuditEventTypes: readonly string[] = adminAuditEvent.options.map((o) => o.shape.type.value);

/**
 * Reads a message value of coin.transactions. Never throws: hostile input (not UTF-8, not JSON,
 * too large, wrong shape) comes back as `{ ok: false, reason, message }`; an event type this
 * version does not know is `reason: 'unknown-type'`, which a consumer skips.
 */
export function parseCoinTransactionEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinTransactionEvent> {
  return parseWith(coinTransactionEvent, coinTransactionEventTypes, value, options);
}

/**
 * Reads a message value of coin.holds (`coin.hold.created|captured|voided|expired`); see
 * {@link parseCoinTransactionEvent}: the same options, limits and failure reasons.
 */
export function parseCoinHoldEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinHoldEvent> {
  return parseWith(coinHoldEvent, coinHoldEventTypes, value, options);
}

/** Reads a message value of coin.balances (`coin.balance.changed`); see {@link parseCoinTransactionEvent}. */
export function parseCoinBalanceEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinBalanceEvent> {
  return parseWith(coinBalanceEvent, coinBalanceEventTypes, value, options);
}

/** Reads a message value of coin.balance-monitors (`coin.balance-monitor.crossed`); see {@link parseCoinTransactionEvent}. */
export function parseCoinBalanceMonitorEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinBalanceMonitorEvent> {
  return parseWith(coinBalanceMonitorEvent, coinBalanceMonitorEventTypes, value, options);
}

/** Reads a message value of coin.monitoring-cases (`coin.monitoring-case.opened`); see {@link parseCoinTransactionEvent}. */
export function parseCoinMonitoringCaseEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinMonitoringCaseEvent> {
  return parseWith(coinMonitoringCaseEvent, coinMonitoringCaseEventTypes, value, options);
}

/** Reads a message value of coin.approvals; see {@link parseCoinTransactionEvent}. */
export function parseCoinApprovalEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinApprovalEvent> {
  return parseWith(coinApprovalEvent, coinApprovalEventTypes, value, options);
}

/** Reads a message value of coin.approvals.v2 (version 2; REWARD approvals too); see {@link parseCoinTransactionEvent}. */
export function parseCoinApprovalEventV2(value: EventValue, options: ParseOptions = {}): ParseResult<CoinApprovalEventV2> {
  return parseWith(coinApprovalEventV2, coinApprovalEventTypesV2, value, options);
}

/** Reads a message value of coin.payout-approvals (a person's payout waiting for a second person); see {@link parseCoinTransactionEvent}. */
export function parseCoinPayoutApprovalEvent(value: EventValue, options: ParseOptions = {}): ParseResult<CoinPayoutApprovalEvent> {
  return parseWith(coinPayoutApprovalEvent, coinPayoutApprovalEventTypes, value, options);
}

/** Reads a message value of user.events (version 1, no longer produced); see {@link parseCoinTransactionEvent}. */
export function parseUserEvent(value: EventValue, options: ParseOptions = {}): ParseResult<UserEvent> {
  return parseWith(userEvent, userEventTypes, value, options);
}

/** Reads a message value of user.events.v2 (version 2: no personal data); see {@link parseCoinTransactionEvent}. */
export function parseUserEventV2(value: EventValue, options: ParseOptions = {}): ParseResult<UserEventV2> {
  return parseWith(userEventV2, userEventTypesV2, value, options);
}

/** Reads a message value of admin.audit (`admin.action.recorded`, `admin.refusal.recorded`); see {@link parseCoinTransactionEvent}. */
export function parseAdminAuditEvent(value: EventValue, options: ParseOptions = {}): ParseResult<AdminAuditEvent> {
  return parseWith(adminAuditEvent, adminAuditEventTypes, value, options);
}
