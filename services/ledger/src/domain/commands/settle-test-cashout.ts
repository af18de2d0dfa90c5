import { ledgerResults, settleTestCashoutCommand, walletKeyOfUser, type LedgerCommandOf } from '@coin/contracts';
import type { HoldState } from '../state';
import { clockReadsOf, clockTimeOf } from '../test-clock';
import { accepted, canDebit, holdNotFound, holdOf } from './rules';
import { cashoutConfirmed, cashoutFailed } from './settle-cashout';
import type { CommandModule, DecideContext } from './types';
import { holdChangesOf } from '../kinds/holds';

/** The name the sandbox's test provider settles under: the BURN's `cashoutProvider`, the callback id it keeps. */
export const sandboxTestProvider = 'sandbox-test-provider';

/**
 * The sandbox's built-in test provider (docs/decisions/0018-sandbox.md "Cash-outs in the
 * sandbox"), the ledger's own command: a test cash-out its client's clock has brought past its
 * settle time is settled with the outcome its request named, as a provider's callback would
 * settle it: CONFIRMED burns the held coins (a BURN recording the XAF amount and the rate),
 * FAILED releases them. Anything else (no test cash-out, settled already, not due yet on its
 * client's clock) changes nothing. A confirm the payer's wallet cannot take (a freeze, a limit) is
 * failed instead, so a test cash-out always ends. Only a test cash-out carries an outcome to
 * settle with, and only the sandbox's rule lets a client ask for one (domain/authority.ts).
 */
export const settleTestCashout: CommandModule<'ledger.settle-test-cashout'> = {
  type: 'ledger.settle-test-cashout',
  schema: settleTestCashoutCommand,
  result: ledgerResults['ledger.settle-test-cashout'],
  createsTransaction: true,
  // The ledger's own command (route `ledger`: never accepted on ledger.commands), decided on the cash-out alone.
  authorRefusal: () => null,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId], ...clockReadsOf(data.clockOf) }),
  decide(command, context) {
    const { holdId, fromUserId } = command.data;
    const subjectKey = walletKeyOfUser(fromUserId);
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold) return holdNotFound(holdId);
    const test = hold.cashout?.test;
    if (!hold.cashout || !test || hold.status !== 'PENDING' || settleTimeOf(command, hold, context) < test.settleAt) {
      return accepted({ subjectKey });
    }
    const terms = {
      ...hold.cashout,
      outcome: test.outcome,
      callbackId: `${sandboxTestProvider}-${hold.id}`,
      providerReference: `TEST-${hold.id.slice(0, 8).toUpperCase()}`,
    };
    const source = context.wallet(subjectKey);
    if (test.outcome === 'FAILED' || !source || source.freeze || !canDebit(source, hold.amount)) {
      return cashoutFailed(hold, { ...terms, outcome: 'FAILED' }, context.now);
    }
    // The BURN is its client's, as a provider's callback's is the provider's: the client reads it back and gets its event.
    return cashoutConfirmed(context, hold, terms, source, sandboxTestProvider, hold.settlerClientId ?? undefined);
  },
  reply: ({ decision }) => {
    const settled = holdChangesOf(decision)[0]?.hold.cashout?.outcome ?? null;
    return { settled: settled !== null, outcome: settled, transactionId: decision.transaction?.id ?? null };
  },
  audit: () => null,
};

/**
 * The time a test cash-out is judged at: wall time plus the stored test clock of the client that
 * settles it (its client), whatever clock the command names; the live ledger stores none.
 */
function settleTimeOf(command: LedgerCommandOf<'ledger.settle-test-cashout'>, hold: HoldState, context: DecideContext): Date {
  return command.data.clockOf !== undefined && command.data.clockOf === hold.settlerClientId
    ? clockTimeOf(context, hold.settlerClientId)
    : context.now;
}
