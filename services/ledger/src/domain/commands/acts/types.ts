import type {
  ApprovableCommand,
  ApprovalAct,
  AuditSummary,
  LedgerResult,
  Party,
  SecondPersonWording,
  TopicNames,
  ledgerCommandContracts,
} from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import type { ApprovalChange, ApprovalState, ApprovalViewOf } from '../../approvals';
import type { OutboxBatchMessage } from '../../outbox-message';
import type { ApprovableModule, ApprovableType, CommandReads, DecideContext, ReplyInput, RequestOfApproval } from '../types';
import type { Accepted, LedgerPolicy } from '../../state';
import type { Effect } from '../../kinds/table';

/**
 * What one four-eyes act of the ledger (@coin/contracts four-eyes-acts.ts: money, payout, a
 * cash-out's reversal, a commission change, a cash-out rate, a big cash-out's clearance, an
 * unfreeze: every one the ledger keeps) does its own way, in one module an act, keyed by the
 * act the held-back command's contract row names (acts/table.ts, the one place an act is
 * registered): the modules of the commands its requests hold back, its audit summary, what its
 * request reads and may be refused for at once, what its approval applies and pays, its
 * request's view, its approval's answer and the events of its request's changes (which the
 * approvals kind is given with the views: views/approval-view.ts `approvalEvents`). The approval
 * commands, the command table and the views read the table instead of asking what a request holds.
 */

/** The held-back command types whose contract rows name the act `A`. */
type ActTypes = {
  [A in ApprovalAct]: { [T in ApprovableType]: (typeof ledgerCommandContracts)[T] extends { act: A } ? T : never }[ApprovableType];
};

/** The held-back command types of the act `A`. */
export type HeldTypeOf<A extends ApprovalAct> = ActTypes[A];

/** The held-back commands of the act `A`. */
export type HeldOf<A extends ApprovalAct> = Extract<ApprovableCommand, { type: ActTypes[A] }>;

/** A request of the act `A`: what it holds back is one of the act's commands. */
export type ApprovalOf<A extends ApprovalAct> = ApprovalState & { command: HeldOf<A> };

/** What an approval's reply is given: the reply's input, with the wallet it changed if it changed one (a rate's changes none). */
export type ApprovalReplyInput = ReplyInput<'ledger.approve'>;

export interface ApprovalActModule<A extends ApprovalAct> {
  /**
   * The modules of the commands a request of this act holds back, one per type whose contract row
   * names the act (a type left out, or one of another act, does not compile); each is also its
   * command's line in the command table (domain/commands/table.ts reads them here).
   */
  commands: { [T in ActTypes[A]]: ApprovableModule<T> };
  /**
   * The command a request of this act holds back, for the audit log (the request's, its
   * approval's and its rejection's record), with what it acts on (`target`, as its module says).
   */
  summary(command: HeldOf<A>, target: string): AuditSummary;
  /** What a request for it reads (the approval request's reads). */
  requestReads(command: HeldOf<A>): CommandReads;
  /** Why a request for it is refused at once, from what it read, rather than parked for a second person; null: parked. */
  requestRefusal(request: RequestOfApproval, command: HeldOf<A>, context: DecideContext): Rejected | null;
  /** When a request of it lapses, if not APPROVAL_EXPIRY_S after it is made (a rate's, sooner when its time comes near). */
  expiresAt?(command: HeldOf<A>, now: Date, policy: LedgerPolicy): Date;
  /** How many transactions its approval applies. */
  transactions(command: HeldOf<A>): number;
  /** Whom its approval pays besides its transactions' recipients (the second person is none of them). */
  alsoPays(applied: Accepted): Party[];
  /** Its own words for parts of the second person's rule at its approval (an unfreeze's requester and owner), if any. */
  wording?: SecondPersonWording;
  /**
   * The people a request of it is about, known from the request alone (an unfreeze's wallet owner),
   * who decide it neither way: its rejection refuses them too (SELF_DEALING), as its approval does.
   */
  about?(command: HeldOf<A>): number[];
  /**
   * What its rejection changes besides the request, from what the rejection read (its request's
   * reads): a cash-out's rejection releases its coins. Absent: a rejection changes nothing else.
   */
  rejectionEffects?(approval: ApprovalOf<A>, context: DecideContext): Effect[];
  /**
   * A request of this act as the API, the replies and the events show it, in coins: the request its
   * contract row documents (`request` in four-eyes-acts.ts). views/approval-view.ts renders every
   * request through it, so the domain still names no `views/` module.
   */
  view(approval: ApprovalOf<A>): ApprovalViewOf<A>;
  /** Its approval's answer: what the applied command answers, and the request as its act shows it. */
  reply(input: ApprovalReplyInput, approval: ApprovalOf<A>, shown: ApprovalViewOf<A>): LedgerResult<'ledger.approve'>;
  /** The events of a change of its request (requested, approved, rejected, expired), from the request as its act shows it. */
  messages(topics: TopicNames, change: ApprovalChange, shown: ApprovalViewOf<A>): OutboxBatchMessage[];
}

/** The table's type: one module an act, or a compile error. */
export type ApprovalActTable = { [A in ApprovalAct]: ApprovalActModule<A> };
