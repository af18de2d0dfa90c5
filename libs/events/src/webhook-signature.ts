import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed webhooks (docs/DESIGN.md "Webhooks"): every delivery carries
 * `Coin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per valid
 * secret (two during a rotation's overlap). The timestamp is inside the signed text, so a replay
 * of an old delivery fails the tolerance window and a changed timestamp fails the signature.
 */
export const webhookSignatureHeader = 'Coin-Signature';

/** Seconds a delivery's timestamp may differ from the receiver's clock (as Stripe's default). */
export const defaultWebhookToleranceSeconds = 300;

/** A header longer than this is refused unparsed: it cannot be one this package wrote. */
const maxHeaderLength = 1024;
const hexSignature = /^[0-9a-f]{64}$/;

export interface SignWebhookInput {
  /** The exact bytes sent as the request body. */
  body: string | Uint8Array;
  /** The endpoint's valid secrets, newest first; during a rotation both sign. */
  secrets: readonly string[];
  /** Unix seconds of the attempt. */
  timestamp: number;
}

export function signWebhook({ body, secrets, timestamp }: SignWebhookInput): string {
  if (secrets.length === 0) throw new Error('signWebhook needs at least one secret');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('signWebhook needs a timestamp in unix seconds');
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, body)}`)].join(',');
}

export interface VerifyWebhookInput {
  /** The raw request body, exactly as received (not re-serialised JSON). */
  body: string | Uint8Array;
  /** The value of the Coin-Signature header. */
  header: string;
  /** The receiver's secret for this endpoint. */
  secret: string;
  /** Unix seconds now; the receiver's clock by default. */
  now?: number;
  toleranceSeconds?: number;
}

export type WebhookVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'mismatch' };

/** Checks one delivery: a well-formed header, a timestamp within the tolerance, and a v1 signature made with `secret` (constant-time compare). */
export function verifyWebhookSignature(input: VerifyWebhookInput): WebhookVerification {
  const parsed = parseHeader(input.header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? defaultWebhookToleranceSeconds;
  if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: 'timestamp_outside_tolerance' };
  const expected = Buffer.from(hmacHex(input.secret, parsed.timestamp, input.body), 'hex');
  // Every candidate is compared (no early exit), each in constant time.
  let matched = false;
  for (const candidate of parsed.signatures) {
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'mismatch' };
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  if (header.length === 0 || header.length > maxHeaderLength) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!hexSignature.test(value)) return undefined;
      signatures.push(value);
    }
    // Other schemes (a future v2) are ignored, so a receiver keeps working when one is added.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

function hmacHex(secret: string, timestamp: number, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}
