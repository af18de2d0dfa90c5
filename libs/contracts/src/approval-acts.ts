/**
 * The four-eyes acts whose request holds a ledger command for a second person (an approval
 * request), one row each, named apart from the table (four-eyes-acts.ts) in a file that imports
 * nothing: the ledger's command rows name them (commands.ts), and the table's rows name those
 * commands' types, so each reads the other's types without a circle. `approvalActsMatch` checks
 * the two agree.
 *
 * `decidedKind`: the act is decided on routes of its own whose approve and reject name it
 * (`holds`), so a request of it is found by those routes only and one of another act is not,
 * and each route answers with the view it documents. A money request is an Approval, and a
 * payout's request is told apart by its id (the route its id names), so neither is named.
 */
export const approvalActRows = {
  money: { decidedKind: false },
  payout: { decidedKind: false },
  'cashout-reversal': { decidedKind: true },
  'commission-change': { decidedKind: true },
} as const satisfies Record<string, { decidedKind: boolean }>;
export type ApprovalAct = keyof typeof approvalActRows;
export const approvalActs = Object.keys(approvalActRows) as readonly ApprovalAct[];

/** The acts decided on routes of their own, which their approve and reject name (`holds`). */
export type DecidedKind = { [A in ApprovalAct]: (typeof approvalActRows)[A]['decidedKind'] extends true ? A : never }[ApprovalAct];

/** Whether an act is decided on routes of its own. */
export function isDecidedKind(act: ApprovalAct): act is DecidedKind {
  return approvalActRows[act].decidedKind;
}

/** The kinds of request decided on routes of their own, never as an Approval: the approve's and the reject's `holds`. */
export const decidedKinds = approvalActs.filter(isDecidedKind) as [DecidedKind, ...DecidedKind[]];
