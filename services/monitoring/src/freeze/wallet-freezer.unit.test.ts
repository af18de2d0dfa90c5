import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { CommandMessage } from '@coin/contracts';
import { ServiceCommandSigner, ServiceCommandVerifier } from '@coin/security';
import { LedgerFreezer } from './wallet-freezer';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signer = new ServiceCommandSigner('monitoring', 'm1', privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
const verifier = new ServiceCommandVerifier({
  keys: { monitoring: [{ kid: 'm1', publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }] },
  maxCommandAgeMs: 3_600_000,
});

describe('the ledger freezer (the freeze port’s adapter)', () => {
  it('sends one ledger.freeze-wallet per case, keyed by the wallet, its id the case’s, proven by the monitoring key', async () => {
    const sent: CommandMessage[] = [];
    const freezer = new LedgerFreezer(signer, async (message) => void sent.push(message));
    const caseId = randomUUID();
    const request = { wallet: 'user:42', caseId, score: 100, rules: ['circular', 'fan-out'] };
    expect(await freezer.freeze(request)).toBe('requested');
    expect(await freezer.freeze(request)).toBe('requested');
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((m) => JSON.parse(m.value));
    expect(sent[0]!.key).toBe('user:42');
    expect(first).toMatchObject({
      commandId: caseId,
      type: 'ledger.freeze-wallet',
      actor: { kind: 'service', id: 'monitoring' },
      data: { userId: 42, caseId, reason: `Monitoring case ${caseId}: score 100 (circular, fan-out)` },
    });
    // Asked again (a sweep after a crash): the same command id, which the ledger applies once.
    expect(second.commandId).toBe(caseId);
    expect(await verifier.check(first, new Date())).toEqual({ ok: true, service: 'monitoring' });
  });

  it('asks nothing for a wallet that is not a person’s, and a send that fails throws (the sweep asks again)', async () => {
    const freezer = new LedgerFreezer(signer, async () => {
      throw new Error('broker down');
    });
    expect(await freezer.freeze({ wallet: 'treasury:REWARDS', caseId: randomUUID(), score: 100, rules: [] })).toBe('not-a-user-wallet');
    await expect(freezer.freeze({ wallet: 'user:7', caseId: randomUUID(), score: 95, rules: ['circular'] })).rejects.toThrow('broker down');
  });
});
