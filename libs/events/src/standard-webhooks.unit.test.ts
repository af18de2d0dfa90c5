import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { standardWebhookHeaders, standardWebhooksSecret } from './standard-webhooks';

/** A secret as the webhooks service makes one (services/webhooks/src/domain/secret-box.ts). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

describe('Standard Webhooks headers, verified by the standardwebhooks library (npm)', () => {
  const body = JSON.stringify({ eventId: 'e1', type: 'coin.transaction.recorded', data: { amount: 12.5, note: 'café' } });
  const now = () => Math.floor(Date.now() / 1000);

  it('when a delivery is signed, then the library verifies it with the endpoint secret in its standard form and returns the event', () => {
    const secret = newSecret();
    const headers = standardWebhookHeaders({ id: 'evt_3f9a', timestamp: now(), body, secrets: [secret] });
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(new Webhook(standardWebhooksSecret(secret)).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('when a secret is being rotated, then both sign and a receiver holding either one verifies', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const headers = standardWebhookHeaders({ id: 'evt_1', timestamp: now(), body, secrets: [current, previous] });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) expect(new Webhook(standardWebhooksSecret(secret)).verify(body, headers)).toBeTruthy();
  });

  it('when the body, the id or the timestamp is changed, or another secret is used, then the library refuses it', () => {
    const secret = newSecret();
    const headers = standardWebhookHeaders({ id: 'evt_2', timestamp: now(), body, secrets: [secret] });
    const hook = new Webhook(standardWebhooksSecret(secret));
    expect(() => hook.verify(body.replace('12.5', '125'), headers)).toThrow();
    expect(() => hook.verify(body, { ...headers, 'webhook-id': 'evt_3' })).toThrow();
    // One second off the signed timestamp (not the clock's: a second may have passed since signing).
    expect(() => hook.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow();
    expect(() => new Webhook(standardWebhooksSecret(newSecret())).verify(body, headers)).toThrow();
    // An old delivery replayed outside the library's tolerance (5 minutes).
    const old = standardWebhookHeaders({ id: 'evt_4', timestamp: now() - 3600, body, secrets: [secret] });
    expect(() => hook.verify(body, old)).toThrow();
  });

  it('when a secret or an id is not of the expected form, then nothing is signed', () => {
    expect(() => standardWebhookHeaders({ id: 'evt', timestamp: now(), body, secrets: ['not-a-secret'] })).toThrow('whsec_');
    expect(() => standardWebhookHeaders({ id: 'a.b', timestamp: now(), body, secrets: [newSecret()] })).toThrow('no dot');
    expect(() => standardWebhookHeaders({ id: 'evt', timestamp: now(), body, secrets: [] })).toThrow();
  });
});
