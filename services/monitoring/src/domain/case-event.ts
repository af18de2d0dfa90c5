import type { MonitoringCaseOpened } from '@coin/events';

/** The event of a case just opened; its id is the case's, so it is the same however often it is written. */
export function caseOpenedEvent(
  row: { id: string; subject: string; score: number; rules: readonly string[]; openedAt: Date },
  transactionId: number,
): MonitoringCaseOpened {
  return {
    eventId: row.id,
    type: 'coin.monitoring-case.opened',
    version: 1,
    occurredAt: row.openedAt.toISOString(),
    caseId: row.id,
    subject: row.subject,
    score: row.score,
    rules: [...row.rules],
    transactionId,
    openedAt: row.openedAt.toISOString(),
  };
}
