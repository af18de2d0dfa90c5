import {
  cashoutXafPerCoinMax,
  fourEyesActs,
  notEligibleDetailFor,
  secondPersonRefusal,
  type Actor,
  type SecondPersonCase,
} from '@coin/contracts';
import { rejected, type Rejected } from '@coin/errors';
import type { CashoutRate } from './state';

/**
 * Cash-out rates set by two people (docs/decisions/0015-cash-out-as-a-hold.md), pure: an ADMIN+
 * proposes a version (XAF per coin, effective from a time ahead), a different ADMIN+ approves it,
 * and the approved versions join the configured ones (CASHOUT_RATES) as the rates a cash-out
 * reads. Every time is the ledger's apply time, which no sender chooses.
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

/** A version's status as stored: PROPOSED until a second person decides it. */
export type CashoutRateStatus = 'PROPOSED' | 'APPROVED' | 'REJECTED';

/** A version's status at a time: a PROPOSED one past its `expiresAt` is EXPIRED, decided by nobody. */
export type CashoutRateStatusAt = CashoutRateStatus | 'EXPIRED';

/** A rate version as the ledger keeps it: proposed by one person, decided by another; immutable once decided. */
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

/** What a proposal names. */
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

/** A new proposal, waiting for a second person until it expires (rateExpiresAt). */
export function proposedRate(
  id: string,
  proposal: RateProposal,
  proposer: Actor,
  now: Date,
  approvalExpirySeconds: number,
): CashoutRateVersion {
  return {
    id,
    xafPerCoin: proposal.xafPerCoin,
    effectiveFrom: proposal.effectiveFrom,
    proposedBy: proposer,
    proposedAt: now,
    status: 'PROPOSED',
    decidedBy: null,
    decidedAt: null,
    expiresAt: rateExpiresAt(now, proposal.effectiveFrom, approvalExpirySeconds),
  };
}

/**
 * Why `decider` may not decide `version` at `now` (unknown, decided already or expired, not a
 * person, its own proposer approving it, or its time no longer far enough ahead), or null.
 * Rejecting one's own proposal is allowed: it withdraws it.
 */
export function rateDecisionRefusal(
  version: CashoutRateVersion | undefined,
  decider: Actor,
  decision: 'APPROVE' | 'REJECT',
  now: Date,
  eligible: (requestedAt: Date) => Pick<SecondPersonCase, 'eligibleSince' | 'requestedAt'> = () => ({}),
): Rejected | null {
  if (!version) return rejected('APPROVAL_NOT_FOUND', 'No such cash-out rate proposal');
  const status = rateStatusAt(version, now);
  if (status !== 'PROPOSED') return rejected('APPROVAL_NOT_PENDING', `This rate proposal is ${status} already`);
  if (decider.kind !== 'user' && decider.kind !== 'operator') return rejected('FORBIDDEN', 'Only a person decides a cash-out rate');
  if (decision === 'REJECT') return null;
  const second = secondPersonRefusal(
    { decider, now, requester: version.proposedBy, ...eligible(version.proposedAt) },
    {
      requester: { detail: 'The person who proposed a cash-out rate cannot approve it; another ADMIN+ must' },
      'not-eligible': { detail: notEligibleDetailFor(fourEyesActs['cashout-rate'].deciders) },
    },
  );
  if (second) return rejected(second.code, second.detail);
  return leadRefusal(version.effectiveFrom, now, 'approved');
}

/** The version as its decision leaves it: approved or rejected, by whom and when; never changed again. */
export function decidedRate(version: CashoutRateVersion, decider: Actor, decision: 'APPROVE' | 'REJECT', now: Date): CashoutRateVersion {
  return { ...version, status: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED', decidedBy: decider, decidedAt: now };
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
