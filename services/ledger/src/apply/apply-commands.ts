import type { LedgerCommand } from '@coin/contracts';
import { applyBatch, type AppliedBatch, type ApplyContext } from './apply-batch';
import { LostRaceError, type LedgerStore } from './store';

/**
 * The ledger's use case as its adapter calls it: apply a batch of commands (apply-batch.ts) and
 * redo it from a fresh read when its write lost a race (LostRaceError: the store proved that
 * another writer changed what the batch read). With one consumer per partition that never
 * happens; a zombie consumer during a rebalance can make it happen a few times.
 */

export interface RedoPolicy {
  /** How often one batch is applied before its lost race is thrown (5 when absent). */
  attemptsMax?: number;
  /** Told of each lost race that is redone (the adapter logs it). */
  onLostRace?: (err: LostRaceError, attempt: number) => void;
}

const defaultAttemptsMax = 5;

/**
 * Applies the batch, redoing it from fresh state after each lost race. Still racing after every
 * attempt: the lost race (a serialization failure, 40001) is thrown, so the consumer retries the
 * batch, which comes back from Kafka; any other error is thrown at once.
 */
export async function applyCommands(
  store: LedgerStore,
  commands: LedgerCommand[],
  context: ApplyContext,
  redo: RedoPolicy = {},
): Promise<AppliedBatch> {
  const attemptsMax = redo.attemptsMax ?? defaultAttemptsMax;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyBatch(store, commands, context);
    } catch (err) {
      if (!(err instanceof LostRaceError) || attempt >= attemptsMax) throw err;
      redo.onLostRace?.(err, attempt);
    }
  }
}
