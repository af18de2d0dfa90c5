import {
  chargeMandateCommand,
  ledgerResults,
  treasuryOf,
  walletKeyOf,
  walletKeyOfUser,
  type LedgerCommandOf,
  type Party,
} from '@coin/contracts';
import { pastEnd, periodStart } from '../mandates';
import { activeOf, type Accepted, type MandateChange, type MandateState } from '../state';
import { clockReadsOf, clockTimeOf } from '../test-clock';
import { mandateChangesOf, mandateEffect } from '../kinds/mandates';
import { spentFrom } from '../kinds/limits';
import { mandateOf } from './grant-mandate';
import { mandateIn } from './cancel-mandate';
import { accepted, canCredit, canDebit, coins, limitBreachOf, reject } from './rules';
import type { CommandModule, DecideContext } from './types';

/**
 * The treasury a mandate's charges pay: SUBSCRIPTIONS, in the sandbox the test-mode client's own
 * (docs/decisions/0018-sandbox.md "Treasuries of each test client's own"; the live ledger grants no
 * mandate to a test-mode client).
 */
const subscriptionsOf = (clientId: string | undefined): Party => treasuryOf('SUBSCRIPTIONS', clientId);

/**
 * The scheduler's charge of one period of a mandate (docs/design/ledger.md "Mandates"), decided in
 * the payer's partition after every grant, cancel and earlier charge of it. Only the period the
 * mandate names as next, once its start (or its retry time) has come, at most maxPerPeriod, and
 * only while ACTIVE: a cancelled, ended or past-due mandate, a paid period, a period not begun are
 * refused, so no scheduler, redelivery or forged command makes a second charge of a period. A
 * mandate of a revoked platform client is cancelled by the scheduler's charge of its next period,
 * due or not, instead of charged (the revocation is read at apply time, never trusted from the
 * sender). A charge that finds too few coins (or a limit reached) is recorded as a failed attempt
 * and tried again after the retry pause until the grace period is over; then the mandate is
 * PAST_DUE.
 */
export const chargeMandate: CommandModule<'ledger.charge-mandate'> = {
  type: 'ledger.charge-mandate',
  schema: chargeMandateCommand,
  result: ledgerResults['ledger.charge-mandate'],
  createsTransaction: true,
  // The ledger's own command (route `ledger`: never accepted on ledger.commands), decided on the mandate alone.
  authorRefusal: () => null,
  reads: ({ data }) => ({
    // In the sandbox the scheduler names the mandate's client as the clock it judged by: its own SUBSCRIPTIONS is read.
    walletKeys: [walletKeyOfUser(data.fromUserId), walletKeyOf(subscriptionsOf(data.clockOf))],
    mandateIds: [data.mandateId],
    ...clockReadsOf(data.clockOf),
  }),
  decide(command, context) {
    const { mandateId, fromUserId, period, attempt } = command.data;
    const mandate = mandateIn(context.state, mandateId, fromUserId);
    if (!mandate) return reject('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
    // Judged here, at apply time, from the revocations the ledger read: never from the sender. The
    // scheduler's charge of the next period and attempt cancels a revoked client's mandate at once,
    // due or not; any other is refused below.
    if (isNextCharge(mandate, period, attempt) && context.state.revokedClients?.has(mandate.clientId)) return revoked(mandate, context);
    const refused = dueRefusal(mandate, period, attempt, scheduleTimeOf(command, mandate, context));
    if (refused) return refused;
    const amount = command.data.amount ?? mandate.amount;
    if (amount > mandate.maxPerPeriod) return reject('CHARGE_EXCEEDS_MANDATE', `At most ${coins(mandate.maxPerPeriod)} a period`);
    if (pastEnd(mandate, period)) return ended(mandate, context);
    const source = context.wallet(walletKeyOfUser(fromUserId));
    if (!source || source.status === 'CLOSED') return ended(mandate, context);
    const subscriptions = subscriptionsOf(mandate.clientId);
    const target = context.wallet(walletKeyOf(subscriptions));
    if (!target) return reject('WALLET_NOT_FOUND', 'The SUBSCRIPTIONS treasury has no wallet');
    // A frozen payer's charge is a failed attempt, not a refusal: refused, its command id would keep
    // its outcome and the period could never be charged after the freeze is lifted.
    const at = scheduleTimeOf(command, mandate, context);
    if (source.freeze) return failed(mandate, context, at, 'The wallet is frozen');
    if (activeOf(source) < amount)
      return failed(mandate, context, at, `The active coins ${coins(activeOf(source))} are below ${coins(amount)}`);
    if (!canDebit(source, amount) || !canCredit(target, amount)) return failed(mandate, context, at, 'A balance limit is reached');
    const overLimit = limitBreachOf(command, source, amount, context.now, context.policy);
    if (overLimit) return failed(mandate, context, at, overLimit.detail);
    const from: Party = { kind: 'user', userId: fromUserId };
    const transaction = context.newTransaction({
      type: 'PURCHASE',
      amount,
      from,
      to: subscriptions,
      reason: mandate.reason,
      reference: `mandate:${mandate.id}:${period}`,
      clientId: mandate.clientId,
    });
    const next = period + 1;
    const paid: MandateState = {
      ...mandate,
      nextPeriod: next,
      failedAttempts: 0,
      nextChargeAt: periodStart(mandate, next),
      updatedAt: context.now,
    };
    const changes: MandateChange[] = [{ mandate: paid, event: 'charged', charge: { period, amount, transactionId: transaction.id } }];
    if (pastEnd(mandate, next)) changes.push({ mandate: { ...paid, status: 'ENDED', nextChargeAt: null }, event: 'ended' });
    return accepted({
      transaction,
      entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
      creditLegs: [{ transactionId: transaction.id, transactionType: 'PURCHASE', to: subscriptions, amount, returnTo: from }],
      effects: [spentFrom(source.key, amount), ...changes.map(mandateEffect)],
      subjectKey: source.key,
    });
  },
  reply: ({ decision, views }) => ({
    mandate: views.mandate(mandateOf(mandateChangesOf(decision))),
    charged: decision.transaction !== null,
    transactionId: decision.transaction?.id ?? null,
  }),
  audit: () => null,
};

/**
 * The time a mandate's schedule is judged at: wall time, plus, in the sandbox, the stored test
 * clock of the mandate's own client (docs/decisions/0018-sandbox.md "Mandates in the sandbox").
 * Only that client's clock counts, whatever clock the command names; the live ledger stores none.
 */
function scheduleTimeOf(command: LedgerCommandOf<'ledger.charge-mandate'>, mandate: MandateState, context: DecideContext): Date {
  return command.data.clockOf === mandate.clientId ? clockTimeOf(context, mandate.clientId) : context.now;
}

/** Whether the charge names the ACTIVE mandate's next period and attempt (due or not). */
function isNextCharge(mandate: MandateState, period: number, attempt: number): boolean {
  return mandate.status === 'ACTIVE' && period === mandate.nextPeriod && attempt === mandate.failedAttempts;
}

/** Why period `period`, attempt `attempt` may not be charged now, or null: it is the one due. */
function dueRefusal(mandate: MandateState, period: number, attempt: number, now: Date) {
  if (mandate.status !== 'ACTIVE') return reject('MANDATE_NOT_ACTIVE', `The mandate is ${mandate.status}`);
  if (period < mandate.nextPeriod) return reject('MANDATE_CHARGE_NOT_DUE', `Period ${period} is paid`);
  if (period > mandate.nextPeriod) return reject('MANDATE_CHARGE_NOT_DUE', `Period ${mandate.nextPeriod} is the next to pay`);
  if (attempt !== mandate.failedAttempts) return reject('MANDATE_CHARGE_NOT_DUE', `Attempt ${mandate.failedAttempts} is the next`);
  if (now < periodStart(mandate, period))
    return reject('MANDATE_CHARGE_NOT_DUE', `Period ${period} starts ${periodStart(mandate, period).toISOString()}`);
  if (mandate.nextChargeAt === null || now < mandate.nextChargeAt) {
    return reject('MANDATE_CHARGE_NOT_DUE', `The next attempt is at ${mandate.nextChargeAt?.toISOString() ?? 'no time'}`);
  }
  return null;
}

/** The mandate charges no more: its end has passed, or its payer's wallet is closed. */
function ended(mandate: MandateState, context: DecideContext): Accepted {
  const done: MandateState = { ...mandate, status: 'ENDED', nextChargeAt: null, updatedAt: context.now };
  return accepted({ effects: [mandateEffect({ mandate: done, event: 'ended' })], subjectKey: walletKeyOfUser(mandate.fromUserId) });
}

/**
 * The platform client the mandate was granted to is revoked: the mandate is cancelled on its
 * side (`cancelledBy: client`) and charges nothing, now or later; the payer is told by the
 * mandate's `cancelled` event like any cancel.
 */
function revoked(mandate: MandateState, context: DecideContext): Accepted {
  const cancelled: MandateState = { ...mandate, status: 'CANCELLED', nextChargeAt: null, cancelledBy: 'client', updatedAt: context.now };
  return accepted({
    effects: [mandateEffect({ mandate: cancelled, event: 'cancelled' })],
    subjectKey: walletKeyOfUser(mandate.fromUserId),
  });
}

/**
 * A failed attempt: tried again after the retry pause, unless that falls past the grace period
 * (PAST_DUE). Both are counted on the mandate's schedule (`at`: in the sandbox, its client's clock).
 */
function failed(mandate: MandateState, context: DecideContext, at: Date, detail: string): Accepted {
  const { now, policy } = context;
  const period = mandate.nextPeriod;
  const failure = { period, attempt: mandate.failedAttempts, detail };
  const retryAt = new Date(at.getTime() + policy.mandateRetrySeconds * 1000);
  const graceEnds = new Date(periodStart(mandate, period).getTime() + policy.mandateGraceSeconds * 1000);
  const base = { ...mandate, failedAttempts: mandate.failedAttempts + 1, updatedAt: now };
  const change: MandateChange =
    retryAt > graceEnds
      ? { mandate: { ...base, status: 'PAST_DUE', nextChargeAt: null }, event: 'past-due', failure }
      : { mandate: { ...base, nextChargeAt: retryAt }, event: 'charge-failed', failure };
  return accepted({ effects: [mandateEffect(change)], subjectKey: walletKeyOfUser(mandate.fromUserId) });
}
