import { walletKeyOfUser, type LedgerCommandOf, type Party } from '@coin/contracts';
import { InvariantViolation, type Rejected } from '@coin/errors';
import { commissionFits, commissionOf } from '../commission';
import type { WalletState } from '../state';
import { beyondLimit, canCredit, coins, missingParty, reject, selfDealing } from './rules';
import type { DecideContext } from './types';

/** What a purchase naming an affiliate pays them, judged against the treasury's rule. */
export interface Split {
  affiliate: Party;
  affiliateWallet: WalletState;
  /** Minor units: what the affiliate gets; the treasury gets the rest of the amount. */
  commission: number;
}

/**
 * The split of a purchase naming an affiliate (docs/CONTRACT.md "Affiliate splits"), or the
 * refusal of the whole purchase: no self-referral, an affiliate with an open wallet, a rule of the
 * named platform client for this treasury (read with the treasury's wallet), a commission of at
 * least 0.01 coin that leaves the treasury some, never paid to the ADMIN+ who set the rule.
 */
export function splitOf(command: LedgerCommandOf<'ledger.transfer'>, treasury: WalletState, context: DecideContext): Split | Rejected {
  const { affiliate, fromUserId, amount, kind } = command.data;
  if (!affiliate) throw new InvariantViolation('splitOf: the purchase names no affiliate');
  if (kind !== 'PURCHASE' || treasury.party.kind !== 'treasury') {
    return reject('VALIDATION_FAILED', 'Only a purchase (paying a treasury) names an affiliate');
  }
  if (affiliate.userId === fromUserId) return reject('SELF_REFERRAL', 'The buyer cannot be the affiliate of their own purchase');
  const affiliateWallet = context.wallet(walletKeyOfUser(affiliate.userId));
  if (!affiliateWallet) return missingParty({ kind: 'user', userId: affiliate.userId });
  if (affiliateWallet.status === 'CLOSED') return reject('RECIPIENT_CLOSED', "The affiliate's wallet is closed");
  // The client id is the caller's text: a Map-like lookup of own rules only, never the prototype's
  // `constructor` or `toString`.
  const rules = treasury.commissions;
  const entry = rules && Object.hasOwn(rules, affiliate.clientId) ? rules[affiliate.clientId] : undefined;
  if (!entry) {
    return reject(
      'COMMISSION_RULE_MISSING',
      `Platform client ${affiliate.clientId} has no commission rule for ${treasury.party.code}: buy without an affiliate, or have an ADMIN+ set one`,
    );
  }
  if (entry.setBy === affiliate.userId) return selfDealing('The ADMIN+ who set a commission rule is never paid under it');
  const commission = commissionOf(entry.rule, amount);
  if (!commissionFits(commission, amount)) {
    return reject(
      'COMMISSION_OUT_OF_RANGE',
      `The commission of ${coins(commission)} on ${coins(amount)} would be zero or the whole purchase`,
    );
  }
  if (!canCredit(affiliateWallet, commission)) return beyondLimit(affiliateWallet);
  return { affiliate: affiliateWallet.party, affiliateWallet, commission };
}
