import { generateKeyPairSync } from 'node:crypto';
import { AuditRecordSigner, AuditSignatureVerifier } from '@coin/security';
import type { KafkaMessage } from 'kafkajs';
import { ownerCheckOf } from './redrive-dlq';

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
