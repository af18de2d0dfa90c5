import { z } from 'zod';
import { coinAmount } from './money';
import { isoDateTime, userIdParam } from './common';
import { historyPaging, queryInt } from './history';
import { withCursorParam, withPageLinks } from './paging';
import { reasonText } from './ledger';
import { payerOfHoldId } from './holds';
import { platformClientId } from './user';
import { mandate, mandatePeriod, mandateStatus } from '@coin/events';

// The Mandate and the events on coin.mandates live in @coin/events (libs/events).
export {
  mandate,
  type Mandate,
  mandatePeriod,
  mandatePeriods,
  type MandatePeriod,
  mandateStatus,
  mandateStatuses,
  type MandateStatus,
  coinMandateEvent,
  type CoinMandateEvent,
  coinMandateEventTypes,
} from '@coin/events';

/**
 * A mandate's id names its payer in a hold id's layout (docs/decisions/0005): a capture-like
 * command about it (cancel) is routed to the payer's partition from the id alone.
 */
export const payerOfMandateId = payerOfHoldId;

/** POST /api/wallets/me/mandates: the payer is the caller. */
export const grantMandateBody = z
  .strictObject({
    clientId: platformClientId.describe('The platform client the mandate lets charge the wallet'),
    amount: coinAmount.describe('Coins charged each period'),
    maxPerPeriod: coinAmount.optional().describe('The most one period may be charged, at least amount; default: amount'),
    period: mandatePeriod.describe(
      'DAY, WEEK or MONTH (calendar month, UTC; a start on the 29th-31st is charged on the last day of shorter months)',
    ),
    startsAt: isoDateTime.describe('When the first period starts and is charged (at most a year ahead)'),
    endsAt: isoDateTime.optional().describe('After startsAt: no period starting at or after it is charged; absent: until cancelled'),
    reason: reasonText,
  })
  .superRefine((value, ctx) => {
    if (value.endsAt !== undefined && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' });
    }
    if (value.maxPerPeriod !== undefined && value.maxPerPeriod < value.amount) {
      ctx.addIssue({ code: 'custom', path: ['maxPerPeriod'], message: 'maxPerPeriod must be at least amount' });
    }
  });
export type GrantMandateBody = z.infer<typeof grantMandateBody>;

const hex = '[0-9a-fA-F]';
/** The last 14 hexadecimal digits of a payer-naming id as a user id from 1 to 2^53 − 1 (0x1f…f): not all zero, the first 0 or 1. */
const payerDigits = `(?:1${hex}-${hex}{12}|0[1-9a-fA-F]-${hex}{12}|00-(?:${Array.from({ length: 12 }, (_, k) => `0{${k}}[1-9a-fA-F]${hex}{${11 - k}}`).join('|')}))`;
/**
 * A mandate id in a path: version 8 naming its payer (mandates were never issued otherwise). The
 * pattern is exact, so that the OpenAPI document says which ids are well formed.
 */
export const mandateIdInput = z
  .string()
  .regex(new RegExp(`^${hex}{8}-${hex}{4}-8${hex}{3}-8${hex}${payerDigits}$`), { message: 'a mandate id names its payer (a UUIDv8)' })
  .overwrite((id) => id.toLowerCase())
  .refine((id) => payerOfMandateId(id) !== null, { message: 'a mandate id names its payer (a UUIDv8)' })
  .describe("The mandate's id: a UUIDv8 whose last 14 hexadecimal digits are its payer's user id (xxxxxxxx-xxxx-8xxx-8Rpp-pppppppppppp)");
export const mandateIdParam = z.strictObject({ id: mandateIdInput });

/** POST /api/admin/mandates/{id}/cancel: why an ADMIN+ cancels it for its payer (kept in the admin audit log). */
export const adminCancelMandateBody = z.strictObject({
  reason: reasonText.describe("Why the mandate is cancelled for its payer (the admin audit log's record keeps it)"),
});
export type AdminCancelMandateBody = z.infer<typeof adminCancelMandateBody>;

/** The mandate's 201/200 of grant and cancel. */
export const mandateResult = z.object({ mandate });
export type MandateResult = z.infer<typeof mandateResult>;

/** What the ledger answers a charge with: the mandate after it, and the transaction when coins moved. */
export const chargeMandateResult = z.object({
  mandate: mandate.nullable(),
  charged: z.boolean(),
  transactionId: z.number().int().positive().nullable(),
});

export const mandatePaging = { limitDefault: 20, limitMax: 100 } as const;

/** GET /api/wallets/me/mandates */
export const myMandatesQuery = z.strictObject({
  status: mandateStatus.optional(),
  limit: queryInt(1, mandatePaging.limitMax, mandatePaging.limitDefault),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});
/** GET /api/admin/mandates, and a platform's own (GET /api/platform/mandates) */
export const adminMandatesQuery = myMandatesQuery.extend({ userId: userIdParam.optional() });

export const mandatePage = z.object({
  mandates: z.array(mandate),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
export type MandatePage = z.infer<typeof mandatePage>;
/** The ledger's internal list: by payer, by platform client, by status. */
export const internalMandatesQuery = adminMandatesQuery.extend({ clientId: platformClientId.optional() });

/** The public API's forms of the mandate lists (the ledger's internal route keeps the ones above). */
export const myMandatesPublicQuery = withCursorParam(myMandatesQuery, 'offset');
export const adminMandatesPublicQuery = withCursorParam(adminMandatesQuery, 'offset');
export const mandatePublicPage = withPageLinks(mandatePage);
