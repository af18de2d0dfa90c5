import { z } from 'zod';
import type { FourEyesDeciders } from './second-person';
import { commissionChangeApproval, commissionChangedResult } from './affiliates';
import { approval, payoutApproval, payoutApprovedResult } from './approvals';
import {
  cashoutApprovalRequest,
  cashoutDecidedResult,
  cashoutRateDecidedResult,
  cashoutRateVersion,
  cashoutReversalApproval,
  cashoutReversedResult,
} from './cashout';
import { unfreezeApproval, unfreezeResult } from './freezes';
import { refundResult } from './ledger';
import { monitoringCase, monitoringRuleList, ruleFreezeLiftAnswer } from './monitoring';
import { callbackSecretRequest, deletionRequest, grantRequest, rewardCapRequest, verificationRequest } from './user';

/**
 * The four-eyes acts (docs/DESIGN.md "Two-person acts"): everything one person asks and a second
 * decides, one row each. A row says which service keeps the requests, where the API lists and
 * decides them, who may decide, what a request and an approval's answer look like, the commands
 * (or, for monitoring, the internal routes) that approve and reject, the OpenAPI tags and example,
 * and that every decision needs a fresh second factor. The rule every act applies to the second
 * person is one module (second-person.ts); the ledger's approvable command rows name their act here
 * (commands.ts), so an approvable command without one does not compile.
 */

/**
 * Whom an act is about, who may neither ask for nor decide it (the second person's rule's
 * `self-dealing`, judged by each service that applies the act from the request it holds): the
 * people it pays (`payees`), the payer of the cash-out it releases or pays out (`payer`), the
 * owner of the wallet it unfreezes (`wallet-owner`), the account it changes or deletes
 * (`account`), the subject of the case and the parties to its transactions (`case-parties`),
 * the owners of the wallets a rule's lift unfreezes (`frozen-wallets`), the people behind a platform
 * client's grant, who asked for it and who approved it (`client-people`); `none`: about no person
 * (a rate, a rule, a platform client's commission or callback secret).
 */
export type FourEyesSubject =
  | 'payees'
  | 'payer'
  | 'wallet-owner'
  | 'account'
  | 'case-parties'
  | 'frozen-wallets'
  | 'client-people'
  | 'none';

/** The OpenAPI operations of an act (null: the API has none of that kind for it). */
export interface FourEyesOperations {
  list: string | null;
  read: string | null;
  approve: string;
  reject: string | null;
}

/**
 * The commands an act's decisions are, by the service that keeps its requests. That a ledger or a
 * user act's are that service's commands is checked beside the command tables (commands.ts
 * `fourEyesDecisionsAreCommands`): the ledger's reads the approval acts' rows, so these rows read
 * nothing of the command tables.
 */
type DecisionsOf<S> = S extends 'ledger'
  ? { approve: `ledger.${string}`; reject: `ledger.${string}` | null }
  : S extends 'user'
    ? { approve: `user.${string}`; reject: `user.${string}` | null }
    : { approve: `monitoring.${string}`; reject: `monitoring.${string}` | null };

/**
 * One act's row. Every field is required: a row that does not say its deciders, its schemas, its
 * commands or its step-up does not compile. `stepUp` is `'required'` only: no second person decides
 * on a stale second factor.
 */
export type FourEyesActRow<S extends 'ledger' | 'user' | 'monitoring' = 'ledger' | 'user' | 'monitoring'> = {
  service: S;
  /** The path its requests are listed and decided under. */
  path: `/api/${string}`;
  /**
   * Where its requests are listed when not under `path`: an unfreeze is decided under the wallet's
   * own path, and listed at /api/admin/unfreeze-requests.
   */
  listPath?: `/api/${string}`;
  deciders: FourEyesDeciders;
  /** Whom it is about: they never decide it (nor ask for it, where they could). */
  subject: FourEyesSubject;
  /** A request as the API shows it. */
  request: z.ZodType;
  /** What an approval answers. */
  result: z.ZodType;
  operations: FourEyesOperations;
  tags: readonly string[];
  /** The example of a rejection's body (null: a rejection takes none, or there is no rejection). */
  rejectExample: { reason: string } | null;
  stepUp: 'required';
  /**
   * The powers it guards, as the first column of the power table in docs/design/security.md
   * ("Powers over money and who may") names them; test/deploy/four-eyes-powers.unit.test.ts holds
   * that table to these rows.
   */
  powers: readonly string[];
  /**
   * That a pending request lapses on its own (an expiry, a rate's effective time, a cash-out's
   * hold, a monitoring proposal's MONITORING_PROPOSAL_EXPIRY_S): no request waits forever.
   */
  expires: true;
  /**
   * An approval act's (its approve is `ledger.approve`: the request holds a ledger command for a
   * second person) only, and said by each: whether it is decided on routes of its own whose approve
   * and reject name it (`holds`), so a request of it is found by those routes only and one of
   * another act is not, and each route answers with the view it documents. A money request is an
   * Approval, and a payout's request is told apart by its id (the route its id names), so neither is.
   */
  decidedKind?: boolean;
} & DecisionsOf<S>;

export const fourEyesActs = {
  /** A MINT, BURN, REWARD or REFUND past the four-eyes windows (docs/design/ledger.md "Approvals"). */
  money: {
    service: 'ledger',
    path: '/api/admin/approvals',
    deciders: 'ADMIN+',
    subject: 'payees',
    request: approval,
    result: refundResult.extend({ approval }),
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listApprovals', read: null, approve: 'approveRequest', reject: 'rejectRequest' },
    tags: ['admin', 'approvals', 'money'],
    rejectExample: { reason: 'Budget not signed off yet' },
    powers: ['mint, burn, refund', 'reward, payout from REWARDS'],
    stepUp: 'required',
    expires: true,
    decidedKind: false,
  },
  /** A person's payout from REWARDS past the four-eyes windows. */
  payout: {
    service: 'ledger',
    path: '/api/admin/payout-approvals',
    deciders: 'ADMIN+',
    subject: 'payees',
    request: payoutApproval,
    result: payoutApprovedResult,
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listPayoutApprovals', read: 'getPayoutApproval', approve: 'approvePayoutRequest', reject: 'rejectPayoutRequest' },
    tags: ['admin', 'approvals', 'money'],
    rejectExample: { reason: 'Budget not signed off yet' },
    powers: ['reward, payout from REWARDS'],
    stepUp: 'required',
    expires: true,
    decidedKind: false,
  },
  /** The reversal of a cash-out its provider claimed. */
  'cashout-reversal': {
    service: 'ledger',
    path: '/api/admin/cashout-reversals',
    deciders: 'ADMIN+',
    subject: 'payer',
    request: cashoutReversalApproval,
    result: cashoutReversedResult,
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listCashoutReversals', read: null, approve: 'approveCashoutReversal', reject: 'rejectCashoutReversal' },
    tags: ['cashouts', 'admin', 'approvals'],
    rejectExample: { reason: 'Budget not signed off yet' },
    powers: ['release a claimed cash-out'],
    stepUp: 'required',
    expires: true,
    decidedKind: true,
  },
  /** A commission rule's change. */
  'commission-change': {
    service: 'ledger',
    path: '/api/admin/commission-changes',
    deciders: 'ADMIN+',
    subject: 'none',
    request: commissionChangeApproval,
    result: commissionChangedResult,
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listCommissionChanges', read: null, approve: 'approveCommissionChange', reject: 'rejectCommissionChange' },
    tags: ['admin', 'money', 'approvals'],
    rejectExample: { reason: 'Budget not signed off yet' },
    powers: ['set a commission rule'],
    stepUp: 'required',
    expires: true,
    decidedKind: true,
  },
  /**
   * A cash-out rate version: an approval request holding it (ledger.set-cashout-rate), shown as the
   * version it asks for; it lapses at APPROVAL_EXPIRY_S, or when its effective time comes too near
   * to approve it. Its list is the rate table's, which shows the versions in force too.
   */
  'cashout-rate-change': {
    service: 'ledger',
    path: '/api/admin/cashout-rates',
    deciders: 'ADMIN+',
    subject: 'none',
    request: cashoutRateVersion,
    result: cashoutRateDecidedResult,
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listCashoutRates', read: null, approve: 'approveCashoutRate', reject: 'rejectCashoutRate' },
    tags: ['cashouts', 'admin'],
    rejectExample: null,
    powers: ['set a cash-out rate'],
    stepUp: 'required',
    expires: true,
    decidedKind: true,
  },
  /**
   * A cash-out above the four-eyes threshold: the request its cash-out makes, asked for by its payer
   * and holding its clearance (ledger.clear-cashout); it lapses with its hold. Decided under the
   * cash-out's own path by the cash-out's id, listed at `listPath`; the cash-out queue
   * (GET /api/admin/cashouts?approval=PENDING) shows the cash-outs themselves.
   */
  'cashout-approval': {
    service: 'ledger',
    path: '/api/admin/cashouts',
    listPath: '/api/admin/cashout-approvals',
    deciders: 'ADMIN+',
    subject: 'payer',
    request: cashoutApprovalRequest,
    result: cashoutDecidedResult,
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listCashoutApprovals', read: null, approve: 'approveCashout', reject: 'rejectCashout' },
    tags: ['cashouts', 'admin', 'approvals'],
    rejectExample: null,
    powers: ['cash out'],
    stepUp: 'required',
    expires: true,
    decidedKind: true,
  },
  /**
   * Lifting a wallet's freeze: an approval request holding the lift. Decided under the wallet's own
   * path (its standing request is the newest), listed with every other act's requests at
   * `listPath`; the frozen wallets themselves are listed at GET /api/admin/freezes.
   */
  unfreeze: {
    service: 'ledger',
    path: '/api/admin/users/{id}/freeze',
    listPath: '/api/admin/unfreeze-requests',
    deciders: 'ADMIN+',
    subject: 'wallet-owner',
    request: unfreezeApproval,
    result: unfreezeResult,
    approve: 'ledger.approve',
    reject: 'ledger.reject-approval',
    operations: { list: 'listUnfreezeRequests', read: null, approve: 'approveUnfreeze', reject: 'rejectUnfreeze' },
    tags: ['admin', 'freezes', 'approvals'],
    rejectExample: { reason: 'The case is still open' },
    powers: ['lift a freeze'],
    stepUp: 'required',
    expires: true,
    decidedKind: true,
  },
  /** A role change, an API key or a platform client (a grant request). */
  grant: {
    service: 'user',
    path: '/api/admin/grant-requests',
    deciders: 'SUPERADMIN',
    subject: 'account',
    request: grantRequest,
    result: z.object({ message: z.string(), grantRequest }),
    approve: 'user.approve-grant',
    reject: 'user.reject-grant',
    operations: { list: 'listGrantRequests', read: 'getGrantRequest', approve: 'approveGrantRequest', reject: 'rejectGrantRequest' },
    tags: ['admin'],
    rejectExample: { reason: 'Not agreed with the team' },
    powers: ['grant ADMIN or SUPERADMIN, issue an API key, register a platform client, delete a SUPERADMIN or a user past the thresholds'],
    stepUp: 'required',
    expires: true,
  },
  /** The deletion of a user holding DELETION_APPROVAL_MIN_COINS or more. */
  deletion: {
    service: 'user',
    path: '/api/admin/deletion-requests',
    deciders: 'SUPERADMIN',
    subject: 'account',
    request: deletionRequest,
    result: z.object({ message: z.string(), deletionRequest }),
    approve: 'user.approve-deletion',
    reject: 'user.reject-deletion',
    operations: { list: 'listDeletionRequests', read: null, approve: 'approveDeletionRequest', reject: 'rejectDeletionRequest' },
    tags: ['admin'],
    rejectExample: { reason: 'Balance to be paid out first' },
    powers: ['grant ADMIN or SUPERADMIN, issue an API key, register a platform client, delete a SUPERADMIN or a user past the thresholds'],
    stepUp: 'required',
    expires: true,
  },
  /** The verification of an ADMIN or SUPERADMIN account (a grant request of its own kind). */
  verification: {
    service: 'user',
    path: '/api/admin/verification-requests',
    deciders: 'ADMIN+',
    subject: 'account',
    request: verificationRequest,
    result: z.object({ verificationRequest }),
    approve: 'user.approve-grant',
    reject: 'user.reject-grant',
    operations: {
      list: 'listVerificationRequests',
      read: 'getVerificationRequest',
      approve: 'approveVerificationRequest',
      reject: 'rejectVerificationRequest',
    },
    tags: ['admin'],
    rejectExample: { reason: 'The document does not match' },
    powers: ['verify an ADMIN or SUPERADMIN'],
    stepUp: 'required',
    expires: true,
  },
  /** A payout provider's new callback secret (a grant request of its own kind). */
  'callback-secret': {
    service: 'user',
    path: '/api/admin/callback-secret-requests',
    deciders: 'SUPERADMIN',
    subject: 'none',
    request: callbackSecretRequest,
    result: z.object({ callbackSecretRequest }),
    approve: 'user.approve-grant',
    reject: 'user.reject-grant',
    operations: {
      list: 'listCallbackSecretRequests',
      read: null,
      approve: 'approveCallbackSecretRequest',
      reject: 'rejectCallbackSecretRequest',
    },
    tags: ['platform-clients'],
    rejectExample: { reason: 'Not asked for by the provider' },
    powers: ["sign a payout provider's callback"],
    stepUp: 'required',
    expires: true,
  },
  /** The change of a live platform client's daily reward cap (a grant request of its own kind). */
  'reward-cap': {
    service: 'user',
    path: '/api/admin/reward-cap-requests',
    deciders: 'SUPERADMIN',
    subject: 'client-people',
    request: rewardCapRequest,
    result: z.object({ rewardCapRequest }),
    approve: 'user.approve-grant',
    reject: 'user.reject-grant',
    operations: {
      list: 'listRewardCapRequests',
      read: null,
      approve: 'approveRewardCapRequest',
      reject: 'rejectRewardCapRequest',
    },
    tags: ['platform-clients'],
    rejectExample: { reason: 'No campaign needs it' },
    powers: ["change a platform client's daily reward cap"],
    stepUp: 'required',
    expires: true,
  },
  /** A monitoring case's resolution that froze a wallet or clears a high score: the second ADMIN+ gives the same one. */
  'case-resolution': {
    service: 'monitoring',
    path: '/api/admin/monitoring/cases',
    deciders: 'ADMIN+',
    subject: 'case-parties',
    request: monitoringCase,
    result: monitoringCase,
    approve: 'monitoring.resolve-case',
    reject: 'monitoring.reject-proposal',
    operations: {
      list: 'listMonitoringCaseProposals',
      read: null,
      approve: 'resolveMonitoringCase',
      reject: 'rejectMonitoringCaseProposal',
    },
    tags: ['admin', 'monitoring'],
    rejectExample: { reason: 'The payments are a shared bill, not a ring: resolve it as a false positive alone' },
    powers: [
      'loosen a monitoring rule; close a case that froze a wallet, or call a case of score `MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE` (60) or more a false positive',
    ],
    stepUp: 'required',
    expires: true,
  },
  /** A monitoring rule's change that loosens it or gives it more power to freeze: the second ADMIN+ sends the same rule. */
  'rule-change': {
    service: 'monitoring',
    path: '/api/admin/monitoring/rules',
    deciders: 'ADMIN+',
    subject: 'none',
    request: monitoringRuleList,
    result: monitoringRuleList,
    approve: 'monitoring.put-rule',
    reject: 'monitoring.reject-proposal',
    operations: {
      list: 'listMonitoringRuleProposals',
      read: null,
      approve: 'putMonitoringRule',
      reject: 'rejectMonitoringRuleProposal',
    },
    tags: ['admin', 'monitoring'],
    rejectExample: { reason: 'Disabling the rule leaves fan-out unwatched: tune its threshold instead' },
    powers: [
      'loosen a monitoring rule; close a case that froze a wallet, or call a case of score `MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE` (60) or more a false positive',
      'give a monitoring rule more power to freeze: add an ACTIVE rule, make a TEST or DISABLED rule ACTIVE, raise a score, change a rule whose score alone reaches `MONITORING_FREEZE_SCORE`',
    ],
    stepUp: 'required',
    expires: true,
  },
  /** Lifting every automatic freeze of a rule (its path is the rules': its lifts are listed and approved under it). */
  'freeze-lift': {
    service: 'monitoring',
    path: '/api/admin/monitoring/rules',
    deciders: 'ADMIN+',
    subject: 'frozen-wallets',
    request: ruleFreezeLiftAnswer,
    result: ruleFreezeLiftAnswer,
    approve: 'monitoring.approve-freeze-lift',
    reject: 'monitoring.reject-proposal',
    operations: { list: 'listRuleFreezeLifts', read: null, approve: 'approveRuleFreezeLift', reject: 'rejectRuleFreezeLift' },
    tags: ['admin', 'monitoring'],
    rejectExample: { reason: 'These wallets moved money to a known mule: keep them frozen' },
    powers: ['lift every freeze of one monitoring rule'],
    stepUp: 'required',
    expires: true,
  },
} as const satisfies { [act: string]: FourEyesActRow<'ledger'> | FourEyesActRow<'user'> | FourEyesActRow<'monitoring'> };

export type FourEyesAct = keyof typeof fourEyesActs;

/**
 * The four-eyes acts whose request holds a ledger command for a second person (an approval
 * request): the rows whose approval is a `ledger.approve`, in the rows' order. The ledger's
 * approvable command rows name one each (commands.ts `act`).
 */
export type ApprovalAct = {
  [A in FourEyesAct]: (typeof fourEyesActs)[A]['approve'] extends 'ledger.approve' ? A : never;
}[FourEyesAct];
export const approvalActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter(
  (act): act is ApprovalAct => fourEyesActs[act].approve === 'ledger.approve',
);

/** Every approval act's row says `decidedKind`, or this does not compile. */
type SaysDecidedKind = { [A in ApprovalAct]: (typeof fourEyesActs)[A] extends { decidedKind: boolean } ? A : never }[ApprovalAct];
export const approvalActsSayDecidedKind: [ApprovalAct] extends [SaysDecidedKind] ? true : never = true;

/** The acts decided on routes of their own, which their approve and reject name (`holds`). */
export type DecidedKind = { [A in ApprovalAct]: (typeof fourEyesActs)[A] extends { decidedKind: true } ? A : never }[ApprovalAct];

/** Whether an act is decided on routes of its own. */
export function isDecidedKind(act: ApprovalAct): act is DecidedKind {
  const row: FourEyesActRow = fourEyesActs[act];
  return row.decidedKind === true;
}

/** The kinds of request decided on routes of their own, never as an Approval: the approve's and the reject's `holds`. */
export const decidedKinds = approvalActs.filter(isDecidedKind) as [DecidedKind, ...DecidedKind[]];
