import type { LedgerResult } from '@coin/contracts';
import { InvariantViolation, type WireError } from '@coin/errors';
import type { BatchStep } from '../domain/batch';
import { approvalView } from '../views/approval-view';
import { holdView } from '../views/hold-view';
import { decidedTransactionView } from '../views/transaction-view';
import { userWalletView, walletView } from '../views/wallet-view';

/** What a command is answered with, now and on every later delivery or retry of it. */
export interface Outcome {
  ok: boolean;
  reply: unknown;
}

/** The outcome to store for a decided command: its reply in the API's units (coins), typed by the command contract. */
export function outcomeOf(step: Extract<BatchStep, { kind: 'decided' }>, xafRate?: number): Outcome {
  const { decision, command, subject } = step;
  if (!decision.ok) {
    const reply: WireError = { code: decision.code, detail: decision.detail, ...(decision.extra ? { extra: decision.extra } : {}) };
    return { ok: false, reply };
  }
  if (decision.parked) {
    // A person's movement that reached a four-eyes window: the request it became (202).
    const change = decision.approvals[0];
    if (!change) throw new InvariantViolation(`${command.type} parked without its approval request`);
    return { ok: true, reply: { approval: approvalView(change.approval) } satisfies LedgerResult<'ledger.mint'> };
  }
  const holdAfter = () => {
    const change = decision.holds[0];
    if (!change) throw new InvariantViolation(`${command.type} accepted without its hold`);
    return holdView(change.hold);
  };
  const subjectView = () => {
    if (subject?.party.kind !== 'user') throw new InvariantViolation(`${command.type} accepted without the payer's wallet`);
    return userWalletView(subject, subject.party.userId, xafRate);
  };
  switch (command.type) {
    case 'ledger.open-wallet':
      return {
        ok: true,
        reply: {
          wallet: subject ? userWalletView(subject, command.data.userId, xafRate) : null,
        } satisfies LedgerResult<'ledger.open-wallet'>,
      };
    case 'ledger.credit':
      if (!decision.credit) throw new InvariantViolation('a credit leg accepted without a resolution');
      return {
        ok: true,
        reply: {
          transactionId: command.data.transactionId,
          resolution: decision.credit,
          returnTransactionId: decision.transaction?.id ?? null,
        } satisfies LedgerResult<'ledger.credit'>,
      };
    case 'ledger.close-wallet':
      return {
        ok: true,
        reply: {
          closed: decision.closes.length > 0,
          burnTransactionId: decision.transaction?.id ?? null,
        } satisfies LedgerResult<'ledger.close-wallet'>,
      };
    case 'ledger.hold':
    case 'ledger.void-hold':
      return { ok: true, reply: { hold: holdAfter(), wallet: subjectView() } satisfies LedgerResult<'ledger.hold'> };
    case 'ledger.capture-hold':
      if (!decision.transaction) throw new InvariantViolation('a capture accepted without a transaction');
      return {
        ok: true,
        reply: {
          hold: holdAfter(),
          transaction: decidedTransactionView(decision.transaction),
          wallet: subjectView(),
        } satisfies LedgerResult<'ledger.capture-hold'>,
      };
    case 'ledger.expire-hold':
      // An expiry that found the hold resolved (or not due) changes nothing; its reply says so.
      return {
        ok: true,
        reply: { hold: decision.holds[0] ? holdView(decision.holds[0].hold) : null, expired: decision.holds.length > 0 },
      };
    case 'ledger.request-approval':
    case 'ledger.reject-approval': {
      const change = decision.approvals[0];
      if (!change) throw new InvariantViolation(`${command.type} accepted without its approval request`);
      return { ok: true, reply: { approval: approvalView(change.approval) } satisfies LedgerResult<'ledger.request-approval'> };
    }
    case 'ledger.expire-approval':
      return {
        ok: true,
        reply: {
          approval: decision.approvals[0] ? approvalView(decision.approvals[0].approval) : null,
          expired: decision.approvals.length > 0,
        } satisfies LedgerResult<'ledger.expire-approval'>,
      };
    case 'ledger.approve': {
      const change = decision.approvals[0];
      if (!decision.transaction || !subject || !change) throw new InvariantViolation('an approval accepted without its transaction');
      return {
        ok: true,
        reply: {
          transaction: decidedTransactionView(decision.transaction),
          wallet: walletView(subject, xafRate),
          approval: approvalView(change.approval),
        } satisfies LedgerResult<'ledger.approve'>,
      };
    }
    case 'ledger.set-limits':
      if (!decision.limits) throw new InvariantViolation('set-limits accepted without limits');
      return {
        ok: true,
        reply: { userId: command.data.userId, overrides: decision.limits.overrides } satisfies LedgerResult<'ledger.set-limits'>,
      };
    default:
      if (!decision.transaction || !subject) throw new InvariantViolation(`${command.type} accepted without a transaction`);
      return {
        ok: true,
        reply: {
          transaction: decidedTransactionView(decision.transaction),
          wallet: walletView(subject, xafRate),
        } satisfies LedgerResult<'ledger.mint'>,
      };
  }
}
