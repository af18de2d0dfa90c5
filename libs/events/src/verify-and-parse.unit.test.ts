import { randomBytes } from 'node:crypto';
import { coinBalanceMonitorEventTypes } from './coin-balance-monitors';
import { coinHoldEventTypes } from './coin-holds';
import { coinMandateEventTypes } from './coin-mandates';
import { coinMonitoringCaseEventTypes } from './coin-monitoring-cases';
import { coinTransactionEventTypes } from './coin-transactions';
import { sampleHoldCreatedEvent, sampleRecordedEvent } from './sample-events';
import { standardWebhookHeaders } from './standard-webhooks';
import {
  verifyAndParseWebhook,
  verifyStandardWebhookSignature,
  WebhookVerificationError,
  type WebhookErrorReason,
} from './verify-and-parse';
import { coinWebhookEventTypes, webhookEndpointDisabledEventType, webhookTestEventType } from './webhook-events';
import { newWebhookSecret as newSecret } from './webhook-secret';
import { signWebhook, webhookSignatureHeader } from './webhook-signature';

const secret = newSecret();
const sentAt = 1_800_000_000;
const body = JSON.stringify(sampleRecordedEvent);

const standard = (text: string, options: { id?: string; at?: number; secrets?: string[] } = {}) =>
  standardWebhookHeaders({
    id: options.id ?? sampleRecordedEvent.eventId,
    timestamp: options.at ?? sentAt,
    body: text,
    secrets: options.secrets ?? [secret],
  });
const legacy = (text: string, at = sentAt, secrets = [secret]) => ({
  [webhookSignatureHeader]: signWebhook({ body: text, secrets, timestamp: at }),
});

function refusal(run: () => unknown): WebhookErrorReason | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.reason;
    throw err;
  }
}

describe('verifyAndParseWebhook', () => {
  it('when a delivery carries the Standard Webhooks headers, then it returns the typed event', () => {
    const event = verifyAndParseWebhook(body, standard(body), secret, { now: sentAt + 5 });
    expect(event.type).toBe('coin.transaction.recorded');
    if (event.type === 'coin.transaction.recorded') expect(event.transaction.amount).toBe(12.5);
  });

  it('when a secret is held in the standard form or the earlier base64url one, then both are the same key: each verifies what the other signed', () => {
    // Bytes whose spellings differ: `+`, `/` and `=` in one, `-` and `_` in the other.
    const key = Buffer.concat([Buffer.alloc(8, 0xfb), randomBytes(23)]);
    const [standardForm, earlierForm] = [`whsec_${key.toString('base64')}`, `whsec_${key.toString('base64url')}`];
    expect([standardForm, earlierForm]).toEqual([expect.stringMatching(/\+.*=$/), expect.stringMatching(/-/)]);
    for (const [signedWith, heldAs] of [
      [standardForm, earlierForm],
      [earlierForm, standardForm],
    ] as const) {
      const headers = standard(body, { secrets: [signedWith] });
      expect(verifyAndParseWebhook(body, headers, heldAs, { now: sentAt }).eventId).toBe(sampleRecordedEvent.eventId);
      // The gateway's check of a provider's callback reads its secrets the same way.
      expect(verifyStandardWebhookSignature(body, headers, [heldAs], { now: sentAt })).toBe(sampleRecordedEvent.eventId);
    }
  });

  it('when a secret mixes the two alphabets, or is not a whsec_ secret, then nothing is verified with it (malformed_header)', () => {
    const mixed = `whsec_${Buffer.alloc(32, 0xfb).toString('base64').replace('+', '-')}`;
    for (const held of [mixed, secret.slice('whsec_'.length)]) {
      expect(refusal(() => verifyAndParseWebhook(body, standard(body), held, { now: sentAt }))).toBe('malformed_header');
      expect(refusal(() => verifyStandardWebhookSignature(body, standard(body), [held], { now: sentAt }))).toBe('malformed_header');
    }
  });

  it('when a delivery carries only the legacy Coin-Signature header, in any case and as a fetch Headers, then it verifies too', () => {
    const headers = legacy(body);
    expect(verifyAndParseWebhook(body, headers, secret, { now: sentAt }).eventId).toBe(sampleRecordedEvent.eventId);
    expect(verifyAndParseWebhook(body, { 'coin-signature': headers[webhookSignatureHeader] }, secret, { now: sentAt }).type).toBe(
      'coin.transaction.recorded',
    );
    expect(verifyAndParseWebhook(Buffer.from(body), new Headers(headers), [newSecret(), secret], { now: sentAt }).type).toBe(
      'coin.transaction.recorded',
    );
  });

  it('when a secret is being rotated, then a receiver holding the old and the new one verifies a delivery signed by either', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const headers = standard(body, { secrets: [previous] });
    expect(verifyAndParseWebhook(body, headers, [current, previous], { now: sentAt }).type).toBe('coin.transaction.recorded');
    expect(refusal(() => verifyAndParseWebhook(body, headers, [current], { now: sentAt }))).toBe('signature_mismatch');
  });

  it('when the signature is made with another secret, or the body changed after signing, then it is a signature_mismatch', () => {
    const other = newSecret();
    expect(refusal(() => verifyAndParseWebhook(body, standard(body, { secrets: [other] }), secret, { now: sentAt }))).toBe(
      'signature_mismatch',
    );
    expect(refusal(() => verifyAndParseWebhook(body, legacy(body, sentAt, [other]), secret, { now: sentAt }))).toBe('signature_mismatch');
    const tampered = body.replace('12.5', '125');
    expect(refusal(() => verifyAndParseWebhook(tampered, standard(body), secret, { now: sentAt }))).toBe('signature_mismatch');
    expect(refusal(() => verifyAndParseWebhook(tampered, legacy(body), secret, { now: sentAt }))).toBe('signature_mismatch');
    // The id is signed: another event's id on this body fails.
    const headers = { ...standard(body), 'webhook-id': randomBytes(8).toString('hex') };
    expect(refusal(() => verifyAndParseWebhook(body, headers, secret, { now: sentAt }))).toBe('signature_mismatch');
  });

  it('when the timestamp is outside the tolerance (replayed or from the future), then it is refused even with a valid signature', () => {
    for (const headers of [standard(body), legacy(body)]) {
      expect(refusal(() => verifyAndParseWebhook(body, headers, secret, { now: sentAt + 301 }))).toBe('timestamp_outside_tolerance');
      expect(refusal(() => verifyAndParseWebhook(body, headers, secret, { now: sentAt - 301 }))).toBe('timestamp_outside_tolerance');
      expect(refusal(() => verifyAndParseWebhook(body, headers, secret, { now: sentAt + 301, toleranceSec: 600 }))).toBe('accepted');
    }
  });

  it('when there is no signature header, or a malformed one, then it is refused before the body is read', () => {
    expect(refusal(() => verifyAndParseWebhook(body, {}, secret, { now: sentAt }))).toBe('missing_signature');
    expect(refusal(() => verifyAndParseWebhook(body, { [webhookSignatureHeader]: 't=abc,v1=zz' }, secret, { now: sentAt }))).toBe(
      'malformed_header',
    );
    const { 'webhook-timestamp': _dropped, ...noTimestamp } = standard(body);
    expect(refusal(() => verifyAndParseWebhook(body, noTimestamp, secret, { now: sentAt }))).toBe('malformed_header');
    expect(refusal(() => verifyAndParseWebhook(body, { ...standard(body), 'webhook-timestamp': '1.8e9' }, secret, { now: sentAt }))).toBe(
      'malformed_header',
    );
    expect(refusal(() => verifyAndParseWebhook(body, standard(body), [], { now: sentAt }))).toBe('missing_signature');
  });

  it('when a signed body is not JSON, then it is malformed_json; a signed event of a type this package does not know is unknown_event_type', () => {
    const notJson = '{"eventId": ';
    expect(refusal(() => verifyAndParseWebhook(notJson, legacy(notJson), secret, { now: sentAt }))).toBe('malformed_json');
    const unknown = JSON.stringify({ ...sampleRecordedEvent, type: 'coin.transaction.forged' });
    expect(refusal(() => verifyAndParseWebhook(unknown, standard(unknown), secret, { now: sentAt }))).toBe('unknown_event_type');
    const noType = JSON.stringify([1, 2]);
    expect(refusal(() => verifyAndParseWebhook(noType, legacy(noType), secret, { now: sentAt }))).toBe('unknown_event_type');
  });

  it('when a signed event of a known type breaks its schema, or names another id than webhook-id, then it is refused', () => {
    const broken = JSON.stringify({ ...sampleRecordedEvent, transaction: { ...sampleRecordedEvent.transaction, amount: 'lots' } });
    expect(refusal(() => verifyAndParseWebhook(broken, standard(broken), secret, { now: sentAt }))).toBe('invalid_event');
    const hold = JSON.stringify(sampleHoldCreatedEvent);
    expect(refusal(() => verifyAndParseWebhook(hold, standard(hold), secret, { now: sentAt }))).toBe('id_mismatch');
    expect(verifyAndParseWebhook(hold, standard(hold, { id: sampleHoldCreatedEvent.eventId }), secret, { now: sentAt }).type).toBe(
      'coin.hold.created',
    );
  });

  it('when the body is larger than any event, then it is refused unread', () => {
    const huge = 'x'.repeat(300 * 1024);
    expect(refusal(() => verifyAndParseWebhook(huge, legacy(huge), secret, { now: sentAt }))).toBe('body_too_large');
  });

  it('the union names every event type of the five topics a webhook carries, the test event and the disabled-endpoint event, once each', () => {
    expect([...coinWebhookEventTypes].sort()).toEqual(
      [
        ...coinTransactionEventTypes,
        ...coinHoldEventTypes,
        ...coinMandateEventTypes,
        ...coinBalanceMonitorEventTypes,
        ...coinMonitoringCaseEventTypes,
        webhookTestEventType,
        webhookEndpointDisabledEventType,
      ].sort(),
    );
    expect(new Set(coinWebhookEventTypes).size).toBe(coinWebhookEventTypes.length);
  });
});
