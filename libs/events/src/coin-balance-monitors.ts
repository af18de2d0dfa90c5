import { z } from 'zod';
import { balanceWallet } from './coin-balances';
import { eventSchema } from './envelope';
import { coinValue, transactionType } from './primitives';

/**
 * The topic (before any deployment prefix) of the balance monitors' crossings. The record key is
 * the wallet key (`user:<id>` or `treasury:<CODE>`), so one wallet's crossings stay in order on
 * one partition.
 */
export const coinBalanceMonitorsTopic = 'coin.balance-monitors';

/** Which way a monitor watches: `down` fires on ≥ threshold → < threshold, `up` on < → ≥, `both` on either. */
export const monitorDirections = ['down', 'up', 'both'] as const;
export const monitorDirection = z.enum(monitorDirections);
export type MonitorDirection = z.infer<typeof monitorDirection>;

/** The way one crossing went (a `both` monitor fires `down` or `up`). */
export const crossingDirections = ['down', 'up'] as const;
export const crossingDirection = z.enum(crossingDirections);
export type CrossingDirection = z.infer<typeof crossingDirection>;

/**
 * One balance change that took a wallet's balance across a monitor's threshold, published by the
 * webhooks service (docs/DESIGN.md "Balance monitors"). Decided from one `coin.balance.changed`
 * alone (`previousBalance` against `balance`), so a crossing fires once: `eventId` is derived from
 * the monitor and the balance event's id, and a redelivered balance event fires nothing new.
 * Amounts in coins (2 decimals).
 */
export const balanceMonitorCrossed = eventSchema('coin.balance-monitor.crossed', {
  monitorId: z.uuid(),
  wallet: balanceWallet,
  threshold: coinValue.describe('The monitor threshold (coins, 2 decimals)'),
  direction: crossingDirection.describe('down: from at or above the threshold to below it; up: from below to at or above'),
  balance: coinValue.describe('The wallet balance after the change (coins, 2 decimals)'),
  previousBalance: coinValue.describe('The wallet balance before the change (coins, 2 decimals)'),
  transactionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  transactionType,
  /** The `sequence` of the wallet's balance change that crossed. */
  sequence: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type BalanceMonitorCrossed = z.infer<typeof balanceMonitorCrossed>;

/** Every event type of coin.balance-monitors, discriminated by `type`. */
export const coinBalanceMonitorEvent = z.discriminatedUnion('type', [balanceMonitorCrossed]);
export type CoinBalanceMonitorEvent = z.infer<typeof coinBalanceMonitorEvent>;
export const coinBalanceMonitorEventTypes = coinBalanceMonitorEvent.options.map((o) => o.shape.type.value);
