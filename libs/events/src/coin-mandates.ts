import { z } from 'zod';
import { eventSchema } from './envelope';
import { coinValue, isoDateTime, userId } from './primitives';

/** The topic (before any deployment prefix); the record key is the mandate id, so one mandate's events stay in order. */
export const coinMandatesTopic = 'coin.mandates';

/**
 * ACTIVE: charged each period; PAST_DUE: a period stayed unpaid past the grace period (no more
 * charges); CANCELLED: by the payer, the platform or an ADMIN+ for the payer (no more charges); ENDED: its end passed.
 */
export const mandateStatuses = ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'ENDED'] as const;
export const mandateStatus = z.enum(mandateStatuses);
export type MandateStatus = z.infer<typeof mandateStatus>;

export const mandatePeriods = ['DAY', 'WEEK', 'MONTH'] as const;
export const mandatePeriod = z.enum(mandatePeriods);
export type MandatePeriod = z.infer<typeof mandatePeriod>;

/**
 * A user's standing permission for one platform client to be paid `amount` from the user's wallet
 * into the SUBSCRIPTIONS treasury once per period, from `startsAt` until `endsAt` (or until
 * cancelled). Amounts in coins.
 */
export const mandate = z.object({
  id: z.uuid(),
  status: mandateStatus,
  /** The payer: the wallet charged. */
  fromUserId: userId,
  /** The platform client the payer granted the mandate to. */
  clientId: z.string(),
  amount: coinValue.describe('Coins charged each period'),
  maxPerPeriod: coinValue.describe('The most one period may be charged'),
  period: mandatePeriod,
  reason: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime.nullable(),
  /** The index of the next period to pay (0: the period starting at startsAt). */
  nextPeriod: z.number().int().nonnegative(),
  /** When the ledger next charges it; null once it charges no more. */
  nextChargeAt: isoDateTime.nullable(),
  /** Failed attempts to charge `nextPeriod` so far. */
  failedAttempts: z.number().int().nonnegative(),
  /**
   * Who cancelled it: the payer (`user`), the platform (`client`) or an ADMIN+ acting for the payer
   * (`admin`, named with the reason in the admin audit log); null unless CANCELLED.
   */
  cancelledBy: z.enum(['user', 'client', 'admin']).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Mandate = z.infer<typeof mandate>;

const charge = z.object({ period: z.number().int().nonnegative(), amount: coinValue, transactionId: z.number().int().positive() });
const failure = z.object({ period: z.number().int().nonnegative(), attempt: z.number().int().nonnegative(), detail: z.string() });

export const mandateGranted = eventSchema('coin.mandate.granted', { mandate });
export const mandateCharged = eventSchema('coin.mandate.charged', { mandate, charge });
export const mandateChargeFailed = eventSchema('coin.mandate.charge-failed', { mandate, failure });
export const mandatePastDue = eventSchema('coin.mandate.past-due', { mandate, failure });
export const mandateCancelled = eventSchema('coin.mandate.cancelled', { mandate });
export const mandateEnded = eventSchema('coin.mandate.ended', { mandate });

/** Every event type of coin.mandates, discriminated by `type`. */
export const coinMandateEvent = z.discriminatedUnion('type', [
  mandateGranted,
  mandateCharged,
  mandateChargeFailed,
  mandatePastDue,
  mandateCancelled,
  mandateEnded,
]);
export type CoinMandateEvent = z.infer<typeof coinMandateEvent>;
export const coinMandateEventTypes = coinMandateEvent.options.map((o) => o.shape.type.value);
