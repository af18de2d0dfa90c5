import { z } from 'zod';
import {
  commissionRule,
  freezeActor,
  freezeCaseId,
  limitOverrides,
  partyOfColumns,
  type LimitOverrides,
  type TreasuryCode,
} from '@coin/contracts';
import type { FreezeState, WalletState } from '../domain/ledger';
import type { SpendingWindow } from '../domain/limits';

/** A wallets row as the ledger reads it (timestamps may arrive as ISO text inside JSON). */
export interface WalletDbRow {
  id: string;
  wallet_key: string;
  user_id: number | null;
  treasury_code: TreasuryCode | null;
  balance: number;
  total_received: number;
  total_sent: number;
  held: number;
  status: 'OPEN' | 'CLOSED';
  spending: SpendingWindow;
  limits: LimitOverrides | null;
  commissions?: unknown;
  balance_sequence: number;
  /** The wallet's freeze as JSON (docs/design/ledger.md "Freezes"), or null. */
  freeze_state: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export const walletColumns =
  'id, wallet_key, user_id, treasury_code, balance, total_received, total_sent, held, status, spending, limits, commissions, balance_sequence, freeze_state, created_at, updated_at';

/** A treasury's stored commission rules: by platform client id, each bounded as the command is. */
const commissionRules = z.record(
  z.string().min(1).max(100),
  // `approvedBy`: absent on a rule set before rules took two people.
  z.object({
    rule: commissionRule,
    setBy: z.number().int().positive().nullable(),
    approvedBy: z.number().int().positive().nullable().optional(),
  }),
);

/**
 * A freeze as the wallets row stores it. Written only by the ledger from a validated command;
 * parsed again on every read, so a hand-edited row cannot pass for a freeze it is not.
 */
const storedFreeze = z.strictObject({
  reason: z.string().min(1).max(500),
  caseId: freezeCaseId.nullable(),
  frozenBy: freezeActor,
  frozenAt: z.iso.datetime({ offset: true }),
  unfreezeRequest: z
    .strictObject({
      requestedBy: z.number().int().positive(),
      reason: z.string().min(1).max(500),
      requestedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});

/** The freeze of a wallets row, or null. */
export function freezeOf(stored: unknown): FreezeState | null {
  if (stored === null || stored === undefined) return null;
  const row = storedFreeze.parse(stored);
  const request = row.unfreezeRequest;
  return {
    ...row,
    frozenAt: new Date(row.frozenAt),
    unfreezeRequest: request ? { ...request, requestedAt: new Date(request.requestedAt) } : null,
  };
}

/** Amounts inside JSON bypass the pool's BIGINT parser, so the same guard is applied here. */
export function safeInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} ${value} exceeds the safe integer range`);
  return value;
}

/** The one mapping from a wallets row to the ledger's state of that wallet. */
export function walletStateOf(row: WalletDbRow): WalletState {
  return {
    id: row.id,
    key: row.wallet_key,
    party: partyOfColumns(row.user_id, row.treasury_code),
    balance: safeInteger(row.balance, 'balance'),
    totalReceived: safeInteger(row.total_received, 'total received'),
    totalSent: safeInteger(row.total_sent, 'total sent'),
    held: safeInteger(row.held, 'held'),
    status: row.status,
    spending: row.spending,
    // Written only by the ledger from a validated command; parsed again so a hand-edited row cannot widen a limit silently.
    limits: row.limits === null ? null : limitOverrides.parse(row.limits),
    // The same for commission rules: a hand-edited row cannot widen a rule past its bounds.
    commissions: row.commissions === null || row.commissions === undefined ? null : commissionRules.parse(row.commissions),
    sequence: safeInteger(row.balance_sequence, 'balance sequence'),
    freeze: freezeOf(row.freeze_state),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
