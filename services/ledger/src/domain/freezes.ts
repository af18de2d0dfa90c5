import { walletKeyOfUser, type LedgerCommand, type LedgerCommandType } from '@coin/contracts';
import { rejected, type Rejected } from '@coin/errors';
import { holdChangesOf } from './kinds/holds';
import type { Accepted, LedgerState, WalletState } from './state';

/**
 * What a wallet freeze stops (docs/design/ledger.md "Freezes"), judged once for every command
 * after its module decided it, so no debit path can forget it: a decision that would take coins
 * out of a frozen wallet (an entry debiting it: a transfer, a purchase, a payout line, a hold's
 * capture, whether sent directly or applied by an approval) or reserve them (a new hold from it)
 * is refused with WALLET_FROZEN. Credits to it still land (a credit leg, a reward, a mint). A
 * void or an expiry of its hold frees coins inside the wallet and moves none, so it goes on.
 *
 * Two debits are not movements to anyone and stay allowed: an ADMIN+'s BURN (coins taken back,
 * which is a remedy a freeze must not block) and the close of a deleted user's wallet (whose
 * balance is burned, never paid out; refusing it would leave a deleted person's wallet open).
 * A cash-out's settlement is the third: its coins were held before the freeze and the provider has
 * already paid the XAF (or failed, which only releases them), so the BURN records what happened.
 *
 * The ledger's own clawback of an affiliate's commission after a refund of the split purchase goes
 * on too: it is the ledger taking back into the treasury what the treasury fronted to the buyer,
 * not the frozen user's outflow, and refused it would be lost for good (its command id keeps the
 * refusal) while the treasury has paid the commission twice. It pays only the treasury.
 */
const destroysCoins: ReadonlySet<LedgerCommandType> = new Set(['ledger.burn', 'ledger.close-wallet', 'ledger.settle-cashout']);
const ledgerTakesBack: ReadonlySet<LedgerCommandType> = new Set(['ledger.clawback']);

/** The frozen user wallet a decision would debit or reserve coins of, if any. */
function frozenDebited(decision: Accepted, state: LedgerState): WalletState | null {
  const frozen = (key: string) => {
    const wallet = state.wallets.get(key);
    return wallet?.freeze ? wallet : null;
  };
  for (const entry of decision.entries) {
    const wallet = entry.amount < 0 ? frozen(entry.walletKey) : null;
    if (wallet) return wallet;
  }
  for (const { hold, event } of holdChangesOf(decision)) {
    const wallet = event === 'created' ? frozen(walletKeyOfUser(hold.fromUserId)) : null;
    if (wallet) return wallet;
  }
  return null;
}

/** WALLET_FROZEN when an accepted decision would move coins out of a frozen wallet, else null. */
export function frozenDebitRefusal(command: LedgerCommand, decision: Accepted, state: LedgerState): Rejected | null {
  // A command an approval applies is judged as itself: an approved BURN destroys coins too.
  const type = command.type === 'ledger.approve' ? (command.data.command?.type ?? command.type) : command.type;
  if (destroysCoins.has(type) || ledgerTakesBack.has(type)) return null;
  const wallet = frozenDebited(decision, state);
  if (!wallet) return null;
  // The reason and the case are not told: the refused caller may be the person under investigation.
  return rejected('WALLET_FROZEN', `The wallet ${wallet.key} is frozen: nothing leaves it until the freeze is lifted`);
}

/**
 * A frozen wallet's standing request to lift it: the newest request of the unfreeze act asked since
 * the freeze and not decided (db/freeze-reads.ts finds it), PENDING until its expiry and EXPIRED
 * after, as every approval request (commands/rules.ts approvalNotPending). A rejected request
 * stands no more.
 */
export interface UnfreezeStanding {
  id: string;
  requestedBy: number;
  reason: string;
  requestedAt: Date;
  expiresAt: Date;
  status: 'PENDING' | 'EXPIRED';
}
