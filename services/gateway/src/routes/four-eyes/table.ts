import type { FourEyesAct } from '@coin/contracts';
import { cashoutPart, cashoutRatePart } from '../cashout-rates';
import { cashoutReversalPart } from '../cashout-reversals';
import { commissionChangePart } from '../commission-rules';
import { unfreezePart } from '../freezes';
import { caseResolutionProposalsPart, freezeLiftProposalsPart, ruleChangeProposalsPart } from '../monitoring';
import { callbackSecretPart } from './callback-secret';
import { deletionPart } from './deletion';
import { grantPart } from './grant';
import type { FourEyesPart } from './kit';
import { moneyPart } from './money';
import { payoutPart } from './payout';
import { verificationPart } from './verification';

/**
 * Every four-eyes act's part, by act (docs/DESIGN.md "Two-person acts"): a row of the four-eyes
 * table without its part here does not compile. The routes are drawn in this order, the OpenAPI
 * document's.
 */
export const fourEyesParts: { [A in FourEyesAct]: FourEyesPart } = {
  money: { drawn: moneyPart },
  payout: { drawn: payoutPart },
  'cashout-reversal': { drawn: cashoutReversalPart },
  'commission-change': { drawn: commissionChangePart },
  'cashout-rate': { drawn: cashoutRatePart },
  cashout: { drawn: cashoutPart },
  unfreeze: { drawn: unfreezePart },
  deletion: { drawn: deletionPart },
  grant: { drawn: grantPart },
  'callback-secret': { drawn: callbackSecretPart },
  verification: { drawn: verificationPart },
  // The monitoring acts' decisions are their own routes' (monitoring.ts): a second ADMIN+ sends the same change.
  'rule-change': { listed: ruleChangeProposalsPart },
  'case-resolution': { listed: caseResolutionProposalsPart },
  'freeze-lift': { listed: freezeLiftProposalsPart },
};
