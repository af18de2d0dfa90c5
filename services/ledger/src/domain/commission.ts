import type { CommissionRule } from '@coin/contracts';

/**
 * Affiliate splits (docs/CONTRACT.md "Affiliate splits"), pure: the commission a rule takes of a
 * purchase, and the part of it a refund claws back. Amounts are integer minor units.
 */

/**
 * A treasury's commission rules, by platform client id: the rule, the ADMIN+ who asked for it and
 * the one who approved it (absent on a rule set before rules took two people).
 */
export type CommissionRules = Record<string, { rule: CommissionRule; setBy: number | null; approvedBy?: number | null | undefined }>;

/**
 * The commission `rule` takes of a purchase of `amount`: a share in basis points, rounded down
 * (the buyer's treasury keeps the fraction), or the fixed amount. The caller refuses a result of
 * 0 or of the whole amount (COMMISSION_OUT_OF_RANGE).
 */
export function commissionOf(rule: CommissionRule, amount: number): number {
  if (rule.kind === 'fixed') return rule.amount;
  // amount ≤ 10^11 and bps ≤ 5000: the product stays far below 2^53.
  return Math.floor((amount * rule.bps) / 10_000);
}

/** Whether a commission can be split from a purchase of `amount`: at least one minor unit, and the treasury keeps some. */
export function commissionFits(commission: number, amount: number): boolean {
  return commission >= 1 && commission < amount;
}

/**
 * The part of an affiliate's commission a refund claws back: the treasury's part of the purchase
 * (`treasuryPart`) was refunded `refundedBefore` and now `refund` more; the commission returns in
 * the same proportion. Computed on the running total, rounded down, so the parts of many partial
 * refunds add up to exactly the commission once the treasury's part is refunded in full, and no
 * refund claws back more than its share. BigInt: refund × commission may pass 2^53.
 */
export function clawbackOf(input: { treasuryPart: number; commission: number; refundedBefore: number; refund: number }): number {
  const { treasuryPart, commission, refundedBefore, refund } = input;
  const share = (refunded: number) => (BigInt(refunded) * BigInt(commission)) / BigInt(treasuryPart);
  return Number(share(refundedBefore + refund) - share(refundedBefore));
}
