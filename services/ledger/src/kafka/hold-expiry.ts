import { ledgerCommandMessage, type ApprovableCommand, type LedgerCommand, type TopicNames } from '@coin/contracts';
import type { BatchingProducer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { uuidV5 } from '@coin/security';
import { startPeriodicSweep } from './periodic-sweep';

/** The command id of a hold's expiry: the same from every sweep and every ledger replica, so it applies once. */
export function expireHoldCommandId(holdId: string): string {
  return uuidV5(`ledger.expire-hold:${holdId}`);
}

export function expireHoldCommand(hold: DueHold, now: Date): LedgerCommand {
  return {
    commandId: expireHoldCommandId(hold.id),
    type: 'ledger.expire-hold',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: { holdId: hold.id, fromUserId: hold.fromUserId, ...(hold.clockOf ? { clockOf: hold.clockOf } : {}) },
  };
}

/** A pending hold past its expiry; in the sandbox, the test clock it was judged by (its settler's). */
export interface DueHold {
  id: string;
  fromUserId: number;
  clockOf?: string;
}

/** The command id of an approval request's expiry: the same from every sweep and replica. */
export function expireApprovalCommandId(approvalId: string): string {
  return uuidV5(`ledger.expire-approval:${approvalId}`);
}

export function expireApprovalCommand(approval: { id: string; command: ApprovableCommand }, now: Date): LedgerCommand {
  return {
    commandId: expireApprovalCommandId(approval.id),
    type: 'ledger.expire-approval',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: { approvalId: approval.id, command: approval.command },
  };
}

export interface HoldExpiryDeps {
  dueHolds: (now: Date, limit: number) => Promise<DueHold[]>;
  /** Pending approval requests past their expiry: expired the same way (docs/design/ledger.md "Approvals"). */
  dueApprovals?: (now: Date, limit: number) => Promise<Array<{ id: string; command: ApprovableCommand }>>;
  producer: Pick<BatchingProducer, 'sendMany'>;
  topics: Pick<TopicNames, 'ledgerInternal'>;
  now: () => Date;
  intervalMs: number;
  logger: Logger;
  onExpirySent?: (count: number) => void;
}

/** Holds one sweep sends at most; the next sweep takes the rest. */
const sweepHoldsMax = 500;

/**
 * Expiry releases a hold the way a void does, through the payer's partition: the sweep only
 * finds pending holds past their expiry and sends each a `ledger.expire-hold` command keyed by
 * the payer's wallet. The partition decides, so an expiry racing a capture or a void resolves
 * there and exactly one wins; a hold found again before its expiry applied gets the same command
 * id, answered from the stored outcome. Every ledger replica sweeps (no leader to elect); the
 * duplicates cost a lookup each.
 */
export function startHoldExpiry(deps: HoldExpiryDeps): { sweepOnce(): Promise<number>; stop(): void } {
  const sweepOnce = async (): Promise<number> => {
    const now = deps.now();
    const [holds, approvals] = await Promise.all([deps.dueHolds(now, sweepHoldsMax), deps.dueApprovals?.(now, sweepHoldsMax) ?? []]);
    const commands = [...holds.map((h) => expireHoldCommand(h, now)), ...approvals.map((a) => expireApprovalCommand(a, now))];
    if (commands.length === 0) return 0;
    await deps.producer.sendMany(
      commands.map((command) => ({ topic: deps.topics.ledgerInternal, message: ledgerCommandMessage(command) })),
    );
    deps.onExpirySent?.(commands.length);
    return commands.length;
  };
  return startPeriodicSweep(sweepOnce, { intervalMs: deps.intervalMs, logger: deps.logger, name: 'hold expiry' });
}
