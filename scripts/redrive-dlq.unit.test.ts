import { generateKeyPairSync } from 'node:crypto';
import { AuditRecordSigner, AuditSignatureVerifier } from '@coin/security';
import type { KafkaMessage } from 'kafkajs';
import { deadLetterOf } from '@coin/kafka';
import { ownerCheckOf, redriveRefusal } from './redrive-dlq';

const message = (value: string, headers: Record<string, string> = {}): KafkaMessage =>
  ({ key: null, value: Buffer.from(value), headers, offset: '0', timestamp: '0', attributes: 0 }) as KafkaMessage;

/** What each topic's dead letters must prove before the redrive sends them back (docs/RELIABILITY.md). */
describe('the owner checks of the DLQ redrive', () => {
  it('when a user event names a user the user service does not confirm, then it stays; a confirmed one goes back', async () => {
    const status = new Map<number, 'deleted' | 'live' | 'unknown'>([
      [1, 'deleted'],
      [2, 'live'],
      [3, 'unknown'],
    ]);
    const check = ownerCheckOf('user.events.v2', { userDeletion: async (id) => status.get(id) ?? 'unknown' });
    const event = (type: string, id: number) => message(JSON.stringify({ type, user: { id } }));
    expect(await check(event('user.deleted', 1))).toBeNull();
    expect(await check(event('user.deleted', 2))).toMatch(/not deleted/);
    expect(await check(event('user.registered', 2))).toBeNull();
    expect(await check(event('user.registered', 3))).toMatch(/no user 3/);
    expect(await check(message('not json'))).toMatch(/not a user event/);
  });

  it('when an audit record is signed by its writer, then it goes back; one signed by another key or unsigned stays', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const ledger = new AuditRecordSigner('ledger', privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const check = ownerCheckOf('admin.audit', {
      auditSignatures: new AuditSignatureVerifier({ ledger: publicKey.export({ type: 'spki', format: 'pem' }).toString() }),
    });
    const value = '{"type":"admin.refusal.recorded"}';
    expect(await check(message(value, ledger.headersFor(value)))).toBeNull();
    const stranger = new AuditRecordSigner(
      'ledger',
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    expect(await check(message(value, stranger.headersFor(value)))).toMatch(/does not verify/);
    expect(await check(message(value))).toMatch(/not signed/);
  });

  it('when a command topic is redriven, then its dead letters go back as they are (the applying service checks each proof again)', async () => {
    for (const topic of ['ledger.commands', 'user.commands', 'ledger.internal'] as const)
      expect(await ownerCheckOf(topic, {})(message('{}'))).toBeNull();
  });

  it('when a topic has no owner check, or the check lacks what it needs, then nothing is redriven', async () => {
    expect(() => ownerCheckOf('coin.holds', {})).toThrow(/no owner check/);
    await expect(ownerCheckOf('coin.transactions', {})(message('{}'))).rejects.toThrow(/needs the ledger/);
  });
});

describe('the dead letters the redrive never sends back, whatever the owner says', () => {
  const origin = {
    'dlq-original-topic': 'run.user.commands',
    'dlq-original-partition': '0',
    'dlq-original-offset': '7',
    'dlq-error': 'refused',
    'dlq-at': '2026-11-27T12:00:00.000Z',
  };
  /** A dead letter as the consumer writes it (deadLetterOf), as the redrive reads it back. */
  const deadLettered = (value: string, headers: Record<string, string> = {}): KafkaMessage => {
    const letter = deadLetterOf({ key: Buffer.from('k'), value: Buffer.from(value), headers }, origin);
    const read = Object.fromEntries(Object.entries(letter.headers ?? {}).map(([name, text]) => [name, Buffer.from(String(text))]));
    return { key: letter.key, value: letter.value, headers: read, offset: '0', timestamp: '0', attributes: 0 } as KafkaMessage;
  };

  it('when a dead letter is an ordinary command, then nothing stops it here (its owner check decides)', () => {
    expect(redriveRefusal(deadLettered('{"commandId":"c"}', { 'command-id': '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f' }))).toBeNull();
  });

  it('when the consumer truncated a dead letter (its original was about 1 MB), then it stays, saying it was cut, how large it was and its digest', () => {
    const why = redriveRefusal(deadLettered(`{"fullName":"${'n'.repeat(1_047_000)}"}`));
    expect(why).toMatch(/^truncated: the original was 1047016 bytes \(sha256 [0-9a-f]{64}\) and only its start is kept$/);
  });

  it('when a whole dead letter carries a header its consumer refuses (a 400,000-character correlation-id), then it stays: sent back it would be refused again', () => {
    const why = redriveRefusal(deadLettered('{}', { 'correlation-id': 'c'.repeat(400_000) }));
    expect(why).toMatch(/^its consumer would refuse it again: header correlation-id must be a UUID; it holds 400000 characters, sha256 /);
  });

  it('when a dead letter written whole before the bound is larger than a dead letter is kept whole, then it stays: its next dead letter would not fit', () => {
    const old = message('v'.repeat(1_040_000), { 'dlq-error': 'refused', 'dlq-original-topic': 'run.user.commands' });
    expect(redriveRefusal(old)).toBe('1040087 bytes encoded: over the 1000000 a dead letter keeps whole');
  });
});
