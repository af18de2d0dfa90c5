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

export type CashoutRateStatus = 'PROPOSED' | 'APPROVED' | 'REJECTED';

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

/** The versions waiting at `now`: proposed, or approved and not yet in force. */
export function waitingVersions(versions: readonly CashoutRateVersion[], now: Date): CashoutRateVersion[] {
  return versions.filter((v) => v.status === 'PROPOSED' || (v.status === 'APPROVED' && v.effectiveFrom > now));
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

/** A new proposal, waiting for a second person. */
export function proposedRate(id: string, proposal: RateProposal, proposer: Actor, now: Date): CashoutRateVersion {
  return {
    id,
    xafPerCoin: proposal.xafPerCoin,
    effectiveFrom: proposal.effectiveFrom,
    proposedBy: proposer,
    proposedAt: now,
    status: 'PROPOSED',
    decidedBy: null,
    decidedAt: null,
  };
}

/**
 * Why `decider` may not decide `version` at `now` (unknown, decided already, not a person, its own
 * proposer approving it, or its time no longer far enough ahead), or null. Rejecting one's own
 * proposal is allowed: it withdraws it.
 */
export function rateDecisionRefusal(
  version: CashoutRateVersion | undefined,
  decider: Actor,
  decision: 'APPROVE' | 'REJECT',
  now: Date,
  eligible: (requestedAt: Date) => Pick<SecondPersonCase, 'eligibleSince' | 'requestedAt'> = () => ({}),
): Rejected | null {
  if (!version) return rejected('APPROVAL_NOT_FOUND', 'No such cash-out rate proposal');
  if (version.status !== 'PROPOSED') return rejected('APPROVAL_NOT_PENDING', `This rate proposal is ${version.status} already`);
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
