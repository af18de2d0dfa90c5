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

export const transactionTypes = ['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const;
export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;
