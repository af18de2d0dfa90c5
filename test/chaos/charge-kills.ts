/**
 * The kill log of the bank test's ledger (./ledger-charge-killer.ts): one JSON line per time it
 * SIGKILLed itself right after committing a mandate charge.
 */
import { existsSync, readFileSync } from 'node:fs';

/** One line of the kill log. */
export interface ChargeKill {
  pid: number;
  at: string;
  charges: Array<{ mandateId: string; period: number; transactionId: number }>;
}

/** The kills a run's ledger made, from its log (none when it has none). */
export function chargeKillsOf(logFile: string): ChargeKill[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ChargeKill);
}

/** The charges an apply committed: the fresh (not replayed) answers of charge commands that charged. */
export function chargesIn(outcomes: ReadonlyArray<{ ok: boolean; reply: unknown; replayed?: true }>): ChargeKill['charges'] {
  return outcomes.flatMap((o) => {
    const reply = o.reply as { charged?: boolean; transactionId?: number; mandate?: { id: string; nextPeriod: number } } | null;
    if (!o.ok || o.replayed || reply?.charged !== true || !reply.mandate || typeof reply.transactionId !== 'number') return [];
    // The reply shows the mandate after the charge: the period paid is the one before its next.
    return [{ mandateId: reply.mandate.id, period: reply.mandate.nextPeriod - 1, transactionId: reply.transactionId }];
  });
}
