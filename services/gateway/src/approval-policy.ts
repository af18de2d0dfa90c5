import type { ApprovableCommand } from '@coin/contracts';

/**
 * Which money commands wait for a second ADMIN+ (issue 22, docs/DESIGN.md "Approvals"). Amounts
 * in minor units; null: never for that command.
 */
export interface ApprovalPolicy {
  mintMin: number | null;
  burnMin: number | null;
  refundMin: number | null;
  /** Every MINT into a treasury, whatever its amount. */
  treasuryMint: boolean;
}

/** The shipped thresholds: MINT and BURN from 10,000 coins, REFUND from 10,000 coins, any MINT into a treasury. */
export const defaultApprovalPolicy: ApprovalPolicy = { mintMin: 1_000_000, burnMin: 1_000_000, refundMin: 1_000_000, treasuryMint: true };

/**
 * Whether a command needs approval. `refundable` is what a refund without an amount would take at
 * most (the purchase's amount): the request is judged by the largest it could move.
 */
export function needsApproval(policy: ApprovalPolicy, command: ApprovableCommand, refundable?: number): boolean {
  const atLeast = (amount: number, min: number | null) => min !== null && amount >= min;
  switch (command.type) {
    case 'ledger.mint':
      return (policy.treasuryMint && command.data.to.kind === 'treasury') || atLeast(command.data.amount, policy.mintMin);
    case 'ledger.burn':
      return atLeast(command.data.amount, policy.burnMin);
    case 'ledger.refund':
      return atLeast(command.data.amount ?? refundable ?? 0, policy.refundMin);
  }
}
