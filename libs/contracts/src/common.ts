import { z } from 'zod';

export const roles = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

const roleRank: Record<Role, number> = { USER: 0, DEVELOPER: 1, ADMIN: 2, SUPERADMIN: 3 };
export function roleAtLeast(actual: Role, required: Role): boolean {
  return roleRank[actual] >= roleRank[required];
}

export const treasuryCodes = ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'] as const;
export const treasuryCode = z.enum(treasuryCodes);
export type TreasuryCode = z.infer<typeof treasuryCode>;
/**
 * The treasuries' display names (SPEC §2): the one home every view takes them from. Migration
 * 001 seeded the same names into `treasuries.name`, which nothing reads any more.
 */
export const treasuryNames: Readonly<Record<TreasuryCode, string>> = {
  COURSE_FEES: 'Course fees',
  SUBSCRIPTIONS: 'Subscriptions',
  REWARDS: 'Rewards',
  OPERATIONS: 'General operations',
};

/**
 * Emails are unique case-insensitively (SPEC §5); stored as given, compared normalised. The one
 * rule: the user service compares with it, and registrations are keyed by it (userPartitionKeyOf).
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What an API key may be used for (SPEC §5). */
export const apiKeyScopes = ['mint', 'burn', 'refund'] as const;
export const apiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScopeName = z.infer<typeof apiKeyScope>;

export const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * An id in a path or query string: digits only (so "1e3", "0x10" or " 5" are 400s) and at most
 * 2^53−1, the largest integer a JSON number (a double) carries exactly. Above it "…993" would
 * silently become "…992" and address another row, or reach a service that refuses it later.
 */
export const positiveIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer')
  .refine((text) => Number.isSafeInteger(Number(text)), { message: `must be at most ${Number.MAX_SAFE_INTEGER}` })
  .transform(Number)
  .describe(`positive integer, at most ${Number.MAX_SAFE_INTEGER}`);
/** Path parameter form of a user id. */
export const userIdParam = positiveIdParam;

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

/** Text on one line, `min`..`max` UTF-16 units; `trim` drops surrounding spaces first. */
export function singleLineText(min: number, max: number, options: { trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return base.min(min).max(max).regex(singleLinePattern, 'must not contain control characters or lone surrogates');
}

/** Free text, `min`..`max` UTF-16 units: tab and line breaks allowed, other controls and lone surrogates not. */
export function freeText(min: number, max: number) {
  return z
    .string()
    .min(min)
    .max(max)
    .regex(freeTextPattern, 'must not contain control characters other than tab and line breaks, nor lone surrogates');
}

/**
 * SPEC §4: an Idempotency-Key is 1–255 printable ASCII characters. An HTTP header carries
 * bytes, not text: anything beyond ASCII would depend on how each hop decodes it.
 */
export const idempotencyKey = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'must be 1-255 printable ASCII characters')
  .describe('Makes a retry of this request safe: same key and body give the original answer');

export const isoDateTime = z.iso.datetime({ offset: true });
/** Text the caller gives as the reason of a movement: data, stored as given (SPEC §3: 1–500 characters). */
export const reasonText = freeText(1, 500);
/** The format's own pattern already admits no control character nor anything outside ASCII. */
export const email = z.email().max(254);
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
