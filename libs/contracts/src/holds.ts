import { z } from 'zod';
import { coinAmount, coinValue } from './money';
import { isoDateTime, metadata, role, singleLineText, treasuryCode, userId, userIdParam, uuidInput } from './common';
import { historyPaging, queryInt } from './history';
import { withCursorParam, withPageLinks } from './paging';
import { holdExpirySecondsMax, reasonText, transaction, wallet } from './ledger';
import { platformClientId } from './user';
import { hold, holdStatus } from '@coin/events';
import { problem } from './problem';
import { uuidV5 } from '@coin/security';

// The Hold and the events on coin.holds live in @coin/events (libs/events).
export {
  hold,
  type Hold,
  holdStatus,
  holdStatuses,
  type HoldStatus,
  coinHoldEvent,
  type CoinHoldEvent,
  coinHoldEventTypes,
  holdCreated,
  holdCaptured,
  holdVoided,
  holdExpired,
} from '@coin/events';

// ---- HTTP bodies (gateway) ----

/** POST /api/coins/holds: the payer is the caller. Exactly one of toUserId, toTreasury. */
export const createHoldBody = z
  .strictObject({
    toUserId: userId.optional(),
    toTreasury: treasuryCode.optional(),
    amount: coinAmount,
    reason: reasonText,
    reference: singleLineText(1, 100).optional().describe("The caller's own reference (an order number)"),
    expiresInSeconds: z
      .number()
      .int()
      .min(1)
      .max(holdExpirySecondsMax)
      .optional()
      .describe(`Seconds until the hold is released by itself; default 7 days, at most ${holdExpirySecondsMax} (30 days)`),
    settlerClientId: platformClientId
      .optional()
      .describe(
        'The platform client that may capture or void the hold (the escrow or marketplace the payer trusts), and no other client; an ADMIN+ may then only void it. Without it, a hold paying a user is settled by no platform client (an ADMIN+ may), and one paying a treasury by the clients granted that treasury',
      ),
  })
  .superRefine((value, ctx) => {
    if ((value.toUserId === undefined) === (value.toTreasury === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['toUserId'], message: 'exactly one of toUserId, toTreasury is required' });
    }
  })
  .meta({ oneOf: [{ required: ['toUserId'] }, { required: ['toTreasury'] }] });

/** POST /api/coins/holds/{id}/capture: without an amount the whole hold is taken. */
export const captureHoldBody = z.strictObject({
  amount: coinAmount.optional().describe('Coins to take, at most the held amount; the rest is released. Default: all of it'),
  metadata: metadata.optional(),
});

/**
 * A hold's id names its payer (docs/CONTRACT.md "Holds, limits and approvals", docs/decisions/0005):
 * a UUIDv8 (RFC 9562)
 * `xxxxxxxx-xxxx-8xxx-8Rpp-pppppppppppp`, where the fourth group starts with `8` (the variant and
 * this layout), the 14 digits `p` are the payer's user id in hexadecimal, and the 16 digits `x`
 * and `R` are random. A capture or void is sent to the payer's partition from the id alone; the
 * ledger checks that the id's payer is the command's and the stored hold's. Ids issued before
 * (UUIDv5) name no payer.
 */
const payerHoldId = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/;

/** The payer a hold id names, or null when it names none (an id issued before, or not a hold's). */
export function payerOfHoldId(id: string): number | null {
  const lower = id.toLowerCase();
  if (!payerHoldId.test(lower)) return null;
  const payer = Number.parseInt(lower.slice(21, 23) + lower.slice(24), 16);
  return payer >= 1 && payer <= Number.MAX_SAFE_INTEGER ? payer : null;
}

/**
 * The id of a hold of `payer`, its random digits taken from `seed` (32 hexadecimal digits, e.g. a
 * hash the ledger derives from the command id and the gateway's nonce: 64 of its bits are used).
 */
export function holdIdNamingPayer(payer: number, seed: string): string {
  if (!Number.isSafeInteger(payer) || payer < 1) throw new RangeError(`a hold's payer must be a user id, not ${payer}`);
  if (!/^[0-9a-f]{32}$/.test(seed)) throw new RangeError('a hold id seed must be 32 lowercase hexadecimal digits');
  const p = payer.toString(16).padStart(14, '0');
  return `${seed.slice(0, 8)}-${seed.slice(8, 12)}-8${seed.slice(12, 15)}-8${seed[15]}${p.slice(0, 2)}-${p.slice(2)}`;
}

/**
 * A hold id in a path: any UUID (ids issued before name no payer), but one of the payer-naming
 * layout (version 8) must name a user id.
 */
export const holdIdInput = uuidInput
  .refine((id) => id[14] !== '8' || payerOfHoldId(id) !== null, {
    message: 'a hold id of version 8 must name its payer (a user id from 1 to 2^53 - 1)',
  })
  .describe(
    "The hold's id: a UUIDv8 whose last 14 hexadecimal digits are its payer's user id (xxxxxxxx-xxxx-8xxx-8Rpp-pppppppppppp), or a UUIDv5 issued before",
  );

export const holdIdParam = z.strictObject({ id: holdIdInput });

/**
 * A hold as the ledger's internal API shows it to the gateway: the Hold and who may settle it (the
 * platform client its payer named, or null), which the gateway judges capture and void by.
 */
export const internalHold = hold.extend({ settlerClientId: z.string().nullable() });
export type InternalHold = z.infer<typeof internalHold>;

/** A hold operation's 201/200: the hold and the payer's wallet after it (capture: the transaction too). */
export const holdResult = z.object({ hold, wallet });

// ---- Bulk capture and void (docs/CONTRACT.md "Holds, limits and approvals") ----
/**
 * The command id of the hold at `index` of a bulk capture or void whose own id (its
 * Idempotency-Key's) is `bulkCommandId`: the same call sent again names the same commands.
 */
export function bulkItemCommandId(bulkCommandId: string, index: number): string {
  return uuidV5(`bulk:${bulkCommandId}:${index}`);
}

/** The most holds one bulk capture or void takes: past it, 422 HOLDS_BULK_LIMIT and nothing is sent. */
export const holdsPerBulkMax = 500;
/**
 * The list of a bulk call: each id at most once. Its length is not bounded here (the body limit
 * does) so that a list past `holdsPerBulkMax` gets its own code, HOLDS_BULK_LIMIT, not a 400.
 */
const bulkHoldList = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1).describe(`The holds, 1 to ${holdsPerBulkMax} (more: 422 HOLDS_BULK_LIMIT), each id once (twice: 400, nothing sent)`);
export const bulkCaptureBody = z.strictObject({
  holds: bulkHoldList(
    z.strictObject({
      id: holdIdInput,
      amount: coinAmount.optional().describe('Coins to take, at most the held amount; the rest is released. Default: all of it'),
      metadata: metadata.optional(),
    }),
  ),
});
export const bulkVoidBody = z.strictObject({ holds: bulkHoldList(z.strictObject({ id: holdIdInput })) });
/** One hold's result in a bulk call: applied (the single call's answer) or its problem, in the order sent. */
export const bulkHoldItem = <R extends z.ZodType>(result: R) =>
  z.union([
    z.object({ id: z.string(), status: z.number().int(), result }),
    z.object({ id: z.string(), status: z.number().int(), problem }),
  ]);
export type HoldResult = z.infer<typeof holdResult>;
export const captureResult = z.object({ hold, transaction, wallet });
export type CaptureResult = z.infer<typeof captureResult>;

export const holdPaging = { limitDefault: 20, limitMax: 100 } as const;

/** GET /api/wallets/me/holds */
export const myHoldsQuery = z.strictObject({
  status: holdStatus.optional(),
  limit: queryInt(1, holdPaging.limitMax, holdPaging.limitDefault),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});
/** GET /api/admin/holds */
export const adminHoldsQuery = myHoldsQuery.extend({ userId: userIdParam.optional() });

export const holdPage = z.object({
  holds: z.array(hold),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
export type HoldPage = z.infer<typeof holdPage>;
/** The public API's forms of the hold lists (the ledger's internal routes keep the ones above). */
export const myHoldsPublicQuery = withCursorParam(myHoldsQuery, 'offset');
export const adminHoldsPublicQuery = withCursorParam(adminHoldsQuery, 'offset');
export const holdPublicPage = withPageLinks(holdPage);

// ---- Spending limits ----

/** A limit amount in an HTTP body: 0 (nothing may go out) or a valid coin amount. */
const limitAmount = z.union([z.literal(0), coinAmount]);

/**
 * PUT /api/admin/users/{id}/limits: the user's own limits, replacing the role's defaults field by
 * field. A number is the limit, null is "no limit", an absent field keeps the role's default; {}
 * goes back to the defaults entirely.
 */
export const limitsBody = z.strictObject({
  dailyAmount: limitAmount.nullable().optional().describe('Coins that may go out per rolling 24 hours'),
  dailyCount: z.number().int().min(0).max(1_000_000_000).nullable().optional().describe('Debits per rolling 24 hours'),
  singleAmount: limitAmount.nullable().optional().describe('Coins one debit may move'),
});
export type LimitsBody = z.infer<typeof limitsBody>;

/** Limits as shown, in coins and counts; null = no limit. */
export const limitValues = z.object({
  dailyAmount: coinValue.nullable(),
  dailyCount: z.number().int().nullable(),
  singleAmount: coinValue.nullable(),
});

export const spendingLimits = z.object({
  userId,
  role,
  /** What the ledger enforces: the overrides over the role's defaults. */
  limits: limitValues,
  defaults: limitValues,
  overrides: limitValues.partial(),
  usage: z.object({
    amount: coinValue.describe('Coins gone out in the rolling window'),
    count: z.number().int().describe('Debits counted in the rolling window'),
    windowHours: z.literal(24),
  }),
  resetsAt: isoDateTime.nullable().describe('When the oldest counted debit leaves the window; null when nothing is counted'),
});
export type SpendingLimits = z.infer<typeof spendingLimits>;

/**
 * `POST /api/sandbox/holds` (docs/decisions/0018-sandbox.md "Holds in the sandbox"): a test-mode
 * client reserves test coins of any sandbox wallet (`fromUserId`) and is the hold's settler, so
 * its test clock decides when the hold expires. The sandbox ledger alone applies it.
 */
export const sandboxHoldBody = z
  .strictObject({
    fromUserId: userId,
    toUserId: userId.optional(),
    toTreasury: treasuryCode.optional(),
    amount: coinAmount,
    reason: reasonText,
    expiresInSeconds: z.number().int().min(1).max(holdExpirySecondsMax).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.toUserId === undefined) === (value.toTreasury === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['toUserId'], message: 'exactly one of toUserId, toTreasury is required' });
    }
  })
  .meta({ oneOf: [{ required: ['toUserId'] }, { required: ['toTreasury'] }] });
