import { standardWebhookHeaders } from './standard-webhooks';
import { verifyStandardWebhookSignature, WebhookVerificationError } from './verify-and-parse';

/** A signed callback that is no coin event (a payout provider's cash-out callback): signature, tolerance, size. */

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64url')}`;
const other = `whsec_${Buffer.alloc(32, 9).toString('base64url')}`;
const now = 1_800_000_000;
const body = JSON.stringify({ cashoutId: '0b7d5f0e-1c2a-8abc-8000-000000000001', outcome: 'CONFIRMED' });
const signed = (b = body, at = now, secrets = [secret]) => standardWebhookHeaders({ id: 'msg_1', timestamp: at, body: b, secrets });

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('verifyStandardWebhookSignature', () => {
  it('when the body is signed with the secret within the tolerance, then its id is returned', () => {
    expect(verifyStandardWebhookSignature(body, signed(), [secret], { now })).toBe('msg_1');
    // During a rotation either secret verifies.
    expect(verifyStandardWebhookSignature(body, signed(), [other, secret], { now })).toBe('msg_1');
  });

  it('when the signature is forged, the body altered, the timestamp stale or the header missing, then it is refused', () => {
    expect(reasonOf(() => verifyStandardWebhookSignature(body, signed(body, now, [other]), [secret], { now }))).toBe('signature_mismatch');
    expect(reasonOf(() => verifyStandardWebhookSignature(body.replace('CONFIRMED', 'FAILED'), signed(), [secret], { now }))).toBe(
      'signature_mismatch',
    );
    expect(reasonOf(() => verifyStandardWebhookSignature(body, signed(body, now - 301), [secret], { now }))).toBe(
      'timestamp_outside_tolerance',
    );
    expect(reasonOf(() => verifyStandardWebhookSignature(body, {}, [secret], { now }))).toBe('missing_signature');
    expect(reasonOf(() => verifyStandardWebhookSignature(body, signed(), [], { now }))).toBe('missing_signature');
    expect(reasonOf(() => verifyStandardWebhookSignature('x'.repeat(300 * 1024), signed(), [secret], { now }))).toBe('body_too_large');
  });
});
