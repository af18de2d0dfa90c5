import { InvariantViolation, type WireError } from '@coin/errors';
import type { BatchStep } from '../domain/batch';
import { moduleOf } from '../domain/commands/table';
import type { ReplyViews } from '../domain/commands/types';
import { approvalChangesOf } from '../domain/kinds/approvals';
import { anyApprovalView, approvalEvents } from '../views/approval-view';
import { cashoutRateView } from '../domain/cashout-rates';
import { cashoutView } from '../views/cashout-view';
import { freezeView } from '../views/freeze-view';
import { holdView } from '../views/hold-view';
import { mandateView } from '../views/mandate-view';
import { decidedTransactionView } from '../views/transaction-view';
import { userWalletView, walletView } from '../views/wallet-view';

/** What a command is answered with, now and on every later delivery or retry of it. */
export interface Outcome {
  ok: boolean;
  reply: unknown;
  /** Answered from the outcome stored by an earlier delivery of the same command (a retry): the gateway's Idempotent-Replayed. */
  replayed?: true;
  /** The command was a dry run: decided, answered, and not applied (docs/DESIGN.md "Dry runs"). */
  dryRun?: true;
}

/** The views the command modules render their replies with, and the kinds of state their messages (apply-batch.ts). */
export const replyViews: ReplyViews = {
  approval: anyApprovalView,
  approvalEvents,
  freeze: freezeView,
  hold: holdView,
  cashout: cashoutView,
  cashoutRate: cashoutRateView,
  mandate: mandateView,
  transaction: decidedTransactionView,
  userWallet: userWalletView,
  wallet: walletView,
};

/**
 * The outcome to store for a decided command: its reply in the API's units (coins), typed by the
 * command contract. A rejection and a parked movement are answered alike for every command; an
 * applied one by its module.
 */
export function outcomeOf(step: Extract<BatchStep, { kind: 'decided' }>, xafRate?: number): Outcome {
  const { decision, command, subject } = step;
  if (!decision.ok) {
    const reply: WireError = { code: decision.code, detail: decision.detail, ...(decision.extra ? { extra: decision.extra } : {}) };
    return { ok: false, reply };
  }
  if (decision.parked) {
    // A person's movement that reached a four-eyes window: the request it became (202).
    const change = approvalChangesOf(decision)[0];
    if (!change) throw new InvariantViolation(`${command.type} parked without its approval request`);
    // A payout's request is a PayoutApproval, under the same `approval` member (LedgerResult<'ledger.payout'>).
    return { ok: true, reply: { approval: anyApprovalView(change.approval) } };
  }
  return { ok: true, reply: moduleOf(command).reply({ command, decision, subject, views: replyViews, xafRate }) };
}
