import { newWebhookSecret, webhookDeliveryHeaders } from '@coin/events';

/** A local signing secret of the same form as an endpoint's (`whsec_` and 32 random bytes, standard base64). */
export function newForwardSecret(): string {
  return newWebhookSecret();
}

/** One attempt's budget: the local receiver answers or it is reported as unreachable. */
const forwardTimeoutMs = 10_000;

export interface ForwardResult {
  /** The receiver's status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

/**
 * POSTs one event to the local receiver, signed with `secret` as the webhooks service signs a
 * delivery (Coin-Signature and the Standard Webhooks headers), so the receiver's own verification
 * code (verifyAndParseWebhook, a Standard Webhooks library) runs unchanged. Sent once: a failure
 * is reported, not retried.
 */
export async function forwardEvent(
  url: string,
  event: { id: string; payload: unknown },
  secret: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ForwardResult> {
  const body = JSON.stringify(event.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const answer = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...webhookDeliveryHeaders({ id: event.id, timestamp, body, secrets: [secret] }) },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(forwardTimeoutMs),
    });
    await answer.body?.cancel();
    return { status: answer.status };
  } catch (err) {
    return { status: null, error: err instanceof Error ? err.message : String(err) };
  }
}
