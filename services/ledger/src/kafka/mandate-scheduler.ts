import { ledgerCommandMessage, type LedgerCommand, type TopicNames } from '@coin/contracts';
import type { BatchingProducer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { chargeCommandId, type DueMandate } from '../domain/mandates';

/** The charge of a due mandate's next period, its next attempt: the same command from every scan and every replica. */
export function chargeMandateCommand(mandate: DueMandate, now: Date): LedgerCommand {
  return {
    commandId: chargeCommandId(mandate.id, mandate.nextPeriod, mandate.failedAttempts),
    type: 'ledger.charge-mandate',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: {
      mandateId: mandate.id,
      fromUserId: mandate.fromUserId,
      period: mandate.nextPeriod,
      attempt: mandate.failedAttempts,
      ...(mandate.clockOf ? { clockOf: mandate.clockOf } : {}),
    },
  };
}

export interface MandateSchedulerDeps {
  dueMandates: (now: Date, limit: number) => Promise<DueMandate[]>;
  producer: Pick<BatchingProducer, 'sendMany'>;
  topics: Pick<TopicNames, 'ledgerInternal'>;
  now: () => Date;
  intervalMs: number;
  logger: Logger;
  onChargesSent?: (count: number) => void;
}

/** Mandates one scan sends at most; the next scan takes the rest. */
const scanMandatesMax = 500;

/**
 * The durable schedule of mandates (docs/design/ledger.md "Mandates"): the schedule is the
 * mandate's own row (`next_charge_at`, written with the mandate by the partition that applies its
 * commands), and the scan only turns due rows into `ledger.charge-mandate` commands keyed by the
 * payer's wallet, like the hold expiry. Nothing is lost when the ledger stops: a due row stays due
 * until a charge moves it on. Nothing is charged twice: the command id derives from the mandate,
 * the period and the attempt (the ledger applies a command id once), and the partition refuses
 * any charge but the mandate's next period's next attempt, once due, while ACTIVE. Every ledger
 * replica scans (no leader to elect); the duplicates cost a lookup each.
 */
export function startMandateScheduler(deps: MandateSchedulerDeps): { scanOnce(): Promise<number>; stop(): void } {
  let running: Promise<number> | null = null;
  const scanOnce = async (): Promise<number> => {
    const now = deps.now();
    const due = await deps.dueMandates(now, scanMandatesMax);
    if (due.length === 0) return 0;
    await deps.producer.sendMany(
      due.map((m) => ({ topic: deps.topics.ledgerInternal, message: ledgerCommandMessage(chargeMandateCommand(m, now)) })),
    );
    deps.onChargesSent?.(due.length);
    return due.length;
  };
  const timer = setInterval(() => {
    if (running) return;
    running = scanOnce()
      .catch((err: unknown) => {
        deps.logger.warn({ err }, 'mandate scan failed; the next scan tries again');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }, deps.intervalMs);
  timer.unref();
  return { scanOnce, stop: () => clearInterval(timer) };
}
