import { ledgerResults, minorUnitsToCoins, mintCommand, sandboxFundMaxCoins, walletKeyOf, type LedgerCommandOf } from '@coin/contracts';
import { isTestClientId } from '../test-clock';
import { actorScope, isPerson, personCharges, recipientScope } from '../four-eyes';
import type { WindowEffect } from '../kinds/four-eyes-windows';
import { moneyReply, transactionIdOf } from './replies';
import {
  accepted,
  beyondLimit,
  canCredit,
  fourEyes,
  missingParty,
  paysActor,
  paysPeopleBehindKey,
  paysPeopleBehindKeyDetail,
  reject,
  selfDealing,
} from './rules';
import { adminRefusal } from '../authors';
import type { ApprovableModule } from './types';

/** Creates coins in a wallet (ADMIN+); a person's mint past a four-eyes window waits for a second person. */
export const mint: ApprovableModule<'ledger.mint'> = {
  type: 'ledger.mint',
  schema: mintCommand,
  result: ledgerResults['ledger.mint'],
  createsTransaction: true,
  authorRefusal: adminRefusal,
  reads: ({ actor, data }) => ({
    walletKeys: [walletKeyOf(data.to)],
    windowScopes: isPerson(actor) ? [actorScope(actor), recipientScope(data.to)] : [],
  }),
  decide(command, context) {
    const { to, amount, reason } = command.data;
    if (paysActor(command, to)) return selfDealing('An admin cannot mint into their own wallet');
    if (paysPeopleBehindKey(command, to)) return selfDealing(paysPeopleBehindKeyDetail);
    if (fundsPastSandboxBound(command)) {
      return reject('SANDBOX_FUND_LIMIT', `One sandbox funding mints at most ${sandboxFundMaxCoins} test coins`);
    }
    const target = context.wallet(walletKeyOf(to));
    if (!target) return missingParty(to);
    if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The wallet to mint into is closed');
    if (!canCredit(target, amount)) return beyondLimit(target);
    // When the policy says so, every MINT into a treasury waits for a second person, whatever its amount.
    const alwaysWaits = context.policy.fourEyes.treasuryMint && to.kind === 'treasury';
    const apply = (counted: WindowEffect[]) => {
      const transaction = context.newTransaction({ type: 'MINT', amount, from: null, to, reason });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: target.key, amount }],
        subjectKey: target.key,
        effects: counted,
      });
    };
    return fourEyes(context, command, personCharges(command.actor, amount, to), apply, alwaysWaits);
  },
  reply: moneyReply,
  audit: ({ data }, applied) => ({
    action: 'money.mint',
    target: walletKeyOf(data.to),
    summary: { amount: minorUnitsToCoins(data.amount), reason: data.reason, ...transactionIdOf(applied) },
  }),
  approvable: {
    target: ({ data }) => walletKeyOf(data.to),
    requestRefusal: (request, { data }) =>
      paysActor(request, data.to)
        ? selfDealing('An admin cannot mint into their own wallet')
        : paysPeopleBehindKey(request, data.to)
          ? selfDealing(paysPeopleBehindKeyDetail)
          : null,
    view: ({ data }) => ({
      type: 'MINT',
      userId: data.to.kind === 'user' ? data.to.userId : null,
      treasury: data.to.kind === 'treasury' ? data.to.code : null,
      transactionId: null,
      amount: minorUnitsToCoins(data.amount),
      reason: data.reason,
    }),
  },
};

/**
 * A test-mode client's mint (only the sandbox admits one: its funding of a granted treasury) past
 * the most one call mints (docs/decisions/0018-sandbox.md "Funding the sandbox's treasuries").
 */
function fundsPastSandboxBound({ actor, data }: LedgerCommandOf<'ledger.mint'>): boolean {
  return actor.kind === 'system' && isTestClientId(actor.id) && data.amount > sandboxFundMaxCoins * 100;
}
