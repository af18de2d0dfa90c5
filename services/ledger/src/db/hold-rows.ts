import { partyOfColumns, type HoldStatus, type TreasuryCode } from '@coin/contracts';
import type { CashoutTerms, HoldState } from '../domain/ledger';
import { safeInteger } from './wallet-rows';

/** A holds row as the ledger reads it (timestamps may arrive as ISO text inside JSON). */
export interface HoldDbRow {
  id: string;
  from_user_id: number;
  to_user_id: number | null;
  to_treasury: TreasuryCode | null;
  amount: number;
  reason: string;
  reference: string | null;
  status: HoldStatus;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  captured_amount: number | null;
  transaction_id: number | null;
  settler_client_id: string | null;
  cashout: CashoutDbTerms | null;
}

/** A cash-out's terms as the holds row stores them (jsonb; dates as ISO text). */
export interface CashoutDbTerms {
  /** Null once the payer was deleted (the close of their wallet erases it). */
  msisdn: string | null;
  /** Null or absent: no provider named (any granted provider may claim it). */
  providerClientId: string | null;
  /** Absent on no row written since migration 022, which set it on every earlier one. */
  claimedBy?: string | null;
  claimedAt?: string | null;
  xafAmount: number;
  xafPerCoin: number;
  rateEffectiveFrom: string;
  outcome: 'CONFIRMED' | 'FAILED' | null;
  callbackId: string | null;
  providerReference: string | null;
  /** Absent (a cash-out stored before four-eyes) or null: no second person needed. */
  secondPerson?: { approvedBy: number | null; approvedAt: string | null } | null;
  /** Absent or null: not overdue (a claimed cash-out the sweep found past its window). */
  overdueAt?: string | null;
  /** The sandbox's test cash-outs: the outcome its test provider settles it with, and when (its client's clock). */
  test?: { outcome: 'CONFIRMED' | 'FAILED'; settleAt: string } | null;
}

/** The terms as stored: the one mapping both ways (the write calls `cashoutColumnOf`). */
export function cashoutColumnOf(terms: CashoutTerms | null): CashoutDbTerms | null {
  if (!terms) return null;
  const { test, ...rest } = terms;
  const second = terms.secondPerson;
  return {
    ...rest,
    rateEffectiveFrom: terms.rateEffectiveFrom.toISOString(),
    claimedAt: terms.claimedAt?.toISOString() ?? null,
    secondPerson: second ? { approvedBy: second.approvedBy, approvedAt: second.approvedAt?.toISOString() ?? null } : null,
    overdueAt: terms.overdueAt?.toISOString() ?? null,
    // Only a test cash-out carries the key: every other's terms are stored as before.
    ...(test ? { test: { outcome: test.outcome, settleAt: test.settleAt.toISOString() } } : {}),
  };
}

function cashoutTermsOf(stored: CashoutDbTerms | null): CashoutTerms | null {
  if (stored === null) return null;
  return {
    msisdn: stored.msisdn,
    providerClientId: stored.providerClientId ?? null,
    claimedBy: stored.claimedBy ?? null,
    claimedAt: stored.claimedAt ? new Date(stored.claimedAt) : null,
    xafAmount: safeInteger(stored.xafAmount, 'cash-out XAF amount'),
    xafPerCoin: safeInteger(stored.xafPerCoin, 'cash-out rate'),
    rateEffectiveFrom: new Date(stored.rateEffectiveFrom),
    outcome: stored.outcome ?? null,
    callbackId: stored.callbackId ?? null,
    providerReference: stored.providerReference ?? null,
    secondPerson: stored.secondPerson
      ? {
          approvedBy: stored.secondPerson.approvedBy === null ? null : safeInteger(stored.secondPerson.approvedBy, 'cash-out approver'),
          approvedAt: stored.secondPerson.approvedAt === null ? null : new Date(stored.secondPerson.approvedAt),
        }
      : null,
    overdueAt: stored.overdueAt ? new Date(stored.overdueAt) : null,
    ...(stored.test ? { test: { outcome: stored.test.outcome, settleAt: new Date(stored.test.settleAt) } } : {}),
  };
}

export const holdColumns =
  'id, from_user_id, to_user_id, to_treasury, amount, reason, reference, status, expires_at, created_at, updated_at, captured_amount, transaction_id, settler_client_id, cashout';

/** The one mapping from a holds row to the ledger's state of that hold. */
export function holdStateOf(row: HoldDbRow): HoldState {
  return {
    id: row.id,
    fromUserId: safeInteger(row.from_user_id, 'payer id'),
    to: partyOfColumns(row.to_user_id, row.to_treasury),
    amount: safeInteger(row.amount, 'hold amount'),
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    capturedAmount: row.captured_amount === null ? null : safeInteger(row.captured_amount, 'captured amount'),
    transactionId: row.transaction_id,
    settlerClientId: row.settler_client_id,
    cashout: cashoutTermsOf(row.cashout ?? null),
  };
}
