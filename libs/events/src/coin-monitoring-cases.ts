import { z } from 'zod';
import { eventSchema } from './envelope';
import { isoDateTime, platformClientId } from './primitives';

/** The topic (before any deployment prefix); the record key is the case's subject. */
export const coinMonitoringCasesTopic = 'coin.monitoring-cases';

/**
 * A case the monitoring service opened (docs/DESIGN.md "Monitoring"): a transaction scored at or
 * above the case score, about one subject. `eventId` is the case's id, so a case is announced once.
 */
export const monitoringCaseOpened = eventSchema('coin.monitoring-case.opened', {
  caseId: z.uuid(),
  /** What the case suspects: `user:<id>`, `treasury:<CODE>` or `client:<platform client id>`. */
  subject: z.string().regex(/^(user|treasury|client):[A-Za-z0-9_-]{1,100}$/),
  /** The transaction's score (0-100): the sum of the scores of the rules that fired, at most 100. */
  score: z.number().int().min(0).max(100),
  /** The ids of the rules that fired (ACTIVE ones). */
  rules: z.array(z.string().min(1).max(60)).max(50),
  /** The transaction that opened it. */
  transactionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /**
   * The platform clients linked to the case, who receive it as a webhook (docs/design/monitoring.md
   * "Who hears of a case"): the client named on the transaction that opened it and, for a case
   * about a person, each client named on a movement of that person's wallet in the last 7 days (it
   * rewarded, paid, charged or settled for them). Sorted, at most 50; empty when no client is
   * linked. Optional: a case opened before the field was added lacks it, and reaches no client.
   */
  clients: z.array(platformClientId).max(50).optional(),
  openedAt: isoDateTime,
});
export type MonitoringCaseOpened = z.infer<typeof monitoringCaseOpened>;

/** Every event type of coin.monitoring-cases, discriminated by `type`. */
export const coinMonitoringCaseEvent = z.discriminatedUnion('type', [monitoringCaseOpened]);
export type CoinMonitoringCaseEvent = z.infer<typeof coinMonitoringCaseEvent>;
export const coinMonitoringCaseEventTypes = coinMonitoringCaseEvent.options.map((o) => o.shape.type.value);
