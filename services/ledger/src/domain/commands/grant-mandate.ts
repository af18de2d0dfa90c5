import { grantMandateCommand, ledgerResults, walletKeyOfUser } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { isUser } from '../authors';
import { mandateChangesOf, mandateEffect } from '../kinds/mandates';
import { mandateIdOf } from '../mandates';
import type { MandateState } from '../state';
import { clockReadsOf, clockTimeOf } from '../test-clock';
import { accepted, reject } from './rules';
import type { CommandModule } from './types';

/** How far in the past a mandate may start (a clock's skew between the caller and the ledger), and how far ahead. */
export const mandateStartSlackMs = 5 * 60 * 1000;
export const mandateStartAheadMs = 366 * 24 * 3600 * 1000;

/**
 * A user grants a platform client a mandate to charge their wallet into SUBSCRIPTIONS once per
 * period (docs/design/ledger.md "Mandates"): the payer's own act, applied in the payer's partition.
 * In the sandbox a test-mode client grants it for its test user (domain/authority.ts), and its
 * start is judged on that client's test clock, which its periods and retries then follow.
 */
export const grantMandate: CommandModule<'ledger.grant-mandate'> = {
  type: 'ledger.grant-mandate',
  schema: grantMandateCommand,
  result: ledgerResults['ledger.grant-mandate'],
  createsTransaction: false,
  authorRefusal: ({ data }, author) =>
    isUser(author, data.fromUserId) ? null : 'Command refused: only the payer grants a mandate on their wallet',
  reads: (command) => ({
    walletKeys: [walletKeyOfUser(command.data.fromUserId)],
    mandateIds: [mandateIdOf(command)],
    ...clockReadsOf(command.data.clientId),
  }),
  decide(command, context) {
    const { fromUserId, clientId, amount, period, reason } = command.data;
    // The mandate's schedule runs on its client's clock: wall time, but for a test-mode client's in the sandbox.
    const now = clockTimeOf(context, clientId);
    const startsAt = new Date(command.data.startsAt);
    const endsAt = command.data.endsAt === undefined ? null : new Date(command.data.endsAt);
    const maxPerPeriod = command.data.maxPerPeriod ?? amount;
    const wallet = context.wallet(walletKeyOfUser(fromUserId));
    if (!wallet || wallet.status === 'CLOSED') return reject('WALLET_NOT_FOUND', 'The payer has no open wallet');
    const pastMs = Math.max(mandateStartSlackMs, (context.policy.mandateBackdateSeconds ?? 0) * 1000);
    if (startsAt.getTime() < now.getTime() - pastMs) return reject('VALIDATION_FAILED', 'A mandate starts now or later');
    if (startsAt.getTime() > now.getTime() + mandateStartAheadMs) return reject('VALIDATION_FAILED', 'A mandate starts within a year');
    if (endsAt !== null && endsAt <= startsAt) return reject('VALIDATION_FAILED', 'A mandate ends after it starts');
    if (maxPerPeriod < amount) return reject('VALIDATION_FAILED', 'maxPerPeriod is at least amount');
    const id = mandateIdOf(command);
    if (context.state.mandates?.has(id)) throw new InvariantViolation(`granting mandate ${id}, which exists`);
    const mandate: MandateState = {
      id,
      fromUserId,
      clientId,
      amount,
      maxPerPeriod,
      period,
      reason,
      startsAt,
      endsAt,
      status: 'ACTIVE',
      nextPeriod: 0,
      nextChargeAt: startsAt,
      failedAttempts: 0,
      cancelledBy: null,
      createdAt: context.now,
      updatedAt: context.now,
    };
    return accepted({ effects: [mandateEffect({ mandate, event: 'granted' })], subjectKey: wallet.key });
  },
  reply: ({ decision, views }) => ({ mandate: views.mandate(mandateOf(mandateChangesOf(decision))) }),
  audit: () => null,
};

/** The mandate a decision left last (its reply shows it). */
export function mandateOf(changes: ReadonlyArray<{ mandate: MandateState }>): MandateState {
  const last = changes.at(-1);
  if (!last) throw new InvariantViolation('a mandate command accepted without its mandate');
  return last.mandate;
}
