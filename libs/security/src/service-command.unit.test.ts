import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ServiceCommandSigner, ServiceCommandVerifier, serviceCommandAudience } from './service-command';

/** A service's own command proofs (docs/DESIGN.md "Who asks: proof of authority in every command"). */

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const now = new Date();
const monitoringKey = keyPair();
const signer = new ServiceCommandSigner('monitoring', 'm1', monitoringKey.privateKeyPem);
const verifier = new ServiceCommandVerifier({
  keys: { monitoring: [{ kid: 'm1', publicKeyPem: monitoringKey.publicKeyPem }] },
  maxCommandAgeMs: 3_600_000,
});

async function signed(overrides: Partial<{ commandId: string; type: string; issuedAt: string; actor: { kind: string; id: string } }> = {}) {
  const command = {
    commandId: randomUUID(),
    type: 'ledger.freeze-wallet',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'monitoring' },
    ...overrides,
  };
  return { ...command, proof: await signer.proofOf(command) };
}

describe('a service command proof', () => {
  it('when the service signs its command, then the proof verifies at the append time and names the service', async () => {
    expect(await verifier.check(await signed(), now, now)).toEqual({ ok: true, service: 'monitoring' });
  });

  it('when the proof is moved to another command (another id or type), then it is refused', async () => {
    const command = await signed();
    expect(await verifier.check({ ...command, commandId: randomUUID() }, now, now)).toMatchObject({ ok: false });
    expect(await verifier.check({ ...command, type: 'ledger.transfer' }, now, now)).toMatchObject({ ok: false });
  });

  it('when another key signs it, or none does, then it is refused', async () => {
    const stranger = new ServiceCommandSigner('monitoring', 'm1', keyPair().privateKeyPem);
    const unsigned = {
      commandId: randomUUID(),
      type: 'ledger.freeze-wallet',
      issuedAt: now.toISOString(),
      actor: { kind: 'service', id: 'monitoring' },
    };
    expect(await verifier.check({ ...unsigned, proof: await stranger.proofOf(unsigned) }, now, now)).toMatchObject({ ok: false });
    expect(await verifier.check(unsigned, now, now)).toMatchObject({ ok: false, reason: expect.stringContaining('no proof') });
  });

  it('when the actor is not a trusted service, then it is refused whatever it carries', async () => {
    const command = await signed();
    expect(await verifier.check({ ...command, actor: { kind: 'service', id: 'history' } }, now, now)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('history'),
    });
    expect(await verifier.check({ ...command, actor: { kind: 'user', id: '1' } }, now, now)).toMatchObject({ ok: false });
  });

  it('when the command was appended long after it was issued or signed, then it is refused: the broker time counts', async () => {
    const command = await signed();
    expect(await verifier.check(command, new Date(now.getTime() + 10 * 60_000), new Date(now.getTime() + 10 * 60_000))).toMatchObject({
      ok: false,
    });
    const old = new Date(now.getTime() - 2 * 3_600_000);
    const replay = await signed({ issuedAt: old.toISOString() });
    expect(await verifier.check(replay, old, now)).toMatchObject({ ok: false, reason: expect.stringContaining('longer ago') });
  });

  it('when a token of the right key has another audience or type (a service token, an access token), then it is not a command proof', async () => {
    const command = await signed();
    const iat = Math.floor(now.getTime() / 1000);
    const serviceToken = await new SignJWT({ cmd: command.commandId, cmdType: command.type })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'm1' })
      .setIssuer('monitoring')
      .setSubject('monitoring')
      .setAudience('ledger')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(monitoringKey.privateKey);
    const untyped = await new SignJWT({ cmd: command.commandId, cmdType: command.type })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'm1' })
      .setIssuer('monitoring')
      .setSubject('monitoring')
      .setAudience(serviceCommandAudience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(monitoringKey.privateKey);
    for (const proof of [serviceToken, untyped]) expect(await verifier.check({ ...command, proof }, now, now)).toMatchObject({ ok: false });
  });

  it('when a private key is configured as a trusted one, then the verifier refuses to start', () => {
    expect(
      () =>
        new ServiceCommandVerifier({
          keys: { monitoring: [{ kid: 'm1', publicKeyPem: monitoringKey.privateKeyPem }] },
          maxCommandAgeMs: 1,
        }),
    ).toThrow(/private key/);
  });
});
