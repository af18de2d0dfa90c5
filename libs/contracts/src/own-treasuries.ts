import type { LedgerDraft } from './commands';
import { isTestModeClientId, type Party } from './ledger';

/**
 * A test-mode client's command as the sandbox takes it (docs/decisions/0018-sandbox.md "Treasuries
 * of each test client's own"): every treasury it pays from or into is its own, so the command names
 * it (a party's `clientId`, a reward's or refund's `treasuryClientId`) and travels under its own
 * treasury's key (partitionKeyOf). The gateway sends every test-mode command to the sandbox so; the
 * sandbox ledger refuses a test client's command naming a treasury shared or of another client. Any
 * other caller's command is as it was.
 */
export function withOwnTreasuries(draft: LedgerDraft, clientId: string): LedgerDraft {
  if (!isTestModeClientId(clientId)) return draft;
  const own = <P extends Party>(party: P): P => (party.kind === 'treasury' ? { ...party, clientId } : party);
  switch (draft.type) {
    case 'ledger.mint':
    case 'ledger.transfer':
    case 'ledger.hold':
      return { ...draft, data: { ...draft.data, to: own(draft.data.to) } } as LedgerDraft;
    case 'ledger.burn':
    case 'ledger.payout':
      return { ...draft, data: { ...draft.data, from: own(draft.data.from) } } as LedgerDraft;
    case 'ledger.reward':
    case 'ledger.refund':
      return { ...draft, data: { ...draft.data, treasuryClientId: clientId } } as LedgerDraft;
    default:
      return draft;
  }
}
