import type { MandatePeriod, MandateStatus } from '@coin/contracts';
import type { MandateState } from '../domain/ledger';
import { safeInteger } from './wallet-rows';

/** A mandates row as the ledger reads it (timestamps may arrive as ISO text inside JSON). */
export interface MandateDbRow {
  id: string;
  from_user_id: number;
  client_id: string;
  amount: number;
  max_per_period: number;
  period: MandatePeriod;
  reason: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  status: MandateStatus;
  next_period: number;
  next_charge_at: Date | string | null;
  failed_attempts: number;
  cancelled_by: 'user' | 'client' | 'admin' | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const mandateColumns =
  'id, from_user_id, client_id, amount, max_per_period, period, reason, starts_at, ends_at, status, next_period, next_charge_at, failed_attempts, cancelled_by, created_at, updated_at';

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The one mapping from a mandates row to the ledger's state of that mandate. */
export function mandateStateOf(row: MandateDbRow): MandateState {
  return {
    id: row.id,
    fromUserId: safeInteger(row.from_user_id, 'payer id'),
    clientId: row.client_id,
    amount: safeInteger(row.amount, 'mandate amount'),
    maxPerPeriod: safeInteger(row.max_per_period, 'mandate maximum'),
    period: row.period,
    reason: row.reason,
    startsAt: new Date(row.starts_at),
    endsAt: dateOrNull(row.ends_at),
    status: row.status,
    nextPeriod: safeInteger(row.next_period, 'mandate period'),
    nextChargeAt: dateOrNull(row.next_charge_at),
    failedAttempts: safeInteger(row.failed_attempts, 'failed attempts'),
    cancelledBy: row.cancelled_by,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
