import { z } from 'zod';
import { isoDateTime, role, roles, type Role, treasuryCode, treasuryCodes, type TreasuryCode, userId } from '@coin/events';

// The value types the published events use live in @coin/events (libs/events), the package other
// services install; re-exported here so the HTTP API and the events share one definition.
export { isoDateTime, role, roles, type Role, treasuryCode, treasuryCodes, type TreasuryCode, userId };
export { type Metadata, metadata, metadataLimits } from '@coin/events';

const roleRank: Record<Role, number> = { USER: 0, DEVELOPER: 1, ADMIN: 2, SUPERADMIN: 3 };
export function roleAtLeast(actual: Role, required: Role): boolean {
  return roleRank[actual] >= roleRank[required];
}

/**
 * The treasuries' display names (docs/CONTRACT.md "Treasuries"): the one home every view takes them from. Migration
 * 001 seeded the same names into `treasuries.name`, which nothing reads any more.
 */
export const treasuryNames: Readonly<Record<TreasuryCode, string>> = {
  COURSE_FEES: 'Course fees',
  SUBSCRIPTIONS: 'Subscriptions',
  REWARDS: 'Rewards',
  OPERATIONS: 'General operations',
};

/**
 * Emails are unique case-insensitively (docs/CONTRACT.md "Authentication and roles"); stored as given, compared normalised. The one
 * rule: the user service compares with it, and registrations are keyed by it (userPartitionKeyOf).
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What an API key may be used for (docs/CONTRACT.md "Authentication and roles"). */
export const apiKeyScopes = ['mint', 'burn', 'refund', 'reward'] as const;
export const apiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScopeName = z.infer<typeof apiKeyScope>;

/**
 * A regular expression (unanchored) for the decimal numbers `min`..`max` written without leading
 * zeros; `min` is 0 or 1. Exact, and in the syntax every JSON Schema tool compiles.
 */
export function decimalRangePattern(min: 0 | 1, max: number): string {
  const digits = String(max);
  const alternatives: string[] = min === 0 ? ['0'] : [];
  if (digits.length > 1) alternatives.push(digits.length === 2 ? '[1-9]' : `[1-9][0-9]{0,${digits.length - 2}}`);
  for (let i = 0; i < digits.length; i += 1) {
    const low = i === 0 ? 1 : 0;
    const high = Number(digits[i]) - 1;
    if (high < low) continue;
    const rest = digits.length - i - 1;
    alternatives.push(`${digits.slice(0, i)}[${low}-${high}]${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  alternatives.push(digits);
  return `(?:${alternatives.join('|')})`;
}

/**
 * A number written in a path or query string: the text must match `digits` exactly (so "1e3",
 * "0x10", " 5" or "1.0" are refused, never coerced), then `number` judges its range. Anything
 * else (another text, a repeated parameter's array) becomes NaN, which `number` refuses.
 *
 * The OpenAPI document states the same as a string pattern of exactly the accepted texts, range
 * included (`documented`): `type: integer` would not do, as JSON Schema counts 1.0 an integer.
 */
export function digitsParam(
  digits: RegExp,
  range: { min: 0 | 1; max: number; message?: string },
  documented: { leadingZeros?: boolean; maxLength?: number } = {},
) {
  const notInteger = range.message ?? 'must be an integer';
  const number = z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? notInteger : undefined) })
    .min(range.min, range.message)
    .max(range.max, range.max === Number.MAX_SAFE_INTEGER ? `must be at most ${range.max}` : undefined);
  const pattern = documented.leadingZeros
    ? `^0*${decimalRangePattern(1, range.max)}$${range.min === 0 ? '|^0+$' : ''}`
    : `^${decimalRangePattern(range.min, range.max)}$`;
  return z
    .preprocess((value) => (typeof value === 'string' && digits.test(value) ? Number(value) : Number.NaN), number)
    .meta({
      type: 'string',
      pattern: documented.leadingZeros ? `(?:${pattern})` : pattern,
      minimum: undefined,
      maximum: undefined,
      ...(documented.maxLength !== undefined ? { minLength: 1, maxLength: documented.maxLength } : {}),
    });
}

/**
 * An id in a path or query string: digits only (so "1e3", "0x10" or " 5" are 400s) and at most
 * 2^53−1, the largest integer a JSON number (a double) carries exactly. Above it "…993" would
 * silently become "…992" and address another row, or reach a service that refuses it later.
 */
export const positiveIdParam = digitsParam(/^[1-9][0-9]{0,15}$/, {
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  message: 'must be a positive integer',
}).describe(`positive integer, at most ${Number.MAX_SAFE_INTEGER}`);
/** Path parameter form of a user id. */
export const userIdParam = positiveIdParam;

/**
 * A UUID a caller gives (a path parameter, a command's reference to a hold, an approval, a key):
 * RFC 9562 §4 says UUIDs are case-insensitive on input, and this system writes them in lower
 * case, so one in upper or mixed case names the same row. Normalised here, at the one place every
 * request and command is parsed, so no lookup (a text column, a Redis key, a map) compares cases.
 */
export const uuidInput = z.uuid().overwrite((id) => id.toLowerCase());

/**
 * The random part of an id the gateway draws per request for a command that may create an object
 * with an id (a hold, an approval request, a deletion or grant request): 16 to 48 random bytes,
 * base64url. The id derives from it and the command id, so it cannot be computed from the actor
 * and the Idempotency-Key (docs/CONTRACT.md "Holds, limits and approvals"). A redelivery or a
 * keyed retry is answered from
 * the command's stored outcome, so it names the same object.
 */
export const idNonce = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be 128 to 384 random bits, base64url');

// ---- Text that enters the system ----
/*
 * Every text a caller gives passes one of two rules, in HTTP bodies, query strings and headers
 * as in the Kafka commands built from them (a message put on a topic by hand is refused by the
 * consumer's schema too):
 *  - no control characters (C0, DEL, C1): PostgreSQL refuses U+0000 outright, which once made
 *    a Kafka partition redeliver the same batch for ever; the others are terminal escapes and
 *    invisible text with no business in names, keys or references. Free text (a reason) may
 *    keep tab, line feed and carriage return;
 *  - no lone surrogates: encoded to UTF-8 they become U+FFFD, so what is stored would not be
 *    what was given (and two different keys could become the same).
 * The patterns are written so that they mean the same with and without the `u` flag (JSON
 * Schema tools differ): a code unit that is neither a control nor a surrogate, or a high
 * surrogate followed by a low one (a character outside the BMP, e.g. an emoji).
 */
const surrogatePair = String.raw`[\ud800-\udbff][\udc00-\udfff]`;
/** Text on one line: names, e-mails, references, keys, search terms, tokens. */
export const singleLinePattern = new RegExp(String.raw`^(?:[^\x00-\x1f\x7f-\x9f\ud800-\udfff]|${surrogatePair})*$`);
/** Free text (a reason): as single-line text, plus tab, line feed and carriage return. */
export const freeTextPattern = new RegExp(String.raw`^(?:[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]|${surrogatePair})*$`);

/*
 * The OpenAPI document states the same rules with patterns over code points, without the
 * surrogate half: the regex engines of JSON Schema tools (Rust's, Python's) refuse a pattern that
 * names surrogates, and their strings cannot hold a lone one anyway. The description says it.
 * Every string the patterns above accept, these accept too (contracts text.unit.test.ts).
 */
/** The single-line rule as the document states it. */
export const singleLineDocumentedPattern = String.raw`^[^\x00-\x1f\x7f-\x9f]*$`;
/**
 * The single-line rule of a trimmed text that must not be empty: at least one character that is
 * neither a control nor what String.prototype.trim removes (the spaces of ECMAScript's WhiteSpace
 * and LineTerminator outside the controls).
 */
export const trimmedSingleLineDocumentedPattern = String.raw`^[^\x00-\x1f\x7f-\x9f]*[^\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff][^\x00-\x1f\x7f-\x9f]*$`;
/** The free-text rule as the document states it. */
export const freeTextDocumentedPattern = String.raw`^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$`;

/** Text on one line, `min`..`max` UTF-16 units; `trim` drops surrounding spaces first. */
export function singleLineText(min: number, max: number, options: { trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return base
    .min(min)
    .max(max)
    .regex(singleLinePattern, 'must not contain control characters or lone surrogates')
    .meta({
      pattern: options.trim && min > 0 ? trimmedSingleLineDocumentedPattern : singleLineDocumentedPattern,
      description: `One line of text: no control characters, no lone surrogates${options.trim ? '; surrounding spaces are dropped' : ''}`,
    });
}

/** Free text, `min`..`max` UTF-16 units: tab and line breaks allowed, other controls and lone surrogates not. */
export function freeText(min: number, max: number) {
  return z
    .string()
    .min(min)
    .max(max)
    .regex(freeTextPattern, 'must not contain control characters other than tab and line breaks, nor lone surrogates')
    .meta({
      pattern: freeTextDocumentedPattern,
      description: 'Text: tab and line breaks allowed; no other control characters, no lone surrogates',
    });
}

/**
 * docs/CONTRACT.md "Idempotency": an Idempotency-Key is 1–255 printable ASCII characters. An HTTP header carries
 * bytes, not text: anything beyond ASCII would depend on how each hop decodes it.
 */
export const idempotencyKey = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'must be 1-255 printable ASCII characters')
  .describe('Makes a retry of this request safe: same key and body give the original answer');

/** Text the caller gives as the reason of a movement: data, stored as given (docs/CONTRACT.md "Transaction types": 1–500 characters). */
export const reasonText = freeText(1, 500);
/**
 * The format's own pattern already admits no control character nor anything outside ASCII. An
 * address must also be one mail can be delivered to (RFC 5321 §4.5.3.1): a local part of at most
 * 64 characters and domain labels of at most 63, as the `email` format of the document says
 * (JSON Schema validators check those limits; zod's pattern alone does not).
 */
export const email = z
  .email()
  .max(254)
  .refine(
    (address) => {
      const at = address.lastIndexOf('@');
      return (
        at <= 64 &&
        address
          .slice(at + 1)
          .split('.')
          .every((label) => label.length <= 63)
      );
    },
    { message: 'must have a local part of at most 64 characters and domain labels of at most 63 (RFC 5321)' },
  );
export const fullName = singleLineText(1, 200, { trim: true });
/**
 * Never stored (only its hash), but still text a person types: a control character or a lone
 * surrogate is a client's bug, and the latter would hash as U+FFFD, like another password.
 */
export const password = singleLineText(8, 128);

/** Who asked for a command; carried in every command so services can audit and authorise. */
export const actor = z.object({
  kind: z.enum(['user', 'system', 'service', 'operator']),
  id: singleLineText(1, 100),
  role: role.optional(),
});
export type Actor = z.infer<typeof actor>;
