import { partyOfColumns, type TreasuryCode } from '@coin/contracts';
import type { WalletState } from '../domain/ledger';
import { walletRowColumns, walletRowFieldsOf } from '../domain/kinds/wallet-row';

/**
 * A wallets row as the ledger reads it (timestamps may arrive as ISO text inside JSON): its core
 * columns, and the columns of the kinds kept in the row (domain/kinds/wallet-row.ts), as JSON.
 */
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
  balance_sequence: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** The columns of the kinds kept in the row (`freeze_state`, `limits`, `spending`, `commissions`, …). */
  [partColumn: string]: unknown;
}

const coreColumns = [
  'id',
  'wallet_key',
  'user_id',
  'treasury_code',
  'balance',
  'total_received',
  'total_sent',
  'held',
  'status',
  'balance_sequence',
  'created_at',
  'updated_at',
] as const;

/** Every column of a wallets row the ledger reads: its core's, then its parts'. */
export const walletColumnNames: readonly string[] = [...coreColumns, ...walletRowColumns.map((c) => c.column)];

export const walletColumns = walletColumnNames.join(', ');

/** Amounts inside JSON bypass the pool's BIGINT parser, so the same guard is applied here. */
export function safeInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} ${value} exceeds the safe integer range`);
  return value;
}

/** The one mapping from a wallets row to the ledger's state of that wallet (each part of the row maps its own columns). */
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
    sequence: safeInteger(row.balance_sequence, 'balance sequence'),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    ...walletRowFieldsOf(row),
  };
}
