import { ledgerCommandContracts, type LedgerCommand, type LedgerCommandType } from '@coin/contracts';
import type { KeyProofVerifier } from '@coin/security';
import { adminMoneyRefusal } from './admin-money-proof';

const admin = { kind: 'user' as const, id: '7', role: 'ADMIN' as const };
const judgedAt = new Date('2025-01-01T00:00:00.000Z');
/** A token's claims without `mfa_at`: signed in with a password only. */
const passwordOnly = `e30.${Buffer.from(JSON.stringify({ sub: '7' })).toString('base64url')}.sig`;
/** Never asked: a command refused for want of a second factor, or needing no key, is not checked further. */
const keyProofs = {
  check: () => {
    throw new Error('no key proof is checked');
  },
} as unknown as KeyProofVerifier;
const types = Object.keys(ledgerCommandContracts) as LedgerCommandType[];
/** A person's command of the type; a payout's is one from REWARDS, the one that needs a key. */
const sent = (type: LedgerCommandType) =>
  ({ type, actor: admin, proof: passwordOnly, data: { from: { kind: 'treasury', code: 'REWARDS' } } }) as unknown as LedgerCommand;
/** Its row names a key of its own (a request or an approval needs its held command's, judged in command-scopes.unit.test.ts). */
const namesAKey = (type: LedgerCommandType) => !ledgerCommandContracts[type].scope.startsWith('none-');
const ofHeld = (type: LedgerCommandType) => ledgerCommandContracts[type].scope === 'of-held-command';
const refusal = (type: LedgerCommandType) => adminMoneyRefusal(keyProofs, sent(type), judgedAt, () => null);

describe('adminMoneyRefusal reads the row the gateway reads', () => {
  it.each(types.filter((type) => namesAKey(type) && !ofHeld(type)))(
    "when a person's %s, whose row names a key, comes from a session without a second factor, then it is refused",
    async (type) => {
      expect(await refusal(type)).toMatch(/needs a session signed in with a second factor/);
    },
  );

  it.each(types.filter((type) => !namesAKey(type)))(
    "when a person's %s, whose row says why it needs no key, comes from a session without a second factor, then this check lets it by",
    async (type) => {
      expect(await refusal(type)).toBeNull();
    },
  );
});
