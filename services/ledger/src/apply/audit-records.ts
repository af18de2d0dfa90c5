import {
  headerNames,
  minorUnitsToCoins,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  adminActionEvent,
  type ApprovableCommand,
  type AuditAction,
  type AuditRecord,
  type AuditSummary,
  type LedgerCommand,
  type LimitOverrides,
  type TopicNames,
} from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import type { BatchStep } from '../domain/batch';
import type { Decision } from '../domain/ledger';
import type { OutboxBatchMessage } from './store';

/**
 * The admin audit log's records of the ledger (docs/DESIGN.md "Admin audit log"): one per decided
 * administrative command (mint, burn, refund, an admin's reward, set-limits), applied or rejected,
 * written to the outbox in the same transaction as the command's outcome. Never a secret: the
 * commands carry none (the request hash is left out too).
 */

type DecidedStep = Extract<BatchStep, { kind: 'decided' }>;

/** What the apply knows beside the step: its clock and the request id of each command (the `request-id` header). */
export interface AuditContext {
  at: Date;
  requestId: string | null;
}

/** What an administrative command is, for the log: its action, what it acted on and the non-secret fields of the request. */
interface Described {
  action: AuditAction;
  target: string;
  summary: AuditSummary;
}

/** The id of a command's record: the same on every delivery and every apply of the command. */
export function auditRecordId(commandId: string, action: AuditAction): string {
  return uuidV5(`admin.audit:${commandId}:${action}`);
}

function coinsOrNull(minor: number | null | undefined): number | null {
  return minor === null || minor === undefined ? null : minorUnitsToCoins(minor);
}

/** The overrides in coins (dailyCount stays a count); an absent field stays absent (the role's default). */
function limitsSummary(overrides: LimitOverrides): AuditSummary {
  return {
    ...(overrides.dailyAmount !== undefined ? { dailyAmount: coinsOrNull(overrides.dailyAmount) } : {}),
    ...(overrides.dailyCount !== undefined ? { dailyCount: overrides.dailyCount } : {}),
    ...(overrides.singleAmount !== undefined ? { singleAmount: coinsOrNull(overrides.singleAmount) } : {}),
  };
}

/** The command an approval request holds back, for the log: its type, wallet or purchase, amount in coins and reason. */
function approvalSummary(command: ApprovableCommand): AuditSummary {
  const amount = 'amount' in command.data ? coinsOrNull(command.data.amount) : null;
  return {
    command: command.type.replace('ledger.', '').toUpperCase(),
    target: walletKeyOfApproved(command),
    amount,
    reason: command.data.reason,
  };
}

/** What an approvable command acts on: the wallet a mint credits or a burn debits, or the purchase a refund names. */
function walletKeyOfApproved(command: ApprovableCommand): string {
  switch (command.type) {
    case 'ledger.mint':
      return walletKeyOf(command.data.to);
    case 'ledger.burn':
      return walletKeyOf(command.data.from);
    case 'ledger.refund':
      return `transaction:${command.data.transactionId}`;
    case 'ledger.reward':
      return walletKeyOfUser(command.data.toUserId);
  }
}

/**
 * The administrative commands and how each is described. Add a case per new administrative
 * command (the approvals: 'ledger.request-approval' → 'approval.request', 'ledger.approve' →
 * 'approval.approve', 'ledger.reject-approval' → 'approval.reject'); every other command
 * (transfers, holds, credit legs, the ledger's own sweeps) is not an admin action: null.
 */
function describe(command: LedgerCommand, decision: Decision): Described | null {
  const applied = decision.ok ? decision : null;
  // A movement that reached a four-eyes window was not applied: it became an approval request.
  const parked = applied?.parked ? applied.approvals[0]?.approval : undefined;
  if (parked) return { action: 'approval.request', target: `approval:${parked.id}`, summary: approvalSummary(parked.command) };
  const transactionId: AuditSummary = applied?.transaction ? { transactionId: applied.transaction.id } : {};
  switch (command.type) {
    case 'ledger.mint':
      return {
        action: 'money.mint',
        target: walletKeyOf(command.data.to),
        summary: { amount: minorUnitsToCoins(command.data.amount), reason: command.data.reason, ...transactionId },
      };
    case 'ledger.burn':
      return {
        action: 'money.burn',
        target: walletKeyOf(command.data.from),
        summary: { amount: minorUnitsToCoins(command.data.amount), reason: command.data.reason, ...transactionId },
      };
    case 'ledger.refund':
      return {
        action: 'money.refund',
        target: `transaction:${command.data.transactionId}`,
        summary: {
          treasury: command.data.treasury,
          amount: coinsOrNull(command.data.amount ?? applied?.transaction?.amount),
          reason: command.data.reason,
          ...(applied?.transaction ? { refundTransactionId: applied.transaction.id } : {}),
        },
      };
    case 'ledger.reward':
      return {
        action: 'money.reward',
        target: walletKeyOfUser(command.data.toUserId),
        summary: {
          amount: minorUnitsToCoins(command.data.amount),
          reason: command.data.reason,
          from: walletKeyOfTreasury('REWARDS'),
          ...transactionId,
        },
      };
    case 'ledger.set-limits':
      return { action: 'limits.set', target: walletKeyOfUser(command.data.userId), summary: limitsSummary(command.data.overrides) };
    case 'ledger.request-approval': {
      const approval = applied?.approvals[0]?.approval;
      return {
        action: 'approval.request',
        target: approval ? `approval:${approval.id}` : walletKeyOfApproved(command.data.command),
        summary: approvalSummary(command.data.command),
      };
    }
    case 'ledger.approve':
      // One record: the approval, naming the transaction it applied (the money move is the approval's).
      return {
        action: 'approval.approve',
        target: `approval:${command.data.approvalId}`,
        summary: { ...approvalSummary(command.data.command), ...transactionId },
      };
    case 'ledger.reject-approval':
      return {
        action: 'approval.reject',
        target: `approval:${command.data.approvalId}`,
        summary: { ...approvalSummary(command.data.command), rejectionReason: command.data.reason },
      };
    default:
      return null;
  }
}

/**
 * The audit record of a decided step, or null when it is no administrative action: a command of
 * another type, or one sent by a platform client (a SYSTEM reward is the platform's own) or by a
 * service (the ledger's sweeps, the user service closing a deleted user's wallet).
 */
export function auditRecordOf(step: DecidedStep, context: AuditContext): AuditRecord | null {
  const { command, decision } = step;
  if (command.actor.kind !== 'user' && command.actor.kind !== 'operator') return null;
  const described = describe(command, decision);
  if (!described) return null;
  return {
    id: auditRecordId(command.commandId, described.action),
    at: context.at.toISOString(),
    actor: { kind: command.actor.kind, id: command.actor.id, ...(command.actor.role ? { role: command.actor.role } : {}) },
    action: described.action,
    target: described.target,
    summary: described.summary,
    result: decision.ok ? 'applied' : 'rejected',
    errorCode: decision.ok ? null : decision.code,
    requestId: context.requestId,
  };
}

/** The admin.audit message of a record, keyed by its id (the topic has one partition). */
export function auditEventMessage(topics: Pick<TopicNames, 'adminAudit'>, record: AuditRecord): OutboxBatchMessage {
  const event = adminActionEvent(record);
  return { topic: topics.adminAudit, key: record.id, headers: { [headerNames.type]: event.type }, payload: JSON.stringify(event) };
}
