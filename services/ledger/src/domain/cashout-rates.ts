import { cashoutXafPerCoinMax, type Actor, type CashoutRateVersion as CashoutRateVersionView } from '@coin/contracts';
import { rejected, type Rejected } from '@coin/errors';
import type { ApprovalState } from './approvals';
import type { CashoutRate } from './state';

/**
 * Cash-out rates set by two people (docs/decisions/0015-cash-out-as-a-hold.md), pure: an ADMIN+
 * asks for a version (XAF per coin, effective from a time ahead) in an approval request holding
 * it (the act `cashout-rate-change`, commands/acts/cashout-rate-change.ts), a different ADMIN+
 * approves it, and the approved versions join the configured ones (CASHOUT_RATES) as the rates a
 * cash-out reads. A request is shown as the version it asks for (`rateVersionOfRequest`). Every
 * time is the ledger's apply time, which no sender chooses.
 */

/** Every limit of rate versions, explicit. */
export const cashoutRateLimits = {
  /** The most XAF one coin may be worth (as CASHOUT_RATES allows). */
  xafPerCoinMax: cashoutXafPerCoinMax,
  /**
   * How soon a version may take effect, judged when it is proposed and again when it is approved:
   * the approval is committed at least this long before any cash-out can price at it, so every
   * partition (on every shard) reads it by then, whatever the skew between ledger clocks below it.
   */
  leadSecondsMin: 60,
  /** How far ahead a version may take effect (90 days). */
  leadSecondsMax: 90 * 24 * 3600,
  /**
   * How many versions may wait at once: proposed, or approved and not yet in force. It bounds the
   * read: the newest `waitingMax + 1` approved versions by effective time hold the one in force.
   */
  waitingMax: 20,
} as const;

/** How many approved versions the batch read loads, newest effective time first (the rest were superseded). */
export const approvedVersionsRead = cashoutRateLimits.waitingMax + 1;

/** A version's status: PROPOSED while its request waits for a second person (only APPROVED ones are stored as versions). */
export type CashoutRateStatus = 'PROPOSED' | 'APPROVED' | 'REJECTED';

/** A version's status at a time: a PROPOSED one past its `expiresAt` is EXPIRED, decided by nobody. */
export type CashoutRateStatusAt = CashoutRateStatus | 'EXPIRED';

/** A rate version: proposed by one person, decided by another; an approved one is kept (immutable), the others are their requests. */
export interface CashoutRateVersion {
  id: string;
  xafPerCoin: number;
  effectiveFrom: Date;
  proposedBy: Actor;
  proposedAt: Date;
  status: CashoutRateStatus;
  decidedBy: Actor | null;
  decidedAt: Date | null;
  /** When a PROPOSED version lapses undecided (rateExpiresAt): from then it reads EXPIRED. */
  expiresAt: Date;
}

/** What a request for a version names. */
export interface RateProposal {
  xafPerCoin: number;
  effectiveFrom: Date;
}

/** Why `effectiveFrom` is too soon or too far at `now`, or null. */
function leadRefusal(effectiveFrom: Date, now: Date, step: 'proposed' | 'approved'): Rejected | null {
  const at = effectiveFrom.getTime();
  const { leadSecondsMin, leadSecondsMax } = cashoutRateLimits;
  if (Number.isNaN(at) || at < now.getTime() + leadSecondsMin * 1000) {
    return rejected(
      'VALIDATION_FAILED',
      `A rate takes effect at least ${leadSecondsMin} seconds after it is ${step}: no rate prices cash-outs already made, and every partition must know it first` +
        (step === 'approved' ? '; propose it again with a later time' : ''),
    );
  }
  if (at > now.getTime() + leadSecondsMax * 1000) {
    return rejected('VALIDATION_FAILED', `A rate takes effect within ${leadSecondsMax / 86_400} days`);
  }
  return null;
}

/**
 * When a proposal made at `proposedAt` lapses: APPROVAL_EXPIRY_S later, as every four-eyes request
 * does, or `leadSecondsMin` before its effective time if that comes first, when no approval could
 * take it any more. No proposal waits forever, nor holds a place among the waiting ones.
 */
export function rateExpiresAt(proposedAt: Date, effectiveFrom: Date, approvalExpirySeconds: number): Date {
  const byAge = proposedAt.getTime() + approvalExpirySeconds * 1000;
  const byLead = effectiveFrom.getTime() - cashoutRateLimits.leadSecondsMin * 1000;
  return new Date(Math.min(byAge, byLead));
}

/** A version's status at `now`: EXPIRED once a PROPOSED one reaches its expiry. */
export function rateStatusAt(version: Pick<CashoutRateVersion, 'status' | 'expiresAt'>, now: Date): CashoutRateStatusAt {
  return version.status === 'PROPOSED' && now >= version.expiresAt ? 'EXPIRED' : version.status;
}

/** The versions waiting at `now`: proposed and not expired, or approved and not yet in force. */
export function waitingVersions(versions: readonly CashoutRateVersion[], now: Date): CashoutRateVersion[] {
  return versions.filter((v) => rateStatusAt(v, now) === 'PROPOSED' || (v.status === 'APPROVED' && v.effectiveFrom > now));
}

/** Why a proposal is refused at `now` (the ledger's time), or null. */
export function rateProposalRefusal(proposal: RateProposal, versions: readonly CashoutRateVersion[], now: Date): Rejected | null {
  const { xafPerCoin, effectiveFrom } = proposal;
  if (!Number.isSafeInteger(xafPerCoin) || xafPerCoin < 1 || xafPerCoin > cashoutRateLimits.xafPerCoinMax) {
    return rejected('VALIDATION_FAILED', `A rate is a whole number of XAF per coin, 1 to ${cashoutRateLimits.xafPerCoinMax}`);
  }
  const lead = leadRefusal(effectiveFrom, now, 'proposed');
  if (lead) return lead;
  if (waitingVersions(versions, now).length >= cashoutRateLimits.waitingMax) {
    return rejected(
      'LIMIT_EXCEEDED',
      `${cashoutRateLimits.waitingMax} rate versions wait already (proposed, or approved and not yet in force): decide one first`,
    );
  }
  return null;
}

/**
 * The rates a cash-out reads: the configured versions (CASHOUT_RATES, in force from deployment)
 * and the approved ones. Where both have a version at the same instant, the approved one counts.
 */
export function ratesOf(versions: readonly CashoutRateVersion[], configured: readonly CashoutRate[]): CashoutRate[] {
  const approved = versions
    .filter((v) => v.status === 'APPROVED')
    .map((v) => ({ xafPerCoin: v.xafPerCoin, effectiveFrom: v.effectiveFrom, id: v.id }));
  const taken = new Set(approved.map((v) => v.effectiveFrom.getTime()));
  return [...configured.filter((r) => !taken.has(r.effectiveFrom.getTime())), ...approved];
}

/** Why an approval at `now` is too late for a version taking effect at `effectiveFrom` (every partition must know it first), or null. */
export function approvalLeadRefusal(effectiveFrom: Date, now: Date): Rejected | null {
  return leadRefusal(effectiveFrom, now, 'approved');
}

/** The version its request's approval sets: the request's id, proposer and expiry, approved by `approver` now. */
export function approvedRate(request: ApprovalState, proposal: RateProposal, approver: Actor, now: Date): CashoutRateVersion {
  return {
    id: request.id,
    ...proposal,
    proposedBy: request.requestedBy,
    proposedAt: request.createdAt,
    status: 'APPROVED',
    decidedBy: approver,
    decidedAt: now,
    expiresAt: request.expiresAt,
  };
}

/**
 * A request for a version, as the version it asks for: PROPOSED while it waits (EXPIRED once past
 * its expiry, `rateStatusAt`), then as decided (an expired one stays PROPOSED with its expiry past).
 */
export function rateVersionOfRequest(request: ApprovalState, proposal: RateProposal): CashoutRateVersion {
  const decided = request.status === 'APPROVED' || request.status === 'REJECTED' ? request.status : null;
  return {
    id: request.id,
    ...proposal,
    proposedBy: request.requestedBy,
    proposedAt: request.createdAt,
    status: decided ?? 'PROPOSED',
    decidedBy: decided ? request.decidedBy : null,
    decidedAt: decided ? request.updatedAt : null,
    expiresAt: request.expiresAt,
  };
}

/**
 * The one home of a cash-out rate version's view (API and replies): its status at `now` (a
 * proposal past its expiry is EXPIRED; a reply shows it as its command left it).
 */
export function cashoutRateView(version: CashoutRateVersion, now: Date = version.decidedAt ?? version.proposedAt): CashoutRateVersionView {
  const person = (actor: { kind: string; id: string }) => ({
    kind: actor.kind === 'operator' ? ('operator' as const) : ('user' as const),
    id: actor.id,
  });
  return {
    id: version.id,
    xafPerCoin: version.xafPerCoin,
    effectiveFrom: version.effectiveFrom.toISOString(),
    status: rateStatusAt(version, now),
    proposedBy: person(version.proposedBy),
    proposedAt: version.proposedAt.toISOString(),
    decidedBy: version.decidedBy ? person(version.decidedBy) : null,
    decidedAt: version.decidedAt?.toISOString() ?? null,
    expiresAt: version.expiresAt.toISOString(),
  };
}
