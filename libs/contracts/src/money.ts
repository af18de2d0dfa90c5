import { z } from 'zod';

/** 1 coin = 100 minor units; the ledger stores and computes only integer minor units. */
export const minorUnitsPerCoin = 100;
/** docs/CONTRACT.md "Amounts": the largest amount a single operation may move, in coins. */
export const amountCoinsMax = 1_000_000_000;
const fractionDigitsMax = 2;

/**
 * Converts a JSON number of coins to integer minor units, or returns null when the value is not
 * a valid amount (docs/CONTRACT.md "Amounts"): not finite, not > 0, more than 2 decimals, or above the maximum.
 * The check works on the shortest decimal form of the double (what JSON.stringify prints), so
 * 0.1 + 0.2 style artefacts and exponent forms are rejected instead of rounded.
 *
 * A double alone cannot say what was written: 0.0100000000000000001 parses to the same double
 * as 0.01. docs/CONTRACT.md "Amounts" judges the exact JSON text, so the gateway's body parser
 * (services/gateway/src/plugins/json-body.ts) hands a number over only when the text is the
 * very decimal this shortest form shows; past it, this function sees the text's decimal.
 */
export function coinsToMinorUnits(coins: unknown): number | null {
  if (typeof coins !== 'number' || !Number.isFinite(coins) || !(coins > 0) || coins > amountCoinsMax) return null;
  const text = String(coins);
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(fractionDigitsMax, '0'));
  return whole * minorUnitsPerCoin + fraction;
}

/** Minor units to the JSON number of coins the API shows (exact for 2 decimals). */
export function minorUnitsToCoins(minor: number): number {
  return minor / minorUnitsPerCoin;
}

/**
 * Coins written as decimal text (a query string's amount) to integer minor units, by digits alone:
 * no double ever holds the value. The text must already match `coinQuery`'s pattern.
 */
export function coinTextToMinorUnits(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * minorUnitsPerCoin + Number(fraction.padEnd(fractionDigitsMax, '0'));
}

/** An amount in a query string (a search's filter): coins, at most 2 decimals, at most the largest amount. */
export const coinQuery = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,9})(\.[0-9]{1,2})?$/, 'must be coins: digits, then at most 2 decimals')
  .refine((text) => coinTextToMinorUnits(text) <= amountCoinsMax * minorUnitsPerCoin, {
    message: `must be at most ${amountCoinsMax.toLocaleString('en-US')}`,
  });

/** An amount in an HTTP body: a JSON number of coins, validated by docs/CONTRACT.md "Amounts". */
export const coinAmount = z
  .number()
  .refine((value) => coinsToMinorUnits(value) !== null, {
    message: `must be a number > 0 with at most ${fractionDigitsMax} decimals and at most ${amountCoinsMax.toLocaleString('en-US')}`,
  })
  .describe('Coins, > 0, at most 2 decimals, at most 1,000,000,000')
  // The refinement's bounds as the document states them (z.toJSONSchema cannot see into a
  // refinement); the refinement stays the rule, judged on the exact JSON text.
  .meta({ exclusiveMinimum: 0, maximum: amountCoinsMax, multipleOf: 1 / minorUnitsPerCoin });

/** An amount inside Kafka messages and the ledger: integer minor units. */
export const minorUnits = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export const positiveMinorUnits = z
  .number()
  .int()
  .positive()
  .max(amountCoinsMax * minorUnitsPerCoin);

/** A balance or total in a response, in coins (defined with the events in @coin/events). */
export { coinValue } from '@coin/events';

/**
 * XAF display value (docs/CONTRACT.md "Amounts"): balance × rate, rounded half-even to an integer because XAF has
 * no minor unit. Computed on minor units and a rate string to stay exact for typical rates.
 */
export function xafValueOf(balanceMinor: number, rate: number): number {
  const exact = (balanceMinor * rate) / minorUnitsPerCoin;
  const floor = Math.floor(exact);
  const diff = exact - floor;
  const epsilon = 1e-9;
  if (Math.abs(diff - 0.5) < epsilon) return floor % 2 === 0 ? floor : floor + 1;
  return Math.round(exact);
}
