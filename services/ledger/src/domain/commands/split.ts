import { referralClaimsOf, walletKeyOfUser, type LedgerCommandOf, type Party, type ReferralClaims } from '@coin/contracts';
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
 * refusal of the whole purchase. The affiliate and the platform client are the referral's, which
 * the consumer verified (signed by the user service, valid when the command was appended, of a
 * client not revoked before it), or in the sandbox the test-mode client's own naming (no referral
 * binds it: the client is the platform there). A referral must be this buyer's, for this treasury and, when it names
 * one, this purchase's reference (REFERRAL_INVALID); no self-referral; never one of the people
 * behind the client's grant, nor the two ADMIN+ who set the rule (SELF_DEALING); an affiliate with
 * an open wallet; a rule of that client for this treasury (read with the treasury's wallet); a
 * commission of at least 0.01 coin that leaves the treasury some.
 */
export function splitOf(
  command: LedgerCommandOf<'ledger.transfer'>,
  treasury: WalletState,
  context: DecideContext,
  rulesHolder: WalletState | undefined = treasury,
): Split | Rejected {
  const { affiliate, amount, kind } = command.data;
  if (!affiliate) throw new InvariantViolation('splitOf: the purchase names no affiliate');
  if (kind !== 'PURCHASE' || treasury.party.kind !== 'treasury') {
    return reject('VALIDATION_FAILED', 'Only a purchase (paying a treasury) names an affiliate');
  }
  const claim = affiliateClaimOf(command);
  const refused = claimRefusal(command, claim, treasury.party.code);
  if (refused) return refused;
  if (!claim) throw new InvariantViolation('splitOf: a referral refused without a reason');
  const affiliateWallet = context.wallet(walletKeyOfUser(claim.affiliate));
  if (!affiliateWallet) return missingParty({ kind: 'user', userId: claim.affiliate });
  if (affiliateWallet.status === 'CLOSED') return reject('RECIPIENT_CLOSED', "The affiliate's wallet is closed");
  // The client id is the referral's or the sandbox client's own (their schemas refuse a prototype
  // key): a Map-like lookup of own rules only, never the prototype's `constructor` or `toString`.
  const rules = rulesHolder?.commissions;
  const entry = rules && Object.hasOwn(rules, claim.clientId) ? rules[claim.clientId] : undefined;
  if (!entry) {
    return reject(
      'COMMISSION_RULE_MISSING',
      `Platform client ${claim.clientId} has no commission rule for ${treasury.party.code}: buy without an affiliate, or have two ADMIN+ set one`,
    );
  }
  if (entry.setBy === claim.affiliate || entry.approvedBy === claim.affiliate) {
    return selfDealing('The ADMIN+ who asked for or approved a commission rule is never paid under it');
  }
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

/**
 * Whom a purchase's affiliate part pays and whose rule sets it: the claims of the referral it
 * carries (verified by the consumer before any apply), or, in the sandbox, what its test-mode
 * client named itself (admitted by the author's check there only, domain/authority.ts). Null when
 * it names no affiliate, or carries a referral whose claims are no referral's.
 */
export interface AffiliateClaim {
  affiliate: number;
  clientId: string;
  /** A referral's binding: its buyer, treasury and (when it names one) reference; none for the sandbox's naming. */
  referral: ReferralClaims | null;
}

export function affiliateClaimOf(command: Pick<LedgerCommandOf<'ledger.transfer'>, 'data'>): AffiliateClaim | null {
  const named = command.data.affiliate;
  if (named === undefined) return null;
  if (!('referral' in named)) return { affiliate: named.userId, clientId: named.clientId, referral: null };
  const referral = referralClaimsOf(named.referral);
  return referral && { affiliate: referral.affiliate, clientId: referral.sub, referral };
}

/**
 * Why the affiliate does not hold for this purchase, or null: a referral is attested for one
 * buyer, one treasury and, when it names one, one reference; the affiliate is neither the buyer
 * nor one of the people behind the client's grant.
 */
function claimRefusal(command: LedgerCommandOf<'ledger.transfer'>, claim: AffiliateClaim | null, treasury: string): Rejected | null {
  const { fromUserId, reference } = command.data;
  if (!claim) return reject('REFERRAL_INVALID', 'The purchase names an affiliate without a referral a platform client signed');
  const { referral } = claim;
  if (referral) {
    if (referral.buyer !== fromUserId) return reject('REFERRAL_INVALID', 'The referral was signed for another buyer');
    if (referral.treasury !== treasury) return reject('REFERRAL_INVALID', `The referral is for purchases paying ${referral.treasury}`);
    if (referral.reference !== undefined && referral.reference !== reference) {
      return reject('REFERRAL_INVALID', `The referral is for the purchase with reference ${referral.reference} only`);
    }
  }
  if (claim.affiliate === fromUserId) return reject('SELF_REFERRAL', 'The buyer cannot be the affiliate of their own purchase');
  if (referral && (claim.affiliate === referral.createdBy || claim.affiliate === referral.approvedBy)) {
    return selfDealing("The people behind a platform client's grant are never paid a commission it attests");
  }
  return null;
}
