import { randomUUID } from 'node:crypto';
import { standardWebhookHeaders } from './standard-webhooks';
import { parseWebhookSecret } from './webhook-secret';

/**
 * The largest callback body the gateway reads (bytes): a callback is a few hundred. The gateway
 * refuses a larger one unread, so the signer refuses to sign it.
 */
export const payoutCallbackBodyBytesMax = 4096;

/** A callback's id: what the ledger records once per settlement (1 to 256 printable characters, no dot). */
const callbackIdPattern = /^[\x21-\x2d\x2f-\x7e]{1,256}$/;

export interface PayoutCallbackInput {
  /** The callback's body: the object (`{ cashoutId, outcome, providerReference? }`) or its exact JSON text. */
  body: string | Record<string, unknown>;
  /** The provider's callback secret (`whsec_…`, the newest when two are valid during a rotation). */
  secret: string;
  /** The callback's id (`webhook-id`): a new one each callback; a fresh `cb_<uuid>` when not given. */
  id?: string;
  /** Unix seconds of the signature (the clock now when not given): the gateway takes 5 minutes either way. */
  timestamp?: number;
}

export interface SignedPayoutCallback {
  /** The exact text to send as the body: the signature is over these bytes, so send them unchanged. */
  body: string;
  /** `content-type` and the three Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`). */
  headers: Record<string, string>;
}

/**
 * Signs a payout provider's callback (POST /api/cashouts/callbacks) as the gateway verifies it:
 * Standard Webhooks, `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the provider's
 * callback secret, with an id the ledger may record (no dot) and a body it reads (at most 4 KiB of
 * JSON). Sent with the provider's own SYSTEM token: another provider's token never verifies it.
 * Throws on what the gateway would refuse anyway (a secret that is none, a body that is no JSON
 * object or is too large, an id it cannot keep), so the mistake shows where it is made.
 */
export function signPayoutCallback(input: PayoutCallbackInput): SignedPayoutCallback {
  const body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  const parsedSecret = parseWebhookSecret(input.secret);
  if ('error' in parsedSecret) throw new Error(`the callback secret is refused: ${parsedSecret.error}`);
  if (Buffer.byteLength(body, 'utf8') > payoutCallbackBodyBytesMax)
    throw new Error(`a callback body holds at most ${payoutCallbackBodyBytesMax} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('a callback body is JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('a callback body is a JSON object');
  const id = input.id ?? `cb_${randomUUID()}`;
  if (!callbackIdPattern.test(id)) throw new Error('a callback id is 1 to 256 printable characters without a dot');
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    body,
    headers: { 'content-type': 'application/json', ...standardWebhookHeaders({ id, timestamp, body, secrets: [input.secret] }) },
  };
}
