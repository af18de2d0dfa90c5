import { approvableCommand, minorUnitsToCoins, type Actor, type Approval, type ApprovalStatus } from '@coin/contracts';
import type { ApprovalState } from '../domain/approvals';

/** An approval_requests row as the ledger reads it (timestamps may arrive as ISO text inside JSON). */
export interface ApprovalDbRow {
  id: string;
  command: unknown;
  requested_by: Actor;
  status: ApprovalStatus;
  created_at: Date | string;
  expires_at: Date | string;
  updated_at: Date | string;
  decided_by: Actor | null;
  rejection_reason: string | null;
  transaction_id: number | null;
}

export const approvalColumns =
  'id, command, requested_by, status, created_at, expires_at, updated_at, decided_by, rejection_reason, transaction_id';

/** The one mapping from a row to the ledger's state of a request; the stored command is parsed again, never trusted. */
export function approvalStateOf(row: ApprovalDbRow): ApprovalState {
  return {
    id: row.id,
    command: approvableCommand.parse(row.command),
    requestedBy: row.requested_by,
    status: row.status,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    decidedBy: row.decided_by,
    rejectionReason: row.rejection_reason,
    transactionId: row.transaction_id,
  };
}

function commandView(command: ApprovalState['command']): Approval['command'] {
  switch (command.type) {
    case 'ledger.mint':
    case 'ledger.burn': {
      const party = command.type === 'ledger.mint' ? command.data.to : command.data.from;
      return {
        type: command.type === 'ledger.mint' ? 'MINT' : 'BURN',
        userId: party.kind === 'user' ? party.userId : null,
        treasury: party.kind === 'treasury' ? party.code : null,
        transactionId: null,
        amount: minorUnitsToCoins(command.data.amount),
        reason: command.data.reason,
      };
    }
    case 'ledger.refund':
      return {
        type: 'REFUND',
        userId: null,
        treasury: command.data.treasury,
        transactionId: command.data.transactionId,
        amount: command.data.amount === undefined ? null : minorUnitsToCoins(command.data.amount),
        reason: command.data.reason,
      };
    case 'ledger.reward':
      // Paid from REWARDS to the user; `treasury` names a MINT's or BURN's wallet, so it stays null.
      return {
        type: 'REWARD',
        userId: command.data.toUserId,
        treasury: null,
        transactionId: null,
        amount: minorUnitsToCoins(command.data.amount),
        reason: command.data.reason,
      };
  }
}

/** The one home of the Approval view (API, replies and coin.approvals events), in coins. */
export function approvalView(approval: ApprovalState): Approval {
  return {
    id: approval.id,
    status: approval.status,
    command: commandView(approval.command),
    requestedBy: approval.requestedBy,
    createdAt: approval.createdAt.toISOString(),
    expiresAt: approval.expiresAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    decidedBy: approval.decidedBy,
    rejectionReason: approval.rejectionReason,
    transactionId: approval.transactionId,
  };
}
