import { randomBytes } from 'node:crypto';
import { cashoutCallbackBody } from '@coin/contracts';
import { newWebhookSecret, payoutCallbackBodyBytesMax, signPayoutCallback } from '@coin/events';
import { callbackSignatureRefusal } from './callback-signature';

/**
 * signPayoutCallback (@coin/events, what a payout provider runs) against the gateway's own check of
 * POST /api/cashouts/callbacks: every callback it signs verifies, and nothing it did not sign does.
 */
describe('payout callbacks: signPayoutCallback is the inverse of the gateway’s verifier', () => {
  const secret = newWebhookSecret();
  const body = { cashoutId: '00000000-0000-4000-8000-000000000007', outcome: 'CONFIRMED', providerReference: 'MOMO-778' };
  const now = 1_800_000_000;

  it('when a callback is signed with the provider’s secret, then the gateway accepts it, and its body is the callback the route parses', () => {
    const signed = signPayoutCallback({ body, secret, timestamp: now });
    expect(callbackSignatureRefusal(signed.body, signed.headers, [secret], { now })).toBeNull();
    expect(cashoutCallbackBody.parse(JSON.parse(signed.body))).toEqual(body);
    expect(signed.headers['content-type']).toBe('application/json');
    expect(signed.headers['webhook-id']).toMatch(/^cb_[0-9a-f-]{36}$/);
    expect(signed.headers['webhook-timestamp']).toBe(String(now));
  });

  it('when many bodies, ids and both secret forms are signed, then each verifies (a given JSON text is kept byte for byte)', () => {
    const legacy = `whsec_${randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 50; i++) {
      const key = i % 2 === 0 ? secret : legacy;
      const text = JSON.stringify({ ...body, providerReference: `ref ${i} “${'é'.repeat(i)}”` }, null, i % 3);
      const signed = signPayoutCallback({ body: text, secret: key, id: `msg_${i}~${'x'.repeat(i)}`, timestamp: now - i });
      expect(signed.body).toBe(text);
      expect(callbackSignatureRefusal(signed.body, signed.headers, [key], { now })).toBeNull();
    }
  });

  it('when the verifier holds the new and the previous secret during a rotation, then a callback signed with either verifies', () => {
    const next = newWebhookSecret();
    for (const key of [secret, next]) {
      const signed = signPayoutCallback({ body, secret: key, timestamp: now });
      expect(callbackSignatureRefusal(signed.body, signed.headers, [next, secret], { now })).toBeNull();
    }
  });

  it('when a signed callback is altered, stale, signed with another secret or its id changed, then the gateway refuses it (401)', () => {
    const signed = signPayoutCallback({ body, secret, timestamp: now });
    const refusals = [
      callbackSignatureRefusal(JSON.stringify({ ...body, outcome: 'FAILED' }), signed.headers, [secret], { now }),
      callbackSignatureRefusal(signed.body, signed.headers, [secret], { now: now + 301 }),
      callbackSignatureRefusal(signed.body, signed.headers, [newWebhookSecret()], { now }),
      callbackSignatureRefusal(signed.body, { ...signed.headers, 'webhook-id': 'cb_other' }, [secret], { now }),
      callbackSignatureRefusal(signed.body, { ...signed.headers, 'webhook-timestamp': String(now + 1) }, [secret], { now }),
      callbackSignatureRefusal(signed.body, { 'content-type': 'application/json' }, [secret], { now }),
    ];
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when asked to sign what the gateway would refuse anyway, then the signer throws instead of signing it', () => {
    const cases: Array<[Parameters<typeof signPayoutCallback>[0], RegExp]> = [
      [{ body, secret: 'not-a-secret' }, /secret/],
      [{ body, secret: `whsec_${Buffer.alloc(8, 1).toString('base64')}` }, /at least 16 bytes/],
      [{ body: '{"cashoutId":', secret }, /JSON/],
      [{ body: '[1,2]', secret }, /JSON object/],
      [{ body: { ...body, providerReference: 'x'.repeat(payoutCallbackBodyBytesMax) }, secret }, /at most 4096 bytes/],
      [{ body, secret, id: 'has.a.dot' }, /without a dot/],
      [{ body, secret, id: '' }, /without a dot/],
      [{ body, secret, id: 'x'.repeat(257) }, /without a dot/],
    ];
    for (const [input, message] of cases) expect(() => signPayoutCallback(input)).toThrow(message);
  });

  it('when a body is just at the limit, then it is signed and accepted; one byte more is refused on both sides', () => {
    const pad = (bytes: number) => {
      const base = JSON.stringify({ ...body, providerReference: '' });
      return JSON.stringify({ ...body, providerReference: 'x'.repeat(bytes - base.length) });
    };
    const atLimit = signPayoutCallback({ body: pad(payoutCallbackBodyBytesMax), secret, timestamp: now });
    expect(callbackSignatureRefusal(atLimit.body, atLimit.headers, [secret], { now })).toBeNull();
    expect(callbackSignatureRefusal(`${atLimit.body} `, atLimit.headers, [secret], { now })).toMatchObject({
      message: expect.stringContaining('body_too_large'),
    });
  });
});
