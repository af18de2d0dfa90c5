import type { LedgerResult } from '@coin/contracts';
import { InvariantViolation, type WireError } from '@coin/errors';
import type { BatchStep } from '../domain/batch';
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
  if (!decision.ok) return { ok: false, reply: { code: decision.code, detail: decision.detail } satisfies WireError };
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
