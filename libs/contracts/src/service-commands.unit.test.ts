import { freezeWalletCommand } from './ledger';
import { serviceCommandRefusal, signedFreezeCommand, type ServiceCommandProofSigner } from './service-commands';

/** The monitoring service's freeze, built and signed in one call (the signer is any ServiceCommandProofSigner). */

const signed: Array<{ commandId: string; type: string; issuedAt: string }> = [];
const signer: ServiceCommandProofSigner = {
  service: 'monitoring',
  proofOf: async (command) => {
    signed.push(command);
    return 'header.payload.signature';
  },
};

describe('signedFreezeCommand', () => {
  it('when asked to freeze, then it answers a valid command, signed for its own id and type, keyed by the wallet', async () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    const { command, message } = await signedFreezeCommand(signer, { userId: 42, reason: 'fan-in', caseId: 'case-1' }, { now });
    expect(freezeWalletCommand.parse(command)).toEqual(command);
    expect(command).toMatchObject({
      type: 'ledger.freeze-wallet',
      issuedAt: now.toISOString(),
      actor: { kind: 'service', id: 'monitoring' },
      proof: 'header.payload.signature',
      data: { userId: 42, reason: 'fan-in', caseId: 'case-1' },
    });
    expect(signed.at(-1)).toMatchObject({ commandId: command.commandId, type: 'ledger.freeze-wallet', issuedAt: now.toISOString() });
    expect(message.key).toBe('user:42');
    expect(JSON.parse(message.value)).toEqual(command);
    expect(message.headers).toMatchObject({ 'command-id': command.commandId, type: 'ledger.freeze-wallet' });
  });

  it('when the request is invalid (a bad user id, an empty reason, a case id with spaces), then it throws and signs nothing', async () => {
    const before = signed.length;
    for (const request of [
      { userId: 0, reason: 'r' },
      { userId: 1, reason: '' },
      { userId: 1, reason: 'r', caseId: 'not a case' },
    ]) {
      await expect(signedFreezeCommand(signer, request)).rejects.toThrow();
    }
    expect(signed.length).toBe(before);
  });
});

describe('serviceCommandRefusal', () => {
  it('when the monitoring service sends a freeze, then it may; anything else, or another service, is refused', () => {
    expect(serviceCommandRefusal('monitoring', 'ledger.freeze-wallet')).toBeNull();
    for (const type of [
      'ledger.transfer',
      'ledger.mint',
      'ledger.lift-freeze',
      'ledger.request-approval',
      'ledger.approve',
      'ledger.credit',
    ]) {
      expect(serviceCommandRefusal('monitoring', type)).toMatch(/may not send/);
    }
    expect(serviceCommandRefusal('history', 'ledger.freeze-wallet')).toMatch(/sends no commands/);
    expect(serviceCommandRefusal('constructor', 'ledger.freeze-wallet')).toMatch(/sends no commands/);
  });
});
