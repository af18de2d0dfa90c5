import { createHmac } from 'node:crypto';
import { webhookSecretKey, webhookSecretPrefix } from './webhook-secret';
import { signWebhook, webhookSignatureHeader } from './webhook-signature';

/**
 * The Standard Webhooks headers (https://www.standardwebhooks.com, the spec's "Signature scheme")
 * that every delivery carries beside `Coin-Signature`, so a receiver in any language verifies it
 * with a Standard Webhooks library instead of code of its own:
 * - `webhook-id`: the event's id, the same on every attempt (the receiver's deduplication key);
 * - `webhook-timestamp`: unix seconds of the attempt;
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, space-separated,
 *   one per valid secret (two during a rotation's overlap).
 * The HMAC key is the secret's bytes: what follows `whsec_`, in standard base64 as the spec has it
 * (the libraries take a secret issued so as it is), or in base64url for one issued before
 * (webhook-secret.ts). `standardWebhooksSecret` gives such an earlier secret in the standard form.
 */
export const standardWebhookHeaderNames = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/**
 * An endpoint's secret as Standard Webhooks libraries take it: `whsec_` and the key in standard
 * base64. A secret issued in that form comes back unchanged; one issued before (base64url) is
 * converted, for a receiver that keeps it until it rotates.
 */
export function standardWebhooksSecret(secret: string): string {
  return `${webhookSecretPrefix}${webhookSecretKey(secret).toString('base64')}`;
}

export interface StandardWebhookInput {
  /** The message id: the event's id, unchanged across retries. */
  id: string;
  /** Unix seconds of the attempt. */
  timestamp: number;
  /** The exact bytes sent as the request body. */
  body: string | Uint8Array;
  /** The endpoint's valid secrets, newest first. */
  secrets: readonly string[];
}

/** The three Standard Webhooks headers of one attempt. */
export function standardWebhookHeaders({ id, timestamp, body, secrets }: StandardWebhookInput): Record<string, string> {
  if (secrets.length === 0) throw new Error('standardWebhookHeaders needs at least one secret');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('standardWebhookHeaders needs a timestamp in unix seconds');
  // The spec's ids are printable ASCII without the separators of the signed text.
  if (!/^[\x21-\x7e]{1,256}$/.test(id) || id.includes('.')) throw new Error('a webhook id is 1 to 256 printable characters, no dot');
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', webhookSecretKey(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64')}`,
  );
  return {
    [standardWebhookHeaderNames.id]: id,
    [standardWebhookHeaderNames.timestamp]: String(timestamp),
    [standardWebhookHeaderNames.signature]: signatures.join(' '),
  };
}

/**
 * Every signature header of one delivery attempt: `Coin-Signature`, the three Standard Webhooks
 * headers and `coin-event-id`, as the webhooks service sends them (and `coin listen` forwards).
 */
export function webhookDeliveryHeaders(input: StandardWebhookInput): Record<string, string> {
  return {
    [webhookSignatureHeader]: signWebhook({ body: input.body, secrets: input.secrets, timestamp: input.timestamp }),
    ...standardWebhookHeaders(input),
    'coin-event-id': input.id,
  };
}
