import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { standardWebhookHeaders, standardWebhooksSecret } from './standard-webhooks';
import { newWebhookSecret as newSecret } from './webhook-secret';

/** A secret as issued before the standard form: base64url, unpadded. */
const earlierSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

describe('Standard Webhooks headers, verified by the standardwebhooks library (npm)', () => {
  const body = JSON.stringify({ eventId: 'e1', type: 'coin.transaction.recorded', data: { amount: 12.5, note: 'café' } });
  const now = () => Math.floor(Date.now() / 1000);

  it('when a delivery is signed, then the library verifies it with the endpoint secret as issued and returns the event', () => {
    const secret = newSecret();
    const headers = standardWebhookHeaders({ id: 'evt_3f9a', timestamp: now(), body, secrets: [secret] });
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('when a secret was issued in the earlier base64url form, then it still signs, and the library verifies with its standard form (standardWebhooksSecret)', () => {
    const secret = earlierSecret();
    const headers = standardWebhookHeaders({ id: 'evt_5', timestamp: now(), body, secrets: [secret] });
    expect(new Webhook(standardWebhooksSecret(secret)).verify(body, headers)).toEqual(JSON.parse(body));
    // A secret issued in the standard form is already the one the library takes.
    const current = newSecret();
    expect(standardWebhooksSecret(current)).toBe(current);
  });

  it('when a secret is being rotated, then both sign and a receiver holding either one verifies', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const headers = standardWebhookHeaders({ id: 'evt_1', timestamp: now(), body, secrets: [current, previous] });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, headers)).toBeTruthy();
  });

  it('when the body, the id or the timestamp is changed, or another secret is used, then the library refuses it', () => {
    const secret = newSecret();
    const headers = standardWebhookHeaders({ id: 'evt_2', timestamp: now(), body, secrets: [secret] });
    const hook = new Webhook(secret);
    expect(() => hook.verify(body.replace('12.5', '125'), headers)).toThrow();
    expect(() => hook.verify(body, { ...headers, 'webhook-id': 'evt_3' })).toThrow();
    // One second off the signed timestamp (not the clock's: a second may have passed since signing).
    expect(() => hook.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    // An old delivery replayed outside the library's tolerance (5 minutes).
    const old = standardWebhookHeaders({ id: 'evt_4', timestamp: now() - 3600, body, secrets: [secret] });
    expect(() => hook.verify(body, old)).toThrow();
  });

  it('when a secret or an id is not of the expected form, then nothing is signed', () => {
    expect(() => standardWebhookHeaders({ id: 'evt', timestamp: now(), body, secrets: ['not-a-secret'] })).toThrow('whsec_');
    const mixed = `whsec_${Buffer.alloc(32, 0xfb).toString('base64').replace('+', '-')}`;
    expect(() => standardWebhookHeaders({ id: 'evt', timestamp: now(), body, secrets: [mixed] })).toThrow('never a mix');
    expect(() => standardWebhookHeaders({ id: 'a.b', timestamp: now(), body, secrets: [newSecret()] })).toThrow('no dot');
    expect(() => standardWebhookHeaders({ id: 'evt', timestamp: now(), body, secrets: [] })).toThrow();
  });
});
