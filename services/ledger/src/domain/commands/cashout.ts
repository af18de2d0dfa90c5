import {
  cashoutApprovalIdOf,
  cashoutCommand,
  ledgerResults,
  sandboxCashoutSettleSeconds,
  sandboxCashoutXafPerCoin,
  walletKeyOfUser,
  xafOfCashout,
  type LedgerCommandOf,
} from '@coin/contracts';
import { createHash } from 'node:crypto';
import { rateVersionsOf } from '../kinds/cashout-rates';
import { windowEffects } from '../kinds/four-eyes-windows';
import { activeOf, holdIdOf, type CashoutPolicy, type CashoutRate, type CashoutTerms, type HoldState } from '../state';
import { usageOf } from '../limits';
import { ratesOf } from '../cashout-rates';
import { isUser, userVerifiedOf } from '../authors';
import { cashoutAfter, payerWallet } from './replies';
import { accepted, coins, insufficient, limitBreachOf, reject } from './rules';
import type { CommandModule, DecideContext } from './types';
import { clockReadsOf, clockTimeOf, isTestClientId } from '../test-clock';
import { holdEffect } from '../kinds/holds';
import { approvalEffect, type ApprovalEffect } from '../kinds/approvals';
import type { ApprovalState } from '../approvals';
import type { Rejected } from '@coin/errors';
import { spentFrom } from '../kinds/limits';

/** The window that counts what one user cashed out in a rolling day (four_eyes_windows, scope `cashout:user:<id>`). */
export function cashoutScope(userId: number): string {
  return `cashout:user:${userId}`;
}

/**
 * The window that counts what was cashed out to one mobile money number in a rolling day, by
 * whichever users (scope `cashout:msisdn:<SHA-256 of the number>`): never the number itself.
 */
export function cashoutMsisdnScope(msisdn: string): string {
  return `cashout:msisdn:${createHash('sha256').update(`coin-cashout-msisdn:${msisdn}`).digest('hex')}`;
}

/**
 * The cash-out four-eyes over a rolling day: a cash-out waits for a second person when it is above
 * the threshold, or when with what the same user, or anyone to the same number, asked for in the
 * last 24 h it goes above it; null: no second person needed.
 */
function secondPersonOf(threshold: number, amount: number, usedByUser: number, usedByNumber: number): CashoutTerms['secondPerson'] {
  return Math.max(usedByUser, usedByNumber) + amount > threshold ? { approvedBy: null, approvedAt: null } : null;
}

/** The rate in force at `now`: the version with the latest effective time not after it, or null before the first. */
export function rateInForce(rates: readonly CashoutRate[], now: Date): CashoutRate | null {
  let found: CashoutRate | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= now && (found === null || rate.effectiveFrom > found.effectiveFrom)) found = rate;
  }
  return found;
}

/** What this user may still cash out today, by verification level; null when the amount fits. */
function dailyLimitRefusal(policy: CashoutPolicy, verified: boolean, used: number, amount: number) {
  const limit = verified ? policy.dailyAmount.verified : policy.dailyAmount.unverified;
  if (used + amount <= limit) return null;
  return reject(
    'LIMIT_EXCEEDED',
    `A ${verified ? 'verified' : 'unverified'} user may cash out ${coins(limit)} in a rolling day; ${coins(used)} used`,
  );
}

/**
 * A sandbox test cash-out's own terms (docs/decisions/0018-sandbox.md "Cash-outs in the sandbox"):
 * the test-mode client that asked for it (the sandbox's rule lets only it name a test outcome), the
 * outcome, and its clock's time now; null for any other cash-out.
 */
function sandboxTermsOf(
  command: LedgerCommandOf<'ledger.cashout'>,
  context: DecideContext,
): { clientId: string; outcome: 'CONFIRMED' | 'FAILED'; clockNow: Date } | null {
  const outcome = command.data.testOutcome;
  if (!outcome || command.actor.kind !== 'system' || !isTestClientId(command.actor.id)) return null;
  return { clientId: command.actor.id, outcome, clockNow: clockTimeOf(context, command.actor.id) };
}

/** The rate in force at the ledger's time; in the sandbox, with none in force there, its test rate. */
function cashoutRateOf(context: DecideContext, sandbox: boolean): CashoutRate | null {
  const inForce = rateInForce(ratesOf(rateVersionsOf(context.state.cashoutRates), context.policy.cashout.rates), context.now);
  return inForce ?? (sandbox ? { xafPerCoin: sandboxCashoutXafPerCoin, effectiveFrom: new Date(0) } : null);
}

/** The id of the request a cash-out would make for its second person: its cash-out's id read as a request's (none without a routed id). */
function requestIdsOf(command: LedgerCommandOf<'ledger.cashout'>): string[] {
  const id = cashoutApprovalIdOf(holdIdOf(command));
  return id === null ? [] : [id];
}

/**
 * The request a cash-out above the four-eyes threshold makes for its second person (the act
 * `cashout-approval`, acts/cashout-approval.ts): in its payer's name, holding its clearance, under
 * its cash-out's id read as a request's, lapsing with its hold. A cash-out whose id names no payer
 * (asked for without a nonce, by a gateway of an earlier version) could never be decided by its
 * id: it is refused rather than held for nothing.
 */
function secondPersonRequest(
  command: LedgerCommandOf<'ledger.cashout'>,
  hold: HoldState,
  context: DecideContext,
): { ok: true; effect: ApprovalEffect } | Rejected {
  const id = cashoutApprovalIdOf(hold.id);
  if (id === null) return reject('VALIDATION_FAILED', 'A cash-out above the four-eyes threshold is asked for with an id nonce');
  if (context.state.approvals?.has(id))
    return reject('COMMAND_REFUSED', "A request under this cash-out's id exists already: ask for the cash-out again");
  const approval: ApprovalState = {
    id,
    command: { type: 'ledger.clear-cashout', data: { holdId: hold.id, fromUserId: hold.fromUserId, amount: hold.amount } },
    requestedBy: command.actor,
    status: 'PENDING',
    createdAt: context.now,
    expiresAt: hold.expiresAt,
    updatedAt: context.now,
    decidedBy: null,
    rejectionReason: null,
    transactionId: null,
  };
  return { ok: true, effect: approvalEffect({ approval, event: 'requested' }) };
}

/** The hold a cash-out makes, with its terms: the account, the provider, the rate and XAF amount, its second person and, in the sandbox, its test outcome. */
function cashoutHoldOf(
  command: LedgerCommandOf<'ledger.cashout'>,
  { now, policy }: DecideContext,
  terms: { rate: CashoutRate; xafAmount: number; test: ReturnType<typeof sandboxTermsOf>; secondPerson: CashoutTerms['secondPerson'] },
): HoldState {
  const { fromUserId, amount, msisdn } = command.data;
  const { rate, xafAmount, test, secondPerson } = terms;
  // Who may pay it is judged when a provider claims it, by that provider's verified `cashout` grant.
  const providerClientId = command.data.providerClientId ?? null;
  return {
    id: holdIdOf(command),
    fromUserId,
    // A cash-out pays no one: its coins stay with the payer until the provider's callback burns them.
    to: { kind: 'user', userId: fromUserId },
    amount,
    // No account number in the hold's reason, which events and lists carry: it is in the terms only.
    reason: 'Cash-out',
    reference: null,
    status: 'PENDING',
    expiresAt: new Date((test?.clockNow ?? now).getTime() + policy.cashout.windowSeconds * 1000),
    createdAt: now,
    updatedAt: now,
    capturedAmount: null,
    transactionId: null,
    // No settler until a provider claims it: then the claimer alone settles it. A sandbox test
    // cash-out is claimed at once by its client, for the sandbox's test provider to settle.
    settlerClientId: test?.clientId ?? null,
    cashout: {
      msisdn,
      providerClientId,
      claimedBy: test?.clientId ?? null,
      claimedAt: test ? now : null,
      xafAmount,
      xafPerCoin: rate.xafPerCoin,
      rateEffectiveFrom: rate.effectiveFrom,
      outcome: null,
      callbackId: null,
      providerReference: null,
      secondPerson,
      ...(test
        ? { test: { outcome: test.outcome, settleAt: new Date(test.clockNow.getTime() + sandboxCashoutSettleSeconds * 1000) } }
        : {}),
    },
  };
}

/**
 * A user's cash-out to XAF (docs/CONTRACT.md "Cash-out"): the coins are held at once until a
 * provider claims it and its callback settles it, the rate in force at the ledger's time fixes the XAF amount, and the
 * amount counts in the user's daily cash-out window (by verification level) and spending limits.
 */
export const cashout: CommandModule<'ledger.cashout'> = {
  type: 'ledger.cashout',
  schema: cashoutCommand,
  result: ledgerResults['ledger.cashout'],
  createsTransaction: false,
  authorRefusal: ({ data }, author) =>
    isUser(author, data.fromUserId) ? null : 'Command refused: only the payer cashes out their own coins',
  reads: (command) => ({
    walletKeys: [walletKeyOfUser(command.data.fromUserId)],
    // The request it would make for its second person, under the id its cash-out's names (none is there before it).
    approvalIds: requestIdsOf(command),
    windowScopes: [cashoutScope(command.data.fromUserId), cashoutMsisdnScope(command.data.msisdn)],
    cashoutRates: true,
    // A sandbox test cash-out is scheduled on its client's clock.
    ...(command.data.testOutcome ? clockReadsOf(command.actor.id) : {}),
  }),
  decide(command, context) {
    const { now, policy } = context;
    const { fromUserId, amount, msisdn } = command.data;
    const test = sandboxTermsOf(command, context);
    const rate = cashoutRateOf(context, test !== null);
    if (!rate) return reject('UNAVAILABLE', 'No cash-out rate is in force yet');
    const xafAmount = xafOfCashout(amount, rate.xafPerCoin);
    if (xafAmount < 1) return reject('VALIDATION_FAILED', `${coins(amount)} is worth less than 1 XAF at ${rate.xafPerCoin} XAF per coin`);
    const source = context.wallet(walletKeyOfUser(fromUserId));
    if (!source || source.status === 'CLOSED') return reject('WALLET_NOT_FOUND', 'The payer has no open wallet');
    const scope = cashoutScope(fromUserId);
    const numberScope = cashoutMsisdnScope(msisdn);
    const used = usageOf(context.state.windows?.get(scope) ?? [], now).amount;
    const usedByNumber = usageOf(context.state.windows?.get(numberScope) ?? [], now).amount;
    // A test client stands for a verified user: no person's verification exists in the sandbox.
    const overDaily = dailyLimitRefusal(policy.cashout, test !== null || userVerifiedOf(command), used, amount);
    if (overDaily) return overDaily;
    if (activeOf(source) < amount) return insufficient(source, amount);
    const overLimit = limitBreachOf(command, source, amount, now, policy);
    if (overLimit) return overLimit;
    // Above the four-eyes threshold, alone or over a day, no provider may claim or confirm it until a
    // second person approved it. No person acts in the sandbox, so none is asked there.
    const secondPerson = test ? null : secondPersonOf(policy.cashout.fourEyesAmount, amount, used, usedByNumber);
    const created = cashoutHoldOf(command, context, { rate, xafAmount, test, secondPerson });
    const request = created.cashout?.secondPerson ? secondPersonRequest(command, created, context) : null;
    if (request && !request.ok) return request;
    return accepted({
      // What the user's limits count, the hold, the two windows it counts in (the user's and the
      // number's) and, above the threshold, the request for its second person.
      effects: [
        spentFrom(source.key, amount),
        holdEffect({ hold: created, event: 'created' }),
        ...windowEffects([scope, numberScope].map((s) => ({ scope: s, amount }))),
        ...(request ? [request.effect] : []),
      ],
      subjectKey: source.key,
    });
  },
  reply: (input) => ({ cashout: cashoutAfter(input), wallet: payerWallet(input) }),
  audit: () => null,
};
