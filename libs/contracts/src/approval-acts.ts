/**
 * The four-eyes acts whose request holds a ledger command for a second person (an approval
 * request), named apart from the table (four-eyes-acts.ts) in a file that imports nothing: the
 * ledger's command rows name them (commands.ts), and the table's rows name those commands' types,
 * so each reads the other's types without a circle. `approvalActsMatch` checks the two agree.
 */
export const approvalActs = ['money', 'payout', 'cashout-reversal', 'commission-change'] as const;
export type ApprovalAct = (typeof approvalActs)[number];
