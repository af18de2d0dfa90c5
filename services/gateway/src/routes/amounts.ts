import { coinsToMinorUnits } from '@coin/contracts';

/** Amounts were validated by the body schema; here they become the ledger's minor units. */
export function minor(coins: number): number {
  const units = coinsToMinorUnits(coins);
  if (units === null) throw new Error('amount passed validation but is not convertible');
  return units;
}
