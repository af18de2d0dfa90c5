import { ledgerCommandMessage, type LedgerCommand, type TopicNames } from '@coin/contracts';
import type { BatchingProducer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { uuidV5 } from '@coin/security';
import { startPeriodicSweep } from './periodic-sweep';

/** A test cash-out past its settle time on its client's clock (db/hold-reads.ts dueTestCashouts). */
export interface DueTestCashout {
  id: string;
  fromUserId: number;
  clockOf?: string;
}

/** The command id of a test cash-out's settling: the same from every sweep and every ledger replica, so it applies once. */
export function settleTestCashoutCommandId(holdId: string): string {
  return uuidV5(`ledger.settle-test-cashout:${holdId}`);
}

export function settleTestCashoutCommand(cashout: DueTestCashout, now: Date): LedgerCommand {
  return {
    commandId: settleTestCashoutCommandId(cashout.id),
    type: 'ledger.settle-test-cashout',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: { holdId: cashout.id, fromUserId: cashout.fromUserId, ...(cashout.clockOf ? { clockOf: cashout.clockOf } : {}) },
  };
}

export interface TestProviderDeps {
  dueTestCashouts: (now: Date, limit: number) => Promise<DueTestCashout[]>;
  producer: Pick<BatchingProducer, 'sendMany'>;
  topics: Pick<TopicNames, 'ledgerInternal'>;
  now: () => Date;
  intervalMs: number;
  logger: Logger;
}

/** Test cash-outs one sweep sends at most; the next sweep takes the rest. */
const sweepCashoutsMax = 500;

/**
 * The sandbox's built-in test provider (docs/decisions/0018-sandbox.md "Cash-outs in the
 * sandbox"), started by the sandbox ledger alone: like the hold expiry, a sweep finds the test
 * cash-outs due on their clients' clocks and sends each a `ledger.settle-test-cashout`, keyed by
 * the payer's wallet, whose partition decides. The command id derives from the cash-out, so a
 * cash-out found again before its settling applied is answered from the stored outcome; every
 * replica sweeps (no leader to elect).
 */
export function startTestProvider(deps: TestProviderDeps): { sweepOnce(): Promise<number>; stop(): void } {
  const sweepOnce = async (): Promise<number> => {
    const now = deps.now();
    const due = await deps.dueTestCashouts(now, sweepCashoutsMax);
    if (due.length === 0) return 0;
    await deps.producer.sendMany(
      due.map((cashout) => ({ topic: deps.topics.ledgerInternal, message: ledgerCommandMessage(settleTestCashoutCommand(cashout, now)) })),
    );
    return due.length;
  };
  return startPeriodicSweep(sweepOnce, { intervalMs: deps.intervalMs, logger: deps.logger, name: 'sandbox test provider' });
}
