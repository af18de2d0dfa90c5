import { balanceWallet, monitorDirection, platformClientId, role, treasuryCode, userId } from '@coin/events';
import { z } from 'zod';
import { uuidInput } from './common';
import { amountCoinsMax, coinsToMinorUnits, minorUnitsPerCoin } from './money';

/**
 * Balance monitors (docs/DESIGN.md "Balance monitors"): the shapes of the gateway's ADMIN+ routes
 * and of the webhooks service's internal API behind them.
 */

/** A threshold: coins, ≥ 0, at most 2 decimals (0 watches a balance going negative or back). */
export const monitorThreshold = z
  .number()
  .refine((value) => value === 0 || coinsToMinorUnits(value) !== null, {
    message: `must be a number >= 0 with at most 2 decimals and at most ${amountCoinsMax.toLocaleString('en-US')}`,
  })
  .describe('Coins, >= 0, at most 2 decimals, at most 1,000,000,000')
  .meta({ minimum: 0, maximum: amountCoinsMax, multipleOf: 1 / minorUnitsPerCoin });

/** The threshold in minor units (validated by monitorThreshold first). */
export function thresholdMinorOf(coins: number): number {
  return coins === 0 ? 0 : (coinsToMinorUnits(coins) as number);
}

/** The wallet a monitor watches: a treasury, or a user's wallet. */
export const monitorWalletInput = z.union([
  z.strictObject({ treasury: treasuryCode.describe('A treasury code') }),
  z.strictObject({ userId: userId.describe("A user id: that user's wallet") }),
]);

export const createBalanceMonitorBody = z.strictObject({
  wallet: monitorWalletInput,
  threshold: monitorThreshold,
  direction: monitorDirection.describe(
    'down: fires when the balance goes from >= threshold to < threshold; up: from < to >=; both: either',
  ),
  enabled: z.boolean().default(true).describe('A disabled monitor fires nothing'),
});
export type CreateBalanceMonitorBody = z.infer<typeof createBalanceMonitorBody>;

/** Who asks, as the gateway verified it (an ADMIN+ user): the admin audit record names them. */
export const balanceMonitorActor = z.object({
  kind: z.literal('user'),
  id: z.string().min(1).max(100),
  role,
});

/** Who asks and the gateway's request id, for the audit record of a change. */
const askedBy = { actor: balanceMonitorActor, requestId: z.string().max(200).nullable() };

/** What the internal API is told besides the body: the monitor's id (from the idempotency key) and who asks. */
export const createBalanceMonitorInternalBody = createBalanceMonitorBody.extend({
  id: z.uuid().describe("The monitor's id, from the request's idempotency key: a retried request answers the same monitor"),
  createdBy: userId,
  ...askedBy,
});

export const balanceMonitorIdParams = z.object({ id: uuidInput });
export const deleteBalanceMonitorInternalBody = z.strictObject({ id: uuidInput, ...askedBy });

export const balanceMonitor = z.object({
  id: z.uuid(),
  wallet: balanceWallet,
  threshold: z.number().describe('Coins (2 decimals)'),
  direction: monitorDirection,
  enabled: z.boolean(),
  createdBy: userId.describe('The ADMIN or SUPERADMIN who created it'),
  createdAt: z.iso.datetime(),
  lastCrossedAt: z.iso.datetime().nullable().describe('When it last fired; null if never'),
});
export type BalanceMonitor = z.infer<typeof balanceMonitor>;

/** How many live monitors one platform client may keep (its own, on the treasuries it was granted). */
export const clientBalanceMonitorsMax = 20;

/** POST /api/platform/balance-monitors: a treasury the client was granted, as an ADMIN+'s monitor takes it. */
export const createClientBalanceMonitorBody = createBalanceMonitorBody.extend({
  wallet: z.strictObject({ treasury: treasuryCode.describe('A treasury code this client was granted') }),
});

/** A platform client's own monitor: its crossings go to that client's endpoints and events alone. */
export const clientBalanceMonitor = balanceMonitor.omit({ createdBy: true }).extend({
  clientId: platformClientId.describe('The platform client that set it'),
});
export type ClientBalanceMonitor = z.infer<typeof clientBalanceMonitor>;
export const clientBalanceMonitorList = z.object({
  monitors: z.array(clientBalanceMonitor).describe(`Oldest first, at most ${clientBalanceMonitorsMax}`),
});

/** What the internal API is told of a client's monitor: its id (from the idempotency key), the client, and the request id. */
export const createClientBalanceMonitorInternalBody = createClientBalanceMonitorBody.extend({
  id: z.uuid(),
  clientId: platformClientId,
  requestId: z.string().max(200).nullable(),
});
export const clientBalanceMonitorParams = z.object({ clientId: platformClientId, id: uuidInput });
export const clientMonitorsParams = z.object({ clientId: platformClientId });
export const deleteClientBalanceMonitorInternalBody = z.strictObject({
  clientId: platformClientId,
  id: uuidInput,
  requestId: z.string().max(200).nullable(),
});

export const balanceMonitorList = z.object({
  monitors: z.array(balanceMonitor).describe("The ADMIN+'s monitors"),
  clientMonitors: z
    .array(clientBalanceMonitor)
    .describe("The platform clients' own monitors, each on a treasury its client was granted (delivered to that client alone)"),
});
