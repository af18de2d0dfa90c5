import { apiKeyScopeNeeded } from './api-key-scopes';
import { ledgerCommandContracts, ledgerCommandNeedsStepUp, type LedgerCommandType, type LedgerDraft } from './commands';

type Sent = Parameters<typeof apiKeyScopeNeeded>[0];
const admin = { kind: 'user' as const, id: '7', role: 'ADMIN' as const };
const approvalId = '00000000-0000-4000-8000-000000000000';
const approvableTypes = (Object.keys(ledgerCommandContracts) as LedgerCommandType[]).filter(
  (type) => ledgerCommandContracts[type].approvable,
);
/** A command of the type as a person sends it; a payout's is one from REWARDS, the one that needs a key. */
const held = (type: LedgerCommandType) => ({ type, data: { from: { kind: 'treasury', code: 'REWARDS' } } });
/** The three ways a person may send an approvable command: directly, by asking for approval, by approving it. */
const ways = (type: LedgerCommandType) => [
  { way: 'sent directly', command: held(type) },
  { way: 'asked for', command: { type: 'ledger.request-approval', data: { command: held(type) } } },
  { way: 'approved', command: { type: 'ledger.approve', data: { approvalId, command: held(type) } } },
];

/** What guards a person's command besides their role: a fresh second factor, or a key (whose proof the ledger takes only with a second factor). */
function guards(command: { type: string; data: unknown }) {
  return {
    freshSecondFactor: ledgerCommandNeedsStepUp(command as unknown as LedgerDraft),
    apiKey: apiKeyScopeNeeded({ ...command, actor: admin } as Sent),
  };
}

describe('what guards a person’s approvable command, read from the rows', () => {
  it.each(approvableTypes)(
    'when a person sends, asks for or approves a %s, then it needs a fresh second factor or an API key with a scope',
    (type) => {
      for (const { way, command } of ways(type)) {
        const { freshSecondFactor, apiKey } = guards(command);
        expect({ type, way, guarded: freshSecondFactor || apiKey !== null }).toEqual({ type, way, guarded: true });
      }
    },
  );
});
