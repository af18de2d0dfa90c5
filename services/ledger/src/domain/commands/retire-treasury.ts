import { ledgerResults, minorUnitsToCoins, retireTreasuryCommand, walletKeyOf } from '@coin/contracts';
import { isTestClientId } from '../test-clock';
import { transactionIdOf } from './replies';
import { accepted } from './rules';
import type { CommandModule } from './types';

/**
 * A test-mode client's reset retires its own sandbox treasury (docs/decisions/0018-sandbox.md
 * "Treasuries of each test client's own"), in the treasury's own partition: what is left in it is
 * burned (a BURN of the client's, so the supply audit holds) and the wallet is closed, which the
 * batch write keeps under a key of its own (`treasury:<CODE>@<clientId>#<wallet id>`) with its
 * entries and totals, for the record. The treasury's next use opens a new wallet: balance and
 * totals 0, as a treasury never used. One never used, or used and already retired, is left as it
 * is. Only the client itself retires its own (the sandbox's rule, `treasuryOwnersNamedBy`).
 */
export const retireTreasury: CommandModule<'ledger.retire-treasury'> = {
  type: 'ledger.retire-treasury',
  schema: retireTreasuryCommand,
  result: ledgerResults['ledger.retire-treasury'],
  createsTransaction: true,
  authorRefusal: ({ data }, author) =>
    author.kind === 'system' && isTestClientId(author.id) && author.id === data.treasury.clientId
      ? null
      : 'Command refused: only a test-mode client retires its own sandbox treasury',
  reads: ({ data }) => ({ walletKeys: [walletKeyOf(data.treasury)] }),
  decide(command, context) {
    const { treasury, reason } = command.data;
    const wallet = context.wallet(walletKeyOf(treasury));
    // Never used since it was opened (or retired): already as new, and nothing to keep.
    if (!wallet || (wallet.totalReceived === 0 && wallet.totalSent === 0)) return accepted({});
    if (wallet.balance === 0) return accepted({ closes: [wallet.key] });
    const transaction = context.newTransaction({ type: 'BURN', amount: wallet.balance, from: treasury, to: null, reason });
    return accepted({
      transaction,
      entries: [{ transactionId: transaction.id, walletKey: wallet.key, amount: -wallet.balance }],
      closes: [wallet.key],
    });
  },
  reply: ({ decision, views }) => ({ transaction: decision.transaction ? views.transaction(decision.transaction) : null }),
  audit: ({ data }, applied) => ({
    action: 'money.burn',
    target: walletKeyOf(data.treasury),
    summary: {
      reason: data.reason,
      retired: true,
      ...(applied?.transaction ? { amount: minorUnitsToCoins(applied.transaction.amount) } : {}),
      ...transactionIdOf(applied),
    },
  }),
};
