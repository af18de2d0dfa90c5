import type { LedgerDraft } from './commands';
import type { BalanceWallet, TreasuryCode } from '@coin/events';
import { isTestModeClientId, ownTreasuryOfKey, type Party, treasuryOf, walletKeyOf, walletKeyOfEventWallet } from './ledger';

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

/**
 * The id history keys a treasury's entries by, for a movement on behalf of `clientId` (its
 * transaction's `clientId`; a platform's read of its own): the treasury's wallet key less its
 * `treasury:`, so a shared treasury's code, and in the sandbox a test-mode client's own
 * `<CODE>@<clientId>`. The sandbox ledger lets a test-mode client's command move no treasury but its
 * own, and names the client a movement of the ledger's own is for (a mandate's charge), so a
 * transaction's client is the owner of the treasury it moves.
 */
export function treasuryEntryIdOf(code: TreasuryCode, clientId: string | null | undefined): string {
  return walletKeyOf(treasuryOf(code, clientId)).slice('treasury:'.length);
}

/**
 * The wallet key a coin.balances event is judged by: the key it travelled under when that names a
 * test-mode client's own treasury of the event's code (the event's wallet names the code alone),
 * else its wallet's (walletKeyOfEventWallet); null when neither is well formed.
 */
export function walletKeyOfBalanceEvent(wallet: BalanceWallet, recordKey: string | null | undefined): string | null {
  const own = recordKey ? ownTreasuryOfKey(recordKey) : null;
  if (own && wallet.userId === null && wallet.treasury === own.code) return recordKey as string;
  return walletKeyOfEventWallet(wallet);
}
