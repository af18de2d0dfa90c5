import { callbackId } from '@coin/contracts';
import { payoutCallbackBodyBytesMax, verifyStandardWebhookSignature, type WebhookHeaders, WebhookVerificationError } from '@coin/events';
import { AppError } from '@coin/errors';

/**
 * Why a payout provider's callback is refused with these secrets, or null: Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature` over "<id>.<timestamp>.<body>") made
 * with one of them within 5 minutes of `now`, a body of at most 4 KiB, and an id the ledger can
 * record as the settlement's. `signPayoutCallback` of @coin/events is its inverse.
 */
export function callbackSignatureRefusal(
  rawBody: string,
  headers: WebhookHeaders,
  secrets: readonly string[],
  options: { now?: number } = {},
): AppError | null {
  try {
    const id = verifyStandardWebhookSignature(rawBody, headers, secrets, {
      maxBodyBytes: payoutCallbackBodyBytesMax,
      ...(options.now !== undefined ? { now: options.now } : {}),
    });
    if (!callbackId.safeParse(id).success)
      return new AppError('UNAUTHENTICATED', 'webhook-id must be 1 to 256 printable characters without a dot');
  } catch (err) {
    if (err instanceof WebhookVerificationError)
      return new AppError('UNAUTHENTICATED', `The callback's signature is refused: ${err.reason}`);
    throw err;
  }
  return null;
}
