import { createHmac, timingSafeEqual } from 'node:crypto';
import { standardWebhookHeaderNames } from './standard-webhooks';
import { parseWebhookSecret } from './webhook-secret';
import { type CoinWebhookEvent, coinWebhookEvent, coinWebhookEventTypes } from './webhook-events';
import { defaultWebhookToleranceSeconds, verifyWebhookSignature, webhookSignatureHeader } from './webhook-signature';

/** A body larger than this is refused unread (bytes): no webhook event comes near it. */
export const defaultMaxWebhookBodyBytes = 256 * 1024;
/** A Standard Webhooks header longer than this is refused unparsed. */
const maxHeaderLength = 1024;

export type WebhookErrorReason =
  | 'missing_signature'
  | 'malformed_header'
  | 'timestamp_outside_tolerance'
  | 'signature_mismatch'
  | 'body_too_large'
  | 'malformed_json'
  | 'id_mismatch'
  | 'unknown_event_type'
  | 'invalid_event';

/** Why a delivery was refused; `reason` is stable, the message is for people. A receiver answers 400 to any of them. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** The request's headers as Node's `IncomingHttpHeaders` (or any record) or a fetch `Headers`. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>> | { get(name: string): string | null };

export interface VerifyAndParseOptions {
  /** Seconds the delivery's timestamp may differ from the clock (300 by default). */
  toleranceSec?: number;
  /** Unix seconds now; the clock by default. */
  now?: number;
  maxBodyBytes?: number;
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  // own-key: the key is one of the record's own keys (Object.keys)
  const value = key === undefined ? undefined : record[key];
  // A repeated header is not one this service sends.
  return typeof value === 'string' ? value : undefined;
}

/** The HMAC key of an endpoint secret: what follows `whsec_`, standard base64 or (issued before) base64url. */
function keyOf(secret: string): Buffer {
  const parsed = parseWebhookSecret(secret);
  if ('error' in parsed) throw new WebhookVerificationError('malformed_header', parsed.error);
  return parsed.key;
}

function checkTimestamp(timestamp: number, options: VerifyAndParseOptions): void {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSec ?? defaultWebhookToleranceSeconds))
    throw new WebhookVerificationError('timestamp_outside_tolerance', 'The delivery is older (or newer) than the tolerance allows');
}

/** The Standard Webhooks headers: `webhook-id`, `webhook-timestamp` and a `v1,<base64>` signature made with one of the secrets. */
function verifyStandard(
  body: Buffer,
  headers: WebhookHeaders,
  signature: string,
  secrets: readonly string[],
  options: VerifyAndParseOptions,
) {
  const id = headerOf(headers, standardWebhookHeaderNames.id);
  const timestampText = headerOf(headers, standardWebhookHeaderNames.timestamp);
  if (id === undefined || timestampText === undefined || signature.length > maxHeaderLength || id.length > 256)
    throw new WebhookVerificationError('malformed_header', 'The Standard Webhooks headers are incomplete or too long');
  if (!/^\d{1,12}$/.test(timestampText)) throw new WebhookVerificationError('malformed_header', 'webhook-timestamp is not unix seconds');
  const timestamp = Number(timestampText);
  checkTimestamp(timestamp, options);
  const candidates = signature
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'));
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest();
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError('signature_mismatch', 'No signature matches the secret');
  return id;
}

/** The legacy `Coin-Signature: t=…,v1=…` header, made with one of the secrets. */
function verifyLegacy(body: Buffer, header: string, secrets: readonly string[], options: VerifyAndParseOptions): void {
  let last: 'malformed_header' | 'timestamp_outside_tolerance' | 'mismatch' = 'mismatch';
  for (const secret of secrets) {
    const result = verifyWebhookSignature({
      body,
      header,
      secret,
      ...(options.now !== undefined ? { now: options.now } : {}),
      ...(options.toleranceSec !== undefined ? { toleranceSeconds: options.toleranceSec } : {}),
    });
    if (result.ok) return;
    last = result.reason;
  }
  if (last === 'malformed_header') throw new WebhookVerificationError('malformed_header', 'The Coin-Signature header is malformed');
  if (last === 'timestamp_outside_tolerance')
    throw new WebhookVerificationError('timestamp_outside_tolerance', 'The delivery is older (or newer) than the tolerance allows');
  throw new WebhookVerificationError('signature_mismatch', 'No signature matches the secret');
}

function parseEvent(body: Buffer, standardId: string | undefined): CoinWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed_json', 'The body is not JSON');
  }
  const type = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).type : undefined;
  if (typeof type !== 'string' || !(coinWebhookEventTypes as string[]).includes(type))
    throw new WebhookVerificationError('unknown_event_type', `Not an event type this package knows: ${String(type).slice(0, 100)}`);
  const parsed = coinWebhookEvent.safeParse(json);
  if (!parsed.success) throw new WebhookVerificationError('invalid_event', `The ${type} event does not match its schema`);
  if (standardId !== undefined && parsed.data.eventId !== standardId)
    throw new WebhookVerificationError('id_mismatch', 'webhook-id is not the body’s eventId');
  return parsed.data;
}

/**
 * Verifies one delivery and returns its event, typed: the signature (the Standard Webhooks headers
 * when present, else `Coin-Signature`) made with one of `secrets` (the endpoint's `whsec_…`; give
 * the old and the new during a rotation) within the tolerance, then the body as one of the webhook
 * events. Throws a WebhookVerificationError otherwise; nothing of the body is read before the
 * signature holds. Pass the raw body, exactly as received.
 */
export function verifyAndParseWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secrets: string | readonly string[],
  options: VerifyAndParseOptions = {},
): CoinWebhookEvent {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  if (body.length > (options.maxBodyBytes ?? defaultMaxWebhookBodyBytes))
    throw new WebhookVerificationError('body_too_large', 'The body is larger than any webhook event');
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  if (keys.length === 0) throw new WebhookVerificationError('missing_signature', 'No secret to verify with');
  const standard = headerOf(headers, standardWebhookHeaderNames.signature);
  if (standard !== undefined) return parseEvent(body, verifyStandard(body, headers, standard, keys, options));
  const legacy = headerOf(headers, webhookSignatureHeader);
  if (legacy === undefined) throw new WebhookVerificationError('missing_signature', 'The delivery carries no signature header');
  verifyLegacy(body, legacy, keys, options);
  return parseEvent(body, undefined);
}

/**
 * Verifies the Standard Webhooks signature of a request (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) made with one of `secrets` within the tolerance, and returns its id; the
 * body is not parsed. What receives a signed callback other than a coin event uses this (the
 * gateway, a payout provider's cash-out callback). Throws a WebhookVerificationError otherwise.
 */
export function verifyStandardWebhookSignature(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secrets: readonly string[],
  options: VerifyAndParseOptions = {},
): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  if (body.length > (options.maxBodyBytes ?? defaultMaxWebhookBodyBytes))
    throw new WebhookVerificationError('body_too_large', 'The body is larger than a signed callback may be');
  if (secrets.length === 0) throw new WebhookVerificationError('missing_signature', 'No secret to verify with');
  const signature = headerOf(headers, standardWebhookHeaderNames.signature);
  if (signature === undefined) throw new WebhookVerificationError('missing_signature', 'The request carries no webhook-signature header');
  return verifyStandard(body, headers, signature, secrets, options);
}
