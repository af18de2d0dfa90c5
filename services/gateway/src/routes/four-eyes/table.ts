import type { FourEyesAct } from '@coin/contracts';
import { callbackSecretPart } from './callback-secret';
import { cashoutApprovalPart } from './cashout-approval';
import { cashoutRateChangePart } from './cashout-rate-change';
import { cashoutReversalPart } from './cashout-reversal';
import { commissionChangePart } from './commission-change';
import { deletionPart } from './deletion';
import { grantPart } from './grant';
import type { FourEyesPart } from './kit';
import { moneyPart } from './money';
import { caseResolutionProposalsPart, freezeLiftPart, ruleChangeProposalsPart } from './monitoring';
import { payoutPart } from './payout';
import { rewardCapPart } from './reward-cap';
import { unfreezePart } from './unfreeze';
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
  'cashout-rate-change': { drawn: cashoutRateChangePart },
  'cashout-approval': { drawn: cashoutApprovalPart },
  unfreeze: { drawn: unfreezePart },
  deletion: { drawn: deletionPart },
  grant: { drawn: grantPart },
  'callback-secret': { drawn: callbackSecretPart },
  'reward-cap': { drawn: rewardCapPart },
  verification: { drawn: verificationPart },
  // A rule's change and a case's resolution are approved by sending the same change on their own routes (../monitoring.ts).
  'rule-change': { listed: ruleChangeProposalsPart },
  'case-resolution': { listed: caseResolutionProposalsPart },
  'freeze-lift': { drawn: freezeLiftPart },
};
