import { z } from 'zod';

/*
 * The value types the event payloads are made of. They live here, in the published package,
 * because a consumer must be able to install the contract without the monorepo; @coin/contracts
 * re-exports them, so the HTTP API and the events share one definition of each.
 */

/** An ISO 8601 date-time with an offset (`Z` or `±hh:mm`). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A user id: a positive integer a JSON number carries exactly (at most 2^53−1). */
export const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const roles = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const treasuryCodes = ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'] as const;
export const treasuryCode = z.enum(treasuryCodes);
export type TreasuryCode = z.infer<typeof treasuryCode>;

/** An amount, balance or total as shown to callers: coins with at most 2 decimals. */
export const coinValue = z.number().describe('Coins (2 decimals)');

/**
 * Names a plain object answers from its prototype (`constructor`, `toString`, `__proto__`, …).
 * An id is a key of the services' lookups (commission rules, grants), so no id may be one: the
 * lookups are by own key too (scripts/lint/prototype-lookups.ts), this refuses them at the edge.
 */
const prototypeNames: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A platform client's id (docs/CONTRACT.md "Platform clients"): letters, digits, `_` and `-`, and no name of Object.prototype. */
export const platformClientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a platform client id (letters, digits, _ and -)')
  .refine((id) => !prototypeNames.has(id), "must not be a name of a plain object's prototype (constructor, __proto__, toString, …)");

export const transactionTypes = ['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const;
export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;

/**
 * Key-value metadata a caller attaches to a money request, stored with its transaction
 * (docs/CONTRACT.md "Metadata"). Bounded like Stripe's: the limits keep a transaction row, its
 * event and its webhook far from any size limit, and keys simple enough to name in a query string.
 */
export const metadataLimits = {
  /** Keys per transaction. */
  keysMax: 20,
  /** Characters of a key: letters, digits, `_`, `.` and `-`. */
  keyCharsMax: 40,
  /** UTF-16 units of a value. */
  valueCharsMax: 500,
} as const;

/** A metadata key: 1–40 of [A-Za-z0-9_.-], so it reads the same in a URL, JSON and a CSV header. */
export const metadataKeyPattern = /^[A-Za-z0-9_.-]{1,40}$/;
/**
 * A metadata value: one line without control characters (C0, DEL, C1) or lone surrogates, the
 * rule every single-line text of the API follows (@coin/contracts `singleLinePattern`).
 */
const surrogatePair = String.raw`[\ud800-\udbff][\udc00-\udfff]`;
export const metadataValuePattern = new RegExp(String.raw`^(?:[^\x00-\x1f\x7f-\x9f\ud800-\udfff]|${surrogatePair})*$`);

export const metadataValue = z
  .string()
  .max(metadataLimits.valueCharsMax)
  .regex(metadataValuePattern, 'must not contain control characters or lone surrogates')
  .meta({ pattern: String.raw`^[^\x00-\x1f\x7f-\x9f]*$` });

/**
 * A key of metadata. A `__proto__` key never reaches it: the gateway's body parser refuses it
 * (MALFORMED_JSON), and zod leaves it out of a parsed record, so a command put on the topic by hand
 * cannot set a prototype either.
 */
const metadataKey = z.string().regex(metadataKeyPattern, 'keys are 1-40 of A-Z, a-z, 0-9, _, . and -');

/** The metadata of a money request and its transaction. */
export const metadata = z
  .record(metadataKey, metadataValue)
  .refine((value) => Object.keys(value).length <= metadataLimits.keysMax, {
    message: `at most ${metadataLimits.keysMax} keys`,
  })
  .meta({ maxProperties: metadataLimits.keysMax, propertyNames: { pattern: metadataKeyPattern.source } })
  .describe(
    `Key-value metadata: at most ${metadataLimits.keysMax} keys of 1-${metadataLimits.keyCharsMax} characters [A-Za-z0-9_.-], ` +
      `string values of at most ${metadataLimits.valueCharsMax} characters without control characters`,
  );
export type Metadata = z.infer<typeof metadata>;
