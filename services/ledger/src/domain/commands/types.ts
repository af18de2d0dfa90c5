import type {
  Actor,
  Approval,
  ApprovableCommand,
  AuditAction,
  AuditSummary,
  Cashout,
  CashoutRateVersion as CashoutRateView,
  Hold,
  LedgerCommand,
  LedgerCommandOf,
  LedgerCommandType,
  LedgerResult,
  Mandate,
  ledgerResults,
  TopicNames,
  Transaction,
  Treasury,
  Wallet,
  WalletFreeze,
} from '@coin/contracts';
import type { z } from 'zod';
import type { AnyApprovalView, ApprovalChange, ApprovalState } from '../approvals';
import type { OutboxBatchMessage } from '../outbox-message';
import type { CashoutRateVersion } from '../cashout-rates';
import type { VerifiedAuthor } from '../authors';
import type { Rejected } from '@coin/errors';
import type { Accepted, Decision, HoldState, LedgerPolicy, LedgerState, MandateState, NewTransaction, WalletState } from '../state';
import type { FreezeState } from '../kinds/freezes';
import type { CommandReads } from '../kinds/table';

export type { CommandReads };
/**
 * What one ledger command is, in one module (docs/DESIGN.md "Adding a command"): the contract it
 * answers to (its schema and result in libs/contracts; its partition key is the contract's
 * partitionKeyOf), the rows its decision reads, the pure decider, the reply it is answered with
 * and the admin audit record it leaves. The table (domain/commands/table.ts) holds one per
 * command type; the domain, the apply, the outcomes and the audit log read it instead of
 * switching on the type.
 */

/** A transaction a decider creates: the id and time are the context's, the links default to none. */
export type TransactionDraft = Omit<
  NewTransaction,
  'id' | 'createdAt' | 'reference' | 'refundOf' | 'returns' | 'holdId' | 'approval' | 'metadata' | 'clientId'
> &
  Partial<NewTransaction>;

/** The approval that applies a held-back command: the request, and its second person. */
export interface ApprovalApplying {
  request: ApprovalState;
  approver: Actor;
}

/** What a decider is given beside its command: the partition's state, the clock, the policy and the id allocator. */
export interface DecideContext {
  state: LedgerState;
  now: Date;
  policy: LedgerPolicy;
  /**
   * The approval applying the command, if one is (its second person): its request and who approved
   * it. Applied so, no four-eyes window stops or counts the command; null for a command sent.
   */
  approved: ApprovalApplying | null;
  wallet(key: string): WalletState | undefined;
  /** A new transaction with the next reserved id, created now. */
  newTransaction(draft: TransactionDraft): NewTransaction;
  /** Decides a stored command as its approval applies it: the same rules, with `approved` set. */
  decideApproved(command: LedgerCommand, approval: ApprovalApplying): Decision;
}

/** The views a reply is rendered with (views/*.ts): passed in, so the domain names no presentation module. */
export interface ReplyViews {
  /** An approval request, as its act shows it (an Approval only for money). */
  approval(approval: ApprovalState): AnyApprovalView;
  /**
   * The events of a change of an approval request, as its act publishes them (its module's
   * `messages`, domain/commands/acts/), from the request as its act shows it: the approvals kind
   * asks for them here, so it reads no act module.
   */
  approvalEvents(topics: TopicNames, change: ApprovalChange): OutboxBatchMessage[];
  /** A user wallet's freeze (null: not frozen). */
  freeze(userId: number, freeze: FreezeState | null): WalletFreeze | null;
  hold(hold: HoldState): Hold;
  /** A cash-out's hold as the Cashout view. */
  cashout(hold: HoldState): Cashout;
  cashoutRate(version: CashoutRateVersion): CashoutRateView;
  mandate(mandate: MandateState): Mandate;
  transaction(transaction: NewTransaction): Transaction;
  userWallet(wallet: WalletState, userId: number, xafRate?: number): Wallet;
  wallet(wallet: WalletState, xafRate?: number): Wallet | Treasury;
}

/** An accepted, applied decision of one command, to answer. */
export interface ReplyInput<T extends LedgerCommandType> {
  command: LedgerCommandOf<T>;
  decision: Accepted;
  /** The wallet the reply shows, as the decision left it (Accepted.subjectKey). */
  subject: WalletState | null;
  views: ReplyViews;
  xafRate: number | undefined;
}

/** An administrative command, for the admin audit log: its action, what it acted on and the non-secret fields of the request. */
export interface AuditDescription {
  action: AuditAction;
  target: string;
  summary: AuditSummary;
}

/**
 * An applied command the audit log records as a service's action (`admin.service-action.recorded`,
 * whose `action` is free text): the freezes, whose actions are not among the closed list of
 * `admin.action.recorded` (adding one would break that event's consumers). Recorded when applied;
 * a refusal of one is recorded as a refusal (apply/audit-records.ts).
 */
export interface ServiceActionDescription {
  serviceAction: string;
  target: string;
  summary: AuditSummary;
}

export interface CommandModule<T extends LedgerCommandType> {
  type: T;
  /** The contract's schema of the command (libs/contracts ledger.ts), shared with the gateway. */
  schema: z.ZodType<LedgerCommandOf<T>>;
  /** The contract's schema of the reply's result (libs/contracts commands.ts ledgerResults). */
  result: (typeof ledgerResults)[T];
  /** Whether an accepted command may create a transaction (the apply reserves an id for each that may). */
  createsTransaction: boolean;
  /** How many transactions an accepted command may create when that is more than one (a payout: one per line); absent: one if `createsTransaction`. */
  transactionsOf?(command: LedgerCommandOf<T>): number;
  /** Why this verified author may not send the command (a client's, on ledger.commands), or null when they may. */
  authorRefusal(command: LedgerCommandOf<T>, author: VerifiedAuthor): string | null;
  reads(command: LedgerCommandOf<T>): CommandReads;
  /** Pure: the decision of the command against the state of its partition. */
  decide(command: LedgerCommandOf<T>, context: DecideContext): Decision;
  /** The `result` of the reply to an accepted command that was applied (a parked one is answered by the outcome stage). */
  reply(input: ReplyInput<T>): LedgerResult<T>;
  /** The admin audit record's description of a decided command (`applied`: its accepted decision), or null: no admin action. */
  audit(command: LedgerCommandOf<T>, applied: Accepted | null): AuditDescription | ServiceActionDescription | null;
}

/** The command types an approval request may hold back (libs/contracts approvableCommand: the rows marked `approvable`). */
export type ApprovableType = ApprovableCommand['type'];
export type ApprovableOf<T extends ApprovableType> = Extract<ApprovableCommand, { type: T }>;

/** What an approvable command adds: how a request holding it is shown and logged. */
export interface ApprovableParts<T extends ApprovableType> {
  /** What the command acts on, for the audit log: the wallet a mint credits or a burn debits, the purchase a refund names. */
  target(command: ApprovableOf<T>): string;
  /**
   * The command as an Approval shows it (API, replies and coin.approvals events), in coins; null
   * for a payout, whose request is shown as a PayoutApproval (its act's view, acts/payout.ts) and never as
   * an Approval.
   */
  view(command: ApprovableOf<T>): Approval['command'] | null;
  /**
   * Why a request for it is refused at once (money to the requester, or to the people behind the
   * requester's API key: self-dealing), or null: it may wait for a second person.
   */
  requestRefusal(request: RequestOfApproval, command: ApprovableOf<T>): Rejected | null;
}

/** Who asks for an approval: the actor, and the proof of the API key they asked with (the people behind it are never paid). */
export type RequestOfApproval = Pick<LedgerCommand, 'actor'> & { keyProof?: string | undefined };

export type ApprovableModule<T extends ApprovableType> = CommandModule<T> & { approvable: ApprovableParts<T> };
