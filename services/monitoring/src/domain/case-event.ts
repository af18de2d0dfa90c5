import type { MonitoringCaseOpened } from '@coin/events';

/** The event of a case just opened; its id is the case's, so it is the same however often it is written. */
export function caseOpenedEvent(
  row: { id: string; subject: string; score: number; rules: readonly string[]; openedAt: Date },
  transactionId: number,
  clients: readonly string[],
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
    clients: [...clients],
    openedAt: row.openedAt.toISOString(),
  };
}

/** How far back a person's wallet links a platform client to a case about it. */
export const caseLinkWindowMs = 7 * 24 * 3_600_000;

/** The most clients one case names (the event's limit). */
export const caseClientsMax = 50;

/**
 * The platform clients who hear of a case (docs/design/monitoring.md "Who hears of a case"): the
 * client named on the transaction that opened it; the client a case about a client is about; for a
 * case about a person, the clients named on the movements of that person's wallet
 * (`walletClients`, the last {@link caseLinkWindowMs}). A treasury links no one: the clients
 * granted it may have nothing to do with each other. Sorted, distinct, at most {@link caseClientsMax}.
 */
export function caseAudience(subject: string, openingClientId: string | null, walletClients: readonly string[]): string[] {
  const first = new Set<string>();
  if (openingClientId !== null) first.add(openingClientId);
  if (subject.startsWith('client:')) first.add(subject.slice('client:'.length));
  const others = subject.startsWith('user:') ? walletClients.filter((id) => !first.has(id)) : [];
  return [...first, ...[...new Set(others)].sort().slice(0, caseClientsMax - first.size)].sort();
}
