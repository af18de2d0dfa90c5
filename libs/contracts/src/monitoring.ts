import { role, userId } from '@coin/events';
import { z } from 'zod';
import { reasonText, singleLineText, uuidInput } from './common';
import { pageCursorParam, withPageLinks } from './paging';

/**
 * Monitoring cases and rules (docs/design/monitoring.md): the shapes of the gateway's ADMIN+
 * routes and of the monitoring service's internal API behind them. Amounts in minor units (cents).
 */

export const caseStatuses = ['OPEN', 'RESOLVED'] as const;
export const caseStatus = z.enum(caseStatuses);
export const caseResolutions = ['CONFIRMED', 'FALSE_POSITIVE'] as const;
export const caseResolution = z.enum(caseResolutions);

export const monitoringCase = z.object({
  id: z.uuid(),
  subject: z.string().describe('What the case suspects: user:<id>, treasury:<CODE> or client:<platform client id>'),
  status: caseStatus,
  score: z.number().int().min(0).max(100),
  rules: z.array(z.string()).describe('The ids of the rules that fired on its transactions'),
  assignee: userId.nullable(),
  openedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: userId.nullable(),
  resolution: caseResolution.nullable(),
  reason: z.string().nullable(),
  freezeRequestedAt: z.iso.datetime().nullable().describe('When the automatic freeze was asked of the ledger; null if never'),
  freezeOutcome: z.string().nullable(),
});
export type MonitoringCase = z.infer<typeof monitoringCase>;

export const monitoringCasePage = withPageLinks(z.object({ cases: z.array(monitoringCase) }));

export const monitoringCasesQuery = z.strictObject({
  status: caseStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: pageCursorParam.optional(),
});

export const monitoringCaseTransaction = z.object({
  transactionId: z.number().int().positive(),
  type: z.string(),
  amountMinor: z.number().int().nullable().describe('Minor units; null once the transaction left the store'),
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.iso.datetime().nullable(),
  score: z.number().int().nullable(),
  hits: z.array(z.object({ ruleId: z.string(), mode: z.string(), score: z.number(), subject: z.string(), detail: z.string() }).loose()),
  linkedBy: userId.nullable().describe('The ADMIN+ who linked it; null: flagged by the service'),
});

export const monitoringCaseNote = z.object({ id: z.number().int(), author: userId, body: z.string(), createdAt: z.iso.datetime() });

export const monitoringFlow = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  amountMinor: z.number().int(),
  count: z.number().int(),
});

export const monitoringCaseDetail = z.object({
  case: monitoringCase,
  transactions: z.array(monitoringCaseTransaction),
  notes: z.array(monitoringCaseNote),
  /** The movements of the case's wallets over the last 7 days, summed per pair: the console's graph. */
  flows: z.array(monitoringFlow),
});
export type MonitoringCaseDetail = z.infer<typeof monitoringCaseDetail>;

export const monitoringCaseParams = z.object({ id: uuidInput });

/** Who asks, as the gateway names them (an ADMIN+ user): the monitoring service holds it to their token. */
export const monitoringActor = z.object({ kind: z.literal('user'), id: z.string().regex(/^[1-9][0-9]{0,15}$/), role });
/**
 * And the person's own access token, which the gateway verified and passes on (`proof`): the
 * monitoring service verifies it too (the user service's keys, AUTHORITY_PUBLIC_KEYS) and takes
 * from it, never from the gateway's word, that it names `actor`, when they took their role
 * (`role_since`: a four-eyes decision is refused to a decider who took it at or after the request)
 * and when they last gave their second factor (`mfa_at`: every step needs a fresh one). Optional
 * here so that a call without one is refused by the service, and audited, rather than by the schema.
 */
const askedBy = {
  actor: monitoringActor,
  proof: z.string().min(1).max(8_192).optional(),
  requestId: z.string().max(200).nullable(),
};

export const assignCaseBody = z.strictObject({ assignee: userId.nullable().describe('The ADMIN+ to assign it to; null unassigns') });
export const commentCaseBody = z.strictObject({ body: singleLineText(1, 2000, { trim: true }) });
export const linkCaseBody = z.strictObject({
  transactionIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
});
export const resolveCaseBody = z.strictObject({ resolution: caseResolution, reason: singleLineText(1, 1000, { trim: true }) });

export const assignCaseInternalBody = assignCaseBody.extend(askedBy);
export const commentCaseInternalBody = commentCaseBody.extend(askedBy);
export const linkCaseInternalBody = linkCaseBody.extend(askedBy);
export const resolveCaseInternalBody = resolveCaseBody.extend(askedBy);

/** A rule's window, in milliseconds: the monitoring service's ruleLimits (services/monitoring/src/domain/rules.ts) hold the same. */
export const monitoringWindowMs = { min: 1_000, max: 30 * 86_400_000 } as const;

/**
 * A rule's id: `backtest` is reserved, for `/api/admin/monitoring/rules/backtest` is the backtest's
 * path (a rule of that id could be tuned there but never told from it).
 */
const monitoringRuleId = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,60}$/)
  .refine((id) => id !== 'backtest', { message: 'backtest is reserved: it is the backtest route, not a rule' })
  .describe('The rule id: 1 to 60 letters, digits and hyphens, not `backtest` (reserved)');

/** A rule as data (its kind's parameters beside the common ones); the service validates it in full. */
export const monitoringRule = z
  .object({
    id: monitoringRuleId,
    kind: z.enum(['velocity', 'structuring', 'fan-in', 'fan-out', 'circular', 'first-day', 'dormancy', 'client-baseline']),
    mode: z.enum(['ACTIVE', 'TEST', 'DISABLED']),
    score: z.number().int().min(0).max(100),
    windowMs: z
      .number()
      .int()
      .min(monitoringWindowMs.min)
      .max(monitoringWindowMs.max)
      .describe('How far back the rule looks: 1 second to 30 days, in milliseconds'),
  })
  .catchall(z.union([z.number(), z.string(), z.null()]));
export type MonitoringRuleInput = z.infer<typeof monitoringRule>;

export const monitoringRuleList = z.object({ rules: z.array(monitoringRule) });

/**
 * A rule's change waiting for a second ADMIN+ (docs/design/monitoring.md "Two people"): one that
 * gives the rule more power to freeze. A different ADMIN+ sending the same rule applies it.
 */
export const monitoringRuleProposal = z.object({
  ruleId: z.string(),
  rule: monitoringRule.describe('The rule as proposed: a different ADMIN+ sends it unchanged to apply it'),
  proposedBy: userId,
  proposedAt: z.iso.datetime(),
  diff: z.array(z.string()).describe('Each field it moves, `field: before -> after`, against the rule as it runs'),
  reasons: z.array(z.string()).describe('Why it waits for a second ADMIN+'),
});
export type MonitoringRuleProposal = z.infer<typeof monitoringRuleProposal>;

/** The answer of a change that waits (202): the proposal, and the rules as they run meanwhile (a new rule in TEST). */
export const monitoringRuleProposed = z.object({ proposal: monitoringRuleProposal, rules: z.array(monitoringRule) });

/** What the monitoring service answers a rule's change: the rules as they run, with the proposal when it waits. */
export const monitoringRuleChanged = z.union([monitoringRuleProposed, monitoringRuleList]);
export const monitoringRuleParams = z.object({ ruleId: monitoringRuleId });
export const putRuleInternalBody = z.strictObject({ rule: monitoringRule, ...askedBy });
export const backtestBody = z.strictObject({
  rule: monitoringRule,
  days: z.number().int().min(1).max(30).default(7).describe('How many days of seen transactions to replay'),
});
export const backtestReport = z.object({
  ruleId: z.string(),
  movements: z.number().int(),
  hits: z.number().int(),
  subjects: z.number().int(),
  examples: z.array(z.object({ transactionId: z.number().int(), subject: z.string(), detail: z.string() })),
  truncated: z.boolean().describe('The replay stopped at its limit of transactions'),
});

/**
 * Lifting the freezes of one rule (docs/design/monitoring.md "Freezes"): one ADMIN+ asks, listing
 * the rule's freezes not lifted yet (at most `freezeLiftMax`); a different ADMIN+ approves, and
 * the gateway lifts each through the ledger's own two-person unfreeze.
 */
export const monitoringFreezeLift = z.object({
  ruleId: z.string(),
  status: z.enum(['PENDING', 'APPROVED']),
  reason: z.string(),
  requestedBy: userId,
  requestedAt: z.iso.datetime(),
  approvedBy: userId.nullable(),
  freezes: z
    .array(z.object({ caseId: z.uuid(), userId }))
    .describe("The rule's automatic freezes the request lists, oldest first: the approval lifts exactly these"),
});
export type MonitoringFreezeLift = z.infer<typeof monitoringFreezeLift>;

export const freezeLiftBody = z.strictObject({ reason: reasonText.describe('Why the freezes of this rule may be lifted') });
export const freezeLiftInternalBody = freezeLiftBody.extend(askedBy);
export const freezeLiftApprovalInternalBody = z.strictObject(askedBy);
/** What the monitoring service answers a freeze lift's request or approval. */
export const monitoringFreezeLiftAnswer = z.object({ freezeLift: monitoringFreezeLift });

/** One listed freeze as the ledger answered the lift's command for it. */
export const freezeLiftOutcome = z.object({
  userId,
  caseId: z.uuid(),
  outcome: z
    .string()
    .describe(
      "`requested` (the request's unfreeze request, in the requester's name) or `lifted` (the approval's), else the ledger's error code for that wallet (`WALLET_NOT_FROZEN`: lifted meanwhile)",
    ),
});
/** The gateway's answer to a freeze lift's request (202) and approval (200): the lift and each wallet's outcome in the ledger. */
export const ruleFreezeLiftAnswer = z.object({ freezeLift: monitoringFreezeLift, outcomes: z.array(freezeLiftOutcome) });

/**
 * The monitoring acts that wait for a second ADMIN+ (docs/design/monitoring.md "Two people"), by the
 * kind of what they change: a rule's change, a case's resolution, a rule's freeze lift.
 */
export const monitoringProposalKinds = ['rule', 'case', 'freeze-lift'] as const;
export const monitoringProposalKind = z.enum(monitoringProposalKinds);
export type MonitoringProposalKind = z.infer<typeof monitoringProposalKind>;
export const monitoringProposalParams = z.object({ kind: monitoringProposalKind });

/** The life of a monitoring proposal, as every four-eyes request's. */
export const monitoringProposalStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export const monitoringProposalStatus = z.enum(monitoringProposalStatuses);

/**
 * One request for a second ADMIN+, with its life: what it changes (its rule or case id), what was
 * proposed, by whom and when, until when a different ADMIN+ may approve it
 * (MONITORING_PROPOSAL_EXPIRY_S after it was made), and how it ended: APPROVED or REJECTED by a
 * person (a newer proposal of the same rule or case rejects the pending one in its proposer's
 * name), or EXPIRED (nobody approves it; the next send proposes anew).
 */
export const monitoringProposal = z.object({
  id: z.string().describe("The rule's id (a rule's change or freeze lift) or the case's (a resolution)"),
  requestId: z.uuid().describe('This request: a rule or a case has one pending at a time, and keeps the ones before it'),
  change: z
    .record(z.string(), z.unknown())
    .describe(
      'What was proposed: the rule, the resolution, or the lift (its reason and freezes); a different ADMIN+ sends the same to approve it',
    ),
  proposedBy: userId,
  proposedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  status: monitoringProposalStatus,
  decidedBy: userId.nullable().describe('Who approved or rejected it (null while pending, or expired)'),
  decidedAt: z.iso.datetime().nullable().describe('When it was approved, rejected or stored expired'),
  rejectionReason: z.string().nullable().describe('Why it was rejected (null otherwise)'),
});
export type MonitoringProposal = z.infer<typeof monitoringProposal>;
/** Proposals of one kind, newest first (at most `monitoringProposalsMax`). */
export const monitoringProposalList = z.object({ proposals: z.array(monitoringProposal) });
/** A list of proposals, of one status when asked (a PENDING one past its expiry is EXPIRED). */
export const monitoringProposalQuery = z.strictObject({
  status: monitoringProposalStatus.optional().describe('Only the proposals of this status (all when absent)'),
});
/** A rejection of the pending proposal of a rule, a case or a rule's freeze lift. */
export const rejectProposalBody = z.strictObject({ reason: reasonText.describe('Why the proposal is rejected') });
export const rejectProposalInternalBody = rejectProposalBody.extend(askedBy);
/** Which proposal a rejection is of: its kind and its rule's or case's id (the one pending). */
export const monitoringProposalTargetParams = z.object({
  kind: monitoringProposalKind,
  id: z.string().min(1).max(100).describe("The rule's id or the case's"),
});
/** What a proposal's rejection answers: the proposal, REJECTED. */
export const monitoringProposalAnswer = z.object({ proposal: monitoringProposal });
/** How many proposals a list shows at most: each waits for a person, so more would be a backlog nobody reads. */
export const monitoringProposalsMax = 200;
